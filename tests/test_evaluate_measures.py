"""rankmeasures.evaluate beyond NDCG: every measure and spelling against
pytrec_eval and ir_measures, ``ties="average"`` against the mean of pytrec_eval over every
order of the tied documents, and the sklearn convention against scikit-learn and scipy."""

from itertools import permutations, product

import ir_measures
import numpy as np
import pytest
import pytrec_eval
from scipy.stats import kendalltau
from sklearn.metrics import average_precision_score, roc_auc_score

from rankmeasures import evaluate
from rankmeasures.trec.measure_names import parse_measure

# ours -> pytrec_eval's measure and key
TREC = {"ndcg": ("ndcg", "ndcg"), "ndcg@5": ("ndcg_cut.5", "ndcg_cut_5"),
        "P@5": ("P.5", "P_5"), "P_10": ("P.10", "P_10"),
        "recall@10": ("recall.10", "recall_10"), "AP": ("map", "map"),
        "map_cut_5": ("map_cut.5", "map_cut_5"), "recip_rank": ("recip_rank", "recip_rank"),
        "Rprec": ("Rprec", "Rprec"), "success@3": ("success.3", "success_3"),
        "num_rel": ("num_rel", "num_rel"), "num_ret": ("num_ret", "num_ret"),
        "num_rel_ret": ("num_rel_ret", "num_rel_ret")}


def _collection(seed, n_queries, *, max_docs=30, coarse=1):
    """Random qrels and run: grades -1..3, unjudged and never-retrieved documents, queries
    on one side only, scores rounded to ``coarse`` decimals (many ties)."""
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for q in range(n_queries):
        qid = f"q{q}"
        docs = [f"d{i}" for i in rng.permutation(40)[: int(rng.integers(1, max_docs + 1))]]
        judged = [d for d in docs if rng.random() < 0.7]
        judged += [f"u{i}" for i in range(int(rng.integers(0, 4)))]  # never retrieved
        if q % 50 != 7:
            qrels[qid] = {d: int(rng.integers(-1, 4)) for d in judged}
        if q % 50 != 11:
            s = np.round(rng.random(len(docs)), coarse)
            run[qid] = {d: float(v) for d, v in zip(docs, s, strict=True)}
    return qrels, run


@pytest.fixture(params=["judged only", "every document"])
def trec_order(request, monkeypatch):
    """trec_eval's order either way evaluate finds it: placing the judged documents only
    (a sparse pool), or ordering every retrieved document (runs._SPARSE_JUDGED)."""
    from rankmeasures.trec import _trec_order as runs

    monkeypatch.setattr(runs, "_SPARSE_JUDGED",
                        float("inf") if request.param == "judged only" else -1.0)
    return request.param


@pytest.mark.parametrize("level", [1, 2])
def test_every_measure_matches_pytrec_eval(level, trec_order):
    """trec_eval's tie rule (document id), relevance level, denominators and query set;
    differences are rounding only (1e-12)."""
    qrels, run = _collection(level, 1500)
    ref = pytrec_eval.RelevanceEvaluator(qrels, {m for m, _ in TREC.values()},
                                         relevance_level=level).evaluate(run)
    ours = evaluate(qrels, run, list(TREC), rel=level)
    assert list(ours.query_ids) == sorted(ref)
    for name, (_, key) in TREC.items():
        want = [ref[q][key] for q in ours.query_ids]
        np.testing.assert_allclose(ours[name].values, want, rtol=1e-12, atol=1e-15,
                                   err_msg=name)


def test_a_pool_of_equal_length_queries_matches_pytrec_eval():
    """The shape of a TREC run: every query retrieves the same number of documents (one
    2-d sort of the keys), a tenth of them judged, scores with two decimals (ties among
    judged and unjudged documents); pytrec_eval agrees (1e-12)."""
    rng = np.random.default_rng(9)
    qrels, run = {}, {}
    for q in range(400):
        docs = [f"d{i}" for i in rng.permutation(300)[:60]]
        run[f"q{q}"] = dict(zip(docs, np.round(rng.random(60), 2).tolist(), strict=True))
        judged = [d for d in docs if rng.random() < 0.1] + ["never"]
        qrels[f"q{q}"] = {d: int(rng.integers(0, 4)) for d in judged}
    ref = pytrec_eval.RelevanceEvaluator(qrels, {m for m, _ in TREC.values()}).evaluate(run)
    ours = evaluate(qrels, run, list(TREC))
    for name, (_, key) in TREC.items():
        want = [ref[q][key] for q in ours.query_ids]
        np.testing.assert_allclose(ours[name].values, want, rtol=1e-12, atol=1e-15,
                                   err_msg=name)


