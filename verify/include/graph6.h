/*
 * graph6.h -- the one graph6 reader (and writer) of the compiled kernels (shared C header).
 *
 * Used by every kernel that reads graphs: the LNK kernels (through lnk_graph6.h),
 * TSD's Table 1 kernel (table1_kernel.c) and the Shannon-game solver
 * (verify/solve/shannon_kernel.c).  The compile helper (verify/tables/kernel.py)
 * passes this directory with -I and hashes the headers found here with each kernel's
 * source, so an edit here rebuilds every kernel that includes it.
 *
 * graph6: byte 0 is n + 63, then the upper triangle of the adjacency matrix column by
 * column ((0,1) (0,2) (1,2) (0,3) ...), six bits per byte, most significant first, each
 * byte + 63.  Read as a little-endian bit stream (each byte's six bits reversed), column
 * j is the j bits at offset j(j-1)/2, bit i standing for the edge ij.  Only the short
 * form (n <= 62) is read.
 *
 * The includer chooses the bit-set type of a neighbourhood: define G6_SET before the
 * #include (default uint64_t); graphs are read into one G6_SET of neighbours per vertex.
 *
 *   graph6_parse(s, len, maxn, adj)  n, with adj[0..n-1] filled; -1 when s[0..len) is not
 *                                    graph6, -2 when it has more than maxn vertices
 *   graph6_write(n, adj, out)        the short form of (n <= 62, adj) into out (room for
 *                                    G6_MAX_BYTES + 1 bytes), NUL-terminated; the LNK
 *                                    class kernel prints the graphs it builds with it
 *   graph6_lines(fn, maxn)           calls fn(line, length) for every line of standard
 *                                    input as soon as it has arrived (read(2), not a
 *                                    buffered fread: a driver may send one line and
 *                                    wait for its answer; a final '\r' cut, empty lines
 *                                    skipped); fn
 *                                    returns 0, or -1 / -2 as graph6_parse, which stops
 *                                    the loop with one sentence on stderr: returns 2,
 *                                    else 0 at the end of input
 *
 * The sentences: "Line K is not a graph6 string." (-1; an includer may define
 * G6_NOT_GRAPH6 to the text after "Line K ", e.g. "is not a graph6 string on at most 62
 * vertices.") and "Line K has more than MAXN vertices." (-2), "Line K is too long for
 * graph6." (a line longer than the 1 MiB buffer).
 */
#ifndef SV_GRAPH6_H
#define SV_GRAPH6_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef G6_SET
#define G6_SET uint64_t
#endif

#ifndef G6_NOT_GRAPH6
#define G6_NOT_GRAPH6 "is not a graph6 string."
#endif

#define G6_MAX_BYTES (1 + (62 * 61 / 2 + 5) / 6) /* the short form: n <= 62 */

static void graph6_write(int n, const G6_SET *adj, char *out) {
    int k = 0, bits = 0, acc = 0;
    out[k++] = (char)(63 + n);
    for (int j = 1; j < n; j++)
        for (int i = 0; i < j; i++) {
            acc = acc << 1 | (int)(adj[i] >> j & 1);
            if (++bits == 6) {
                out[k++] = (char)(63 + acc);
                bits = acc = 0;
            }
        }
    if (bits) out[k++] = (char)(63 + (acc << (6 - bits)));
    out[k] = 0;
}

static int graph6_parse(const char *s, size_t len, int maxn, G6_SET *adj) {
    static uint8_t rev6[64];
    static int ready = 0;
    if (!ready) {
        for (int x = 0; x < 64; x++)
            for (int b = 0; b < 6; b++)
                if (x >> b & 1) rev6[x] |= (uint8_t)(1 << (5 - b));
        ready = 1;
    }
    if (len < 1 || s[0] < 63) return -1;
    int n = s[0] - 63;
    if (n > maxn || n > 62 || n > (int)(8 * sizeof(G6_SET))) return -2;
    size_t nbits = (size_t)n * (n - 1) / 2, need = 1 + (nbits + 5) / 6;
    if (len != need) return -1;
    uint64_t word[(G6_MAX_BYTES - 1) * 6 / 64 + 2];
    size_t nwords = (len - 1) * 6 / 64 + 2;
    memset(word, 0, nwords * sizeof word[0]);
    for (size_t c = 1; c < len; c++) {
        int x = s[c] - 63;
        if (x < 0 || x > 63) return -1;
        size_t pos = 6 * (c - 1);
        uint64_t v = rev6[x];
        word[pos >> 6] |= v << (pos & 63);
        if ((pos & 63) > 58) word[(pos >> 6) + 1] |= v >> (64 - (pos & 63));
    }
    for (int i = 0; i < n; i++) adj[i] = 0;
    for (int j = 1; j < n; j++) {
        size_t off = (size_t)j * (j - 1) / 2, sh = off & 63;
        uint64_t col = word[off >> 6] >> sh;
        if (sh && sh + j > 64) col |= word[(off >> 6) + 1] << (64 - sh);
        col &= ((uint64_t)1 << j) - 1;
        adj[j] = (G6_SET)col;
        for (uint64_t t = col; t; t &= t - 1) adj[__builtin_ctzll(t)] |= (G6_SET)1 << j;
    }
    return n;
}

typedef int (*graph6_line_fn)(char *line, size_t len);

static int graph6_lines(graph6_line_fn fn, int maxn) {
    static char buf[1 << 20];
    size_t have = 0;
    unsigned long long lineno = 0;
    for (;;) {
        ssize_t got = read(STDIN_FILENO, buf + have, sizeof buf - have); /* what is there: a query
                                                                          is answered at once */
        if (got < 0 && errno == EINTR) continue;
        int eof = got <= 0;
        if (got > 0) have += (size_t)got;
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
                fprintf(stderr, "Line %llu has more than %d vertices.\n", lineno, maxn);
                return 2;
            }
            if (rc < 0) {
                fprintf(stderr, "Line %llu " G6_NOT_GRAPH6 "\n", lineno);
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
