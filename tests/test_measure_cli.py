"""The variant command for a measure other than NDCG (``python -m proofs_check variant
--measure NAME``, :mod:`rankmeasures.theory.named_measure`): the evaluator's spellings, each
giving the analysis of its twin; a measure it cannot analyse refused by name with the list
of those it can; the JSON keys and the table; values against hand computation."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import mpmath
import pytest

from proofs_check.__main__ import main as cli
from rankmeasures.theory.named_measure import (
    ANALYSABLE,
    analyse_named,
    read_measure,
    theory_table,
)

DOCS = Path(__file__).resolve().parents[1] / "docs" / "variants.md"


def _run(capsys, *args) -> str:
    assert cli(["variant", *args]) == 0
    return capsys.readouterr().out


def _json(capsys, *args) -> dict:
    return json.loads(_run(capsys, *args, "--json"))


# each spelling (trec_eval's, ir_measures', ours) beside its twin, with the --cut each takes
TWINS = [
    (("map",), ("AP",)),
    (("Rprec",), ("R-prec",)),
    (("P_10",), ("P@10",)),
    (("P.10",), ("P",  "--cut", "10")),
    (("P", "--cut", "n/2"), ("precision", "--cut", "n/2")),
    (("recall", "--cut", "n/2"), ("R", "--cut", "n/2")),
    (("recip_rank",), ("RR",)),
    (("ERR@20",), ("ERR", "--cut", "20")),
    (("ERR",), ("err",)),
    (("rbp.p=0.8",), ("RBP(p=0.8)",)),
    (("AUC",), ("auc",)),
]


@pytest.mark.parametrize(("one", "twin"), TWINS, ids=[t[0][0] for t in TWINS])
def test_each_spelling_gives_its_twins_analysis(capsys, one, twin):
    a = _json(capsys, "--measure", one[0], *one[1:], "--ybar", "(1+s)/3", "--ybar2", "1/2")
    b = _json(capsys, "--measure", twin[0], *twin[1:], "--ybar", "(1+s)/3", "--ybar2", "1/2")
    assert a["measure"] == one[0] and b["measure"] == twin[0]
    a.pop("measure"), b.pop("measure")
    assert a == b


def test_values_by_hand(capsys):
    """ybar = s: eta(t) = 1 - t, Phi(t) = t - t^2/2, p = 1/2 (by hand). AP = (1/p) int
    eta Phi / t = 2 int (1 - t)(1 - t/2) = 5/6; P@ceil(n/2) = Phi(1/2) / (1/2) = 3/4;
    recall@ceil(n/2) = Phi(1/2) / p = 3/4; R-precision = Phi(p)/p = 3/4; AUC = P[S1 > S0]
    with densities 2a and 2(1 - b): int 2a (2a - a^2) da = 5/6."""
    for args, expected in ((("map",), "5/6"), (("P", "--cut", "n/2"), "3/4"),
                           (("recall", "--cut", "n/2"), "3/4"), (("Rprec",), "3/4"),
                           (("AUC",), "5/6")):
        m = _json(capsys, "--measure", *args)["models"][0]
        assert m["converges"] is True
        assert m["limit"] == expected, args
        num, den = map(int, expected.split("/"))
        assert m["limit (numeric)"] == pytest.approx(num / den, rel=1e-14)


def test_limit_laws_by_hand(capsys):
    """RR with a constant ybar = 1/2: 1/G, G geometric(1/2): E = sum 2^-k / k = log 2,
    E[1/G^2] = sum 2^-k / k^2 = Li2(1/2) (summed here, not by the code's closed form).
    RBP(0.8) with q = 1/2: mean q, variance (1 - p)^2 q (1 - q) / (1 - p^2) = 1/36.
    P@10 with q = ybar(1-) = 2/3: Binomial(10, 2/3)/10, variance (2/3)(1/3)/10 = 1/45."""
    rr = _json(capsys, "--measure", "recip_rank", "--ybar", "1/2")["models"][0]
    mean = mpmath.nsum(lambda k: 2**-k / k, [1, mpmath.inf])
    second = mpmath.nsum(lambda k: 2**-k / k**2, [1, mpmath.inf])
    assert rr["converges"] is False and rr["limit"] is None and rr["limit (numeric)"] is None
    assert rr["q"] == "1/2"
    assert rr["law mean (numeric)"] == pytest.approx(float(mean), rel=1e-14)
    assert rr["law variance (numeric)"] == pytest.approx(float(second - mean**2), rel=1e-12)
    rbp = _json(capsys, "--measure", "rbp.p=0.8", "--ybar", "1/2")["models"][0]
    assert (rbp["law mean"], rbp["law variance"]) == ("1/2", "1/36")
    p10 = _json(capsys, "--measure", "P_10", "--ybar", "(1+s)/3")["models"][0]
    assert (p10["q"], p10["law mean"], p10["law variance"]) == ("2/3", "2/3", "1/45")
    # q = ybar(1-) = 1: the law is a point mass, P@10 tends to 1 in probability
    top = _json(capsys, "--measure", "P@10", "--ybar", "s")["models"][0]
    assert top["converges"] is True and top["limit"] == "1"
    # ERR with ybar(1-) = 1: every top rank stops with probability 1/2, so ERR tends to
    # sum_r 2^-r / r = log 2 (once a TypeError of measure_limits on this point mass)
    err = _json(capsys, "--measure", "ERR", "--ybar", "s")["models"][0]
    assert err["converges"] is True and err["limit"] == "log(2)"
    assert err["limit (numeric)"] == pytest.approx(math.log(2), rel=1e-15)


def test_err_without_a_cut_off_has_its_variance_as_a_number(capsys):
    """ERR's law variance without a cut-off is a series: a number, between ERR@20's (the
    terms past rank 20 add at most 1/21 to the measure) within 2/21 + (1/21)^2."""
    full = _json(capsys, "--measure", "ERR", "--ybar", "1/2")["models"][0]
    cut = _json(capsys, "--measure", "ERR@20", "--ybar", "1/2")["models"][0]
    assert full["law variance"] == "a series (no closed form)"
    assert math.isfinite(full["law variance (numeric)"]) and full["law variance (numeric)"] > 0
    assert abs(full["law variance (numeric)"] - cut["law variance (numeric)"]) <= (
        2 / 21 + 1 / 21**2)
    # the mean by hand: rho = q/2 = 1/4 per rank, -rho log(rho) / (1 - rho) = (1/3) log 4
    assert full["law mean (numeric)"] == pytest.approx(math.log(4) / 3, rel=1e-14)


def test_the_pair_verdict(capsys):
    """AP: the limits of ybar = s (5/6) and of a random function (1/2: AP -> p = 1/2)
    differ; RR of two functions with top rates in (0, 1): not distinguishable."""
    ap = _json(capsys, "--measure", "AP", "--ybar", "s", "--ybar2", "1/2")
    assert ap["pair"]["verdict"] == "distinguishable"
    assert [m["limit"] for m in ap["models"]] == ["5/6", "1/2"]
    rr = _json(capsys, "--measure", "RR", "--ybar", "(1+s)/3", "--ybar2", "1/2")
    assert rr["pair"]["verdict"] == "not distinguishable"


def test_json_keys(capsys):
    out = _json(capsys, "--measure", "RR", "--ybar", "(1+s)/3", "--ybar2", "1/2")
    assert list(out) == ["measure", "analysed as", "models", "pair"]
    assert list(out["models"][0]) == [
        "model", "ybar", "converges", "limit", "limit (numeric)", "q", "limit law",
        "law mean", "law mean (numeric)", "law variance", "law variance (numeric)"]
    assert list(out["pair"]) == ["verdict", "reason"]
    ap = _json(capsys, "--measure", "map")["models"][0]
    assert list(ap) == ["model", "ybar", "converges", "limit", "limit (numeric)"]


def test_the_table(capsys):
    out = _run(capsys, "--measure", "P", "--cut", "n/2", "--ybar", "s", "--ybar2", "1/2")
    lines = out.splitlines()
    assert lines[0].split(None, 1) == ["measure", "P"]
    assert "analysed as" in lines[1] and "P@ceil(c n), c = 1/2" in lines[1]
    # two spaces or more part a field from its value
    fields = dict(re.split(r"\s{2,}", ln, maxsplit=1) for ln in lines)
    assert fields["f0: converges"] == "yes" and fields["f0: limit"] == "3/4"
    assert fields["f0: limit (numeric)"] == "0.75"
    assert fields["f1: limit"] == "1/2"
    assert fields["pair: verdict"] == "distinguishable"


def test_a_graded_model_for_a_binary_measure_is_read_at_grade_one(capsys):
    """Grades 2, 1, 0 with P = s^2, 2s(1-s), (1-s)^2: P[Y >= 1 | s] = 2s - s^2, so AP is
    AP of that curve."""
    graded = _json(capsys, "--measure", "AP", "--grades", "2", "1", "0", "--probs", "s^2",
                   "2*s*(1-s)", "(1-s)^2")["models"][0]
    binary = _json(capsys, "--measure", "AP", "--ybar", "2*s - s^2")["models"][0]
    assert graded["relevance"] == "grade >= 1: P[Y >= 1 | s] = -s**2 + 2*s"
    assert graded["limit"] == binary["limit"]


@pytest.mark.parametrize("name", ["bpref", "num_ret", "infAP", "ndcg_rel", "all_trec",
                                  "RR@10", "map_cut_10", "recall@10", "dcg", "P(rel=2)@5",
                                  "nosuch"])
def test_a_measure_it_cannot_analyse_is_refused_by_name(capsys, name):
    with pytest.raises(SystemExit) as exc:
        cli(["variant", "--measure", name])
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"measure: {name!r}: " in captured.err
    for line in ANALYSABLE:
        assert line.split(" ")[0] in captured.err


def test_ndcg_options_beside_another_measure_are_refused(capsys):
    for flag, value in (("--discount", "1/r"), ("--gain", "y"), ("--mc-n", "100")):
        with pytest.raises(SystemExit):
            cli(["variant", "--measure", "AP", flag, value])
        assert capsys.readouterr().err.rstrip().split("error: ")[1].startswith(flag)
    for args, message in ((("P",), "it names 9 values"), (("R",), "needs a cut-off"),
                          (("P", "--cut", "sqrt(n)"), "cut: "),
                          (("AP", "--cut", "n/2"), "cut: 'AP' takes no cut-off"),
                          (("P@10", "--cut", "n/2"), "given twice")):
        with pytest.raises(SystemExit):
            cli(["variant", "--measure", *args])
        assert message in capsys.readouterr().err


def test_ndcg_keeps_the_discount_analysis(capsys):
    """--measure ndcg is the default; nDCG@10 is the discount analysis cut at 10."""
    base = ["--discount", "1/log(1+r)", "--n", "1000", "--json"]
    default = json.loads(_run(capsys, *base))
    named = json.loads(_run(capsys, "--measure", "ndcg", *base))
    assert default == named
    cut = json.loads(_run(capsys, "--measure", "ndcg_cut_10", *base))
    assert cut == json.loads(_run(capsys, "--cut", "10", *base))
    assert read_measure("nDCG@10").cut == "10"


def test_the_library_refuses_ndcg_and_reads_graded_err():
    with pytest.raises(ValueError, match=r"^measure: 'ndcg' is NDCG"):
        analyse_named("ndcg")
    # grades 1, 0 with P[Y = 1 | s] = 1/2: ERR reads them as binary labels of q = 1/2
    graded = analyse_named("ERR@5", ybar={"values": [1, 0], "probs": ["1/2", "1/2"]})
    binary = analyse_named("ERR@5", ybar="1/2")
    assert graded["models"][0]["law mean"] == binary["models"][0]["law mean"]


def test_the_docs_show_the_commands_real_output_and_the_computed_table(capsys):
    text = DOCS.read_text()
    marker = ('<!-- example output: python -m proofs_check variant --measure map --ybar '
              '"(1+s)/3" --ybar2 1/2 -->\n```text\n')
    shown = text[text.index(marker) + len(marker):].split("```", 1)[0]
    assert shown == _run(capsys, "--measure", "map", "--ybar", "(1+s)/3", "--ybar2", "1/2")
    start = text.index("<!-- theory table: rankmeasures.theory.named_measure.theory_table() -->")
    end = text.index("<!-- end of theory table -->")
    assert text[start:end].split("\n", 1)[1].strip() == theory_table()
