// Bulk perft on an NVIDIA GPU, the second part of the kernels' source,
// after movegen.cu: the keys, the transposition tables, the in-level
// deduplication, each kernel's per-thread step and the kernels.
//
// The host drives a breadth-first search, one ply at a time. For a level of
// positions, each with the same number of plies left:
//   probe_count  each position's count from the transposition table of its
//                depth, or else its number of legal moves;
//   scan_*       prefix sums of those numbers: where each position's moves go;
//   gen_moves    the moves themselves (a 16-bit move and the parent's index);
//   make_moves   the child positions, one thread per move;
//   dedup        each child's first equal sibling in the run (a hash set
//                of child indices, positions compared whole), then
//   compact      the unique children into the next level, and each child's
//                index there; the next level is searched the same way;
//   sum_children each position's count from its children's, stored in the
//                table of its depth.
// count_two counts a level of two plies left in one kernel: each warp pools
// its 32 positions' moves in shared memory, then its threads take the
// pool's moves in turn, make each and count the child's legal moves
// without making them, and add the counts up per position.
// count_leaves counts a level of one ply left (a search of depth one).

// ---------------------------------------------------------------------------
// Keys, the transposition tables and the in-level deduplication.
// ---------------------------------------------------------------------------

// The meta word as far as counts depend on it: a castling rook's file only
// where its right is held.
BM_FN u32 rule_meta(u32 meta) {
    u32 kept = meta & (META_RIGHTS | (63u << META_EP_SHIFT));
    for (int slot = 0; slot < 4; slot++)
        if (meta & (1u << slot)) kept |= meta & (7u << (META_FILES_SHIFT + 3 * slot));
    return kept;
}

// Whether two positions have the same counts at every depth: equal pieces,
// rights, rook files and en-passant square.
BM_FN bool same_position(const Pos& x, const Pos& y) {
    return x.us == y.us && x.occ == y.occ && x.pawns == y.pawns && x.knights == y.knights && x.diag == y.diag
           && x.orth == y.orth && x.kings == y.kings && rule_meta(x.meta) == rule_meta(y.meta);
}

// A bijective 64-bit mixer: xor-shift, multiply, xor-shift, multiply,
// xor-shift. With MurmurHash3's constants it is that hash's finaliser
// (mix_a), with SplitMix64's that generator's (mix_b).
BM_FN u64 mix(u64 x, int s1, u64 m1, int s2, u64 m2, int s3) {
    x = (x ^ (x >> s1)) * m1;
    x = (x ^ (x >> s2)) * m2;
    return x ^ (x >> s3);
}
BM_FN u64 mix_a(u64 x) { return mix(x, 33, 0xff51afd7ed558ccdull, 33, 0xc4ceb9fe1a85ec53ull, 33); }
BM_FN u64 mix_b(u64 x) { return mix(x, 30, 0xbf58476d1ce4e5b9ull, 27, 0x94d049bb133111ebull, 31); }

// A position's 128-bit key: two hashes of its eight words, chained through
// two different mixers from two seeds. Equal positions (same_position) have
// equal keys; two different ones share a key with odds of about 2^-128 per
// pair, so that even perft(13)'s some 10^12 distinct positions per table
// are far from a collision.
struct Key {
    u64 a, b;
};

BM_FN Key key_of(const Pos& p) {
    const u64 words[8] = {p.us, p.occ, p.pawns, p.knights, p.diag, p.orth, p.kings, (u64)rule_meta(p.meta)};
    u64 a = 0x9e3779b97f4a7c15ull, b = 0x2545f4914f6cdd1dull;
    for (int i = 0; i < 8; i++) {
        a = mix_a(a ^ words[i]);
        b = mix_b(b + (words[i] ^ 0xd6e8feb86659fd93ull));
    }
    return {a, b};
}

