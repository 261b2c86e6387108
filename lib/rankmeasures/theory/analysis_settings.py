"""The settings of a variant analysis (:class:`AnalysisSettings`) and the checks of the
settings' arguments, before any computation (a ValueError naming the argument):

* list lengths that are whole numbers from 2 (1 for the Monte Carlo) to ``1e300``
  (:func:`list_lengths`);
* a positive time budget (:func:`check_budget`), a number of workers ``>= 0``
  (:func:`check_workers`);
* a Monte Carlo request of at most 2e9 simulated documents per core (about a minute of
  simulation per core; one core in this process, the workers' cores with ``workers=``),
  its estimated cost named in the error (:func:`check_monte_carlo`), and a win-rate
  request of at most 4e8 scored objects (:func:`check_distinguish`).

Every random stream of an analysis derives from its seed by :func:`stream_seed`.
"""

from __future__ import annotations

import decimal
import math
import numbers
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._validation import check_int, check_real
from ._numbers import n_key

__all__ = ["AnalysisSettings", "N_MAX", "list_lengths", "check_budget", "check_workers",
           "check_monte_carlo", "check_distinguish", "MONTE_CARLO", "WIN_RATE",
           "stream_seed"]


@dataclass(frozen=True)
class AnalysisSettings:
    """How much of an analysis to compute, and with which seed: the arguments of
    :func:`~rankmeasures.theory.analysis.analyse` other than the variant itself (the
    discount, cut-off, relevance models and gain) and where it runs.

    Attributes
    ----------
    n_values : tuple of int
        n for the pseudo-expectation (2 to 1e300).
    mc_n : tuple of int
        n for the Monte Carlo confirmation, ``mc_draws`` draws each.
    mc_draws : int
    seed : int
        The root of every random stream of the analysis (:func:`stream_seed`).
    dps : int
        Decimal digits of the limits and pseudo-expectations.
    budget : float or None
        Seconds each step may take; None for no budget.
    dist_n : tuple of int
        n at which ``P[NDCG(f0) > NDCG(f1)]`` is estimated, from ``dist_draws`` samples.
    dist_draws : int

    Examples
    --------
    >>> AnalysisSettings(mc_n=(1000,), seed=3).mc_draws
    20
    """

    n_values: tuple = (10**3, 10**6, 10**100)
    mc_n: tuple = ()
    mc_draws: int = 20
    seed: int = 0
    dps: int = 30
    budget: float | None = 60.0
    dist_n: tuple = ()
    dist_draws: int = 200


#: the largest list length the analysis takes (the template's 10^max_exponent at most)
N_MAX = 10**300


def _show_n(nv) -> str:
    try:
        return n_key(nv)
    except OverflowError:
        return f"a number of {len(str(int(nv)))} digits"


def list_lengths(name: str, values: Any, minimum: int) -> tuple[int, ...]:
    """List lengths as exact integers in [minimum, 1e300]: a float is read as the decimal
    it was written as (``1e100`` is 10^100, not the double nearest it)."""
    if isinstance(values, str | bytes | dict) or not isinstance(values, Iterable):
        raise ValueError(f"{name}: expected a sequence of list lengths, got {values!r}")
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise ValueError(f"{name}: {v!r} is not a number; a list length n is a whole "
                             f"number from {minimum} to 1e300")
        if isinstance(v, numbers.Integral):
            nv = int(v)
        else:
            f = float(v)
            if not math.isfinite(f) or not f.is_integer():
                what = "finite" if not math.isfinite(f) else "a whole number"
                raise ValueError(f"{name}: n = {f!r} is not {what}; a list length n is a "
                                 f"whole number from {minimum} to 1e300")
            nv = int(decimal.Decimal(repr(f)))
        if not minimum <= nv <= N_MAX:
            raise ValueError(f"{name}: n = {_show_n(nv)} is outside [{minimum}, 1e300]; a "
                             f"list length n is a whole number from {minimum} to 1e300")
        out.append(nv)
    return tuple(out)


