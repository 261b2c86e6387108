"""proofs_check: every checkable claim of the five documents, checked against the library.

Run ``python -m proofs_check`` (all claims; writes ``figures/claims.json`` and
``figures/claims.md``), ``--doc 003`` or ``--id S003-E7`` for a subset. Each document's
checks live in ``doc<NNN>`` (document 004's in a package, one module per part of the
paper); :mod:`proofs_check.registry` holds the catalogue and :mod:`proofs_check.report`
renders the report.
"""

from . import doc000, doc001, doc002, doc003, doc004  # noqa: F401  (registers the checks)
from .registry import OUTCOMES, REGISTRY, Claim, Result, run_claim

__all__ = ["OUTCOMES", "REGISTRY", "Claim", "Result", "run_claim", "document_rows",
           "recorded_rows"]


def document_rows(doc: str, done: dict[str, Result] | None = None) -> list[dict]:
    """Run every check of one document; rows of id, statement, outcome, method.

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
            rows.append({"id": c.id, "statement": c.statement, "outcome": res.outcome,
                         "recorded": c.recorded, "method": res.method})
    return rows


def recorded_rows(doc: str) -> list[dict]:
    """The outcome the catalogue records for each claim of one document (rows of id and
    outcome), which the claims run (``python -m proofs_check``, beside the notebooks in
    ``make reproduce`` and in the gate) checks: for a notebook that does not rerun every
    check of its document (001's simulations, 004's high-precision limits)."""
    rows = [{"id": c.id, "outcome": c.recorded} for c in REGISTRY.values() if c.doc == doc]
    if not rows:
        raise ValueError(f"doc: no claims of document {doc!r}")
    return rows
