"""proofs_check: every checkable claim of the five documents, checked against the library.

Run ``python -m proofs_check`` (all claims; writes ``figures/claims.json`` and
``figures/claims.md``), ``--doc 003`` or ``--id S003-E7`` for a subset. Each document's
checks live in ``doc<NNN>`` (document 004's in a package, one module per part of the
paper); the results of the companion's own notebook 006 (beyond DCG; not claims of any
document) in ``results006``. :mod:`proofs_check.registry` holds the catalogue and
:mod:`proofs_check.report` renders the report.
"""

import importlib
import re
from collections.abc import Iterator, Mapping

from . import registry as _registry
from .registry import KINDS, OUTCOMES, Claim, Result, run_claim

#: the documents whose checks live in ``doc<NNN>``, in the catalogue's order
DOCUMENTS = ("000", "001", "002", "003", "004")
#: the companion's notebooks whose own results live in ``results<NNN>``, after the documents
NOTEBOOKS = tuple(_registry.RESULT_NOTEBOOKS)
_ID = re.compile(r"[SR](\d{3})-")


class _Catalogue(Mapping):
    """The claims by id, each document's checks imported when a claim of it is first
    asked for: a notebook that reads the claims of its own document imports that
    document's checks only, so the companion's input key of its outputs (the modules it
    imported) does not change when another document's checks do. Iteration imports every
    document and keeps the catalogue's order (document, then the order of its module)."""

    def _load(self, doc: str) -> None:
        if doc in DOCUMENTS:
            importlib.import_module(f"{__name__}.doc{doc}")
        elif doc in NOTEBOOKS:
            importlib.import_module(f"{__name__}.results{doc}")

    def _load_for(self, cid: object) -> None:
        m = _ID.match(cid) if isinstance(cid, str) else None
        if m:
            self._load(m.group(1))

    def __getitem__(self, cid: str) -> Claim:
        self._load_for(cid)
        return _registry.REGISTRY[cid]

    def __contains__(self, cid: object) -> bool:
        self._load_for(cid)
        return cid in _registry.REGISTRY

    def __iter__(self) -> Iterator[str]:
        order = DOCUMENTS + NOTEBOOKS
        for doc in order:
            self._load(doc)
        yield from sorted(_registry.REGISTRY,
                          key=lambda cid: order.index(_registry.REGISTRY[cid].doc))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def of(self, doc: str) -> list[Claim]:
        """The claims of one document, in its module's order (imports that document's
        checks only)."""
        self._load(doc)
        return [c for c in _registry.REGISTRY.values() if c.doc == doc]


REGISTRY = _Catalogue()

__all__ = ["DOCUMENTS", "NOTEBOOKS", "OUTCOMES", "KINDS", "REGISTRY", "Claim", "Result",
           "run_claim", "document_rows", "recorded_rows", "settled_rows"]


def document_rows(doc: str, done: dict[str, Result] | None = None) -> list[dict]:
    """Run every check of one document; rows of id, kind, statement, outcome, method.

    ``done``: results of this document's checks that the caller has already computed in
    this run (claim id -> the :class:`Result` of ``REGISTRY[id].check()``), reused instead
    of computed a second time (a notebook shows a check in its section, then the table of
    all of them)."""
    done = done or {}
    claims = REGISTRY.of(doc)
    unknown = sorted(set(done) - {c.id for c in claims})
    if unknown:
        raise ValueError(f"done: not claims of document {doc}: {unknown}")
    rows = []
    for c in claims:
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
            for c in REGISTRY.of(doc)]
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
    unknown = sorted(cid for cid in set(ids) if cid not in REGISTRY)
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
