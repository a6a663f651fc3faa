// Bulk perft on an NVIDIA GPU, the first part of the kernels' source: the
// positions, the move generator and `make`. perft.cu follows it (the keys,
// the transposition tables, the deduplication and the kernels);
// crates/gpu/src/device.rs hands NVRTC the two as one source, and
// tests/host_perft.cpp includes both.
//
// Compiled at run time by NVRTC. The same source also compiles as plain
// C++ (without __CUDACC__): the move generator, `make`, the keys, the
// transposition tables, the in-level deduplication and every kernel's
// per-thread step then run on the CPU, which is how the tests check them
// on machines without a GPU (crates/gpu/src/host_check.rs and
// tests/host_perft.cpp).
//
// Every position is stored from the side to move's point of view: the side
// to move is always "white", its pawns move up the board, and its back rank
// is rank 1. After a move the board is mirrored top to bottom (a byte swap
// of every bitboard), so the children of a position are in their own side
// to move's frame too. Perft counts do not depend on colour, so no kernel
// ever branches on it, and a position and its colour-mirrored twin share
// one count.

#ifdef __CUDACC__
#define BM_FN __device__ __forceinline__
#define BM_METHOD __device__ __forceinline__
#define BM_RESTRICT __restrict__
// Keeps a loop over a set's squares rolled: Lister's loops, unrolled, made
// count_two three times as long.
#define BM_NO_UNROLL _Pragma("unroll 1")
#else
#include <cstdint>
#define BM_FN static inline
#define BM_METHOD inline
#define BM_RESTRICT
#define BM_NO_UNROLL
#endif

typedef unsigned long long u64;
typedef unsigned int u32;
typedef unsigned short u16;

// ---------------------------------------------------------------------------
// The tables: one array of u64 in device memory, filled by the host from
// bitmoves-tables (crates/gpu/src/tables.rs writes this layout).
// ---------------------------------------------------------------------------

#define T_KNIGHT 0
#define T_KING 64
#define T_PAWN 128          // squares a pawn of the side to move attacks
#define T_BETWEEN 192       // [a * 64 + b]
#define T_LINE (T_BETWEEN + 4096)
#define T_ROOK_MASK (T_LINE + 4096)
#define T_ROOK_MAGIC (T_ROOK_MASK + 64)
#define T_ROOK_INDEX (T_ROOK_MAGIC + 64)   // offset << 8 | (shift - 32)
#define T_BISHOP_MASK (T_ROOK_INDEX + 64)
#define T_BISHOP_MAGIC (T_BISHOP_MASK + 64)
#define T_BISHOP_INDEX (T_BISHOP_MAGIC + 64)
#define T_ROOK_RAYS (T_BISHOP_INDEX + 64)    // rook moves on an empty board
#define T_BISHOP_RAYS (T_ROOK_RAYS + 64)    // bishop moves on an empty board
#define T_SLIDERS (T_BISHOP_RAYS + 64)

// ---------------------------------------------------------------------------
// Positions and moves.
// ---------------------------------------------------------------------------

// 64 bytes, the layout the host writes (crates/gpu/src/position.rs).
struct
#ifdef __CUDACC__
__align__(16)
#endif
Pos {
    u64 us;      // the side to move's pieces
    u64 occ;     // all pieces
    u64 pawns;
    u64 knights;
    u64 diag;    // bishops and queens
    u64 orth;    // rooks and queens
    u64 kings;
    u32 meta;    // META_* below
    u32 spare;   // unused, zero: keeps a position at eight words
};

// meta: bits 0-3 castling rights (ours king side, ours queen side, theirs
// king side, theirs queen side); bits 4-15 the files of those four rooks,
// three bits each, in the same order; bits 16-21 the en-passant square in
// this frame (0 for none: a1 is never one).
#define META_RIGHTS 15u
#define META_FILES_SHIFT 4
#define META_EP_SHIFT 16

// A move: bits 0-5 from, 6-11 to, 12-15 the kind. Castling is "king takes
// own rook": from is the king's square, to the rook's.
#define MV_NORMAL 0
#define MV_DOUBLE 1
#define MV_EP 2
#define MV_CASTLE_K 3
#define MV_CASTLE_Q 4
#define MV_PROMO_N 5
#define MV_PROMO_B 6
#define MV_PROMO_R 7
#define MV_PROMO_Q 8

