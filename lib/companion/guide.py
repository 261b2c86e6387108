"""Reading aids of the notebooks: the guide that opens each notebook — what the
document claims, how many of its own claims the companion verified, corrected, found
unproved, true only under an added assumption, not reproduced or not checkable (the
results the companion adds, such as a missing proof, listed apart), and where the most
surprising finding is — and the box that closes each section
settling claims: their ids, outcomes and places in the document.

A notebook displays a placeholder in its first cell after the title, ``guide =
display(Markdown(PLACEHOLDER), display_id=True)``, and fills it at its end, once its table
of claims has been computed in the run: ``guide.update(Markdown(reading_guide(...)))``
(Jupyter's display update: the executed notebook shows the guide at the top). The counts
and the list of errata come from the rows the notebook has just computed
(:func:`proofs_check.document_rows`); the sentence on the document and the pointer to the
finding are the notebook's own words.

A section that settles claims ends with ``display(Markdown(claims_box(rows)))``, the rows
from :func:`proofs_check.settled_rows`; the HTML edition recognises the box by its first
line (:data:`BOX_TITLE`) and links each of its claims in the claims report back to it.
"""

from __future__ import annotations

from collections import Counter

__all__ = ["PLACEHOLDER", "CLAIMS_LINK", "BOX_TITLE", "LEGEND", "reading_guide",
           "conjectures_guide", "claims_box"]

PLACEHOLDER = "*The reading guide is written when the notebook has run to its end.*"

#: the claims report, from ``notebooks/executed/`` (the HTML edition links its own page)
CLAIMS_LINK = "../../figures/claims.md"

#: the first line of a claims box, by which the HTML edition finds it
BOX_TITLE = "**Claims settled in this section**"

#: the outcomes of the claims catalogue, in report order, each with the line that explains
#: it: the one definition, which the claims engine's report imports (the claims engine
#: imports the companion, never the reverse)
LEGEND = {
    "verified": "the statement holds as printed.",
    "erratum": "what the document prints is false (a statement, formula, value, step of a "
               "proof or cross-reference); the correction is shown and holds.",
    "proof-gap": "the statement holds, but the document's proof does not give it; the "
                 "missing piece is shown.",
    "needs-assumption": "true only under an assumption the document does not state.",
    "not-reproduced": "not confirmed under our protocol (its choices named in the "
                      "statement): no reading confirms the whole statement; the evidence "
                      "says whether any reading goes against it or the readings are only "
                      "unresolved.",
    "not-checkable": "a definition, or a figure whose data is not available.",
}
_KNOWN = tuple(LEGEND)


def _links(ids: list[str]) -> str:
    return ", ".join(f"[{cid}]({CLAIMS_LINK})" for cid in ids)


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def reading_guide(rows: list[dict], *, claims: str, surprise: str, section: str,
                  checked_here: bool = True, verified_basis: tuple[list[str], str] | None = None,
                  not_checkable: dict[str, list[str]] | None = None) -> str:
    """The guide's Markdown, three to five lines.

    Parameters
    ----------
    rows : list of dict
        The notebook's table of claims (``id``, ``outcome`` and ``kind`` of each), computed
        in the run. Only the document's own claims (``kind`` "document", the default) are
        counted; the companion's own results (``kind`` "companion") are listed apart.
    claims : str
        What the document claims, in one sentence (the notebook's words).
    surprise, section : str
        The most surprising finding, and the title of the section that shows it.
    checked_here : bool
        Whether ``rows`` were computed in this run (:func:`proofs_check.document_rows`)
        or are the outcomes the catalogue records, which the claims run beside the
        notebook checks (:func:`proofs_check.recorded_rows`); the sentence says which.
    verified_basis : (list of str, str), optional
        Verified claims whose "verified" rests on less than a check of the whole statement,
        and what it rests on (the notebook's words): the count names them and says so.
    not_checkable : dict, optional
        Why the claims that could not be checked could not be (the notebook's words, e.g.
        "a definition") -> their ids, every such claim under one reason; without it the
        count says "definitions, or figures whose data are lost".
    """
    if not rows:
        raise ValueError("rows: the notebook's table of claims is empty")
    unknown = sorted({r["outcome"] for r in rows} - set(_KNOWN))
    if unknown:
        raise ValueError(f"rows: unknown outcomes {unknown}")
    kinds = sorted({r.get("kind", "document") for r in rows} - {"document", "companion"})
    if kinds:
        raise ValueError(f"rows: unknown kinds {kinds}")
    own = [r for r in rows if r.get("kind", "document") == "document"]
    added = [r for r in rows if r.get("kind", "document") == "companion"]
    if not own:
        raise ValueError("rows: no claim of the document itself")
    counts = Counter(r["outcome"] for r in own)

    def ids(outcome):
        return [r["id"] for r in own if r["outcome"] == outcome]

    parts = [f"verified {counts['verified']}"]
    if verified_basis is not None:
        basis_ids, basis = verified_basis
        if not basis_ids or not set(basis_ids) <= set(ids("verified")):
            raise ValueError(f"verified_basis: {basis_ids} are not all verified claims")
        parts[0] += (f" ({_count(len(basis_ids), 'claim')} of them, {_links(basis_ids)}, "
                     f"verified on {basis})")
    errata = ids("erratum")
    parts.append(f"corrected {len(errata)} (errata: {_links(errata)})" if errata
                 else "corrected none")
    if counts["proof-gap"]:
        parts.append(f"found {counts['proof-gap']} true but not given by the document's "
                     f"proof (proof gaps: {_links(ids('proof-gap'))})")
    if counts["needs-assumption"]:
        parts.append(f"found {counts['needs-assumption']} true only under an added "
                     f"assumption ({_links(ids('needs-assumption'))})")
    if counts["not-reproduced"]:
        parts.append(f"did not confirm {counts['not-reproduced']} under its own protocol "
                     f"({_links(ids('not-reproduced'))})")
    if counts["not-checkable"] and not_checkable is None:
        parts.append(f"could not check {counts['not-checkable']} (definitions, or figures "
                     "whose data are lost)")
    elif counts["not-checkable"]:
        listed = sorted(c for group in not_checkable.values() for c in group)
        if listed != sorted(ids("not-checkable")):
            raise ValueError(f"not_checkable: lists {listed}, the claims not checkable are "
                             f"{sorted(ids('not-checkable'))}")
        parts.append(f"could not check {counts['not-checkable']} ("
                     + "; ".join(f"{why}: {_links(group)}"
                                 for why, group in not_checkable.items()) + ")")
    where = ("checked in this notebook" if checked_here else
             "checked in the claims report, as the catalogue records them")
    tally = (f"Of its {_count(len(own), 'claim')} in the catalogue ({where}) the companion "
             + ", ".join(parts[:-1]) + " and " + parts[-1] + ".")
    blocks = [f"**Reading guide.** {claims}", tally]
    if added:
        listed = "; ".join(f"[{r['id']}]({CLAIMS_LINK}): {r['outcome']}" for r in added)
        blocks.append(f"The companion adds {_count(len(added), 'result')} of its own, not "
                      f"counted among the document's claims ({listed}).")
    blocks.append(f"The most surprising finding, in the section *{section}*: {surprise}.")
    return "\n\n".join(blocks)


