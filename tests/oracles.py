"""Brute-force definitions used as independent oracles (O(n^2) or O(n!) by design).

They follow the documents' formulas literally and share no code with the library.
"""

import itertools
import math

import numpy as np


def dcg_of_order(gains, order, discount_weights):
    return sum(gains[i] * discount_weights[p] for p, i in enumerate(order))


def dcg_all_tie_orders(gains, scores, weights):
    """Mean DCG over every order consistent with the scores (all tie-breakings)."""
    n = len(scores)
    vals = []
    for perm in itertools.permutations(range(n)):
        if all(scores[perm[p]] >= scores[perm[p + 1]] for p in range(n - 1)):
            vals.append(dcg_of_order(gains, perm, weights))
    return sum(vals) / len(vals), min(vals), max(vals)


def log2_weights(n):
    return [1 / math.log2(1 + r) for r in range(1, n + 1)]


def pair_counts_brute(x, y):
    n = len(x)
    c = d = tx = ty = txy = 0
    for i in range(n):
        for j in range(i + 1, n):
            sx = np.sign(x[i] - x[j])
            sy = np.sign(y[i] - y[j])
            if sx == 0:
                tx += 1
            if sy == 0:
                ty += 1
            if sx == 0 and sy == 0:
                txy += 1
            if sx * sy > 0:
                c += 1
            elif sx * sy < 0:
                d += 1
    return c, d, tx, ty, txy


def r_loss_brute(y, s):
    """Jin & Geng eq. (4): sum over a<b of (b-a) I[f(x^b) < f(x^a)]."""
    total = 0
    n = len(y)
    for i in range(n):
        for j in range(n):
            if y[i] > y[j] and s[i] < s[j]:
                total += y[i] - y[j]
    return total


def r_k_brute(y, s, k):
    """Jin & Geng eq. (7)."""
    return sum(1 for i in range(len(y)) for j in range(len(y))
               if y[i] > k >= y[j] and s[i] < s[j])
