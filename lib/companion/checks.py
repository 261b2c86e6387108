"""The checks of an executable paper: every assertion a notebook makes goes through here.

A notebook opens its checks with :func:`begin`, states each one with :func:`check` (a
condition that must hold: an exact identity, a closed form, a deterministic bound) or
:func:`within` (a statistical comparison, calibrated to its standard error), and ends with
:func:`finish`. Every check names its *site*, a string literal unique in the notebook.

Two promises follow, which a bare ``assert`` cannot keep:

* **No check that cannot run.** :func:`finish` reads the sources of every cell the kernel
  executed, finds every site written there, and fails unless each one ran -- or was
  declared skipped with :func:`skip` and a reason. A check in a branch never taken, or
  in a loop over an empty list, is a failure, not a silent pass.
* **No assertion that passes by luck.** The notebook declares, in :func:`begin`, how many
  statistical evaluations it makes (``statistical``) and the false-alarm probability of
  the whole run (``false_alarm``, 1e-3 by default). Each :func:`within` then allows
  ``q`` standard errors, ``q`` the two-sided (or one-sided) quantile of level
  ``false_alarm / statistical`` -- of Student's t when the standard error is estimated from
  ``dof + 1`` draws, else of the normal law -- so that, by Bonferroni's inequality, a run
  under any seed fails with probability at most ``false_alarm`` when every statement is
  true. :func:`finish` fails if more evaluations ran than were declared. Where a standard
error estimated from few draws cannot be trusted (a law that puts most of its mass on one
value), :func:`bounded` holds a mean of values in a known range to Hoeffding's inequality
at the same level, which needs no estimate of the spread.

With ``RANKMEASURES_CHECKS=collect`` in the environment (``make reseed``) a failing check
does not stop the notebook: the failures are collected and :func:`finish` lists them all.

:func:`finish` displays its record as ``application/vnd.rankmeasures.checks+json`` (read
by :mod:`companion.run`, which refuses an executed notebook without one) beside one
readable line.
"""

from __future__ import annotations

import ast
import math
import os
from dataclasses import dataclass, field

__all__ = ["MIME", "CheckFailed", "Within", "begin", "check", "within", "bounded",
           "mean_of_draws", "skip", "finish", "sites", "statistical_quantile"]

MIME = "application/vnd.rankmeasures.checks+json"
_NAMES = ("check", "within", "bounded", "mean_of_draws", "skip")


class CheckFailed(AssertionError):
    """A notebook check that does not hold (an AssertionError, as the assert it replaces)."""


@dataclass
class _State:
    notebook: str = ""
    false_alarm: float = 1e-3
    statistical: int = 0
    ran: dict = field(default_factory=dict)        # site -> times run
    skipped: dict = field(default_factory=dict)    # site -> reason
    evaluations: int = 0                           # statistical evaluations so far
    failures: list = field(default_factory=list)
    open: bool = False


_state = _State()


def _collect() -> bool:
    return os.environ.get("RANKMEASURES_CHECKS", "") == "collect"


def _site(site) -> str:
    if not isinstance(site, str) or not site:
        raise ValueError(f"site: need a non-empty string literal, got {site!r}")
    if not _state.open:
        raise RuntimeError(f"check {site!r}: call companion.checks.begin(...) first")
    return site


def begin(notebook: str, *, statistical: int = 0, false_alarm: float = 1e-3) -> None:
    """Open the checks of one notebook run.

    Parameters
    ----------
    notebook : str
        Its name, for the messages.
    statistical : int
        How many :func:`within` evaluations the run makes at most (count each call as
        often as it runs); their false-alarm budget is split equally among them.
    false_alarm : float
        The probability, under any seed, that a run whose statements all hold fails a
        statistical check (Bonferroni over ``statistical`` evaluations).
    """
    if isinstance(statistical, bool) or not isinstance(statistical, int) or statistical < 0:
        raise ValueError(f"statistical: need an integer >= 0, got {statistical!r}")
    if not 0 < false_alarm < 1:
        raise ValueError(f"false_alarm: need a probability in (0, 1), got {false_alarm!r}")
    global _state
    _state = _State(notebook=notebook, false_alarm=float(false_alarm),
                    statistical=statistical, open=True)


def _fail(message: str) -> None:
    _state.failures.append(message)
    if not _collect():
        raise CheckFailed(message)


def check(site: str, condition, message: str) -> bool:
    """An exact or deterministic check: ``condition`` must be true. Returns it."""
    site = _site(site)
    _state.ran[site] = _state.ran.get(site, 0) + 1
    ok = bool(condition)
    if not ok:
        _fail(f"{site}: {message}")
    return ok


def statistical_quantile(level: float, dof: float | None = None, *,
                         two_sided: bool = True) -> float:
    """The multiple of the standard error a deviation exceeds with probability ``level``:
    normal, or Student's t with ``dof`` degrees of freedom."""
    from scipy import stats

    tail = level / 2 if two_sided else level
    return float(stats.norm.isf(tail) if dof is None else stats.t.isf(tail, dof))


