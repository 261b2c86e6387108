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


# the modules of ours a program needs only when it calls them (the root loads each on first
# use of one of its names; the evaluator loads the concordance measures for auc/tau_b only)
OURS_ON_USE = ("rankmeasures.concordance", "rankmeasures._kernels.pairs",
               "rankmeasures.pairwise", "rankmeasures.rank_distances", "rankmeasures.exact",
               "rankmeasures.trec", "rankmeasures.trec.query_concordance")


def _loaded(code: str, names) -> list:
    probe = (f"import sys\n{code}\nimport json\n"
             f"print(json.dumps(sorted(m for m in {tuple(names)!r} if m in sys.modules)))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out.splitlines()[-1])


def test_import_loads_the_dcg_family_only():
    assert _loaded("import rankmeasures", OURS_ON_USE) == []
    # a name's first use loads its module, and only that one
    assert _loaded("import rankmeasures as rm; rm.kendall_tau([1, 2], [2, 1])",
                   OURS_ON_USE) == ["rankmeasures._kernels.pairs", "rankmeasures.concordance"]


def test_the_command_imports_only_what_its_evaluation_uses(tmp_path):
    # the trec_eval command, run on an nDCG evaluation in its own process: neither the
    # concordance measures nor the heavy libraries are loaded (scipy loads with --compare),
    # nor the paired tests, nor numpy.ma (np.unique loads it)
    qrels, run = tmp_path / "q.txt", tmp_path / "r.txt"
    qrels.write_text("1 0 a 2\n1 0 b 0\n2 0 c 1\n")
    run.write_text("1 Q0 a 1 2.0 x\n1 Q0 b 2 1.0 x\n2 Q0 c 1 1.0 x\n")
    command = ("import io\nfrom rankmeasures.trec.cli import run\n"
               f"assert run([{str(qrels)!r}, {str(run)!r}, '-m', 'nDCG@10', 'P@5', 'AP'], "
               "out=io.StringIO()) == 0")
    names = (*OURS_ON_USE, *HEAVY, "scipy.stats", "scipy.optimize",
             "rankmeasures.trec.significance", "numpy.ma")
    assert _loaded("import rankmeasures.trec.cli", names) == ["rankmeasures.trec"]
    assert _loaded(command, names) == ["rankmeasures.trec"]
    # the check can fail: an evaluation of AUC loads the concordance measures
    auc = command.replace("'nDCG@10', 'P@5', 'AP'", "'auc'")
    assert "rankmeasures.trec.query_concordance" in _loaded(auc, names)


def test_every_root_name_is_its_module_object_whatever_was_imported_first():
    # ``dcg`` and ``ndcg_loss`` name both a module and its function: with every submodule
    # imported (after the package), each root name is still the function, class or table
    code = ("import importlib, pkgutil, types\nimport rankmeasures as rm\n"
            "for m in pkgutil.iter_modules(rm.__path__):\n"
            "    importlib.import_module('rankmeasures.' + m.name)\n"
            "bad = [n for n in rm.__all__ if isinstance(getattr(rm, n), types.ModuleType)]\n"
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)
    import importlib

    import rankmeasures as rm

    for name, home in rm._HOME.items():  # a lazy name is its module's object
        assert getattr(rm, name) is getattr(importlib.import_module(f"rankmeasures.{home}"),
                                            name), name
    assert sorted(rm.__all__) == sorted(set(rm.__all__))
    assert set(rm._HOME) <= set(rm.__all__)


def test_the_lazy_names_are_those_the_type_checkers_see():
    # __init__ lists the names that load on first use twice: in _LAZY (what runs) and
    # under TYPE_CHECKING (what a type checker reads); the two lists are one set
    import ast
    from pathlib import Path

    import rankmeasures as rm

    tree = ast.parse(Path(rm.__file__).read_text())
    block = next(n for n in tree.body if isinstance(n, ast.If)
                 and getattr(n.test, "id", None) == "TYPE_CHECKING")
    typed = {(node.module, a.name) for node in block.body for a in node.names}
    assert typed == {(module, name) for name, module in rm._HOME.items()}
