"""TREC files and ``python -m rankmeasures``: files written here, read back and
evaluated by the command, against pytrec_eval on the same collection; malformed files
rejected with file, line and field; the paired tests against exact enumeration."""

import csv
import gzip
import io
import json
import math
import subprocess
import sys
from itertools import product
from pathlib import Path

import numpy as np
import pytest
import pytrec_eval
from scipy.stats import ttest_rel
from test_evaluate_measures import _collection

from rankmeasures import evaluate
from rankmeasures.trec.cli import run as cli
from rankmeasures.trec.significance import paired_tests
from rankmeasures.trec.trec_files import read_qrels, read_run

DATA = Path(__file__).resolve().parent / "data" / "trec_eval"


def _write(tmp_path, qrels, run, *, gz=False):
    q = tmp_path / "qrels.txt"
    q.write_text("".join(f"{qid} 0 {d} {g}\n" for qid, docs in qrels.items()
                         for d, g in docs.items()))
    lines = []
    for qid, docs in run.items():
        for rank, (d, s) in enumerate(sorted(docs.items(), key=lambda x: -x[1]), 1):
            lines.append(f"{qid}\tQ0\t{d}  {rank} {s!r} tag\n")
    lines.insert(3, "\n")  # a blank line is skipped
    body = "".join(lines).rstrip("\n")  # no newline at the end of the file
    r = tmp_path / ("run.txt.gz" if gz else "run.txt")
    r.write_bytes(gzip.compress(body.encode()) if gz else body.encode())
    return q, r


def _cli(*argv):
    out = io.StringIO()
    status = cli([str(a) for a in argv], out=out)
    return status, out.getvalue()


MEASURES = {"nDCG@10": "ndcg_cut_10", "P_5": "P_5", "map": "map", "RR": "recip_rank",
            "Rprec": "Rprec", "recall@10": "recall_10"}


@pytest.mark.parametrize("gz", [False, True])
def test_the_command_on_files_matches_pytrec_eval(tmp_path, gz):
    qrels, run = _collection(31, 300)
    q, r = _write(tmp_path, qrels, run, gz=gz)
    status, text = _cli(q, r, "-m", *MEASURES, "-q", "--json")
    assert status == 0
    got = json.loads(text)["runs"][r.name]
    ref = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut.10", "P.5", "map", "recip_rank",
                                                 "Rprec", "recall.10"}).evaluate(run)
    for name, key in MEASURES.items():
        per_query = got["per_query"][name]
        assert sorted(per_query) == sorted(ref)
        np.testing.assert_allclose([per_query[x] for x in ref], [ref[x][key] for x in ref],
                                   rtol=1e-12, atol=1e-15, err_msg=name)
        assert got["means"][name] == pytest.approx(np.mean([ref[x][key] for x in ref]),
                                                   rel=1e-12)


def test_files_and_dicts_give_identical_values(tmp_path):
    qrels, run = _collection(32, 200)
    q, r = _write(tmp_path, qrels, run)
    names = ["ndcg", "AP@5", "success@3", "auc"]
    a = evaluate(read_qrels(q), read_run(r), names).to_dict()
    b = evaluate(qrels, run, names).to_dict()
    assert a.keys() == b.keys()
    for name in names:
        np.testing.assert_array_equal(list(a[name].values()), list(b[name].values()))


def test_text_and_csv_outputs(tmp_path):
    qrels, run = _collection(33, 50)
    q, r = _write(tmp_path, qrels, run)
    other = tmp_path / "other.txt"
    other.write_text("".join(f"{x} Q0 d{i} 1 {i / 7!r} t\n" for x in sorted(run)
                             for i in range(5)))
    status, text = _cli(q, r, other, "-m", "P@5", "AP")
    assert status == 0
    rows = [line.split() for line in text.splitlines()]
    assert rows[0] == ["run", "P@5", "AP"] and [x[0] for x in rows[1:]] == [r.name, other.name]
    means = evaluate(qrels, run, ["P@5", "AP"]).means
    assert rows[1][1:] == [f"{means['P@5']:.4f}", f"{means['AP']:.4f}"]
    status, text = _cli(q, r, other, "-m", "P@5", "AP", "--csv", "-q")
    table = list(csv.reader(io.StringIO(text)))
    assert table[0] == ["run", "query_id", "P@5", "AP"]
    last = [row for row in table if row[:2] == [r.name, "all"]][0]
    assert [float(x) for x in last[2:]] == [means["P@5"], means["AP"]]  # full precision


def _exact_sign_flip_p(d):
    """Two-sided p of the paired permutation test by enumerating every sign flip."""
    obs = abs(np.mean(d))
    flips = np.array(list(product([1, -1], repeat=d.size)))
    stats = np.abs((flips * d).mean(axis=1))
    return np.mean(stats >= obs * (1 - 1e-12))


