//! A slice's files: a header naming what the file holds ([`Kind`]), the variant and the slice,
//! then the payload, guarded by a checksum so that a wrong, truncated or damaged file is
//! refused rather than misread. The builder writes and reads its working files (one byte per
//! index, [`Kind::Codes`]) whole ([`read`]); the service maps the packed ones ([`map`]).
//!
//! Layout (little-endian): 8 bytes naming the kind (`DAPIEGTB`, `DAPIEWDL` or `DAPIEDTW`), the
//! format version (u32), the variant id (16 bytes, NUL-padded), the slice's counts (4 bytes:
//! own men, own kings, their men, their kings), the number of indexes (u64), the FNV-1a 64
//! checksum of the payload (u64), then the payload. Depends on nothing but the standard
//! library and the variant registry.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use super::blocks::Blocks;
use super::material::Material;
use crate::rules::Variant;

/// What a slice file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One byte per index ([`super::value`]): the builder's working file.
    Codes,
    /// Win, draw or loss of every position, in runs ([`super::wdl_runs`]).
    Wdl,
    /// Every position's one-byte code, in compressed blocks ([`super::distance_blocks`]).
    Distances,
}

impl Kind {
    const fn magic(self) -> &'static [u8; 8] {
        match self {
            Kind::Codes => b"DAPIEGTB",
            Kind::Wdl => b"DAPIEWDL",
            Kind::Distances => b"DAPIEDTW",
        }
    }

    /// The file of the slice `material` of this kind in `dir`, e.g. `1m2k-0m1k.wdl`.
    pub fn path(self, dir: &Path, material: Material) -> PathBuf {
        let extension = match self {
            Kind::Codes => "egtb",
            Kind::Wdl => "wdl",
            Kind::Distances => "dtw",
        };
        dir.join(format!("{}.{extension}", material.file_stem()))
    }
}

/// The format version this build writes and reads.
pub const VERSION: u32 = 1;
const HEADER_BYTES: usize = 8 + 4 + 16 + 4 + 8 + 8;

/// Why a slice file was refused.
#[derive(Debug)]
pub struct FileError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub kind: FileErrorKind,
}

/// What is wrong with a slice file.
#[derive(Debug)]
pub enum FileErrorKind {
    /// It could not be read or written.
    Io(std::io::Error),
    /// It does not start as an endgame file does.
    NotAnEndgameFile,
    /// It was written in another format version.
    Version(u32),
    /// It belongs to another variant or slice than its name says.
    Mismatch {
        /// What the header says.
        found: String,
        /// What was expected.
        expected: String,
    },
    /// It is shorter or longer than its header says.
    Length {
        /// Payload bytes present.
        found: u64,
        /// Payload bytes the header announces.
        expected: u64,
    },
    /// Its contents do not match the checksum in its header.
    Checksum,
    /// Its contents match the checksum but are not laid out as its kind is.
    Layout(String),
}

impl core::fmt::Display for FileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let path = self.path.display();
        match &self.kind {
            FileErrorKind::Io(e) => write!(f, "endgame file {path}: {e}"),
            FileErrorKind::NotAnEndgameFile => write!(f, "endgame file {path}: not an endgame database file"),
            FileErrorKind::Version(v) => {
                write!(f, "endgame file {path}: format version {v}, this build reads version {VERSION}")
            }
            FileErrorKind::Mismatch { found, expected } => {
                write!(f, "endgame file {path}: holds {found}, expected {expected}")
            }
            FileErrorKind::Length { found, expected } => {
                write!(f, "endgame file {path}: truncated or padded: {found} bytes of data, the header says {expected}")
            }
            FileErrorKind::Checksum => write!(f, "endgame file {path}: damaged: the checksum does not match"),
            FileErrorKind::Layout(why) => write!(f, "endgame file {path}: damaged: {why}"),
        }
    }
}

impl std::error::Error for FileError {}

/// FNV-1a, 64 bits.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

fn variant_bytes(variant: Variant) -> [u8; 16] {
    let mut out = [0u8; 16];
    let id = variant.id().as_bytes();
    out[..id.len()].copy_from_slice(id);
    out
}

fn header(kind: Kind, variant: Variant, material: Material, size: u64, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_BYTES);
    out.extend_from_slice(kind.magic());
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&variant_bytes(variant));
    out.extend_from_slice(&[material.own_men, material.own_kings, material.their_men, material.their_kings]);
    out.extend_from_slice(&size.to_le_bytes());
    out.extend_from_slice(&checksum(payload).to_le_bytes());
    out
}

