"""trec_eval's whole ``all_trec`` catalogue through ``evaluate``: every value against
pytrec_eval (trec_eval 9 inside) on random collections with ties, unjudged and
never-retrieved documents, negative grades, at relevance levels 1, 2 and 3, both ways the
ranking is found; the options ``-M``, ``-J``, ``-c``; parameterised measures; and the
measures pytrec_eval lacks against literal implementations of their definitions (trec_eval
10's C source, Moffat & Zobel 2008, Chapelle et al. 2009)."""

import math
from pathlib import Path

import numpy as np
import pytest
import pytrec_eval
from test_evaluate_measures import _collection

from rankmeasures import evaluate
from rankmeasures.trec.declarations import GROUPS
from rankmeasures.trec.measure_names import parse_measures

# pytrec_eval embeds trec_eval 9, which turns a recall point p into (long)(p R + 0.9)
# relevant documents; trec_eval 10 (our default) into lround(p R). Against pytrec_eval
# we evaluate with trec_eval 9's rules (trec_eval="9"); trec_eval 10's is checked against
# its C source below.
TREC9 = {"trec_eval": "9"}


@pytest.fixture(params=["judged only", "every document"])
def trec_order(request, monkeypatch):
    from rankmeasures.trec import _trec_order as runs

    monkeypatch.setattr(runs, "_SPARSE_JUDGED",
                        float("inf") if request.param == "judged only" else -1.0)
    return request.param


def _compare(ev, ref, keys):
    """Ours against pytrec_eval's, key by key (``keys``: names, or ours -> theirs).
    pytrec_eval's gm_map and gm_bpref per query are the logs of the values whose
    geometric mean it prints; ours are the values (AP and bpref floored at 1e-5)."""
    qs = list(ev.query_ids)
    assert qs == sorted(ref)
    for ours, theirs in (keys.items() if isinstance(keys, dict) else ((k, k) for k in keys)):
        want = np.array([ref[q][theirs] for q in qs])
        got = np.log(ev[ours].values) if theirs in ("gm_map", "gm_bpref") else ev[ours].values
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-13, err_msg=ours)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_all_trec_matches_pytrec_eval(level, trec_order):
    qrels, run = _collection(level + 10, 600)
    ref = pytrec_eval.RelevanceEvaluator(qrels, {"all_trec"},
                                         relevance_level=level).evaluate(run)
    ev = evaluate(qrels, run, "all_trec", rel=level, **TREC9)
    keys = [k for k in next(iter(ref.values())) if k not in ("runid", "relstring")]
    assert len(keys) == 93  # pytrec_eval's all_trec: trec_eval 9's, without dcg, ideal_dcg
    _compare(ev, ref, keys)
    gm = ("gm_map", "gm_bpref")
    # the summaries trec_eval prints: sums for counts, geometric means for gm_*; the
    # means are the values' means
    for key in ("num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret"):
        assert ev[key].summary_kind == "sum"
        assert ev.summaries[key] == sum(ref[q][key] for q in ref)
        assert ev.means[key] == pytest.approx(np.mean([ref[q][key] for q in ref]), rel=1e-12)
    for key in gm:
        assert ev[key].summary_kind == "geometric_mean"
        assert ev.summaries[key] == pytest.approx(
            math.exp(np.mean([ref[q][key] for q in ref])), rel=1e-12)
        assert ev.means[key] == pytest.approx(np.mean([math.exp(ref[q][key]) for q in ref]),
                                              rel=1e-12)
    assert ev.summaries["num_q"] == len(ref) and ev.means["num_q"] == 1
    assert ev.means["map"] == pytest.approx(np.mean([ref[q]["map"] for q in ref]), rel=1e-12)
    assert ev.summaries["map"] == pytest.approx(ev.means["map"], rel=1e-12)


