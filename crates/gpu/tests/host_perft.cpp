// The kernels' code run on the CPU. For each position and depth it reads,
// it prints two counts: perft by recursion over `generate` (listing) and
// `count_moves_of` (the last ply), and perft by the device's breadth-first
// search, run step by step with the same per-thread functions the kernels
// call (probe_count_item, dedup_item, compact_item, sum_children_item, and
// count_two's two_ply_start_item, pool_moves_item, pool_count_item and
// two_ply_value_item), with tiny buffers, pools and tables so that every
// run is split, every table slot is fought over, and deduplication runs in
// a scrambled order. Built
// and driven by crates/gpu/src/host_check.rs.
//
// stdin: the table's length and words, then positions (eight words) each
// followed by a depth, all little-endian u64; stdout: "RECURSION SEARCH"
// per position. With the argument `--torn`, it checks instead that a
// table entry torn between two stores reads as a miss, and prints "ok".
// A small pool, so that the moves of most warps take several windows and
// many positions' moves are split between two.
#define POOL 37
#include "../src/movegen.cu"
#include "../src/perft.cu"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static u64 perft(const u64* t, const Pos& p, u64 depth) {
    if (depth == 0) return 1;
    if (depth == 1) return count_moves_of(t, p);
    u16 moves[256];
    u32 parents[256];
    Writer writer = {moves, parents, 0, 0};
    generate(t, p, writer);
    u64 total = 0;
    for (u64 i = 0; i < writer.n; i++) total += perft(t, make(p, moves[i]), depth - 1);
    return total;
}

static u64 gcd(u64 a, u64 b) { return b ? gcd(b, a % b) : a; }

// The host's part of the search (crates/gpu/src/device/search.rs), on
// vectors: a level's positions, counts, offsets, values and child map.
struct Level {
    std::vector<Pos> positions;
    std::vector<u32> counts;
    std::vector<u64> offsets;
    std::vector<u64> values;
    std::vector<u32> map;
};

struct Search {
    const u64* t;
    u64 level_capacity;
    std::vector<Level> levels;
    std::vector<std::vector<Entry>> tables;  // by depth
    u64 table_entries;
    std::vector<u16> moves;
    std::vector<u32> parents;
    std::vector<u32> pool;
    std::vector<Pos> children;
    std::vector<u32> slots, unique;
    std::vector<u64> places;
    u64 scramble;

    Search(const u64* tables_words, u64 capacity, u64 table_entries, u64 depth)
        : t(tables_words), level_capacity(capacity), levels(depth + 1),
          tables(depth + 1, std::vector<Entry>(table_entries, Entry{0, 0, 0, 0})), table_entries(table_entries),
          scramble(0x853c49e6748fea9bull) {
        for (Level& level : levels) {
            level.positions.resize(capacity);
            level.counts.resize(capacity);
            level.offsets.resize(capacity + 1);
            level.values.resize(capacity);
            level.map.resize(capacity);
        }
        moves.resize(capacity);
        parents.resize(capacity);
        children.resize(capacity);
        unique.resize(capacity);
        places.resize(capacity + 1);
    }

    // The largest end whose moves fit `limit` (one position always does).
    u64 fit(const Level& level, u64 start, u64 n, u64 limit) {
        u64 end = start + 1;
        while (end < n && level.offsets[end + 1] <= limit) end++;
        return end;
    }

    // The count_two kernel, one warp of 32 positions at a time: the
    // warp's moves numbered one after another, listed into the pool a
    // window at a time, and each window's children counted.
    void count_two(Level& level, u64 n, Entry* table) {
        for (u64 w = 0; w < n; w += 32) {
            const u32 lanes = (u32)(n - w < 32 ? n - w : 32);
            const Pos* own = level.positions.data() + w;
            u32 moves[32], start[32], total = 0;
            u64 sums[32] = {0}, probed[32];
            u16 lists[32][256];
            for (u32 lane = 0; lane < lanes; lane++) {
                // What the buffer held before, as on the device.
                level.values[w + lane] = 0x5555555555555555ull;
                moves[lane] = two_ply_start_item(t, own[lane], table, table_entries, &probed[lane], lists[lane]);
                start[lane] = total;
                total += moves[lane];
            }
            for (u32 lo = 0; lo < total; lo += POOL) {
                pool.assign(POOL, ~0u);
                for (u32 lane = 0; lane < lanes; lane++)
                    pool_moves_item(lists[lane], lane, start[lane], moves[lane], lo, pool.data());
                const u32 window = total - lo < POOL ? total - lo : POOL;
                for (u32 e = 0; e < POOL; e++) {
                    // Every move of the window written, and nothing past it.
                    if ((e < window) != (pool[e] != ~0u)) {
                        fprintf(stderr, "pool entry %u of %u wrong\n", e, window);
                        exit(3);
                    }
                }
                for (u32 e = 0; e < window; e++) sums[pool[e] >> 16] += pool_count_item(t, own, pool[e]);
            }
            for (u32 lane = 0; lane < lanes; lane++)
                two_ply_value_item(own[lane], moves[lane], probed[lane], sums[lane], table, table_entries,
                                   &level.values[w + lane]);
        }
    }

