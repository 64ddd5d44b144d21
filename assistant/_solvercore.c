/* The solver's compiled core: the same search as assistant.solver._search_plain, in C.

   Built by `make setup` into assistant/_solvercore.so (no headers, no libc calls, so any C
   compiler builds it) and loaded with ctypes by assistant/solver.py; without it the
   pure-Python search runs instead, and tests/test_solver.py checks that both find the same
   words with the same paths.

   The table is the dictionary's automaton (assistant/dictionary.py describes it): a state
   is the block of STRIDE cells at offset ref, or at ref + table_len when ref < 0 (the state
   ends a word); a zero cell means no transition.

   bga_search walks every path of a board of single letters, Qu tiles and blanks (slot -1)
   in depth-first order from tile 0 with neighbours in increasing index order, so paths come
   out in lexicographic order of their tile indices. It writes a record per word found:
   the tile count k, then the k tile indices. With dedupe set it keeps one record per word:
   the first found (the lexicographically smallest path), replaced only by a later path of
   fewer tiles (a Qu tile against a Q tile and a U tile); a replaced record's count is
   negated (the reader skips |k| indices). Returns the number of ints written, or -1 when
   out (cap ints) or the word hash (hcap ints, zeroed, a power of two) is too small: call
   again with larger buffers.

   bga_spell then writes the letters of each live record of out[0..written) to text, each
   word followed by a newline, and returns the number of chars (-1 if cap is too small);
   bga_rank does the same in the order a length game ranks the words (see below). */

#define STRIDE 28
#define QU_SLOT 26
#define MASK_SLOT 27
#define MAX_TILES 64

typedef unsigned long long u64;

static int spell(const int *slots, const int *tiles, int k, char *letters) {
    int m = 0;
    for (int i = 0; i < k; i++) {
        int s = slots[tiles[i]];
        if (s == QU_SLOT) {
            letters[m++] = 'q';
            letters[m++] = 'u';
        } else {
            letters[m++] = (char)('a' + s);
        }
    }
    return m;
}

int bga_search(const int *table, int table_len, int n, const int *slots, const int *nbrs,
               int min_len, int dedupe, int *out, int cap, int *hashtab, int hcap) {
    int tile[MAX_TILES], ref[MAX_TILES], next[MAX_TILES], spelled[MAX_TILES];
    char word[2 * MAX_TILES], other[2 * MAX_TILES];
    int written = 0, stored = 0;
    u64 used = 0;
    if (n > MAX_TILES || n <= 0) return -1;
    for (int start = 0; start < n; start++) {
        if (slots[start] < 0) continue;
        int first = table[slots[start]];
        if (!first) continue;
        int depth = 0;
        tile[0] = start;
        ref[0] = first;
        next[0] = 0;
        spelled[0] = slots[start] == QU_SLOT ? 2 : 1;
        used = 1ULL << start;
        for (;;) {
            int r = ref[depth];
            if (next[depth] == 0 && r < 0 && spelled[depth] >= min_len) {
                /* a word ends here: record it */
                int k = depth + 1;
                if (written + k + 1 > cap) return -1;
                if (dedupe) {
                    int m = spell(slots, tile, k, word);
                    unsigned h = 2166136261u;
                    for (int i = 0; i < m; i++) h = (h ^ (unsigned char)word[i]) * 16777619u;
                    unsigned slot = h & (unsigned)(hcap - 1);
                    int keep = 1;
                    for (;;) {
                        int at = hashtab[slot];
                        if (!at) {
                            if (2 * (stored + 1) > hcap) return -1;
                            hashtab[slot] = written + 1;
                            stored++;
                            break;
                        }
                        int old = out[at - 1];
                        int oldk = old < 0 ? -old : old;
                        int om = spell(slots, out + at, oldk, other);
                        int same = om == m;
                        for (int i = 0; same && i < m; i++) same = other[i] == word[i];
                        if (same) {
                            if (k < oldk) {
                                out[at - 1] = -oldk;
                                hashtab[slot] = written + 1;
                            } else {
                                keep = 0;
                            }
                            break;
                        }
                        slot = (slot + 1) & (unsigned)(hcap - 1);
                    }
                    if (!keep) goto step;
                }
                out[written++] = k;
                for (int i = 0; i < k; i++) out[written++] = tile[i];
            }
        step:
            if (next[depth] < 8) {
                int j = nbrs[tile[depth] * 8 + next[depth]];
                next[depth]++;
                if (j < 0 || (used >> j) & 1 || slots[j] < 0) continue;
                int base = r < 0 ? r + table_len : r;
                if (!(table[base + MASK_SLOT] >> slots[j] & 1)) continue;
                int child = table[base + slots[j]];
                depth++;
                tile[depth] = j;
                ref[depth] = child;
                next[depth] = 0;
                spelled[depth] = spelled[depth - 1] + (slots[j] == QU_SLOT ? 2 : 1);
                used |= 1ULL << j;
                continue;
            }
            used &= ~(1ULL << tile[depth]);
            if (depth == 0) break;
            depth--;
        }
    }
    return written;
}

int bga_spell(const int *slots, const int *out, int written, char *text, int cap) {
    int m = 0;
    for (int i = 0; i < written;) {
        int k = out[i];
        if (k < 0) {
            i += 1 - k;
            continue;
        }
        if (m + 2 * k + 1 > cap) return -1;
        m += spell(slots, out + i + 1, k, text + m);
        text[m++] = '\n';
        i += 1 + k;
    }
    return m;
}

/* Word order of a length game: longer words first, then alphabetical. */
static int before(const int *slots, const int *out, int x, int y) {
    char a[2 * MAX_TILES], b[2 * MAX_TILES];
    int m = spell(slots, out + x + 1, out[x], a);
    int n = spell(slots, out + y + 1, out[y], b);
    if (m != n) return m > n;
    for (int i = 0; i < m; i++)
        if (a[i] != b[i]) return a[i] < b[i];
    return 0;
}

/* bga_rank: the live records of out[0..written) (one per word, from a dedupe search) in
   length-game order: their offsets in order[0..n) (order has room for 2 * n: the second
   half is scratch for the merge sort) and their letters in text, each word followed by a
   newline. Returns n, or -1 if ocap or tcap is too small. */
int bga_rank(const int *slots, const int *out, int written, int *order, int ocap, char *text,
             int tcap) {
    int n = 0, m = 0;
    for (int i = 0; i < written;) {
        int k = out[i];
        if (k > 0) {
            if (2 * (n + 1) > ocap) return -1;
            order[n++] = i;
            i += 1 + k;
        } else {
            i += 1 - k;
        }
    }
    int *src = order, *dst = order + n;
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n;
            int hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, o = lo;
            while (i < mid && j < hi)
                dst[o++] = before(slots, out, src[j], src[i]) ? src[j++] : src[i++];
            while (i < mid) dst[o++] = src[i++];
            while (j < hi) dst[o++] = src[j++];
        }
        int *swap = src;
        src = dst;
        dst = swap;
    }
    if (src != order)
        for (int i = 0; i < n; i++) order[i] = src[i];
    for (int i = 0; i < n; i++) {
        int at = order[i];
        if (m + 2 * out[at] + 1 > tcap) return -1;
        m += spell(slots, out + at + 1, out[at], text + m);
        text[m++] = '\n';
    }
    return n;
}
