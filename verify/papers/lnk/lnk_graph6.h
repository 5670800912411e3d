/*
 * lnk_graph6.h -- the bit sets of the LNK kernels (links_kernel.c, strong_kernel.c,
 * plain_kernel.c; driver kernel.py), and their graph6 reader: the shared graph6.h
 * (verify/include/), read into 32-bit neighbourhoods of at most MAXN vertices:
 *
 *   graph6_parse(line, len, MAXN, adj)   n, or -1 (not graph6) / -2 (too many vertices)
 *   graph6_lines(fn, MAXN)               fn(line, length) for every line of standard
 *                                        input; a bad line stops the loop with one
 *                                        sentence on stderr and exit status 2
 */
#ifndef LNK_GRAPH6_H
#define LNK_GRAPH6_H

#include <stdint.h>

#ifndef MAXN
#define MAXN 13 /* play area <= 11 vertices: 3^11 memo states */
#endif
typedef uint32_t set;

static inline int popc(set s) { return __builtin_popcount(s); }
static inline int lowbit(set s) { return __builtin_ctz(s); }
#define BIT(v) ((set)1 << (v))

#define G6_SET set
#include "graph6.h"

#endif
