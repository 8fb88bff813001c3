//! The committed self-play data (data/README.md): every games file replays exactly, position for
//! position and label for label, to what `data/selfplay/SUMMARY.txt` recorded when it was made,
//! every game to its recorded final position and result; and the folder stays within its size.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The size `data/` must stay within.
const DATA_LIMIT_BYTES: u64 = 80 * 1024 * 1024;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir`, recursively.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            found.push(path);
        }
    }
    found.sort();
    found
}

#[test]
fn every_games_file_replays_to_its_recorded_summary() {
    let summary = std::fs::read_to_string(root().join("data/selfplay/SUMMARY.txt")).expect("the summary");
    let games: Vec<String> = files(&root().join("data/selfplay"))
        .into_iter()
        .filter(|path| path.to_string_lossy().ends_with(".games.gz"))
        .map(|path| path.strip_prefix(root()).expect("under the root").to_string_lossy().into_owned())
        .collect();
    assert!(!games.is_empty(), "no games files under data/selfplay");
    let output = Command::new(env!("CARGO_BIN_EXE_draughts-api"))
        .current_dir(root())
        .arg("replay")
        .arg("--summary")
        .args(&games)
        .output()
        .expect("draughts-api ran");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8(output.stdout).expect("UTF-8"), summary);
}

#[test]
fn the_data_folder_stays_within_its_size() {
    let bytes: u64 = files(&root().join("data")).iter().map(|path| path.metadata().expect("metadata").len()).sum();
    assert!(bytes <= DATA_LIMIT_BYTES, "data/ holds {bytes} bytes, over {DATA_LIMIT_BYTES}");
}