@dataclass(frozen=True)
class Within:
    """The outcome of one statistical check: the deviation in standard errors (for
    :func:`bounded`, in units of range / sqrt(n)), the allowed multiple ``q``, whether it
    held, and ``method``: ``"standard error"`` (:func:`within`) or ``"hoeffding"``
    (:func:`bounded`)."""

    z: float
    q: float
    ok: bool
    method: str = "standard error"

    def __bool__(self) -> bool:
        return self.ok


def _evaluation(site: str) -> float:
    """Count one statistical evaluation of ``site``; its false-alarm level (the run's,
    split over the declared evaluations)."""
    _state.ran[site] = _state.ran.get(site, 0) + 1
    _state.evaluations += 1
    if _state.statistical < 1:
        raise RuntimeError(f"{site}: a statistical check in a notebook that declared "
                           f"statistical=0 in begin()")
    return _state.false_alarm / _state.statistical


def within(site: str, estimate, target, se, *, dof: float | None = None,
           side: str = "two-sided", allowance: float = 0.0, what: str = "") -> Within:
    """A statistical check: ``estimate`` agrees with ``target`` within ``q`` standard
    errors (plus a proven deterministic ``allowance``, e.g. a bias bound).

    Parameters
    ----------
    estimate, target, se : float
        ``se`` > 0 is the standard error of ``estimate`` (or of the difference).
    dof : float, optional
        Degrees of freedom when ``se`` is estimated from the sample (Student's t); None
        when it is known (normal).
    side : {"two-sided", "below", "above"}
        ``"below"``: only ``estimate > target + ...`` fails (the estimate must not
        exceed the target); ``"above"``: only ``estimate < target - ...`` fails.
    allowance : float
        A deterministic margin added to ``q se``.
    what : str
        What is compared, for the message.
    """
    return _within(site, estimate, target, se, dof, side, allowance, what, share=1.0)


def _within(site, estimate, target, se, dof, side, allowance, what, *, share) -> Within:
    """:func:`within` at ``share`` of one evaluation's false-alarm level."""
    site = _site(site)
    if side not in ("two-sided", "below", "above"):
        raise ValueError(f"side: need 'two-sided', 'below' or 'above', got {side!r}")
    estimate, target, se = float(estimate), float(target), float(se)
    if not (math.isfinite(se) and se > 0) or not math.isfinite(estimate) or not math.isfinite(
            target) or not (allowance >= 0):
        raise ValueError(f"{site}: need finite estimate and target, se > 0, allowance >= 0; "
                         f"got {estimate!r}, {target!r}, {se!r}, {allowance!r}")
    level = _evaluation(site) * share
    q = statistical_quantile(level, dof, two_sided=side == "two-sided")
    dev = estimate - target
    signed = {"two-sided": abs(dev), "below": dev, "above": -dev}[side]
    z = (signed - allowance) / se
    ok = z <= q
    if not ok:
        _fail(f"{site}: {what or 'estimate'} {estimate:.6g} vs {target:.6g}: "
              f"{abs(dev) / se:.2f} standard errors ({side}, allowance {allowance:.3g}) "
              f"> {q:.2f} allowed at false-alarm level {level:.2g}")
    return Within(z=z, q=q, ok=ok)


def bounded(site: str, mean, target, value_range, n: int, *, allowance: float = 0.0,
            what: str = "") -> Within:
    """A statistical check that holds for any law of values in an interval of length
    ``value_range``: the mean of ``n`` independent draws agrees with their expectation
    ``target`` within ``value_range * sqrt(log(2 / level) / (2 n))`` (Hoeffding 1963,
    Theorem 2), plus a proven deterministic ``allowance``, ``level`` the run's
    per-evaluation false-alarm level; counted as one statistical evaluation. Returns a
    :class:`Within` whose ``z`` and ``q`` are the deviation (less the allowance) and the
    allowed deviation in units of ``value_range / sqrt(n)``."""
    return _bounded(site, mean, target, value_range, n, allowance, what, share=1.0)


def _bounded(site, mean, target, value_range, n, allowance, what, *, share) -> Within:
    """:func:`bounded` at ``share`` of one evaluation's false-alarm level."""
    site = _site(site)
    mean, target, value_range = float(mean), float(target), float(value_range)
    if not (math.isfinite(mean) and math.isfinite(target) and value_range > 0
            and allowance >= 0) or n < 1:
        raise ValueError(f"{site}: need finite mean and target, value_range > 0, n >= 1; "
                         f"got {mean!r}, {target!r}, {value_range!r}, {n!r}")
    level = _evaluation(site) * share
    q = math.sqrt(math.log(2 / level) / 2)
    z = (abs(mean - target) - allowance) / (value_range / math.sqrt(n))
    ok = z <= q
    if not ok:
        _fail(f"{site}: {what or 'mean'} {mean:.6g} vs {target:.6g}: beyond Hoeffding's "
              f"bound {q * value_range / math.sqrt(n):.3g} (values in a range of "
              f"{value_range:.3g}, {n} draws, false-alarm level {level:.2g})")
    return Within(z=z, q=q, ok=ok, method="hoeffding")


