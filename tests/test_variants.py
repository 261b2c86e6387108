"""The variant analysis (rankmeasures.theory.analysis and the modules it calls) and
`python -m proofs_check variant`: known cases, hostile input, stable JSON."""

import json

import mpmath
import pytest
import sympy

import rankmeasures as rm
from proofs_check.__main__ import main as cli
from rankmeasures.discounts import r
from rankmeasures.expressions import parse_expression
from rankmeasures.theory import asymptotics as A
from rankmeasures.theory import relevance as R
from rankmeasures.theory.analysis import analyse, report_rows
from rankmeasures.theory.analysis_settings import MONTE_CARLO, list_lengths, stream_seed
from rankmeasures.theory.classification import classify_discount
from rankmeasures.theory.finite_ratio import expected_ratio, ratio_of_means
from rankmeasures.theory.models import check_continuous
from rankmeasures.theory.results import Verdict
from rankmeasures.theory.theorems import Decay


@pytest.mark.parametrize("text, expected", [
    ("1/log(1+r)^2", 1 / sympy.log(1 + r) ** 2),
    ("r**(-1/2)", r ** sympy.Rational(-1, 2)),
    ("2^-r", 2 ** (-r)),
    ("0.25*r + E - pi", sympy.Rational(1, 4) * r + sympy.E - sympy.pi),
    ("log(r, 2)", sympy.log(r, 2)),
])
def test_parse_known_expressions(text, expected):
    assert sympy.simplify(parse_expression(text) - expected) == 0


@pytest.mark.parametrize("text, message", [
    ("__import__('os').system('true')", "calling an expression is not allowed"),
    ("__import__('os')", "calling __import__ is not allowed"),
    ("r.real", "Attribute is not allowed"),
    ("(lambda: 1)()", "calling an expression is not allowed"),
    ("lambda: 1", "Lambda is not allowed"),
    ("[r for r in ()]", "ListComp is not allowed"),
    ("r[0]", "Subscript is not allowed"),
    ("'abc'", "only numbers are allowed"),
    ("log(r, base=2)", "positional argument"),
    ("open('x')", "calling open is not allowed"),
    ("x + 1", "unknown name 'x'"),
    ("2^(10^9)", "exponent 1000000000 is too large"),
    ("9^9^9", "is too large"),
    ("r/0", "division by zero"),
    ("r +", "not a valid expression"),
    ("1" * 400, "longer than 300 characters"),
    ("-" * 60 + "r", "nested too deeply"),
])
def test_hostile_and_malformed_expressions_are_rejected(text, message):
    with pytest.raises(ValueError, match=message):
        parse_expression(text)


def test_classes_of_the_documents_discounts():
    """Theorems 1, 3, 5, 6 of Wang et al. by the discount's class (hand-derived: r D(r)
    tends to oo, oo, 1, 0; the index beta is 0, 1/2, 1)."""
    c = {t: classify_discount(parse_expression(t))
         for t in ("1/log(1+r)", "r^(-1/2)", "1/r", "2^(-r)", "1/log(1+r)^2", "1/(r*log(1+r))")}
    assert c["1/log(1+r)"].theorem.text.startswith("Theorem 1") and c["1/log(1+r)"].beta == "0"
    assert c["r^(-1/2)"].theorem.text.startswith("Theorem 3") and c["r^(-1/2)"].beta == "1/2"
    assert c["1/r"].theorem.text.startswith("Theorem 5") and c["1/r"].decay is Decay.LIKE
    assert c["2^(-r)"].summable and c["2^(-r)"].theorem.text.startswith("Theorem 6")
    assert not c["1/log(1+r)^2"].summable and c["1/log(1+r)^2"].beta == "0"
    # sum 1/(r log r) diverges (like log log n) yet decays faster than 1/r: no theorem
    assert not c["1/(r*log(1+r))"].summable
    assert c["1/(r*log(1+r))"].theorem.text.startswith("none")


def test_documents_limits_come_out_right():
    """r^-1/2 with ybar = s: (1-beta) int s (1-s)^-1/2 ds / p^(1/2) = (1/2)(4/3) sqrt(2)
    = 2 sqrt(2)/3 (by hand), as the library's Theorem 3 limit; cut at k = n/5 with the
    log discount: int_{4/5}^1 s ds / (1/5) = 9/10 (Theorem 8)."""
    rep = analyse("r^(-1/2)", ybar="s", n_values=(10**100,))
    assert sympy.simplify(sympy.sympify(rep.models[0].limit)
                          - 2 * sympy.sqrt(2) / 3) == 0
    with mpmath.workdps(30):
        assert abs(A.ndcg_limit(A.s, rm.power_discount(0.5)) - 2 * mpmath.sqrt(2) / 3) < 1e-25
    rep = analyse("1/log(1+r)", cut="n/5", ybar="s", n_values=(10**100,))
    assert rep.models[0].limit == "9/10"
    n_var = float(rep.models[0].pseudo["1e+100"])
    # the same N(1e100) through the library's own cut-off class and closed-form F(t),
    # against the variant's user expression and quadrature; the 1/log n approach to 9/10
    with mpmath.workdps(30):
        n_lib = float(A.pseudo_expectation(A.s, rm.cutoff(rm.log_discount, fraction=0.2),
                                           mpmath.mpf(10) ** 100))
    assert abs(n_var - n_lib) < 1e-10 and abs(n_var - 0.9) < 1e-3


