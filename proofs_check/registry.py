"""The catalogue of checkable claims and the machinery that runs their checks.

A claim is declared once, next to its check, with :func:`claim`: an id of the form
``S<doc>-<letter><number>`` (``R<notebook>-<number>`` for a result of the companion's
notebook), the document, where the claim stands in it (a
:class:`Location`: a reference, never the document's text), the statement in our own words,
and the outcome recorded for it. A check returns a :class:`Result`; the runner compares its
outcome with the recorded one, so a regression (or a fix) in the library shows up as a
changed outcome.

Outcomes, exactly one per claim, decided by a rule (:data:`LEGEND` holds the one-line
explanation the reports print once):

``verified``
    the statement holds as printed (the evidence says how it was checked); a proof with a
    slip whose intended argument goes through as read (a mistyped symbol) stays verified,
    the slip noted in the evidence;
``erratum``
    what the document prints is false -- a theorem, lemma, formula, example value, a step
    of a proof taken as its own claim, a cross-reference -- and the corrected statement
    holds (both shown). A claim is judged on its own subject: a false step of a proof is
    an erratum of that step, whether or not the result it serves survives;
``proof-gap``
    the statement holds (checked), but the document's proof does not give it: a step
    drops a term or a case, and the argument as written proves less than it states (the
    missing piece shown);
``needs-assumption``
    true only under an assumption the document does not state (both sides shown);
``not-reproduced``
    an empirical result (a figure, a trend, an experiment) not confirmed under our own
    protocol, whose choices are named in the claim's statement: no reading confirms the
    whole statement; the evidence says whether any reading goes against it or the
    readings are only unresolved. Not by itself evidence that the document is wrong;
``not-checkable``
    a definition, or a figure whose data is not available (the reason is given).

Each claim has a ``kind``: ``"document"``, a statement of the document;
``"companion"``, a result the companion adds to a document (a missing proof, completed);
or ``"companion-result"``, a result of the companion's own notebook that no document states
(notebook 006's results beyond DCG), located in that notebook (``doc`` names the notebook,
:data:`RESULT_NOTEBOOKS`) and carrying its ``proof`` status (:data:`PROOF_STATUSES`: proved,
a proof sketch, or a stated proof gap), beside the outcome of its check. Reading guides
count only the document's own claims and list the companion's apart; the report lists the
companion's results in a section of their own.

A check whose own computations contradict each other returns ``failed``: that is never a
recorded outcome, so the run exits non-zero.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .report import LEGEND, PROOF_STATUSES, location_text

__all__ = ["OUTCOMES", "KINDS", "LEGEND", "PAGINATION", "RESULT_NOTEBOOKS", "PROOF_STATUSES",
           "Location", "Result", "Claim", "REGISTRY", "claim", "run_claim", "verdict",
           "t_multiple"]

#: the outcomes, in the order the reports list them
OUTCOMES = tuple(LEGEND)

#: whose statement a claim is: the document's, a result the companion adds to a document,
#: or a result of the companion's own notebook (no document states it)
KINDS = ("document", "companion", "companion-result")

#: the companion's notebooks whose own results are catalogued (``kind="companion-result"``,
#: ``doc`` the notebook's number), with the notebook's title
RESULT_NOTEBOOKS = {"006": "Beyond DCG"}

#: how far a companion result is proved (defined in :mod:`.report`, which counts them)


#: which texts carry page numbers: a :class:`Location` gives a page only where the text the
#: companion follows shows one, never a guessed one
PAGINATION = {
    "000": "the arXiv text, which has no page breaks",
    "001": "the text has no page breaks",
    "002": "the book's page header '240' opens the excerpt; no later page mark survives",
    "003": "a slide deck; its slides are titled but not numbered",
    "004": "the arXiv version with appendices, as HTML text: no page breaks",
}


@dataclass(frozen=True)
class Location:
    """Where a claim stands in its document: a reference to find the original sentence.

    Attributes
    ----------
    section : str
        The section's number and title as the document prints them ("3.3 Cut-off
        Versions of NDCG", "Appendix B ..."); for the slides, the agenda part.
    item : str
        The numbered statement, equation, figure or slide ("Theorem 7", "eq. (15), in
        the proof of Lemma 2", "slide 'Kendall's Distance'").
    page : int or None
        The page, only where the text the companion follows shows it
        (:data:`PAGINATION`).
    """

    section: str
    item: str
    page: int | None = None

    def __post_init__(self):
        if not self.section or not self.item:
            raise ValueError("Location: section and item must both be given")
        if self.page is not None and (not isinstance(self.page, int) or self.page < 1):
            raise ValueError(f"Location: page must be a positive integer, got {self.page!r}")

    def __str__(self) -> str:
        return location_text(self.as_dict())

    def as_dict(self) -> dict:
        """The JSON form, as ``claims.json`` holds it."""
        return {"section": self.section, "item": self.item, "page": self.page}


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
    """One entry of the catalogue: ``kind`` is ``"document"`` (a statement of the
    document), ``"companion"`` (a result the companion adds, e.g. a missing proof) or
    ``"companion-result"`` (a result of the companion's notebook ``doc``, with its
    ``proof`` status)."""

    id: str
    doc: str
    statement: str
    recorded: str
    check: Callable[[], Result]
    at: Location
    kind: str = "document"
    proof: str | None = None


REGISTRY: dict[str, Claim] = {}


def claim(cid: str, *, doc: str, statement: str, recorded: str, at: Location,
          kind: str = "document", proof: str | None = None):
    """Register ``check`` as the check of claim ``cid``, which stands ``at`` its place in
    document ``doc``; ``kind="companion"`` for a result the companion adds to it.
    ``kind="companion-result"``: a result of the companion's notebook ``doc``
    (:data:`RESULT_NOTEBOOKS`), ``at`` its section and numbered result there, ``proof``
    its status (:data:`PROOF_STATUSES`)."""
    if kind not in KINDS:
        raise ValueError(f"kind: must be one of {KINDS}, got {kind!r}")
    if recorded not in OUTCOMES:
        raise ValueError(f"recorded: must be one of {OUTCOMES}, got {recorded!r}")
    if not isinstance(at, Location):
        raise ValueError(f"at: must be a Location, got {type(at).__name__}")
    if kind == "companion-result":
        if doc not in RESULT_NOTEBOOKS:
            raise ValueError(f"doc: not a notebook with results of its own {doc!r} "
                             f"(known: {sorted(RESULT_NOTEBOOKS)})")
        if at.page is not None:
            raise ValueError("at: a notebook's result has a section, not a page")
        if proof not in PROOF_STATUSES:
            raise ValueError(f"proof: must be one of {PROOF_STATUSES}, got {proof!r}")
    else:
        if doc not in PAGINATION:
            raise ValueError(f"doc: unknown document {doc!r}")
        if proof is not None:
            raise ValueError("proof: only a companion-result has a proof status")

    def deco(fn):
        if cid in REGISTRY:
            raise ValueError(f"claim {cid} registered twice")
        REGISTRY[cid] = Claim(cid, doc, statement, recorded, fn, at, kind, proof)
        return fn

    return deco


def t_multiple(draws: int, readings: int, level: float) -> float:
    """The multiple of its standard error a Monte Carlo reading may stray: Student's t,
    two-sided, ``draws - 1`` degrees of freedom, at ``level`` split equally over a claim's
    ``readings`` (Bonferroni), so that the claim's readings fail together with probability
    at most ``level`` under any seed."""
    from scipy import stats

    return float(stats.t.isf(level / (2 * readings), draws - 1))


def verdict(printed_holds: bool, corrected_holds: bool | None = None, *,
            assumption: bool = False, proof_holds: bool | None = None,
            protocol: bool = False) -> str:
    """Outcome from what the check established, by the rules of the module docstring.

    ``printed_holds``: the statement as printed survived the check. When it did,
    ``proof_holds=False`` says the document's proof does not give it (``proof-gap``).
    When it did not, ``corrected_holds`` says whether the corrected (or
    assumption-qualified) statement did; ``assumption=True`` reports the correction as an
    unstated assumption. ``protocol=True`` marks an empirical result checked under our own
    protocol: one not confirmed is ``not-reproduced``, not an erratum.
    """
    if printed_holds:
        return "proof-gap" if proof_holds is False else "verified"
    if protocol:
        return "not-reproduced"
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
