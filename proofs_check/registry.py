"""The catalogue of checkable claims and the machinery that runs their checks.

A claim is declared once, next to its check, with :func:`claim`: an id of the form
``S<doc>-<letter><number>``, the document, the statement in our own words, and the outcome
recorded for it. A check returns a :class:`Result`; the runner compares its outcome with the
recorded one, so a regression (or a fix) in the library shows up as a changed outcome.

Outcomes, exactly one per claim:

``verified``
    the statement holds as printed (the evidence says how it was checked);
``erratum``
    the statement as printed fails, and the corrected statement holds (both shown);
``needs-assumption``
    true only under an assumption the document does not state (both sides shown);
``not-checkable``
    a definition, or a figure whose data is not available (the reason is given).

A check whose own computations contradict each other returns ``failed``: that is never a
recorded outcome, so the run exits non-zero.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["OUTCOMES", "Result", "Claim", "REGISTRY", "claim", "run_claim", "verdict"]

OUTCOMES = ("verified", "erratum", "needs-assumption", "not-checkable")


@dataclass
class Result:
    """What a check found.

    Attributes
    ----------
    outcome : str
        One of :data:`OUTCOMES`, or ``"failed"`` when the check's evidence is
        inconsistent (e.g. a printed statement fails and no correction holds either).
    method : str
        How it was checked: "sympy", "exhaustive (n <= 7)", "mpmath 40 digits", ...
    evidence : dict
        JSON-serialisable values: exact forms as strings, counterexamples, corrections.
    tolerance : dict
        The precision to which the evidence reproduces on another machine, by evidence
        field (``"*"``: every field not named); a value is a tolerance declaration of
        :mod:`companion.tolerance`. Fields not covered are numerical (relative 1e-9), which
        suits exact and deterministic evidence; a Monte Carlo or trained-model field whose
        computation is chaotic declares its standard error.
    """

    outcome: str
    method: str
    evidence: dict = field(default_factory=dict)
    tolerance: dict = field(default_factory=dict)


@dataclass
class Claim:
    id: str
    doc: str
    statement: str
    recorded: str
    check: Callable[[], Result]


REGISTRY: dict[str, Claim] = {}


def claim(cid: str, *, doc: str, statement: str, recorded: str):
    """Register ``check`` as the check of claim ``cid``."""
    if recorded not in OUTCOMES:
        raise ValueError(f"recorded: must be one of {OUTCOMES}, got {recorded!r}")

    def deco(fn):
        if cid in REGISTRY:
            raise ValueError(f"claim {cid} registered twice")
        REGISTRY[cid] = Claim(cid, doc, statement, recorded, fn)
        return fn

    return deco


def verdict(printed_holds: bool, corrected_holds: bool | None = None, *,
            assumption: bool = False) -> str:
    """Outcome from what the check established.

    ``printed_holds``: the statement as printed survived the check. When it did not,
    ``corrected_holds`` says whether the corrected (or assumption-qualified) statement
    did; ``assumption=True`` reports the correction as an unstated assumption.
    """
    if printed_holds:
        return "verified"
    if corrected_holds:
        return "needs-assumption" if assumption else "erratum"
    return "failed"


def run_claim(c: Claim) -> tuple[Result, float]:
    """Run one check; exceptions become a ``failed`` result with the error text."""
    t0 = time.perf_counter()
    try:
        res = c.check()
    except Exception as exc:  # noqa: BLE001 - reported, and the run exits non-zero
        res = Result("failed", "error", {"error": f"{type(exc).__name__}: {exc}"})
    return res, time.perf_counter() - t0