// One hash, enough to place a position in the deduplication set (whose
// members are compared whole).
BM_FN u64 hash_of(const Pos& p) {
    const u64 words[8] = {p.us, p.occ, p.pawns, p.knights, p.diag, p.orth, p.kings, (u64)rule_meta(p.meta)};
    u64 a = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < 8; i++) a = mix_a(a ^ words[i]);
    return a;
}

// A transposition table: one per depth, of any number of entries, each
// the count of one position at that depth, replaced whenever another
// position of the same slot is stored. `check` is the xor of the other
// three words: an entry torn by two threads storing at once (its halves
// from different positions) fails it, and reads as a miss.
struct Entry {
    u64 a, b, value, check;
};

#ifdef __CUDACC__
BM_FN void read_entry(const Entry* e, Entry& out) {
    const ulonglong2 low = __ldcg((const ulonglong2*)e), high = __ldcg((const ulonglong2*)e + 1);
    out.a = low.x;
    out.b = low.y;
    out.value = high.x;
    out.check = high.y;
}
BM_FN void write_entry(Entry* e, const Entry& in) {
    __stcg((ulonglong2*)e, make_ulonglong2(in.a, in.b));
    __stcg((ulonglong2*)e + 1, make_ulonglong2(in.value, in.check));
}
BM_FN u32 compare_and_swap(u32* at, u32 expected, u32 desired) { return atomicCAS(at, expected, desired); }
#else
BM_FN void read_entry(const Entry* e, Entry& out) { out = *e; }
BM_FN void write_entry(Entry* e, const Entry& in) { *e = in; }
BM_FN u32 compare_and_swap(u32* at, u32 expected, u32 desired) {
    const u32 seen = *at;
    if (seen == expected) *at = desired;
    return seen;
}
#endif

// The slot of a key in a table of `entries`: the high word of
// `key.a * entries`, so that a table of any size is used evenly.
#ifdef __CUDACC__
BM_FN u64 slot_of(Key key, u64 entries) { return __umul64hi(key.a, entries); }
#else
BM_FN u64 slot_of(Key key, u64 entries) { return (u64)(((unsigned __int128)key.a * entries) >> 64); }
#endif

// The count stored for `key`, if its slot holds it whole.
BM_FN bool table_probe(const Entry* table, u64 entries, Key key, u64* value) {
    Entry e;
    read_entry(table + slot_of(key, entries), e);
    if (e.a != key.a || e.b != key.b || (e.a ^ e.b ^ e.value) != e.check) return false;
    *value = e.value;
    return true;
}

BM_FN void table_store(Entry* table, u64 entries, Key key, u64 value) {
    const Entry e = {key.a, key.b, value, key.a ^ key.b ^ value};
    write_entry(table + slot_of(key, entries), e);
}

// Child `j`'s representative: the index of the child equal to it that
// claimed a slot of the set first (`j` itself if that was `j`). A slot
// holds a claimant's index plus one (zero: free). The set has a power of
// two of slots, more than the children, and is open addressed: equal
// children follow the same slots, and a slot once claimed never changes,
// so all of them meet the same claimant.
BM_FN u32 dedup_child(const Pos* BM_RESTRICT children, u32* BM_RESTRICT slots, u64 mask, u32 j) {
    const Pos& p = children[j];
    for (u64 i = hash_of(p) & mask;; i = (i + 1) & mask) {
        const u32 seen = compare_and_swap(slots + i, 0, j + 1);
        if (seen == 0) return j;
        if (same_position(children[seen - 1], p)) return seen - 1;
    }
}

// ---------------------------------------------------------------------------
// Each kernel's work for one thread, as a function: the kernels below call
// them on the GPU, tests/host_perft.cpp in loops on the CPU.
// ---------------------------------------------------------------------------

