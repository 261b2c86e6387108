"""companion.checks: a check site that never runs fails the run, a statistical check allows
the quantile of its false-alarm level, and ``make reseed`` (companion.reseed) catches a
deliberately fragile notebook under the seeds it is given."""

import math
import textwrap

import pytest

from companion import checks
from companion.reseed import reseed


def test_sites_are_the_literal_first_arguments():
    src = textwrap.dedent("""
        checks.check("a", x, "m")
        for i in range(3):
            checks.within("b", 1, 1, 1)
        if y:
            check("c", True, "m")
        else:
            checks.skip("c", "y is false")
    """)
    magic = "get_ipython().run_line_magic('matplotlib', 'inline')"  # as IPython runs it
    other = 'REGISTRY["S1"].check(); claim.check("x", 1)'  # other objects' methods
    assert checks.sites([src, "print(1)", magic, other]) == {"a", "b", "c"}
    with pytest.raises(ValueError, match="does not parse"):
        checks.sites(["%matplotlib inline"])
    with pytest.raises(ValueError, match="written twice"):
        checks.sites(['checks.check("a", 1, "m")', 'checks.check("a", 2, "m")'])
    with pytest.raises(ValueError, match="string literal"):
        checks.sites(['checks.check(name, 1, "m")'])


def test_a_site_that_never_ran_fails_unless_declared_skipped():
    src = ['checks.check("ran", 1, "m")', 'if False:\n    checks.check("dead", 1, "m")']
    checks.begin("t")
    checks.check("ran", True, "m")
    with pytest.raises(checks.CheckFailed, match=r"never ran.*\['dead'\]"):
        checks.finish(src, display=False)
    checks.begin("t")
    checks.check("ran", True, "m")
    checks.skip("dead", "the branch is for another parameter set")
    record = checks.finish(src, display=False)
    assert record["complete"] and record["skipped"] == {
        "dead": "the branch is for another parameter set"}


def test_the_readable_line_names_the_skipped_sites_and_why(capsys):
    """The plain-text line (what a viewer without the checks MIME type shows) names each
    skipped site with its reason; a run without skips keeps the short line."""
    src = ['checks.check("ran", 1, "m")', 'if False:\n    checks.check("dead", 1, "m")']
    checks.begin("t")
    checks.check("ran", True, "m")
    checks.skip("dead", "the branch is for another parameter set")
    checks.finish(src)
    assert ("t: 1 of 2 check sites ran (1 declared skipped: dead, because the branch is for "
            "another parameter set); 0 statistical") in capsys.readouterr().out
    checks.begin("t")
    checks.check("ran", True, "m")
    checks.finish(src[:1])
    assert "t: 1 of 1 check sites ran (0 declared skipped); 0 statistical" in \
        capsys.readouterr().out


def test_a_failing_check_raises_or_is_collected(monkeypatch):
    checks.begin("t")
    with pytest.raises(checks.CheckFailed, match="bad: two is not one"):
        checks.check("bad", 2 == 1, "two is not one")
    monkeypatch.setenv("RANKMEASURES_CHECKS", "collect")
    checks.begin("t")
    assert checks.check("bad", False, "first") is False
    assert checks.check("other", False, "second") is False
    with pytest.raises(checks.CheckFailed, match="bad: first.*other: second"):
        checks.finish(['checks.check("bad", 0, "")', 'checks.check("other", 0, "")'],
                      display=False)


def test_within_allows_the_bonferroni_quantile():
    # one evaluation at false alarm 0.05: the normal's 97.5 % quantile, 1.959964
    checks.begin("t", statistical=1, false_alarm=0.05)
    out = checks.within("w", 1.0 + 1.95 * 0.1, 1.0, 0.1)
    assert out and out.q == pytest.approx(1.959964, abs=1e-6)
    # 50 declared at 1e-3 with 3 degrees of freedom: Student's t_3 with upper tail 1e-5,
    # from t_3's closed-form tail 1/2 - (u/(1 + u^2) + atan u)/pi, u = t/sqrt(3)
    checks.begin("t", statistical=50, false_alarm=1e-3)
    out = checks.within("w", 0.0, 0.0, 1.0, dof=3)
    u = out.q / math.sqrt(3)
    assert 0.5 - (u / (1 + u * u) + math.atan(u)) / math.pi == pytest.approx(1e-5, rel=1e-6)
    with pytest.raises(checks.CheckFailed, match="w: .*standard errors"):
        checks.within("w", 48.0, 0.0, 1.0, dof=3)
    # one-sided: only an excess fails; the allowance is added to q se
    assert checks.within("w", -1e6, 0.0, 1.0, side="below")
    assert checks.within("w", 5.0, 0.0, 1.0, side="below", allowance=4.9)