def conjectures_guide(rows: list[dict], *, what: str, surprise: str, section: str) -> str:
    """The guide of a notebook that tests conjectures instead of a document's claims
    (005): what it does, which conjectures the computations confirmed or refuted, and
    where the most surprising finding is.

    Parameters
    ----------
    rows : list of dict
        ``name`` of each conjecture and ``holds``, the verdict computed in the run (a
        bool).
    what : str
        What the notebook does, in one sentence.
    surprise, section : str
        The most surprising finding, and the title of the section that shows it.
    """
    if not rows:
        raise ValueError("rows: no conjectures")
    bad = [r["name"] for r in rows if not isinstance(r["holds"], bool)]
    if bad:
        raise ValueError(f"rows: the verdict 'holds' must be a bool for {bad}")
    held = [r["name"] for r in rows if r["holds"]]
    failed = [r["name"] for r in rows if not r["holds"]]
    parts = []
    if held:
        parts.append(f"confirmed {len(held)} ({'; '.join(held)})")
    if failed:
        parts.append(f"refuted {len(failed)} ({'; '.join(failed)})")
    tally = (f"Of its {_count(len(rows), 'conjecture')} the computations below "
             + " and ".join(parts) + ".")
    return "\n\n".join([f"**Reading guide.** {what}", tally,
                        f"The most surprising finding, in the section *{section}*: "
                        f"{surprise}."])


def claims_box(rows: list[dict]) -> str:
    """The box that closes a section settling claims: one line per claim, its id (linked
    to the claims report), outcome and location in the document.

    Parameters
    ----------
    rows : list of dict
        ``id``, ``outcome``, ``where`` (the location as text), ``checked_here``
        (whether the outcome was computed in this run) and, optionally, ``checked_below``
        (computed further down in this run, by the notebook's table of all claims); else
        it is the one the catalogue records and the claims run checks. As
        :func:`proofs_check.settled_rows` gives them.
    """
    if not rows:
        raise ValueError("rows: a claims box needs at least one claim")
    ids = [r["id"] for r in rows]
    if len(set(ids)) != len(ids):
        raise ValueError(f"rows: a claim listed twice in {ids}")
    unknown = sorted({r["outcome"] for r in rows} - set(_KNOWN))
    if unknown:
        raise ValueError(f"rows: unknown outcomes {unknown}")
    lines = [BOX_TITLE, "", "| claim | outcome | checked | in the document |",
             "|---|---|---|---|"]
    for r in rows:
        where = r["where"].replace("|", "\\|")
        if r.get("kind", "document") == "companion":
            where += " (the companion's own result)"
        checked = ("in this notebook" if r["checked_here"] else
                   "below, in this notebook" if r.get("checked_below") else
                   "in the claims report")
        lines.append(f"| [{r['id']}]({CLAIMS_LINK}#{r['id']}) | {r['outcome']} | {checked} "
                     f"| {where} |")
    return "\n".join(lines)
