"""The command against trec_eval's own test files, byte for byte (tests/data/trec_eval,
copied from github.com/usnistgov/trec_eval's test/ directory; NOTICE.md there says which
file, which commit and what was cut).

trec_eval's quicktest evaluates qrels.test and results.test (three topics), which are not
among its stored files here; its topic 302 is (qrels-302.test, results-302.test), so the
lines of query 302 of two quicktest outputs are compared: ``-m all_trec -q``
(out.test.aq) and the parameterised ``-m`` line (out.test.meas_params). Those outputs were
written by a trec_eval whose recall points become (long)(p R + 0.9) relevant documents
(trec_eval 9's rule: ``--trec-eval 9``), and whose all_trec did not yet hold rbp,
rbp_resid and unj."""

import io
from pathlib import Path

from rankmeasures.trec.cli import run as cli

DATA = Path(__file__).resolve().parent / "data" / "trec_eval"
QRELS, RUN = DATA / "qrels-302.test", DATA / "results-302.test"
#: measures of trec_eval 10's all_trec that the stored out.test.aq predates
NEWER = ("rbp", "rbp_resid", "unj_")


def _cli(*argv) -> str:
    out = io.StringIO()
    assert cli([str(a) for a in argv], out=out) == 0
    return out.getvalue()


def _query(text: str, qid: str) -> list[str]:
    return [line for line in text.splitlines() if line.split("\t")[1] == qid]


def test_all_trec_of_topic_302_is_trec_evals_byte_for_byte():
    """``-m all_trec -q`` on topic 302: every line trec_eval printed for 302, in its
    order, and the five of the measures it then lacked where trec_eval 10 prints them
    (after num_nonrel_judged_ret, as out.test.a's summary orders them)."""
    ours = _query(_cli("-q", "-m", "all_trec", QRELS, RUN, "--format", "trec_eval",
                       "--trec-eval", "9"), "302")
    want = (DATA / "out.test.aq.302").read_text().splitlines()
    assert [x for x in ours if not x.startswith(NEWER)] == want
    assert [x.split("\t")[0].strip() for x in ours[-6:]] == [
        "num_nonrel_judged_ret", "rbp", "rbp_resid", "unj_5", "unj_10", "unj_20"]
    # the summary of one query: its values, with runid and num_q, in out.test.a's order
    summary = [x for x in _cli("-m", "all_trec", QRELS, RUN, "--format",
                               "trec_eval", "--trec-eval", "9").splitlines()]
    reference = (DATA / "out.test.a").read_text().splitlines()
    assert [x.split("\t")[0] for x in summary] == [x.split("\t")[0] for x in reference]
    per_query = {x.split("\t")[0]: x.split("\t")[2] for x in ours}
    for line in summary:
        name, _, value = line.split("\t")
        if name in per_query:
            assert value == per_query[name], name


def test_recall_points_are_the_one_difference_under_lround():
    """Under our default recall rounding, lround(p R), the same run differs from that
    trec_eval's output in iprec_at_recall_0.60 and 11pt_avg only (0.6 x 77 = 46.2: the
    46th relevant document, not the 47th)."""
    ours = _query(_cli("-q", "-m", "all_trec", QRELS, RUN, "--format", "trec_eval"), "302")
    want = (DATA / "out.test.aq.302").read_text().splitlines()
    differ = [(a, b) for a, b in zip([x for x in ours if not x.startswith(NEWER)], want,
                                     strict=True) if a != b]
    assert [a.split("\t")[0].strip() for a, _ in differ] == ["iprec_at_recall_0.60",
                                                             "11pt_avg"]


def test_the_parameterised_quicktest_line_of_topic_302_is_trec_evals():
    """quicktest's ``-q -miprec_at_recall..10,.20,.25,.75,.50 -m P.5,7,3 ...
    -mndcg_cut.10,20,23.4 -msuccess.2,5,20``, word for word: trec_eval's lines of query
    302, byte for byte (ndcg_cut_23 from 23.4, read as atol reads it; cut-offs sorted;
    utility_2,-1,0,0 and 11pt_avg_.25,.5,.75 named by the parameters as given)."""
    argv = ("-q -miprec_at_recall..10,.20,.25,.75,.50 -m P.5,7,3 -m recall.20,2000 "
            "-m Rprec_mult.5.0,0.2,0.35 -mutility.2,-1,0,0 -m 11pt_avg..25,.5,.75 "
            "-mndcg.1=3,2=9,4=4.5 -mndcg_cut.10,20,23.4 -msuccess.2,5,20").split()
    out = _cli(*argv, QRELS, RUN, "--format", "trec_eval", "--trec-eval", "9")
    want = (DATA / "out.test.meas_params.302").read_text().splitlines()
    assert _query(out, "302") == want
    # one query: its summary is its values
    assert [x.replace("\tall\t", "\t302\t") for x in _query(out, "all")] == want
