"""The reproducibility gate: regenerate every output and compare it with the committed one.

``python -m companion.gate write``
    writes ``figures/SHA256SUMS`` and refreshes the package versions in
    ``figures/manifest.json`` (:func:`companion.manifest.write`).
``python -m companion.gate check [--jobs N] [--keep DIR]``
    regenerates the claims report and every notebook at its committed parameters into a
    temporary directory (or ``DIR``) and compares them with the committed outputs in two
    ways, reported separately:

    *content* (must hold on any machine)
        every number within the tolerance declared where it was produced, every word
        equal (:mod:`companion.compare`); a failure names the file, the place, both
        values and the tolerance;
    *bytes* (determinism)
        every file byte-identical to ``SHA256SUMS``. Required when this machine is the
        one that made the outputs (same CPU model, numpy SIMD targets and BLAS kernel);
        on another machine the differing files are listed, with both machines, and do
        not fail the gate.

    It also fails when a committed file no longer matches its listed hash (changed by
    hand) or when a claim's outcome changes.

What each output was made from (hashes, input keys, the manifest) is recorded by
:mod:`companion.manifest`. The claims report's ``claims.md`` must be the rendering of its
``claims.json``: the gate asks the claims engine's own command for that rendering
(the script ``proofs_check/report.py``), so that the dependency between the two packages
points one way (the claims engine imports the companion, never the reverse).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from . import compare as C
from . import machine, threads, timing
from .manifest import (
    ROOT,
    SUMS,
    byte_differences,
    load_manifest,
    output_sums,
    read_sums,
    write,
)
from .paths import FIGURES_VARIABLE, entry_of, group_of
from .timing import Usage

__all__ = ["render_claims", "compare_outputs", "check", "main"]


def render_claims(rows: list) -> str:
    """``claims.md`` for the rows of a ``claims.json``, as the claims engine renders it: its
    script ``proofs_check/report.py`` reads the rows on stdin (the companion runs the
    claims engine as it runs notebooks, and never imports it)."""
    script = ROOT / "proofs_check" / "report.py"
    proc = subprocess.run([sys.executable, str(script)], input=json.dumps(rows),
                          capture_output=True, encoding="utf-8",
                          env=dict(os.environ, PYTHONIOENCODING="utf-8"))
    if proc.returncode:
        raise ValueError(f"{script.name} failed: {proc.stderr.strip()[-2000:]}")
    return proc.stdout


def compare_outputs(ref_root: Path, new_root: Path, names) -> list[str]:
    """Content differences (see :mod:`companion.compare`) of every output in ``names``
    between two trees laid out like the repository."""
    problems = []
    for name in sorted(names):
        problems += C.compare_file(name, ref_root, new_root, render_claims=render_claims)
    return problems


class _Runs:
    """The processes of one regeneration: the claims run, the notebook runner (which
    reports in JSON events on a pipe of its own; its printed lines go to a log) and the
    ``extra`` runs, each leading a session of its own, with one queue of what happens."""

    def __init__(self, root: Path, out: Path, jobs: int, cheapest_first: bool, extra):
        figs, executed = out / "figures", out / "notebooks" / "executed"
        figs.mkdir(parents=True, exist_ok=True)
        # parallel across processes, one thread in each (companion.threads)
        env = {**threads.single_threaded(), FIGURES_VARIABLE: str(figs)}
        self.t0 = time.perf_counter()
        self.logs = out / "gate-logs"
        self.logs.mkdir(exist_ok=True)
        self.events: queue.Queue = queue.Queue()
        read_end, write_end = os.pipe()
        nb_cmd = [sys.executable, "-m", "companion.run", "--force", "--output-dir",
                  str(executed), "--jobs", str(jobs), "--events", str(write_end)] + (
            ["--cheapest-first"] if cheapest_first else [])
        self.claims = self._start("claims", [sys.executable, "-m", "proofs_check", "--force"],
                                  root, env)
        self.notebooks = self._start("notebooks", nb_cmd, root, env, pass_fds=(write_end,))
        os.close(write_end)  # the runner and its pool hold the only writers
        self.others = {name: self._start(name.replace(" ", "_"), cmd, root, extra_env)
                       for name, cmd, extra_env in extra}
        threading.Thread(target=self._read_events, args=(read_end,), daemon=True).start()
        for name, proc in [("claims", self.claims), *self.others.items()]:
            threading.Thread(target=self._wait, args=(name, proc), daemon=True).start()

    def _start(self, log: str, cmd: list, root: Path, env: dict, pass_fds=()):
        with open(self.logs / f"{log}.log", "w") as out:  # the child holds its own copy
            return subprocess.Popen(cmd, cwd=root, env=env, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True,
                                    pass_fds=pass_fds)

    def _read_events(self, read_end: int) -> None:
        with os.fdopen(read_end, encoding="utf-8") as pipe:
            for line in pipe:
                self.events.put(("event", json.loads(line)))
        self.events.put(("exit", "notebooks", timing.wait(self.notebooks, self.t0)))

    def _wait(self, name: str, proc) -> None:
        self.events.put(("exit", name, timing.wait(proc, self.t0)))

    @property
    def procs(self) -> list:
        return [self.claims, self.notebooks, *self.others.values()]

    def log_of(self, name: str) -> str:
        return (self.logs / f"{name.replace(' ', '_')}.log").read_text()

    def watch(self, on_ready) -> tuple[dict[str, Usage], bool]:
        """Report each end as it comes; ``on_ready(entry)`` True stops every run. The
        time each piece took, and whether the runs were stopped."""
        times: dict[str, Usage] = {}
        running, stopped = len(self.procs), False
        while running:
            kind, *rest = self.events.get()
            if kind == "exit":
                running -= 1
                name, used = rest
                times[f"({name} run, in all)"] = used
                proc = self.others.get(name, self.claims if name == "claims" else None)
                if proc is not None and proc.returncode == 0 and not stopped:
                    print(f"  {'claims report' if name == 'claims' else name} "
                          f"({used.wall:.0f} s)", flush=True)
                    stopped = self._stop_if(on_ready, name)
                continue
            event = rest[0]
            stem = event.get("stem")
            if event["event"] == "done":
                times[stem] = Usage(float(event["wall"]), float(event["cpu"]), 0.0)
                print(f"  {stem} ({time.perf_counter() - self.t0:.0f} s)", flush=True)
                stopped = stopped or self._stop_if(on_ready, stem)
            elif event["event"] == "failed":
                print(f"  {stem} FAILED", flush=True)
            elif event["event"] == "progress":  # a long notebook's (every 30 s)
                print(f"    {stem}: cell {event['cell']} of {event['cells']} "
                      f"({event['wall']:.0f} s)", flush=True)
        return times, stopped

    def _stop_if(self, on_ready, entry: str) -> bool:
        if on_ready and on_ready(entry):
            _stop(self.procs)
            return True
        return False

    def succeeded(self) -> bool:
        """Whether every run ended well; the end of each failed run's log is printed."""
        ok = True
        for name, proc, log in (("proofs_check", self.claims, "claims"),
                                ("companion.run", self.notebooks, "notebooks"),
                                *((name, proc, name) for name, proc in self.others.items())):
            if proc.returncode:
                print(self.log_of(log)[-4000:])
                print(f"gate: {name} failed (exit status {proc.returncode})")
                ok = False
        return ok