#define FILE_A 0x0101010101010101ull
#define FILE_H 0x8080808080808080ull
#define RANK_3 0x0000000000ff0000ull
#define RANK_8 0xff00000000000000ull

BM_FN u64 bit(int square) { return 1ull << square; }
BM_FN int min_of(int a, int b) { return a < b ? a : b; }
BM_FN int max_of(int a, int b) { return a > b ? a : b; }

#ifdef __CUDACC__
BM_FN int lsb(u64 b) { return __ffsll((long long)b) - 1; }
BM_FN int popcount(u64 b) { return __popcll(b); }
BM_FN u64 mirror(u64 b) {
    u32 lo = (u32)b, hi = (u32)(b >> 32);
    return ((u64)__byte_perm(lo, 0, 0x0123) << 32) | (u64)__byte_perm(hi, 0, 0x0123);
}
BM_FN u64 load(const u64* BM_RESTRICT t, int i) { return __ldg(t + i); }
BM_FN u64 load_at(const u64* BM_RESTRICT t, u64 i) { return __ldg(t + i); }
#else
BM_FN int lsb(u64 b) { return __builtin_ctzll(b); }
BM_FN int popcount(u64 b) { return __builtin_popcountll(b); }
BM_FN u64 mirror(u64 b) { return __builtin_bswap64(b); }
BM_FN u64 load(const u64* t, int i) { return t[i]; }
BM_FN u64 load_at(const u64* t, u64 i) { return t[i]; }
#endif

// A square's entries are read as load(t + s, T_*): the square's address
// once, and each table's entry at a constant offset from it.

// A slider's moves from the square at `square` (t + s): the slider table's
// entry for the occupancy's bits under the square's mask, by the square's
// magic and index (offset << 8 | (shift - 32)): every shift is at least 32
// and every entry's place fits 32 bits (tables.rs checks both), so the key
// is the high word of the product shifted, and the place a 32-bit sum.
BM_FN u64 magic_attacks(const u64* BM_RESTRICT t, const u64* BM_RESTRICT square, int mask, int magic, int index,
                        u64 occ) {
    const u64 at = load(square, index);
    const u32 high = (u32)(((occ & load(square, mask)) * load(square, magic)) >> 32);
    const u32 key = high >> ((u32)at & 31);
    return load_at(t + T_SLIDERS, (u64)((u32)(at >> 8) + key));
}

BM_FN u64 rook_attacks(const u64* BM_RESTRICT t, int s, u64 occ) {
    return magic_attacks(t, t + s, T_ROOK_MASK, T_ROOK_MAGIC, T_ROOK_INDEX, occ);
}

BM_FN u64 bishop_attacks(const u64* BM_RESTRICT t, int s, u64 occ) {
    return magic_attacks(t, t + s, T_BISHOP_MASK, T_BISHOP_MAGIC, T_BISHOP_INDEX, occ);
}

BM_FN u64 between(const u64* BM_RESTRICT t, int a, int b) { return load(t, T_BETWEEN + a * 64 + b); }
BM_FN u64 line(const u64* BM_RESTRICT t, int a, int b) { return load(t, T_LINE + a * 64 + b); }

// Enemy sliders on `s`'s lines, blockers aside: where none is, the magic
// lookups for `s` can be skipped (BM_NO_PREFILTER turns this off, to
// measure it).
#ifdef BM_NO_PREFILTER
BM_FN bool may_see(const u64* BM_RESTRICT, int, u64, int) { return true; }
#else
BM_FN bool may_see(const u64* BM_RESTRICT t, int s, u64 sliders, int rays) {
    return (load(t + s, rays) & sliders) != 0;
}
#endif

// Whether the opponent attacks `s` with the board's pieces on `occ`.
BM_FN bool attacked(const u64* BM_RESTRICT t, const Pos& p, u64 them, int s, u64 occ) {
    const u64* BM_RESTRICT square = t + s;
    if ((load(square, T_PAWN) & p.pawns & them) | (load(square, T_KNIGHT) & p.knights & them)
        | (load(square, T_KING) & p.kings & them))
        return true;
    const u64 diag = p.diag & them, orth = p.orth & them;
    return (may_see(t, s, diag, T_BISHOP_RAYS) && (bishop_attacks(t, s, occ) & diag))
           || (may_see(t, s, orth, T_ROOK_RAYS) && (rook_attacks(t, s, occ) & orth));
}

