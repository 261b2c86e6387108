"""The reproducibility gate: its bookkeeping, the content comparison under declared
tolerances (each kind of output moved within and beyond its tolerance), and the byte
check's split between determinism (same machine) and another machine."""

import contextlib
import json
import shutil
from functools import partial

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from companion import figures, gate, machine, manifest  # noqa: E402
from proofs_check.report import render_markdown  # noqa: E402


def test_byte_differences_name_every_differing_file():
    expected = {"figures/004_limits.csv": "a" * 64, "figures/001_fig01.png": "b" * 64,
                "notebooks/executed/000_x.ipynb": "c" * 64}
    actual = {"figures/004_limits.csv": "d" * 64, "figures/001_fig01.png": "b" * 64,
              "figures/999_new.png": "e" * 64}
    lines = manifest.byte_differences(expected, actual)
    assert lines == ["differs: figures/004_limits.csv (listed aaaaaaaaaaaa, got dddddddddddd)",
                     "unlisted: figures/999_new.png (produced, not in figures/SHA256SUMS)",
                     "missing: notebooks/executed/000_x.ipynb (listed in figures/SHA256SUMS, "
                     "not produced)"]
    assert manifest.byte_differences(expected, expected) == []


def test_sums_round_trip_up_to_date_and_machine_recorded(tmp_path):
    (tmp_path / "figures").mkdir()
    (tmp_path / "notebooks" / "executed").mkdir(parents=True)
    (tmp_path / "figures" / "007_plot.png").write_bytes(b"png")
    (tmp_path / "notebooks" / "executed" / "007_x.ipynb").write_text("{}")
    manifest.write(tmp_path)
    sums = manifest.read_sums(tmp_path)
    assert set(sums) == {"figures/007_plot.png", "notebooks/executed/007_x.ipynb"}
    assert sums["figures/007_plot.png"] == manifest.file_sha256(tmp_path / "figures/007_plot.png")
    prefixes = ("figures/007_", "notebooks/executed/007_x.")
    assert not manifest.is_up_to_date("007_x", "k1", prefixes, tmp_path)  # never recorded
    manifest.update_manifest("007_x", key="k1", parameters={"n": 3}, root=tmp_path)
    assert manifest.is_up_to_date("007_x", "k1", prefixes, tmp_path)
    assert not manifest.is_up_to_date("007_x", "k2", prefixes, tmp_path)  # code changed
    rec = manifest.load_manifest(tmp_path)["outputs"]["007_x"]
    assert rec["machine"] == machine.fingerprint()
    man = json.loads((tmp_path / "figures" / "manifest.json").read_text())
    assert man["packages"]["numpy"] != "not installed"
    # the checksums' writer leaves the manifest as the generator wrote it: a checkout
    # regenerated under another Python patch release stays clean
    man["python"] = "3.0.0"
    (tmp_path / "figures" / "manifest.json").write_text(json.dumps(man))
    before = (tmp_path / "figures" / "manifest.json").read_bytes()
    manifest.write(tmp_path)
    assert (tmp_path / "figures" / "manifest.json").read_bytes() == before
    assert {"cpu", "arch", "numpy_simd", "blas"} <= set(rec["machine"])
    (tmp_path / "figures" / "007_plot.png").write_bytes(b"edited")
    assert not manifest.is_up_to_date("007_x", "k1", prefixes, tmp_path)  # output changed


def test_input_key_tracks_notebook_parameters_and_code(tmp_path):
    nb = tmp_path / "007_x.py"
    nb.write_text("# %%\nx = 1\n")
    (tmp_path / "m.py").write_text("a = 1\n")
    key = partial(manifest.input_key, files=["m.py"], root=tmp_path)
    k1 = key(notebook=nb, parameters={"x": 1})
    assert k1 == key(notebook=nb, parameters={"x": 1})
    assert k1 != key(notebook=nb, parameters={"x": 2})
    nb.write_text("# %%\nx = 2\n")
    assert k1 != key(notebook=nb, parameters={"x": 1})
    assert key() != k1
    nb.write_text("# %%\nx = 1\n")
    (tmp_path / "m.py").write_text("a = 2\n")  # an input module changed
    assert k1 != key(notebook=nb, parameters={"x": 1})


