"""Shared test settings: hypothesis profile (deterministic, bounded) and seeded RNG."""

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=150, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ci")


#: the two modules that share the session's graded variant report (the edition renders it)
_SHARED_REPORT = ("test_site.py", "test_variant_report.py")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (`make test` runs ``-n auto --dist loadgroup``) each test module
    runs whole on one worker, so that its module- and session-scoped fixtures (a dask
    cluster, a built wheel, the edition) are built once, not once per worker; the two
    modules sharing the graded variant report form one group, put first because it is the
    longest (a group started last would run alone at the end). Without xdist the markers
    are inert and only the order changes."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(
                "graded_report" if item.path.name in _SHARED_REPORT
                else item.nodeid.split("::")[0]))
    items.sort(key=lambda item: item.path.name not in _SHARED_REPORT)  # stable


@pytest.fixture
def rng():
    return np.random.default_rng(20261122)


#: a graded variant (Theorem 10 with r^-1/2) at the least settings that still run every
#: section of the template: the variant report the runner makes once per session, from
#: outside the checkout (tests/test_variant_report.py holds its limit and theorem labels,
#: which do not depend on the grid, to the claims engine; tests/test_site.py renders it as
#: a page with its figure and sections). N(n) at n = 10, 100, 200, 1000 and one Monte
#: Carlo size of two draws draw the curve and fill the agreement table; N(n) up to 10^100
#: and the Monte Carlo at larger n are the gate's (notebook 004) and test_variants'.
GRADED = {"discount": "r^(-1/2)", "ybar": "s", "ybar_other": "", "grades": [3, 1, 0],
          "probs": ["s^2/2", "s/2", "1 - s^2/2 - s/2"], "max_exponent": 3,
          "mc_n": [200], "mc_draws": 2, "budget_seconds": 120.0}


@pytest.fixture(scope="session")
def graded_report(tmp_path_factory):
    """``python -m companion.run variant_report -p ... --output-dir DIR`` run from DIR
    (outside the checkout) with :data:`GRADED`: the finished process and DIR."""
    import subprocess
    import sys

    out = tmp_path_factory.mktemp("graded_report")
    args = [a for name, value in GRADED.items() for a in ("-p", name, str(value))]
    proc = subprocess.run(
        [sys.executable, "-m", "companion.run", "variant_report", *args, "--output-dir",
         str(out)], cwd=out, capture_output=True, text=True, timeout=600)
    return proc, out