def test_bounded_allows_hoeffdings_deviation():
    """Hoeffding: P[|mean - E| >= t] <= 2 exp(-2 n t^2 / range^2); at level 0.05 over one
    evaluation, t = range sqrt(log(40) / (2 n)): 16 draws in a range of 2 allow
    2 sqrt(3.6889 / 32) = 0.679."""
    checks.begin("t", statistical=1, false_alarm=0.05)
    allowed = 2.0 * math.sqrt(math.log(40.0) / 32.0)  # 0.679...
    assert checks.bounded("b", 1.0 + 0.99 * allowed, 1.0, 2.0, 16)
    with pytest.raises(checks.CheckFailed, match="b: .*Hoeffding"):
        checks.bounded("b", 1.0 + 1.01 * allowed, 1.0, 2.0, 16)
    assert checks.sites(['checks.bounded("b", 1, 1, 1, 2)']) == {"b"}
    with pytest.raises(ValueError, match="value_range > 0"):
        checks.bounded("b", 1.0, 1.0, 0.0, 16)


def test_mean_of_draws_uses_hoeffding_when_an_atom_holds_the_draws():
    """Draws on a continuum: Student's t on their own standard error; fifteen draws at 1
    and one at 0 (an atom): Hoeffding's bound from the range. The test is chosen from the
    draws, so each runs at half the evaluation's level (their sum is the level): 16 draws
    in [0, 1] at level 0.05 / 6 allow sqrt(log(240) / 2) / 4 = 0.414, where the t-test
    would fail (mean 0.9375, s.e. 0.0625: a target of 0.6 is 5.4 standard errors away)."""
    checks.begin("t", statistical=3, false_alarm=0.05)
    spread = [0.1, 0.5, 0.9, 0.3, 0.7, 0.2]
    out = checks.mean_of_draws("m", spread, 0.45, 1.0)
    assert out.q == pytest.approx(checks.statistical_quantile(0.05 / 6, 5), rel=1e-12)
    atom = [1.0] * 15 + [0.0]
    out = checks.mean_of_draws("m", atom, 0.6, 1.0)
    assert out.method == "hoeffding"
    assert out.q == pytest.approx(math.sqrt(math.log(240) / 2), rel=1e-12)
    assert out.q / 4 == pytest.approx(0.414, abs=5e-4)
    with pytest.raises(checks.CheckFailed, match="Hoeffding"):
        checks.mean_of_draws("m", atom, 0.0, 1.0)


def test_more_evaluations_than_declared_break_the_budget():
    checks.begin("t", statistical=1)
    checks.within("w", 0.0, 0.0, 1.0)
    checks.within("w", 0.0, 0.0, 1.0)
    with pytest.raises(checks.CheckFailed, match="2 statistical evaluations ran, 1 declared"):
        checks.finish(['checks.within("w", 0, 0, 1)'], display=False)


def test_bad_arguments():
    checks.begin("t", statistical=1)
    with pytest.raises(ValueError, match="se > 0"):
        checks.within("w", 0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="side"):
        checks.within("w", 0.0, 0.0, 1.0, side="left")
    with pytest.raises(ValueError, match="reason"):
        checks.skip("w", " ")
    with pytest.raises(ValueError, match="statistical"):
        checks.begin("t", statistical=-1)
    with pytest.raises(ValueError, match="false_alarm"):
        checks.begin("t", false_alarm=1.5)


FRAGILE = '''\
# %% tags=["parameters"]
seed = 0

# %%
import numpy as np

from companion import checks

checks.begin("fragile", statistical=1)
x = np.random.default_rng(seed).normal(size=4)
# the standard error of the mean of 4 unit normals is 0.5, understated 1000-fold
checks.within("mean", x.mean(), 0.0, 0.5 / 1000, what="the mean of 4 normals")
if x.max() > 100:
    checks.check("dead", True, "a branch no seed takes")
checks.finish()
'''


def test_reseed_reports_every_failing_check_of_a_fragile_notebook(tmp_path):
    nb = tmp_path / "notebooks" / "900_fragile.py"
    nb.parent.mkdir()
    nb.write_text(FRAGILE)
    out = reseed([nb], [11, 12], jobs=2, out_root=tmp_path / "out")
    assert [r["seed"] for r in out] == [11, 12]
    for r in out:
        assert not r["ok"]
        assert any(f.startswith("mean: the mean of 4 normals") for f in r["failures"]), r
        assert any("never ran" in f and "dead" in f for f in r["failures"]), r