def test_parameterised_measures_match_pytrec_eval():
    qrels, run = _collection(21, 400)
    pairs = {"P.5,7,3": ["P_3", "P_5", "P_7"], "Rprec_mult.5.0,0.2": ["Rprec_mult_0.20",
                                                                       "Rprec_mult_5.00"],
             "iprec_at_recall.0.10,0.25": ["iprec_at_recall_0.10", "iprec_at_recall_0.25"],
             "success.2,5": ["success_2", "success_5"], "recall.20,2000": ["recall_20",
                                                                            "recall_2000"],
             "relative_P.3": {"relative_P.3": "relative_P_3"},
             "map_cut.3": {"map_cut.3": "map_cut_3"}}
    for measure, keys in pairs.items():
        ref = pytrec_eval.RelevanceEvaluator(qrels, {measure}).evaluate(run)
        ev = evaluate(qrels, run, measure, **TREC9)
        _compare(ev, ref, keys)
    # single-valued measures with parameters: pytrec_eval names them without them
    for measure, key in (("11pt_avg.0.25,0.5,0.75", "11pt_avg"), ("set_F.0.5", "set_F")):
        ref = pytrec_eval.RelevanceEvaluator(qrels, {measure}).evaluate(run)
        got = evaluate(qrels, run, measure, **TREC9)[measure].values
        np.testing.assert_allclose(got, [ref[q][key] for q in sorted(ref)], rtol=1e-12,
                                   atol=1e-13, err_msg=measure)


def test_judged_only_and_depth_match_pytrec_eval(trec_order):
    """-J against pytrec_eval's judged_docs_only_flag; -M against pytrec_eval on the run
    cut to each query's first M documents in trec_eval's order (score as float32
    descending, then document id descending)."""
    qrels, run = _collection(23, 400)
    names = ["map", "P.5,10", "ndcg", "ndcg_cut.5", "bpref", "num_ret", "Rprec", "recall.10",
             "infAP", "set_P", "G", "Rndcg", "iprec_at_recall"]
    flat = {s.name: s.trec_name for n in names for s in parse_measures(n)}
    ref = pytrec_eval.RelevanceEvaluator(qrels, {"all_trec"},
                                         judged_docs_only_flag=True).evaluate(run)
    _compare(evaluate(qrels, run, names, judged_only=True, **TREC9), ref, flat)
    depth = 7
    cut = {}
    for q, docs in run.items():
        ranked = sorted(docs, key=lambda d: (np.float32(docs[d]), d), reverse=True)
        cut[q] = {d: docs[d] for d in ranked[:depth]}
    ref = pytrec_eval.RelevanceEvaluator(qrels, {"all_trec"}).evaluate(cut)
    _compare(evaluate(qrels, run, names, depth=depth, **TREC9), ref, flat)


def test_the_trec_eval_version_is_chosen_per_call():
    """By hand: relevant documents at ranks 1, 3 and 4 (R = 3), precisions there 1, 2/3,
    3/4. Recall point 0.4: 0.4 x 3 = 1.2 relevant documents, lround 1 under trec_eval 10
    (the maximum precision from the 1st relevant on: 1), (long)(1.2 + 0.9) = 2 under
    trec_eval 9 (from the 2nd on: max(2/3, 3/4) = 3/4). Calls in any order give their
    own version's value: no state is shared between them."""
    qrels = {"q": {"a": 1, "b": 0, "c": 1, "d": 1}}
    run = {"q": {"a": 4.0, "b": 3.0, "c": 2.0, "d": 1.0}}
    name = "iprec_at_recall_0.40"
    for version, want in (("9", 0.75), ("10", 1.0), ("9", 0.75)):
        assert evaluate(qrels, run, name, trec_eval=version)[name].values.tolist() == [want]
    assert evaluate(qrels, run, name)[name].values.tolist() == [1.0]  # 10, the default
    with pytest.raises(ValueError, match="trec_eval"):
        evaluate(qrels, run, name, trec_eval="8")


def test_complete_queries_as_trec_eval_c():
    """-c: a judged query the run misses counts, as trec_eval's bogus ranking of one
    document not in the qrels: 0 for every measure and count, 1e-5 for gm_map (the floor
    of the values whose geometric mean trec_eval prints)."""
    qrels = {"a": {"x": 1, "y": 0}, "b": {"z": 2}}
    run = {"a": {"x": 0.5, "w": 0.9}}
    ev = evaluate(qrels, run, ["map", "gm_map", "num_ret", "num_rel", "bpref", "set_P",
                               "iprec_at_recall_0.00", "num_q"], queries="qrels")
    assert ev["map"].values.tolist() == [0.5, 0.0]
    assert ev["gm_map"].values.tolist() == [0.5, 1e-5]
    assert ev.summaries["gm_map"] == pytest.approx(math.sqrt(0.5 * 1e-5), rel=1e-12)
    assert ev.means["gm_map"] == (0.5 + 1e-5) / 2
    # num_ret: a (x, w) 2, b none; num_rel: a 1 (x), b 1 (z); num_q: 2 queries
    assert ev.summaries["num_ret"] == 2 and ev.summaries["num_rel"] == 2
    assert ev.summaries["num_q"] == 2
    assert ev.means["num_ret"] == 1 and ev.means["num_rel"] == 1 and ev.means["num_q"] == 1
    assert ev["bpref"].values.tolist() == [1.0, 0.0]
    assert ev["set_P"].values.tolist() == [0.5, 0.0]
    assert ev["iprec_at_recall_0.00"].values.tolist() == [0.5, 0.0]
    # trec_eval zeroes a missing query's utility, whatever the coefficients
    ev = evaluate(qrels, run, ["utility.1,-1,-2,0"], queries="qrels")
    assert ev["utility.1,-1,-2,0"].values.tolist() == [1 - 1 - 0, 0.0]


