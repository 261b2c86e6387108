"""DCG and NDCG with a discount or gain expression of the user's own
(``ndcg@10(discount=1/log(1+r)^2)``), through ``rm.evaluate`` and the command: by hand, against
an independent numpy computation, equal to the built-in measure when the expression is the
convention's, and refused with the argument named."""

import io
import math

import numpy as np
import pytest

import rankmeasures as rm
from rankmeasures.trec.cli import run as cli
from rankmeasures.trec.measure_names import parse_measure, parse_measure_list


def _random_collection(seed, n_queries=25, ties=True):
    """Seeded qrels and run: grades 0-3, some judged documents never retrieved, some
    retrieved documents never judged, and (with ``ties``) scores on a coarse grid so that
    many are tied."""
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for q in range(n_queries):
        docs = [f"d{i:03d}" for i in rng.choice(200, size=rng.integers(3, 40), replace=False)]
        judged = docs[: max(1, int(0.8 * len(docs)))]
        qrels[f"q{q}"] = {d: int(rng.integers(0, 4)) for d in judged}
        qrels[f"q{q}"][f"j{q}"] = int(rng.integers(1, 4))  # judged, not retrieved
        scores = rng.integers(0, 5, size=len(docs)) / 4 if ties else rng.permutation(len(docs))
        run[f"q{q}"] = {d: float(s) for d, s in zip(docs, scores, strict=True)}
    return qrels, run