/// Writes `payload`, of the kind `kind`, for the slice `material` (of `size` indexes) of
/// `variant` to `path`, through a temporary file renamed into place once complete (a build
/// stopped midway leaves no file that looks whole).
pub fn write(
    path: &Path,
    kind: Kind,
    variant: Variant,
    material: Material,
    size: u64,
    payload: &[u8],
) -> Result<(), FileError> {
    let error = |e| FileError { path: path.to_path_buf(), kind: FileErrorKind::Io(e) };
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let mut file = std::io::BufWriter::new(std::fs::File::create(&partial).map_err(error)?);
    file.write_all(&header(kind, variant, material, size, payload)).map_err(error)?;
    file.write_all(payload).map_err(error)?;
    file.into_inner().map_err(|e| error(e.into_error()))?.sync_all().map_err(error)?;
    std::fs::rename(&partial, path).map_err(error)
}

/// Checks the header `head` (all the bytes read of it) of the file `path` that should hold
/// `kind` for the slice `material` of `variant` with `size` indexes; its payload's checksum.
fn check_header(
    path: &Path,
    head: &[u8],
    kind: Kind,
    variant: Variant,
    material: Material,
    size: u64,
) -> Result<u64, FileError> {
    let refuse = |kind| FileError { path: path.to_path_buf(), kind };
    if head.len() < 8 || &head[..8] != kind.magic() {
        return Err(refuse(FileErrorKind::NotAnEndgameFile));
    }
    if head.len() < HEADER_BYTES {
        return Err(refuse(FileErrorKind::Length { found: 0, expected: size }));
    }
    let u64_at = |at: usize| u64::from_le_bytes(head[at..at + 8].try_into().expect("8 bytes"));
    let version = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
    if version != VERSION {
        return Err(refuse(FileErrorKind::Version(version)));
    }
    let counts = Material::new(head[28], head[29], head[30], head[31]);
    if head[12..28] != variant_bytes(variant) || counts != material {
        let id = String::from_utf8_lossy(&head[12..28]).trim_end_matches('\0').to_string();
        return Err(refuse(FileErrorKind::Mismatch {
            found: format!("{id} {counts}"),
            expected: format!("{variant} {material}"),
        }));
    }
    let announced = u64_at(32);
    if announced != size {
        return Err(refuse(FileErrorKind::Mismatch {
            found: format!("{announced} positions"),
            expected: format!("{size} positions"),
        }));
    }
    Ok(u64_at(40))
}

/// Checks that `payload`, read or mapped from `path`, has the checksum the header gave and,
/// for `kind`s of one byte per index, `size` bytes.
fn check_payload(path: &Path, payload: &[u8], kind: Kind, size: u64, checksum_expected: u64) -> Result<(), FileError> {
    let refuse = |kind| FileError { path: path.to_path_buf(), kind };
    if kind == Kind::Codes && payload.len() as u64 != size {
        return Err(refuse(FileErrorKind::Length { found: payload.len() as u64, expected: size }));
    }
    if checksum(payload) != checksum_expected {
        return Err(refuse(FileErrorKind::Checksum));
    }
    Ok(())
}

/// Reads the codes ([`Kind::Codes`]) of the slice `material` of `variant` from `path`, whose
/// payload must be `size` bytes, checking every field of the header and the checksum.
pub fn read(path: &Path, variant: Variant, material: Material, size: u64) -> Result<Vec<u8>, FileError> {
    let io = |e| FileError { path: path.to_path_buf(), kind: FileErrorKind::Io(e) };
    let mut file = std::fs::File::open(path).map_err(io)?;
    let mut head = [0u8; HEADER_BYTES];
    let read = read_up_to(&mut file, &mut head).map_err(io)?;
    let expected = check_header(path, &head[..read], Kind::Codes, variant, material, size)?;
    let mut payload = Vec::with_capacity(size as usize);
    file.take(size + 1).read_to_end(&mut payload).map_err(io)?;
    check_payload(path, &payload, Kind::Codes, size, expected)?;
    Ok(payload)
}

/// A slice file's payload mapped rather than copied into the heap: the pages are the
/// operating system's page cache, shared by every process on the machine that maps the file.
pub struct Mapped {
    map: memmap2::Mmap,
}

impl core::ops::Deref for Mapped {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        &self.map[HEADER_BYTES..]
    }
}

