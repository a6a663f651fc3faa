//! [`Tablebase`]: the table files found in directories (or added as
//! bytes), each opened and memory-mapped the first time a probe needs it,
//! shared by any number of threads.

use crate::error::{Result, SyzygyError};
use crate::format::{Format, Kind};
use crate::header::Header;
use crate::material::{Material, Placement};
use crate::values::Wdl;
use bitmoves::variant::VariantKind;
use memmap2::Mmap;
use rustc_hash::FxHashMap;
use std::fs::File;
use std::io;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// A table's bytes: mapped from its file, or owned.
enum Data {
    Mapped(Mmap),
    Owned(Vec<u8>),
}

impl Deref for Data {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Data::Mapped(map) => map,
            Data::Owned(bytes) => bytes,
        }
    }
}

/// An opened table: its bytes and its decoded header.
pub(crate) struct Table {
    file: PathBuf,
    data: Data,
    header: Header,
}

impl Table {
    /// Checks and decodes a table's bytes.
    fn new(
        file: PathBuf,
        data: Data,
        kind: Kind,
        material: Material,
        format: Format,
    ) -> Result<Table> {
        let size = data.len() as u64;
        if size % 64 != 16 {
            return Err(SyzygyError::BadSize { file, size });
        }
        let magic = data.get(..4).unwrap_or_default();
        if !format.accepts_magic(kind, magic, material.has_pawns()) {
            return Err(SyzygyError::BadMagic { file });
        }
        match Header::read(&data, kind, material, format) {
            Ok(header) => Ok(Table { file, data, header }),
            Err(what) => Err(SyzygyError::Corrupt { file, what }),
        }
    }

    /// Opens and maps a file.
    fn open(path: &Path, kind: Kind, material: Material, format: Format) -> Result<Table> {
        let io_error = |error: io::Error| SyzygyError::Io {
            file: path.to_owned(),
            error: Arc::new(error),
        };
        let file = File::open(path).map_err(io_error)?;
        let size = file.metadata().map_err(io_error)?.len();
        if size % 64 != 16 {
            return Err(SyzygyError::BadSize {
                file: path.to_owned(),
                size,
            });
        }
        // SAFETY: the map is read-only and every read from it is
        // bounds-checked against its length, so the bytes, whatever they
        // are, cannot make a read leave the map. What no reader of a map
        // can rule out is another process changing the file meanwhile:
        // changed bytes only give wrong values or errors, but a file
        // truncated under the map makes the system raise SIGBUS on the
        // lost pages, as with every mmap-based prober. Tables are
        // read-only data that nobody writes while they are in use
        // (docs/syzygy.md says so).
        let map = unsafe { Mmap::map(&file) }.map_err(io_error)?;
        #[cfg(unix)]
        let _ = map.advise(memmap2::Advice::Random);
        Table::new(path.to_owned(), Data::Mapped(map), kind, material, format)
    }

    /// The error for damage found in this table.
    pub fn corrupt(&self, what: &'static str) -> SyzygyError {
        SyzygyError::Corrupt {
            file: self.file.clone(),
            what,
        }
    }

    /// The WDL value from a WDL table.
    #[inline]
    pub fn wdl(&self, board: &impl Placement, material: &Material) -> Result<Wdl> {
        self.header
            .wdl(&self.data, board, material)
            .map_err(|what| self.corrupt(what))
    }

    /// The DTZ value from a DTZ table; `None` when it holds the other side.
    #[inline]
    pub fn dtz(
        &self,
        board: &impl Placement,
        material: &Material,
        wdl: Wdl,
    ) -> Result<Option<i32>> {
        self.header
            .dtz(&self.data, board, material, wdl)
            .map_err(|what| self.corrupt(what))
    }
}

/// Where a table comes from, and the table once opened.
struct Slot {
    path: Option<PathBuf>,
    kind: Kind,
    material: Material,
    format: Format,
    table: OnceLock<Result<Table>>,
}

