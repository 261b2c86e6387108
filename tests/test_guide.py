"""The reading aids of the notebooks: the guide that opens each notebook (its
sentences from the claims' outcomes, or 005's from its conjectures' verdicts), and, in
every committed executed notebook of a document, at the top with the counts of the claims
report (figures/claims.json, written by the claims run); the box that closes each section
settling claims, consistent with the claims report."""

import json
from collections import Counter
from pathlib import Path

import pytest

from companion.guide import (
    BOX_TITLE,
    CLAIMS_LINK,
    PLACEHOLDER,
    claims_box,
    conjectures_guide,
    reading_guide,
)

ROOT = Path(__file__).resolve().parents[1]


def test_the_guide_by_hand():
    rows = [{"id": "A", "outcome": "verified"}, {"id": "B", "outcome": "erratum"},
            {"id": "C", "outcome": "verified"}, {"id": "D", "outcome": "not-checkable"}]
    text = reading_guide(rows, claims="The paper claims things.", surprise="B is wrong",
                         section="Where B is")
    assert text.splitlines()[0] == "**Reading guide.** The paper claims things."
    assert (f"Of its 4 claims in the catalogue (checked in this notebook) the companion "
            f"verified 2, corrected 1 (errata: [B]({CLAIMS_LINK})) and could not check 1 "
            "(definitions, or figures whose data are lost).") in text
    assert text.endswith("The most surprising finding, in the section *Where B is*: B is "
                         "wrong.")
    other = reading_guide(rows[:1], claims="x", surprise="y", section="z",
                          checked_here=False)
    assert "checked in the claims report, as the catalogue records them" in other
    assert "corrected none" in other
    with pytest.raises(ValueError, match="unknown outcomes"):
        reading_guide([{"id": "A", "outcome": "maybe"}], claims="", surprise="", section="")
    with pytest.raises(ValueError, match="empty"):
        reading_guide([], claims="", surprise="", section="")


def test_the_guide_counts_the_documents_claims_and_lists_the_companions_apart():
    rows = [{"id": "A", "kind": "document", "outcome": "verified"},
            {"id": "G", "kind": "document", "outcome": "proof-gap"},
            {"id": "N", "kind": "document", "outcome": "not-reproduced"},
            {"id": "H", "kind": "document", "outcome": "needs-assumption"},
            {"id": "P", "kind": "companion", "outcome": "verified"},
            {"id": "Q", "kind": "companion", "outcome": "verified"}]
    text = reading_guide(rows, claims="c.", surprise="s", section="t")
    assert (f"Of its 4 claims in the catalogue (checked in this notebook) the companion "
            f"verified 1, corrected none, found 1 true but not given by the document's proof "
            f"(proof gaps: [G]({CLAIMS_LINK})), found 1 true only under an added assumption "
            f"([H]({CLAIMS_LINK})) and did not confirm 1 under its own protocol "
            f"([N]({CLAIMS_LINK})).") in text
    assert (f"The companion adds 2 results of its own, not counted among the document's "
            f"claims ([P]({CLAIMS_LINK}): verified; [Q]({CLAIMS_LINK}): verified).") in text
    with pytest.raises(ValueError, match="no claim of the document"):
        reading_guide(rows[-1:], claims="", surprise="", section="")
    with pytest.raises(ValueError, match="unknown kinds"):
        reading_guide([{"id": "A", "kind": "mine", "outcome": "verified"}], claims="",
                      surprise="", section="")


def test_the_guide_says_what_verified_rests_on_and_why_claims_could_not_be_checked():
    rows = [{"id": "A", "outcome": "verified"}, {"id": "B", "outcome": "verified"},
            {"id": "D", "outcome": "not-checkable"}, {"id": "F", "outcome": "not-checkable"}]
    text = reading_guide(rows, claims="c.", surprise="s", section="t",
                         verified_basis=(["B"], "its limit only"),
                         not_checkable={"a definition": ["D"], "a lost figure": ["F"]})
    assert (f"the companion verified 2 (1 claim of them, [B]({CLAIMS_LINK}), verified on its "
            f"limit only), corrected none and could not check 2 (a definition: "
            f"[D]({CLAIMS_LINK}); a lost figure: [F]({CLAIMS_LINK})).") in text
    with pytest.raises(ValueError, match="not all verified"):
        reading_guide(rows, claims="", surprise="", section="", verified_basis=(["D"], "x"))
    with pytest.raises(ValueError, match="the claims not checkable are"):
        reading_guide(rows, claims="", surprise="", section="",
                      not_checkable={"a definition": ["D"]})


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
    own = [c for c in claims if c.get("kind", "document") == "document"]
    added = [c["id"] for c in claims if c.get("kind", "document") == "companion"]
    counts = Counter(c["outcome"] for c in own)
    assert f"Of its {len(own)} claim" in text
    assert f"verified {counts['verified']}" in text
    errata = [c["id"] for c in own if c["outcome"] == "erratum"]
    assert (f"corrected {len(errata)} (errata: " if errata else "corrected none") in text
    named = [c["id"] for c in own if c["outcome"] in ("erratum", "proof-gap",
                                                       "not-reproduced")]
    assert all(f"[{cid}]({CLAIMS_LINK})" in text for cid in named + added)
    assert ("The companion adds" in text) == bool(added)
    assert 3 <= len([line for line in text.split("\n\n") if line.strip()]) <= 6


