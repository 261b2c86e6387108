"""The command's ``--format trec_eval`` against trec_eval 10's own output, every line, on
seeded random collections (tests/trec_eval_collections.py: ties, negative grades,
unjudged and never-retrieved documents, a query ``-J`` empties), under ``-m all_trec -q``
plain and with ``-c``, ``-J``, ``-l 2`` and ``-M 17``; and summaries whose means sit on a
rounding boundary of trec_eval's ``%6.4f``, built by hand."""

import io
from fractions import Fraction

import numpy as np
import pytest
from trec_eval_collections import (
    BOUNDARY_SEEDS,
    CONFIGS,
    OUTPUTS,
    SEEDS,
    boundary_collection,
    stored,
    written,
)

from rankmeasures.trec.cli import run as cli
from rankmeasures.trec.results import trec_summary


@pytest.mark.parametrize("config", list(CONFIGS))
def test_every_line_is_trec_evals(config, tmp_path):
    want = stored(config)
    assert sorted(want) == list(SEEDS)
    differ = []
    for seed in SEEDS:
        q, r = written(seed, config, tmp_path)
        out = io.StringIO()
        assert cli(["-m", "all_trec", "-q", *CONFIGS[config], str(q), str(r),
                    "--format", "trec_eval"], out=out) == 0
        ours, theirs = out.getvalue().splitlines(), want[seed].splitlines()
        assert len(ours) == len(theirs), (seed, config)
        differ += [(seed, a, b) for a, b in zip(ours, theirs, strict=True) if a != b]
    assert differ == [], differ[:5]


def test_the_stored_outputs_hold_the_cases_they_are_for():
    """A test with teeth: the stored outputs hold ``-nan`` summaries under -J (a query
    emptied of its documents), and every measure of all_trec."""
    nan_summaries = [line for text in stored("J").values() for line in text.splitlines()
                     if line.endswith("\tall\t  -nan")]
    assert {x.split()[0] for x in nan_summaries} >= {"iprec_at_recall_0.00", "11pt_avg"}
    plain = {x.split()[0] for x in stored("plain")[0].splitlines()}
    assert plain >= {"runid", "map", "gm_map", "ndcg_cut_1000", "P_500", "relstring",
                     "num_nonrel_judged_ret", "rbp_resid", "unj_20"}


def test_means_on_a_rounding_boundary_print_as_trec_evals(tmp_path):
    """Hand-built collections (:func:`boundary_collection`) whose mean P_500, an odd
    total of relevant retrieved documents over 40 x 500, lies exactly half a unit of
    the fourth decimal between two printable values: the digit printed is decided by
    the double the sum lands on. trec_eval adds the queries' values in double in query
    order, then divides; so does ours, and prints trec_eval's line. numpy's pairwise
    sum lands on the other side for some of these, and so does the exact mean rounded
    half up (checked: the order and the arithmetic matter here)."""
    want = (OUTPUTS / "boundary.txt").read_text().splitlines()
    other_side = exact_other_side = 0
    for seed, line in zip(BOUNDARY_SEEDS, want, strict=True):
        qrels, run, counts = boundary_collection(seed)
        assert sum(counts) % 2 == 1  # total / 20000 = (2m + 1) / 20000: on the boundary
        q, r = tmp_path / "qrels", tmp_path / "run"
        q.write_text(qrels)
        r.write_text(run)
        out = io.StringIO()
        assert cli(["-m", "P.500", str(q), str(r), "--format", "trec_eval"], out=out) == 0
        assert out.getvalue() == line + "\n"
        values = np.array(counts) / 500
        other_side += f"{np.sum(values) / 40:6.4f}" != line.split("\t")[2]
        half_up = (Fraction(sum(counts), 20000) * 10000 + Fraction(1, 2)).__floor__()
        exact_other_side += f"0.{half_up:04d}" != line.split("\t")[2]
    assert other_side > 0 and exact_other_side > 0


def test_trec_summary_adds_in_query_order_then_divides():
    """By hand: ((0.1 + 0.2) + 0.3) / 3 in double is 0.20000000000000004 (the sum
    0.6000000000000001); a sum, a count and a geometric mean (of 0.25 and 1: 0.5)."""
    assert trec_summary("mean", np.array([0.1, 0.2, 0.3])) == 0.6000000000000001 / 3
    assert trec_summary("sum", np.array([3.0, 3.0])) == 6.0
    assert trec_summary("count", np.array([0.5, 0.5, 0.5])) == 3.0
    assert trec_summary("geometric_mean", np.array([0.25, 1.0])) == 0.5
    # a NaN value makes the mean NaN, as it makes trec_eval's (-nan)
    assert np.isnan(trec_summary("mean", np.array([0.5, np.nan])))


def test_a_nan_value_is_carried_as_trec_eval_carries_it_and_left_out_of_our_mean(tmp_path):
    """By hand: under -J, q2 retrieves only a document the qrels do not list, so its
    ranking is emptied and its iprec_at_recall_0.00 is 0/0 (NaN); q1's is 1. trec_eval
    prints the summary -nan (the NaN sum), and so does ``--format trec_eval``; the mean,
    and the ``all`` row of our own table, leave q2 out: 1."""
    q, r = tmp_path / "qrels", tmp_path / "run"
    q.write_text("q1 0 a 1\nq2 0 b 1\n")
    r.write_text("q1 Q0 a 1 1.0 t\nq2 Q0 x 1 1.0 t\n")
    name = "iprec_at_recall_0.00"
    out = io.StringIO()
    assert cli(["-J", "-m", "iprec_at_recall.0", str(q), str(r), "--format", "trec_eval"],
               out=out) == 0
    assert out.getvalue() == f"{name:<22}\tall\t  -nan\n"
    out = io.StringIO()
    assert cli(["-J", "-m", "iprec_at_recall.0", str(q), str(r)], out=out) == 0
    assert out.getvalue().splitlines()[1].split() == ["run", "1.0000"]
    from rankmeasures.trec.runs import evaluate
    from rankmeasures.trec.trec_files import read_qrels, read_run

    ev = evaluate(read_qrels(q), read_run(r), name, judged_only=True)
    assert ev[name].values[0] == 1.0 and np.isnan(ev[name].values[1])
    assert ev.means[name] == 1.0 and np.isnan(ev.summaries[name])