def _regenerate(root: Path, out: Path, jobs: int, *, on_ready=None,
                cheapest_first: bool = False, extra=()) -> dict[str, Usage] | None:
    """The claims report and every notebook at its committed parameters, into ``out``
    (laid out like the repository); the time each took, or None when a run failed or was
    stopped. The claims run beside the notebooks, whose pool leaves a core idle at its end.

    ``on_ready(entry)`` is called as soon as the outputs of ``entry`` ("claims" or a
    notebook stem) are on disk; when it returns True the runs are stopped (``--fail-fast``).
    ``cheapest_first`` starts the notebooks in order of size (the cheapest outputs first),
    instead of the longest first, which ends the pool soonest. ``extra``: more runs, as
    ``(name, command, environment)``, started beside them (the cross-instruction-set
    runs); ``on_ready(name)`` is called when one ends well."""
    print("gate: regenerating the claims report and every notebook at its committed "
          "parameters ...", flush=True)
    runs = _Runs(root, out, jobs, cheapest_first, extra)
    times, stopped = runs.watch(on_ready)
    if stopped:
        print("gate: stopped at the first difference (--fail-fast)", flush=True)
        return None
    if not runs.succeeded():
        return None
    print(f"gate: ... regenerated in {time.perf_counter() - runs.t0:.0f} s", flush=True)
    return times