def check_budget(budget: Any) -> float | None:
    if budget is None:
        return None
    if isinstance(budget, numbers.Real) and not isinstance(budget, bool) and float(
            budget) == math.inf:
        return None
    return check_real("budget", budget, gt=0, why="seconds each step may take; None for "
                      "no budget")


def check_workers(workers: Any) -> Any:
    """None (this process) for None or 0; an int >= 1, an address or a client as given."""
    if workers is None:
        return None
    if isinstance(workers, bool):
        raise ValueError(f"workers: expected None, a number of local workers, a scheduler "
                         f"address or a distributed.Client, got {workers!r}")
    if isinstance(workers, numbers.Integral):
        if workers < 0:
            raise ValueError(f"workers: {workers} is not a number of worker processes; give "
                             "an integer >= 1 for local workers, 0 (or None) for this "
                             "process, or a scheduler address")
        return int(workers) or None
    if isinstance(workers, str) and not workers.strip():
        raise ValueError("workers: an empty scheduler address")
    return workers  # an address or a distributed.Client (connect checks the rest)


_MC_NS_PER_RANK = 12  # one simulated document, one core (benchmarks, cases (g) and (j))


_MC_MAX_WORK = 2 * 10**9  # n x draws per core: about a minute of simulation


def _duration(seconds: float) -> str:
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:.3g} {unit}"
    return f"{seconds:.3g} s"


def check_monte_carlo(mc_n: Any, mc_draws: int, *, cores: int = 1) -> None:
    """Each Monte Carlo size within ``cores`` x 2e9 simulated documents (ValueError with
    the estimated cost otherwise)."""
    check_int("mc_draws", mc_draws, min=2, why="a standard error needs two")
    for nv in mc_n:
        if isinstance(nv, bool) or not float(nv).is_integer() or nv < 1:
            raise ValueError(f"mc_n: {nv!r} is not a positive integer")
        work = float(nv) * mc_draws
        if work > _MC_MAX_WORK * cores:
            core_s = work * _MC_NS_PER_RANK * 1e-9
            raise ValueError(
                f"mc_n, mc_draws: n = {float(nv):.0e} x {mc_draws} draws = {work:.1e} "
                f"simulated documents ~ {core_s / 3600:.3g} core-hours at {_MC_NS_PER_RANK} "
                f"ns each: about {_duration(core_s / cores)} on {cores} "
                f"core{'s' if cores > 1 else ''}, above the limit of "
                f"{_MC_MAX_WORK * cores:.0e} ({_MC_MAX_WORK:.0e} a core, about a minute); "
                "lower n or the draws, or give more workers (workers=)")


_DIST_MAX_WORK = 4 * 10**8  # n x samples: about a minute of coupled samples and sorts


def check_distinguish(dist_n: Any, dist_draws: int) -> None:
    check_int("dist_draws", dist_draws, min=2)
    for nv in dist_n:
        if isinstance(nv, bool) or not float(nv).is_integer() or nv < 2:
            raise ValueError(f"dist_n: {nv!r} is not an integer >= 2")
        if float(nv) * dist_draws > _DIST_MAX_WORK:
            raise ValueError(f"dist_n, dist_draws: n = {float(nv):.0e} x {dist_draws} samples "
                             f"is above the limit of {_DIST_MAX_WORK:.0e} scored objects "
                             "(about a minute); lower either")


#: the purposes of the analysis' random streams, the first word of each spawn key
MONTE_CARLO, WIN_RATE = 1, 2


def stream_seed(seed: int, purpose: int, *key: int) -> int:
    """The seed of one random stream: 128 bits of ``np.random.SeedSequence(seed,
    spawn_key=(purpose, *key))``. Distinct (purpose, key) give distinct sequences, so the
    Monte Carlo at one n never reuses the draws of another n or of the win-rate samples
    (which ``seed + n`` and ``seed + 7919 i + n`` could).

    Examples
    --------
    >>> stream_seed(0, WIN_RATE, 10, 1) != stream_seed(0, WIN_RATE, 10 + 7919, 0)
    True
    """
    words = np.random.SeedSequence(seed, spawn_key=(purpose, *key)).generate_state(4)
    return int.from_bytes(words.astype("<u4").tobytes(), "little")
