"""The reading guide that opens each notebook (issue 28): its sentences from the claims'
outcomes, and, in every committed executed notebook of a document, at the top with the
counts of the claims report (figures/claims.json, written by the claims run)."""

import json
from collections import Counter
from pathlib import Path

import pytest

from companion.guide import CLAIMS_LINK, PLACEHOLDER, reading_guide

ROOT = Path(__file__).resolve().parents[1]


def test_the_guide_by_hand():
    rows = [{"id": "A", "outcome": "verified"}, {"id": "B", "outcome": "erratum"},
            {"id": "C", "outcome": "verified"}, {"id": "D", "outcome": "not-checkable"}]
    text = reading_guide(rows, claims="The paper claims things.", surprise="B is wrong",
                         section="Where B is")
    assert text.splitlines()[0] == "**Reading guide.** The paper claims things."
    assert (f"Of its 4 claims in the catalogue (checked in this notebook) the companion "
            f"verified 2, corrected 1 (errata: [B]({CLAIMS_LINK})) and could not check 1 "
            "(definitions and notation).") in text
    assert text.endswith("The most surprising finding, in the section *Where B is*: B is "
                         "wrong.")
    other = reading_guide(rows[:1], claims="x", surprise="y", section="z",
                          checked_here=False)
    assert "checked by the claims run beside this notebook" in other
    assert "corrected none" in other
    with pytest.raises(ValueError, match="unknown outcomes"):
        reading_guide([{"id": "A", "outcome": "maybe"}], claims="", surprise="", section="")
    with pytest.raises(ValueError, match="empty"):
        reading_guide([], claims="", surprise="", section="")


@pytest.mark.parametrize("doc", ["000", "001", "002", "003", "004"])
def test_each_document_notebook_opens_with_its_guide(doc):
    """The first code cell's output is the guide (not the placeholder), with the counts of
    the claims report for the document and every erratum named."""
    claims = [c for c in json.loads((ROOT / "figures" / "claims.json").read_text())
              if c["doc"] == doc]
    (path,) = (ROOT / "notebooks" / "executed").glob(f"{doc}_*.ipynb")
    nb = json.loads(path.read_text())
    cells = nb["cells"]
    assert cells[0]["cell_type"] == "markdown" and cells[0]["source"][0].startswith("# ")
    first_code = next(c for c in cells if c["cell_type"] == "code")
    assert first_code is cells[1]  # the first cell after the title
    text = "".join(first_code["outputs"][0]["data"]["text/markdown"])
    assert PLACEHOLDER not in text and text.startswith("**Reading guide.**")
    counts = Counter(c["outcome"] for c in claims)
    assert f"Of its {len(claims)} claims" in text
    assert f"verified {counts['verified']}" in text
    errata = [c["id"] for c in claims if c["outcome"] == "erratum"]
    assert (f"corrected {len(errata)} (errata: " if errata else "corrected none") in text
    assert all(f"[{cid}]({CLAIMS_LINK})" in text for cid in errata)
    assert 3 <= len([line for line in text.split("\n\n") if line.strip()]) <= 6
