// The kernels' move generator and `make`, run on the CPU: perft by
// recursion over `generate` (listing) and `count_moves_of` (the last ply),
// the same functions the GPU runs. Built and driven by the test
// `kernel_logic_on_the_cpu` (crates/gpu/src/host_check.rs).
//
// stdin: the table's length and words, then positions (eight words) each
// followed by a depth, all little-endian u64; stdout: one count per line.
#include "../src/perft.cu"

#include <cstdio>
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

int main() {
    u64 length = 0;
    if (fread(&length, 8, 1, stdin) != 1) return 2;
    std::vector<u64> table(length);
    if (fread(table.data(), 8, length, stdin) != length) return 2;
    u64 words[8], depth;
    while (fread(words, 8, 8, stdin) == 8 && fread(&depth, 8, 1, stdin) == 1) {
        Pos p;
        static_assert(sizeof(Pos) == 64, "Pos is eight words");
        memcpy(&p, words, sizeof p);
        printf("%llu\n", perft(table.data(), p, depth));
    }
    return 0;
}
