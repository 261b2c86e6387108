"""Run notebooks as executable papers: jupytext source -> papermill -> normalised output.

``python -m companion.run [NOTEBOOK ...] [-p NAME VALUE ...] [--quick] [--jobs N]``

(``make reproduce NOTEBOOKS="003 004"`` runs this with those notebooks, then the hashes and
the edition.)

* A notebook is ``notebooks/NNN_topic.py`` in jupytext py:percent, its only source. Its
  cell tagged ``parameters`` declares every parameter; ``-p`` values and the named set
  ``--quick`` (from ``notebooks/parameters.toml``) override them. Unknown names are
  rejected (papermill itself only warns).
* The executed notebook is normalised (no papermill or timing metadata, cell ids
  ``cell-0``, ``cell-1``, ...) and written to ``notebooks/executed/NNN_topic.ipynb`` with
  its figures and tables in ``figures/`` -- only by a run at the committed parameters.
  An exploration run (``-p``, ``--quick`` or ``--output-dir``) writes both to
  ``--output-dir`` (default ``scratch/run/``; figures in its ``figures/``) and says so:
  it never touches a committed output. The kernel runs with ``PYTHONHASHSEED=0``,
  ``SOURCE_DATE_EPOCH=0`` so a rerun gives byte-identical files (figures display inline).
* Any error output, or anything written to stderr, fails the run; the notebook as far as
  it ran is kept in ``scratch/failed/`` and named in the error.
* Independent notebooks run in parallel, one process each, on the machine's cores. Each
  says when it starts and ends; a long one reports its progress -- papermill's progress
  bar when one notebook runs on a terminal, else a line every 30 s (cell i of n) -- and
  a quick one stays quiet. Kernels talk over local IPC sockets, not TCP (so no
  unencrypted-transport warning).
* Notebooks are found in the checkout's ``notebooks/`` (by path, by name such as
  ``variant_report``, or by number such as ``003``) from any working directory.
* A template (``variant_report``) names its executed notebook itself: the string it
  assigns to ``output_name`` (the variant report's is its variant), so that several runs
  share a folder; a refusal of its parameters fails the run with the refusal's message.
* A notebook whose source, parameters and code inputs are unchanged since its outputs
  were made (``figures/manifest.json``, ``figures/SHA256SUMS``; see
  :mod:`companion.manifest`) is skipped unless ``--force``; runs with ``--quick``, ``-p``
  or ``--output-dir`` never skip and never touch the manifest.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys
import time
import tomllib
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from .paths import FIGURES_VARIABLE, root_of
from .paths import root as checkout

__all__ = ["NotebookFailed", "notebook_parameters", "resolve_parameters", "execute", "main"]

_ENV = {"PYTHONHASHSEED": "0", "SOURCE_DATE_EPOCH": "0"}
_MODULES_MIME = "application/vnd.rankmeasures.modules+json"
#: appended to every run and removed from its output: the files of the modules the
#: kernel imported, the notebook's inputs in the manifest (companion.manifest)
_MODULES_CELL = (
    "import sys as _sys\n"
    "from IPython.display import display as _display\n"
    "_display({%r: sorted(getattr(_m, '__file__', None) or '' for _n, _m in "
    "list(_sys.modules.items()) if _n.split('.')[0] in %r), "
    "%r: globals().get('output_name')}, raw=True)"
)
_NAME_MIME = "application/vnd.rankmeasures.output-name+json"
#: the name a template gives its executed notebook (its variable ``output_name``)
_OUTPUT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,150}$")
_PROGRESS_EVERY = 30.0  # seconds between progress lines of one notebook


class NotebookFailed(RuntimeError):
    """A notebook run that raised or wrote an error; ``path`` is the notebook as far as it
    ran (kept in ``scratch/failed/``)."""

    def __init__(self, message: str, path: Path):
        super().__init__(message)
        self.path = path

    def __reduce__(self):  # raised in a pool's process, re-raised in the caller's
        return type(self), (str(self), self.path)


def _kernel_manager_class(settings: dict):
    """An asynchronous kernel manager whose kernels listen on IPC sockets in a private
    temporary folder instead of TCP ports on localhost, run one thread per pool
    (:mod:`companion.threads`) with ``settings`` in their environment, and are shut down
    without an interrupt."""
    import tempfile
    import uuid

    from jupyter_client.manager import AsyncKernelManager
    from traitlets import default

    from . import threads

    class IPCKernelManager(AsyncKernelManager):
        @default("transport")
        def _default_transport(self):
            return "ipc"

        @default("ip")
        def _default_ip(self):
            folder = Path(tempfile.gettempdir()) / f"rankmeasures-kernels-{os.getuid()}"
            folder.mkdir(mode=0o700, exist_ok=True)
            return str(folder / uuid.uuid4().hex)

        async def _async_pre_start_kernel(self, **kw):
            # one thread per pool in the kernel (companion.threads), set in the kernel's
            # own environment: the process that starts it keeps its own
            kw["env"] = {**threads.single_threaded(kw.get("env")), **settings}
            return await super()._async_pre_start_kernel(**kw)

        async def _async_interrupt_kernel(self):
            # jupyter_client interrupts a kernel before asking it to shut down, and an idle
            # kernel then logs "KeyboardInterrupt caught in kernel" to stderr; a finished
            # notebook's kernel needs only the shutdown request
            if not self.shutting_down:
                await super()._async_interrupt_kernel()

    return IPCKernelManager


#: the file descriptor of ``--events``: one JSON object per line for a program that runs
#: this one (the gate), beside the lines printed for people. Lines of at most 4096 bytes
#: are written whole to a pipe, so the pool's processes share it safely.
_EVENTS: list = [None]


def _emit(event: str, **fields) -> None:
    """Write one event (``started``, ``progress``, ``done``, ``failed``, ``skipped``)."""
    if _EVENTS[0] is not None:
        line = json.dumps({"event": event, **fields}, sort_keys=True) + "\n"
        os.write(_EVENTS[0], line.encode())


def _progress_hooks(name: str, n_cells: int) -> dict:
    """nbclient hooks printing ``name: cell i of n (t s)`` at most every 30 s."""
    t0 = time.perf_counter()
    last = [t0]

    def on_cell_executed(cell=None, cell_index=0, **_):
        now = time.perf_counter()
        if now - last[0] >= _PROGRESS_EVERY:
            last[0] = now
            print(f"  {name}: cell {cell_index + 1} of {n_cells} ({now - t0:.0f} s)",
                  flush=True)
            _emit("progress", stem=Path(name).stem, cell=cell_index + 1, cells=n_cells,
                  wall=round(now - t0, 1))

    return {"on_cell_executed": on_cell_executed}


def _read(path: Path):
    import jupytext

    return jupytext.read(path)


def notebook_parameters(nb) -> dict:
    """Names and default values assigned in the cell tagged ``parameters``."""
    cells = [c for c in nb.cells if "parameters" in c.get("metadata", {}).get("tags", [])]
    if len(cells) != 1:
        raise ValueError(f"notebook: expected exactly one cell tagged 'parameters', found "
                         f"{len(cells)}")
    out = {}
    for node in ast.parse(cells[0].source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
                node.targets[0], ast.Name):
            out[node.targets[0].id] = ast.literal_eval(node.value)
        elif not isinstance(node, ast.Expr):  # docstrings/comments are fine
            raise ValueError("notebook: the parameters cell may only assign literals to names")
    return out


def _parse_value(text: str):
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def resolve_parameters(path: Path, nb, overrides: dict, quick: bool) -> dict:
    """The parameters to inject: the quick set (if asked) then ``overrides``; every name
    must exist in the notebook's parameters cell."""
    known = notebook_parameters(nb)
    chosen: dict = {}
    if quick:
        table = path.parent / "parameters.toml"
        sets = tomllib.loads(table.read_text()) if table.exists() else {}
        chosen.update(sets.get(path.stem, {}).get("quick", {}))
    chosen.update(overrides)
    unknown = sorted(set(chosen) - set(known))
    if unknown:
        raise ValueError(f"parameters: {path.name} has no parameter(s) {unknown}; "
                         f"known: {sorted(known)}")
    for name, value in chosen.items():
        problem = _type_problem(known[name], value)
        if problem:
            raise ValueError(f"parameters: {name} = {value!r} in {path.name}: {problem} "
                             f"(default {known[name]!r})")
    return chosen