#: what the gate regenerates a second time under another instruction set (on the
#: gate's own outputs, not in the test suite): the claims whose evidence carries Monte Carlo,
#: quadrature and simulation (S004-L2 moves in its 12th digit between AVX-512 and SSE
#: paths), and notebook 002, the chaotic one (its NDCG-hinge ranker ends where the
#: optimiser's path, and so the last digits of the arithmetic, take it)
CROSS_CLAIMS = ("S004-L2", "S004-L4", "S004-L7", "S004-T3", "S004-T5", "S004-T4b", "S002-C1")
CROSS_NOTEBOOK = "002_textbook_ndcg_loss"


def other_instruction_set(environ=None) -> dict | None:
    """The environment that switches off every SIMD path numpy dispatches to on this CPU
    (numpy's own ``NPY_DISABLE_CPU_FEATURES``), or None when it runs its baseline only.
    Features the caller has already switched off (``NPY_DISABLE_CPU_FEATURES`` in
    ``environ``, default this process's) stay off: the list adds to the caller's. OpenBLAS's
    kernel is left as the machine sets it (``OPENBLAS_CORETYPE`` is for a manual run
    only)."""
    import numpy as np

    environ = os.environ if environ is None else environ
    # numpy's public report of its SIMD paths: "found" are the dispatched features this
    # CPU has (the baseline ones cannot be switched off: numpy refuses to start)
    available = list(np.show_config(mode="dicts").get("SIMD Extensions", {}).get("found", []))
    if not available:
        return None
    already = environ.get("NPY_DISABLE_CPU_FEATURES", "").replace(",", " ").split()
    return {"NPY_DISABLE_CPU_FEATURES": " ".join(dict.fromkeys([*already, *available]))}


def _cross_runs(root: Path, out: Path, isa: dict) -> list:
    """The runs of the cross-instruction-set check, into ``out / "cross"``."""
    cross = out / "cross"
    (cross / "figures").mkdir(parents=True, exist_ok=True)
    env = {**threads.single_threaded(), **isa, FIGURES_VARIABLE: str(cross / "figures")}
    claims = [sys.executable, "-m", "proofs_check", *(a for i in CROSS_CLAIMS for a in ("--id", i)),
              "--no-write", "--json", str(cross / "claims.json")]
    notebook = [sys.executable, "-m", "companion.run", CROSS_NOTEBOOK, "--output-dir",
                str(cross / "notebooks" / "executed")]
    probe = [sys.executable, "-c", "import json, sys; from companion import machine; "
             "open(sys.argv[1], 'w').write(json.dumps(machine.fingerprint()))",
             str(cross / "machine.json")]
    return [("cross-instruction-set claims", claims, env),
            ("cross-instruction-set notebook", notebook, env),
            ("cross-instruction-set probe", probe, env)]


def _cross_differences(out: Path, name: str) -> list[str]:
    """Differences beyond the declared tolerances between the gate's own outputs and those
    made under the other instruction set, for the run ``name`` of :func:`_cross_runs`."""
    cross = out / "cross"
    here = machine.fingerprint()
    if name.endswith("probe"):
        there = json.loads((cross / "machine.json").read_text())
        if not (there["numpy_simd"] and set(there["numpy_simd"]) < set(here["numpy_simd"])):
            return [f"cross-instruction-set: the switch did not take effect (numpy SIMD here "
                    f"{here['numpy_simd']}, there {there['numpy_simd']})"]
        return []
    if name.endswith("claims"):
        mine = {r["id"]: r for r in json.loads((out / "figures" / "claims.json").read_text())}
        theirs = json.loads((cross / "claims.json").read_text())
        found = C.compare_claims([mine[r["id"]] for r in theirs], theirs,
                                 "claims.json (another instruction set)")
        if sorted(r["id"] for r in theirs) != sorted(CROSS_CLAIMS):
            found.append("cross-instruction-set: not every claim was rerun")
    else:
        names = _names_of(CROSS_NOTEBOOK, set(output_sums(cross / "figures",
                                                          cross / "notebooks" / "executed")))
        if not any(n.endswith(".data.json") for n in names):
            return [f"cross-instruction-set: {CROSS_NOTEBOOK} produced no figure data"]
        found = compare_outputs(out, cross, names)
    return [f"under another instruction set: {line}" for line in found]