// A position's count from `table` into `*value` (then it returns 0: no
// moves to list), or else its number of moves (and `*value` is 0).
// Without a table (`table` null), always the moves.
BM_FN u32 probe_or_count(const u64* BM_RESTRICT t, const Pos& p, const Entry* BM_RESTRICT table, u64 entries,
                         u64* value) {
    *value = 0;
    if (table && table_probe(table, entries, key_of(p), value)) return 0;
    return count_moves_of(t, p);
}

// Position `i` of a level with `depth` plies left: its count from the
// table (then no moves are listed for it), or its number of moves. Without
// a table (`table` null), always the moves.
BM_FN void probe_count_item(const u64* BM_RESTRICT t, const Pos* BM_RESTRICT positions, u64 i,
                            const Entry* BM_RESTRICT table, u64 entries, u32* BM_RESTRICT counts,
                            u64* BM_RESTRICT values) {
    u64 value = 0;
    counts[i] = probe_or_count(t, positions[i], table, entries, &value);
    values[i] = value;
}

// Position `i` of a run whose moves start at `base`: its moves listed,
// unless the table answered it (no room was made for them).
BM_FN void gen_moves_item(const u64* BM_RESTRICT t, const Pos* BM_RESTRICT positions, u64 i,
                          const u64* BM_RESTRICT offsets, u64 base, u16* BM_RESTRICT moves,
                          u32* BM_RESTRICT parents) {
    if (offsets[i + 1] == offsets[i]) return;
    Writer writer = {moves, parents, (u32)i, offsets[i] - base};
    generate(t, positions[i], writer);
}

// Child `j` of a run: its representative in `map`, and whether it is one.
BM_FN void dedup_item(const Pos* BM_RESTRICT children, u64 j, u32* BM_RESTRICT slots, u64 mask,
                      u32* BM_RESTRICT map, u32* BM_RESTRICT unique) {
    const u32 first = dedup_child(children, slots, mask, (u32)j);
    map[j] = first;
    unique[j] = first == (u32)j;
}

// Child `j`: copied to the next level if it is unique, at its place among
// the unique ones (`places`, the prefix sums of `unique`); its
// representative in `map` replaced by that representative's place.
BM_FN void compact_item(const Pos* BM_RESTRICT children, u64 j, u32* BM_RESTRICT map,
                        const u64* BM_RESTRICT places, Pos* BM_RESTRICT next) {
    const u32 first = map[j];
    if (first == (u32)j) next[places[j]] = children[j];
    map[j] = (u32)places[first];
}

// Position `i` of a run whose moves start at `base`: the sum of its
// children's counts (child `k` of the run has `from[map[k]]`, or
// `from[k]` without a map), stored in `values` and, with a table, in it.
// Positions without moves in the run (answered by the table, or mated)
// keep the value probe_count_item gave them.
BM_FN void sum_children_item(const Pos* BM_RESTRICT positions, u64 i, const u64* BM_RESTRICT offsets, u64 base,
                             const u64* BM_RESTRICT from, const u32* BM_RESTRICT map, Entry* BM_RESTRICT table,
                             u64 entries, u64* BM_RESTRICT values) {
    const u64 first = offsets[i] - base, end = offsets[i + 1] - base;
    if (first == end) return;
    u64 sum = 0;
    for (u64 k = first; k < end; k++) sum += from[map ? map[k] : k];
    values[i] = sum;
    if (table) table_store(table, entries, key_of(positions[i]), sum);
}

// The moves count_two's warps take at a time (a window of their pool in
// shared memory: 5 KiB a warp).
#ifndef POOL
#define POOL 1280
#endif

// count_two's steps for one position of a level of two plies left. First
// its count from the table into `*probed` (then it returns 0: no moves),
// or else its moves, listed into `list` (room for 256).
BM_FN u32 two_ply_start_item(const u64* BM_RESTRICT t, const Pos& p, const Entry* BM_RESTRICT table, u64 entries,
                             u64* probed, u16* BM_RESTRICT list) {
    *probed = 0;
    if (table && table_probe(table, entries, key_of(p), probed)) return 0;
    Lister lister = {list, 0};
    generate(t, p, lister);
    return lister.n;
}