def _kind(v) -> str:
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, (int, float)):
        return "number"
    if isinstance(v, (list, tuple)):
        return "list"
    return type(v).__name__


def _type_problem(default, value) -> str | None:
    """Why ``value`` cannot replace ``default``, or None: the same kind of literal (an int
    may replace a float, not the reverse; a list's items like the default's items)."""
    kd, kv = _kind(default), _kind(value)
    if kd != kv:
        return f"expected a {kd}, got a {kv}"
    if kd == "number" and isinstance(default, int) and not isinstance(value, int):
        return "expected an integer"
    if kd == "list" and default:
        for item in value:
            inner = _type_problem(default[0], item)
            if inner:
                return f"list item {item!r}: {inner}"
    return None


def _normalise(nb) -> None:
    """Drop what changes from run to run (papermill's and timing metadata), number the
    cells, and join adjacent stream outputs of one name: how many pieces a cell's printed
    text arrives in depends on when the kernel flushes, which the load of the machine
    decides, not the notebook."""
    nb.metadata.pop("papermill", None)
    nb.metadata.pop("widgets", None)
    nb.metadata.pop("jupytext", None)
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{i}"
        cell.metadata.pop("papermill", None)
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            for out in cell.get("outputs", []):
                out.get("metadata", {}).pop("papermill", None)
            cell["outputs"] = _joined_streams(cell.get("outputs", []))


