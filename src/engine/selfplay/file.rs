//! A file of self-play games: gzip around a line naming the format, a JSON line saying how the
//! games were made ([`GamesHeader`]), then the [`GameRecord`]s one after another.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;

use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use serde::{Deserialize, Serialize};

use super::record::GameRecord;

/// The first line of every games file.
const MAGIC: &str = "draughts-api games 1";

/// How a file's games were made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GamesHeader {
    /// The variant id.
    pub variant: String,
    /// How many games the file holds.
    pub games: u64,
    /// The depth each move was searched to.
    pub depth: u32,
    /// The depth each label was searched to (0: no labels).
    pub label_depth: u32,
    /// The random plies that open each game (at most).
    pub opening_plies: u32,
    /// The noise on root scores, in hundredths of a man.
    pub noise: i32,
    /// The seed of the run.
    pub seed: u64,
}

/// Writes `records` under `header` to `path`, through a temporary file renamed at the end, so
/// that a run stopped halfway leaves no partial file.
pub fn write_games(path: &Path, header: &GamesHeader, records: &[GameRecord]) -> Result<(), String> {
    let partial = path.with_extension("partial");
    let error = |e: std::io::Error| format!("{}: {e}", partial.display());
    let file = std::fs::File::create(&partial).map_err(error)?;
    let mut out = GzEncoder::new(std::io::BufWriter::new(file), Compression::best());
    let json = serde_json::to_string(header).map_err(|e| e.to_string())?;
    writeln!(out, "{MAGIC}\n{json}").map_err(error)?;
    let mut bytes = Vec::new();
    for record in records {
        record.encode(&mut bytes);
    }
    out.write_all(&bytes).map_err(error)?;
    out.finish().and_then(|mut writer| writer.flush()).map_err(error)?;
    std::fs::rename(&partial, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a games file: its header and every record, or what is wrong with it.
pub fn read_games(path: &Path) -> Result<(GamesHeader, Vec<GameRecord>), String> {
    let name = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("{name}: {e}"))?;
    let mut reader = BufReader::new(GzDecoder::new(file));
    let mut line = String::new();
    reader.read_line(&mut line).map_err(|e| format!("{name}: {e}"))?;
    if line.trim_end() != MAGIC {
        return Err(format!("{name}: not a games file (its first line is not {MAGIC:?})"));
    }
    line.clear();
    reader.read_line(&mut line).map_err(|e| format!("{name}: {e}"))?;
    let header: GamesHeader = serde_json::from_str(&line).map_err(|e| format!("{name}: header: {e}"))?;
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(|e| format!("{name}: {e}"))?;
    let mut rest = bytes.as_slice();
    let mut records = Vec::new();
    while !rest.is_empty() {
        let record = GameRecord::decode(&mut rest).map_err(|e| format!("{name}: game {}: {e}", records.len() + 1))?;
        records.push(record);
    }
    if records.len() as u64 != header.games {
        return Err(format!("{name}: {} games where the header says {}", records.len(), header.games));
    }
    Ok((header, records))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::selfplay::record::GameResult;

    #[test]
    fn a_file_reads_back_as_written_and_a_wrong_count_is_refused() {
        let dir = std::env::temp_dir().join(format!("draughts-games-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let path = dir.join("test.games.gz");
        let record =
            GameRecord { opening_plies: 2, result: GameResult::Draw, moves: vec![1, 2, 3], labels: vec![], check: 5 };
        let mut header = GamesHeader {
            variant: "english".into(),
            games: 2,
            depth: 6,
            label_depth: 0,
            opening_plies: 6,
            noise: 10,
            seed: 3,
        };
        write_games(&path, &header, &[record.clone(), record.clone()]).expect("written");
        assert_eq!(read_games(&path), Ok((header.clone(), vec![record.clone(), record.clone()])));

        header.games = 3;
        write_games(&path, &header, &[record.clone(), record]).expect("written");
        let error = read_games(&path).expect_err("a count the file does not hold");
        assert!(error.contains("2 games where the header says 3"), "{error}");
        std::fs::remove_dir_all(&dir).expect("removed");
    }
}