@pytest.mark.parametrize("convention", ["trec_eval", "sklearn", "ranx"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_conventions_expressions_give_the_built_in_measures_bit_for_bit(convention, seed):
    # trec_eval's DCG: gain = grade, discount 1/log2(1 + r); written three ways
    qrels, run = _random_collection(seed)
    pairs = {"ndcg@10": ["ndcg@10(discount=1/log2(1+r), gain=y)",
                         "ndcg(discount=log(2)/log(1+r))@10", "NDCG@10(gain=y)"],
             "ndcg": ["ndcg(discount=1/log2(1 + r))"],
             "dcg@5": ["dcg@5(discount=1/log2(1+r))"],
             "ndcg@5(gain=exp2)": ["ndcg@5(gain=2^y - 1)"],
             "ndcg@5(discount=zipf)": ["ndcg@5(discount=1/r)"]}
    for builtin, customs in pairs.items():
        want = rm.evaluate(qrels, run, [builtin], convention=convention)[builtin].values
        for custom in customs:
            got = rm.evaluate(qrels, run, [custom], convention=convention)[custom].values
            assert np.array_equal(got, want), (builtin, custom)
    # asked together, and beside a measure that makes the evaluator rank trec_eval's way
    both = rm.evaluate(qrels, run, ["bpref", "ndcg@10", pairs["ndcg@10"][0]])
    assert np.array_equal(both["ndcg@10"].values, both[pairs["ndcg@10"][0]].values)


def _ndcg_by_numpy(qrels, run, discount, gain, k):
    """NDCG@k of runs without tied scores, from the definition (Wang et al. (2013),
    Definition 1, with trec_eval's ideal: every judged document of the query)."""
    out = []
    for q in sorted(set(qrels) | set(run)):
        ranked = sorted(run.get(q, {}), key=lambda d: -run[q][d])[:k]
        grades = [qrels.get(q, {}).get(d, 0) for d in ranked]
        dcg = sum(gain(g) * discount(i + 1) for i, g in enumerate(grades))
        ideal = sorted(qrels.get(q, {}).values(), reverse=True)[:k]
        idcg = sum(gain(g) * discount(i + 1) for i, g in enumerate(ideal))
        out.append(dcg / idcg if idcg > 0 else 0.0)
    return np.array(out)


def test_an_expression_of_its_own_against_numpy_by_the_definition():
    qrels, run = _random_collection(3, ties=False)
    name = "ndcg@10(discount=1/log(1+r)^2, gain=3^y - 1)"
    got = rm.evaluate(qrels, run, [name])[name].values
    want = _ndcg_by_numpy(qrels, run, lambda r: 1 / math.log(1 + r) ** 2,
                          lambda g: 3.0**g - 1, 10)
    np.testing.assert_allclose(got, want, rtol=1e-13, atol=0)
    assert not np.allclose(got, rm.evaluate(qrels, run, ["ndcg@10"])["ndcg@10"].values)


def test_a_small_case_by_hand():
    # q1 ranks b (grade 1), c (0), a (2), x (unjudged); d (grade 1) is judged, never
    # retrieved. D(r) = 1/ln(1+r)^2:
    #   DCG  = 1 D(1) + 0 D(2) + 2 D(3)
    #   IDCG = 2 D(1) + 1 D(2) + 1 D(3)   (grades 2, 1, 1, 0)
    # with the cut at 2: DCG@2 = D(1), IDCG@2 = 2 D(1) + D(2).
    qrels = {"q1": {"a": 2, "b": 1, "c": 0, "d": 1}}
    run = {"q1": {"b": 0.9, "c": 0.7, "a": 0.5, "x": 0.1}}
    d1, d2, d3 = (1 / math.log(1 + r) ** 2 for r in (1, 2, 3))
    ev = rm.evaluate(qrels, run, ["ndcg(discount=1/log(1+r)^2)", "ndcg@2(discount=1/ln(1+r)^2)",
                                  "dcg(discount=1/log(1+r)^2)", "dcg@3(gain=2^y-1, discount=1/r)"])
    assert ev["ndcg(discount=1/log(1+r)^2)"].values[0] == pytest.approx(
        (d1 + 2 * d3) / (2 * d1 + d2 + d3), rel=1e-15)
    assert ev["ndcg@2(discount=1/ln(1+r)^2)"].values[0] == pytest.approx(
        d1 / (2 * d1 + d2), rel=1e-15)
    assert ev["dcg(discount=1/log(1+r)^2)"].values[0] == pytest.approx(d1 + 2 * d3, rel=1e-15)
    # gain 2^y - 1 under the zipf discount: 1/1 + 0/2 + 3/3
    assert ev["dcg@3(gain=2^y-1, discount=1/r)"].values[0] == 2.0


def test_the_parse_keeps_the_expressions_and_leaves_named_ones_to_the_grammar():
    spec = parse_measure("nDCG(discount=r^(-1/2), gain=y^2)@20")
    assert (spec.kind, spec.k, spec.discount, spec.gain, spec.trec_name) == (
        "ndcg", 20, "r^(-1/2)", "y^2", None)
    assert parse_measure("ndcg@10(rel=2, discount=1/log(1+r)^2)").rel == 2.0
    assert parse_measure("ndcg@10(gain=exp2)").gain == "exp2"  # a name, as before
    assert parse_measure("ndcg_cut@10(discount=1/r)").kind == "ndcg"
    # a list of names keeps an expression measure beside trec_eval's
    names = [s.name for s in parse_measure_list(["P.5", "ndcg@10(discount=1/log(1+r)^2)"])]
    assert names == ["P.5", "ndcg@10(discount=1/log(1+r)^2)"]


@pytest.mark.parametrize("name, argument, why", [
    ("ndcg@10(discount=__import__('os'))", "discount", "calling __import__ is not allowed"),
    ("ndcg@10(discount=zipff)", "discount", "unknown name 'zipff'; known: ['exp2'"),
    ("ndcg@10(discount=r.real)", "discount", "Attribute is not allowed"),
    ("ndcg@10(discount=foo(r))", "discount", "calling foo is not allowed"),
    ("ndcg@10(discount=1/log(1+n))", "discount", "unknown name 'n'"),
    ("ndcg@10(gain=2^g - 1)", "gain", "unknown name 'g'"),
    ("ndcg@10(discount=1/log(r))", "discount", "gave a non-finite value (evaluated at r = 1"),
    ("ndcg@10(discount=5 - r)", "discount", "gave a negative value (evaluated at r = 1"),
    ("ndcg@10(discount=(1 - r)^2)", "discount", "is 0 at r = 1; a discount must be positive"),
    ("ndcg@10(gain=y - 1)", "gain", "is -1 at grade 0"),
    ("ndcg@10(gain=1/(y - 2))", "gain", "gave a non-finite value (evaluated at the grades"),
    ("ndcg@10(gain=log(y))", "gain", "gave a non-finite value"),
    ("ndcg@10(discount=1/r^2, p=0.5)", None, "takes rel, gain and discount, not 'p'"),
    ("ndcg@10(discount=1/r)@5", None, "give the cut-off once"),
    ("ndcg@10(discount=1/r, discount=1/r^2)", None, "'discount' given twice"),
    ("ndcg_cut(discount=1/r)", None, "needs a cut-off"),
])
def test_bad_expressions_are_refused_with_the_argument_named(name, argument, why):
    with pytest.raises(ValueError) as err:
        rm.evaluate({"q": {"a": 1}}, {"q": {"a": 1.0}}, [name])
    msg = str(err.value)
    assert msg.startswith(f"measures: {name!r}: " + (f"{argument}: " if argument else ""))
    assert why in msg


def test_a_negative_gain_at_a_grade_of_the_qrels_is_refused_when_computed():
    with pytest.raises(ValueError, match="non-negative"):
        rm.evaluate({"q": {"a": 3}}, {"q": {"a": 1.0}}, ["ndcg(gain=2 - (y - 1)^2)"])


def test_the_command_scores_runs_with_an_expression(tmp_path):
    q, r = tmp_path / "qrels.txt", tmp_path / "run.txt"
    q.write_text("q1 0 a 2\nq1 0 b 1\nq1 0 c 0\nq1 0 d 1\n")
    r.write_text("q1 Q0 b 1 0.9 t\nq1 Q0 c 2 0.7 t\nq1 Q0 a 3 0.5 t\nq1 Q0 x 4 0.1 t\n")
    out = io.StringIO()
    assert cli([str(q), str(r), "-m", "ndcg@2(discount=1/log(1+r)^2)", "ndcg@2"],
               out=out) == 0
    d1, d2 = (1 / math.log(1 + k) ** 2 for k in (1, 2))
    text = out.getvalue()
    assert f"{d1 / (2 * d1 + d2):.4f}" in text
    assert f"{1 / (2 + 1 / math.log2(3)):.4f}" in text  # the built-in ndcg@2 beside it