impl Slot {
    /// The table, opened on first use; an error is kept and returned again.
    #[inline]
    fn get(&self) -> Result<&Table> {
        let opened = self.table.get_or_init(|| match &self.path {
            Some(path) => Table::open(path, self.kind, self.material, self.format),
            None => Err(SyzygyError::MissingTable {
                table: format!(
                    "{}{}",
                    self.material.table_name(),
                    self.format.suffix(self.kind)
                ),
                material: self.material.name(),
            }),
        });
        opened.as_ref().map_err(Clone::clone)
    }
}

/// The tables of one material: its name and its WDL and DTZ files.
#[derive(Clone)]
struct Entry {
    name: String,
    wdl: Option<Arc<Slot>>,
    dtz: Option<Arc<Slot>>,
}

/// A set of Syzygy tables, probed through `&self` from any number of
/// threads.
///
/// Tables are found by name (`KQvKR.rtbw`, `KQvKR.rtbz`) in the
/// directories added, and opened and memory-mapped when a probe first
/// needs them.
///
/// ```no_run
/// use bitmoves_syzygy::{Tablebase, Wdl};
/// let mut tables = Tablebase::new();
/// tables.add_directory("/srv/syzygy/3-4-5")?;
/// let board = "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1".parse()?;
/// assert_eq!(tables.probe_wdl(&board)?, Wdl::Loss);
/// assert_eq!(tables.probe_dtz(&board)?.0, -53);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Tablebase {
    /// The tables by material key (already well spread, so one
    /// multiplication hashes it).
    entries: FxHashMap<u64, Entry>,
    max_pieces: usize,
    /// The variant whose tables are read.
    pub(crate) format: Format,
}

impl Default for Tablebase {
    fn default() -> Self {
        Tablebase::for_variant(VariantKind::Standard)
    }
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase")
            .field("materials", &self.entries.len())
            .field("max_pieces", &self.max_pieces)
            .field("variant", &self.format.variant)
            .finish()
    }
}