def test_the_claims_box_by_hand():
    rows = [{"id": "S1", "outcome": "erratum", "where": "§2 Two — eq. (3)", "checked_here": True},
            {"id": "S2", "outcome": "verified", "where": "§2 Two — a|b", "checked_here": False}]
    text = claims_box(rows)
    assert text.splitlines()[:4] == [BOX_TITLE, "",
                                     "| claim | outcome | checked | in the document |",
                                     "|---|---|---|---|"]
    assert (f"| [S1]({CLAIMS_LINK}#S1) | erratum | in this notebook | §2 Two — eq. (3) |"
            in text)
    assert (f"| [S2]({CLAIMS_LINK}#S2) | verified | in the claims report | §2 Two — a\\|b |"
            in text)
    assert "| erratum | in this notebook |" in claims_box(rows[:1])
    # a claim the notebook's table of all claims checks further down in the same run
    later = claims_box([{**rows[1], "checked_below": True}])
    assert f"| [S2]({CLAIMS_LINK}#S2) | verified | below, in this notebook | §2 Two" in later
    with pytest.raises(ValueError, match="at least one claim"):
        claims_box([])
    with pytest.raises(ValueError, match="listed twice"):
        claims_box(rows[:1] * 2)
    with pytest.raises(ValueError, match="unknown outcomes"):
        claims_box([{**rows[0], "outcome": "maybe"}])
    mine = claims_box([{**rows[0], "id": "S3", "kind": "companion", "outcome": "verified"}])
    assert (f"| [S3]({CLAIMS_LINK}#S3) | verified | in this notebook | §2 Two — eq. (3) (the "
            "companion's own "
            "result) |") in mine


def test_the_conjectures_guide_by_hand():
    rows = [{"name": "a", "holds": False}, {"name": "b", "holds": True},
            {"name": "c, d", "holds": False}]
    text = conjectures_guide(rows, what="It tests.", surprise="c fails", section="C")
    assert text.split("\n\n") == [
        "**Reading guide.** It tests.",
        "Of its 3 conjectures the computations below confirmed 1 (b) and refuted 2 (a; c, d).",
        "The most surprising finding, in the section *C*: c fails."]
    with pytest.raises(ValueError, match="must be a bool"):
        conjectures_guide([{"name": "a", "holds": "no"}], what="", surprise="", section="")
    with pytest.raises(ValueError, match="no conjectures"):
        conjectures_guide([], what="", surprise="", section="")


def _executed(stem):
    (path,) = (ROOT / "notebooks" / "executed").glob(f"{stem}_*.ipynb")
    return json.loads(path.read_text())["cells"]


def test_005_opens_with_its_guide_built_from_its_verdicts():
    cells = _executed("005")
    first_code = next(c for c in cells if c["cell_type"] == "code")
    assert first_code is cells[1]
    text = "".join(first_code["outputs"][0]["data"]["text/markdown"])
    assert text.startswith("**Reading guide.**") and "Of its 5 conjectures" in text
    # the verdicts the notebook asserts: variant 1 counted under both its readings (its
    # constant reading holds, its order reading does not), every other conjecture false
    assert "confirmed 1 (variant 1 read as a constant" in text and "refuted 4" in text


@pytest.mark.parametrize("doc", ["000", "001", "002", "003", "004"])
def test_each_box_agrees_with_the_claims_report(doc):
    """Every claims box of a committed executed notebook lists claims of its document with
    the outcome and location of the claims report; no claim is in two boxes."""
    import re

    from proofs_check.report import location_text

    claims = {c["id"]: c for c in json.loads((ROOT / "figures" / "claims.json").read_text())}
    seen = []
    for cell in _executed(doc):
        for out in cell.get("outputs", []):
            text = "".join(out.get("data", {}).get("text/markdown", ""))
            if not text.startswith(BOX_TITLE):
                continue
            for cid, outcome, where in re.findall(
                    r"^\| \[([^\]]+)\]\([^)]+\) \| ([a-z-]+) \| in (?:this notebook|the claims "
                    r"report) \| (.+) \|$", text, re.M):
                assert cid.startswith(f"S{doc}-"), cid
                assert outcome == claims[cid]["outcome"], cid
                mark = (" (the companion's own result)"
                        if claims[cid].get("kind") == "companion" else "")
                assert where == location_text(claims[cid]["location"]) + mark, cid
                seen.append(cid)
    assert seen and len(seen) == len(set(seen)), seen