def test_measure_level_overrides_the_call_level():
    qrels, run = _collection(5, 300)
    both = evaluate(qrels, run, ["P(rel=2)@5", "AP@5(rel=2)", "P@5", "AP@5"], rel=1)
    at2 = evaluate(qrels, run, ["P@5", "AP@5"], rel=2)
    assert np.array_equal(both["P(rel=2)@5"].values, at2["P@5"].values)
    assert np.array_equal(both["AP@5(rel=2)"].values, at2["AP@5"].values)
    assert not np.array_equal(both["P@5"].values, at2["P@5"].values)


IR = ["nDCG@10", "nDCG", "P@5", "P(rel=2)@5", "R@20", "AP", "AP@10", "RR", "RR@3", "Rprec",
      "Success@5", "NumRel", "NumRet", "NumRelRet", "NumRet(rel=2)", "AP(rel=2)"]


@pytest.mark.parametrize("coarse", [1, 6])
def test_ir_measures_names_and_values(coarse):
    """ir_measures' spelling, parsed by ir_measures itself, gives ir_measures' values: on a
    run with many ties (coarse = 1 decimal) for every measure ir_measures computes with
    pytrec_eval, and on a run without ties (6 decimals) for RR@k too. ir_measures computes
    RR@k with its msmarco provider, which breaks ties by document id in increasing order,
    not trec_eval's decreasing order (so its RR and RR@k disagree on a tie, below); we
    follow trec_eval's rule for every measure of the convention."""
    qrels, run = _collection(7, 800, coarse=coarse)
    names = IR if coarse == 6 else [m for m in IR if m != "RR@3"]
    ours = evaluate(qrels, run, names)
    ref = {}
    for metric in ir_measures.iter_calc([ir_measures.parse_measure(m) for m in names],
                                        qrels, run):
        ref.setdefault(str(metric.measure), {})[metric.query_id] = metric.value
    for name in names:
        got = ours[name].to_dict()
        want = ref[str(ir_measures.parse_measure(name))]
        common = sorted(set(got) & set(want))
        assert len(common) > 700, name
        np.testing.assert_allclose([got[q] for q in common], [want[q] for q in common],
                                   rtol=1e-12, atol=1e-15, err_msg=name)
    if coarse == 1:
        tie_q, tie_r = {"q": {"a": 1}}, {"q": {"a": 1.0, "b": 1.0, "c": 1.0}}
        rr, rr3 = (next(iter(ir_measures.iter_calc([ir_measures.parse_measure(m)], tie_q,
                                                   tie_r))).value for m in ("RR", "RR@3"))
        assert (rr, rr3) == (1 / 3, 1.0)  # a ranks 3rd for pytrec_eval, 1st for msmarco
        assert evaluate(tie_q, tie_r, ["RR", "RR@3"]).means == {"RR": 1 / 3, "RR@3": 1 / 3}


ORDER_MEASURES = ["ndcg", "ndcg@3", "P@2", "recall@3", "AP", "AP@3", "RR", "RR@2", "Rprec",
                  "success@1", "success@3"]
ORDER_TREC = {"ndcg": "ndcg", "ndcg@3": "ndcg_cut_3", "P@2": "P_2", "recall@3": "recall_3",
              "AP": "map", "AP@3": "map_cut_3", "RR": "recip_rank", "RR@2": None,
              "Rprec": "Rprec", "success@1": "success_1", "success@3": "success_3"}


def _every_order(run_q):
    """Each order of the tied documents of one query, as tie-free scores (rank -> score)."""
    levels = sorted(set(run_q.values()), reverse=True)
    groups = [[d for d in run_q if run_q[d] == v] for v in levels]
    for combo in product(*(list(permutations(g)) for g in groups)):
        ranked = [d for grp in combo for d in grp]
        yield {d: float(len(ranked) - i) for i, d in enumerate(ranked)}


