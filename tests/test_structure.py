"""The rooms of the code: which package may import which, and no import cycle.

The edition's "map of the code" (docs/library.md) names each package, what it holds and
what it may import; this test reads every import statement of the checkout's own packages
(their syntax trees, nothing is executed) and holds the code to that map. Imports under
``if TYPE_CHECKING:`` are annotations only and do not count; imports inside functions (the
lazy ones) do.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"rankmeasures": ROOT / "lib" / "rankmeasures", "companion": ROOT / "lib" / "companion",
            "proofs_check": ROOT / "proofs_check"}

# room -> the rooms it may import (the map of the code, docs/library.md)
ALLOWED = {
    "measures": {"measures", "kernels"},
    "evaluator": {"evaluator", "measures", "kernels"},
    "kernels": {"kernels"},
    # the variant analysis reads a measure's name by the evaluator's parser
    "theory": {"theory", "measures", "kernels", "evaluator"},
    "learning": {"learning", "measures", "kernels"},
    "companion": {"companion"},
    "proofs_check": {"proofs_check", "companion", "measures", "theory", "learning"},
}
# the root re-exports evaluate, read_qrels and read_run, and ``python -m rankmeasures`` is
# the evaluator's command: these alone of the measures' room import it
REEXPORTS = {"rankmeasures", "rankmeasures.__main__"}


def _modules() -> dict[str, Path]:
    out = {}
    for top, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join((top, *parts))] = path
    return out


MODULES = _modules()


def room(module: str) -> str:
    top, _, rest = module.partition(".")
    if top != "rankmeasures":
        return top
    sub = rest.split(".")[0]
    return {"_kernels": "kernels", "theory": "theory", "learning": "learning",
            "trec": "evaluator"}.get(sub, "measures")


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _import_target(module: str, node: ast.ImportFrom, is_package: bool) -> str | None:
    """The module a ``from ... import`` in ``module`` reads from, relative levels resolved."""
    if not node.level:
        return node.module
    base = module.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(module: str, path: Path) -> set[str]:
    """The modules of ours that ``module`` imports (a name imported from a package is the
    submodule when one of that name exists)."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()

    def visit(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for sub in child.orelse:
                    visit(sub)
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                target = _import_target(module, child, is_package)
                for a in child.names:
                    sub = f"{target}.{a.name}"
                    found.add(sub if sub in MODULES else target)
            visit(child)

    visit(ast.parse(path.read_text()))
    return {m for m in found if m in MODULES}


GRAPH = {m: _imports(m, p) for m, p in MODULES.items()}


def test_the_graph_is_read():
    # a few edges known from the code, so that the checks below cannot pass on an empty graph
    assert "rankmeasures._kernels.jit" in GRAPH["rankmeasures._dcg_paths"]
    assert "rankmeasures.discounts" in GRAPH["rankmeasures.theory.simulate"]
    assert "rankmeasures.theory.asymptotics" in GRAPH["rankmeasures.theory.analysis"]
    # the typed results of the variant analysis live in the theory's room, and the report's
    # prose with them
    assert "rankmeasures.theory.results" in GRAPH["rankmeasures.theory.analysis"]
    assert "rankmeasures.theory.results" in GRAPH["rankmeasures.theory.variant_report"]
    assert room("rankmeasures.theory.results") == "theory"
    assert "companion.manifest" in GRAPH["proofs_check.__main__"]
    assert "proofs_check.doc004.limits" in GRAPH["proofs_check.doc004"]
    assert "rankmeasures.dcg" in GRAPH["rankmeasures.trec.runs"]
    assert len(MODULES) > 50


def test_every_import_follows_the_map():
    wrong = sorted(f"{m} ({room(m)}) imports {t} ({room(t)})"
                   for m, targets in GRAPH.items() for t in targets
                   if room(t) not in ALLOWED[room(m)]
                   and not (m in REEXPORTS and room(t) == "evaluator"))
    assert not wrong, wrong


def test_no_import_cycle():
    # Tarjan's strongly connected components: a component of more than one module is a cycle
    index, low, on_stack, stack, cycles = {}, {}, set(), [], []

    def strongconnect(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in GRAPH[v]:
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in GRAPH[v]:
                cycles.append(sorted(comp))

    for v in GRAPH:
        if v not in index:
            strongconnect(v)
    assert not cycles, cycles


def test_the_cycle_check_can_fail():
    # an import circle between the gate and proofs_check, put into a copy of the graph, is found
    saved = {k: set(v) for k, v in GRAPH.items()}
    try:
        GRAPH["companion.gate"].add("proofs_check.__main__")
        GRAPH["proofs_check.__main__"].add("companion.gate")
        try:
            test_no_import_cycle()
        except AssertionError as exc:
            assert "companion.gate" in str(exc)
        else:
            raise AssertionError("the cycle was not found")
    finally:
        GRAPH.clear()
        GRAPH.update(saved)


def test_the_root_holds_no_alias_of_a_moved_module():
    # 0.1.0 was never released: the modules that moved into the sub-packages have no alias
    # at the root, and the root keeps the measures (at most 16 modules)
    import importlib

    import pytest

    import rankmeasures as rm

    root = sorted(p.stem for p in PACKAGES["rankmeasures"].glob("*.py"))
    assert len(root) <= 16, root
    for old, new in (("asymptotics", "theory"), ("analysis", "theory"),
                     ("learn_dcg", "learning"), ("runs", "trec"), ("trec_files", "trec"),
                     ("cli", "trec"), ("measure_names", "trec")):
        assert old not in root
        importlib.import_module(f"rankmeasures.{new}.{old}")  # where it lives
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(f"rankmeasures.{old}")
    with pytest.raises(AttributeError, match="no attribute 'asymptotics'"):
        rm.asymptotics  # noqa: B018


def test_the_catalogue_keeps_its_order():
    # document 004's checks live in six modules (one per part of the paper); the registry,
    # and so the report, keeps the order of the committed claims report
    import json

    from proofs_check import REGISTRY

    committed = json.loads((ROOT / "figures" / "claims.json").read_text())
    assert list(REGISTRY) == [row["id"] for row in committed]


#: public names without an Examples section of their own, and why
NO_EXAMPLES = {
    "rankmeasures.trec.cli.main": "the process entry of `python -m rankmeasures` (its "
                                  "module docstring shows the command)",
    "rankmeasures.trec.join.Judged": "what join returns; join's Examples show one",
}


def test_every_public_name_of_the_measures_and_the_evaluator_has_examples():
    """Every public function and class of the measures and the evaluator carries a
    numpydoc Examples section (run as doctests by the test suite), except NO_EXAMPLES."""
    import importlib
    import inspect
    import pkgutil

    import rankmeasures

    names = ["rankmeasures"] + [
        m.name for m in pkgutil.walk_packages(rankmeasures.__path__, "rankmeasures.")
        if not any(part.startswith("_") for part in m.name.split("."))
        and not m.name.startswith(("rankmeasures.theory", "rankmeasures.learning"))]
    missing, seen = [], set()
    for module_name in names:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if id(obj) in seen or not (inspect.isfunction(obj) or inspect.isclass(obj)):
                continue
            seen.add(id(obj))
            where = f"{obj.__module__}.{obj.__qualname__}"
            if ">>>" not in (inspect.getdoc(obj) or "") and where not in NO_EXAMPLES:
                missing.append(where)
    assert len(seen) > 60  # the walk found the packages
    assert missing == []


def test_ragged_positions_and_rows_by_hand():
    """positions_within and gather_rows of sizes (2, 0, 3), worked by hand."""
    from rankmeasures._ragged import gather_rows, positions_within

    assert positions_within([2, 0, 3]).tolist() == [0, 1, 0, 1, 2]
    assert gather_rows([10, 99, 4], [2, 0, 3]).tolist() == [10, 11, 4, 5, 6]


def test_ragged_group_starts_and_subset_by_hand():
    """group_starts of sorted scores, cut into queries, and of two keys; subset and
    concat_per_query of queries of sizes (2, 1, 3); worked by hand."""
    import numpy as np

    from rankmeasures._ragged import concat_per_query, group_starts, subset

    s = np.array([3.0, 3.0, 2.0, 2.0, 2.0, 1.0])
    assert group_starts(s).tolist() == [True, False, True, False, False, True]
    # offsets (0, 2, 2, 4, 6): an empty query 1 starts nothing, query 2 starts at 2
    assert group_starts(s, np.array([0, 2, 2, 4, 6])).tolist() == [
        True, False, True, False, True, True]
    q = np.array([0, 1, 1, 1, 2, 2])  # a run ends where either key changes
    assert group_starts((s, q)).tolist() == [True, True, True, False, True, True]
    assert group_starts(np.array([])).tolist() == []
    off = np.array([0, 2, 3, 6])
    items, sub_off = subset(np.arange(6), off, np.array([2, 0]))
    assert items.tolist() == [3, 4, 5, 0, 1] and sub_off.tolist() == [0, 3, 5]
    items, sub_off = subset(np.arange(6), off, np.array([], dtype=np.int64))
    assert items.tolist() == [] and sub_off.tolist() == [0]
    joined, joined_off = concat_per_query(np.arange(6.0), off, np.array([9.0, 8.0]),
                                          np.array([0, 1, 1, 2]))
    assert joined.tolist() == [0, 1, 9, 2, 3, 4, 5, 8] and joined_off.tolist() == [0, 3, 4, 8]


def test_accumulate_within_is_each_querys_own_accumulation_whatever_its_blocks(monkeypatch):
    """accumulate_within of random ragged queries (lengths 0 to 300, several width
    classes) equals np.cumsum / np.cumprod of each query alone, bit for bit, with blocks
    of 1, 7 and the default number of slots."""
    import numpy as np

    import rankmeasures._ragged as ragged

    rng = np.random.default_rng(4)
    sizes = rng.integers(0, 300, 60)
    offsets = ragged.offsets_from_sizes(sizes)
    values = rng.random(int(sizes.sum())) * 3
    want_sum = np.concatenate([np.zeros(0)] + [np.cumsum(values[a:b]) for a, b in
                                                zip(offsets[:-1], offsets[1:], strict=True)])
    want_prod = np.concatenate([np.zeros(0)] + [np.cumprod(values[a:b]) for a, b in
                                                 zip(offsets[:-1], offsets[1:], strict=True)])
    for block in (1, 7, ragged.BLOCK_ITEMS):
        monkeypatch.setattr(ragged, "BLOCK_ITEMS", block)
        assert ragged.accumulate_within(values, offsets).tobytes() == want_sum.tobytes()
        got = ragged.accumulate_within(values, offsets, np.multiply)
        assert got.tobytes() == want_prod.tobytes()


def test_the_api_reference_reaches_every_public_name_of_the_root_modules():
    """The edition's API reference documents the root's ``__all__`` and the sub-packages'
    modules (docs/_ext/companion_claims.py): a name a root module declares public must be
    exported by the root, or it would have no page. The sympy symbols r, n and y, which
    users write expressions in, are documented in their modules' docstrings."""
    import importlib
    import pkgutil

    import rankmeasures

    symbols = {"r", "n", "y"}
    missing = []
    for info in pkgutil.iter_modules(rankmeasures.__path__):
        if info.name.startswith("_") or info.ispkg:
            continue
        mod = importlib.import_module(f"rankmeasures.{info.name}")
        if (mod.__doc__ or "").startswith("Moved to"):
            continue  # an alias of a module of rankmeasures.trec, documented there
        missing += [f"{info.name}.{n}" for n in getattr(mod, "__all__", [])
                    if n not in rankmeasures.__all__ and n not in symbols]
    assert missing == []


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _defined_names(tree: ast.AST) -> set[str]:
    """The names a module defines: functions, classes, assigned names and attributes."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            out.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
    return out


TREES = {m: ast.parse(p.read_text()) for m, p in MODULES.items()}
DEFINED = {m: _defined_names(t) for m, t in TREES.items()}


def _private_crossings(trees: dict) -> list[str]:
    """Each private name of ours that a module takes from another: ``from M import _x``
    (``_x`` not a module: a private module is the package's own business), and
    ``obj._x`` on an object other than ``self``/``cls`` where ``_x`` is defined in another
    of our modules but not in this one (a private method or field called from outside)."""
    ours = set().union(*DEFINED.values())
    found = []
    for m, tree in trees.items():
        is_package = MODULES[m].name == "__init__.py"
        mine = _defined_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = _import_target(m, node, is_package)
                if target in MODULES and target != m:
                    found += [f"{m} imports {a.name} from {target}" for a in node.names
                              if _private(a.name) and f"{target}.{a.name}" not in MODULES]
            elif (isinstance(node, ast.Attribute) and _private(node.attr)
                  and node.attr in ours and node.attr not in mine
                  and not (isinstance(node.value, ast.Name)
                           and node.value.id in ("self", "cls"))):
                found.append(f"{m}:{node.lineno} uses {ast.unparse(node)}")
    return sorted(found)


def test_no_private_name_crosses_a_module():
    # a name another module needs is public where it is defined (documented, with an
    # example), or the code lives where it is used
    assert _private_crossings(TREES) == []


def test_the_private_name_check_can_fail():
    # a private function imported from another module, and a private method called on
    # another module's object, each put into a copy of a module, are found
    bad = ast.parse("from .join import _secret\nfrom ..discounts import base\n"
                    "def f(d):\n    return d._evaluate([1], None)\n")
    crossings = _private_crossings({**TREES, "rankmeasures.trec.runs": bad})
    assert crossings == ["rankmeasures.trec.runs imports _secret from rankmeasures.trec.join",
                         "rankmeasures.trec.runs:4 uses d._evaluate"]
    # the module that defines a private method may call it on any of its objects
    assert "_evaluate" in DEFINED["rankmeasures.discounts.base"]
    assert not [c for c in _private_crossings(TREES) if "discounts.base" in c]
