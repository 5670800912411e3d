/* Bitboards of the Hex kernel (hexsolve.c): one bit per cell (type bb), and one bit per
 * vertex of the H-search's vertex masks (type vm).  The kernel is compiled in three
 * builds, chosen by the macros HEX_WIDE and HEX_VM128 (verify/papers/hex/solver.py picks
 * one per board size):
 *
 * narrow (neither macro; the source compiled alone): 64 bits for both; used for boards
 * of up to 62 cells (it takes 64), where every H-search graph fits (the two sides, the other chains and the vacant
 * cells: at most 2 + R*C vertices; on 63-64 cells the H-search would be skipped at nodes
 * with more than 64 vertices, every node of a nearly empty 8x8 board);
 * mid (HEX_VM128 1): cells in 64 bits, vertex masks in 128 (gcc's unsigned __int128):
 * boards of 63-64 cells, 8x8 among them, with the H-search at every node (added
 * 2026-11-27: 8x8 went to the wide build before, which took 1.25x the CPU — measured
 * on 8x8 d1, b7, g2: same nodes, -20 % CPU; the narrow build with 128-bit vertex masks
 * took +3 % CPU on 7x7, hence a build of its own);
 * wide (HEX_WIDE 1): 128 bits for both; boards up to 128 cells — 11x11 is 121.
 *
 * All three run the same code, and on a board small enough for two of them they take
 * the same steps (bb_fold() gives the table hash of the low word when the high word is
 * zero), so they answer with the same carriers and node counts.  The operations used on
 * bb and vm beyond C's integer operators (& | ^ ~ << >> - and x & -x, x & (x - 1), which
 * work on both types) are the inline helpers below. */
#ifndef HEXBITS_H
#define HEXBITS_H

#include <stdint.h>
#include <stdio.h>

#ifndef HEX_WIDE
#define HEX_WIDE 0
#endif

/* index of the lowest set bit of a 128-bit word (x != 0) */
static inline int ctz128(unsigned __int128 x) {
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

#if HEX_WIDE
typedef unsigned __int128 bb;
#define BB_BITS 128
static inline int bb_ctz(bb x) { return ctz128(x); }
static inline int bb_popcount(bb x) {
    return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}
/* 64 bits for the table hash: the low word when the high word is zero */
static inline uint64_t bb_fold(bb x) {
    return (uint64_t)x ^ (uint64_t)(x >> 64) * 0xD6E8FEB86659FD93ULL;
}
#else
typedef uint64_t bb;
#define BB_BITS 64
static inline int bb_ctz(bb x) { return __builtin_ctzll(x); }
static inline int bb_popcount(bb x) { return __builtin_popcountll(x); }
static inline uint64_t bb_fold(bb x) { return x; }
#endif

#define BIT(i) ((bb)1 << (i))
#define BB_ALL (~(bb)0)

#ifndef HEX_VM128
#define HEX_VM128 HEX_WIDE
#endif
#if HEX_VM128
typedef unsigned __int128 vm;
#define VM_BITS 128
static inline int vm_ctz(vm x) { return ctz128(x); }
#else
typedef uint64_t vm;
#define VM_BITS 64
static inline int vm_ctz(vm x) { return __builtin_ctzll(x); }
#endif
#define VBIT(i) ((vm)1 << (i))

/* Parse a bitboard written in hexadecimal (no prefix, at least one digit); 0 when the
 * text is not hex or the value does not fit in BB_BITS bits. */
static int bb_parse(const char *s, bb *out) {
    bb v = 0;
    if (!*s) return 0;
    for (; *s; s++) {
        int d;
        if (*s >= '0' && *s <= '9') d = *s - '0';
        else if (*s >= 'a' && *s <= 'f') d = *s - 'a' + 10;
        else if (*s >= 'A' && *s <= 'F') d = *s - 'A' + 10;
        else return 0;
        if (v >> (BB_BITS - 4)) return 0; /* one more digit would overflow */
        v = v << 4 | (bb)d;
    }
    *out = v;
    return 1;
}

/* Print a bitboard in hexadecimal, lowercase, no leading zeros (as printf's %llx). */
static void bb_print(FILE *f, bb x) {
#if HEX_WIDE
    uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
    if (hi) fprintf(f, "%llx%016llx", (unsigned long long)hi, (unsigned long long)lo);
    else fprintf(f, "%llx", (unsigned long long)lo);
#else
    fprintf(f, "%llx", (unsigned long long)x);
#endif
}

#endif