def test_paired_tests_against_enumeration_and_scipy():
    rng = np.random.default_rng(4)
    a = rng.random(10)
    b = a + rng.normal(0.1, 0.1, 10)
    res = paired_tests(a, b, n_resamples=5000, seed=1)  # 2^10 <= 5000: scipy enumerates
    assert res.permutation_pvalue == pytest.approx(_exact_sign_flip_p(b - a), rel=1e-12)
    assert res.t_pvalue == pytest.approx(ttest_rel(b, a).pvalue, rel=1e-12)
    assert res.difference == pytest.approx(np.mean(b) - np.mean(a), rel=1e-12)
    # sampled (n = 40): reproducible for a seed, close to the t-test on a clear difference
    a, b = rng.random(40), rng.random(40) + 0.3
    one, two = (paired_tests(a, b, n_resamples=2000, seed=7) for _ in range(2))
    assert one == two
    assert paired_tests(a, a).permutation_pvalue == 1.0
    with pytest.raises(ValueError, match="a, b: must be 1-d of one length"):
        paired_tests(a, b[:3])
    with pytest.raises(ValueError, match="n_resamples"):
        paired_tests(a, b, n_resamples=0)


def test_compare_in_the_command(tmp_path):
    qrels, run = _collection(34, 120)
    q, r = _write(tmp_path, qrels, run)
    # the same documents scored by their grade (ties by the old score): a far better run
    better = {x: {d: qrels.get(x, {}).get(d, 0) + s / 2 for d, s in docs.items()}
              for x, docs in run.items()}
    w = tmp_path / "better.txt"
    w.write_text("".join(f"{x} Q0 {d} 1 {s!r} t\n" for x, docs in better.items()
                         for d, s in docs.items()))
    status, text = _cli(q, r, w, "-m", "AP", "--compare", "--json", "--permutations", "999")
    assert status == 0
    (row,) = json.loads(text)["compare"]
    a = evaluate(qrels, run, "AP")["AP"].values
    b = evaluate(qrels, better, "AP")["AP"].values
    assert row["queries"] == a.size
    assert row["difference"] == pytest.approx(b.mean() - a.mean(), rel=1e-12)
    assert row["t_test_p"] == pytest.approx(ttest_rel(b, a).pvalue, rel=1e-12)
    assert row["permutation_p"] < 0.01  # 999 flips: the smallest p is 1/1000


def test_few_queries_get_the_exact_test_named_and_a_warning(tmp_path):
    """Three queries, each run ranking the other's way round: 2^3 = 8 sign patterns, fewer
    than 10000, so scipy enumerates them (exact), and the smallest p it can give is 2/8."""
    # one relevant document, last of 2, 3 and 4 (AP 1/2, 1/3, 1/4), then first (AP 1)
    qrels = {f"q{i}": {"a": 1, **{f"n{j}": 0 for j in range(i + 1)}} for i in range(3)}
    q, r = _write(tmp_path, qrels, {x: {d: 0.1 if d == "a" else 0.9 for d in docs}
                                    for x, docs in qrels.items()})
    w = tmp_path / "better.txt"
    w.write_text("".join(f"{x} Q0 {d} 1 {0.9 if d == 'a' else 0.1} t\n"
                         for x, docs in qrels.items() for d in docs))
    status, text = _cli(q, r, w, "-m", "AP", "--compare")
    assert status == 0
    assert ("(two-sided; permutation test: exact, 2^3 = 8 sign patterns; note: with 3 "
            "queries the permutation p-value cannot fall below 0.25 (2 / 2^3)") in text
    assert "permutation p" in text and text.rstrip().endswith("0.2500")  # all + of 8: 2/8
    # 34 queries: random sign flips, no note
    big = {f"q{i}": {"a": 1, "b": 0} for i in range(34)}
    q, r = _write(tmp_path, big, {x: {"a": 0.2, "b": 0.9} for x in big})
    status, text = _cli(q, r, r, "-m", "AP", "--compare", "--permutations", "999")
    assert "permutation test: 999 random sign flips, seed 0)" in text and "note" not in text


def test_several_runs_in_trec_eval_layout_are_labelled(tmp_path):
    """trec_eval takes one run; ours takes several, each block headed by a runid line
    naming its file, unless runid is asked for (then trec_eval's own line)."""
    q, r = _write(tmp_path, {"q1": {"a": 1, "b": 0}}, {"q1": {"a": 0.9, "b": 0.2}})
    w = tmp_path / "other.txt"
    w.write_text("q1 Q0 b 1 0.9 t\nq1 Q0 a 2 0.2 t\n")
    status, text = _cli(q, r, w, "-m", "map", "--format", "trec_eval")
    assert status == 0
    assert text.splitlines() == [
        f"{'runid':<22}\tall\t{r.name}", f"{'map':<22}\tall\t1.0000",
        f"{'runid':<22}\tall\t{w.name}", f"{'map':<22}\tall\t0.5000"]
    status, one = _cli(q, r, "-m", "map", "--format", "trec_eval")
    assert one.splitlines() == [f"{'map':<22}\tall\t1.0000"]  # one run: as trec_eval


def test_a_mistyped_measure_gets_the_closest_names_first(tmp_path):
    """difflib's close matches, the cut-off kept (nDGC@10 -> ndcg@10, a cut-off glued to
    the name -> ndcg_cut_10), each a name that parses; a name close to none gets the list."""
    from rankmeasures.trec.measure_names import parse_measure

    with pytest.raises(ValueError, match=r"unknown measure 'nDGC@10'; did you mean 'ndcg@10'"):
        parse_measure("nDGC@10")
    with pytest.raises(ValueError, match=r"'ndcg_cut10'; did you mean 'ndcg_cut_10'"):
        parse_measure("ndcg_cut10")
    with pytest.raises(ValueError, match=r"'mpa'; did you mean 'map'\?"):
        parse_measure("mpa")
    with pytest.raises(ValueError, match=r"'bogus'; known: runid, num_q"):
        parse_measure("bogus")
    q, r = _write(tmp_path, {"q1": {"a": 1}}, {"q1": {"a": 0.9}})
    with pytest.raises(ValueError, match="did you mean"):
        evaluate({"q1": {"a": 1}}, {"q1": {"a": 0.9}}, "nDGC@10")


