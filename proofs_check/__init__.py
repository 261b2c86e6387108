"""proofs_check: every checkable claim of the five documents, checked against the library.

Run ``python -m proofs_check`` (all claims; writes ``figures/claims.json`` and
``figures/claims.md``), ``--doc 003`` or ``--id S003-E7`` for a subset. Each document's
checks live in ``doc<NNN>`` (document 004's in a package, one module per part of the
paper); :mod:`proofs_check.registry` holds the catalogue and :mod:`proofs_check.report`
renders the report.
"""

from . import doc000, doc001, doc002, doc003, doc004  # noqa: F401  (registers the checks)
from .registry import KINDS, OUTCOMES, REGISTRY, Claim, Result, run_claim

__all__ = ["OUTCOMES", "KINDS", "REGISTRY", "Claim", "Result", "run_claim", "document_rows",
           "recorded_rows", "settled_rows"]


def document_rows(doc: str, done: dict[str, Result] | None = None) -> list[dict]:
    """Run every check of one document; rows of id, kind, statement, outcome, method.

    ``done``: results of this document's checks that the caller has already computed in
    this run (claim id -> the :class:`Result` of ``REGISTRY[id].check()``), reused instead
    of computed a second time (a notebook shows a check in its section, then the table of
    all of them)."""
    done = done or {}
    unknown = sorted(set(done) - {c.id for c in REGISTRY.values() if c.doc == doc})
    if unknown:
        raise ValueError(f"done: not claims of document {doc}: {unknown}")
    rows = []
    for c in REGISTRY.values():
        if c.doc == doc:
            res = done[c.id] if c.id in done else run_claim(c)[0]
            if not isinstance(res, Result):
                raise ValueError(f"done: {c.id} is not a Result")
            rows.append({"id": c.id, "kind": c.kind, "statement": c.statement,
                         "outcome": res.outcome, "recorded": c.recorded,
                         "method": res.method})
    return rows


def recorded_rows(doc: str) -> list[dict]:
    """The outcome the catalogue records for each claim of one document (rows of id, kind
    and outcome), which the claims run (``python -m proofs_check``, beside the notebooks in
    ``make reproduce`` and in the gate) checks: for a notebook that does not rerun every
    check of its document (001's simulations, 004's high-precision limits)."""
    rows = [{"id": c.id, "kind": c.kind, "outcome": c.recorded}
            for c in REGISTRY.values() if c.doc == doc]
    if not rows:
        raise ValueError(f"doc: no claims of document {doc!r}")
    return rows


def settled_rows(ids: list[str], done: dict[str, Result] | list[dict] | None = None, *,
                 below: bool = False) -> list[dict]:
    """The claims a notebook section settles, for its box (:func:`companion.guide.claims_box`):
    rows of id, kind, outcome, location (``where``, as text), ``checked_here`` and
    ``checked_below``.

    ``done``: the results of those checks the notebook ran (claim id -> :class:`Result`),
    or the rows of :func:`document_rows` it computed for the whole document; a claim
    without one shows the outcome the catalogue records, which the claims run checks. A
    result that differs from the recorded outcome is an error here, as it is in the
    claims run."""
    if isinstance(done, list):
        done = {r["id"]: r for r in done}
    else:
        done = done or {}
        stray = sorted(set(done) - set(ids))
        if stray:
            raise ValueError(f"done: results of claims not listed in ids: {stray}")
    unknown = sorted(set(ids) - set(REGISTRY))
    if unknown:
        raise ValueError(f"ids: unknown claims {unknown}")
    rows = []
    for cid in ids:
        c = REGISTRY[cid]
        res = done.get(cid)
        outcome = (c.recorded if res is None else
                   res.outcome if isinstance(res, Result) else res["outcome"])
        if outcome != c.recorded:
            raise ValueError(f"done: {cid} found {outcome!r}, the catalogue records "
                             f"{c.recorded!r}")
        rows.append({"id": cid, "kind": c.kind, "outcome": outcome, "where": str(c.at),
                     "checked_here": cid in done,
                     "checked_below": below and cid not in done})
    return rows