def mean_of_draws(site: str, draws, target, value_range, *, allowance: float = 0.0,
                  what: str = "") -> Within:
    """The mean of independent ``draws`` against their expectation ``target``: by
    :func:`within` with Student's t on the draws' own standard error, unless one value
    holds at least a quarter of the draws -- a law with most of its mass on one value,
    whose standard error a few draws misjudge (one draw off the atom makes it tiny) -- and
    then by :func:`bounded` from ``value_range``, the length of an interval holding every
    possible draw. Either way one statistical evaluation of this ``site``: as the test is
    chosen from the draws, a false alarm needs one of the two tests to fail, so each runs
    at half the evaluation's level and their sum stays within it."""
    import numpy as np

    d = np.asarray(draws, dtype=np.float64)
    _, counts = np.unique(d, return_counts=True)
    if d.size < 2 or 4 * int(counts.max()) >= d.size:
        return _bounded(site, float(d.mean()), target, value_range, d.size, allowance,
                        (what + "; " if what else "") + "an atom holds a quarter of the "
                        "draws: Hoeffding's bound", share=0.5)
    return _within(site, float(d.mean()), target, float(d.std(ddof=1)) / math.sqrt(d.size),
                   d.size - 1, "two-sided", allowance, what, share=0.5)


def skip(site: str, reason: str) -> None:
    """Declare that check ``site`` does not run in this run, and why (a declared branch)."""
    site = _site(site)
    if not isinstance(reason, str) or not reason.strip():
        raise ValueError(f"reason: need the reason check {site!r} does not run")
    _state.skipped[site] = reason


def sites(sources) -> set[str]:
    """The check sites written in some cell sources: the first argument of every call
    to ``check``, ``within`` or ``skip``, called by that name or as ``checks.<name>`` (a
    string literal). The sources are Python as
    IPython runs them (magics already turned into calls): one that does not parse is an
    error, never passed over; so are two ``check``/``within`` calls with one site."""
    found: dict[str, int] = {}
    for src in sources:
        try:
            tree = ast.parse(src)
        except SyntaxError as exc:
            raise ValueError(f"check sites: a cell does not parse ({exc.msg}, line "
                             f"{exc.lineno}); its sites cannot be found") from None
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Name):
                name = func.id  # from companion.checks import check
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
                    func.value.id == "checks":
                name = func.attr  # checks.check(...)
            else:
                continue  # another object's method, e.g. a claim's .check()
            if name not in _NAMES:
                continue
            first = node.args[0] if node.args else None
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                raise ValueError(f"check site: {name}(...) at line {node.lineno} needs a "
                                 f"string literal as its first argument")
            if name != "skip":
                found[first.value] = found.get(first.value, 0) + 1
            else:
                found.setdefault(first.value, 0)
    twice = sorted(s for s, c in found.items() if c > 1)
    if twice:
        raise ValueError(f"check sites written twice: {twice}")
    return set(found)


def _executed_sources() -> list[str]:
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        raise RuntimeError("finish: outside IPython, pass sources=")
    return [s for s in shell.user_ns.get("In", []) if s]


def finish(sources=None, *, display: bool = True) -> dict:
    """Close the checks: every site written in the executed cells (``sources``, default
    IPython's ``In``) ran or was skipped with a reason; no more statistical evaluations
    than declared; no collected failure. Returns (and displays) the record."""
    if not _state.open:
        raise RuntimeError("finish: call companion.checks.begin(...) first")
    written = sites(_executed_sources() if sources is None else sources)
    never = sorted(written - set(_state.ran) - set(_state.skipped))
    problems = list(_state.failures)
    if never:
        problems.append(f"checks that never ran (and were not declared skipped): {never}")
    if _state.evaluations > _state.statistical:
        problems.append(f"{_state.evaluations} statistical evaluations ran, {_state.statistical}"
                        f" declared in begin(): the false-alarm budget does not hold")
    record = {
        "notebook": _state.notebook, "sites": len(written),
        "ran": sorted(_state.ran), "skipped": dict(sorted(_state.skipped.items())),
        "statistical": {"declared": _state.statistical, "ran": _state.evaluations,
                        "false_alarm": _state.false_alarm},
        "failures": problems, "complete": not problems,
    }
    _state.open = False
    if display:
        from IPython.display import display as show

        level = _state.false_alarm / max(_state.statistical, 1)
        # the reader of the plain line sees which checks did not run, and why
        skipped = "; ".join(f"{site}, because {reason}"
                            for site, reason in sorted(_state.skipped.items()))
        text = (f"{_state.notebook}: {len(_state.ran)} of {len(written)} check sites ran "
                f"({len(_state.skipped)} declared skipped{': ' if skipped else ''}{skipped}); "
                f"{_state.evaluations} "
                f"statistical evaluations, each at false-alarm level {level:.2g} "
                f"(the whole run at most {_state.false_alarm:g})")
        show({MIME: record, "text/plain": text}, raw=True)
    if problems:
        raise CheckFailed(f"{_state.notebook}: " + "; ".join(problems))
    return record