BAD = [  # (file content, the message expected)
    ("q1 Q0 a 1 0.5 t\nq1 Q0 b 2 0.4\n", r"line 2: expected 6 fields.*found 5"),
    ("q1 Q0 a 1 0.5 t\n\nq1 Q0 b 2 high t\n", r"line 3: score 'high' is not a number"),
    ("q1 Q0 a 1 nan t\n", r"line 1: score 'nan' is not finite"),
    ("# comment\nq1 Q0 a 1 0.5 t x\nq1 Q0 b 0.5 t\n", r"line 3: expected 6 fields.*found 5"),
    (b"q1 Q0 \xff 1 0.5 t\n", r"line 1: doc_id is not UTF-8"),
    # of several malformed lines, the first in the file, whatever is wrong with it
    ("q1 Q0 a 1 0.5 R\nq1 Q0 b 2 abc R\nq1 Q0 c 3\n", r"line 2: score 'abc' is not a number"),
    ("q1 Q0 a 1 0.5 R\nq1 Q0 c 3\nq1 Q0 b 2 abc R\n", r"line 2: expected 6 fields.*found 4"),
    (b"q1 Q0 a 1 x R\nq1 Q0 \xff 2 1 R\n", r"line 1: score 'x' is not a number"),
    (b"q1 Q0 \xff 1 1 R\nq1 Q0 b 2 x R\n", r"line 1: doc_id is not UTF-8"),
]


@pytest.mark.parametrize(("content", "message"), BAD)
def test_malformed_run_files_name_file_line_and_field(tmp_path, content, message):
    path = tmp_path / "broken.run"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(ValueError, match="broken.run: " + message):
        read_run(path)


def test_comments_blank_lines_and_extra_words_as_trec_eval(tmp_path):
    """trec_eval (get_trec_results.c, get_qrels.c) skips lines starting with '#' and, in a
    run, ignores every word after the sixth field; its runid is the tag of the last line."""
    run = tmp_path / "r.txt"
    run.write_text("# header\n  # indented comment\nq1 Q0 a 1 0.5 first trailing words\n\n"
                   "q1 Q0 #b 2 0.25 last\n")
    got = read_run(run)
    assert got["doc_id"].tolist() == ["a", "#b"]  # '#' inside a record is no comment
    assert got["score"].tolist() == [0.5, 0.25] and got["runid"] == "last"
    qrels = tmp_path / "q.txt"
    qrels.write_text("#q 0 d 1\nq1 0 a 2\n\n# another\nq1 0 #b 1\n")
    got = read_qrels(qrels)
    assert got["doc_id"].tolist() == ["a", "#b"] and got["relevance"].tolist() == [2, 1]
    qrels.write_text("q1 0 a 2 extra\n")  # trec_eval refuses a fifth qrels field
    with pytest.raises(ValueError, match=r"q.txt: line 1: expected 4 fields.*found 5"):
        read_qrels(qrels)


def test_malformed_qrels_and_gzip(tmp_path):
    path = tmp_path / "q.txt"
    path.write_text("q1 0 a 1\nq1 0 b\n")
    with pytest.raises(ValueError, match=r"q.txt: line 2: expected 4 fields"):
        read_qrels(path)
    path.write_text("q1 0 a 1\nq1 0 b two\n")
    with pytest.raises(ValueError, match=r"q.txt: line 2: relevance 'two' is not a number"):
        read_qrels(path)
    gz = tmp_path / "r.gz"
    gz.write_bytes(gzip.compress(b"q1 Q0 a 1 0.5 t\n")[:-6])  # truncated
    with pytest.raises(ValueError, match="r.gz: not a readable gzip file"):
        read_run(gz)
    # a missing file is the FileNotFoundError a caller expects, naming the file
    with pytest.raises(FileNotFoundError, match="cannot read") as missing:
        read_run(tmp_path / "absent")
    assert missing.value.filename == str(tmp_path / "absent")
    with pytest.raises(FileNotFoundError, match="cannot read"):
        read_qrels(tmp_path / "absent")