def _joined_streams(outputs: list) -> list:
    """``outputs`` with each run of adjacent stream outputs of one name (stdout, stderr)
    joined into one, as a reader sees them."""
    joined: list = []
    for out in outputs:
        last = joined[-1] if joined else None
        if (out.get("output_type") == "stream" and last is not None
                and last.get("output_type") == "stream" and last.get("name") == out.get("name")):
            last["text"] = "".join(last["text"]) + "".join(out["text"])
        else:
            joined.append(out)
    return joined


def _problems(nb) -> list[str]:
    from .checks import MIME

    found = []
    records = 0
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            records += MIME in out.get("data", {})
            if out.get("output_type") == "error":
                found.append(f"cell {i}: {out.get('ename')}: {out.get('evalue')}")
            elif out.get("output_type") == "stream" and out.get("name") == "stderr":
                found.append(f"cell {i}: stderr: {out.get('text', '')[:300]}")
    if not found and records != 1:
        # companion.checks.finish() displays the record once, after every check ran
        found.append(f"{records} checks records (need exactly one): a notebook ends with "
                     f"companion.checks.finish()")
    return found


def execute(path, *, parameters=None, quick=False, output_dir=None,
            progress: str = "lines", modules: list | None = None,
            figures: str | Path | None = None, checks: str | None = None) -> Path:
    """Execute one notebook and write its normalised copy; return the output path.
    ``progress``: ``"bar"`` (papermill's), ``"lines"`` (every 30 s) or ``"none"``;
    ``modules``: a list that receives the files of the checkout's modules the kernel
    imported; ``figures``: where the kernel writes figures and tables (default: as this
    process's environment says, :func:`companion.paths.output_dir`); ``checks``:
    ``"collect"`` to collect failing checks instead of stopping
    (:mod:`companion.checks`). Settings reach the kernel's environment only; this
    process's is left as it is."""
    import nbformat
    import papermill

    from .manifest import PACKAGES

    path = Path(path).resolve()
    nb = _read(path)
    nb.cells.append(nbformat.v4.new_code_cell(_MODULES_CELL % (_MODULES_MIME, PACKAGES,
                                                                _NAME_MIME)))
    params = resolve_parameters(path, nb, parameters or {}, quick)
    out_dir = Path(output_dir) if output_dir else path.parent / "executed"
    out_dir.mkdir(parents=True, exist_ok=True)
    settings = dict(_ENV)
    if figures is not None:
        settings[FIGURES_VARIABLE] = str(figures)
    if checks is not None:
        settings["RANKMEASURES_CHECKS"] = checks
    # papermill writes the notebook as far as it ran when a cell fails: keep that copy
    # for the reader, away from the committed outputs, and name it in the error
    failed = _failed_copy(path)
    failed.parent.mkdir(parents=True, exist_ok=True)
    hooks = _progress_hooks(path.name, len(nb.cells)) if progress == "lines" else {}
    try:
        executed = papermill.execute_notebook(
            nb, str(failed), parameters=params, kernel_name="python3", language="python",
            progress_bar=progress == "bar", cwd=str(path.parent),
            request_save_on_cell_execute=False,
            kernel_manager_class=_kernel_manager_class(settings), **hooks,
        )
    except Exception as exc:  # noqa: BLE001 - re-raised with the partial notebook named
        # a cell's exception by its name and message (a template's refusal of its
        # parameters reads as it was raised); the traceback is in the notebook kept
        what = (f"{exc.ename}: {exc.evalue}" if hasattr(exc, "ename")
                else f"{type(exc).__name__}: {exc}")
        raise NotebookFailed(f"{path.name}: {what}\n  the notebook as far as it ran: "
                             f"{failed}", failed) from None
    problems = _problems(executed)
    if problems:
        raise NotebookFailed(f"{path.name}: error output\n  " + "\n  ".join(problems)
                             + f"\n  the executed notebook: {failed}", failed)
    failed.unlink(missing_ok=True)
    last = executed.cells.pop()  # the modules cell: read, then dropped from the output
    found = [o["data"] for o in last.get("outputs", []) if _MODULES_MIME in o.get("data", {})]
    if modules is not None and found:
        modules.extend(found[0][_MODULES_MIME])
    name = found[0].get(_NAME_MIME) if found and output_dir else None
    if name is not None and not (isinstance(name, str) and _OUTPUT_NAME.match(name)):
        raise NotebookFailed(f"{path.name}: output_name: expected a file name of letters, "
                             f"digits, '_', '.' and '-', got {name!r}", failed)
    _normalise(executed)
    out = out_dir / f"{name or path.stem}.ipynb"
    nbformat.write(executed, str(out))
    return out


