"""rankmeasures.evaluate on qrels and runs (issue 16): each convention against the tool it
names, on thousands of random queries with ties, unjudged and unretrieved documents, and
queries present on one side only."""

import numpy as np
import pytest
import pytrec_eval
from sklearn.metrics import ndcg_score

import rankmeasures as rm
from rankmeasures.runs import evaluate, join


def _random_collection(seed, n_queries=3000):
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for q in range(n_queries):
        qid = f"q{q}"
        docs = [f"d{i}" for i in rng.permutation(40)[: int(rng.integers(1, 30))]]
        judged = [d for d in docs if rng.random() < 0.7]
        judged += [f"u{i}" for i in range(int(rng.integers(0, 4)))]  # never retrieved
        if q % 50 != 7:  # a few queries have no judgments at all
            qrels[qid] = {d: int(rng.integers(-1, 4)) for d in judged}
        if q % 50 != 11 and docs:  # ... and a few are missing from the run
            # coarse scores: many exact ties; some differ only beyond float32 precision
            s = np.round(rng.random(len(docs)), 1)
            s[::5] += 1e-12
            run[qid] = {d: float(v) for d, v in zip(docs, s, strict=True)}
    return qrels, run


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_trec_eval_convention_matches_pytrec_eval(seed):
    """Differences are rounding only: trec_eval sums the DCG in its own order (rel 1e-12)."""
    qrels, run = _random_collection(seed)
    ev = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg", "ndcg_cut.5", "ndcg_cut.10"})
    ref = ev.evaluate(run)
    ours = evaluate(qrels, run, ["ndcg", "ndcg@5", "ndcg_cut_10"])
    assert list(ours["ndcg"].query_ids) == sorted(ref)  # queries in both, trec_eval's set
    for name, key in (("ndcg", "ndcg"), ("ndcg@5", "ndcg_cut_5"),
                      ("ndcg_cut_10", "ndcg_cut_10")):
        expected = [ref[q][key] for q in ours[name].query_ids]
        np.testing.assert_allclose(ours[name].values, expected, rtol=1e-12, atol=1e-15)


def test_queries_policy_qrels_scores_missing_queries_zero_like_trec_eval_c():
    qrels, run = _random_collection(5, 400)
    both = evaluate(qrels, run, "ndcg@10")["ndcg@10"]
    allq = evaluate(qrels, run, "ndcg@10", queries="qrels")["ndcg@10"]
    judged = {q for q in qrels if qrels[q]}  # an empty judgment dict judges nothing
    assert set(allq.query_ids) == judged
    missing = [q for q in judged if q not in run]
    assert missing  # the collection has some
    got = dict(zip(allq.query_ids, allq.values, strict=True))
    assert all(got[q] == 0.0 for q in missing)
    same = dict(zip(both.query_ids, both.values, strict=True))
    assert all(got[q] == v for q, v in same.items())
    # the mean over every judged query, as trec_eval -c reports it
    assert allq.mean == pytest.approx(sum(same.values()) / len(judged), rel=1e-12)


@pytest.mark.parametrize("k", [None, 3, 10])
def test_sklearn_convention_matches_ndcg_score_query_by_query(k):
    qrels, run = _random_collection(9, 600)
    ours = evaluate(qrels, run, "ndcg" if k is None else f"ndcg@{k}", convention="sklearn")
    vals = next(iter(ours.values()))
    for qid, v in zip(vals.query_ids, vals.values, strict=True):
        docs = list(run[qid])
        y = [[max(qrels[qid].get(d, 0), 0) for d in docs]]
        s = [[run[qid][d] for d in docs]]
        if len(docs) == 1:  # sklearn refuses one-document queries; ours: 1 or 0 by hand
            assert v == (1.0 if y[0][0] > 0 else 0.0)
            continue
        assert v == pytest.approx(ndcg_score(y, s, k=k), rel=1e-12, abs=1e-15)


def test_dicts_and_tables_give_identical_values():
    pd = pytest.importorskip("pandas")
    qrels, run = _random_collection(4, 300)
    qtab = {"query_id": [q for q in qrels for _ in qrels[q]],
            "doc_id": [d for q in qrels for d in qrels[q]],
            "relevance": [v for q in qrels for v in qrels[q].values()]}
    rtab = {"query_id": [q for q in run for _ in run[q]],
            "doc_id": [d for q in run for d in run[q]],
            "score": [v for q in run for v in run[q].values()]}
    ref = evaluate(qrels, run, ["ndcg", "ndcg@10"])
    for qr, rr in ((qtab, rtab), (pd.DataFrame(qtab), pd.DataFrame(rtab).sample(frac=1,
                                                                              random_state=0))):
        got = evaluate(qr, rr, ["ndcg", "ndcg@10"])
        for name in ref:
            assert list(got[name].query_ids) == list(ref[name].query_ids)
            assert np.array_equal(got[name].values, ref[name].values)


def test_join_by_hand():
    qrels = {"a": {"x": 2, "y": 0, "z": 1}, "b": {"x": 1}}
    run = {"a": {"y": 0.5, "w": 0.9}, "c": {"x": 1.0}}
    j = join(qrels, run)  # only "a" is in both
    assert j.query_ids.tolist() == ["a"]
    assert dict(zip(j.doc_ids, j.relevance, strict=True)) == {"w": 0.0, "y": 0.0}
    assert sorted(j.unscored_labels.tolist()) == [1.0, 2.0]  # x and z, judged, not retrieved
    # NDCG of ("w", "y") against the ideal (x=2, z=1): DCG 0, so 0
    assert evaluate(qrels, run, "ndcg")["ndcg"].values.tolist() == [0.0]
    run["a"]["z"] = 1.0  # z first: DCG = 1, IDCG = 2 + 1/log2(3)
    assert evaluate(qrels, run, "ndcg")["ndcg"].values[0] == pytest.approx(
        1 / (2 + 1 / np.log2(3)), rel=1e-15)


def test_bad_inputs_raise_clear_errors():
    with pytest.raises(ValueError, match="convention"):
        evaluate({}, {}, "ndcg", convention="ranx")
    with pytest.raises(ValueError, match="unknown measure"):
        evaluate({"a": {"x": 1}}, {"a": {"x": 1.0}}, "map")
    with pytest.raises(ValueError, match="appears twice"):
        evaluate({"query_id": ["a", "a"], "doc_id": ["x", "x"], "relevance": [1, 0]},
                 {"a": {"x": 1.0}}, "ndcg")
    with pytest.raises(ValueError, match="non-finite"):
        evaluate({"a": {"x": 1}}, {"a": {"x": float("nan")}}, "ndcg")
    with pytest.raises(ValueError, match="queries"):
        evaluate({"a": {"x": 1}}, {"a": {"x": 1.0}}, "ndcg", queries="all")
    with pytest.raises(ValueError, match="run: expected nested dicts"):
        evaluate({"a": {"x": 1}}, [1, 2], "ndcg")
    assert rm.evaluate is evaluate