/// Maps the file `path` holding `kind` for the slice `material` (of `size` indexes) of
/// `variant`, checking its header and checksum as [`read`] does.
pub fn map(path: &Path, kind: Kind, variant: Variant, material: Material, size: u64) -> Result<Mapped, FileError> {
    let io = |e| FileError { path: path.to_path_buf(), kind: FileErrorKind::Io(e) };
    let file = std::fs::File::open(path).map_err(io)?;
    // SAFETY: a mapping is sound while nobody changes the file under it. The builder writes a
    // slice whole under another name and renames it into place ([`write`]), so a file is never
    // changed once it has its name; replacing it (a new build) leaves this mapping on the old
    // one. Only a file cut short in place by hand while the server runs would fault the
    // process, as a program's own file changed under it would.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io)?;
    let head = &map[..map.len().min(HEADER_BYTES)];
    let expected = check_header(path, head, kind, variant, material, size)?;
    check_payload(path, &map[HEADER_BYTES..], kind, size, expected)?;
    // Probes jump about the slice: reading ahead would only fill the cache with pages not asked for.
    #[cfg(unix)]
    let _ = map.advise(memmap2::Advice::Random);
    Ok(Mapped { map })
}

/// The directory of `variant`'s files under `dir`.
pub fn variant_dir(dir: &Path, variant: Variant) -> PathBuf {
    dir.join(variant.id())
}

/// Maps the packed file ([`Kind::Wdl`] or [`Kind::Distances`]) of the slice `material` (of
/// `size` indexes) of `variant` in `dir`, checking it as [`map`] does and its block table.
pub fn map_packed(
    dir: &Path,
    kind: Kind,
    variant: Variant,
    material: Material,
    size: u64,
) -> Result<Mapped, FileError> {
    let path = kind.path(dir, material);
    let mapped = map(&path, kind, variant, material, size)?;
    Blocks::parse(&mapped, size).map_err(|why| FileError { path, kind: FileErrorKind::Layout(why) })?;
    Ok(mapped)
}

/// Reads into `buffer` until it is full or the file ends; the bytes read.
fn read_up_to(file: &mut impl Read, buffer: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match file.read(&mut buffer[filled..])? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("draughts-egtb-file-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        dir
    }

    #[test]
    fn a_written_slice_reads_back_and_a_damaged_one_is_refused() {
        let dir = temp_dir("damage");
        let material = Material::new(1, 0, 0, 1);
        let path = Kind::Codes.path(&dir, material);
        let payload: Vec<u8> = (0..1000u32).map(|i| (i % 7) as u8).collect();
        write(&path, Kind::Codes, Variant::Russian, material, 1000, &payload).expect("written");
        assert_eq!(read(&path, Variant::Russian, material, 1000).expect("read"), payload);
        assert_eq!(&*map(&path, Kind::Codes, Variant::Russian, material, 1000).expect("mapped"), &payload[..]);
        let other_kind = map(&path, Kind::Wdl, Variant::Russian, material, 1000).err().expect("another kind");
        assert!(matches!(other_kind.kind, FileErrorKind::NotAnEndgameFile), "{other_kind}");

        let wrong_variant = read(&path, Variant::English, material, 1000).expect_err("another variant");
        assert!(wrong_variant.to_string().contains("holds russian"), "{wrong_variant}");

        let mut bytes = std::fs::read(&path).expect("read");
        bytes[HEADER_BYTES + 500] ^= 1;
        std::fs::write(&path, &bytes).expect("written");
        let damaged = read(&path, Variant::Russian, material, 1000).expect_err("damaged");
        assert!(matches!(damaged.kind, FileErrorKind::Checksum), "{damaged}");
        let damaged = map(&path, Kind::Codes, Variant::Russian, material, 1000).err().expect("damaged");
        assert!(matches!(damaged.kind, FileErrorKind::Checksum), "{damaged}");

        std::fs::write(&path, &bytes[..HEADER_BYTES + 10]).expect("written");
        let truncated = read(&path, Variant::Russian, material, 1000).expect_err("truncated");
        assert!(truncated.to_string().contains("truncated"), "{truncated}");
        let truncated = map(&path, Kind::Codes, Variant::Russian, material, 1000).err().expect("truncated");
        assert!(truncated.to_string().contains("truncated"), "{truncated}");

        std::fs::write(&path, b"hello").expect("written");
        let other = read(&path, Variant::Russian, material, 1000).expect_err("not ours");
        assert!(matches!(other.kind, FileErrorKind::NotAnEndgameFile), "{other}");
        std::fs::remove_dir_all(dir).expect("removed");
    }
}