# -- literal implementations ---------------------------------------------------------------

def _marks(qrels_q, run_q):
    """One query's ranking as trec_eval marks it (form_res_rels.c), written afresh: score
    as float32 descending, then document id descending; the grade, -1 when not in the
    qrels, -2 when its grade is negative."""
    order = sorted(run_q, key=lambda d: (np.float32(run_q[d]), d), reverse=True)
    out = []
    for d in order:
        g = qrels_q.get(d)
        out.append(-1 if g is None else -2 if g < 0 else g)
    return out


def _iprec_trec10(marks, qrels_q, level, points):
    """m_iprec_at_recall.c of trec_eval 10, transcribed loop for loop."""
    num_rel = sum(1 for g in qrels_q.values() if g >= 0 and g >= level)
    num_ret = len(marks)
    num_rel_ret = sum(1 for m in marks if m >= level)
    cutoffs = [int(math.floor(p * num_rel + 0.5)) for p in points]  # lround, p R >= 0
    values = [0.0] * len(points)
    cur = len(points) - 1
    while cur >= 0 and cutoffs[cur] > num_rel_ret:
        cur -= 1
    precis = num_rel_ret / num_ret
    int_precis = precis
    rel_so_far = num_rel_ret
    i = num_ret
    while i > 0 and rel_so_far > 0:
        precis = rel_so_far / i
        int_precis = max(int_precis, precis)
        if marks[i - 1] >= level:
            while cur >= 0 and rel_so_far == cutoffs[cur]:
                values[cur] = int_precis
                cur -= 1
            rel_so_far -= 1
        i -= 1
    while cur >= 0:
        values[cur] = int_precis
        cur -= 1
    return values


@pytest.mark.parametrize("level", [1, 2])
def test_iprec_and_11pt_avg_follow_trec_eval_10(level):
    qrels, run = _collection(31 + level, 300)
    points = [0.0, 0.1, 0.25, 0.3, 0.5, 0.7, 1.0]
    names = [f"iprec_at_recall_{p:3.2f}" for p in points]
    ev = evaluate(qrels, run, [*names, "11pt_avg"], rel=level)
    eleven = [i / 10 for i in range(11)]
    for i, q in enumerate(ev.query_ids.tolist()):
        marks = _marks(qrels[q], run[q])
        want = _iprec_trec10(marks, qrels[q], level, points)
        assert [ev[n].values[i] for n in names] == pytest.approx(want, abs=1e-15), q
        want11 = np.mean(_iprec_trec10(marks, qrels[q], level, eleven))
        assert ev["11pt_avg"].values[i] == pytest.approx(want11, abs=1e-15), q


def test_rbp_and_its_residual_are_moffat_and_zobels():
    """RBP = (1 - p) sum_i r_i p^(i-1) (Moffat & Zobel 2008, eq. 5), r_i the grade over
    the query's largest grade when that exceeds 1; the residual p^d + (1 - p) sum over
    unjudged ranks of p^(i-1) (their Section 4). trec_eval prints a residual of 0 for a
    query without unjudged documents (m_rbp_resid.c); the paper's is p^d there: we follow
    trec_eval, as the second query shows."""
    qrels, run = _collection(41, 200)
    for p in (0.5, 0.8, 0.95):
        ev = evaluate(qrels, run, [f"RBP(p={p})", f"rbp_resid(p={p})"])
        for i, q in enumerate(ev.query_ids.tolist()):
            marks = _marks(qrels[q], run[q])
            top = max(max([g for g in qrels[q].values() if g >= 0], default=0), 1)
            want = (1 - p) * sum(max(m, 0) / top * p ** r for r, m in enumerate(marks))
            assert ev[f"RBP(p={p})"].values[i] == pytest.approx(want, rel=1e-12, abs=1e-15)
            unj = [r for r, m in enumerate(marks) if m < 0]
            resid = p ** len(marks) + (1 - p) * sum(p ** r for r in unj) if unj else 0.0
            assert ev[f"rbp_resid(p={p})"].values[i] == pytest.approx(resid, rel=1e-12,
                                                                       abs=1e-15)
    ev = evaluate({"a": {"x": 1}, "b": {"x": 1}}, {"a": {"x": 1.0, "y": 0.5},
                                                   "b": {"x": 1.0}}, ["rbp", "rbp_resid"])
    assert ev["rbp"].values.tolist() == pytest.approx([0.1, 0.1])
    assert ev["rbp_resid"].values.tolist() == pytest.approx([0.81 + 0.1 * 0.9, 0.0])