// Its `moves`, numbered from `start` among its warp's: those numbered in
// the pool's window from `lo` (POOL moves) go into the pool, each with its
// lane `owner` above the move.
BM_FN void pool_moves_item(const u16* BM_RESTRICT list, u32 owner, u32 start, u32 moves, u32 lo,
                           u32* BM_RESTRICT pool) {
    if (moves == 0 || start + moves <= lo || start >= lo + POOL) return;
    const u32 first = start < lo ? lo - start : 0, end = start + moves < lo + POOL ? moves : lo + POOL - start;
    for (u32 k = first; k < end; k++) pool[start + k - lo] = (u32)list[k] | (owner << 16);
}

// A move of the pool: the number of legal moves of the child it makes from
// its position (`warp[owner]`, the warp's positions from lane 0 on).
BM_FN u32 pool_count_item(const u64* BM_RESTRICT t, const Pos* BM_RESTRICT warp, u32 entry) {
    return count_moves_of(t, make(warp[entry >> 16], (u16)entry));
}

// The last step, its value: with moves, the sum of its children's counts,
// then stored in the table (where there is one); without, the count the
// first step found in the table, or 0 (mate or stalemate).
BM_FN void two_ply_value_item(const Pos& p, u32 moves, u64 probed, u64 sum, Entry* BM_RESTRICT table, u64 entries,
                              u64* BM_RESTRICT value) {
    *value = moves ? sum : probed;
    if (moves && table) table_store(table, entries, key_of(p), sum);
}

// ---------------------------------------------------------------------------
// The kernels.
// ---------------------------------------------------------------------------

#ifdef __CUDACC__

#define BLOCK 256

