"""rankmeasures.trec.retrieval: trec_eval's binary measures, and their expectation over every
order of tied documents in closed form, against enumeration of those orders in exact
rational arithmetic (the definitions below are written from trec_eval's documentation,
not from the module)."""

from fractions import Fraction
from itertools import permutations, product

import numpy as np
import pytest

from rankmeasures.trec.retrieval import ranked_measure


def _naive(measure, rel, big_r, k):
    """One measure of one ranked list of 0/1, as trec_eval 9 defines it, in fractions."""
    top = rel if k is None else rel[:k]
    if measure == "P":
        return Fraction(sum(top), k)
    if measure == "recall":
        return Fraction(sum(top), big_r) if big_r else Fraction(0)
    if measure == "Rprec":
        return Fraction(sum(rel[:big_r]), big_r) if big_r else Fraction(0)
    if measure == "success":
        return Fraction(int(any(top)))
    if measure == "RR":
        return next((Fraction(1, i + 1) for i, r in enumerate(top) if r), Fraction(0))
    if measure == "AP":
        if not big_r:
            return Fraction(0)
        return sum((Fraction(sum(top[: i + 1]), i + 1) for i, r in enumerate(top) if r),
                   Fraction(0)) / big_r
    raise AssertionError(measure)


def _expected_over_orders(measure, rel, sizes, big_r, k):
    """The mean of the measure over every order inside each tie group."""
    groups, at = [], 0
    for s in sizes:
        groups.append(rel[at:at + s])
        at += s
    orders = [list(permutations(grp)) for grp in groups]  # m! orders, repeats included
    total, count = Fraction(0), 0
    for combo in product(*orders):
        total += _naive(measure, [x for grp in combo for x in grp], big_r, k)
        count += 1
    return total / count


CASES = [("P", 1), ("P", 3), ("P", 7), ("recall", 2), ("recall", 5), ("success", 1),
         ("success", 3), ("success", 6), ("AP", None), ("AP", 3), ("RR", None), ("RR", 2),
         ("RR", 4), ("Rprec", None)]


def _random_lists(seed, n_queries):
    rng = np.random.default_rng(seed)
    rels, sizes, big_rs = [], [], []
    for _ in range(n_queries):
        n = int(rng.integers(0, 8))
        s = []
        while sum(s) < n:
            s.append(int(min(rng.integers(1, 5), n - sum(s))))
        r = [int(x) for x in rng.random(n) < rng.random()]
        rels.append(r)
        sizes.append(s)
        big_rs.append(sum(r) + int(rng.integers(0, 3)))  # some relevant never retrieved
    return rels, sizes, big_rs


@pytest.mark.parametrize(("measure", "k"), CASES)
def test_expectation_over_tie_orders_equals_enumeration(measure, k):
    rels, sizes, big_rs = _random_lists(CASES.index((measure, k)), 60)
    rels[0], sizes[0], big_rs[0] = [0, 1, 1, 0, 1], [5], 3  # one group holding the list
    flat = np.array([x for r in rels for x in r], dtype=float)
    offsets = np.concatenate([[0], np.cumsum([len(r) for r in rels])])
    starts = np.zeros(flat.size, bool)
    starts[np.cumsum([0] + [x for s in sizes for x in s])[:-1]] = True
    got = ranked_measure(measure, flat, offsets, np.array(big_rs), k=k, group_starts=starts)
    want = [float(_expected_over_orders(measure, r, s, b, k))
            for r, s, b in zip(rels, sizes, big_rs, strict=True)]
    np.testing.assert_allclose(got, want, rtol=1e-13, atol=1e-15)
    # without groups: the order as given
    got = ranked_measure(measure, flat, offsets, np.array(big_rs), k=k)
    want = [float(_naive(measure, r, b, k)) for r, b in zip(rels, big_rs, strict=True)]
    np.testing.assert_allclose(got, want, rtol=1e-15, atol=0)


def test_by_hand():
    # ranks: rel, non, [rel non non] tied, rel ; R = 4
    rel = np.array([1, 0, 1, 0, 0, 1.0])
    starts = np.array([1, 1, 1, 0, 0, 1], bool)
    off = np.array([0, 6])
    r = np.array([4])
    # P@4: 1 + 0 + 2 ranks of the tie (1/3 relevant each) = 5/3, / 4
    assert ranked_measure("P", rel, off, r, k=4, group_starts=starts)[0] == pytest.approx(5 / 12)
    # success@1 = 1; RR = 1 (first rank relevant)
    assert ranked_measure("RR", rel, off, r, group_starts=starts)[0] == 1.0
    # AP, order as given: (1/1 + 2/3 + 3/6) / 4
    assert ranked_measure("AP", rel, off, r)[0] == pytest.approx((1 + 2 / 3 + 3 / 6) / 4)
    # AP over the tie: the relevant one at rank 3, 4 or 5 (1/3 each): precision 2/3, 2/4,
    # 2/5; the last rank 3/6 always
    want = (1 + (2 / 3 + 2 / 4 + 2 / 5) / 3 + 3 / 6) / 4
    assert ranked_measure("AP", rel, off, r, group_starts=starts)[0] == pytest.approx(want)


def test_bad_arguments():
    rel, off, r = np.array([1.0]), np.array([0, 1]), np.array([1])
    with pytest.raises(ValueError, match="measure"):
        ranked_measure("MAP", rel, off, r)
    with pytest.raises(ValueError, match="k: P needs a cut-off"):
        ranked_measure("P", rel, off, r)
    with pytest.raises(ValueError, match="k: Rprec takes no cut-off"):
        ranked_measure("Rprec", rel, off, r, k=3)
    with pytest.raises(ValueError, match="k: must be a positive integer"):
        ranked_measure("P", rel, off, r, k=0)
    with pytest.raises(ValueError, match="offsets"):
        ranked_measure("AP", rel, np.array([0, 2]), r)
    with pytest.raises(ValueError, match="num_rel"):
        ranked_measure("AP", rel, off, np.array([1, 2]))
    with pytest.raises(ValueError, match="relevant: must hold booleans or 0/1"):
        ranked_measure("AP", np.array([2.0]), off, r)


@pytest.mark.parametrize(("measure", "k"), CASES)
def test_queries_without_retrieved_documents_score_zero(measure, k):
    rel = np.array([1.0, 0.0, 1.0])
    off = np.array([0, 0, 3, 3])  # an empty query first and last
    r = np.array([1, 2, 1])
    for starts in (None, np.array([1, 0, 1], bool)):
        got = ranked_measure(measure, rel, off, r, k=k, group_starts=starts)
        assert got[0] == 0.0 and got[2] == 0.0
        assert got[1] == pytest.approx(float(_expected_over_orders(
            measure, [1, 0, 1], [1, 1, 1] if starts is None else [2, 1], 2, k)), rel=1e-14)