def test_err_is_chapelle_et_al():
    """ERR@k (Chapelle, Metzler, Zhang & Grinspan 2009, Algorithm 2): R = (2^g - 1) /
    2^g_max, p = 1; at each rank r, ERR += p R / r, p *= 1 - R. g_max the largest grade
    of the qrels unless given."""
    qrels, run = _collection(43, 200)
    gmax = max(g for d in qrels.values() for g in d.values())
    ev = evaluate(qrels, run, ["ERR", "ERR@5", "ERR@10(max_grade=4)"])
    for i, q in enumerate(ev.query_ids.tolist()):
        marks = _marks(qrels[q], run[q])
        for name, k, top in (("ERR", None, gmax), ("ERR@5", 5, gmax),
                             ("ERR@10(max_grade=4)", 10, 4)):
            p, err = 1.0, 0.0
            for r, m in enumerate(marks[:k], 1):
                big_r = (2 ** max(m, 0) - 1) / 2 ** top
                err += p * big_r / r
                p *= 1 - big_r
            assert ev[name].values[i] == pytest.approx(err, rel=1e-12, abs=1e-15), name


def test_err_of_a_list_does_not_depend_on_its_batch():
    """A list's ERR (and NDCG) is the same bits alone and inside any batch: its running product is
    taken within the list (a running sum of logarithms over the flat batch gave
    identical lists values 1e-16 apart, and a coupled comparison split exact ties). The
    reference is Chapelle et al.'s sequential loop (p *= 1 - R, ERR += p R / r), which
    the kernel now follows operation for operation: equal bits, not just close."""
    from rankmeasures.theory.measure_mc import evaluate_lists

    qrels, run = _collection(43, 200)
    gmax = max(g for d in qrels.values() for g in d.values())
    # max_grade given: its default, the largest grade of the qrels, is the batch's by design
    names = [f"ERR(max_grade={gmax})", f"ERR@5(max_grade={gmax})"]
    whole = evaluate(qrels, run, names)
    queries = whole.query_ids.tolist()
    half = queries[::2]
    part = evaluate({q: qrels[q] for q in half}, {q: run[q] for q in half}, names)
    for i, q in enumerate(queries):
        alone = evaluate({q: qrels[q]}, {q: run[q]}, names)
        marks = _marks(qrels[q], run[q])
        for name, k in zip(names, (None, 5), strict=True):
            p, err = 1.0, 0.0
            for r, m in enumerate(marks[:k], 1):
                big_r = (2 ** max(m, 0) - 1) / 2 ** gmax
                err += p * big_r / r
                p *= 1 - big_r
            assert alone[name].values[0] == whole[name].values[i] == err, (q, name)
            if q in half:
                assert part[name].values[half.index(q)] == err, (q, name)
    # the Monte Carlo's entry point: identical rows, identical values; ERR@1 of a list
    # whose top is relevant is R = 1/2 exactly
    rng = np.random.default_rng(7)
    rows = (rng.random((4096, 12)) < 0.5).astype(float)
    rows[:2000] = rows[0]
    batch = evaluate_lists(["ERR", "ERR@1"], rows)
    assert np.unique(batch["ERR"][:2000]).size == 1
    assert batch["ERR"][0] == evaluate_lists(["ERR"], rows[:1])["ERR"][0]
    top = rows[:, 0] == 1
    assert set(batch["ERR@1"][top].tolist()) == {0.5}
    # every measure evaluate_lists takes (NDCG's running DCG, and its ideal, summed in each
    # list alone): alone, in a batch and in the reversed batch
    names = ["AP", "Rprec", "RR", "AUC", "ERR", "ERR@5", "P@5", "recall@5", "RBP(p=0.8)",
             "NDCG@5", "NDCG@17"]
    graded = rng.integers(0, 4, (500, 17)).astype(float)
    fwd = evaluate_lists(names, graded, max_grade=3)
    back = evaluate_lists(names, graded[::-1], max_grade=3)
    for i in range(0, 500, 50):
        one = evaluate_lists(names, graded[i:i + 1], max_grade=3)
        for name in names:
            assert np.array_equal([one[name][0], back[name][-1 - i]], [fwd[name][i]] * 2,
                                  equal_nan=True), name