// Adds each thread's `n` to `*leaves`, one atomic per warp.
__device__ __forceinline__ void add_leaves(u64* BM_RESTRICT leaves, u32 n) {
    for (int offset = 16; offset; offset >>= 1) n += __shfl_down_sync(0xffffffffu, n, offset);
    if ((threadIdx.x & 31) == 0 && n) atomicAdd(leaves, (u64)n);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
probe_count(const u64* BM_RESTRICT t, const Pos* BM_RESTRICT positions, u64 n, const Entry* BM_RESTRICT table,
            u64 entries, u32 use_table, u32* BM_RESTRICT counts, u64* BM_RESTRICT values) {
    u64 i = (u64)blockIdx.x * BLOCK + threadIdx.x;
    if (i < n) probe_count_item(t, positions, i, use_table ? table : nullptr, entries, counts, values);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
gen_moves(const u64* BM_RESTRICT t, const Pos* BM_RESTRICT positions, u64 n, const u64* BM_RESTRICT offsets,
          u64 base, u16* BM_RESTRICT moves, u32* BM_RESTRICT parents) {
    u64 i = (u64)blockIdx.x * BLOCK + threadIdx.x;
    if (i < n) gen_moves_item(t, positions, i, offsets, base, moves, parents);
}

// Parents are indices into `positions`.
extern "C" __global__ void __launch_bounds__(BLOCK)
make_moves(const Pos* BM_RESTRICT positions, const u16* BM_RESTRICT moves, const u32* BM_RESTRICT parents,
           u64 n, Pos* BM_RESTRICT children) {
    u64 i = (u64)blockIdx.x * BLOCK + threadIdx.x;
    if (i < n) children[i] = make(positions[parents[i]], moves[i]);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
dedup(const Pos* BM_RESTRICT children, u64 n, u32* BM_RESTRICT slots, u64 mask, u32* BM_RESTRICT map,
      u32* BM_RESTRICT unique) {
    u64 j = (u64)blockIdx.x * BLOCK + threadIdx.x;
    if (j < n) dedup_item(children, j, slots, mask, map, unique);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
compact(const Pos* BM_RESTRICT children, u64 n, u32* BM_RESTRICT map, const u64* BM_RESTRICT places,
        Pos* BM_RESTRICT next) {
    u64 j = (u64)blockIdx.x * BLOCK + threadIdx.x;
    if (j < n) compact_item(children, j, map, places, next);
}

// A level of two plies left, each warp's 32 positions together: each
// thread looks its position up (or counts its moves), the warp numbers the
// moves one after another (a prefix sum over its lanes), and then, a
// window of POOL moves at a time, its threads list the window's moves into
// the pool and take them in turn, 32 at once: each makes its move and
// counts the child's moves. Neighbouring moves mostly share a position, so
// the counts are summed per position by a segmented sum over the lanes,
// and the last lane of each segment adds it to its position's sum. Every
// thread of the warp runs every step (the shuffles need all of them);
// those past `n` have no moves.
extern "C" __global__ void __launch_bounds__(BLOCK)
count_two(const u64* BM_RESTRICT t, const Pos* BM_RESTRICT positions, u64 n, Entry* BM_RESTRICT table,
          u64 entries, u32 use_table, u64* BM_RESTRICT values, u64* BM_RESTRICT leaves) {
    __shared__ u32 pools[BLOCK / 32][POOL];
    __shared__ u64 sums[BLOCK / 32][32];
    const u32 lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const u64 i = (u64)blockIdx.x * BLOCK + threadIdx.x;
    const Pos* BM_RESTRICT own = positions + (i - lane);
    u32* BM_RESTRICT pool = pools[warp];
    Entry* BM_RESTRICT used = use_table ? table : nullptr;
    u64 probed = 0;
    u16 list[256];
    const u32 moves = i < n ? two_ply_start_item(t, positions[i], used, entries, &probed, list) : 0;
    u32 start = moves;
    for (int offset = 1; offset < 32; offset <<= 1) {
        const u32 other = __shfl_up_sync(0xffffffffu, start, offset);
        if (lane >= (u32)offset) start += other;
    }
    const u32 total = __shfl_sync(0xffffffffu, start, 31);
    start -= moves;
    sums[warp][lane] = 0;
    u32 counted = 0;
    for (u32 lo = 0; lo < total; lo += POOL) {
        __syncwarp();
        if (i < n) pool_moves_item(list, lane, start, moves, lo, pool);
        __syncwarp();
        const u32 window = total - lo < POOL ? total - lo : POOL;
        for (u32 first = 0; first < window; first += 32) {
            const u32 e = first + lane;
            const u32 entry = e < window ? pool[e] : 0;
            const u32 owner = e < window ? entry >> 16 : 32 + lane;
            const u32 count = e < window ? pool_count_item(t, own, entry) : 0;
            counted += count;
            // The owner above 16 bits and the sum below (at most 32 * 218).
            u32 sum = (owner << 16) | count;
            for (int offset = 1; offset < 32; offset <<= 1) {
                const u32 other = __shfl_up_sync(0xffffffffu, sum, offset);
                if (lane >= (u32)offset && (other >> 16) == owner) sum += other & 0xffffu;
            }
            const u32 next_owner = __shfl_down_sync(0xffffffffu, owner, 1);
            if (e < window && (lane == 31 || next_owner != owner)) sums[warp][owner] += sum & 0xffffu;
            __syncwarp();
        }
    }
    __syncwarp();
    if (i < n) two_ply_value_item(positions[i], moves, probed, sums[warp][lane], used, entries, values + i);
    add_leaves(leaves, counted);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
sum_children(const Pos* BM_RESTRICT positions, u64 n, const u64* BM_RESTRICT offsets, u64 base,
             const u64* BM_RESTRICT from, const u32* BM_RESTRICT map, u32 use_map, Entry* BM_RESTRICT table,
             u64 entries, u32 use_table, u64* BM_RESTRICT values) {
    u64 i = (u64)blockIdx.x * BLOCK + threadIdx.x;
    if (i < n)
        sum_children_item(positions, i, offsets, base, from, use_map ? map : nullptr, use_table ? table : nullptr,
                          entries, values);
}

// A level of one ply left: each position's number of moves is its count.
extern "C" __global__ void __launch_bounds__(BLOCK)
count_leaves(const u64* BM_RESTRICT t, const Pos* BM_RESTRICT positions, u64 n, u64* BM_RESTRICT values,
             u64* BM_RESTRICT leaves) {
    u64 i = (u64)blockIdx.x * BLOCK + threadIdx.x;
    u32 count = 0;
    if (i < n) {
        count = count_moves_of(t, positions[i]);
        values[i] = count;
    }
    add_leaves(leaves, count);
}

// Exclusive prefix sums of u32 counts into u64 offsets, in three steps:
// each block of SCAN_ITEMS counts on its own (scan_blocks), the blocks'
// sums by one block (scan_sums), then each block's start added
// (scan_add). offsets[n] ends as the total.
#define SCAN_PER_THREAD 4
#define SCAN_ITEMS (BLOCK * SCAN_PER_THREAD)

// The exclusive prefix sum of `value` over the block, and the block's total.
__device__ __forceinline__ u64 block_exclusive_sum(u64 value, u64* total) {
    __shared__ u64 warp_totals[BLOCK / 32];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    u64 inclusive = value;
    for (int offset = 1; offset < 32; offset <<= 1) {
        u64 other = __shfl_up_sync(0xffffffffu, inclusive, offset);
        if (lane >= offset) inclusive += other;
    }
    if (lane == 31) warp_totals[warp] = inclusive;
    __syncthreads();
    u64 before = 0, all = 0;
    for (int w = 0; w < BLOCK / 32; w++) {
        if (w < warp) before += warp_totals[w];
        all += warp_totals[w];
    }
    __syncthreads();
    *total = all;
    return before + inclusive - value;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
scan_blocks(const u32* BM_RESTRICT counts, u64 n, u64* BM_RESTRICT offsets, u64* BM_RESTRICT sums) {
    const u64 first = (u64)blockIdx.x * SCAN_ITEMS + (u64)threadIdx.x * SCAN_PER_THREAD;
    u64 items[SCAN_PER_THREAD];
    u64 own = 0;
    for (int k = 0; k < SCAN_PER_THREAD; k++) {
        items[k] = first + k < n ? counts[first + k] : 0;
        own += items[k];
    }
    u64 total;
    u64 at = block_exclusive_sum(own, &total);
    for (int k = 0; k < SCAN_PER_THREAD; k++) {
        if (first + k < n) offsets[first + k] = at;
        at += items[k];
    }
    if (threadIdx.x == 0) sums[blockIdx.x] = total;
}

// One block: the exclusive prefix sums of `sums[0..blocks)` in place, and
// the total in sums[blocks].
extern "C" __global__ void __launch_bounds__(BLOCK) scan_sums(u64* BM_RESTRICT sums, u64 blocks) {
    u64 carried = 0;
    for (u64 start = 0; start < blocks; start += BLOCK) {
        const u64 i = start + threadIdx.x;
        const u64 value = i < blocks ? sums[i] : 0;
        u64 total;
        const u64 before = block_exclusive_sum(value, &total);
        if (i < blocks) sums[i] = carried + before;
        carried += total;
    }
    if (threadIdx.x == 0) sums[blocks] = carried;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
scan_add(u64* BM_RESTRICT offsets, u64 n, const u64* BM_RESTRICT sums, u64 blocks) {
    const u64 i = (u64)blockIdx.x * BLOCK + threadIdx.x;
    if (i < n) offsets[i] += sums[i / SCAN_ITEMS];
    if (i == 0) offsets[n] = sums[blocks];
}

#endif  // __CUDACC__