@pytest.mark.parametrize("level", [1, 2])
def test_average_ties_is_the_mean_of_pytrec_eval_over_every_order(level):
    """The closed forms of ties="average", against pytrec_eval evaluated on every order of
    the tied documents (each order a query of its own) and averaged."""
    qrels, run = _collection(11 + level, 120, max_docs=6, coarse=1)
    for q in run:
        run[q] = {d: round(v * 3) / 3 for d, v in run[q].items()}  # larger tie groups
    big_run, owner = {}, {}
    for q in run:
        if q not in qrels:
            continue
        for i, order in enumerate(_every_order(run[q])):
            big_run[f"{q}#{i}"] = order
            owner[f"{q}#{i}"] = q
    big_qrels = {v: qrels[q] for v, q in owner.items()}
    measures = {"ndcg", "ndcg_cut.3", "P.2", "recall.3", "map", "map_cut.3", "recip_rank",
                "Rprec", "success.1", "success.3"}
    ref = pytrec_eval.RelevanceEvaluator(big_qrels, measures,
                                         relevance_level=level).evaluate(big_run)
    ours = evaluate(qrels, run, ORDER_MEASURES, ties="average", rel=level)
    for name in ORDER_MEASURES:
        got = ours[name].to_dict()
        key = ORDER_TREC[name]
        for q in got:
            vals = [ref[v][key] if key else  # RR@2 from recip_rank: 1/r when r <= 2
                    (ref[v]["recip_rank"] if ref[v]["recip_rank"] >= 0.5 else 0.0)
                    for v, o in owner.items() if o == q]
            if name.startswith("ndcg") and level == 2:
                continue  # NDCG's gain is the grade: the level does not enter
            assert got[q] == pytest.approx(np.mean(vals), rel=1e-12, abs=1e-15), (name, q)


def test_tie_policies_bracket_the_average():
    qrels, run = _collection(3, 400, coarse=1)
    ev = {t: evaluate(qrels, run, ORDER_MEASURES, ties=t)
          for t in ("optimistic", "average", "pessimistic")}
    for name in ORDER_MEASURES:
        lo, mid, hi = (ev[t][name].values for t in ("pessimistic", "average", "optimistic"))
        assert np.all(lo <= mid + 1e-15) and np.all(mid <= hi + 1e-15), name
        assert np.any(lo < hi), name  # the collection has ties that matter


def test_sklearn_convention_ap_auc_and_kendall():
    """Under "sklearn" each query sees only its retrieved documents, as scikit-learn's
    functions do. AP equals ``average_precision_score`` without ties; on ties sklearn puts a
    tied group in at once (precision after the whole group), which is not the expectation
    over the orders of the group: we differ there by design (shown below). AUC (ties 1/2)
    equals ``roc_auc_score`` and tau-b ``scipy.stats.kendalltau`` with or without ties."""
    qrels, run = _collection(21, 400, coarse=6)
    ev = evaluate(qrels, run, ["AP", "auc", "kendall_tau_b"], convention="sklearn")
    checked = 0
    for q, ap, auc, tau in zip(ev.query_ids, ev["AP"].values, ev["auc"].values,
                               ev["kendall_tau_b"].values, strict=True):
        docs = list(run[q])
        grades = np.array([qrels[q].get(d, 0) for d in docs], float)
        scores = np.array([run[q][d] for d in docs])
        y = grades >= 1
        if y.any() and not y.all():
            assert auc == pytest.approx(roc_auc_score(y, scores), rel=1e-12)
            if np.unique(scores).size == scores.size:
                assert ap == pytest.approx(average_precision_score(y, scores), rel=1e-12)
                checked += 1
        else:
            assert np.isnan(auc)
        want = kendalltau(grades, scores).statistic if len(docs) > 1 else np.nan
        np.testing.assert_allclose(tau, want, rtol=1e-12, equal_nan=True)
    assert checked > 200
    # a tie: relevant and non-relevant tied at the top; ours 1/2 (1/1 + 0) + 1/2 (1/2) = .75
    one = evaluate({"q": {"a": 1}}, {"q": {"a": 1.0, "b": 1.0}}, "AP", convention="sklearn")
    assert one["AP"].values[0] == 0.75
    assert average_precision_score([1, 0], [1.0, 1.0]) == 0.5  # sklearn: precision 1/2