def test_unj_is_trec_eval_10s():
    """unj_k (m_unjudged.c): documents of the first k ranks not graded (-1, -2), over k,
    the ranks past the retrieved counting as judged; Judged@k (ir_measures): those the
    qrels list, whatever their grade, over min(k, retrieved)."""
    qrels, run = _collection(47, 200)
    ev = evaluate(qrels, run, ["unj.5,10", "unj_20", "Judged@10"])
    for i, q in enumerate(ev.query_ids.tolist()):
        marks = _marks(qrels[q], run[q])
        for k in (5, 10, 20):
            got = ev[f"unj_{k}"].values[i]
            assert got == pytest.approx(sum(m < 0 for m in marks[:k]) / k, abs=1e-15)
        top = marks[:10]
        assert ev["Judged@10"].values[i] == pytest.approx(
            sum(m != -1 for m in top) / len(top), abs=1e-15)


def test_gains_per_grade_follow_m_ndcg_c():
    """ndcg.1=3,2=9 (m_ndcg.c): gain 3 for grade 1, 9 for grade 2, grade 3 keeps 3;
    DCG over the retrieved, the ideal over every judged document of positive gain."""
    qrels, run = _collection(53, 200)
    ev = evaluate(qrels, run, ["ndcg.1=3,2=9", "dcg.1=3,2=9", "ideal_dcg.1=3,2=9"])
    # in one list, ndcg.1=3,2=9 would replace plain ndcg (trec_eval's -m rule): apart
    plain_ev = evaluate(qrels, run, ["dcg"])
    gain = {1: 3.0, 2: 9.0, 3: 3.0}
    for i, q in enumerate(ev.query_ids.tolist()):
        marks = _marks(qrels[q], run[q])
        dcg = sum(gain.get(m, 0.0) / math.log2(r + 2) for r, m in enumerate(marks))
        ideal_gains = sorted((gain[g] for g in qrels[q].values() if g > 0), reverse=True)
        ideal = sum(g / math.log2(r + 2) for r, g in enumerate(ideal_gains))
        assert ev["dcg.1=3,2=9"].values[i] == pytest.approx(dcg, rel=1e-12, abs=1e-15)
        assert ev["ideal_dcg.1=3,2=9"].values[i] == pytest.approx(ideal, rel=1e-12)
        assert ev["ndcg.1=3,2=9"].values[i] == pytest.approx(dcg / ideal if ideal else 0,
                                                             rel=1e-12, abs=1e-15)
        plain = sum(max(m, 0) / math.log2(r + 2) for r, m in enumerate(marks))
        assert plain_ev["dcg"].values[i] == pytest.approx(plain, rel=1e-12, abs=1e-15)


def test_utility_by_hand():
    """utility.a,b,c,d (m_utility.c): a rel_ret + b nonrel_ret + c rel_not_ret +
    d (N + rel_ret - ret - rel), N the collection size (-N)."""
    qrels = {"q": {"a": 1, "b": 0, "c": 2, "d": 1}}
    run = {"q": {"a": 0.9, "b": 0.8, "x": 0.7}}  # rel_ret 1, ret 3, rel 3
    ev = evaluate(qrels, run, ["utility"], n_docs=100)
    assert ev["utility"].values.tolist() == [1 - 2]
    ev = evaluate(qrels, run, ["utility.2,-1,-0.5,0.1"], n_docs=100)
    assert ev["utility.2,-1,-0.5,0.1"].values.tolist() == pytest.approx(
        [2 * 1 - 1 * 2 - 0.5 * 2 + 0.1 * (100 + 1 - 3 - 3)])
    # in one list, the parameters replace utility's defaults (trec_eval's -m rule)
    assert list(evaluate(qrels, run, ["utility", "utility.2,-1,-0.5,0.1"])) == [
        "utility.2,-1,-0.5,0.1"]


