// Bulk perft on an NVIDIA GPU: the kernels of bitmoves-gpu.
//
// Compiled at run time by NVRTC (crates/gpu/src/device.rs). The same file
// also compiles as plain C++ (without __CUDACC__): the move generator,
// `make`, the keys, the transposition tables, the in-level deduplication
// and every kernel's per-thread step then run on the CPU, which is how the
// tests check them on machines without a GPU (crates/gpu/src/host_check.rs
// and tests/host_perft.cpp).
//
// Every position is stored from the side to move's point of view: the side
// to move is always "white", its pawns move up the board, and its back rank
// is rank 1. After a move the board is mirrored top to bottom (a byte swap
// of every bitboard), so the children of a position are in their own side
// to move's frame too. Perft counts do not depend on colour, so no kernel
// ever branches on it, and a position and its colour-mirrored twin share
// one count.
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
// count_two counts a level of two plies left in one kernel: each warp
// pools its 32 positions' moves in shared memory, then its
// threads take the pool's moves in turn, make each and count the child's
// legal moves without making them, and add the counts up per position.
// count_leaves counts a level of one ply left (a search of depth one).

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
#define T_ROOK_INDEX (T_ROOK_MAGIC + 64)   // offset << 8 | shift
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
#else
BM_FN int lsb(u64 b) { return __builtin_ctzll(b); }
BM_FN int popcount(u64 b) { return __builtin_popcountll(b); }
BM_FN u64 mirror(u64 b) { return __builtin_bswap64(b); }
BM_FN u64 load(const u64* t, int i) { return t[i]; }
#endif

BM_FN u64 rook_attacks(const u64* BM_RESTRICT t, int s, u64 occ) {
    u64 index = load(t, T_ROOK_INDEX + s);
    u64 key = ((occ & load(t, T_ROOK_MASK + s)) * load(t, T_ROOK_MAGIC + s)) >> (index & 63);
    return load(t, T_SLIDERS + (int)(index >> 8) + (int)key);
}

BM_FN u64 bishop_attacks(const u64* BM_RESTRICT t, int s, u64 occ) {
    u64 index = load(t, T_BISHOP_INDEX + s);
    u64 key = ((occ & load(t, T_BISHOP_MASK + s)) * load(t, T_BISHOP_MAGIC + s)) >> (index & 63);
    return load(t, T_SLIDERS + (int)(index >> 8) + (int)key);
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
    return (load(t, rays + s) & sliders) != 0;
}
#endif

// Whether the opponent attacks `s` with the board's pieces on `occ`.
BM_FN bool attacked(const u64* BM_RESTRICT t, const Pos& p, u64 them, int s, u64 occ) {
    if ((load(t, T_PAWN + s) & p.pawns & them) | (load(t, T_KNIGHT + s) & p.knights & them)
        | (load(t, T_KING + s) & p.kings & them))
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
    u64 checkers = (load(t, T_PAWN + king) & p.pawns & them) | (load(t, T_KNIGHT + king) & p.knights & them);
    // Checkers and pinned pieces from the enemy sliders on the king's lines
    // (snipers): one with nothing between it and the king gives check, one
    // with a single piece between pins that piece if it is ours.
    u64 pinned = 0;
    for (u64 snipers = (load(t, T_BISHOP_RAYS + king) & their_diag) | (load(t, T_ROOK_RAYS + king) & their_orth);
         snipers; snipers &= snipers - 1) {
        const int s = lsb(snipers);
        const u64 b = between(t, king, s) & occ;
        if (!b) checkers |= bit(s);
        else if (!(b & (b - 1))) pinned |= b & us;
    }

    // The king, on squares the opponent does not attack once it has left.
    const u64 without_king = occ ^ bit(king);
    u64 king_to = 0;
    for (u64 to = load(t, T_KING + king) & ~us; to; to &= to - 1) {
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
        sink.targets(s, load(t, T_KNIGHT + s) & target, MV_NORMAL);
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
        pawn_moves(sink, s, load(t, T_PAWN + s) & them & target & along, MV_NORMAL);
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
