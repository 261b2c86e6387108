"""The reading guide that opens each notebook (issue 28): what the document claims, how
many of its claims the companion verified, corrected or could not check, and where the
most surprising finding is.

A notebook displays a placeholder in its first cell after the title, ``guide =
display(Markdown(PLACEHOLDER), display_id=True)``, and fills it at its end, once its table
of claims has been computed in the run: ``guide.update(Markdown(reading_guide(...)))``
(Jupyter's display update: the executed notebook shows the guide at the top). The counts
and the list of errata come from the rows the notebook has just computed
(:func:`proofs_check.document_rows`); the sentence on the document and the pointer to the
finding are the notebook's own words.
"""

from __future__ import annotations

from collections import Counter

__all__ = ["PLACEHOLDER", "CLAIMS_LINK", "reading_guide"]

PLACEHOLDER = "*The reading guide is written when the notebook has run to its end.*"

#: the claims report, from ``notebooks/executed/`` (the HTML edition links its own page)
CLAIMS_LINK = "../../figures/claims.md"

_KNOWN = ("verified", "erratum", "needs-assumption", "not-checkable")


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def reading_guide(rows: list[dict], *, claims: str, surprise: str, section: str,
                  checked_here: bool = True) -> str:
    """The guide's Markdown, three to five lines.

    Parameters
    ----------
    rows : list of dict
        The notebook's table of claims (``id`` and ``outcome`` of each), computed in the
        run.
    claims : str
        What the document claims, in one sentence (the notebook's words).
    surprise, section : str
        The most surprising finding, and the title of the section that shows it.
    checked_here : bool
        Whether ``rows`` were computed in this run (:func:`proofs_check.document_rows`)
        or are the outcomes the catalogue records, which the claims run beside the
        notebook checks (:func:`proofs_check.recorded_rows`); the sentence says which.
    """
    if not rows:
        raise ValueError("rows: the notebook's table of claims is empty")
    counts = Counter(r["outcome"] for r in rows)
    unknown = sorted(set(counts) - set(_KNOWN))
    if unknown:
        raise ValueError(f"rows: unknown outcomes {unknown}")
    errata = [r["id"] for r in rows if r["outcome"] == "erratum"]
    parts = [f"verified {counts['verified']}"]
    if errata:
        links = ", ".join(f"[{cid}]({CLAIMS_LINK})" for cid in errata)
        parts.append(f"corrected {len(errata)} (errata: {links})")
    else:
        parts.append("corrected none")
    if counts["needs-assumption"]:
        parts.append(f"found {counts['needs-assumption']} true only under an added "
                     "assumption")
    parts.append(f"could not check {counts['not-checkable']} (definitions and notation)")
    where = ("checked in this notebook" if checked_here else
             "checked by the claims run beside this notebook, `python -m proofs_check`")
    tally = (f"Of its {_count(len(rows), 'claim')} in the catalogue ({where}) the companion "
             + ", ".join(parts[:-1]) + " and " + parts[-1] + ".")
    return "\n\n".join([f"**Reading guide.** {claims}", tally,
                        f"The most surprising finding, in the section *{section}*: "
                        f"{surprise}."])