def test_groups_and_names():
    # trec_eval's own -m all_trec summary (tests/data/trec_eval/out.test.a) has a line per
    # value but relstring's, printed per query only
    summary = (Path(__file__).resolve().parent / "data" / "trec_eval" / "out.test.a")
    assert len(parse_measures("all_trec")) == len(summary.read_text().splitlines()) + 1
    assert [s.name for s in parse_measures("official")][:5] == ["runid", "num_q", "num_ret",
                                                                "num_rel", "num_rel_ret"]
    assert set(GROUPS["set"]) <= set(GROUPS["all_trec"])
    for a, b in (("Bpref", "bpref"), ("SetP", "set_P"), ("SetF", "set_F"),
                 ("IPrec@0.5", "iprec_at_recall_0.50"), ("RBP(p=0.8)", "rbp.0.8"),
                 ("infAP", "infAP"), ("Rprec_mult_0.20", "Rprec_mult.0.2")):
        qrels, run = _collection(3, 50)
        ev = evaluate(qrels, run, [a, b])
        assert np.array_equal(ev[a].values, ev[b].values), (a, b)
    with pytest.raises(ValueError, match="duplicate cut-offs"):
        parse_measures("P.5,5")
    with pytest.raises(ValueError, match="utility takes 4 coefficients"):
        parse_measures("utility.1,2")
    with pytest.raises(ValueError, match="is not grade=gain"):
        parse_measures("ndcg.1=3,2")
    with pytest.raises(ValueError, match="computed as trec_eval computes it"):
        evaluate({"a": {"x": 1}}, {"a": {"x": 1.0}}, "bpref", convention="sklearn")
    with pytest.raises(ValueError, match="depth: must be a positive integer"):
        evaluate({"a": {"x": 1}}, {"a": {"x": 1.0}}, "map", depth=0)


def test_parameters_are_declared_with_their_types_and_defaults():
    """Each parameter's type and default live in the declaration (MeasureInfo.params):
    the parser reads the types, the computation the defaults; a parameter a measure does
    not declare is an error, never dropped."""
    from dataclasses import replace

    from rankmeasures.trec import measure_names
    from rankmeasures.trec.declarations import MEASURES, Param, declared_defaults

    assert declared_defaults("rbp") == {"p": 0.9}
    assert declared_defaults("set_F") == {"beta": 1.0}
    assert declared_defaults("utility") == {"coefficients": (1.0, -1.0, 0.0, 0.0)}
    qrels, run = _collection(81, 40)
    ev = evaluate(qrels, run, ["rbp", "RBP(p=0.9)", "set_F", "SetF(beta=1)", "11pt_avg",
                               "ERR@5", "ERR@5(max_grade=3)"])
    assert ev["rbp"].values.tolist() == ev["RBP(p=0.9)"].values.tolist()
    assert ev["set_F"].values.tolist() == ev["SetF(beta=1)"].values.tolist()
    # ERR's max_grade, undeclared default (None): the largest grade of the qrels, 3 here
    assert ev["ERR@5"].values.tolist() == ev["ERR@5(max_grade=3)"].values.tolist()
    # a changed default reaches the computation (monkeypatched declaration)
    info = MEASURES["rbp"]
    try:
        MEASURES["rbp"] = replace(info, params=(Param("p", "probability", 0.5, trec=True),))
        assert evaluate(qrels, run, "rbp")["rbp"].values.tolist() == \
            evaluate(qrels, run, "RBP(p=0.5)")["RBP(p=0.5)"].values.tolist()
        # a parameter declared but of a type the parser refuses in our spelling
        MEASURES["rbp"] = replace(info, params=(*info.params, Param("alpha", "floats")))
        with pytest.raises(ValueError, match="give alpha in trec_eval's syntax"):
            measure_names.parse_measure("RBP(p=0.8,alpha=3)")
    finally:
        MEASURES["rbp"] = info
    for name, message in (("RBP(p=0.8,alpha=3)", "rbp takes no parameter 'alpha'"),
                          ("RBP(p=1.5)", r"p must lie in \(0, 1\)"),
                          ("SetF(beta=x)", "beta must be a number"),
                          ("ndcg(dcg=exp)", "dcg must be one of"),
                          ("utility(coefficients=1)", "give coefficients in trec_eval"),
                          ("Rprec(gain=exp2)", "Rprec takes no parameter 'gain'")):
        with pytest.raises(ValueError, match=message):
            measure_names.parse_measure(name)