def test_concordance_of_queries_left_with_no_document():
    """-J can leave no document in any query: AUC and tau-b are then undefined (NaN),
    as for one query without documents among others."""
    ev = evaluate({"q": {"a": 1}}, {"q": {"x": 0.5}}, ["auc", "kendall_tau_b"],
                  judged_only=True)
    assert np.isnan(ev["auc"].values).all() and np.isnan(ev["kendall_tau_b"].values).all()
    ev = evaluate({"q": {"a": 1}, "r": {"a": 1}}, {"q": {"x": 0.5}, "r": {"a": 1, "b": 0}},
                  ["auc"], judged_only=True)
    assert np.isnan(ev["auc"].values[0]) and np.isnan(ev["auc"].values[1])  # r: a alone


def test_gain_and_discount_parameters():
    qrels, run = _collection(4, 200, coarse=6)
    ev = evaluate(qrels, run, ["ndcg@5(gain=exp2)", "ndcg(dcg=exp-log2)@5", "dcg@5",
                               "dcg@5(discount=zipf)"])
    assert np.array_equal(ev["ndcg@5(gain=exp2)"].values, ev["ndcg(dcg=exp-log2)@5"].values)
    for q, v, d, z in zip(ev.query_ids, ev["ndcg@5(gain=exp2)"].values, ev["dcg@5"].values,
                          ev["dcg@5(discount=zipf)"].values, strict=True):
        ranked = sorted(run[q], key=lambda x: (-run[q][x], [-ord(c) for c in x]))
        g = [max(qrels[q].get(x, 0), 0) for x in ranked]
        ideal = sorted((max(r, 0) for r in qrels[q].values()), reverse=True)
        dcg = sum((2.0**gi - 1) / np.log2(i + 2) for i, gi in enumerate(g[:5]))
        idcg = sum((2.0**gi - 1) / np.log2(i + 2) for i, gi in enumerate(ideal[:5]))
        assert v == pytest.approx(dcg / idcg if idcg else 0.0, rel=1e-12, abs=1e-15)
        assert d == pytest.approx(sum(gi / np.log2(i + 2) for i, gi in enumerate(g[:5])),
                                  rel=1e-12, abs=1e-15)
        assert z == pytest.approx(sum(gi / (i + 1) for i, gi in enumerate(g[:5])),
                                  rel=1e-12, abs=1e-15)


@pytest.mark.parametrize(("name", "message"), [
    ("bogus", "unknown measure"), ("P", "needs a cut-off"), ("Rprec@5", "takes no cut-off"),
    ("ndcg_cut", "needs a cut-off"), ("P@5(gain=exp2)", "takes no parameter 'gain'"),
    ("P(rel=two)@5", "rel must be a number"), ("ndcg(dcg=exp)", "dcg must be one of"),
    ("P(rel=1)@5(rel=2)", "given twice"), ("ndcg(dcg=log2, gain=exp2)", "not both"),
    ("AP(rel)", "not key=value"), ("P@0", "positive integer")])
def test_bad_names_say_what_is_wrong(name, message):
    with pytest.raises(ValueError, match=message):
        parse_measure(name)


def test_spellings_parse_to_the_same_measure():
    for names in (["ndcg@10", "nDCG@10", "ndcg_cut_10", "ndcg_cut.10", "NDCG@10"],
                  ["P@5", "P_5", "P.5", "precision@5"], ["AP", "map", "MAP"],
                  ["AP@10", "map_cut_10", "map_cut.10"], ["RR", "recip_rank", "MRR"],
                  ["recall@100", "R@100", "recall_100"], ["num_rel_ret", "NumRelRet"],
                  ["success@10", "Success@10", "success_10"]):
        kinds = {(parse_measure(n).kind, parse_measure(n).k) for n in names}
        assert len(kinds) == 1, names
