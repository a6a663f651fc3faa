//! [`Tablebase`]: the table files found in directories (or added as
//! bytes), each opened the first time a probe needs it, and the cache of
//! decompressed blocks, shared by any number of threads.

use crate::cache::BlockCache;
use crate::error::{GaviotaError, Result};
use crate::index::Scheme;
use crate::material::Material;
use crate::table::TableFile;
use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// How many decompressed blocks (16 KiB each) a tablebase keeps: 4 MiB.
pub const DEFAULT_CACHE_BLOCKS: usize = 256;

/// One table: where it comes from, and the file once opened.
pub(crate) struct Slot {
    /// The table's number, for the block cache.
    pub id: usize,
    pub path: PathBuf,
    pub scheme: Scheme,
    file: OnceLock<Result<TableFile>>,
}

impl Slot {
    /// The table file, opened on first use; an error is kept and
    /// returned again.
    pub(crate) fn file(&self) -> Result<&TableFile> {
        self.file
            .get_or_init(|| TableFile::open(&self.path, self.scheme.size()))
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// A set of Gaviota tables (`kqkr.gtb.cp4`, up to 5 pieces), probed
/// through `&self` from any number of threads.
///
/// ```no_run
/// use bitmoves_gaviota::Tablebase;
/// let tables = Tablebase::open(["/srv/gaviota"])?;
/// let board = "8/8/8/8/8/8/8/K2kr3 w - - 0 1".parse()?;
/// assert_eq!(tables.probe_dtm(&board)?.0, -10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Tablebase {
    pub(crate) tables: HashMap<Material, Arc<Slot>>,
    pub(crate) cache: BlockCache,
    next_id: usize,
}

impl Default for Tablebase {
    fn default() -> Self {
        Self::with_cache(DEFAULT_CACHE_BLOCKS)
    }
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase")
            .field("tables", &self.tables.len())
            .finish()
    }
}

impl Tablebase {
    /// An empty set of tables.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty set of tables keeping up to `blocks` decompressed blocks
    /// (16 KiB each; at least one).
    pub fn with_cache(blocks: usize) -> Self {
        Self {
            tables: HashMap::new(),
            cache: BlockCache::new(blocks),
            next_id: 0,
        }
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
    /// named like `kqkr.gtb.cp4`. Nothing is read from them yet. Returns
    /// how many were found; a later table of the same name replaces an
    /// earlier one.
    pub fn add_directory(&mut self, directory: impl AsRef<Path>) -> io::Result<usize> {
        let mut found = 0;
        let mut paths: Vec<PathBuf> = std::fs::read_dir(directory)?
            .map(|entry| entry.map(|e| e.path()))
            .collect::<io::Result<_>>()?;
        paths.sort();
        for path in paths {
            if path.is_file() && self.add_file(&path) {
                found += 1;
            }
        }
        Ok(found)
    }

    /// Adds one table file; `false` when its name is not a table's.
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> bool {
        let path = path.as_ref();
        let Some(material) = path
            .file_name()
            .and_then(|name| name.to_str())
            .and_then(|name| name.strip_suffix(".gtb.cp4"))
            .and_then(Material::from_name)
        else {
            return false;
        };
        self.insert(material, path.to_owned(), OnceLock::new());
        true
    }

    /// Adds a table from its bytes, under its file name (`kqk.gtb.cp4`):
    /// for tables held in memory, tests and fuzzing. The header is read
    /// here; a damaged table is reported by the probes that need it.
    pub fn add_bytes(&mut self, file_name: &str, bytes: Vec<u8>) -> Result<()> {
        let material = file_name
            .strip_suffix(".gtb.cp4")
            .and_then(Material::from_name)
            .ok_or_else(|| GaviotaError::NotATableName(file_name.to_owned()))?;
        let size = material.scheme().map_or(0, Scheme::size);
        let file = OnceLock::new();
        let _ = file.set(TableFile::from_bytes(file_name.into(), bytes, size));
        self.insert(material, file_name.into(), file);
        Ok(())
    }

    fn insert(&mut self, material: Material, path: PathBuf, file: OnceLock<Result<TableFile>>) {
        let Some(scheme) = material.scheme() else {
            return;
        };
        let id = self.next_id;
        self.next_id += 1;
        self.tables.insert(
            material,
            Arc::new(Slot {
                id,
                path,
                scheme,
                file,
            }),
        );
    }

    /// The tables added, by file stem (`kqk`), with their paths.
    pub fn tables(&self) -> impl Iterator<Item = (String, &Path)> {
        self.tables
            .iter()
            .map(|(material, slot)| (material.name(), slot.path.as_path()))
    }

    /// Drops every table and cached block.
    pub fn clear(&mut self) {
        self.tables.clear();
        self.cache.clear();
    }
}