// ---------------------------------------------------------------------------
// The legal move generator, written once for counting and for listing: a
// sink takes the moves either as a number or one by one.
// ---------------------------------------------------------------------------

// Counts moves without listing them.
struct Counter {
    u32 n;
    BM_METHOD void targets(int, u64 to, int) { n += popcount(to); }
    BM_METHOD void pawns(u64 to, int, int) { n += popcount(to); }
    BM_METHOD void promotions(u64 to, int) { n += 4 * popcount(to); }
    BM_METHOD void one(int, int, int) { n += 1; }
};

// Lists moves: each as a 16-bit move and its parent's index.
struct Writer {
    u16* BM_RESTRICT moves;
    u32* BM_RESTRICT parents;
    u32 parent;
    u64 n;
    BM_METHOD void put(int from, int to, int kind) {
        moves[n] = (u16)(from | (to << 6) | (kind << 12));
        parents[n] = parent;
        n += 1;
    }
    BM_METHOD void targets(int from, u64 to, int kind) {
        for (; to; to &= to - 1) put(from, lsb(to), kind);
    }
    BM_METHOD void pawns(u64 to, int delta, int kind) {
        for (; to; to &= to - 1) {
            int s = lsb(to);
            put(s - delta, s, kind);
        }
    }
    BM_METHOD void promotions(u64 to, int delta) {
        for (; to; to &= to - 1) {
            int s = lsb(to);
            for (int kind = MV_PROMO_N; kind <= MV_PROMO_Q; kind++) put(s - delta, s, kind);
        }
    }
    BM_METHOD void one(int from, int to, int kind) { put(from, to, kind); }
};

// Lists moves as 16-bit moves alone (count_two's list of one position).
struct Lister {
    u16* BM_RESTRICT moves;
    u32 n;
    BM_METHOD void put(int from, int to, int kind) { moves[n++] = (u16)(from | (to << 6) | (kind << 12)); }
    BM_METHOD void targets(int from, u64 to, int kind) {
        BM_NO_UNROLL for (; to; to &= to - 1) put(from, lsb(to), kind);
    }
    BM_METHOD void pawns(u64 to, int delta, int kind) {
        BM_NO_UNROLL for (; to; to &= to - 1) {
            int s = lsb(to);
            put(s - delta, s, kind);
        }
    }
    BM_METHOD void promotions(u64 to, int delta) {
        for (; to; to &= to - 1) {
            int s = lsb(to);
            for (int kind = MV_PROMO_N; kind <= MV_PROMO_Q; kind++) put(s - delta, s, kind);
        }
    }
    BM_METHOD void one(int from, int to, int kind) { put(from, to, kind); }
};

// The moves of one pawn (a pinned one) to `to`, promotions included.
template <class Sink>
BM_FN void pawn_moves(Sink& sink, int from, u64 to, int kind) {
    sink.targets(from, to & ~RANK_8, kind);
    for (u64 promo = to & RANK_8; promo; promo &= promo - 1) {
        int s = lsb(promo);
        sink.promotions(bit(s), s - from);
    }
}