def test_lemma_3_constant_and_pairwise_identity():
    rep = analyse("1/log(1+r)", ybar="s", ybar_other="1/4 + s/2", n_values=(10**100,))
    assert rep.distinguish.lemma3_k == 1
    # a = -m_1 / p with m_1 = int (Delta y)(1-u) log u du = int (1-u)/2 log u = -3/8 ... / p
    assert abs(float(rep.distinguish.lemma3_a) - 0.25) < 1e-10
    lin = analyse("n - r").pairwise
    assert lin.gain_weighted is True
    assert lin.conditions == ["g2 = -g0 + 2*g1"]


def test_cli_json_is_stable(capsys):
    args = ["variant", "--discount", "r^(-1/2)", "--cut", "sqrt(n)", "--ybar", "s",
            "--ybar2", "1/4 + s/2", "--n", "1000", "1e100", "--mc-n", "1000", "--draws", "4",
            "--json"]
    assert cli(args) == 0
    first = capsys.readouterr().out
    assert cli(args) == 0
    assert capsys.readouterr().out == first
    rep = json.loads(first)
    assert rep["class"]["cut-off"] == "k -> infinity, k = o(n)"
    assert [m["limit"] for m in rep["models"]] == ["1", "3/4"]  # ybar(1), Theorem 7


def test_cli_rejects_hostile_input(capsys):
    with pytest.raises(SystemExit) as exc:
        cli(["variant", "--discount", "__import__('os').getcwd()"])
    assert exc.value.code == 2
    assert "not allowed" in capsys.readouterr().err