impl Tablebase {
    /// An empty set of standard chess's tables.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty set of `variant`'s tables, for the probes of its
    /// positions ([`Tablebase::probe_variant_wdl`]): atomic's
    /// (`KQvK.atbw`, `.atbz`), Suicide's (`.stbw`, `.stbz`) or Giveaway's
    /// and Antichess's (`.gtbw`, `.gtbz`); Suicide and Giveaway also read
    /// each other's pawnless tables. Standard chess's are
    /// [`Tablebase::new`]'s. A variant without Syzygy tables (Horde, ...)
    /// gets a set that adds no file: its probes resolve the variant's end
    /// and captures, then find no table, as python-chess's do.
    ///
    /// ```
    /// use bitmoves::variant::{Atomic, Position, VariantKind};
    /// use bitmoves_syzygy::{Tablebase, Wdl};
    /// let tables = Tablebase::for_variant(VariantKind::Atomic);
    /// // White's king has exploded: lost, with no table needed.
    /// let pos: Position<Atomic> = Position::from_fen("8/8/8/8/8/8/8/3k4 w - - 0 1", false)?;
    /// assert_eq!(tables.probe_variant_wdl(&pos)?, Wdl::Loss);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_variant(variant: VariantKind) -> Self {
        Tablebase {
            entries: FxHashMap::default(),
            max_pieces: 0,
            format: Format { variant },
        }
    }

    /// The variant whose tables this set reads.
    pub fn variant(&self) -> VariantKind {
        self.format.variant
    }

    /// A set of the tables in `directories`.
    pub fn open<P: AsRef<Path>>(directories: impl IntoIterator<Item = P>) -> io::Result<Self> {
        let mut tables = Self::new();
        for directory in directories {
            tables.add_directory(directory)?;
        }
        Ok(tables)
    }

    /// Adds the tables of a directory (not its subdirectories): every file
    /// named like `KQvKR.rtbw` or `KQvKR.rtbz` (a variant's suffixes for a
    /// variant's set), the stronger side first.
    /// Nothing is read from them yet. Returns how many were found; a
    /// later table of the same name replaces an earlier one.
    pub fn add_directory(&mut self, directory: impl AsRef<Path>) -> io::Result<usize> {
        let mut found = 0;
        for entry in std::fs::read_dir(directory)? {
            let path = entry?.path();
            if path.is_file() && self.add_file(&path) {
                found += 1;
            }
        }
        Ok(found)
    }

    /// Adds one table file; `false` when its name is not a table's.
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> bool {
        let path = path.as_ref();
        let Some((kind, material)) = path
            .file_name()
            .and_then(|name| name.to_str())
            .and_then(|name| parse_file_name(name, self.format))
        else {
            return false;
        };
        self.insert(
            kind,
            material,
            Slot {
                path: Some(path.to_owned()),
                kind,
                material,
                format: self.format,
                table: OnceLock::new(),
            },
        );
        true
    }

    /// Adds a table from its bytes, under its file name (`KQvK.rtbw`): for
    /// tables held in memory, tests and fuzzing. The bytes are checked
    /// here; a damaged table is reported by the probes that need it.
    pub fn add_bytes(&mut self, file_name: &str, bytes: Vec<u8>) -> Result<(), SyzygyError> {
        let (kind, material) = parse_file_name(file_name, self.format)
            .ok_or_else(|| SyzygyError::NotATableName(file_name.to_owned()))?;
        let table = OnceLock::new();
        let _ = table.set(Table::new(
            PathBuf::from(file_name),
            Data::Owned(bytes),
            kind,
            material,
            self.format,
        ));
        self.insert(
            kind,
            material,
            Slot {
                path: None,
                kind,
                material,
                format: self.format,
                table,
            },
        );
        Ok(())
    }

    fn insert(&mut self, kind: Kind, material: Material, slot: Slot) {
        let key = material.key();
        let mut entry = self.entries.get(&key).cloned().unwrap_or_else(|| Entry {
            name: material.table_name(),
            wdl: None,
            dtz: None,
        });
        match kind {
            Kind::Wdl => entry.wdl = Some(Arc::new(slot)),
            Kind::Dtz => entry.dtz = Some(Arc::new(slot)),
        }
        self.max_pieces = self.max_pieces.max(material.count());
        self.entries
            .insert(material.mirrored().key(), entry.clone());
        self.entries.insert(key, entry);
    }

    /// The most pieces of any table added (0 with none).
    pub fn max_pieces(&self) -> usize {
        self.max_pieces
    }

    /// The table of `kind` for the board's material.
    #[inline]
    pub(crate) fn table(&self, material: &Material, kind: Kind) -> Result<&Table> {
        let entry = self.entries.get(&material.key());
        let slot = entry.and_then(|entry| match kind {
            Kind::Wdl => entry.wdl.as_deref(),
            Kind::Dtz => entry.dtz.as_deref(),
        });
        match slot {
            Some(slot) => slot.get(),
            None => {
                let pieces = material.count();
                if pieces > 7 {
                    return Err(SyzygyError::TooManyPieces { pieces });
                }
                let name = entry.map_or_else(|| material.table_name(), |e| e.name.clone());
                Err(SyzygyError::MissingTable {
                    table: format!("{name}{}", self.format.suffix(kind)),
                    material: material.name(),
                })
            }
        }
    }
}

/// The kind and material of a file name such as `KQvKR.rtbw`, if it is a
/// table's in `format` (normalised: the stronger side first; 3 pieces or
/// more, or 2 in antichess, where `KvK` is not a draw).
fn parse_file_name(name: &str, format: Format) -> Option<(Kind, Material)> {
    let dot = name.rfind('.')?;
    let (stem, suffix) = name.split_at(dot);
    let (kind, pawnless_only) = format.kind_of_suffix(suffix)?;
    let material = Material::from_name(stem, format.one_king())?;
    let least = if format.one_king() { 3 } else { 2 };
    (material.table_name() == stem
        && material.count() >= least
        && !(pawnless_only && material.has_pawns()))
    .then_some((kind, material))
}