    void expand(size_t l, u64 n, u64 depth) {
        Level& level = levels[l];
        if (depth == 1) {
            for (u64 i = 0; i < n; i++) level.values[i] = count_moves_of(t, level.positions[i]);
            return;
        }
        Entry* table = tables[depth].data();
        if (depth == 2) {
            count_two(level, n, table);
            return;
        }
        for (u64 i = 0; i < n; i++)
            probe_count_item(t, level.positions.data(), i, table, table_entries, level.counts.data(),
                             level.values.data());
        level.offsets[0] = 0;
        for (u64 i = 0; i < n; i++) level.offsets[i + 1] = level.offsets[i] + level.counts[i];
        for (u64 start = 0; start < n;) {
            const u64 base = level.offsets[start];
            const u64 end = fit(level, start, n, base + level_capacity);
            const u64 m = level.offsets[end] - base;
            const Pos* run = level.positions.data() + start;
            for (u64 i = 0; i < end - start; i++)
                gen_moves_item(t, run, i, level.offsets.data() + start, base, moves.data(), parents.data());
            for (u64 k = 0; k < m; k++) children[k] = make(run[parents[k]], moves[k]);
            u64 slot_count = 1;
            while (slot_count < 2 * m) slot_count *= 2;
            slots.assign(slot_count, 0);
            // Children claim their slots in a scrambled order, as
            // threads would.
            u64 step = m > 1 ? (scramble % (m - 1)) + 1 : 1;
            while (gcd(step, m) != 1) step++;
            scramble = mix_b(scramble);
            for (u64 k = 0, j = 0; k < m; k++, j = (j + step) % m)
                dedup_item(children.data(), j, slots.data(), slot_count - 1, level.map.data(), unique.data());
            places[0] = 0;
            for (u64 k = 0; k < m; k++) places[k + 1] = places[k] + unique[k];
            for (u64 k = 0; k < m; k++)
                compact_item(children.data(), k, level.map.data(), places.data(), levels[l + 1].positions.data());
            expand(l + 1, places[m], depth - 1);
            for (u64 i = 0; i < end - start; i++)
                sum_children_item(run, i, level.offsets.data() + start, base, levels[l + 1].values.data(),
                                  level.map.data(), table, table_entries, level.values.data() + start);
            start = end;
        }
    }
};

static u64 search(const u64* t, const Pos& root, u64 depth) {
    if (depth == 0) return 1;
    Search s(t, 256, 61, depth);
    s.levels[0].positions[0] = root;
    s.expand(0, 1, depth);
    return s.levels[0].values[0];
}

static int torn_entries_miss() {
    std::vector<Entry> table(3, Entry{0, 0, 0, 0});
    // Two keys of the same slot of three.
    const Key x = {0x1234, 0x5678}, y = {0x5678, 0x9abc};
    if (slot_of(x, 3) != slot_of(y, 3)) return 1;
    table_store(table.data(), 3, x, 42);
    u64 value = 0;
    if (!table_probe(table.data(), 3, x, &value) || value != 42) return 1;
    table_store(table.data(), 3, y, 7);
    if (table_probe(table.data(), 3, x, &value)) return 1;
    // x's key half with y's value half: torn.
    Entry& torn = table[slot_of(x, 3)];
    torn.a = x.a;
    torn.b = x.b;
    if (table_probe(table.data(), 3, x, &value) || table_probe(table.data(), 3, y, &value)) return 1;
    printf("ok\n");
    return 0;
}

int main(int argc, char** argv) {
    if (argc > 1 && strcmp(argv[1], "--torn") == 0) return torn_entries_miss();
    u64 length = 0;
    if (fread(&length, 8, 1, stdin) != 1) return 2;
    std::vector<u64> table(length);
    if (fread(table.data(), 8, length, stdin) != length) return 2;
    u64 words[8], depth;
    while (fread(words, 8, 8, stdin) == 8 && fread(&depth, 8, 1, stdin) == 1) {
        Pos p;
        static_assert(sizeof(Pos) == 64, "Pos is eight words");
        memcpy(&p, words, sizeof p);
        printf("%llu %llu\n", perft(table.data(), p, depth), search(table.data(), p, depth));
    }
    return 0;
}