def test_the_evaluator_page_lists_every_measure_from_the_declarations():
    from rankmeasures.trec.declarations import measure_table

    text = (Path(__file__).resolve().parents[1] / "docs" / "evaluator.md").read_text()
    start = text.index("<!-- measure table: rankmeasures.trec.declarations.measure_table() -->")
    end = text.index("<!-- end of measure table -->")
    assert text[start:end].split("\n", 1)[1].strip() == measure_table()


def test_ties_average_is_the_mean_over_every_order():
    """ties="average": the measures linear in the ranks (relative_P, unj, Judged@k,
    Rprec_mult, rbp, rbp_resid, DCG/NDCG with gains per grade) and the set measures are
    the mean, over every order of each group of tied scores, of the measure on that order
    -- enumerated here, each order scored by the literal formulas; the others refuse."""
    from itertools import permutations, product

    rng = np.random.default_rng(61)
    qrels, run = {}, {}
    for q in range(40):
        docs = [f"d{i}" for i in rng.permutation(9)[: int(rng.integers(1, 8))]]
        qrels[f"q{q}"] = {d: int(rng.integers(-1, 3)) for d in docs if rng.random() < 0.7}
        qrels[f"q{q}"]["never"] = 1
        run[f"q{q}"] = {d: float(rng.integers(0, 3)) / 2 for d in docs}  # many ties
    names = ["relative_P_2", "unj_3", "Judged@2", "Rprec_mult_0.60", "RBP(p=0.7)",
             "rbp_resid(p=0.7)", "ndcg.1=3,2=9", "set_P", "set_F", "utility"]
    ev = evaluate(qrels, run, names, ties="average")
    gains = {1: 3.0, 2: 9.0}
    for i, q in enumerate(ev.query_ids.tolist()):
        qq, rq = qrels[q], run[q]
        levels = sorted(set(rq.values()), reverse=True)
        groups = [[d for d in rq if rq[d] == v] for v in levels]
        big_r = sum(1 for g in qq.values() if g >= 1)
        top = max(max([g for g in qq.values() if g >= 0], default=0), 1)
        ideal = sorted((gains.get(g, g) for g in qq.values() if g > 0), reverse=True)
        idcg = sum(g / math.log2(r + 2) for r, g in enumerate(ideal))
        totals = dict.fromkeys(names, 0.0)
        orders = list(product(*(permutations(g) for g in groups)))
        for parts in orders:
            marks = [-1 if qq.get(d) is None else -2 if qq[d] < 0 else qq[d]
                     for part in parts for d in part]
            n = len(marks)
            c = int(0.6 * big_r + 0.9)
            unj = [r for r, m in enumerate(marks) if m < 0]
            rel_ret = sum(m >= 1 for m in marks)
            p_set, r_set = rel_ret / n, (rel_ret / big_r if big_r else 0.0)
            values = {
                "relative_P_2": sum(m >= 1 for m in marks[:2]) / min(2, big_r) if big_r
                else 0.0,
                "unj_3": sum(m < 0 for m in marks[:3]) / 3,
                "Judged@2": sum(m != -1 for m in marks[:2]) / min(2, n),
                "Rprec_mult_0.60": sum(m >= 1 for m in marks[:c]) / c if c else 0.0,
                "RBP(p=0.7)": 0.3 * sum(max(m, 0) / top * 0.7 ** r
                                        for r, m in enumerate(marks)),
                "rbp_resid(p=0.7)": 0.7 ** n + 0.3 * sum(0.7 ** r for r in unj) if unj
                else 0.0,
                "ndcg.1=3,2=9": sum(gains.get(m, 0.0) / math.log2(r + 2)
                                    for r, m in enumerate(marks)) / idcg if idcg else 0.0,
                "set_P": p_set,
                "set_F": 2 * p_set * r_set / (p_set + r_set) if p_set + r_set else 0.0,
                "utility": rel_ret - (n - rel_ret)}
            for name in names:
                totals[name] += values[name] / len(orders)
        for name in names:
            assert ev[name].values[i] == pytest.approx(totals[name], rel=1e-12, abs=1e-14), \
                (name, q)
    with pytest.raises(ValueError, match="expectation over the orders of tied"):
        evaluate(qrels, run, "bpref", ties="average")


