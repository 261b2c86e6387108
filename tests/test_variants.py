"""rankmeasures.theory.variants and `python -m proofs_check variant`: known cases, hostile input,
stable JSON."""

import json

import mpmath
import pytest
import sympy

import rankmeasures as rm
from proofs_check.__main__ import main as cli
from rankmeasures.discounts import r
from rankmeasures.theory import asymptotics as A
from rankmeasures.theory import variants as V
from rankmeasures.theory.results import Decay, Verdict


@pytest.mark.parametrize("text, expected", [
    ("1/log(1+r)^2", 1 / sympy.log(1 + r) ** 2),
    ("r**(-1/2)", r ** sympy.Rational(-1, 2)),
    ("2^-r", 2 ** (-r)),
    ("0.25*r + E - pi", sympy.Rational(1, 4) * r + sympy.E - sympy.pi),
    ("log(r, 2)", sympy.log(r, 2)),
])
def test_parse_known_expressions(text, expected):
    assert sympy.simplify(V.parse_expression(text) - expected) == 0


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
        V.parse_expression(text)


def test_classes_of_the_documents_discounts():
    """Theorems 1, 3, 5, 6 of Wang et al. by the discount's class (hand-derived: r D(r)
    tends to oo, oo, 1, 0; the index beta is 0, 1/2, 1)."""
    c = {t: V.classify_discount(V.parse_expression(t))
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
    rep = V.analyse("r^(-1/2)", ybar="s", n_values=(10**100,))
    assert sympy.simplify(sympy.sympify(rep.models[0].limit)
                          - 2 * sympy.sqrt(2) / 3) == 0
    with mpmath.workdps(30):
        assert abs(A.ndcg_limit(A.s, rm.power_discount(0.5)) - 2 * mpmath.sqrt(2) / 3) < 1e-25
    rep = V.analyse("1/log(1+r)", cut="n/5", ybar="s", n_values=(10**100,))
    assert rep.models[0].limit == "9/10"
    n_var = float(rep.models[0].pseudo["1e+100"])
    # the same N(1e100) through the library's own cut-off class and closed-form F(t),
    # against the variant's user expression and quadrature; the 1/log n approach to 9/10
    with mpmath.workdps(30):
        n_lib = float(A.pseudo_expectation(A.s, rm.cutoff(rm.log_discount, fraction=0.2),
                                           mpmath.mpf(10) ** 100))
    assert abs(n_var - n_lib) < 1e-10 and abs(n_var - 0.9) < 1e-3


def test_lemma_3_constant_and_pairwise_identity():
    rep = V.analyse("1/log(1+r)", ybar="s", ybar_other="1/4 + s/2", n_values=(10**100,))
    assert rep.distinguish.lemma3_k == 1
    # a = -m_1 / p with m_1 = int (Delta y)(1-u) log u du = int (1-u)/2 log u = -3/8 ... / p
    assert abs(float(rep.distinguish.lemma3_a) - 0.25) < 1e-10
    lin = V.analyse("n - r").pairwise
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
    rep = V.analyse("r^(-1/2)", ybar=spec, n_values=(10**100,))
    hand = 4 / (sympy.sqrt(3) * (1 + sympy.sqrt(2)))
    assert sympy.simplify(sympy.sympify(rep.models[0].limit) - hand) == 0
    rel = A.GradedRelevance([2, 1, 0], [A.s**2, 2 * A.s * (1 - A.s), (1 - A.s) ** 2])
    with mpmath.workdps(30):
        lib = A.ndcg_limit(rel, rm.power_discount(0.5))
        assert abs(lib - mpmath.mpf(sympy.N(hand, 40))) < 1e-25
    assert abs(float(rep.models[0].pseudo["1e+100"])
               - float(hand)) < 1e-10
    with pytest.raises(ValueError, match="probs: must sum to 1"):
        V.analyse("r^(-1/2)", ybar={"values": [1, 0], "probs": ["s", "s"]})
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
    rep = V.analyse(discount, cut=cut, n_values=(1000,))
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
    assert V.parse_expression("1/log2(1+r)") == 1 / sympy.log(1 + r, 2)
    assert V.parse_expression("1/ln(1+r)") == 1 / sympy.log(1 + r)
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
    rep = V.analyse("r^(-1/2)", ybar="s", ybar_other="1/2", n_values=(3,), mc_n=[3],
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
        V.analyse("r^(-1/2)", ybar=(1 + step) / 2, n_values=(10,))
    with pytest.raises(ValueError, match=r"probs\[0\]: jumps at s = 4/5"):
        V.analyse("r^(-1/2)", ybar={"values": [2, 1, 0],
                                    "probs": [step, (1 - step) / 2, (1 - step) / 2]},
                  n_values=(10,))
    V.check_continuous(ramp)
    # p = 1/2 + (1/2) int ramp, int ramp = 1/5 + 1/40 (the flat top, the slope)
    rep = V.analyse("r^(-1/2)", ybar=(1 + ramp) / 2, n_values=(10,))
    assert rep.models[0].p == "49/80"


def test_theorem_labels_name_the_document_or_the_tool():
    """Theorem 1 is stated for 1/log(1+r); another slowly varying discount's limit 1 is
    the tool's extension (Karamata), and the label says so."""
    assert V.classify_discount(V.parse_expression("1/log(1+r)")).theorem.text.startswith(
        "Theorem 1 (D(r) = 1/log(1+r))")
    assert V.classify_discount(V.parse_expression("1/log2(1+r)")).theorem.text.startswith(
        "Theorem 1 (")
    assert V.classify_discount(V.parse_expression("1/log(1+r)^2")).theorem.text.startswith(
        "extension of Theorem 1 (this tool's")
    rep = V.analyse("r^(-1/2)", ybar="s", ybar_other="1/4 + s/2", n_values=(10,))
    assert "P -> 1 (Definition 3)" not in rep.to_dict()["distinguish"]
    assert rep.distinguish.verdict is Verdict.YES
    assert rep.to_dict()["distinguish"]["P -> 1 in probability"].startswith(
        "yes: the limit of f0")
    same = V.analyse("1/log(1+r)^2", ybar="s", ybar_other="1/2", n_values=(10,))
    assert same.distinguish.how.startswith("same limit; the gap N0(n) - N1(n) tends to 0")


def test_the_fluctuation_note_is_shown_only_where_it_applies():
    """The report has no empty field: the note on fluctuations is a row for r^-beta with
    beta > 0 only (here 1/r, where s and 3s^2 - 2s^3 share the limit ybar(1) = 1)."""
    slowly = V.analyse("1/log(1+r)^2", ybar="s", ybar_other="1/2", n_values=(10,))
    assert "note" not in slowly.to_dict()["distinguish"]
    assert all(r["value"] != "" for r in slowly.to_rows())
    zipf = V.analyse("1/r", ybar="s", ybar_other="3*s^2 - 2*s^3", n_values=(10,))
    assert zipf.to_dict()["distinguish"]["note"].startswith("for r^-beta with beta > 2/3")


def test_ratio_bias_bound_by_hand():
    """n = 3, r^-1/2, ybar = 1/2: IDCG = F(M), M ~ Binomial(3, 1/2), F(m) = sum_{r<=m} D(r);
    the bound is sd(F(M)) / (2 E[F(M)])."""
    d = [1.0, 2 ** -0.5, 3 ** -0.5]
    f = [0.0, d[0], d[0] + d[1], d[0] + d[1] + d[2]]
    pmf = [1 / 8, 3 / 8, 3 / 8, 1 / 8]
    mean = sum(p * x for p, x in zip(pmf, f, strict=True))
    sd = sum(p * (x - mean) ** 2 for p, x in zip(pmf, f, strict=True)) ** 0.5
    out = V.expected_ratio("r^(-1/2)", "1/2", 3)
    assert out.ratio == pytest.approx(sum(d) / 2 / mean, rel=1e-12)
    assert out.bias_bound == pytest.approx(sd / (2 * mean), rel=1e-12)
    rep = V.analyse("r^(-1/2)", ybar="1/2", n_values=(3,), mc_n=[3], mc_draws=2)
    assert rep.models[0].monte_carlo["3"].exact.bias_bound == \
        pytest.approx(sd / (2 * mean), rel=1e-12)


def test_report_rows_rounds_numbers_for_reading():
    rep = {"class": {"beta": "1/2", "summable": False},
           "models": [{"limit": "2*sqrt(2)/3", "limit (numeric)": "0.942809041582",
                       "N(n)": {"1e+03": "0.957993255809"}, "MC": {"mean": 0.9643461814}}]}
    rows = {r["field"]: r["value"] for r in V.report_rows(rep, digits=4)}
    assert rows == {"class / beta": "1/2", "class / summable": False,
                    "models[0] / limit": "2*sqrt(2)/3", "models[0] / limit (numeric)": "0.9428",
                    "models[0] / N(n) / 1e+03": "0.958", "models[0] / MC / mean": "0.9643"}
    assert V.report_rows(rep)[3]["value"] == "0.942809041582"


def test_ratio_of_means_by_hand_and_from_the_draws():
    """DCG (1, 2, 3), IDCG (2, 2, 4): R = 6/8; the residuals DCG - R IDCG are (-1/2, 1/2,
    0), their sample variance 1/4, so the standard error is (1/2) / (sqrt(3) 8/3). The
    report's ratio is the simulator's own draws' mean DCG over mean IDCG."""
    from rankmeasures.theory import simulate

    _, _, ratio, se = V._ratio_of_means([1.0, 2.0, 3.0], [2.0, 2.0, 4.0])
    assert ratio == pytest.approx(0.75, rel=1e-15)
    assert se == pytest.approx(0.5 / (3 ** 0.5 * 8 / 3), rel=1e-12)
    rep = V.analyse("r^(-1/2)", ybar="s", n_values=(50,), mc_n=[50], mc_draws=5, seed=4)
    mc = rep.models[0].monte_carlo["50"]
    sim = simulate.simulate_ndcg(A.s, rm.CustomDiscount(expr=V.parse_expression("r^(-1/2)")),
                                 50, n_draws=5, seed=V._stream_seed(4, V._MONTE_CARLO, 50))
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
        a = V.expected_ratio(obj, "s^2", 40)
        b = V.expected_ratio(expr, "s^2", 40, cut=cut)
        assert a.ratio == pytest.approx(b.ratio, rel=1e-13)
        assert a.bias_bound == pytest.approx(b.bias_bound, rel=1e-13)
    with pytest.raises(ValueError, match="cut: with a Discount object"):
        V.expected_ratio(rm.log_discount, "s", 10, cut="5")


def test_expected_ratio_carries_the_exact_expectations_of_dcg_and_idcg():
    """E[DCG] against Claim 2's quadrature (asymptotics.expected_dcg), E[IDCG] against the
    binomial sum written out: IDCG = F(M), M ~ Binomial(n, P[Y = 1]) relevant labels."""
    import math

    import rankmeasures as rm
    from rankmeasures.theory import asymptotics as asy

    n = 12
    out = V.expected_ratio(rm.log_discount, "s^2", n)
    assert out.expected_dcg == pytest.approx(float(asy.expected_dcg(asy.s**2, rm.log_discount,
                                                                    n)), rel=1e-10)
    p = 1 / 3  # P[Y = 1] = int_0^1 s^2 ds
    d = [1 / math.log(1 + r) for r in range(1, n + 1)]
    by_hand = sum(math.comb(n, m) * p**m * (1 - p) ** (n - m) * sum(d[:m])
                  for m in range(n + 1))
    assert out.expected_idcg == pytest.approx(by_hand, rel=1e-12)
    assert out.ratio == pytest.approx(out.expected_dcg / out.expected_idcg, rel=1e-15)
