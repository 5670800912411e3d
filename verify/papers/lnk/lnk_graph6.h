/*
 * lnk_graph6.h -- bit sets, the graph6 reader and the line loop shared by the LNK
 * kernels (links_kernel.c, strong_kernel.c, plain_kernel.c; driver kernel.py).
 *
 * graph6: byte 0 is n + 63, then the upper triangle of the adjacency matrix column by
 * column (i < j, j = 1..n-1), six bits per byte, each byte + 63.  Graphs are held as one
 * bit mask of neighbours per vertex.
 *
 * read_graph6_lines(fn) calls fn(line, length) for every line of standard input (a final
 * '\r' and empty lines skipped); fn returns 0, or -1 (not graph6) / -2 (too many vertices),
 * which stops the loop with one sentence on stderr and exit status 2.
 */
#ifndef LNK_GRAPH6_H
#define LNK_GRAPH6_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef MAXN
#define MAXN 13 /* play area <= 11 vertices: 3^11 memo states */
#endif
typedef uint32_t set;

static inline int popc(set s) { return __builtin_popcount(s); }
static inline int lowbit(set s) { return __builtin_ctz(s); }
#define BIT(v) ((set)1 << (v))

/* n, with adj[0..n-1] filled; -1 when not graph6, -2 when n > MAXN */
static int parse_graph6(const char *s, size_t len, set *adj) {
    if (len < 1 || s[0] < 63) return -1;
    int n = s[0] - 63;
    if (n > MAXN) return -2;
    size_t nbits = (size_t)n * (n - 1) / 2, need = 1 + (nbits + 5) / 6;
    if (len != need) return -1;
    for (int i = 0; i < n; i++) adj[i] = 0;
    size_t k = 0;
    int bitstream = 0, nb = 0;
    for (int j = 1; j < n; j++)
        for (int i = 0; i < j; i++) {
            if (nb == 0) {
                k++;
                bitstream = s[k] - 63;
                if (bitstream < 0 || bitstream > 63) return -1;
                nb = 6;
            }
            nb--;
            if (bitstream >> nb & 1) {
                adj[i] |= BIT(j);
                adj[j] |= BIT(i);
            }
        }
    return n;
}

typedef int (*line_fn)(char *line, size_t len);

/* 0 at the end of input; 2 (after one sentence on stderr) on a bad line */
static int read_graph6_lines(line_fn fn) {
    static char buf[1 << 20];
    size_t have = 0;
    unsigned long long lineno = 0;
    for (;;) {
        size_t got = fread(buf + have, 1, sizeof buf - have, stdin);
        int eof = got == 0;
        have += got;
        size_t p = 0;
        while (p < have) {
            char *nl = memchr(buf + p, '\n', have - p);
            if (!nl && !eof) break;
            size_t ll = nl ? (size_t)(nl - (buf + p)) : have - p;
            lineno++;
            size_t l2 = ll;
            if (l2 && buf[p + l2 - 1] == '\r') l2--;
            int rc = l2 ? fn(buf + p, l2) : 0;
            if (rc == -2) {
                fprintf(stderr, "Line %llu has more than %d vertices.\n", lineno, MAXN);
                return 2;
            }
            if (rc < 0) {
                fprintf(stderr, "Line %llu is not a graph6 string.\n", lineno);
                return 2;
            }
            p += ll + 1;
        }
        if (eof) break;
        memmove(buf, buf + p, have - p);
        have -= p;
        if (have == sizeof buf) {
            fprintf(stderr, "Line %llu is too long for graph6.\n", lineno + 1);
            return 2;
        }
    }
    return 0;
}

#endif