def _failed_copy(path: Path) -> Path:
    """Where a run's notebook is kept when it fails: ``scratch/failed/`` in the checkout
    (ignored by git), or beside the notebook outside a checkout."""
    root = root_of(path)
    base = (root / "scratch" / "failed") if root else path.parent
    return base / f"{path.stem}.{os.getpid()}.ipynb"  # parallel runs never share it


def _job(args):
    """One notebook in a pool worker: its output and its usage (the worker's and the
    kernel's CPU: the kernel is this process's child, reaped when the notebook ends)."""
    from .timing import usage

    path, params, quick, output_dir, progress, events, figures = args
    _EVENTS[0] = events
    print(f"  started {path.name}", flush=True)
    _emit("started", stem=path.stem)
    before = usage()
    modules: list = []
    out = execute(path, parameters=params, quick=quick, output_dir=output_dir,
                  progress=progress, modules=modules, figures=figures)
    return path, out, usage() - before, modules


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m companion.run",
                                description=__doc__.replace("``", "`").replace(
                                    ":mod:", ""),
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("notebooks", nargs="*", help="notebooks/NNN_*.py, a name (003_preference_"
                   "losses) or a number (003); default: all")
    p.add_argument("-p", nargs=2, action="append", default=[], metavar=("NAME", "VALUE"),
                   help="set a parameter: text when its default is a string, else a Python "
                        "literal (3, 0.5, [1000, 10000], True); a value starting with '-' "
                        "goes with a space before it: -p discount ' -1/r'")
    p.add_argument("--quick", action="store_true", help="the quick parameter set")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--output-dir", help="where executed notebooks go")
    p.add_argument("--force", action="store_true", help="run even if up to date")
    p.add_argument("--cheapest-first", action="store_true",
                   help="start the smallest notebooks first (the gate's --fail-fast), instead "
                        "of the longest first, which ends the pool soonest")
    p.add_argument("--events", type=int, metavar="FD",
                   help="write one JSON object per line to this open file descriptor: "
                        "started, progress, done (with output, wall and CPU seconds), "
                        "failed, skipped -- for a program running this one")
    return p


def _notebook_paths(book: Path, names: list[str]) -> list[Path]:
    """A notebook is named by its path, its stem ("001_learning_dcg") or its number
    ("001"), looked up in the checkout's ``notebooks/`` from any working directory; none
    named: all documents."""
    def find(n: str) -> Path:
        if Path(n).exists() or (book / f"{n}.py").exists():
            return Path(n) if Path(n).exists() else book / f"{n}.py"
        numbered = sorted(book.glob(f"{n}_*.py")) if re.fullmatch(r"\d{3}", n) else []
        return numbered[0] if len(numbered) == 1 else Path(n)
    paths = [find(n) for n in names]
    return paths or sorted(book.glob("[0-9]*.py"))


def _overrides(paths: list[Path], raw: dict, quick: bool) -> dict:
    """Each notebook's ``-p`` values, a Python literal unless the default is a string;
    unknown names and missing notebooks raise ValueError before any kernel starts."""
    overrides = {}
    for path in paths:
        if not path.exists():
            raise ValueError(f"no such notebook: {path}")
        nb = _read(path)
        known = notebook_parameters(nb)
        overrides[path] = {k: v if isinstance(known.get(k), str) else _parse_value(v)
                           for k, v in raw.items()}
        resolve_parameters(path.resolve(), nb, overrides[path], quick)
    return overrides