@pytest.mark.parametrize("coarse", [1, 6])
def test_ir_measures_names_give_ir_measures_values(coarse):
    """ir_measures' spelling, parsed by ir_measures, gives its values (its pytrec_eval and
    judged providers): with ties (1 decimal) and without (6). On ties ir_measures' judged
    provider orders tied documents otherwise than trec_eval (not by id descending), so
    Judged@k is compared without ties only; we keep trec_eval's order for every measure."""
    import ir_measures

    qrels, run = _collection(71, 300, coarse=coarse)
    names = ["Bpref", "infAP", "IPrec@0.5", "SetP", "SetF", "SetR", "Bpref(rel=2)",
             "SetP(rel=2)"] + (["Judged@10"] if coarse == 6 else [])
    ours = evaluate(qrels, run, names)
    for name in names:
        ref = {x.query_id: x.value
               for x in ir_measures.iter_calc([ir_measures.parse_measure(name)], qrels, run)}
        got = ours[name].to_dict()
        common = sorted(set(got) & set(ref))
        assert len(common) > 250, name
        np.testing.assert_allclose([got[q] for q in common], [ref[q] for q in common],
                                   rtol=1e-12, atol=1e-13, err_msg=name)


def test_all_trec_on_hypothesis_collections_is_pytrec_evals():
    """Small hostile collections (hypothesis, derandomised): one-document runs, queries
    whose grades are all 0 or mostly negative, ties everywhere, documents judged but never
    retrieved, levels 1 and 2 -- every value of pytrec_eval's all_trec, 1e-12."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    docs = [f"d{i}" for i in range(7)]

    @settings(derandomize=True, max_examples=150, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data(), level=st.sampled_from([1, 2]))
    def check(data, level):
        qrels, run = {}, {}
        for q in data.draw(st.lists(st.sampled_from(["a", "b", "c"]), min_size=1,
                                    unique=True)):
            judged = data.draw(st.lists(st.sampled_from(docs), min_size=1, unique=True))
            qrels[q] = {d: data.draw(st.integers(-2, 3)) for d in judged}
            # trec_eval (so pytrec_eval) crashes on a query whose grades are all
            # negative (form_res_rels.c sizes an array by the largest grade + 1); we
            # evaluate it, but cannot compare it
            if max(qrels[q].values()) < 0:
                qrels[q][judged[0]] = 0
            ran = data.draw(st.lists(st.sampled_from(docs), min_size=1, unique=True))
            run[q] = {d: float(data.draw(st.integers(0, 3))) for d in ran}
        ref = pytrec_eval.RelevanceEvaluator(qrels, {"all_trec"},
                                             relevance_level=level).evaluate(run)
        ev = evaluate(qrels, run, "all_trec", rel=level, **TREC9)
        keys = [k for k in next(iter(ref.values())) if k not in ("runid", "relstring")]
        _compare(ev, ref, keys)

    check()


def test_measure_names_parse_or_refuse_by_name():
    """Random names built from trec_eval's, ours and ir_measures' pieces (hypothesis,
    derandomised): a list of measures, or a ValueError starting 'measures:' -- never
    another exception."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from rankmeasures.trec.declarations import MEASURES as DECLARED

    bases = sorted({m.trec for m in DECLARED.values() if m.trec}
                   | {a for m in DECLARED.values() for a in m.aliases}
                   | {"nDCG", "IPrec", "RBP", "Judged", "ERR", "SetF", "all_trec", "x"})
    pieces = st.sampled_from(["", ".", "..", "@", "_", "(", ")", "=", ",", "-", "p=",
                              "rel=", "1", "0", "5", ".5", "2=9", "1e3", "nan", "-1", " "])

    @settings(derandomize=True, max_examples=400, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(base=st.sampled_from(bases), tail=st.lists(pieces, max_size=6))
    def check(base, tail):
        name = base + "".join(tail)
        try:
            specs = parse_measures(name)
        except ValueError as exc:
            assert str(exc).startswith("measures:"), exc
            return
        assert specs and all(s.kind in DECLARED or s.kind.startswith("trec_")
                             for s in specs)
        try:  # and evaluates: values, or a ValueError naming the measure
            ev = evaluate(qrels, run, name)
        except ValueError as exc:
            assert str(exc).startswith("measures:"), exc
            return
        assert all(r.values.shape == (2,) for r in ev.values())

    qrels = {"a": {"x": 2, "y": 0, "z": -1}, "b": {"x": 1}}
    run = {"a": {"x": 0.5, "y": 0.5, "w": 0.1}, "b": {"y": 1.0}}
    check()
