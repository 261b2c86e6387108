"""Declared tolerances: parsing, bounds worked by hand, rounding quanta, text comparison."""

import math

import numpy as np
import pytest

from companion import tolerance as T


def test_parse_numerical_and_statistical():
    assert T.parse(None) == T.NUMERICAL == T.Tolerance(rel=1e-9, abs=1e-12)
    assert T.parse({"rel": 1e-6}) == T.Tolerance(rel=1e-6, abs=1e-12)
    assert T.parse({"abs": 0.01}) == T.Tolerance(rel=0.0, abs=0.01)
    st = T.parse({"se": "s.e.", "c": 2})
    assert st.statistical and st.se == "s.e." and st.c == 2.0
    assert T.parse(st.to_json()) == st
    assert T.parse(T.NUMERICAL.to_json()) == T.NUMERICAL
    assert T.parse({"abs": 0.005, "c": 0.5}).bound(0.8, 0.9) == pytest.approx(0.0025)


@pytest.mark.parametrize("spec, message", [
    ({"rel": -1}, "rel must be a finite number >= 0"),
    ({"abs": float("inf")}, "abs must be a finite number >= 0"),
    ({"se": "s.e."}, "se needs c"),
    ({"c": 2}, "needs se"),
    ({"c": 2, "se": "x", "rel": 1e-3}, "takes se or abs, not rel"),
    ({"c": 0, "abs": 1.0}, "c must be a number > 0"),
    ({"relative": 1e-3}, "unknown key"),
    ("1e-9", "expected a dict"),
])
def test_bad_declarations_are_rejected(spec, message):
    with pytest.raises(ValueError, match=message):
        T.parse(spec)


def test_numerical_bound_by_hand():
    tol = T.Tolerance(rel=1e-3, abs=1e-6)
    # |x - y| <= 1e-6 + 1e-3 * 2.0 = 0.002001
    assert T.close(2.0, 1.998, tol)
    assert not T.close(2.0, 1.9979, tol)
    assert T.close(0.0, 1e-6, tol) and not T.close(0.0, 1.1e-6, tol)
    assert T.close(math.nan, math.nan, tol) and not T.close(math.nan, 0.0, tol)
    assert T.close(math.inf, math.inf, tol) and not T.close(math.inf, 1e308, tol)


def test_statistical_bound_uses_the_standard_error():
    tol = T.parse({"se": "s.e.", "c": 0.5})
    assert T.close(0.858, 0.860, tol, se=0.0054)  # 0.002 <= 0.0027
    assert not T.close(0.858, 0.861, tol, se=0.0054)  # 0.003 > 0.0027


@pytest.mark.parametrize("text, q", [("0.123", 1e-3), ("12", 0.0), ("1.5e-07", 1e-8),
                                     ("-3.25E+2", 1.0), ("nan", 0.0), ("2.", 1.0)])
def test_quantum_is_one_unit_of_the_last_printed_digit(text, q):
    assert T.quantum(text) == pytest.approx(q, rel=1e-12, abs=0)


def test_split_numbers_leaves_identifiers_and_versions_alone():
    parts, nums = T.split_numbers("S004-T7 at n = 1e+07: 0.5, -2.5 (v1.5.2)")
    assert nums == ["1e+07", "0.5", "-2.5"]
    assert parts[0] == "S004-T7 at n = " and parts[-1] == " (v1.5.2)"


def test_compare_text_words_exact_numbers_within_tolerance():
    tol = T.NUMERICAL
    assert T.compare_text("mean 30.215878650329493", "mean 30.215878650329504", tol) is None
    assert T.compare_text("mean 0.5", "median 0.5", tol).startswith("text differs")
    diff = T.compare_text("x = 0.85792", "x = 0.85816", tol)
    assert "0.85792 vs 0.85816" in diff and "rel 1e-09" in diff
    assert T.compare_text("x = 0.85792", "x = 0.85816", T.parse({"abs": 0.0054, "c": 0.5})) is None


def test_rounding_of_a_print_is_allowed_and_nothing_more():
    # 0.12349999999 and 0.1235 agree to 1e-9 but print as 0.123 and 0.124 at 3 decimals
    assert T.compare_text("0.123", "0.124", T.NUMERICAL) is None
    assert T.compare_text("0.123", "0.125", T.NUMERICAL) is not None
    # a repr against a rounded print shares no printing precision: no allowance
    assert T.compare_text("0.5", "0.6000000000000001", T.NUMERICAL) is not None
    # tables are written at 10 significant digits: the quantum comes from that, not from
    # the print (0.5 is 0.5000000000)
    assert T.compare_text("0.5", "0.6", T.NUMERICAL, digits=10) is not None
    assert T.compare_text("0.5", "0.5000000001", T.NUMERICAL, digits=10) is None
    assert T.compare_text("0.5", "0.5000000008", T.NUMERICAL, digits=10) is not None  # > 6e-10
    # integers are exact
    assert T.compare_text("6564 cases", "6565 cases", T.NUMERICAL) is not None


def test_canonical_rounds_floats_only():
    x = {"a": np.float64(30.215878650329493), "b": [np.int64(3), True, None, "s"],
         "c": np.array([1 / 3, -0.0])}
    assert T.canonical(x) == {"a": 30.2158786503, "b": [3, True, None, "s"],
                              "c": [0.333333333333, 0.0]}
    assert T.canonical(30.215878650329493) == T.canonical(30.215878650329504)
    assert math.isnan(T.canonical(float("nan")))