template <class Sink>
BM_FN void generate(const u64* BM_RESTRICT t, const Pos& p, Sink& sink) {
    const u64 us = p.us, occ = p.occ, them = occ ^ us;
    const int king = lsb(p.kings & us);
    const u64 their_diag = p.diag & them, their_orth = p.orth & them;
    const u64* BM_RESTRICT at_king = t + king;
    u64 checkers = (load(at_king, T_PAWN) & p.pawns & them) | (load(at_king, T_KNIGHT) & p.knights & them);
    // Checkers and pinned pieces from the enemy sliders on the king's lines
    // (snipers): one with nothing between it and the king gives check, one
    // with a single piece between pins that piece if it is ours.
    u64 pinned = 0;
    for (u64 snipers = (load(at_king, T_BISHOP_RAYS) & their_diag) | (load(at_king, T_ROOK_RAYS) & their_orth);
         snipers; snipers &= snipers - 1) {
        const int s = lsb(snipers);
        const u64 b = between(t, king, s) & occ;
        if (!b) checkers |= bit(s);
        else if (!(b & (b - 1))) pinned |= b & us;
    }

    // The king, on squares the opponent does not attack once it has left.
    const u64 without_king = occ ^ bit(king);
    u64 king_to = 0;
    for (u64 to = load(at_king, T_KING) & ~us; to; to &= to - 1) {
        int s = lsb(to);
        if (!attacked(t, p, them, s, without_king)) king_to |= bit(s);
    }
    sink.targets(king, king_to, MV_NORMAL);
    if (checkers & (checkers - 1)) return;  // double check: the king alone

    // Where the other pieces may go: anywhere, or onto the checker or
    // between it and the king.
    const u64 target = checkers ? (checkers | between(t, king, lsb(checkers))) : ~us;

    for (u64 b = p.knights & us & ~pinned; b; b &= b - 1) {
        int s = lsb(b);
        sink.targets(s, load(t + s, T_KNIGHT) & target, MV_NORMAL);
    }
    for (u64 b = p.diag & us; b; b &= b - 1) {
        int s = lsb(b);
        u64 to = bishop_attacks(t, s, occ) & target;
        if (pinned & bit(s)) to &= line(t, king, s);
        sink.targets(s, to, MV_NORMAL);
    }
    for (u64 b = p.orth & us; b; b &= b - 1) {
        int s = lsb(b);
        u64 to = rook_attacks(t, s, occ) & target;
        if (pinned & bit(s)) to &= line(t, king, s);
        sink.targets(s, to, MV_NORMAL);
    }

    // Pawns that are not pinned, all at once.
    const u64 pawns = p.pawns & us;
    const u64 free_pawns = pawns & ~pinned, empty = ~occ;
    const u64 single = (free_pawns << 8) & empty;
    const u64 twice = ((single & RANK_3) << 8) & empty & target;
    const u64 push = single & target;
    const u64 west = ((free_pawns & ~FILE_A) << 7) & them & target;
    const u64 east = ((free_pawns & ~FILE_H) << 9) & them & target;
    sink.pawns(push & ~RANK_8, 8, MV_NORMAL);
    sink.pawns(twice, 16, MV_DOUBLE);
    sink.pawns(west & ~RANK_8, 7, MV_NORMAL);
    sink.pawns(east & ~RANK_8, 9, MV_NORMAL);
    sink.promotions(push & RANK_8, 8);
    sink.promotions(west & RANK_8, 7);
    sink.promotions(east & RANK_8, 9);

    // Pinned pawns, one by one, along the pin.
    for (u64 b = pawns & pinned; b; b &= b - 1) {
        int s = lsb(b);
        u64 along = line(t, king, s);
        u64 step = bit(s + 8) & empty;
        pawn_moves(sink, s, step & target & along, MV_NORMAL);
        sink.targets(s, ((step & RANK_3) << 8) & empty & target & along, MV_DOUBLE);
        pawn_moves(sink, s, load(t + s, T_PAWN) & them & target & along, MV_NORMAL);
    }

    // En passant: played out on the occupancy, since it can expose the king
    // along the rank of the two pawns as well as along a pin.
    const int ep = (p.meta >> META_EP_SHIFT) & 63;
    if (ep) {
        const u64 taken = bit(ep - 8);
        const u64 from = ((bit(ep) >> 9) & ~FILE_H) | ((bit(ep) >> 7) & ~FILE_A);
        const u64 other_checkers = checkers & ~taken & ~(p.diag | p.orth);
        for (u64 b = from & pawns; b; b &= b - 1) {
            int s = lsb(b);
            u64 after = (occ ^ bit(s) ^ taken) | bit(ep);
            bool exposed = other_checkers
                           || (bishop_attacks(t, king, after) & their_diag)
                           || (rook_attacks(t, king, after) & their_orth);
            if (!exposed) sink.one(s, ep, MV_EP);
        }
    }

    // Castling (Chess960 rules; standard chess is the case of rooks on the
    // a- and h-files): the squares both pieces cross must be empty but for
    // the two, and no square the king crosses or reaches attacked with the
    // rook gone.
    // A right is held only with the king on the back rank (rank 1).
    if (!checkers && (p.meta & 3) && king < 8) {
        for (int side = 0; side < 2; side++) {
            if (!(p.meta & (1u << side))) continue;
            const int rook = (p.meta >> (META_FILES_SHIFT + 3 * side)) & 7;
            const int king_to = side == 0 ? 6 : 2, rook_to = side == 0 ? 5 : 3;
            // The king's way and the rook's overlap, so together they are
            // the squares from the leftmost of the four to the rightmost.
            const int lo = min_of(min_of(king, rook), min_of(king_to, rook_to));
            const int hi = max_of(max_of(king, rook), max_of(king_to, rook_to));
            const u32 crossed = ((2u << hi) - (1u << lo)) & ~(1u << king) & ~(1u << rook);
            if ((u32)occ & crossed) continue;
            const u64 path = between(t, king, king_to) | bit(king_to);
            const u64 rookless = occ ^ bit(rook);
            bool safe = true;
            for (u64 b = path; b && safe; b &= b - 1) safe = !attacked(t, p, them, lsb(b), rookless);
            if (safe) sink.one(king, rook, side == 0 ? MV_CASTLE_K : MV_CASTLE_Q);
        }
    }
}

