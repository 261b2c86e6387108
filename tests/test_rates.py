"""rankmeasures.theory.rates: exponents of exact power and 1/log rates, by hand."""

import numpy as np
import pytest

from rankmeasures.theory.rates import fitted_exponent, rate_curve

NS = 10.0 ** np.arange(2, 101, 2)


def test_a_power_rate_gives_its_exponent():
    gaps = 3.0 * NS**-0.5
    slope, used = fitted_exponent(NS, gaps, in_log_n=False)
    assert slope == pytest.approx(-0.5, rel=1e-9)
    # the last four gaps above 1e-11 (gap = 3e-11 at n = 1e22, 3e-12 at 1e24)
    assert NS[used].tolist() == [1e16, 1e18, 1e20, 1e22]


def test_a_log_rate_gives_its_exponent_on_log_log_log_axes():
    gaps = 2.0 / np.log(NS)
    slope, used = fitted_exponent(NS, gaps, in_log_n=True)
    assert slope == pytest.approx(-1.0, rel=1e-9)
    assert NS[used].tolist() == [1e94, 1e96, 1e98, 1e100]
    assert fitted_exponent(NS, gaps, in_log_n=False)[0] > -0.1  # not a power rate


def test_the_rate_curve_passes_through_the_last_resolved_gap():
    gaps = 2.0 / np.log(NS)
    grid, curve = rate_curve(NS, gaps, exponent=-1.0, in_log_n=True)
    np.testing.assert_allclose(curve, gaps, rtol=1e-12)
    gaps = 3.0 * NS**-0.5
    grid, curve = rate_curve(NS, gaps, exponent=-0.5, in_log_n=False)
    assert grid[-1] == 1e22 and curve[-1] == gaps[NS == 1e22][0]
    np.testing.assert_allclose(curve, 3.0 * grid**-0.5, rtol=1e-12)


def test_bad_input():
    with pytest.raises(ValueError, match="fewer than two resolved gaps"):
        fitted_exponent(NS, np.zeros(NS.size), in_log_n=False)
    with pytest.raises(ValueError, match="none resolved"):
        rate_curve(NS, np.zeros(NS.size), exponent=-1.0, in_log_n=True)
    with pytest.raises(ValueError, match="ns, gaps"):
        fitted_exponent(NS, NS[:3], in_log_n=False)
