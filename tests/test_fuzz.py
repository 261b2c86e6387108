"""Property-based tests (hypothesis, derandomised, a fixed example budget): hostile input
gets a correct answer or a ValueError naming the argument and the place -- never another
exception, a hang or a silent wrong answer.

* the TREC readers, fed random corruptions of valid files (fields dropped or added,
  numbers garbled, bytes that are not UTF-8, ``#`` put at the head of a line or of a
  field, a gzip file truncated), against a plain line-by-line reading of the same bytes
  with trec_eval's rules (a line whose first word starts with ``#`` is a comment; a run
  line's words after the sixth are ignored; a qrels line has exactly four): where that
  reading finds the file valid the reader returns the same columns, else it raises
  naming the file and the line;
* ``evaluate``, fed random dict shapes and values: a ValueError naming ``qrels``/``run``,
  or, on valid input with distinct scores, pytrec_eval's NDCG;
* the variant parser, fed random expressions: a sympy expression or a ValueError naming
  the argument, within a second each;
* the variant analysis, and the variant command for a measure (``--measure``: the
  evaluator's spellings, near misses and random text, with random cut-offs and curves): a
  report whose numbers are in range, or a refusal naming the argument.

Each test prints how many cases it tried."""

from __future__ import annotations

import gzip
import math
import signal
from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import rankmeasures as rm
from rankmeasures.trec.trec_files import read_qrels, read_run

BUDGET = settings(derandomize=True, max_examples=300, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))


@pytest.fixture
def tally(capsys):
    seen = {"n": 0, "errors": 0}
    yield seen
    with capsys.disabled():
        print(f"\n  {seen['n']} cases tried, {seen['errors']} refused with a ValueError")