def test_the_module_entry_point_and_its_exit_status(tmp_path):
    """One process each way: ``python -m rankmeasures`` runs, and bad input exits with 2
    and one line on stderr."""
    q, r = _write(tmp_path, *_collection(35, 20))
    ok = subprocess.run([sys.executable, "-m", "rankmeasures", str(q), str(r), "-m", "P@5"],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.startswith("run")
    bad = tmp_path / "bad.txt"
    bad.write_text("q1 Q0 a 1 0.5\n")
    err = subprocess.run([sys.executable, "-m", "rankmeasures", str(q), str(bad), "-m",
                          "P@5"], capture_output=True, text=True)
    assert err.returncode == 2 and err.stdout == ""
    assert err.stderr.strip().endswith("bad.txt: line 1: expected 6 fields (query_id Q0 "
                                       "doc_id rank score tag), found 5")
    assert _cli(q, r, "-m", "P@x")[0] == 2  # a misspelt measure
    assert _cli(q, r, "-m", "AP", "--compare")[0] == 2  # one run, nothing to compare


def test_trec_eval_layout_by_hand(tmp_path):
    """--format trec_eval prints trec_eval's lines (meas_print_single.c,
    meas_print_final.c): '%-22s\\t%s\\t%6.4f' ('%ld' for counts), measures in trec_eval's
    order whatever the order asked, per query then 'all', runid and num_q in the summary
    only, relstring per query only. Values by hand: query 301 ranks d1 (grade 1), d2 (0),
    d7 (not judged), d9 (grade -1: in the pool, unjudged); 302 ranks d4 (1)."""
    q = tmp_path / "q.txt"
    q.write_text("# a comment\n301 0 d1 1\n301 0 d2 0\n301 0 d3 2\n301 0 d9 -1\n302 0 d1 0\n"
                 "302 0 d4 1\n303 0 d5 1\n")
    r = tmp_path / "r.txt"
    r.write_text("301 Q0 d1 1 3.5 runA\n301 Q0 d2 2 3.0 runA extra words\n"
                 "301 Q0 d7 3 2.0 runA\n301 Q0 d9 4 1.0 runA\n302 Q0 d4 1 1.5 last\n")
    status, text = _cli("-q", "-m", "P.2", "map", "relstring", "-m", "num_ret", "runid",
                        "num_q", "gm_map", q, r, "--format", "trec_eval")
    assert status == 0
    gm = math.exp((math.log(0.5) + math.log(1.0)) / 2)
    assert text == (
        "num_ret               \t301\t4\n"
        "map                   \t301\t0.5000\n"
        "P_2                   \t301\t0.5000\n"
        "relstring             \t301\t'10-.'\n"
        "num_ret               \t302\t1\n"
        "map                   \t302\t1.0000\n"
        "P_2                   \t302\t0.5000\n"
        "relstring             \t302\t'1'\n"
        "runid                 \tall\tlast\n"
        "num_q                 \tall\t2\n"
        "num_ret               \tall\t5\n"
        "map                   \tall\t0.7500\n"
        f"gm_map                \tall\t{gm:6.4f}\n"
        "P_2                   \tall\t0.5000\n")
    # -c: query 303 (judged, not run) counts with 0; -l2: only grade 2 is relevant
    status, text = _cli("-c", "-l2", "-m", "num_rel", "num_ret", "map", "num_q", q, r,
                        "--format", "trec_eval")
    assert text.splitlines() == ["num_q                 \tall\t3",
                                 "num_ret               \tall\t5",
                                 "num_rel               \tall\t1",
                                 "map                   \tall\t0.0000"]
    # -M 1 and -J: the first document only; the judged ones only
    assert _cli("-M", "1", "-m", "num_ret", q, r, "--format", "trec_eval")[1] == \
        "num_ret               \tall\t2\n"
    assert _cli("-J", "-m", "num_ret", q, r, "--format", "trec_eval")[1] == \
        "num_ret               \tall\t3\n"
    # without -m: trec_eval's official measures
    official = _cli(q, r, "--format", "trec_eval")[1].splitlines()
    assert [line.split("\t")[0].strip() for line in official][:6] == [
        "runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map"]
    assert len(official) == 30  # runid .. P_1000, as trec_eval -m official
    # -q -m all_trec: the summary holds the lines of trec_eval's own -m all_trec summary
    # (out.test.a, one per value but relstring's); a query's block leaves out runid,
    # num_q, gm_map and gm_bpref (summary only) and adds relstring
    summary = (DATA / "out.test.a").read_text().splitlines()
    lines = _cli("-q", "-m", "all_trec", q, r, "--format", "trec_eval")[1].splitlines()
    assert [x.split("\t")[0] for x in lines if "\tall\t" in x] == \
        [x.split("\t")[0] for x in summary]
    assert sum("\t301\t" in x for x in lines) == len(summary) - 4 + 1


def _labels(text):
    return [(x.split("\t")[0].strip(), x.split("\t")[1]) for x in text.splitlines()]


def test_m_parameters_replace_the_defaults_as_trec_eval(tmp_path):
    """meas_init.c: a measure's init takes the first -m measure.params naming it, whose
    values replace its defaults, whatever else marks it (a group, a bare name)."""
    q, r = _write(tmp_path, *_collection(37, 6))
    out = _cli("-m", "all_trec", "-m", "P.5", q, r, "--format", "trec_eval")[1]
    assert [n for n, _ in _labels(out) if n.startswith("P_")] == ["P_5"]
    out = _cli("-m", "P.5,10", "-m", "P.20", "-m", "P", q, r, "--format", "trec_eval")[1]
    assert [n for n, _ in _labels(out)] == ["P_5", "P_10"]
    # relstring and relstring.20 are one measure: relstring_20, its text 20 marks long
    out = _cli("-q", "-m", "relstring", "-m", "relstring.20", q, r, "--format",
               "trec_eval")[1]
    names = {n for n, _ in _labels(out)}
    assert names == {"relstring_20"}
    texts = [x.split("\t")[2] for x in out.splitlines()]
    want = evaluate(read_qrels(q), read_run(r), "relstring.20").texts["relstring.20"]
    assert texts == [f"'{want[x]}'" for x in sorted(want)]
    assert max(map(len, want.values())) > 10  # longer than the default's 10
    # ndcg.1=3,2=9 replaces ndcg; our spellings (nDCG@5, P@3) add their own values
    ev = evaluate(read_qrels(q), read_run(r), ["ndcg", "ndcg.1=3,2=9", "nDCG@5", "P.7",
                                              "P@3"])
    assert list(ev) == ["ndcg.1=3,2=9", "nDCG@5", "P.7", "P@3"]


def test_long_and_float_parameters_read_as_atol_and_atof(tmp_path):
    """meas_init.c reads cut-offs with atol and the other parameters with atof: the
    leading number of each item (quicktest's -mndcg_cut.10,20,23.4 prints ndcg_cut_23)."""
    q, r = _write(tmp_path, *_collection(38, 6))
    out = _cli("-m", "ndcg_cut.10,20,23.4", "-m", "iprec_at_recall..25x,.5", q, r,
               "--format", "trec_eval")[1]
    assert [n for n, _ in _labels(out)] == [
        "iprec_at_recall_0.25", "iprec_at_recall_0.50", "ndcg_cut_10", "ndcg_cut_20",
        "ndcg_cut_23"]
    ev = evaluate(read_qrels(q), read_run(r), ["ndcg_cut.23.9", "ndcg@23"])
    assert ev["ndcg_cut.23.9"].values.tolist() == ev["ndcg@23"].values.tolist()
    for bad in ("P.5,x", "P.0", "P.5,5.5", "iprec_at_recall.x"):  # no number; 0; twice
        assert _cli("-m", bad, q, r)[0] == 2


def test_complete_queries_print_as_trec_eval_10(tmp_path):
    """-c -q: trec_eval 10 (trec_eval.c) evaluates a judged query the run lacks on a bogus
    ranking of one document not in the qrels, zeroes its num_ret, utility, relstring,
    unj and rbp_resid, and prints its lines under -q like any other query's (the point of
    its -c fix); it counts in the summary."""
    q = tmp_path / "q.txt"
    q.write_text("301 0 a 1\n301 0 b 0\n302 0 c 1\n302 0 d 0\n303 0 e 2\n")
    r = tmp_path / "r.txt"
    r.write_text("301 Q0 a 1 2 t\n301 Q0 x 2 1 t\n303 Q0 z 1 1 t\n303 Q0 e 2 0.5 t\n")
    out = _cli("-q", "-c", "-m", "num_ret", "num_rel", "map", "relstring", "utility",
               "unj.2", "rbp_resid", "num_q", q, r, "--format", "trec_eval")[1]
    assert [x for x in out.splitlines() if "\t302\t" in x] == [
        "num_ret               \t302\t0",
        "num_rel               \t302\t1",
        "map                   \t302\t0.0000",
        "relstring             \t302\t''",
        "utility               \t302\t0.0000",
        "rbp_resid             \t302\t0.0000",
        "unj_2                 \t302\t0.0000"]
    assert "num_q                 \tall\t3" in out.splitlines()
    assert "map                   \tall\t0.5000" in out.splitlines()  # (1 + 0 + 1/2) / 3


def test_fractional_grades_are_read_as_trec_eval_reads_them(tmp_path):
    """get_qrels.c reads a grade with atol: 2.7 is 2, 1.1.11 is 1, 1e+8 is 1, 0x37 is 0 --
    the command's values are those of the integer grades; evaluate under trec_eval's
    convention truncates a grade toward zero too."""
    run = tmp_path / "r.txt"
    run.write_text("q Q0 d2 1 2 t\nq Q0 d1 2 1 t\nq Q0 d3 3 0.5 t\nq Q0 d4 4 0.25 t\n"
                   "q Q0 d5 5 0.125 t\n")
    odd = tmp_path / "odd.txt"
    odd.write_text("q 0 d1 2.7\nq 0 d2 1.1.11\nq 0 d3 0x37\nq 0 d4 1e+8\nq 0 d5 -0.5\n")
    plain = tmp_path / "plain.txt"
    plain.write_text("q 0 d1 2\nq 0 d2 1\nq 0 d3 0\nq 0 d4 1\nq 0 d5 0\n")
    names = ["ndcg", "ndcg.1=3,2=9", "rbp", "map", "relstring", "num_rel"]
    a = _cli("-q", "-m", *names, odd, run, "--format", "trec_eval")
    b = _cli("-q", "-m", *names, plain, run, "--format", "trec_eval")
    assert a == b and a[0] == 0
    assert "relstring             \tq\t'12010'" in a[1]  # d2, d1, d3, d4, d5
    # by hand, grades 2 and 1 ranked 2nd and 1st: DCG 1 + 2 / log2 3, ideal 2 + 1 / log2 3
    ndcg = (1 + 2 / math.log2(3)) / (2 + 1 / math.log2(3))
    ev = evaluate({"q": {"d1": 2.7, "d2": 1}}, {"q": {"d2": 2.0, "d1": 1.0}}, "ndcg")
    assert ev["ndcg"].values.tolist() == [pytest.approx(ndcg, rel=1e-15)]
    assert read_qrels(odd, grades="atol")["relevance"].tolist() == [2, 1, 0, 1, 0]
    odd.write_text("q 0 d1 two\n")  # no leading integer: refused (atol would read 0)
    with pytest.raises(ValueError, match=r"line 1: relevance 'two' is not a number"):
        read_qrels(odd, grades="atol")


def test_a_document_listed_twice_names_the_file_and_lines(tmp_path, capsys):
    q, r = _write(tmp_path, *_collection(39, 4))
    dup = tmp_path / "dup.txt"
    dup.write_text("q1 Q0 a 1 0.5 t\n# c\nq1 Q0 b 2 0.4 t\nq1 Q0 a 3 0.3 t\n")
    assert _cli("-m", "map", q, dup) == (2, "")
    assert "dup.txt: lines 1 and 4: document 'a' appears twice for query 'q1'" in \
        capsys.readouterr().err
    dq = tmp_path / "dq.txt"
    dq.write_text("q1 0 a 1\nq1 0 a 0\n")
    assert _cli("-m", "map", dq, dup)[0] == 2
    assert "dq.txt: lines 1 and 2: document 'a' appears twice for query 'q1'" in \
        capsys.readouterr().err


def test_ties_average_passes_the_texts_and_names_what_it_refuses(tmp_path, capsys):
    q, r = _write(tmp_path, *_collection(40, 6))
    status, out = _cli("-q", "-m", "runid", "relstring", "P.5", "set_F", "--ties",
                       "average", q, r, "--format", "trec_eval")
    assert status == 0 and "relstring" in out and "runid" in out
    assert _cli("-m", "all_trec", "--ties", "average", q, r) == (2, "")
    err = capsys.readouterr().err
    assert "bpref" in err and "infAP" in err and "gm_map" in err and "runid" not in err
    assert "leave ties unset" in err and "'trec_eval'" not in err


def test_bad_input_prints_nothing_and_exits_2(tmp_path, capsys):
    q, r = _write(tmp_path, *_collection(36, 5))
    bad = tmp_path / "bad.txt"
    bad.write_text("q1 Q0 a 1 0.5 t\n# fine\nq1 Q0 b 2 high t\n")
    status, text = _cli("-q", "-m", "all_trec", q, r, bad, "--format", "trec_eval")
    assert status == 2 and text == ""
    assert "bad.txt: line 3: score 'high' is not a number" in capsys.readouterr().err
    assert _cli("-m", "P.5,5", q, r)[0] == 2  # trec_eval refuses duplicate cut-offs
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing retrieved\n")
    assert _cli("-m", "map", q, empty) == (2, "")  # trec_eval refuses it too
    assert "empty.txt: empty, so no query can be evaluated" in capsys.readouterr().err


def test_no_query_in_common_names_both_files_and_the_commands_way_out(tmp_path, capsys):
    """The way out is spelled as the command takes it (--queries run; without -c when -c
    is given), not as Python's keyword; then the run's queries are evaluated."""
    q, r = _write(tmp_path, {"q1": {"a": 1}}, {"1": {"a": 0.5}})
    for flags, way in (((), "Pass --queries run to"), (("-c",), "Pass --queries run "
                                                                 "without -c to")):
        assert _cli(*flags, "-m", "ndcg", q, r) == (2, "")
        err = capsys.readouterr().err
        assert f"{r}, {q}: no query in common (the run's '1'; the qrels' 'q1')" in err
        assert way in err and "queries='run'" not in err
    status, text = _cli("-m", "ndcg", "--queries", "run", q, r, "--csv")
    assert status == 0 and text.splitlines()[-1] == "run.txt,all,0.0"
    empty = tmp_path / "none.txt"
    empty.write_text("")
    assert _cli("-m", "ndcg", empty, r) == (2, "")
    assert f"{empty}: empty, so no query of the run ('1') is judged. Pass --queries run" \
        in capsys.readouterr().err


def test_numbers_read_exactly_as_python_float(tmp_path):
    """The reader parses plain decimals in numpy (mantissa / 10^f, exact below 2^53):
    every score equals Python's float() of its text bit for bit, across signs, dots,
    15 to 17 digits, exponents, underscores, 'nan'-like words and broken forms (which
    must fail with the line, as float() fails)."""
    rng = np.random.default_rng(0)
    forms = ["0", "-0", "+0", "1.", ".5", "+.5", "-.5", "5.000", "007", "1_0", "1e3",
             "1E-2", "123456789012345", "1234567890123456", "12345678901234567",
             "0.1234567890123456789", "9007199254740993", "inf", "-Infinity", "nan",
             ".", "-", "+-1", "1.2.3", "1..", "e5", "0x10", "1,5", "١٢"]
    for _ in range(300):
        digits = "".join(rng.choice(list("0123456789"), int(rng.integers(1, 19))))
        cut = int(rng.integers(0, len(digits) + 1))
        sign = rng.choice(["", "-", "+"])
        forms.append(f"{sign}{digits[:cut]}.{digits[cut:]}" if rng.random() < 0.8
                     else f"{sign}{digits}")
    for i, text in enumerate(forms):
        path = tmp_path / f"r{i}.txt"
        path.write_text(f"q1 Q0 a 1 0.5 t\nq1 Q0 b 2 {text} t\n", encoding="utf-8")
        try:
            want = float(text.encode())  # the bytes, as trec_eval reads them
        except ValueError:
            with pytest.raises(ValueError, match=r"line 2: score .* is not a number"):
                read_run(path)
            continue
        if not math.isfinite(want):
            with pytest.raises(ValueError, match="line 2: score .* is not finite"):
                read_run(path)
            continue
        got = read_run(path)["score"][1]
        assert got == want and math.copysign(1, got) == math.copysign(1, want), text


def _regular_files(seed=0, n=400):
    """A qrels and a run file in the regular layout (one space between fields, a newline
    after each line), with ids of 1 to 20 characters and scores of 1 to 12 digits."""
    rng = np.random.default_rng(seed)
    letters = np.array(list("abcdefghijklmnopqrstuvwxyz0123456789_-"))

    def word():
        return "".join(rng.choice(letters, int(rng.integers(1, 21))))

    queries = [word() for _ in range(7)]
    run, qrels = [], []
    for i in range(n):
        q, d = queries[i * 7 // n], f"{word()}{i}"
        s = f"{rng.integers(-9, 10)}.{rng.integers(0, 10 ** int(rng.integers(0, 11)))}"
        run.append(f"{q} Q0 {d} {i + 1} {s} {word()}\n")
        if rng.random() < 0.3:
            qrels.append(f"{q} 0 {d} {int(rng.integers(-1, 4))}\n")
    return "".join(qrels), "".join(run)


@pytest.mark.parametrize("variant", ["regular", "tabs", "two spaces", "crlf", "no newline",
                                     "leading space", "comment", "extra words", "blank line",
                                     "irregular path"])
def test_regular_files_read_as_every_other_layout_of_them(tmp_path, variant, monkeypatch):
    """The reader's shortcut for regular files (trec_files._regular: fields found from
    their starts alone, columns gathered as 8-byte words) against the general reader on
    the same records laid out otherwise, and against Python's float() and split()."""
    from rankmeasures.trec import trec_files

    qtext, rtext = _regular_files()
    edits = {"regular": lambda t: t, "tabs": lambda t: t.replace(" ", "\t", 5),
             "two spaces": lambda t: t.replace(" ", "  ", 3),
             "crlf": lambda t: t.replace("\n", "\r\n"), "no newline": lambda t: t[:-1],
             "leading space": lambda t: " " + t, "comment": lambda t: "# a b c d e f\n" + t,
             "extra words": lambda t: t.replace("\n", " more words\n", 1),
             "blank line": lambda t: t.replace("\n", "\n\n", 1), "irregular path": lambda t: t}
    if variant == "irregular path":
        monkeypatch.setattr(trec_files, "_regular", lambda *a: None)
    paths = []
    for name, text in (("q", qtext), ("r", rtext)):
        body = text if name == "q" and variant == "extra words" else edits[variant](text)
        (tmp_path / name).write_text(body)
        paths.append(tmp_path / name)
        data = np.frombuffer(body.encode(), np.uint8)
        took = trec_files._regular(data, 4 if name == "q" else 6, paths[-1])
        assert (took is not None) == (body == text and variant != "irregular path")
    qrels, run = read_qrels(paths[0]), read_run(paths[1])
    rows = [line.split() for line in rtext.splitlines()]
    assert run["query_id"].tolist() == [r[0] for r in rows]
    assert run["doc_id"].tolist() == [r[2] for r in rows]
    assert run["score"].tolist() == [float(r[4]) for r in rows]
    assert run["runid"] == rows[-1][5]
    rows = [line.split() for line in qtext.splitlines()]
    assert qrels["doc_id"].tolist() == [r[2] for r in rows]
    assert qrels["relevance"].tolist() == [float(r[3]) for r in rows]


@pytest.mark.parametrize("chunk", [1, 13, 64])
def test_whitespace_found_chunk_by_chunk_as_in_one_pass(tmp_path, chunk, monkeypatch):
    """The regular reader finds the whitespace a chunk of bytes at a time
    (trec_files._CHUNK): chunks of 1, 13 and 64 bytes, their edges inside fields,
    between them and on newlines, find what one pass over the bytes finds."""
    from rankmeasures.trec import trec_files

    qtext, rtext = _regular_files(seed=2, n=60)
    data = np.frombuffer(rtext.encode(), np.uint8)
    want = np.flatnonzero(data <= 32)
    monkeypatch.setattr(trec_files, "_CHUNK", chunk)
    assert trec_files._whitespace(data).tolist() == want.tolist()
    path = tmp_path / "run.txt"
    path.write_text(rtext)
    rows = [line.split() for line in rtext.splitlines()]
    got = read_run(path)
    assert got["doc_id"].tolist() == [r[2] for r in rows]
    assert got["score"].tolist() == [float(r[4]) for r in rows]


@pytest.mark.parametrize("rank", ["7", "-1", "+7", "007", "1_0", "123456789", "1234567",
                                  "1.0", "x", "1e3", "12345678x", "-"])
def test_the_rank_field_is_ignored_as_trec_eval_ignores_it(tmp_path, rank):
    """trec_eval orders by score and never reads the rank (get_trec_results.c): any token
    stands there."""
    path = tmp_path / "r.txt"
    path.write_text(f"q1 Q0 a 1 0.5 t\nq1 Q0 b {rank} 0.25 t\nq1 Q0 c 3 0 t\n")
    got = read_run(path)
    assert got["score"].tolist() == [0.5, 0.25, 0.0]
    assert got["doc_id"].tolist() == ["a", "b", "c"] and got["line"].tolist() == [1, 2, 3]


def test_one_character_ids_join_as_the_dicts_do(tmp_path):
    """Ids of one character (their UCS-4 code is shorter than a word of the hash)."""
    qrels = {"a": {"x": 1, "y": 0}, "b": {"z": 2}}
    run = {"a": {"x": 0.5, "y": 0.7, "w": 0.1}, "b": {"z": 0.2, "x": 0.9}}
    q, r = _write(tmp_path, qrels, run)
    got = evaluate(read_qrels(q), read_run(r), ["ndcg", "P@2", "AP"])
    ref = evaluate(qrels, run, ["ndcg", "P@2", "AP"])
    for name in ref:
        assert got[name].values.tolist() == ref[name].values.tolist()


@pytest.mark.parametrize("threads_from", [None, 1], ids=["one thread", "two threads"])
def test_columns_read_in_two_threads_read_and_fail_as_in_one(tmp_path, threads_from,
                                                              monkeypatch):
    """A large file's columns are read in two threads (trec_files.THREADS_FROM): the same
    columns, and of several bad fields in different columns the first line of the file,
    as in one thread."""
    from rankmeasures.trec import trec_files

    if threads_from is not None:
        monkeypatch.setattr(trec_files, "THREADS_FROM", threads_from)
    qtext, rtext = _regular_files(seed=1)
    (tmp_path / "qrels.txt").write_text(qtext)
    qrels = read_qrels(tmp_path / "qrels.txt")
    rows = [line.split() for line in qtext.splitlines()]
    assert qrels["doc_id"].tolist() == [r[2] for r in rows]
    assert qrels["relevance"].tolist() == [float(r[3]) for r in rows]
    path = tmp_path / "run.txt"
    path.write_text(rtext)
    rows = [line.split() for line in rtext.splitlines()]
    got = read_run(path)
    assert got["query_id"].tolist() == [r[0] for r in rows]
    assert got["doc_id"].tolist() == [r[2] for r in rows]
    assert got["score"].tolist() == [float(r[4]) for r in rows]
    lines = rtext.splitlines(keepends=True)
    lines[4] = lines[4].replace(" Q0 ", " Q0 x ", 1)  # a column shifted (line 5)
    lines[2] = " ".join(lines[2].split()[:4] + ["high"] + lines[2].split()[5:]) + "\n"
    path.write_bytes("".join(lines).encode("latin-1"))
    with pytest.raises(ValueError, match=r"line 3: score 'high' is not a number"):
        read_run(path)
    lines[1] = lines[1].replace(" Q0 ", " Q0 \xff")  # doc_id not UTF-8 (line 2)
    path.write_bytes("".join(lines).encode("latin-1"))
    with pytest.raises(ValueError, match=r"line 2: doc_id is not UTF-8"):
        read_run(path)


def test_ids_read_as_bytes_evaluate_as_the_same_text(tmp_path, monkeypatch):
    """read_run/read_qrels(ids="bytes") give the file's ASCII ids as numpy bytes
    (the command reads so, for memory); evaluate reads them as the text they are: every
    per-query value is the one of the str columns, in trec_eval's order (the hashed join
    and the dict join, to which a hash collision falls back), under another convention
    (the dict join), and with one side bytes and the other str. The readers' blocks
    (trec_files._BLOCK) shrunk to 3 records read the same columns."""
    import rankmeasures.trec._trec_order as trec_order
    import rankmeasures.trec.trec_files as trec_files

    qtext, rtext = _regular_files(seed=3)
    qpath, rpath = tmp_path / "q.txt", tmp_path / "r.txt"
    qpath.write_text(qtext)
    rpath.write_text(rtext)
    qs, rs = read_qrels(qpath), read_run(rpath)
    qb, rb = read_qrels(qpath, ids="bytes"), read_run(rpath, ids="bytes")
    for column in ("query_id", "doc_id"):
        assert rb[column].dtype.kind == "S" and qb[column].dtype.kind == "S"
        assert [d.decode() for d in rb[column].tolist()] == rs[column].tolist()
        assert [d.decode() for d in qb[column].tolist()] == qs[column].tolist()
    assert rb["score"].tolist() == rs["score"].tolist()
    with pytest.raises(ValueError, match="ids: must be one of"):
        read_run(rpath, ids="text")

    def values(qrels, run, convention):
        measures = (["all_trec"] if convention == "trec_eval"
                    else ["ndcg", "ndcg@10", "AP", "P@5", "RR", "recall"])
        ev = evaluate(qrels, run, measures, convention=convention)
        return {m: r.values.tolist() for m, r in ev.items()}

    for convention in ("trec_eval", "sklearn"):
        want = values(qs, rs, convention)
        assert values(qb, rb, convention) == want
        assert values(qs, rb, convention) == want
        assert values(qb, rs, convention) == want
    # the dict join in trec_eval's order: what a hash collision falls back to
    want = values(qs, rs, "trec_eval")
    monkeypatch.setattr(trec_order, "_array_gathered", lambda *a: None)
    assert values(qb, rb, "trec_eval") == want
    monkeypatch.undo()
    monkeypatch.setattr(trec_files, "_BLOCK", 3)
    small = read_run(rpath)
    assert small["doc_id"].tolist() == rs["doc_id"].tolist()
    assert small["score"].tobytes() == rs["score"].tobytes()
    # a non-ASCII id: the column is str, as without the option
    (tmp_path / "u.txt").write_text("q1 Q0 caf\u00e9 1 0.5 t\nq1 Q0 b 2 0.4 t\n", "utf-8")
    assert read_run(tmp_path / "u.txt", ids="bytes")["doc_id"].tolist() == ["caf\u00e9", "b"]