def _destinations(root: Path, canonical: bool, output_dir: str | None):
    """Where executed notebooks and figures go: the committed places only for the
    canonical run; a caller's figures directory (the gate's) is kept; an exploration run
    writes both to ``output_dir`` (default ``scratch/run``), away from committed outputs."""
    given = os.environ.get(FIGURES_VARIABLE)
    if canonical:
        return output_dir, str(root / "figures")
    if given:
        return output_dir, given
    output_dir = str(Path(output_dir).resolve() if output_dir else root / "scratch" / "run")
    figures = str(Path(output_dir) / "figures")
    print(f"exploration run: executed notebooks in {output_dir}, figures and tables in "
          f"{figures} (committed outputs untouched)", flush=True)
    return output_dir, figures


def _up_to_date(path: Path, params: dict) -> bool:
    """Whether the manifest records ``path``'s outputs as made from its present source,
    parameters and imported code (never recorded with its inputs: not up to date)."""
    from . import manifest

    files = manifest.recorded_inputs(path.stem)
    if files is None:
        return False
    key = manifest.input_key(files=files, notebook=path, parameters=params)
    prefix = path.stem.split("_")[0]
    return manifest.is_up_to_date(path.stem, key, (f"figures/{prefix}_",
                                                   f"notebooks/executed/{path.stem}."))


def _run_pool(jobs: list, workers: int, params_of: dict | None) -> int:
    """Run ``jobs`` on ``workers`` processes, report each end; with ``params_of`` (the
    canonical run) record each notebook's inputs in the manifest. The number failed."""
    from . import manifest

    failed = 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(_job, j): j[0] for j in jobs}
        for i, fut in enumerate(as_completed(futures), start=1):
            try:
                path, out, used, modules = fut.result()
                _emit("done", stem=path.stem, output=str(out), wall=used.wall, cpu=used.cpu)
                print(f"[{i}/{len(jobs)}] {path.name} -> {out} (wall {used.wall:.1f} s, "
                      f"CPU {used.cpu:.1f} s)", flush=True)
                if params_of is not None:
                    files = manifest.imported_files(modules)
                    manifest.update_manifest(
                        path.stem, parameters=params_of[path], inputs=files,
                        key=manifest.input_key(files=files, notebook=path,
                                               parameters=params_of[path]))
            except Exception as exc:  # noqa: BLE001 - reported, exit status says it
                failed += 1
                print(f"[{i}/{len(jobs)}] {futures[fut].name} FAILED: {exc}", flush=True)
                _emit("failed", stem=futures[fut].stem, error=str(exc)[-2000:])
    return failed


def main(argv=None) -> int:
    p = _parser()
    args = p.parse_args(argv)
    _EVENTS[0] = args.events
    root = checkout()
    paths = _notebook_paths(root / "notebooks", args.notebooks)
    if not paths:
        print("run: no notebooks")
        return 0
    raw = dict(args.p)
    try:
        overrides = _overrides(paths, raw, args.quick)
    except ValueError as exc:
        p.error(str(exc))
    # only the numbered documents have committed outputs; a template (variant_report) is
    # always an exploration run
    documents = all(path.stem[:3].isdigit() for path in paths)
    canonical = documents and not (args.quick or raw or args.output_dir
                                   or os.environ.get(FIGURES_VARIABLE))
    output_dir, figures = _destinations(root, canonical, args.output_dir)
    params_of = {path: notebook_parameters(_read(path)) for path in paths} if canonical \
        else None
    if canonical and not args.force:
        for path in [q for q in paths if _up_to_date(q, params_of[q])]:
            print(f"{path.name}: up to date (source, parameters and code unchanged)")
            _emit("skipped", stem=path.stem)
            paths.remove(path)
    # the longest notebooks first (source size as the proxy), so that the pool ends together
    paths.sort(key=lambda q: q.stat().st_size if args.cheapest_first else -q.stat().st_size)
    progress = "bar" if len(paths) == 1 and sys.stderr.isatty() else "lines"
    jobs = [(path, overrides[path], args.quick, output_dir, progress, args.events, figures)
            for path in paths]
    if not jobs:
        return 0
    return 1 if _run_pool(jobs, max(1, min(args.jobs, len(jobs))), params_of) else 0


if __name__ == "__main__":
    sys.exit(main())