def test_inputs_are_recorded_and_a_change_is_named(tmp_path):
    lib = tmp_path / "lib" / "rankmeasures"
    lib.mkdir(parents=True)
    for name in ("a.py", "b.py"):
        (lib / name).write_text(f"# {name}\n")
    files = manifest.imported_files([str(lib / "a.py"), "/elsewhere/numpy/__init__.py", None],
                                    root=tmp_path)
    assert files == ["lib/rankmeasures/a.py"]  # RUNNER's files do not exist in tmp_path
    manifest.update_manifest("007_x", key="k", inputs=files, root=tmp_path)
    assert manifest.recorded_inputs("007_x", tmp_path) == ["lib/rankmeasures/a.py"]
    assert manifest.stale_inputs("007_x", tmp_path) == []
    (lib / "b.py").write_text("# not imported by the run: no effect\n")
    assert manifest.stale_inputs("007_x", tmp_path) == []
    (lib / "a.py").write_text("# changed\n")
    assert manifest.stale_inputs("007_x", tmp_path) == ["lib/rankmeasures/a.py"]
    assert manifest.stale_inputs("never", tmp_path) is None


def test_machine_differences():
    a = {"cpu": "X", "arch": "x86_64", "numpy_simd": ["X86_V2", "X86_V3"], "blas": "k Haswell"}
    assert machine.differences(a, dict(a)) == []
    assert machine.differences(a, dict(a, blas="k Prescott")) == ["blas"]
    assert machine.differences(None, a) == ["cpu", "arch", "numpy_simd", "blas"]
    assert "Haswell" in machine.describe(a) and machine.describe(None) == "not recorded"


# -- a small tree of outputs, and its regeneration moved within / beyond tolerance -------

TABLE = [{"ranker": "trained", "NDCG": 0.8579242152, "s.e.": 0.0054, "exact": 1 / 3},
         {"ranker": "random", "NDCG": 0.5437406624, "s.e.": 0.0065, "exact": 2 / 3}]


def _claims(value):
    where = {"section": "1 Introduction", "item": "eq. (1)", "page": None}
    return [{"id": "S007-X1", "doc": "007", "location": where,
             "statement": "a deterministic constant",
             "outcome": "verified", "recorded": "verified", "method": "mpmath",
             "evidence": {"constant": value, "cases": 12}},
            {"id": "S007-X2", "doc": "007", "location": where, "statement": "a Monte Carlo mean",
             "outcome": "verified", "recorded": "verified", "method": "Monte Carlo",
             "evidence": {"mean": 0.25, "se": 0.01}, "tolerance": {
                 "mean": {"kind": "statistical", "c": 0.5, "abs": 0.01}}}]


