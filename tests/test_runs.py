"""rankmeasures.evaluate on qrels and runs: each convention against the tool it
names, on thousands of random queries with ties, unjudged and unretrieved documents, and
queries present on one side only."""

import math

import numpy as np
import pytest
import pytrec_eval
import ranx_record
from sklearn.metrics import ndcg_score

import rankmeasures as rm
from rankmeasures.trec.join import join
from rankmeasures.trec.runs import evaluate


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


@pytest.mark.parametrize("sparse", [float("inf"), -1.0], ids=["judged only", "every document"])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_trec_eval_convention_matches_pytrec_eval(seed, sparse, monkeypatch):
    """Differences are rounding only: trec_eval sums the DCG in its own order (rel 1e-12).
    Both ways evaluate finds trec_eval's order: placing the judged documents only, or
    ordering every retrieved document (runs._SPARSE_JUDGED)."""
    from rankmeasures.trec import _trec_order as runs

    monkeypatch.setattr(runs, "_SPARSE_JUDGED", sparse)
    qrels, run = _random_collection(seed)
    ev = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg", "ndcg_cut.5", "ndcg_cut.10"})
    ref = ev.evaluate(run)
    ours = evaluate(qrels, run, ["ndcg", "ndcg@5", "ndcg_cut_10"])
    assert list(ours["ndcg"].query_ids) == sorted(ref)  # queries in both, trec_eval's set
    for name, key in (("ndcg", "ndcg"), ("ndcg@5", "ndcg_cut_5"),
                      ("ndcg_cut_10", "ndcg_cut_10")):
        expected = [ref[q][key] for q in ours[name].query_ids]
        np.testing.assert_allclose(ours[name].values, expected, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("queries", ["both", "qrels"])
def test_ndcg_at_k_from_the_top_k_ranks_is_the_whole_lists_bit_for_bit(queries, monkeypatch):
    """runs._top_ranks keeps each ranked query's first k documents and the k largest of
    the grades below them and the unretrieved ones: NDCG@k must be the whole lists' (the
    cut switched off), bit for bit, on lists longer and shorter than k, with grades
    below the cut larger than those above it and queries with no judgment."""
    from rankmeasures.trec import runs

    qrels, run = _random_collection(5, n_queries=600)
    names = ["ndcg@1", "ndcg@3", "ndcg@10", "ndcg_cut.5,20"]
    cut = evaluate(qrels, run, names, queries=queries)
    monkeypatch.setattr(runs, "_top_ranks", lambda *args: args[:5])
    whole = evaluate(qrels, run, names, queries=queries)
    assert list(cut) == list(whole) and len(cut) == 5
    for name in cut:
        assert cut[name].values.tobytes() == whole[name].values.tobytes(), name


@pytest.mark.parametrize("sparse", [float("inf"), -1.0], ids=["judged only", "every document"])
def test_queries_policy_qrels_scores_missing_queries_zero_like_trec_eval_c(sparse, monkeypatch):
    from rankmeasures.trec import _trec_order as runs

    monkeypatch.setattr(runs, "_SPARSE_JUDGED", sparse)
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
    qrels, run = _random_collection(9, 3400)  # 3 x 3400 > 10^4 queries compared
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


@pytest.mark.parametrize("sparse", [float("inf"), -1.0], ids=["judged only", "every document"])
def test_dicts_and_tables_give_identical_values(sparse, monkeypatch):
    """Every input form, both ways of finding trec_eval's order (runs._SPARSE_JUDGED)."""
    from rankmeasures.trec import _trec_order as runs

    monkeypatch.setattr(runs, "_SPARSE_JUDGED", sparse)
    pd = pytest.importorskip("pandas")
    qrels, run = _random_collection(4, 300)
    qtab = {"query_id": [q for q in qrels for _ in qrels[q]],
            "doc_id": [d for q in qrels for d in qrels[q]],
            "relevance": [v for q in qrels for v in qrels[q].values()]}
    rtab = {"query_id": [q for q in run for _ in run[q]],
            "doc_id": [d for q in run for d in run[q]],
            "score": [v for q in run for v in run[q].values()]}
    ref = evaluate(qrels, run, ["ndcg", "ndcg@10"])
    qarr = {k: np.asarray(v) for k, v in qtab.items()}  # numpy str columns, grouped by query
    rarr = {k: np.asarray(v) for k, v in rtab.items()}
    forms = ((qtab, rtab), (qarr, rarr),
             (pd.DataFrame(qtab), pd.DataFrame(rtab).sample(frac=1, random_state=0)),
             (pd.DataFrame(qtab), pd.DataFrame(rtab)))
    for qr, rr in forms:
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


@pytest.mark.parametrize("sparse", [float("inf"), -1.0], ids=["judged only", "every document"])
def test_bad_inputs_raise_clear_errors(sparse, monkeypatch):
    from rankmeasures.trec import _trec_order as runs

    monkeypatch.setattr(runs, "_SPARSE_JUDGED", sparse)
    with pytest.raises(ValueError, match="convention"):
        evaluate({}, {}, "ndcg", convention="trec")
    with pytest.raises(ValueError, match="ties"):
        evaluate({"a": {"x": 1}}, {"a": {"x": 1.0}}, "ndcg", ties="stable")  # input order
    with pytest.raises(ValueError, match="qrels: the relevance of document 'x' for query 'a' "
                                         "is 'high', not a finite number"):
        evaluate({"a": {"x": "high"}}, {"a": {"x": 1.0}}, "ndcg")
    with pytest.raises(ValueError, match="unknown measure"):
        evaluate({"a": {"x": 1}}, {"a": {"x": 1.0}}, "bogus_measure")
    with pytest.raises(ValueError, match="appears twice"):
        evaluate({"query_id": ["a", "a"], "doc_id": ["x", "x"], "relevance": [1, 0]},
                 {"a": {"x": 1.0}}, "ndcg")
    with pytest.raises(ValueError, match="run: the score of document 'y' for query 'b' is "
                                         "nan, not a finite number"):
        evaluate({"b": {"x": 1}}, {"a": {"x": 1.0}, "b": {"x": 2.0, "y": float("nan")}},
                 "ndcg")
    with pytest.raises(ValueError, match="score of document 'x' for query 'a' is 'high'"):
        evaluate({"a": {"x": 1}}, {"a": {"x": "high", "y": 0.5}}, "ndcg")  # a judged one
    with pytest.raises(ValueError, match="row 1 \\(query 'a', document 'y'\\) holds 'x'"):
        evaluate({"a": {"x": 1}}, {"query_id": ["a", "a"], "doc_id": ["x", "y"],
                                   "score": [1.0, "x"]}, "ndcg")
    with pytest.raises(ValueError, match="queries"):
        evaluate({"a": {"x": 1}}, {"a": {"x": 1.0}}, "ndcg", queries="all")
    with pytest.raises(ValueError, match="run: expected nested dicts"):
        evaluate({"a": {"x": 1}}, [1, 2], "ndcg")
    assert rm.evaluate is evaluate


@pytest.mark.parametrize("queries", ["both", "qrels"])
def test_a_run_with_no_query_in_common_is_refused(queries):
    """Query ids "1" against "q1": no query in common is almost always a mismatch of id
    forms, not a run that retrieved nothing; refused, naming a few ids of each side,
    unless the run's queries are asked for."""
    qrels = {f"q{i}": {"d": 1} for i in range(1, 6)}
    run = {str(i): {"d": 1.0} for i in range(1, 6)}
    with pytest.raises(ValueError, match=r"no query in common \(the run's '1', '2', '3', "
                                         r"\.\.\. \(5 in all\); the qrels' 'q1', 'q2', 'q3'"):
        evaluate(qrels, run, "ndcg", queries=queries)
    ev = evaluate(qrels, run, "ndcg", queries="run")
    assert ev["ndcg"].values.tolist() == [0.0] * 5


def _empty_forms(value):
    """An empty side in every input form: no query, a query with no document, tables of
    no row (lists, numpy str columns, a DataFrame)."""
    import pandas as pd

    cols = ("query_id", "doc_id", value)
    return {"{}": {}, "{'q1': {}}": {"q1": {}},
            "lists": dict.fromkeys(cols, []),
            "numpy": {"query_id": np.array([], str), "doc_id": np.array([], str),
                      value: np.array([])},
            "DataFrame": pd.DataFrame({c: [] for c in cols})}


@pytest.mark.parametrize("queries", ["both", "qrels", "run"])
@pytest.mark.parametrize("form", list(_empty_forms("score")))
def test_an_empty_run_is_refused_under_every_query_policy(form, queries):
    """An empty run leaves no query to evaluate: none under "both" or "run"; under
    "qrels" each judged query would score 0, as against a run of other queries, which is
    refused. The message names the run and says what is wrong; there is no way out to
    offer."""
    qrels = {"q1": {"a": 1}, "q2": {"b": 1}}
    empty = _empty_forms("score")[form]
    want = r"^run: empty( \(its 1 query has no retrieved document\))?, so no query can be " \
           r"evaluated \(the qrels judge 'q1', 'q2'\)$"
    with pytest.raises(rm.trec.join.NoQueryToEvaluate, match=want):
        evaluate(qrels, empty, "ndcg", queries=queries)
    with pytest.raises(ValueError, match=want):
        join(qrels, empty, queries=queries)


@pytest.mark.parametrize("form", list(_empty_forms("relevance")))
def test_empty_qrels_are_refused_unless_the_runs_queries_are_asked_for(form):
    """Empty qrels judge no query of the run: refused under "both" and "qrels" (no query
    in common), naming the qrels and the way out; under "run" each query of the run is
    evaluated without judgments (NDCG 0, its IDCG being 0), as for qrels of other
    queries."""
    run = {"q1": {"a": 0.5}, "q2": {"b": 0.1}}
    empty = _empty_forms("relevance")[form]
    for queries in ("both", "qrels"):
        with pytest.raises(ValueError, match=r"^qrels: empty.*, so no query of the run "
                                             r"\('q1', 'q2'\) is judged\. Pass "
                                             r"queries='run' to evaluate the run's"):
            evaluate(empty, run, "ndcg", queries=queries)
    ev = evaluate(empty, run, ["ndcg", "P@1"], queries="run")
    assert ev.to_dict() == {"ndcg": {"q1": 0.0, "q2": 0.0}, "P@1": {"q1": 0.0, "q2": 0.0}}
    with pytest.raises(ValueError, match=r"^run, qrels: both empty"):
        evaluate(empty, {"q1": {}}, "ndcg", queries="run")


def test_a_partial_overlap_is_reported_in_the_repr():
    qrels = {"q1": {"a": 1}, "q2": {"a": 1}, "q3": {"b": 1}}
    run = {"q1": {"a": 0.5}, "q4": {"a": 0.5}}
    ev = evaluate(qrels, run, ["ndcg", "P@1"])
    assert ev.left_out == (2, 1)
    assert ("left out: 2 queries of the qrels the run does not have, 1 of the run the qrels "
            "do not judge") in repr(ev)
    assert evaluate(qrels, run, "ndcg", queries="qrels").left_out == (0, 1)
    full = evaluate({"q1": {"a": 1}}, {"q1": {"a": 0.5}}, "ndcg")
    assert full.left_out == (0, 0) and "left out" not in repr(full)


# -- ranx: a bench-only peer, compared with its recorded values (tests/ranx_record.py) --

@pytest.fixture(scope="module")
def ranx_values():
    with np.load(ranx_record.DATA) as f:
        return {k: f[k] for k in f.files}


ALL_RANX = [*ranx_record.MEASURES, *ranx_record.BINARY]


def _ours(case, **kw):
    qrels, run = ranx_record.collection(**ranx_record.CASES[case])
    return evaluate(qrels, run, ALL_RANX, convention="ranx", **kw)


def test_ranx_convention_matches_ranx_on_runs_without_ties(ranx_values):
    """10,000 queries, continuous scores: equal to ranx up to the order of the DCG sum,
    NDCG and the binary measures (precision, recall, map, mrr, r-precision, hit_rate)."""
    ours = _ours("continuous")
    assert ours.queries == "qrels"  # ranx's make_comparable=True
    assert ours.query_ids.tolist() == ranx_values["continuous/query_ids"].tolist()
    assert ours.query_ids.size > 9_000
    for m in ALL_RANX:
        ref = ranx_values[f"continuous/{m}"]
        np.testing.assert_allclose(ours[m].values, ref, rtol=1e-12, atol=1e-15)
        assert (ref > 0).mean() > 0.5 and (ref == 0).any()  # a test with teeth: both kinds


def test_ranx_on_ties_depends_on_input_order_ours_is_the_expectation(ranx_values):
    """ranx breaks ties by an unstable quicksort of the dict's insertion order: the same run
    built in reverse order gets other values. The ranx convention averages ties instead, so
    its value lies between the worst and best tie orders -- where ranx's values lie too."""
    a, b = ranx_values["tied/ndcg@5"], ranx_values["tied_reversed/ndcg@5"]
    assert (a != b).sum() > 100  # ranx: input order changes the value
    avg = _ours("tied")
    assert np.array_equal(avg["ndcg@5"].values, _ours("tied_reversed")["ndcg@5"].values)
    lo, hi = _ours("tied", ties="pessimistic"), _ours("tied", ties="optimistic")
    for m in ALL_RANX:
        for ref in (ranx_values[f"tied/{m}"], ranx_values[f"tied_reversed/{m}"],
                    avg[m].values):
            assert np.all(ref >= lo[m].values - 1e-12) and np.all(ref <= hi[m].values + 1e-12)
        assert (lo[m].values < hi[m].values).sum() > 500  # the ties matter


def test_ranx_relevance_level_one():
    """ranx counts a grade below 1 as not relevant (rel_lvl=1), in the run and the ideal."""
    qrels = {"q": {"a": 0.5, "b": 1.0}}
    run = {"q": {"a": 0.9, "b": 0.1}}
    got = evaluate(qrels, run, "ndcg", convention="ranx")["ndcg"].values[0]
    assert got == pytest.approx(1 / np.log2(3), rel=1e-15)  # b at rank 2, ideal: b first
    sk = evaluate(qrels, run, "ndcg", convention="sklearn")["ndcg"].values[0]
    assert sk == pytest.approx((0.5 + 1 / np.log2(3)) / (1 + 0.5 / np.log2(3)), rel=1e-15)


def test_evaluation_result_reads_at_a_glance():
    qrels = {"q1": {"a": 2, "b": 1}, "q2": {"c": 1}}
    run = {"q1": {"a": 0.3, "b": 0.9, "x": 0.1}, "q2": {"c": 0.5}}
    ev = evaluate(qrels, run, ["ndcg", "ndcg@1"])
    text = repr(ev)
    assert text.splitlines()[0] == ("Evaluation of 2 queries (convention='trec_eval', "
                                    "queries='both', ties='trec_eval')")
    assert "ndcg@1" in text and "0.7500" in text  # mean of 0.5 and 1
    assert ev.means == {"ndcg": ev["ndcg"].mean, "ndcg@1": 0.75}
    assert ev.to_dict()["ndcg@1"] == {"q1": 0.5, "q2": 1.0}
    assert list(ev) == ["ndcg", "ndcg@1"] and len(ev) == 2


def test_a_mean_is_the_mean_of_the_values_and_trec_evals_summary_says_its_kind():
    """Hand-computed: two queries retrieving 3 documents each. num_ret's values are 3 and
    3: mean 3, trec_eval's summary their sum 6. q1 ranks its one relevant document
    second (AP 1/2), q2 retrieves none of its relevant one (AP 0, floored at 1e-5 for
    gm_map): gm_map's values are 0.5 and 1e-5, their mean (0.5 + 1e-5) / 2, trec_eval's
    summary their geometric mean sqrt(0.5e-5). num_q: values 1, summary the count 2."""
    qrels = {"q1": {"a": 1}, "q2": {"b": 1}}
    run = {"q1": {"x": 0.9, "a": 0.5, "y": 0.1}, "q2": {"x": 0.9, "y": 0.5, "z": 0.1}}
    ev = evaluate(qrels, run, ["num_ret", "gm_map", "map", "num_q"])
    r = ev["num_ret"]
    assert r.values.tolist() == [3.0, 3.0] and r.mean == 3.0
    assert (r.summary_kind, r.trec_summary) == ("sum", 6.0)
    g = ev["gm_map"]
    assert g.values.tolist() == [0.5, 1e-5] and g.mean == (0.5 + 1e-5) / 2
    assert g.summary_kind == "geometric_mean"
    assert g.trec_summary == pytest.approx(math.sqrt(0.5e-5), rel=1e-15)
    assert ev["map"].values.tolist() == [0.5, 0.0]
    assert ev.means["map"] == ev.summaries["map"] == 0.25
    assert ev["map"].summary_kind == "mean"
    assert ev.means["num_q"] == 1.0 and ev.summaries["num_q"] == 2.0
    assert ev["num_q"].summary_kind == "count"
    # the repr's mean column is the mean; the last column trec_eval's, with its kind
    row = next(x for x in repr(ev).splitlines() if x.split()[0] == "num_ret")
    assert row.split() == ["num_ret", "3.0000", "3.0000", "3.0000", "3.0000", "6.0000",
                           "(sum)"]
    row = next(x for x in repr(ev).splitlines() if x.split()[0] == "gm_map")
    assert row.split()[-3:] == [f"{math.sqrt(0.5e-5):.4f}", "(geometric", "mean)"]
    assert "trec_eval's all" in repr(ev).splitlines()[1]


def test_ids_compare_as_strings():
    by_int = evaluate({"query_id": [1, 1], "doc_id": [10, 11], "relevance": [1, 0]},
                      {1: {10: 0.2, 11: 0.8}}, "ndcg")
    by_str = evaluate({"1": {"10": 1, "11": 0}}, {"1": {"10": 0.2, "11": 0.8}}, "ndcg")
    assert by_int.query_ids.tolist() == ["1"]
    assert np.array_equal(by_int["ndcg"].values, by_str["ndcg"].values)


def test_query_results_repr_and_dict():
    res = rm.ndcg_queries([1, 0, 0, 1], [0.9, 0.1, 0.8, 0.2], offsets=[0, 2, 4])
    assert repr(res) == ("QueryResults(2 queries, mean 0.8155; min 0.6309, median 0.8155, "
                         "max 1.0000)")  # query 1: 1/log2(3) = 0.6309
    assert res.to_dict() == {0: 1.0, 1: pytest.approx(1 / np.log2(3), rel=1e-15)}
    empty = rm.ndcg_queries([0, 0], [0.5, 0.4], offsets=[0, 2], zero_idcg="nan")
    assert repr(empty) == "QueryResults(1 query, no defined value)"


@pytest.mark.parametrize("sparse", [float("inf"), -1.0], ids=["judged only", "every document"])
def test_trec_eval_ties_break_by_id_in_byte_order_among_unjudged_documents(sparse, monkeypatch):
    """By hand: x scores 0.7; a, b, é and Z tie at 0.5 and go by id, decreasing byte order
    (é is 0xC3 0xA9 in UTF-8, above every ASCII letter; Z is below a): é, b, a, Z. So the
    one relevant document, a, ranks 4th, behind two unjudged ones; -0.0 ties with 0.0.
    pytrec_eval agrees."""
    from rankmeasures.trec import _trec_order as runs

    monkeypatch.setattr(runs, "_SPARSE_JUDGED", sparse)
    qrels = {"q": {"a": 1, "Z": 0, "m": 2}}
    run = {"q": {"a": 0.5, "b": 0.5, "é": 0.5, "Z": 0.5, "x": 0.7, "m": -0.0, "n": 0.0}}
    ev = evaluate(qrels, run, ["RR", "P@4", "P@3", "AP", "ndcg@7"]).to_dict()
    # ranks: x 1, é 2, b 3, a 4, Z 5, n 6, m 7 (n > m among the tie at zero)
    assert ev["RR"]["q"] == 1 / 4 and ev["P@4"]["q"] == 1 / 4 and ev["P@3"]["q"] == 0
    assert ev["AP"]["q"] == (1 / 4 + 2 / 7) / 2
    dcg = 1 / np.log2(5) + 2 / np.log2(8)
    assert abs(ev["ndcg@7"]["q"] - dcg / (2 + 1 / np.log2(3))) < 1e-15
    ref = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank", "P.3", "P.4", "map",
                                                 "ndcg_cut.7"}).evaluate(run)["q"]
    assert ref["recip_rank"] == ev["RR"]["q"] and ref["P_4"] == ev["P@4"]["q"]
    assert abs(ref["map"] - ev["AP"]["q"]) < 1e-12
    assert abs(ref["ndcg_cut_7"] - ev["ndcg@7"]["q"]) < 1e-12