def test_cli_refuses_a_pair_of_two_distributions(capsys):
    """int s^2 = 1/3 against 1/2 (by hand): exit status 2 and the sentence of the library,
    before any computation."""
    with pytest.raises(SystemExit) as exc:
        cli(["variant", "--discount", "1/log(1+r)", "--ybar", "s^2", "--ybar2", "1/2"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "ybar = s**2 gives 1/3, ybar_other = 1/2 gives 1/2" in err
    assert "use ybar_other = 1/3" in err


def test_graded_model_limit_by_hand_and_cli(capsys):
    """Grades 2, 1, 0 with P = s^2, 2s(1-s), (1-s)^2: E[Y | s] = 2s, R = (1/3, 2/3, 1).
    For r^-1/2 (by hand): numerator (1/2) int 2s (1-s)^-1/2 ds = B(2, 1/2) = 4/3; ideal
    2 (1/3)^1/2 + ((2/3)^1/2 - (1/3)^1/2) = (1 + sqrt 2)/sqrt 3; limit 4/(sqrt 3 (1 + sqrt 2)).
    The library's graded ndcg_limit and N(1e100) agree."""
    spec = {"values": [2, 1, 0], "probs": ["s^2", "2*s*(1-s)", "(1-s)^2"]}
    rep = analyse("r^(-1/2)", ybar=spec, n_values=(10**100,))
    hand = 4 / (sympy.sqrt(3) * (1 + sympy.sqrt(2)))
    assert sympy.simplify(sympy.sympify(rep.models[0].limit) - hand) == 0
    rel = R.GradedRelevance([2, 1, 0], [A.s**2, 2 * A.s * (1 - A.s), (1 - A.s) ** 2])
    with mpmath.workdps(30):
        lib = A.ndcg_limit(rel, rm.power_discount(0.5))
        assert abs(lib - mpmath.mpf(sympy.N(hand, 40))) < 1e-25
    assert abs(float(rep.models[0].pseudo["1e+100"])
               - float(hand)) < 1e-10
    with pytest.raises(ValueError, match="probs: must sum to 1"):
        analyse("r^(-1/2)", ybar={"values": [1, 0], "probs": ["s", "s"]})
    assert cli(["variant", "--discount", "1/r", "--grades", "2", "1", "0", "--probs", "s^2",
                "2*s*(1-s)", "(1-s)^2", "--n", "1000", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["models"][0]["limit"] == "1"  # E[Y | s = 1] / v_1 = 2/2 (Theorem 5, graded)


@pytest.mark.parametrize("discount, cut, theorem", [
    ("r^(-1/2)", "sqrt(n)", "Theorem 7 "),  # k = o(n), k -> infinity: not Theorem 3
    ("1/log(1+r)", "sqrt(n)", "Theorem 7 "),
    ("1/log(1+r)", "n/5", "Theorem 8 "),
    ("r^(-1/2)", "n/5", "Theorem 9 "),
    ("1/log(1+r)", "10", "Theorem 6 "),
    ("2^(-r)", "n/2", "Theorem 6: summable"),
])
def test_the_cut_off_decides_the_theorem(discount, cut, theorem):
    rep = analyse(discount, cut=cut, n_values=(1000,))
    assert rep.theorem.text.startswith(theorem)
    assert rep.cut_regime is not None  # the table shows the theorem without the cut-off
    assert "theorem without the cut-off" in rep.to_dict()["class"]


def test_cli_polish_issue_17(capsys):
    """The usage line names the variant subcommand and defaults are shown; log2
    and ln are accepted; --gain with a non-linear discount is rejected with a reason;
    --json writes decimal values as numbers (exact forms stay strings)."""
    with pytest.raises(SystemExit):
        cli(["--help"])
    out = capsys.readouterr().out
    assert "python -m proofs_check variant [--discount EXPR]" in out
    with pytest.raises(SystemExit):
        cli(["variant", "--help"])
    assert "(default: 20)" in capsys.readouterr().out  # --draws
    assert parse_expression("1/log2(1+r)") == 1 / sympy.log(1 + r, 2)
    assert parse_expression("1/ln(1+r)") == 1 / sympy.log(1 + r)
    with pytest.raises(SystemExit) as exc:
        cli(["variant", "--discount", "1/log(1+r)", "--gain", "2^y - 1"])
    assert exc.value.code == 2
    assert "gain: only the linear-discount analysis" in capsys.readouterr().err
    assert cli(["variant", "--discount", "n - r", "--gain", "2^y - 1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pairwise"]["gain"] == "2**y - 1"
    assert cli(["variant", "--discount", "r^(-1/2)", "--ybar", "s", "--n", "1000",
                "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    model = rep["models"][0]
    assert model["limit"] == "2*sqrt(2)/3"
    assert isinstance(model["limit (numeric)"], float)
    assert abs(model["limit (numeric)"] - 2 * 2**0.5 / 3) < 1e-12
    assert all(isinstance(v, float) for v in model["pseudo-expectation N(n)"].values())


def test_finite_ratio_by_hand():
    """E[DCG] / E[IDCG] at n = 3 under r^-1/2, by hand: the r-th largest of 3 uniforms has
    mean 1 - r/4, the relevant count is Binomial(3, 1/2) (P[M >= 1, 2, 3] = 7/8, 1/2,
    1/8); the report carries it beside the Monte Carlo."""
    d = [1.0, 2 ** -0.5, 3 ** -0.5]
    ideal = 7 / 8 * d[0] + 1 / 2 * d[1] + 1 / 8 * d[2]
    good = sum(di * (1 - (i + 1) / 4) for i, di in enumerate(d)) / ideal
    rand = sum(di / 2 for di in d) / ideal
    rep = analyse("r^(-1/2)", ybar="s", ybar_other="1/2", n_values=(3,), mc_n=[3],
                  mc_draws=2)
    got = [m.monte_carlo["3"].exact.ratio for m in rep.models]
    assert got == pytest.approx([good, rand], rel=1e-12)


def test_discontinuous_curves_are_refused():
    """Theorem 3 assumes ybar continuous and Theorem 10 each P[Y = v | s]: a step is
    refused at its breakpoint, a continuous ramp through the same levels is not."""
    s = A.s
    step = sympy.Piecewise((1, s > sympy.Rational(4, 5)), (0, True))
    ramp = sympy.Piecewise((0, s < sympy.Rational(3, 4)),
                           (20 * (s - sympy.Rational(3, 4)), s < sympy.Rational(4, 5)), (1, True))
    with pytest.raises(ValueError,
                       match=r"ybar: jumps at s = 4/5 \(left limit 1/2, right limit 1\)"):
        analyse("r^(-1/2)", ybar=(1 + step) / 2, n_values=(10,))
    with pytest.raises(ValueError, match=r"probs\[0\]: jumps at s = 4/5"):
        analyse("r^(-1/2)", ybar={"values": [2, 1, 0],
                                  "probs": [step, (1 - step) / 2, (1 - step) / 2]},
                n_values=(10,))
    check_continuous(ramp)
    # p = 1/2 + (1/2) int ramp, int ramp = 1/5 + 1/40 (the flat top, the slope)
    rep = analyse("r^(-1/2)", ybar=(1 + ramp) / 2, n_values=(10,))
    assert rep.models[0].p == "49/80"


def test_theorem_labels_name_the_document_or_the_tool():
    """Theorem 1 is stated for 1/log(1+r); another slowly varying discount's limit 1 is
    the tool's extension (Karamata), and the label says so."""
    assert classify_discount(parse_expression("1/log(1+r)")).theorem.text.startswith(
        "Theorem 1 (D(r) = 1/log(1+r))")
    assert classify_discount(parse_expression("1/log2(1+r)")).theorem.text.startswith(
        "Theorem 1 (")
    assert classify_discount(parse_expression("1/log(1+r)^2")).theorem.text.startswith(
        "extension of Theorem 1 (this tool's")
    rep = analyse("r^(-1/2)", ybar="s", ybar_other="1/4 + s/2", n_values=(10,))
    assert "P -> 1 (Definition 3)" not in rep.to_dict()["distinguish"]
    assert rep.distinguish.verdict is Verdict.YES
    assert rep.to_dict()["distinguish"]["P -> 1 in probability"].startswith(
        "yes: the limit of f0")
    same = analyse("1/log(1+r)^2", ybar="s", ybar_other="1/2", n_values=(10,))
    assert same.distinguish.how.startswith("same limit; the gap N0(n) - N1(n) tends to 0")


def test_the_fluctuation_note_is_shown_only_where_it_applies():
    """The report has no empty field: the note on fluctuations is a row for r^-beta with
    beta > 0 only (here 1/r, where s and 3s^2 - 2s^3 share the limit ybar(1) = 1)."""
    slowly = analyse("1/log(1+r)^2", ybar="s", ybar_other="1/2", n_values=(10,))
    assert "note" not in slowly.to_dict()["distinguish"]
    assert all(r["value"] != "" for r in slowly.to_rows())
    zipf = analyse("1/r", ybar="s", ybar_other="3*s^2 - 2*s^3", n_values=(10,))
    assert zipf.to_dict()["distinguish"]["note"].startswith("for r^-beta with beta > 2/3")


def test_ratio_bias_bound_by_hand():
    """n = 3, r^-1/2, ybar = 1/2: IDCG = F(M), M ~ Binomial(3, 1/2), F(m) = sum_{r<=m} D(r);
    the bound is sd(F(M)) / (2 E[F(M)])."""
    d = [1.0, 2 ** -0.5, 3 ** -0.5]
    f = [0.0, d[0], d[0] + d[1], d[0] + d[1] + d[2]]
    pmf = [1 / 8, 3 / 8, 3 / 8, 1 / 8]
    mean = sum(p * x for p, x in zip(pmf, f, strict=True))
    sd = sum(p * (x - mean) ** 2 for p, x in zip(pmf, f, strict=True)) ** 0.5
    out = expected_ratio("r^(-1/2)", "1/2", 3)
    assert out.ratio == pytest.approx(sum(d) / 2 / mean, rel=1e-12)
    assert out.bias_bound == pytest.approx(sd / (2 * mean), rel=1e-12)
    rep = analyse("r^(-1/2)", ybar="1/2", n_values=(3,), mc_n=[3], mc_draws=2)
    assert rep.models[0].monte_carlo["3"].exact.bias_bound == \
        pytest.approx(sd / (2 * mean), rel=1e-12)


def test_report_rows_rounds_numbers_for_reading():
    rep = {"class": {"beta": "1/2", "summable": False},
           "models": [{"limit": "2*sqrt(2)/3", "limit (numeric)": "0.942809041582",
                       "N(n)": {"1e+03": "0.957993255809"}, "MC": {"mean": 0.9643461814}}]}
    rows = {r["field"]: r["value"] for r in report_rows(rep, digits=4)}
    assert rows == {"class / beta": "1/2", "class / summable": False,
                    "models[0] / limit": "2*sqrt(2)/3", "models[0] / limit (numeric)": "0.9428",
                    "models[0] / N(n) / 1e+03": "0.958", "models[0] / MC / mean": "0.9643"}
    assert report_rows(rep)[3]["value"] == "0.942809041582"


def test_report_rows_show_monte_carlo_estimates_to_their_standard_error():
    """For reading, a Monte Carlo mean with s.e. 0.00088 is shown to 5 decimals (the
    second significant digit of 0.00088), a ratio with s.e. 0.0035 to 4, a win rate with
    s.e. 0.031 to 3; exact numbers to the digits asked; the means of DCG and IDCG, which
    carry no s.e., are left out. Without ``digits`` every value keeps all its digits, and
    the JSON too."""
    from rankmeasures.theory.results import (
        Distinguish,
        ExactRatio,
        ModelEntry,
        MonteCarlo,
        Separation,
        VariantReport,
        WinRate,
    )
    mc = MonteCarlo(0.81455213, 0.000884, 13.940812, 18.589634, 0.74992517, 0.00353,
                    exact=ExactRatio(0.74981234, 0.0012345678, 13.9, 18.5))
    rep = VariantReport("1/r", None, models=[ModelEntry(ybar="s", p="1/2",
                                                        monte_carlo={"1e+04": mc})],
                        distinguish=Distinguish(Separation.SAME_LIMIT, Verdict.UNDECIDED,
                                                win_rates={"1e+03": WinRate(0.6234, 0.0311)}))
    shown = {r["field"]: r["value"] for r in rep.to_rows(digits=6)}
    at = "models[0] / Monte Carlo / 1e+04 / "
    assert shown[at + "mean"] == "0.81455" and shown[at + "se"] == "0.00088"
    assert shown[at + "mean DCG / mean IDCG"] == "0.7499"
    assert shown[at + "mean DCG / mean IDCG s.e."] == "0.0035"
    assert shown[at + "E[DCG] / E[IDCG] at this n"] == "0.749812"
    assert shown[at + "|E[NDCG] - E[DCG]/E[IDCG]| at most"] == "0.00123457"
    assert at + "mean DCG" not in shown and at + "mean IDCG" not in shown
    win = "distinguish / P[NDCG(f0) > NDCG(f1)] / 1e+03 / "
    assert shown[win + "P"] == "0.623" and shown[win + "se"] == "0.031"
    full = {r["field"]: r["value"] for r in rep.to_rows()}
    assert full[at + "mean"] == 0.81455213 and full[at + "mean DCG"] == 13.940812
    assert full[win + "P"] == 0.6234
    assert json.loads(rep.to_json())["models"][0]["Monte Carlo"]["1e+04"]["mean"] == 0.81455213


def test_ratio_of_means_by_hand_and_from_the_draws():
    """DCG (1, 2, 3), IDCG (2, 2, 4): R = 6/8; the residuals DCG - R IDCG are (-1/2, 1/2,
    0), their sample variance 1/4, so the standard error is (1/2) / (sqrt(3) 8/3). The
    report's ratio is the simulator's own draws' mean DCG over mean IDCG."""
    from rankmeasures.theory import simulate

    _, _, ratio, se = ratio_of_means([1.0, 2.0, 3.0], [2.0, 2.0, 4.0])
    assert ratio == pytest.approx(0.75, rel=1e-15)
    assert se == pytest.approx(0.5 / (3 ** 0.5 * 8 / 3), rel=1e-12)
    rep = analyse("r^(-1/2)", ybar="s", n_values=(50,), mc_n=[50], mc_draws=5, seed=4)
    mc = rep.models[0].monte_carlo["50"]
    sim = simulate.simulate_ndcg(A.s, rm.CustomDiscount(expr=parse_expression("r^(-1/2)")),
                                 50, n_draws=5, seed=stream_seed(4, MONTE_CARLO, 50))
    assert mc.mean_dcg == pytest.approx(sim["dcg"].mean(), rel=1e-12)
    assert mc.mean_idcg == pytest.approx(sim["idcg"].mean(), rel=1e-12)
    assert mc.ratio == pytest.approx(sim["dcg"].sum() / sim["idcg"].sum(),
                                                       rel=1e-12)
    assert mc.mean == pytest.approx(sim["ndcg"].mean(), rel=1e-12)


def test_expected_ratio_takes_a_discount_object_as_its_expression():
    """A Discount object gives the ratio of the same discount written as an expression
    (with its cut-off inside it); a cut beside an object is refused."""
    import rankmeasures as rm

    for obj, expr, cut in ((rm.power_discount(0.5), "r^(-1/2)", None),
                           (rm.cutoff(rm.log_discount, k=7), "1/log(1+r)", "7")):
        a = expected_ratio(obj, "s^2", 40)
        b = expected_ratio(expr, "s^2", 40, cut=cut)
        assert a.ratio == pytest.approx(b.ratio, rel=1e-13)
        assert a.bias_bound == pytest.approx(b.bias_bound, rel=1e-13)
    with pytest.raises(ValueError, match="cut: with a Discount object"):
        expected_ratio(rm.log_discount, "s", 10, cut="5")


def test_expected_ratio_carries_the_exact_expectations_of_dcg_and_idcg():
    """E[DCG] against Claim 2's quadrature (asymptotics.expected_dcg), E[IDCG] against the
    binomial sum written out: IDCG = F(M), M ~ Binomial(n, P[Y = 1]) relevant labels."""
    import math

    import rankmeasures as rm
    from rankmeasures.theory import asymptotics as asy

    n = 12
    out = expected_ratio(rm.log_discount, "s^2", n)
    assert out.expected_dcg == pytest.approx(float(asy.expected_dcg(asy.s**2, rm.log_discount,
                                                                    n)), rel=1e-10)
    p = 1 / 3  # P[Y = 1] = int_0^1 s^2 ds
    d = [1 / math.log(1 + r) for r in range(1, n + 1)]
    by_hand = sum(math.comb(n, m) * p**m * (1 - p) ** (n - m) * sum(d[:m])
                  for m in range(n + 1))
    assert out.expected_idcg == pytest.approx(by_hand, rel=1e-12)
    assert out.ratio == pytest.approx(out.expected_dcg / out.expected_idcg, rel=1e-15)


# -- every input refused at once, with the argument's name -------------------------------

def _refused(capsys, *args) -> str:
    """The CLI's refusal: exit status 2, the library's sentence on stderr."""
    with pytest.raises(SystemExit) as exc:
        cli(["variant", *args])
    assert exc.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("cut, shown", [
    ("0", "k(n) = 0 at n = 1e+03, below 1"),
    ("-5", "k(n) = -5 at n = 1e+03, below 1"),
    ("n-n", "k(n) = 0 at n = 1e+03, below 1"),
    ("1/2", "k(n) = 1/2 at n = 1e+03, below 1"),
    # log(1000) - 100 = -93.09 (by hand: 3 ln 10 = 6.9078)
    ("log(n)-100", "k(n) = log(n) - 100 is -100 + log(1000) = -93.0922 at n = 1e+03, below 1"),
    ("sqrt(n-2000)", "k(n) = sqrt(n - 2000) is 10*sqrt(10)*I at n = 1e+03, not a real number"),
])
def test_cut_offs_below_one_are_refused_by_name(capsys, cut, shown):
    err = _refused(capsys, "--discount", "1/r", "--cut", cut, "--n", "1000")
    assert f"error: cut: {shown}" in err
    assert "needs k(n) >= 1 at every n asked" in err or "not a real number" in err


def test_a_cut_off_keeping_one_position_has_no_pseudo_expectation_but_a_monte_carlo():
    """k = 1: N(n) is 0/0 (both integrals of Definition 5 run over [1, 1]); NDCG@1 itself
    is fine, so the Monte Carlo alone runs."""
    with pytest.raises(ValueError, match=r"cut: k\(n\) = 1 keeps the top position only at "
                                         r"n = 1e\+03"):
        analyse("1/r", cut="1", n_values=(1000,))
    rep = analyse("1/r", cut="1", n_values=(), mc_n=[10], mc_draws=2)
    assert rep.models[0].monte_carlo["10"].mean >= 0
    with pytest.raises(ValueError, match=r"cut: k\(n\) = log\(n\) - 1 tends to|cut: k\(n\) = "
                                         r"log\(n\) - 1 is"):
        analyse("1/r", cut="log(n) - 1", n_values=(2,), mc_n=[2], mc_draws=2)
    with pytest.raises(ValueError, match=r"cut: k\(n\) = 2 - log\(n\)/100 tends to -oo"):
        analyse("1/r", cut="2 - log(n)/100", n_values=(10,))


def test_n_where_the_pseudo_expectation_is_undefined_is_refused_with_the_threshold(capsys):
    """N(n) divides by F(n p), 0 for n p <= 1: ybar = s (p = 1/2) at n = 2, ybar = s^2
    (p = 1/3) at n = 3, exp(-1000 s) (p = (1 - e^-1000)/1000, just below 1/1000) at
    n = 1000."""
    err = _refused(capsys, "--discount", "1/r", "--n", "2")
    assert ("n_values: N(n) at n = 2 is undefined: Definition 5 divides by F(n p) = "
            "int_1^(n p) D(r) dr, which is 0 for n p <= 1; with p = 1/2 (ybar = s) N(n) is "
            "defined for n > 2 only") in err
    with pytest.raises(ValueError, match=r"with p = 1/3 \(ybar = s\*\*2\) N\(n\) is defined "
                                         r"for n > 3 only"):
        analyse("1/r", ybar="s^2", n_values=(3,))
    assert analyse("1/r", ybar="s^2", n_values=(4,)).models[0].pseudo["4"]
    err = _refused(capsys, "--discount", "1/r", "--ybar", "exp(-1000*s)", "--n", "1000")
    assert "n_values: N(n) at n = 1e+03 is undefined" in err
    assert "p = 1/1000 - exp(-1000)/1000 = 0.001" in err and "for n > 1/(1/1000" in err
    # at n = 1001 it is defined (Definition 5's ratio of two integrals, which may exceed
    # 1 a little: 1.0015 here)
    rep = analyse("1/r", ybar="exp(-1000*s)", n_values=(1001,))
    assert 0 < float(rep.models[0].pseudo["1e+03"]) < 1.01


@pytest.mark.parametrize("value, message", [
    ("nan", "n_values: n = nan is not finite"),
    ("inf", "n_values: n = inf is not finite"),
    ("1e400", "n_values: n = inf is not finite"),  # argparse's float
    ("1.5", "n_values: n = 1.5 is not a whole number"),
    ("1e301", "n_values: n = 1e+301 is outside [2, 1e300]"),
])
def test_list_lengths_are_finite_whole_and_bounded(capsys, value, message):
    err = _refused(capsys, "--discount", "1/r", "--n", value)
    assert message in err and "a whole number from 2 to 1e300" in err


def test_list_lengths_in_the_library():
    with pytest.raises(ValueError, match=r"n_values: n = a number of 401 digits is outside"):
        analyse("1/r", n_values=(10**400,))
    with pytest.raises(ValueError, match=r"mc_n: n = nan is not finite"):
        analyse("1/r", n_values=(10,), mc_n=[float("nan")])
    with pytest.raises(ValueError, match=r"dist_n: n = 1 is outside \[2, 1e300\]"):
        analyse("1/r", ybar_other="1/2", n_values=(10,), dist_n=[1])
    with pytest.raises(ValueError, match=r"n_values: expected a sequence"):
        analyse("1/r", n_values="1000")
    # 1e100 is read as written: 10^100 exactly
    assert list_lengths("n_values", [1e100, 1000.0], 2) == (10**100, 1000)


def test_seed_workers_and_settings_are_refused_by_name(capsys):
    assert "error: seed: must be an integer >= 0, got -1" in _refused(
        capsys, "--discount", "1/r", "--seed", "-1")
    err = _refused(capsys, "--discount", "1/r", "--workers", "-1", "--mc-n", "1000")
    assert "error: workers: -1 is not a number of worker processes" in err
    with pytest.raises(ValueError, match=r"workers: -1 is not a number"):
        analyse("1/r", n_values=(10,), workers=-1)  # also without a Monte Carlo
    with pytest.raises(ValueError, match=r"dps: must be an integer in \[10, 200\]"):
        analyse("1/r", n_values=(10,), dps=5)
    with pytest.raises(ValueError, match=r"budget: must be a real number > 0"):
        analyse("1/r", n_values=(10,), budget=0)
    assert "--workers, --scheduler: give one" in _refused(
        capsys, "--discount", "1/r", "--workers", "2", "--scheduler", "tcp://x:1")


def test_curves_sympy_cannot_integrate_get_their_p_by_quadrature(capsys):
    """s^s: int_0^1 s^s ds = sum_k (-1)^(k+1) k^-k (Bernoulli's 'sophomore's dream');
    exp(-1/s): int_0^1 e^(-1/s) ds = e^-1 - E_1(1) (substitute t = 1/s). sympy finds no
    closed form for the first and fails inside its series code on the second; the
    analysis takes the quadrature, and the limit under r^-1/2 (Theorem 3) by quadrature
    agrees with the library's ndcg_limit."""
    with mpmath.workdps(40):
        dream = mpmath.nsum(lambda k: (-1) ** (k + 1) * k ** -k, [1, mpmath.inf])
        tail = mpmath.exp(-1) - mpmath.e1(1)
    for curve, p in (("s^s", dream), ("exp(-1/s)", tail)):
        rep = analyse("r^(-1/2)", ybar=curve, n_values=(1000,))
        m = rep.models[0]
        assert m.p.endswith("(by quadrature: sympy finds no closed form)")
        assert abs(mpmath.mpf(m.p.split()[0]) - p) < 1e-14
        assert m.limit is None and m.limit_text.startswith("no closed form found")
        with mpmath.workdps(30):
            peer = A.ndcg_limit(parse_expression(curve, ("s",)), rm.power_discount(0.5))
            assert abs(mpmath.mpf(m.limit_numeric) - peer) < 1e-20
        assert rep.effective_theorem.number == 3
    assert cli(["variant", "--discount", "1/r", "--ybar", "s^s", "--n", "1000"]) == 0
    assert cli(["variant", "--discount", "1/r", "--ybar", "exp(-1/s)", "--n", "1000"]) == 0
    out = capsys.readouterr().out
    assert "exp(-1)" in out  # Theorem 5: ybar(1) = e^-1


def test_a_pair_decided_by_quadrature_offers_an_alternative_that_is_accepted():
    with pytest.raises(ValueError) as exc:
        analyse("r^(-1/2)", ybar="s^s", ybar_other="1/2", n_values=(10,))
    msg = str(exc.value)
    assert msg.startswith("ybar, ybar_other: two ranking functions of one distribution")
    offered = msg.rsplit("use ybar_other = ", 1)[1]
    assert offered.startswith("0.78343051071213440705926438652")  # 30 digits
    rep = analyse("r^(-1/2)", ybar="s^s", ybar_other=offered, n_values=(10,))
    assert rep.distinguish.separation.value == "limits differ"


def test_a_rate_close_to_another_is_not_rounded_to_it(capsys):
    """0.5000000001 is not 1/2: the pair is refused with the valid alternative, as for
    any other p (nsimplify once turned it into 1/2 and analysed the pair)."""
    err = _refused(capsys, "--discount", "1/r", "--ybar2", "0.5000000001")
    assert ("ybar = s gives 1/2, ybar_other = 5000000001/10000000000 gives "
            "5000000001/10000000000 = 0.5000000001. For a random function of the first "
            "one's distribution use ybar_other = 1/2") in err
    assert parse_expression("0.94510765676193919175751433", ()) == sympy.Rational(
        94510765676193919175751433, 10**26)  # every digit written


def test_a_binary_curve_beside_a_graded_model_is_refused(capsys):
    graded = ["--grades", "1", "0", "--probs", "s", "1-s"]
    err = _refused(capsys, "--discount", "1/r", "--ybar2", "s", *graded)
    assert "--ybar2: a binary curve beside a graded model" in err and "--probs2" in err
    err = _refused(capsys, "--discount", "1/r", "--ybar", "s^2", *graded)
    assert "--ybar: a binary curve beside a graded model" in err
    with pytest.raises(ValueError, match="one model is binary and the other graded"):
        analyse("1/r", ybar={"values": [1, 0], "probs": ["s", "1-s"]}, ybar_other="s")


def test_the_issues_command_without_a_discount_gets_the_pair_refusal(capsys):
    """--discount defaults to NDCG's own 1/log2(1+r): the pair is the first refusal."""
    err = _refused(capsys, "--ybar", "s^2", "--ybar2", "1/2")
    assert "ybar = s**2 gives 1/3, ybar_other = 1/2 gives 1/2" in err
    assert "required" not in err
    assert cli(["variant", "--n", "1000", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["discount"] == "log(2)/log(r + 1)"
    assert rep["class"]["theorem"].startswith("Theorem 1 ")


def test_other_inputs_that_crashed_are_answered():
    """A cut-off growing faster than n keeps the whole list (c = 1, the discount's own
    theorem); a cut-off beside a linear discount is refused; identical curves have one
    law; log(0) is not a number; no draw with a relevant document gives no ratio."""
    rep = analyse("1/r", cut="exp(n)", n_values=(1000,))
    assert rep.cut_regime.value == "k = c n" and rep.theorem.number == 5
    # too large for a float at n = 1000 (e^(e^(e^1000))): the whole list, as without a cut
    huge = analyse("1/r", cut="exp(exp(exp(n)))", n_values=(1000,))
    assert huge.models[0].pseudo == analyse("1/r", n_values=(1000,)).models[0].pseudo
    with pytest.raises(ValueError, match="cut: a discount linear in the position"):
        analyse("n - r", cut="3")
    same = analyse("1/log(1+r)", ybar="s", ybar_other="s", n_values=(1000,))
    assert same.distinguish.verdict is Verdict.NO
    assert "one law" in same.distinguish.how
    with pytest.raises(ValueError, match=r"ybar: log\(0\) is not finite"):
        analyse("1/r", ybar="log(0)")
    assert ratio_of_means([0.0, 0.0], [0.0, 0.0]) == (0.0, 0.0, None, None)


def test_a_limit_sympy_gets_wrong_is_not_shown():
    """ybar = 1 - s under r^-1/2 (Theorem 3), by hand: (1/2) int_0^1 u u^(-1/2) du /
    (1/2)^(1/2) = (1/3) sqrt(2). sympy integrates (1/2)(1-s)(1-s)^(-1/2) over [0, 1] to
    -1/3; the analysis integrates in u = 1 - s and shows a closed form only where the
    quadrature confirms it (the fuzz test found a limit of -0.4714)."""
    m = analyse("r^(-1/2)", ybar="1 - s", n_values=(10,)).models[0]
    assert m.limit == "sqrt(2)/3"
    assert abs(float(m.limit_numeric) - 2 ** 0.5 / 3) < 1e-15
    # c = 1/2 (Theorem 9), by hand: (1/2) int_0^(1/2) u^(1/2) du / (1/2)^(1/2) = 1/6
    assert analyse("r^(-1/2)", cut="n/2", ybar="1 - s", n_values=(10,)).models[0].limit \
        == "1/6"


def test_a_cell_without_spread_under_a_bounded_cut_and_its_check():
    """Notebook 005's branch for a Monte Carlo cell without spread ('mc-mean-no-spread').
    Under the cut k = 10 with ybar = s (ybar(1) = 1) every list scores 1 with probability
    about 1 - 55/n: at n = 1e5 the 50 lists of the seed 0 all do (se 0). The exact target by
    hand: the r-th largest of n uniforms has mean 1 - r/(n + 1), so E[DCG@10] = sum_{r<=10}
    D(r) (1 - r/(n + 1)); the relevant count is Binomial(n, 1/2), at least 10 but with
    probability below 2^-99800, so E[IDCG@10] = sum_{r<=10} D(r) to double precision. The
    branch's check (Popoviciu's bound 1/(2 sqrt(50)) on the standard error, the bias bound
    as allowance) holds on this cell and fails against a target 0.5 away (7 s.e.)."""
    import math

    from companion import checks

    n, draws = 10**5, 50
    d = [1 / math.log(1 + k) for k in range(1, 11)]
    by_hand = sum(dk * (1 - k / (n + 1)) for k, dk in enumerate(d, 1)) / sum(d)
    rep = analyse("1/log(1+r)", cut="10", ybar="s", n_values=(100,), mc_n=(n,),
                  mc_draws=draws, seed=0)
    mc = rep.models[0].monte_carlo["1e+05"]
    assert mc.mean == 1.0 and mc.se == 0.0 and mc.ratio_se == 0.0
    assert mc.exact.ratio == pytest.approx(by_hand, rel=1e-12)
    assert mc.exact.bias_bound < 1e-12  # IDCG@10 is a constant but for 2^-99800
    checks.begin("test", statistical=2)
    out = checks.within("mc-mean-no-spread", mc.mean, mc.exact.ratio, 0.5 / math.sqrt(draws),
                        allowance=mc.exact.bias_bound)
    assert out.ok
    with pytest.raises(checks.CheckFailed, match="mc-mean-no-spread"):
        checks.within("mc-mean-no-spread", mc.mean, mc.exact.ratio - 0.5,
                      0.5 / math.sqrt(draws), allowance=mc.exact.bias_bound)