def _notebook(text):
    return {"cells": [
        {"cell_type": "code", "id": "cell-0", "execution_count": 1, "metadata": {},
         "source": "print(x)", "outputs": [{"output_type": "stream", "name": "stdout",
                                            "text": [f"constant {text}\n"]}]},
        {"cell_type": "code", "id": "cell-1", "execution_count": 2,
         "metadata": {"tolerance": {"abs": 0.0054, "c": 0.5}}, "source": "show()",
         "outputs": [{"output_type": "display_data", "metadata": {}, "data": {
             "text/markdown": [f"| NDCG |\n|---|\n| {text} |"], "image/png": "AAAA"}}]}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


@contextlib.contextmanager
def _figures_in(root):
    """A repository tree at ``root`` (figures/, notebooks/executed/) that companion.figures
    writes into while the block runs; the variable is restored after."""
    (root / "figures").mkdir(parents=True, exist_ok=True)
    (root / "notebooks" / "executed").mkdir(parents=True, exist_ok=True)
    old = figures.os.environ.get("RANKMEASURES_FIGURES")
    figures.os.environ["RANKMEASURES_FIGURES"] = str(root / "figures")
    try:
        yield
    finally:
        if old is None:
            del figures.os.environ["RANKMEASURES_FIGURES"]
        else:
            figures.os.environ["RANKMEASURES_FIGURES"] = old


def _write_tree(root, *, table=TABLE, line_y=(1.0, 2.0), constant=30.215878650329493,
                nb_text="0.85792"):
    with _figures_in(root):
        figures.save_table(table, "007_learning",
                           column_tolerance={"NDCG": {"se": "s.e.", "c": 0.5}})
        fig, ax = plt.subplots()
        ax.plot([1, 2], list(line_y), label="N(n)")
        ax.set_title("007")
        figures.save(fig, "007_curve")
        plt.close(fig)
    rows = _claims(constant)
    (root / "figures" / "claims.json").write_text(json.dumps(rows, indent=2) + "\n")
    (root / "figures" / "claims.md").write_text(render_markdown(rows) + "\n")
    (root / "notebooks" / "executed" / "007_x.ipynb").write_text(json.dumps(_notebook(nb_text)))
    return sorted(manifest.output_sums(root / "figures", root / "notebooks" / "executed"))


@pytest.fixture
def reference(tmp_path):
    ref = tmp_path / "ref"
    names = _write_tree(ref)
    return ref, names


def _moved(tmp_path, **changes):
    new = tmp_path / "new"
    shutil.rmtree(new, ignore_errors=True)
    _write_tree(new, **changes)
    return new


def test_identical_regeneration_has_no_difference(reference, tmp_path):
    ref, names = reference
    assert gate.compare_outputs(ref, _moved(tmp_path), names) == []
    assert {"figures/007_curve.data.json", "figures/007_learning.tolerance.json"} <= set(names)


def test_table_value_within_and_beyond_its_statistical_tolerance(reference, tmp_path):
    ref, names = reference
    within = [dict(TABLE[0], NDCG=0.8579242152 + 0.0026), TABLE[1]]  # 0.0026 < 0.5 * 0.0054
    assert gate.compare_outputs(ref, _moved(tmp_path, table=within), names) == []
    beyond = [dict(TABLE[0], NDCG=0.8579242152 + 0.0028), TABLE[1]]
    problems = gate.compare_outputs(ref, _moved(tmp_path, table=beyond), names)
    assert len(problems) == 2  # the CSV and its Markdown
    assert problems[0] == ("figures/007_learning.csv: row 1 (ranker = trained), column 'NDCG': "
                           "0.8579242152 vs 0.8607242152 (tolerance 0.5 x s.e. (column 's.e.'))")
    assert problems[1].startswith("figures/007_learning.md: row 1 (ranker = trained), "
                                  "column 'NDCG': 0.8579242152 vs 0.8607242152")
    # a deterministic column keeps the numerical default: 1e-8 relative is too much
    det = [dict(TABLE[0], exact=1 / 3 * (1 + 1e-8)), TABLE[1]]
    problems = gate.compare_outputs(ref, _moved(tmp_path, table=det), names)
    assert problems and "column 'exact': 0.3333333333 vs 0.3333333367 (tolerance rel 1e-09" \
        in problems[0]


def test_claims_value_within_and_beyond_tolerance(reference, tmp_path):
    ref, names = reference
    noise = _moved(tmp_path, constant=30.215878650329504)  # a last-digit move, as between CPUs
    assert gate.compare_outputs(ref, noise, names) == []
    problems = gate.compare_outputs(ref, _moved(tmp_path, constant=30.2159), names)
    assert problems == ["figures/claims.json: claim S007-X1, evidence.constant: "
                        "30.215878650329493 vs 30.2159 (tolerance rel 1e-09, abs 1e-12)"]


def test_claims_markdown_must_render_its_json(reference, tmp_path):
    ref, names = reference
    new = _moved(tmp_path)
    md = new / "figures" / "claims.md"
    md.write_text(md.read_text().replace("a deterministic constant", "a constant"))
    assert gate.compare_outputs(ref, new, names) == [
        "figures/claims.md (regenerated): not the rendering of its claims.json"]


def test_figure_data_within_and_beyond_tolerance(reference, tmp_path):
    ref, names = reference
    assert gate.compare_outputs(ref, _moved(tmp_path, line_y=(1.0, 2.0 + 1e-10)), names) == []
    problems = gate.compare_outputs(ref, _moved(tmp_path, line_y=(1.0, 2.001)), names)
    assert problems == ["figures/007_curve.data.json: data.axes[0].artists[0].y[1]: "
                        "2.0 vs 2.001 (tolerance rel 1e-09, abs 1e-12)"]


def test_notebook_output_within_and_beyond_the_cell_tolerance(reference, tmp_path):
    ref, names = reference
    # cell 0 is numerical (the default), cell 1 declares a standard error of 0.0054
    within = _moved(tmp_path, nb_text="0.85816")  # moves cell 0 too
    problems = gate.compare_outputs(ref, within, names)
    assert problems == ["notebooks/executed/007_x.ipynb: cell 0, output 0 (stdout): "
                        "0.85792 vs 0.85816 (tolerance rel 1e-09, abs 1e-12)"]
    nb = json.loads((within / "notebooks/executed/007_x.ipynb").read_text())
    nb["cells"][0]["outputs"][0]["text"] = ["constant 0.85792\n"]
    nb["cells"][1]["outputs"][0]["data"]["image/png"] = "BBBB"  # pixels: not compared
    (within / "notebooks/executed/007_x.ipynb").write_text(json.dumps(nb))
    assert gate.compare_outputs(ref, within, names) == []
    nb["cells"][1]["outputs"][0]["data"]["text/markdown"] = ["| NDCG |\n|---|\n| 0.86100 |"]
    (within / "notebooks/executed/007_x.ipynb").write_text(json.dumps(nb))
    assert gate.compare_outputs(ref, within, names) == [
        "notebooks/executed/007_x.ipynb: cell 1, output 0 (text/markdown): 0.85792 vs 0.86100 "
        "(tolerance 0.5 x s.e. (0.0054))"]


def test_missing_and_extra_outputs_and_changed_declarations(reference, tmp_path):
    ref, names = reference
    new = _moved(tmp_path)
    (new / "figures" / "007_curve.data.json").unlink()
    (new / "figures" / "007_extra.csv").write_text("a\n1\n")
    tol = new / "figures" / "007_learning.tolerance.json"
    tol.write_text(tol.read_text().replace('"c": 0.5', '"c": 5'))
    produced = manifest.output_sums(new / "figures", new / "notebooks" / "executed")
    problems = gate.compare_outputs(ref, new, set(names) | set(produced))
    assert problems[0] == "figures/007_curve.data.json: not produced"
    assert problems[1] == "figures/007_extra.csv: produced, but not among the reference outputs"
    assert problems[2] == ("figures/007_learning.tolerance.json: declared tolerances"
                           ".columns.NDCG.c: 0.5 vs 5 (tolerance rel 0.01, abs 0)")


def test_a_tolerance_computed_from_the_data_may_move_with_it():
    from companion import compare

    # a figure's stated standard error, computed in the run, on two machines
    a = {"figure": "001_f", "tolerance": {"kind": "statistical", "c": 0.5,
                                          "abs": 0.005439991331938431}, "data": {"y": [0.9]}}
    b = dict(a, tolerance=dict(a["tolerance"], abs=0.0054399913319384385))
    assert compare.compare_figure_data(a, b) == []
    c = dict(a, tolerance=dict(a["tolerance"], abs=0.0056))  # 3% more: not the same
    assert compare.compare_figure_data(a, c) != []
    # written at 3 significant digits
    from companion import tolerance as T
    assert T.parse({"abs": 0.005439991331938431, "c": 0.5}).to_json()["abs"] == 0.00544


def _check_with(monkeypatch, tmp_path, ref, made_on, here, fail_fast=False, **changes):
    """Run gate.check on ``ref`` with the regeneration replaced by a copy moved by
    ``changes``, the outputs recorded as made on ``made_on`` and this machine ``here``."""
    manifest.write(ref)
    for entry in ("007_x", "claims"):
        manifest.update_manifest(entry, key="k", root=ref)
    man = manifest.load_manifest(ref)
    for rec in man["outputs"].values():
        rec["machine"] = made_on
    (ref / manifest.MANIFEST).write_text(json.dumps(man))

    def regenerate(root, out, jobs, *, on_ready=None, cheapest_first=False, extra=()):
        _write_tree(out, **changes)
        for entry in ("claims", "007_x"):
            if on_ready and on_ready(entry):
                return None
        return {"007_x": gate.Usage(2.0, 1.5, 0.25)}

    monkeypatch.setattr(gate, "_regenerate", regenerate)
    monkeypatch.setattr(gate.machine, "fingerprint", lambda: here)
    return gate.check(ref, fail_fast=fail_fast, cross=False)


M1 = {"cpu": "A", "arch": "x86_64", "numpy_simd": ["X86_V2", "X86_V4"], "blas": "SkylakeX"}
M2 = dict(M1, numpy_simd=["X86_V2"], blas="Prescott")


def test_check_on_another_machine_reports_bytes_and_passes(reference, tmp_path, monkeypatch,
                                                            capsys):
    ref, _ = reference
    assert _check_with(monkeypatch, tmp_path, ref, M1, M2, constant=30.215878650329504) == 0
    out = capsys.readouterr().out
    assert "content: all" in out and "within their declared tolerances" in out
    assert "differ in bytes, expected: they were made on another machine" in out
    assert f"made on: {machine.describe(M1)}" in out and f"here:    {machine.describe(M2)}" in out
    assert "figures/claims.json" in out


def test_check_on_the_same_machine_requires_identical_bytes(reference, tmp_path, monkeypatch,
                                                            capsys):
    ref, _ = reference
    assert _check_with(monkeypatch, tmp_path, ref, M1, M1, constant=30.215878650329504) == 1
    out = capsys.readouterr().out
    assert "differ on the machine that made them" in out and "figures/claims.json" in out
    assert _check_with(monkeypatch, tmp_path, ref, M1, M1) == 0
    assert "regenerated byte-identical" in capsys.readouterr().out


def test_check_fails_beyond_tolerance_on_any_machine(reference, tmp_path, monkeypatch, capsys):
    ref, _ = reference
    assert _check_with(monkeypatch, tmp_path, ref, M1, M2, constant=30.2159) == 1
    out = capsys.readouterr().out
    assert "content: 1 difference(s) beyond the declared tolerances" in out
    assert "claim S007-X1, evidence.constant: 30.215878650329493 vs 30.2159" in out


def test_numbers_inside_table_text_carry_their_own_rounding():
    from companion import compare

    spec = {"default": {"kind": "numerical", "rel": 1e-9, "abs": 1e-12}, "digits": 10}
    ref = "n,MC\n1000,0.97231 ± 0.00078\n"
    # one unit of the printed fifth decimal: a rounding of values within tolerance
    assert compare.compare_tables(ref, "n,MC\n1000,0.97232 ± 0.00078\n", spec) == []
    assert compare.compare_tables(ref, "n,MC\n1000,0.97233 ± 0.00078\n", spec) != []
    # a bare number is the writer's: 10 significant digits
    assert compare.compare_tables("n,x\n1,0.5\n", "n,x\n1,0.5000001\n", spec) != []


def test_fail_fast_stops_at_the_first_piece_that_differs(reference, tmp_path, monkeypatch,
                                                         capsys):
    """With --fail-fast each piece's outputs are compared as soon as they are
    written, and the run stops at the first difference (here the claims, which come first)."""
    ref, _ = reference
    assert _check_with(monkeypatch, tmp_path, ref, M1, M2, fail_fast=True,
                       constant=30.2159) == 1
    out = capsys.readouterr().out
    assert "gate: claims: figures/claims.json: claim S007-X1, evidence.constant" in out
    assert "gate: content:" not in out  # no full report after a stop
    # on the machine that made the outputs a byte difference stops it too
    assert _check_with(monkeypatch, tmp_path, ref, M1, M1, fail_fast=True,
                       nb_text="0.85793") == 1
    assert "gate: 007_x: differs: notebooks/executed/007_x.ipynb" in capsys.readouterr().out
    # nothing differs: the full report, with the time of each piece
    assert _check_with(monkeypatch, tmp_path, ref, M1, M1, fail_fast=True) == 0
    out = capsys.readouterr().out
    assert "regenerated byte-identical" in out
    assert "gate: time of each piece" in out and "007_x" in out and "1.8" in out


def _cross_tree(out, claims_rows, cross_rows, table=TABLE, cross_table=TABLE):
    """The gate's own outputs in ``out`` and the ones of the run under another instruction
    set in ``out/cross``, as the gate lays them out."""
    for root, rows, tab in ((out, claims_rows, table), (out / "cross", None, cross_table)):
        with _figures_in(root):
            figures.save_table(tab, "002_learning",
                               column_tolerance={"NDCG": {"se": "s.e.", "c": 0.5}})
            fig, ax = plt.subplots()
            ax.plot([1, 2], [1.0, 2.0])
            figures.save(fig, "002_curve")
            plt.close(fig)
        if rows is not None:
            (root / "figures" / "claims.json").write_text(json.dumps(rows))
    (out / "cross" / "claims.json").write_text(json.dumps(cross_rows))


def test_cross_instruction_set_check_compares_with_the_gates_own_outputs(tmp_path,
                                                                        monkeypatch):
    """The cross-machine check runs on the gate's regenerated outputs; here its
    comparison is fed outputs within and beyond the declared tolerances."""
    monkeypatch.setattr(gate, "CROSS_CLAIMS", ("S007-X1", "S007-X2"))
    monkeypatch.setattr(gate, "CROSS_NOTEBOOK", "002_x")
    rows = _claims(30.215878650329493)
    _cross_tree(tmp_path, rows, _claims(30.215878650329504))  # the last digits move
    assert gate._cross_differences(tmp_path, "cross-instruction-set claims") == []
    assert gate._cross_differences(tmp_path, "cross-instruction-set notebook") == []
    _cross_tree(tmp_path, rows, _claims(30.2159))
    (problem,) = gate._cross_differences(tmp_path, "cross-instruction-set claims")
    assert problem.startswith("under another instruction set: ") and "30.2159" in problem
    beyond = [dict(r) for r in TABLE]
    beyond[0]["NDCG"] = 0.5
    _cross_tree(tmp_path, rows, rows, cross_table=beyond)
    problems = gate._cross_differences(tmp_path, "cross-instruction-set notebook")
    assert problems and all("002_learning." in p and "0.5 (tolerance" in p for p in problems)
    # the switch of instruction set must have taken effect
    here = machine.fingerprint()
    (tmp_path / "cross" / "machine.json").write_text(json.dumps(here))
    (problem,) = gate._cross_differences(tmp_path, "cross-instruction-set probe")
    assert "the switch did not take effect" in problem
    less = dict(here, numpy_simd=here["numpy_simd"][:1])
    (tmp_path / "cross" / "machine.json").write_text(json.dumps(less))
    if len(here["numpy_simd"]) > 1:
        assert gate._cross_differences(tmp_path, "cross-instruction-set probe") == []


def test_other_instruction_set_switches_numpys_simd_off():
    """The environment the cross runs get: numpy's own switch, naming the dispatched
    features this CPU has (a baseline-only CPU has none to switch off)."""
    from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__

    env = gate.other_instruction_set()
    available = [f for f in __cpu_dispatch__ if __cpu_features__.get(f)]
    if not available:
        assert env is None
    else:
        assert env == {"NPY_DISABLE_CPU_FEATURES": " ".join(available)}


def test_the_cross_step_adds_to_the_callers_disabled_features():
    """A caller who already set NPY_DISABLE_CPU_FEATURES keeps those features off in the
    cross step, which switches off every feature still on besides (the switch would
    otherwise turn the caller's features back on, and the probe see no reduction)."""
    from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__

    on = [f for f in __cpu_dispatch__ if __cpu_features__.get(f)]
    env = gate.other_instruction_set({"NPY_DISABLE_CPU_FEATURES": "CALLERS_FEATURE, X"})
    if not on:  # a CPU where numpy runs its baseline: nothing to switch off
        assert env is None
        return
    listed = env["NPY_DISABLE_CPU_FEATURES"].split()
    assert listed[:2] == ["CALLERS_FEATURE", "X"] and set(on) <= set(listed)
    assert gate.other_instruction_set({})["NPY_DISABLE_CPU_FEATURES"].split() == on


def test_one_resolver_for_the_output_folder(tmp_path, monkeypatch):
    # the variable wins; unset, the claims engine's run writes the committed figures/ and a
    # notebook run by hand the working directory's checkout's scratch/figures/
    from companion import paths

    env = {paths.FIGURES_VARIABLE: str(tmp_path / "x")}
    for committed in (True, False):
        assert paths.output_dir(committed=committed, environ=env) == tmp_path / "x"
    assert paths.output_dir(committed=True, environ={}) == paths.ROOT / "figures"
    (tmp_path / "c" / "notebooks").mkdir(parents=True)
    (tmp_path / "c" / "pyproject.toml").write_text("")
    monkeypatch.chdir(tmp_path / "c" / "notebooks")
    assert paths.output_dir(committed=False, environ={}) == tmp_path / "c" / "scratch" / "figures"
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="no checkout"):
        paths.output_dir(committed=False, environ={})
