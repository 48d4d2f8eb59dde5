/* The compiled C anchor of the hand evaluation benchmarks: phevaluator's evaluate_7cards (its C
 * sources, downloaded from PyPI and compiled at benchmark time by _anchor.py) called in plain C
 * loops, so the benchmark can time a C evaluator on the very array showdown evaluates.
 *
 * Card ids are 4 * rank + suit, rank 0..12 for 2..A, suit 0..3 for c, d, h, s: the same in
 * phevaluator and showdown. phevaluator's value is 1 (a royal flush) to 7462 (7-5-4-3-2):
 * lower is better. */
#include <stdint.h>
#include <string.h>

int evaluate_7cards(int a, int b, int c, int d, int e, int f, int g);

/* out[i] = the value of row i of an (n, 7) C-ordered array of card ids. */
void anchor_evaluate_rows(const uint8_t *ids, int64_t n, int16_t *out) {
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *r = ids + 7 * i;
        out[i] = (int16_t)evaluate_7cards(r[0], r[1], r[2], r[3], r[4], r[5], r[6]);
    }
}

/* The last value of each category, best first: straight flush, four of a kind, full house,
 * flush, straight, three of a kind, two pair, one pair, high card. */
static const int LAST_OF_CATEGORY[9] = {10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462};

/* counts[category] over every one of the C(52, 7) hands, category 0 = high card ..
 * 8 = straight flush (showdown's numbering), each hand evaluated from its seven ids. */
void anchor_census7(int64_t *counts) {
    static int64_t by_value[7463];
    memset(by_value, 0, sizeof by_value);
    for (int a = 0; a < 46; a++)
        for (int b = a + 1; b < 47; b++)
            for (int c = b + 1; c < 48; c++)
                for (int d = c + 1; d < 49; d++)
                    for (int e = d + 1; e < 50; e++)
                        for (int f = e + 1; f < 51; f++)
                            for (int g = f + 1; g < 52; g++)
                                by_value[evaluate_7cards(a, b, c, d, e, f, g)]++;
    for (int k = 0; k < 9; k++) counts[k] = 0;
    int category = 8;
    for (int value = 1; value <= 7462; value++) {
        if (value > LAST_OF_CATEGORY[8 - category]) category--;
        counts[category] += by_value[value];
    }
}
