//! [`BlockCache`]: the most recently probed blocks, decompressed, shared
//! by every thread probing one [`Tablebase`](crate::Tablebase).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// A block: the table's number in its tablebase, and the block's in its file.
pub(crate) type BlockKey = (usize, usize);

/// Decompressed blocks, the least recently used dropped first.
pub(crate) struct BlockCache {
    capacity: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    blocks: HashMap<BlockKey, (Arc<[u8]>, u64)>,
    clock: u64,
}

impl BlockCache {
    /// A cache holding up to `capacity` blocks (16 KiB each).
    pub(crate) fn new(capacity: usize) -> Self {
        Self {
            capacity: capacity.max(1),
            inner: Mutex::default(),
        }
    }

    /// The block, if held (and marked as just used).
    pub(crate) fn get(&self, key: BlockKey) -> Option<Arc<[u8]>> {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        inner.clock += 1;
        let now = inner.clock;
        let (block, used) = inner.blocks.get_mut(&key)?;
        *used = now;
        Some(Arc::clone(block))
    }

    /// Keeps a block, dropping the least recently used one when full.
    pub(crate) fn insert(&self, key: BlockKey, block: Arc<[u8]>) {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        inner.clock += 1;
        let now = inner.clock;
        if inner.blocks.len() >= self.capacity && !inner.blocks.contains_key(&key) {
            let oldest = inner
                .blocks
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| *k);
            if let Some(oldest) = oldest {
                inner.blocks.remove(&oldest);
            }
        }
        inner.blocks.insert(key, (block, now));
    }

    /// Drops every block.
    pub(crate) fn clear(&self) {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        inner.blocks.clear();
    }

    /// How many blocks are held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .blocks
            .len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_block_goes_first() {
        let cache = BlockCache::new(2);
        let block = |b: u8| Arc::from(vec![b]);
        cache.insert((0, 1), block(1));
        cache.insert((0, 2), block(2));
        assert!(cache.get((0, 1)).is_some());
        cache.insert((0, 3), block(3));
        assert_eq!(cache.len(), 2);
        assert!(cache.get((0, 2)).is_none(), "2 was used least recently");
        assert_eq!(cache.get((0, 1)).as_deref(), Some(&[1][..]));
        assert_eq!(cache.get((0, 3)).as_deref(), Some(&[3][..]));
    }
}