@pytest.mark.parametrize("sparse", [float("inf"), -1.0], ids=["judged only", "every document"])
def test_scores_beyond_float32s_range_rank_as_trec_eval_reads_them(sparse, monkeypatch,
                                                                   tmp_path):
    """trec_eval keeps ``atof``'s double in a C float (get_trec_results.c): 1e40 and 1e39
    both become inf, -1e39 and -1e308 both -inf, and each pair ties, broken by document
    id (decreasing): c, a first; then f (3.4e38, inside float32's range), b; e, d last.
    By hand with relevant c (1), a (2), e (1): RR 1, AP (1/1 + 2/2 + 3/5) / 3. No
    RuntimeWarning on the way; pytrec_eval, the file reader and the command agree. Under
    "sklearn" the float64 scores order a (1e40) above c."""
    import io
    import warnings

    from rankmeasures.trec import _trec_order as runs
    from rankmeasures.trec.cli import run as cli
    from rankmeasures.trec.trec_files import read_run

    monkeypatch.setattr(runs, "_SPARSE_JUDGED", sparse)
    qrels = {"q": {"a": 2, "c": 1, "e": 1, "z": 0}}
    run = {"q": {"a": 1e40, "b": 0.5, "c": 1e39, "d": -1e39, "e": -1e308, "f": 3.4e38}}
    path = tmp_path / "run.txt"
    path.write_text("".join(f"q Q0 {d} 0 {s!r} t\n" for d, s in run["q"].items()))
    dcg = 1 + 2 / np.log2(3) + 1 / np.log2(6)
    idcg = 2 + 1 / np.log2(3) + 1 / np.log2(4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for given in (run, read_run(path)):
            ev = evaluate(qrels, given, ["RR", "AP", "ndcg", "auc"]).to_dict()
            assert ev["RR"]["q"] == 1 and ev["AP"]["q"] == (1 + 1 + 3 / 5) / 3
            assert abs(ev["ndcg"]["q"] - dcg / idcg) < 1e-15
            # 3 relevant x 3 not: a and c above all; e ties with d (both -inf), below f, b
            assert ev["auc"]["q"] == 6.5 / 9
            # each infinite pair tied: the mean over the orders of {a, c} and {d, e}
            avg = evaluate(qrels, given, "ndcg", ties="average")["ndcg"].values[0]
            mean_dcg = 1.5 * (1 + 1 / np.log2(3)) + 0.5 * (1 / np.log2(6) + 1 / np.log2(7))
            assert abs(avg - mean_dcg / idcg) < 1e-15
        (tmp_path / "q.txt").write_text("q 0 a 2\nq 0 c 1\nq 0 e 1\nq 0 z 0\n")
        out = io.StringIO()
        assert cli([str(tmp_path / "q.txt"), str(path), "-m", "ndcg", "--format",
                    "trec_eval"], out=out) == 0
        assert out.getvalue() == f"ndcg                  \tall\t{dcg / idcg:6.4f}\n"
        sk = evaluate(qrels, run, "ndcg", convention="sklearn")["ndcg"].values[0]
    ref = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank", "map", "ndcg"}).evaluate(run)
    assert ref["q"]["recip_rank"] == 1 and abs(ref["q"]["map"] - 2.6 / 3) < 1e-15
    assert abs(ref["q"]["ndcg"] - dcg / idcg) < 1e-12
    grades = [2, 0, 1, 0, 1, 0]  # a b c d e f
    assert abs(sk - ndcg_score([grades], [list(run["q"].values())])) < 1e-15


@pytest.mark.parametrize("lengths", [[7, 7, 7], [1, 9, 4, 9], [1, 1, 50]],
                         ids=["one length", "padded rows", "one flat sort"])
def test_ranked_keys_and_scores_are_numpys_sort_of_the_float32_scores(lengths):
    """runs._row_sorted sorts each query's key in a row (equal lengths, padded rows, or
    one flat sort when padding would double the work): the keys must be np.sort's and the
    scores it decodes each query's float32 scores in decreasing order (-0.0 read as 0.0)
    -- on signed zeros, subnormals, float32's extremes and values equal in float32 only."""
    from rankmeasures.trec import _trec_order as runs

    rng = np.random.default_rng(3)
    special = np.array([0.0, -0.0, 1e-45, -1e-45, 3.4e38, -3.4e38, 1.0, 1.0 + 1e-12, -2.5,
                        0.1, 0.1, 7.0])
    n = sum(lengths)
    scores = np.where(rng.random(n) < 0.5, rng.choice(special, n), rng.normal(size=n))
    offsets = np.concatenate([[0], np.cumsum(lengths)])
    qidx = np.repeat(np.arange(len(lengths), dtype=np.int64), lengths)
    key = runs._order_key(qidx, scores)
    ranked, ranked_scores = runs._row_sorted(runs._score_key(scores), qidx, offsets)
    k, f = runs._score_key(special).astype(np.int64), special.astype(np.float32)
    assert np.array_equal(k[:, None] < k[None, :], f[:, None] > f[None, :])
    assert np.array_equal(k[:, None] == k[None, :], f[:, None] == f[None, :])
    assert np.array_equal(ranked, np.sort(key))
    for q, (a, b) in enumerate(zip(offsets[:-1], offsets[1:], strict=True)):
        want = -np.sort(-scores[a:b].astype(np.float32)).astype(np.float64)
        assert np.array_equal(ranked_scores[a:b], want + 0.0), q  # +0.0: -0.0 -> 0.0
        assert not np.signbit(ranked_scores[a:b][ranked_scores[a:b] == 0]).any()


@pytest.mark.parametrize("lengths", [[40, 40, 40], [0, 9, 40, 1, 0, 33], [1, 1, 200]],
                         ids=["one length", "padded rows", "one flat sort"])
@pytest.mark.parametrize("every_id", [False, True], ids=["tied ids", "every id"])
def test_trec_eval_order_is_pythons_sort_by_float32_score_then_utf8_bytes(lengths, every_id,
                                                                        monkeypatch):
    """_trec_order._trec_eval_order against Python's sort of each query by (float32 score,
    the id's UTF-8 bytes), both decreasing -- trec_eval's qsort by score then strcmp
    (get_trec_results.c) -- on ids that are prefixes of one another, non-ASCII ids (é,
    U+00E9, two bytes; 中, three; an emoji, four: above every ASCII id in byte order),
    dense ties, -0.0 beside 0.0 and values equal in float32 only; ids given as a list, a
    numpy str array and a numpy bytes array (ordered as bytes), with the tied ids ranked
    alone or every id ranked."""
    from rankmeasures.trec import _trec_order as runs

    monkeypatch.setattr(runs, "_RANK_EVERY_ID", -1.0 if every_id else 2.0)
    rng = np.random.default_rng(11)
    pool = ["a", "ab", "abc", "b", "B", "é", "éa", "e", "中", "中文", "😀", "z😀", "0", "00",
            "a b", "d1", "d10", "d2", "Z"] + [f"doc{i}" for i in range(300)]
    offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
    ids, scores = [], []
    for m in lengths:
        ids += [pool[i] for i in rng.permutation(len(pool))[:m]]
        scores += rng.choice([0.5, 0.25, -0.0, 0.0, 1.0, 1.0 + 1e-12, 3.0], m).tolist()
    scores = np.array(scores)
    want = []
    for a, b in zip(offsets[:-1].tolist(), offsets[1:].tolist(), strict=True):
        want += sorted(range(a, b), reverse=True,
                       key=lambda i: (np.float32(scores[i]), ids[i].encode("utf-8")))
    for given in (ids, np.array(ids), np.array([d.encode("utf-8") for d in ids])):
        got = runs._trec_eval_order(offsets, runs.as_float32(scores), given)
        assert got.tolist() == want


def test_tie_group_members_are_found_exactly():
    """runs._members (a hash filter, then an exact search) against np.isin, with keys
    chosen to collide in the filter's table (multiples of a large power of two)."""
    from rankmeasures.trec import _trec_order as runs

    rng = np.random.default_rng(4)
    key = np.concatenate([rng.integers(0, 2**40, 5000), rng.integers(0, 64, 3000) << 40])
    wanted = np.unique(np.concatenate([key[rng.integers(0, key.size, 40)],
                                       [2**41 + 1, -1 + 2**62]]))  # two keys not in key
    pos, which = runs._members(key, wanted)
    assert np.array_equal(pos, np.flatnonzero(np.isin(key, wanted)))
    assert np.array_equal(wanted[which], key[pos])


def _str_tables(qrels, run, seed=None):
    """Both inputs as tables of numpy str columns (rows shuffled when seeded)."""
    def table(d, value):
        t = {"query_id": np.array([q for q in d for _ in d[q]], dtype=str),
             "doc_id": np.array([x for q in d for x in d[q]], dtype=str),
             value: np.array([v for q in d for v in d[q].values()], dtype=float)}
        if seed is not None:
            order = np.random.default_rng(seed).permutation(t["doc_id"].size)
            t = {k: v[order] for k, v in t.items()}
        return t
    return table(qrels, "relevance"), table(run, "score")


@pytest.mark.parametrize("weak_hash", [False, True], ids=["hash", "every hash equal"])
@pytest.mark.parametrize("shuffled", [None, 3], ids=["grouped", "interleaved"])
@pytest.mark.parametrize("sparse", [float("inf"), -1.0], ids=["judged only", "every document"])
@pytest.mark.parametrize("queries", ["both", "qrels", "run"])
def test_tables_of_str_columns_join_as_the_dicts_do(queries, sparse, shuffled, weak_hash,
                                                     monkeypatch):
    """The join of numpy str columns (hashed pairs, runs._array_gathered) gives the nested
    dicts' arrays, whether queries come grouped or interleaved; when every document
    hashes alike, the collisions send it to the dicts' path, with the same values."""
    from rankmeasures.trec import _trec_order as runs

    monkeypatch.setattr(runs, "_SPARSE_JUDGED", sparse)
    if weak_hash:
        monkeypatch.setattr(runs, "_text_hash",
                            lambda *cols: [np.zeros(c.size, np.uint64) for c in cols])
    qrels, run = _random_collection(6, 300)
    qt, rt = _str_tables(qrels, run, shuffled)
    assert (runs._array_gathered(qt, rt, queries) is None) == weak_hash
    names = ["ndcg", "ndcg@10", "P@5", "AP", "RR", "bpref", "num_rel", "infAP"]
    ref = evaluate(qrels, run, names, queries=queries)
    got = evaluate(qt, rt, names, queries=queries)
    assert got.left_out == ref.left_out
    for name in names:
        assert list(got[name].query_ids) == list(ref[name].query_ids)
        assert np.array_equal(got[name].values, ref[name].values, equal_nan=True)


def test_tables_of_str_columns_report_a_repeated_document_as_the_dicts_do():
    qrels, run = _random_collection(7, 20)
    qt, rt = _str_tables(qrels, run)
    for t, value in ((rt, "score"), (qt, "relevance")):
        t["doc_id"][1] = t["doc_id"][0]  # the first query's first document, twice
        q, d = t["query_id"][0], t["doc_id"][0]
        name = "run" if value == "score" else "qrels"
        with pytest.raises(ValueError, match=f"{name}: document '{d}' appears twice for "
                                             f"query '{q}'"):
            evaluate(qt, rt, "P@5")
        t["doc_id"][1] = "fresh"


def test_options_take_numpys_numbers_and_name_what_they_refuse():
    """evaluate's options checked by the shared vocabulary (rankmeasures._validation):
    numpy's integers, reals and bools count as Python's; bools are not numbers."""
    qrels, run = {"a": {"x": 2, "y": 1}}, {"a": {"x": 0.5, "y": 0.7, "z": 0.9}}
    ref = evaluate(qrels, run, ["map", "utility"], rel=2, depth=2, judged_only=True,
                   n_docs=5)
    got = evaluate(qrels, run, ["map", "utility"], rel=np.float32(2), depth=np.int64(2),
                   judged_only=np.True_, n_docs=np.int64(5))
    assert got.means == ref.means
    bad = {"convention": ("trec", "convention: must be one of"),
           "queries": ("all", r"queries: must be one of \('both', 'qrels', 'run'\) or None"),
           "ties": ("stable", r"ties: must be one of .* or None, got 'stable'"),
           "rel": (True, "rel: must be a finite real number, got True"),
           "depth": (0, r"depth: must be a positive integer \(or None\), got 0"),
           "judged_only": (1, "judged_only: must be True or False, got 1"),
           "n_docs": (-1, "n_docs: must be an integer >= 0, got -1")}
    for name, (value, message) in bad.items():
        with pytest.raises(ValueError, match=message):
            evaluate(qrels, run, "map", **{name: value})
    with pytest.raises(ValueError, match="rel: must be a finite real number, got nan"):
        evaluate(qrels, run, "map", rel=float("nan"))
