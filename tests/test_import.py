"""A light ``import rankmeasures``: numpy only; sympy, mpmath, scipy and
numba load when a function first needs them. Timings live in the benchmark, not here."""

import json
import subprocess
import sys

HEAVY = ("sympy", "mpmath", "scipy", "numba")


def _modules_after(code: str) -> dict:
    probe = (f"import sys\n{code}\nimport json\n"
             f"print(json.dumps({{m: m in sys.modules for m in {HEAVY!r}}}))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out.splitlines()[-1])


def test_import_loads_no_heavy_module():
    assert _modules_after("import rankmeasures") == dict.fromkeys(HEAVY, False)


def test_measures_on_small_arrays_import_no_sympy():
    loaded = _modules_after(
        "import rankmeasures as rm\n"
        "rm.ndcg([3, 2, 0, 1], [0.5, 0.2, 0.2, 0.9], k=3)\n"
        "rm.ndcg_queries([[1, 0], [2, 1]], [[0.1, 0.2], [0.3, 0.3]], gain='exp2')\n"
        "rm.kendall_tau([1, 2, 3], [3, 1, 2]); rm.auc([0, 1, 1], [0.2, 0.4, 0.1])\n"
        "rm.pairwise_loss([2, 1, 0], [0.3, 0.2, 0.1])"
    )
    assert not loaded["sympy"] and not loaded["mpmath"]


def test_symbolic_names_resolve_on_first_use_to_one_set_of_symbols():
    import rankmeasures as rm
    from rankmeasures import discounts, gains

    r, n = discounts.r, discounts.n
    assert rm.log2_discount.expr.free_symbols == {r}
    assert rm.linear_discount.expr.free_symbols == {r, n}
    assert rm.exponential_gain.expr == 2**gains.y - 1
    assert str(rm.dcg_symbolic([1, 0], [2, 1], discount="log2")) == "1"
    assert rm.as_discount(1 / r).evaluate([1, 2]).tolist() == [1.0, 0.5]