def _stop(procs) -> None:
    """End each run with every process it started (each leads a session of its own)."""
    for proc in procs:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGTERM)


def _print_times(times: dict[str, Usage]) -> None:
    """The wall and CPU time of the claims run and of each notebook: a notebook's
    CPU is its kernel's and its runner's; the notebooks' total adds the runner's start-up
    and the pool's (the notebooks run side by side, so their walls overlap)."""
    claims = times.get("(claims run, in all)")
    rows = [(k, v) for k, v in times.items() if not k.startswith("(")]
    rows += [("claims report (python -m proofs_check)", claims)] if claims else []
    rows.sort(key=lambda kv: -kv[1].wall)
    rows += [(k.strip("()"), v) for k, v in times.items() if k.startswith("(notebooks")]
    print("gate: time of each piece, in seconds   wall      CPU (user + sys)")
    for name, used in rows:
        print(f"  {name:<38} {used.wall:8.1f} {used.cpu:8.1f}")


def _names_of(entry: str, names) -> set[str]:
    return {n for n in names if group_of(n) == group_of(entry)}


def _byte_report(expected: dict, produced: dict, root: Path) -> tuple[list[str], dict]:
    """Byte differences split into those on the machine that made the outputs (a rerun is
    not deterministic) and those expected because the outputs were made elsewhere."""
    here = machine.fingerprint()
    outputs = load_manifest(root).get("outputs", {})
    determinism, elsewhere = [], {}
    for line in byte_differences(expected, produced):
        if not line.startswith("differs: "):
            continue  # missing and unlisted files are content problems already
        name = line.split()[1]
        made_on = outputs.get(entry_of(name, outputs) or "", {}).get("machine")
        if machine.differences(made_on, here):
            elsewhere.setdefault(machine.describe(made_on), []).append(name)
        else:
            determinism.append(line)
    return determinism, elsewhere


class _Comparer:
    """Compares the regenerated outputs with the committed ones as each entry is ready
    (``--fail-fast``), and each cross run with the gate's own outputs once both exist."""

    def __init__(self, root: Path, out: Path, expected: dict, extra: list):
        self.root, self.out, self.expected, self.extra = root, out, expected, extra
        self.ready: set[str] = set()
        self.compared: set[str] = set()

    def cross(self) -> list[str]:
        """Differences of each cross run whose counterpart among the gate's outputs is
        ready and that was not compared yet."""
        found = []
        for name, _, _ in self.extra:
            needs = ("claims" if name.endswith("claims") else
                     CROSS_NOTEBOOK if name.endswith("notebook") else name)
            if name in self.ready and needs in self.ready and name not in self.compared:
                self.compared.add(name)
                found += _cross_differences(self.out, name)
        return found

    def remaining_cross(self) -> list[str]:
        """Differences of the cross runs not compared during the run."""
        return [line for name, _, _ in self.extra if name not in self.compared
                for line in _cross_differences(self.out, name)]

    def first_difference(self, entry: str) -> bool:
        """``on_ready`` of :func:`_regenerate`: print what differs; True stops the runs."""
        self.ready.add(entry)
        found = [] if entry.startswith("cross") else [
            f"{entry}: {line}" for line in self._entry_differences(entry)]
        found += self.cross()
        for line in found:
            print(f"gate: {line}", flush=True)
        return bool(found)

    def _entry_differences(self, entry: str) -> list[str]:
        produced = output_sums(self.out / "figures", self.out / "notebooks" / "executed")
        names = _names_of(entry, set(self.expected) | set(produced))
        mine = {n: d for n, d in self.expected.items() if n in names}
        return compare_outputs(self.root, self.out, names) + _byte_report(
            mine, {n: d for n, d in produced.items() if n in names}, self.root)[0]