BM_FN u32 count_moves_of(const u64* BM_RESTRICT t, const Pos& p) {
    Counter counter = {0};
    generate(t, p, counter);
    return counter.n;
}

// ---------------------------------------------------------------------------
// Making a move: the child, mirrored into its own side to move's frame.
// ---------------------------------------------------------------------------

// `b` with the bit on `from` moved to `to`, if it has one.
BM_FN u64 carry(u64 b, u64 from, u64 both) { return (b & from) ? b ^ both : b; }

BM_FN Pos make(const Pos& p, u16 mv) {
    const int from = mv & 63, to = (mv >> 6) & 63, kind = mv >> 12;
    const u64 from_b = bit(from), to_b = bit(to);
    u64 us = p.us, them = p.occ ^ p.us;
    u64 pawns = p.pawns, knights = p.knights, diag = p.diag, orth = p.orth, kings = p.kings;
    u32 rights = p.meta & META_RIGHTS;
    const u32 files = (p.meta >> META_FILES_SHIFT) & 0xfff;
    int ep = 0;
    if (kind == MV_CASTLE_K || kind == MV_CASTLE_Q) {
        const u64 king_to = bit(kind == MV_CASTLE_K ? 6 : 2), rook_to = bit(kind == MV_CASTLE_K ? 5 : 3);
        kings = (kings & ~from_b) | king_to;
        orth = (orth & ~to_b) | rook_to;
        us = (us & ~(from_b | to_b)) | king_to | rook_to;
        rights &= ~3u;
    } else {
        const u64 taken = kind == MV_EP ? bit(to - 8) : to_b & them;
        pawns &= ~taken;
        knights &= ~taken;
        diag &= ~taken;
        orth &= ~taken;
        them &= ~taken;
        const u64 both = from_b | to_b;
        if (kings & from_b) rights &= ~3u;
        pawns = carry(pawns, from_b, both);
        knights = carry(knights, from_b, both);
        diag = carry(diag, from_b, both);
        orth = carry(orth, from_b, both);
        kings = carry(kings, from_b, both);
        us ^= both;
        if (kind >= MV_PROMO_N) {
            pawns &= ~to_b;
            if (kind == MV_PROMO_N) knights |= to_b;
            if (kind == MV_PROMO_B || kind == MV_PROMO_Q) diag |= to_b;
            if (kind == MV_PROMO_R || kind == MV_PROMO_Q) orth |= to_b;
        }
        // A rook leaving its corner, or taken on it, ends that right.
        if (from == (int)(files & 7)) rights &= ~1u;
        if (from == (int)((files >> 3) & 7)) rights &= ~2u;
        if (to == 56 + (int)((files >> 6) & 7)) rights &= ~4u;
        if (to == 56 + (int)((files >> 9) & 7)) rights &= ~8u;
        // An en-passant square only where a pawn could take on it: one
        // that no pawn can take changes no count, and left out it lets the
        // position meet its transpositions in the tables.
        if (kind == MV_DOUBLE && (((to_b << 1) & ~FILE_A) | ((to_b >> 1) & ~FILE_H)) & pawns & them)
            ep = (from + 8) ^ 56;
    }
    Pos c;
    c.us = mirror(them);
    c.occ = mirror(us | them);
    c.pawns = mirror(pawns);
    c.knights = mirror(knights);
    c.diag = mirror(diag);
    c.orth = mirror(orth);
    c.kings = mirror(kings);
    const u32 swapped_rights = ((rights & 3u) << 2) | ((rights >> 2) & 3u);
    const u32 swapped_files = ((files & 0x3f) << 6) | ((files >> 6) & 0x3f);
    c.meta = swapped_rights | (swapped_files << META_FILES_SHIFT) | ((u32)ep << META_EP_SHIFT);
    c.spare = 0;
    return c;
}