@contextmanager
def at_most(seconds: int):
    """Fail instead of hanging."""
    def boom(*_):
        raise TimeoutError(f"took longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# -- the TREC readers ---------------------------------------------------------------------

ids = st.text(st.characters(min_codepoint=33, max_codepoint=0x2FF,
                            blacklist_categories=("Cs", "Zs", "Cc")), min_size=1, max_size=6)
grades = st.integers(-1, 4)
scores = st.floats(-1e6, 1e6, allow_nan=False).map(lambda x: float(f"{x:.6g}"))


@st.composite
def valid_files(draw):
    """(qrels bytes, run bytes) of a small valid collection."""
    qs = draw(st.lists(ids, min_size=1, max_size=3, unique=True))
    qrels, run = [], []
    for q in qs:
        docs = draw(st.lists(ids, min_size=1, max_size=4, unique=True))
        for d in docs:
            qrels.append(f"{q} 0 {d} {draw(grades)}")
            run.append(f"{q} Q0 {d} {len(run) + 1} {draw(scores)} tag")
    return ("\n".join(qrels) + "\n").encode(), ("\n".join(run) + "\n").encode()


def _corrupt(data: bytes, how: str, at: int, junk: bytes) -> bytes:
    lines = data.split(b"\n")
    i = at % max(1, len(lines) - 1)
    words = lines[i].split()
    if how == "drop" and words:
        words.pop(at % len(words))
    elif how == "add":
        words.insert(at % (len(words) + 1), b"extra")
    elif how == "garble" and words:
        words[-1 if len(words) < 4 else 3] = junk or b"x"
    elif how == "bytes":
        words.append(b"\xff\xfe" + junk)
    elif how == "comment" and words:  # a '#' before one of the words
        w = at % len(words)
        words[w] = b"#" + words[w]
    lines[i] = b" ".join(words)
    return b"\n".join(lines)


def _plain_reading(data: bytes, width: int, numeric: dict, extra: bool):
    """The columns of ``data`` read line by line, or None where any line is malformed
    (``extra``: words past ``width`` are ignored, whatever their bytes). Fields are split
    on ASCII whitespace (C's isspace, as trec_eval); the fields read must be UTF-8."""
    rows = [line.split() for line in data.split(b"\n")]
    rows = [row for row in rows if row and not row[0].startswith(b"#")]
    cols = {"query_id": [], "doc_id": []}
    for field, _ in numeric.values():
        if field:
            cols[field] = []
    for row in rows:
        if len(row) < width or (len(row) > width and not extra):
            return None
        try:
            qid, did = row[0].decode("utf-8"), row[2].decode("utf-8")
        except UnicodeDecodeError:
            return None
        for pos, (field, kind) in numeric.items():
            try:
                v = kind(row[pos].decode("utf-8"))
            except (ValueError, UnicodeDecodeError):
                return None
            if not math.isfinite(v):
                return None
            if field:
                cols[field].append(float(v))
        cols["query_id"].append(qid)
        cols["doc_id"].append(did)
    return cols


QRELS_NUMBERS = {3: ("relevance", float)}
# the rank field (index 3) is never read, as trec_eval ignores it: any token is valid
RUN_NUMBERS = {4: ("score", float)}


@BUDGET
@given(files=valid_files(),
       how=st.sampled_from(["none", "drop", "add", "garble", "bytes", "comment"]),
       at=st.integers(0, 50), junk=st.binary(max_size=4), which=st.sampled_from(["q", "r"]),
       zipped=st.sampled_from(["no", "yes", "truncated"]))
def test_trec_readers_answer_right_or_name_the_line(tmp_path_factory, tally, files, how, at,
                                                    junk, which, zipped):
    tally["n"] += 1
    qrels, run = files
    data = qrels if which == "q" else run
    width, numbers, reader, extra = ((4, QRELS_NUMBERS, read_qrels, False) if which == "q"
                                     else (6, RUN_NUMBERS, read_run, True))
    if how != "none":
        data = _corrupt(data, how, at, junk)
    path = tmp_path_factory.mktemp("trec") / ("f.gz" if zipped != "no" else "f")
    raw = gzip.compress(data, mtime=0) if zipped != "no" else data
    if zipped == "truncated":
        raw = raw[: max(3, len(raw) * (at % 10) // 10)]
    path.write_bytes(raw)
    want = None if zipped == "truncated" else _plain_reading(data, width, numbers, extra)
    try:
        got = reader(path)
    except ValueError as exc:
        tally["errors"] += 1
        assert want is None, f"a valid file refused: {exc}"
        msg = str(exc)
        assert msg.startswith(str(path)), msg
        assert ": line " in msg or "gzip" in msg, msg
        return
    assert want is not None, "a malformed file read without an error"
    for key, values in want.items():
        assert got[key].tolist() == values, key


# -- evaluate ------------------------------------------------------------------------------

values = st.one_of(st.integers(-3, 5), st.floats(allow_nan=True, allow_infinity=True),
                   st.none(), st.text(max_size=2), st.lists(st.integers(), max_size=2))
small_ids = st.sampled_from(["q1", "q2", "1", "d1", "d2", "d3"])
shapes = st.one_of(st.dictionaries(small_ids, st.dictionaries(small_ids, values, max_size=3),
                                   max_size=3),
                   st.lists(st.integers(), max_size=2), st.none(), st.integers(),
                   st.dictionaries(small_ids, values, max_size=2))


@BUDGET
@given(qrels=shapes, run=shapes, measure=st.sampled_from(["ndcg", "ndcg@2", "P@1", "AP", "RR"]))
def test_evaluate_refuses_by_name_any_bad_shape_or_value(tally, qrels, run, measure):
    tally["n"] += 1
    try:
        ev = rm.evaluate(qrels, run, measure)
    except ValueError as exc:
        tally["errors"] += 1
        msg = str(exc)
        assert msg.split(":")[0] in ("qrels", "run", "run, qrels"), msg
        return
    values = ev[measure].values
    assert values.size == ev.query_ids.size
    assert np.all((values >= 0) & (values <= 1)), values


@BUDGET
@given(data=st.data())
def test_evaluate_on_valid_input_is_pytrec_evals(tally, data):
    """Integer grades, distinct scores (no tie convention to choose): NDCG as pytrec_eval
    (trec_eval 9) computes it."""
    pytrec_eval = pytest.importorskip("pytrec_eval")
    tally["n"] += 1
    qs = data.draw(st.lists(st.sampled_from(["q1", "q2", "q3"]), min_size=1, unique=True))
    qrels, run = {}, {}
    for q in qs:
        docs = data.draw(st.lists(st.sampled_from([f"d{i}" for i in range(8)]), min_size=1,
                                  max_size=6, unique=True))
        qrels[q] = {d: data.draw(st.integers(0, 3)) for d in docs}
        ran = data.draw(st.lists(st.sampled_from([f"d{i}" for i in range(8)]), min_size=1,
                                 max_size=6, unique=True))
        scores_ = data.draw(st.lists(st.integers(-1000, 1000), min_size=len(ran),
                                     max_size=len(ran), unique=True))
        run[q] = {d: float(s) for d, s in zip(ran, scores_, strict=True)}
    ours = rm.evaluate(qrels, run, "ndcg").to_dict()["ndcg"]
    peer = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg"}).evaluate(run)
    assert set(ours) == set(peer)
    for q in ours:
        assert ours[q] == pytest.approx(peer[q]["ndcg"], abs=1e-12), q


# -- the variant parser -------------------------------------------------------------------

atoms = st.sampled_from(["r", "n", "s", "y", "1", "2", "0", "0.5", "64", "1e308", "pi", "E",
                         "x", "__import__", "'a'", "True", "[1]", "r.real"])
ops = st.sampled_from(["+", "-", "*", "/", "^", "**", "//", "%", "<", " and "])
funcs = st.sampled_from(["log", "ln", "log2", "exp", "sqrt", "sin", "eval", ""])


@st.composite
def expressions(draw, depth=0):
    if depth > 4 or draw(st.booleans()):
        return draw(atoms)
    kind = draw(st.sampled_from(["op", "call", "paren", "neg"]))
    if kind == "op":
        return f"{draw(expressions(depth + 1))}{draw(ops)}{draw(expressions(depth + 1))}"
    if kind == "call":
        return f"{draw(funcs)}({draw(expressions(depth + 1))})"
    if kind == "paren":
        return f"({draw(expressions(depth + 1))})"
    return f"-{draw(expressions(depth + 1))}"


@BUDGET
@given(text=st.one_of(expressions(), st.text(max_size=40)))
@example(text="(((((((2^64)^64)^64)^64)^64)^64)^64)")  # 2^(64^7): once a hang
@example(text="9^9^9^9")
def test_the_variant_parser_answers_or_refuses_by_name(tally, text):
    import sympy

    from rankmeasures.expressions import parse_expression

    tally["n"] += 1
    with at_most(5):
        try:
            out = parse_expression(text, ("r",), name="discount")
        except ValueError as exc:
            tally["errors"] += 1
            assert str(exc).startswith("discount: "), exc
            return
    assert isinstance(out, sympy.Basic)
    assert out.free_symbols <= {sympy.Symbol("r", positive=True, integer=True)} or \
        {str(x) for x in out.free_symbols} <= {"r"}


# -- the variant analysis ------------------------------------------------------------------

def _grammar(var: str):
    """Random expressions in one variable over the parser's whole alphabet."""
    atom = st.sampled_from([var, var, "1", "2", "3", "0", "1/2", "10", "1000", "0.5", "pi",
                            "E", "0.5000000001"])

    @st.composite
    def expr(draw, depth=0):
        if depth > 3 or draw(st.booleans()):
            return draw(atom)
        kind = draw(st.sampled_from(["op", "call", "neg"]))
        if kind == "op":
            return (f"({draw(expr(depth + 1))}){draw(st.sampled_from('+-*/^'))}"
                    f"({draw(expr(depth + 1))})")
        if kind == "call":
            call = draw(st.sampled_from(["log", "exp", "sqrt", "log2"]))
            return f"{call}({draw(expr(depth + 1))})"
        return f"-({draw(expr(depth + 1))})"

    return expr()


@st.composite
def _within(draw, atoms, unary, binary, depth=0):
    """Random expressions closed under operations that keep a property (a probability
    curve stays in [0, 1], a discount positive and non-increasing, a cut-off >= 1): deep
    paths of the analysis, not only its refusals."""
    if depth > 2 or draw(st.booleans()):
        return draw(st.sampled_from(atoms))
    if draw(st.booleans()):
        return draw(st.sampled_from(unary)).format(draw(_within(atoms, unary, binary,
                                                                depth + 1)))
    return draw(st.sampled_from(binary)).format(
        draw(_within(atoms, unary, binary, depth + 1)),
        draw(_within(atoms, unary, binary, depth + 1)))


# inputs a user is likely to try, valid or not, beside the random ones: curves sympy
# cannot integrate (s^s) or whose series fails (exp(-1/s)), a p of 1/1000, cut-offs that
# are not >= 1 at some n, discounts of every class
DISCOUNTS = st.one_of(st.sampled_from([
    "1/r", "r^(-1/2)", "1/log(1+r)", "1/log(1+r)^2", "2^(-r)", "n - r", "1/r^2", "exp(-r)",
    "log(2)/log(1+r)", "r", "1", "1/(r+1)", "r^(-3/4)", "1/log2(1+r)"]), _grammar("r"),
    _within(["1/r", "r^(-1/2)", "1/log(1+r)", "2^(-r)", "1/sqrt(1+r)", "1"],
            ["({})^2", "sqrt({})", "({})/2", "exp({} - 1)"], ["({})*({})", "({}) + ({})"]))
_VALID_CURVES = _within(["s", "1/2", "1/3", "s^2", "1 - s", "s^s", "exp(-1/s)", "sqrt(s)"],
                       ["1 - ({})", "({})^2", "sqrt({})", "exp(({}) - 1)", "({})/2"],
                       ["({})*({})", "(({}) + ({}))/2"])
CURVES = st.one_of(st.sampled_from([
    "s", "s^2", "s^s", "exp(-1/s)", "exp(-1000*s)", "1/2", "sqrt(s)", "(1+s)/3", "1 - s",
    "s/(1+s)", "exp(s-1)", "log(1+s)/log(2)", "0.5000000001", "1/3", "0", "2*s"]),
    _grammar("s"), _VALID_CURVES, _VALID_CURVES)
CUTS = st.one_of(st.none(), st.sampled_from([
    "0", "-5", "n-n", "1/2", "log(n)-100", "sqrt(n)", "n/5", "10", "1", "2", "exp(n)", "n^2",
    "log(n)", "1000/n", "n+1"]), _grammar("n"),
    _within(["sqrt(n)", "n/5", "2", "10", "log(n) + 1", "n^(1/3)"], ["sqrt({})", "({})/2 + 1"],
            ["({}) + ({})", "({})*({})"]))
# a second curve: often one with p = 1/2, as the first one's default s has
OTHERS = st.one_of(st.sampled_from(["s", "1/2", "1 - s", "(1+s)/3", "s^2 + 1/6"]), CURVES)
ARGUMENT = r"^(discount|cut|ybar|ybar_other|ybar, ybar_other|n_values): "


@settings(derandomize=True, max_examples=40, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(discount=DISCOUNTS, ybar=CURVES, ybar_other=st.one_of(st.none(), OTHERS), cut=CUTS,
       n_values=st.sampled_from([(10,), (2, 10), (3, 100)]))
@example(discount="1/r", ybar="s", ybar_other=None, cut="0", n_values=(10,))
@example(discount="1/r", ybar="s^s", ybar_other="1/2", cut=None, n_values=(10,))
@example(discount="r^(-1/2)", ybar="exp(-1/s)", ybar_other=None, cut=None, n_values=(10,))
@example(discount="r^(-1/2)", ybar="1 - s", ybar_other=None, cut=None, n_values=(10,))
def test_the_variant_analysis_answers_or_refuses_by_name(tally, discount, ybar, ybar_other,
                                                         cut, n_values):
    """Random parsed expressions for the discount, the two curves and the cut-off at tiny
    n, no Monte Carlo: a report whose numbers are finite (N(n) >= 0, each limit in [0, 1]),
    or a ValueError whose message starts with the argument's name -- never another
    exception."""
    import re

    from rankmeasures.theory.analysis import analyse

    tally["n"] += 1
    with at_most(10):
        try:
            rep = analyse(discount, cut=cut, ybar=ybar, ybar_other=ybar_other,
                          n_values=n_values, budget=0.5)
        except ValueError as exc:
            tally["errors"] += 1
            assert re.match(ARGUMENT, str(exc)), exc
            return
        rows = rep.to_rows()
        rep.to_json()
    assert rows and rep.refused is None
    for m in rep.models:
        for v in (m.pseudo or {}).values():
            assert math.isfinite(float(v)) and float(v) >= 0, (m, v)
        if m.limit_numeric is not None:
            assert -1e-12 <= float(m.limit_numeric) <= 1 + 1e-12, m


# -- the variant command for a measure (--measure) ----------------------------------------

_SPELLINGS = ["map", "AP", "Rprec", "R-prec", "P", "P_10", "P@10", "P.10", "P.5,10", "recall",
              "R", "recip_rank", "RR", "MRR", "ERR", "ERR@20", "err@3", "rbp", "rbp.p=0.8",
              "RBP(p=0.8)", "AUC", "ndcg", "nDCG@10", "ndcg_cut_10", "ndcg_cut", "bpref",
              "num_ret", "all_trec", "P@0", "P_x", "rbp.p=1.5", "RBP(p=0)", "ERR(max_grade=2)",
              "AP@5", "map_cut.5", "P(rel=2)@5", "RR@10", "recall@10", "dcg", "iprec_at_recall",
              "", " ", "P@", "@10", "ndcg(discount=1/r)@10", "rbp.0.5", "success@1"]
MEASURE_NAMES = st.one_of(
    st.sampled_from(_SPELLINGS), st.sampled_from(_SPELLINGS[:21]),
    st.builds("{}{}{}".format, st.sampled_from(["P", "recall", "ERR", "map", "RR", "rbp",
                                                  "AUC", "ndcg", "Rprec"]),
              st.sampled_from(["@", "_", ".", "_cut_", "(p=", ""]),
              st.sampled_from(["10", "0", "0.5", "x", "1,2", "0.8)", ""])),
    st.text(max_size=12))
MEASURE_CUTS = st.one_of(st.none(), st.sampled_from(
    ["n/2", "n/5", "n", "2*n", "10", "1", "0", "sqrt(n)", "n/3 + 1", "0.5", "-n/2", "log(n)"]),
    _grammar("n"))
# the argument a refusal names: the library's, or a flag of the command
REFUSAL = (r"error: (measure|cut|ybar|ybar_other|ybar, ybar_other|discount|budget|"
           r"--\w+[\w-]*): ")


@settings(derandomize=True, max_examples=30, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(measure=MEASURE_NAMES, cut=MEASURE_CUTS,
       ybar=st.one_of(st.sampled_from(["s", "(1+s)/3", "1/2", "s^2", "sqrt(s)"]), CURVES),
       ybar_other=st.one_of(st.none(), OTHERS))
@example(measure="P", cut="n/2", ybar="s", ybar_other="1/2")
@example(measure="ERR", cut=None, ybar="(1+s)/3", ybar_other="1/2")
@example(measure="bpref", cut=None, ybar="s", ybar_other=None)
@example(measure="ERR", cut=None, ybar="s", ybar_other=None)  # once a TypeError
# once a hang of the quadrature of AP's limit: now the budget's refusal
@example(measure="map", cut=None, ybar="(((s)*(exp(-1/s)))*(1 - (s)))*(s)", ybar_other=None)
def test_the_variant_command_for_a_measure_answers_or_refuses_by_name(tally, measure, cut,
                                                                       ybar, ybar_other):
    """``python -m proofs_check variant --measure NAME`` on random names (the evaluator's
    spellings, their near misses, random text), cut-offs and curves: exit 0 with a JSON
    report whose numbers are those of a measure in [0, 1] (a limit in [0, 1], a law's mean
    in [0, 1] and its variance in [0, 1/4]), or exit 2 with a message naming the argument
    -- never another exception."""
    import io
    import json
    import re
    from contextlib import redirect_stderr, redirect_stdout

    from proofs_check.__main__ import main as cli

    # --flag=value: a value may start with '-'
    args = ["variant", f"--measure={measure}", f"--ybar={ybar}", "--n=10", "--budget=3",
            "--json"]
    args += [] if cut is None else [f"--cut={cut}"]
    args += [] if ybar_other is None else [f"--ybar2={ybar_other}"]
    tally["n"] += 1
    out, err = io.StringIO(), io.StringIO()
    with at_most(30), redirect_stdout(out), redirect_stderr(err):
        try:
            code = cli(args)
        except SystemExit as exc:
            code = exc.code
    if code != 0:
        tally["errors"] += 1
        assert code == 2 and out.getvalue() == "", (code, out.getvalue())
        last = err.getvalue().splitlines()[-1]
        assert re.match("python -m proofs_check variant: " + REFUSAL, last), last
        return
    rep = json.loads(out.getvalue())
    if "analysed as" not in rep:  # NDCG: the discount analysis, fuzzed above
        return
    for m in rep["models"]:
        assert isinstance(m["converges"], bool)
        if m["limit (numeric)"] is not None:
            assert -1e-12 <= m["limit (numeric)"] <= 1 + 1e-12, m
        if "law mean (numeric)" in m:
            assert -1e-12 <= m["law mean (numeric)"] <= 1 + 1e-12, m
            assert -1e-12 <= m["law variance (numeric)"] <= 0.25 + 1e-12, m
    if ybar_other is not None:
        assert rep["pair"]["verdict"] in ("distinguishable", "not distinguishable",
                                          "undecided")