def _report(problems: list[str], determinism: list[str], elsewhere: dict, n: int) -> None:
    """The gate's verdict: content, then bytes (on this machine, then made elsewhere)."""
    here = machine.fingerprint()
    if problems:
        print(f"gate: content: {len(problems)} difference(s) beyond the declared tolerances:")
        for line in problems:
            print("  " + line)
    else:
        print(f"gate: content: all {n} outputs reproduce within their declared tolerances")
    if determinism:
        print(f"gate: bytes: {len(determinism)} file(s) differ on the machine that made them "
              f"({machine.describe(here)}), so a rerun is not deterministic:")
        for line in determinism:
            print("  " + line)
    elif not elsewhere:
        print(f"gate: bytes: all {n} outputs regenerated byte-identical")
    for made, names in elsewhere.items():
        print(f"gate: bytes: {len(names)} file(s) differ in bytes, expected: they were made "
              f"on another machine\n  made on: {made}\n  here:    {machine.describe(here)}")
        for name in names:
            print(f"    {name}")


def check(root: Path = ROOT, jobs: int | None = None, keep: Path | None = None,
          fail_fast: bool = False, cross: bool = True) -> int:
    """Regenerate and compare (see the module docstring); 0 when everything reproduces.

    With ``fail_fast`` the notebooks run cheapest first, each one's outputs are compared
    as soon as they are written, and the run stops at the first difference. With
    ``cross`` the claims of :data:`CROSS_CLAIMS` and notebook :data:`CROSS_NOTEBOOK` are
    made a second time with numpy's SIMD paths switched off and compared with the gate's
    own outputs under the declared tolerances: a cross-machine check on one machine."""
    expected = read_sums(root)
    if not expected:
        print(f"gate: {SUMS} is missing; run `make reproduce` first")
        return 1
    committed = output_sums(root / "figures", root / "notebooks" / "executed")
    problems = [f"committed file changed by hand: {line}"
                for line in byte_differences(expected, committed)]
    if problems and fail_fast:
        print("gate: " + problems[0])
        return 1
    with tempfile.TemporaryDirectory(prefix="gate-") as tmp:
        out = Path(keep) if keep else Path(tmp)
        isa = other_instruction_set() if cross else None
        extra = _cross_runs(root, out, isa) if isa else []
        comparer = _Comparer(root, out, expected, extra)
        times = _regenerate(root, out, jobs or os.cpu_count() or 1,
                            on_ready=comparer.first_difference if fail_fast else None,
                            cheapest_first=fail_fast, extra=extra)
        if times is None:
            return 1
        produced = output_sums(out / "figures", out / "notebooks" / "executed")
        problems += compare_outputs(root, out, set(expected) | set(produced))
        problems += comparer.remaining_cross()
        if cross and not isa:
            caller = os.environ.get("NPY_DISABLE_CPU_FEATURES")
            print("gate: numpy runs its baseline only here" + (
                f" (NPY_DISABLE_CPU_FEATURES={caller!r} set by the caller)" if caller else "")
                + ": no other instruction set to check against; the cross step is skipped")
    determinism, elsewhere = _byte_report(expected, produced, root)
    _report(problems, determinism, elsewhere, len(expected))
    _print_times(times)
    return 1 if problems or determinism else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m companion.gate", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", choices=("write", "check"))
    p.add_argument("--jobs", type=int, default=None,
                   help="notebooks run in parallel (default: the number of cores)")
    p.add_argument("--keep", type=Path, default=None,
                   help="regenerate into this directory and keep it (default: a temporary one)")
    p.add_argument("--no-cross", action="store_true",
                   help="skip the second run, under another instruction set, of the claims "
                        "and the notebook that carry chaotic or Monte Carlo numbers")
    p.add_argument("--fail-fast", action="store_true",
                   help="run the cheapest notebooks first, compare each one's outputs as soon "
                        "as they are written and stop at the first difference (default: the "
                        "full report)")
    args = p.parse_args(argv)
    if args.command == "write":
        print(f"wrote {write().relative_to(ROOT)}")
        return 0
    return check(jobs=args.jobs, keep=args.keep, fail_fast=args.fail_fast,
                 cross=not args.no_cross)


if __name__ == "__main__":
    sys.exit(main())
