"""Speed of rankmeasures against its peers, same process, same inputs; printed as ratios.

Run with ``make bench`` (installs the optional peer ranx from requirements-bench.lock).
Each timing is the best of several repeats (``time.perf_counter``); a ratio above 1 means
the peer took longer than rankmeasures. Tests never assert timings: this only prints.

Cases (the foundation issue, section 5):
 (a) mean NDCG@10, 10,000 queries x 100 documents, grades 0-4
 (b) full NDCG, 1,000 x 1,000
 (c) full NDCG, one query of 10^6 documents
 (d) Kendall tau-b at n = 10^6
 (e) R(f) (Jin & Geng eq. (4)) at n = 10^6, L = 5 (no peer: ratio to one np.argsort)
 (f) scaling from 10^4 to 10^7 (time / (n log2 n) should stay flat)
 (h) rankmeasures.evaluate on a run and qrels of 10^6 rows (1,000 queries x 1,000
     documents, ids as strings), conversion included: from nested dicts and from a table
     of columns; target < 1 s
 (i) NDCG@10, P@10, AP and RR of a run of 10^6 lines in one call (nested dicts, columns,
     pytrec_eval, ranx), and reading its two files
 (k) end to end, each a fresh process: ``python -m rankmeasures`` (trec_eval's layout)
     against a pytrec_eval script and, when given (``TREC_EVAL=/path/to/trec_eval`` or
     ``--trec-eval PATH``; trec_eval is not built here: its licence is for research only),
     the trec_eval binary, with the four measures and with ``-m all_trec``; time and peak
     resident memory (targets: ours at least 2x faster, at most 2x trec_eval's memory).
     ``--end-to-end`` runs (h), (i) and (k) alone
 (g) one simulated NDCG draw of Wang et al.'s model (ybar(s) = s, standard NDCG) at
     n = 10^6 and 10^7 against a sort-based reference (draw n uniform scores and labels,
     sort, discount), and at n = 10^9 with its peak memory (skipped by --quick)

rankmeasures always runs with exact tie averaging (``ties="average"``); scores are rounded
to 3 decimals so that ties occur. Peers: scikit-learn (default tie averaging, and
``ignore_ties=True``), pytrec_eval (ties broken by document name), scipy, ranx when
installed (ties broken by its sort; its one-off JIT compile time is reported apart).
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pytrec_eval
from scipy import stats
from sklearn.metrics import ndcg_score

import rankmeasures as rm
from rankmeasures.trec.trec_files import read_qrels, read_run

try:
    import ranx
except ImportError:  # optional peer
    ranx = None


def best_of(fn, repeat=3):
    """Best time of ``repeat`` calls and the last result."""
    return best_alternating([fn], repeat)[0]


def best_alternating(fns, repeat=3):
    """Best time and last result of each function, the functions called in turn in every
    round: a ratio between them is not moved by the machine's speed drifting between
    two separate series of repeats."""
    times = [math.inf] * len(fns)
    outs = [None] * len(fns)
    for _ in range(repeat):
        for j, fn in enumerate(fns):
            t0 = time.perf_counter()
            outs[j] = fn()
            times[j] = min(times[j], time.perf_counter() - t0)
    return list(zip(times, outs, strict=True))


def data(n_queries, n_docs, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 5, (n_queries, n_docs))
    s = np.round(rng.random((n_queries, n_docs)) + 0.1 * y, 3)
    return y, s


def trec_dicts(y, s):
    qrel, run = {}, {}
    for q in range(y.shape[0]):
        qid = f"q{q}"
        qrel[qid] = {f"d{i}": int(v) for i, v in enumerate(y[q])}
        run[qid] = {f"d{i}": float(v) for i, v in enumerate(s[q])}
    return qrel, run


class Table:
    def __init__(self):
        self.rows = []

    def add(self, case, impl, seconds, ours, value=None, note=""):
        self.rows.append((case, impl, seconds, seconds / ours if ours else float("nan"),
                          value, note))

    def print(self):
        print(f"{'case':<34} {'implementation':<30} {'seconds':>9} {'ratio':>7}  "
              f"{'value':>12}  note")
        for case, impl, sec, ratio, value, note in self.rows:
            v = "" if value is None else f"{value:12.8f}"
            sec = f"{sec:9.4f}" if sec == sec else f"{'-':>9}"
            ratio = f"{ratio:7.2f}" if ratio == ratio else f"{'-':>7}"
            print(f"{case:<34} {impl:<30} {sec} {ratio}  {v:>12}  {note}")


def ndcg_case(table, label, y, s, k, repeat, floor=None):
    """The peers of one NDCG case; ``floor = (name, fn, note)``, a baseline that ours is
    held to, is timed in turn with ours (:func:`best_alternating`)."""
    if floor is None:
        t_ours, res = best_of(lambda: rm.ndcg_queries(y, s, k=k), repeat)
    else:
        (t_ours, res), (t_floor, _) = best_alternating(
            [lambda: rm.ndcg_queries(y, s, k=k), floor[1]], repeat)
    table.add(label, "rankmeasures (ties averaged)", t_ours, t_ours, res.mean)
    if floor is not None:
        table.add(label, floor[0], t_floor, t_ours, None, floor[2])
    t, v = best_of(lambda: ndcg_score(y, s, k=k), 1 if y.shape[0] > 100 else repeat)
    table.add(label, "sklearn (ties averaged)", t, t_ours, v)
    t, v = best_of(lambda: ndcg_score(y, s, k=k, ignore_ties=True), repeat)
    table.add(label, "sklearn ignore_ties=True", t, t_ours, v, "inexact on ties")
    qrel, run = trec_dicts(y, s)
    measure = "ndcg" if k is None else f"ndcg_cut.{k}"
    key = "ndcg" if k is None else f"ndcg_cut_{k}"
    t_build, ev = best_of(lambda: pytrec_eval.RelevanceEvaluator(qrel, {measure}), 1)
    t, out = best_of(lambda: ev.evaluate(run), repeat)
    v = float(np.mean([q[key] for q in out.values()]))
    table.add(label, "pytrec_eval evaluate()", t, t_ours, v,
              f"+{t_build:.2f}s evaluator build; ties by doc name")
    steps = y.shape[0] * y.shape[1] * (k or y.shape[1])
    if ranx is not None and steps > 10**10:
        # ranx's _dcg scans the qrels linearly for every ranked document: O(k |qrels|)
        table.add(label, "ranx evaluate()", float("nan"), t_ours, None,
                  f"skipped: O(k*|qrels|) per query = {steps:.0e} steps")
    elif ranx is not None:
        qr = ranx.Qrels(qrel)
        rr = ranx.Run(run)
        metric = "ndcg" if k is None else f"ndcg@{k}"
        t_compile, _ = best_of(lambda: ranx.evaluate(qr, rr, metric), 1)
        t, v = best_of(lambda: ranx.evaluate(qr, rr, metric), repeat)
        table.add(label, "ranx evaluate()", t, t_ours, float(v),
                  f"first call incl. JIT: {t_compile:.2f}s")


def sort_based_draw(n, seed):
    """The reference: n scores and labels drawn explicitly, sorted, discounted."""
    rng = np.random.default_rng(seed)
    sc = rng.random(n)
    lab = (rng.random(n) < sc).astype(np.float64)
    w = 1.0 / np.log2(np.arange(2, n + 2, dtype=np.float64))
    dcg = w @ lab[np.argsort(-sc, kind="stable")]
    return dcg / w[: int(lab.sum())].sum()


def simulation_case(quick):
    from rankmeasures.theory.asymptotics import s as s_sym
    from rankmeasures.theory.simulate import simulate_ndcg

    print("\n(g) one NDCG draw, ybar(s) = s, D = 1/log2(1+r)")
    print(f"{'n':>12} {'simulate s':>11} {'sort-based s':>13} {'ratio':>7} {'NDCG':>9} "
          f"{'reference':>9}")
    for n in (10**6, 10**7) if not quick else (10**5, 10**6):
        t1, v1 = best_of(lambda n=n: simulate_ndcg(s_sym, rm.log2_discount, n)["ndcg"][0], 2)
        t2, v2 = best_of(lambda n=n: sort_based_draw(n, 1), 2)
        print(f"{n:>12} {t1:11.3f} {t2:13.3f} {t2 / t1:7.2f} {v1:9.6f} {v2:9.6f}")
    if quick:
        return None
    # n = 10^9 in a child process that reports its own peak resident memory. Not
    # RUSAGE_CHILDREN: a forked child starts with the parent's resident pages (here the
    # benchmark's arrays), and the maxrss carried across exec counts them; VmHWM in
    # /proc/self/status belongs to the child's own address space.
    code = ("import time, rankmeasures as rm; from rankmeasures.theory.asymptotics import s; "
            "from rankmeasures.theory.simulate import simulate_ndcg; t = time.perf_counter(); "
            "simulate_ndcg(s, rm.log2_discount, 10**4); first = time.perf_counter() - t; "
            "t = time.perf_counter(); "
            "v = simulate_ndcg(s, rm.log2_discount, 10**9)['ndcg'][0]; "
            "el = time.perf_counter() - t; "
            "hwm = [ln.split()[1] for ln in open('/proc/self/status') "
            "if ln.startswith('VmHWM')]; "
            "print(el, v, hwm[0] if hwm else 'nan', first)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    peak = float(out[2]) / 1024  # KiB -> MiB
    print(f"{10**9:>12} {float(out[0]):11.1f} {'(not run)':>13} {'':>7} {float(out[1]):9.6f}"
          f"   peak resident memory of the child {peak:.0f} MiB (VmHWM); its first call "
          f"(n = 10^4) {float(out[3]):.2f} s (compile or cache load)")
    return float(out[0]), peak


def _worker_peak_mib():  # runs on a dask worker: its own peak resident memory
    hwm = [ln.split()[1] for ln in open("/proc/self/status") if ln.startswith("VmHWM")]
    return float(hwm[0]) / 1024 if hwm else float("nan")


def distributed_case(quick):
    """(j) one draw split over 1 and 2 local dask workers, the distributed path's
    overhead against the in-process simulator, and memory per worker."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        print("\n(j) dask.distributed not installed: skipped")
        return None
    from rankmeasures.theory.asymptotics import s as s_sym
    from rankmeasures.theory.simulate import simulate_ndcg

    big, mid = (10**9, 10**8) if quick else (10**10, 10**9)
    print("\n(j) one NDCG draw on dask.distributed (ybar(s) = s, D = 1/log2(1+r)); "
          "local workers, one thread each")
    simulate_ndcg(s_sym, "log2", 10**4)  # load the compiled kernels
    t0 = time.perf_counter()
    v0 = simulate_ndcg(s_sym, "log2", mid)["ndcg"][0]
    inproc = time.perf_counter() - t0
    print(f"  n = {mid:.0e}, simulate_ndcg in this process: {inproc:.1f} s (NDCG {v0:.6f})")
    out = {"inproc": inproc}
    from rankmeasures.theory.engine import connect

    for k in (1, 2):
        with connect(k) as client:  # the embedded default: a LocalCluster of k processes
            simulate_ndcg(s_sym, "log2", 10**5, workers=client)  # warm the workers
            if k == 1:
                t0 = time.perf_counter()
                v = simulate_ndcg(s_sym, "log2", mid, workers=client)["ndcg"][0]
                out["mid1"] = time.perf_counter() - t0
                print(f"  n = {mid:.0e}, 1 worker: {out['mid1']:.1f} s (NDCG {v:.6f}), "
                      f"{out['mid1'] / inproc - 1:+.1%} against the in-process simulator")
            t0 = time.perf_counter()
            v = simulate_ndcg(s_sym, "log2", big, workers=client)["ndcg"][0]
            out[f"big{k}"] = time.perf_counter() - t0
            out[f"mem{k}"] = max(client.run(_worker_peak_mib).values())
            print(f"  n = {big:.0e}, {k} worker{'s' if k > 1 else ''}: {out[f'big{k}']:.1f} s "
                  f"(NDCG {v:.6f}); peak resident memory per worker {out[f'mem{k}']:.0f} MiB")
    out["big"], out["mid"] = big, mid
    print(f"  speed-up on 2 workers: {out['big1'] / out['big2']:.2f}x")
    return out


def evaluate_case(table, scale, repeat):
    """(h): conversion and evaluation of a 10^6-row run, from dicts and from columns."""
    y, sc = data(1000 // scale, 1000, seed=3)
    qrel, run = trec_dicts(y, sc)
    label = f"(h) evaluate {y.size} rows"
    measures = ["ndcg", "ndcg@10"]
    t_ours, ev = best_of(lambda: rm.evaluate(qrel, run, measures), repeat)
    table.add(label, "rankmeasures, nested dicts", t_ours, t_ours, ev["ndcg@10"].mean,
              f"trec_eval convention; target < 1 s: {'met' if t_ours < 1 else 'NOT met'}")
    qcol = np.repeat([f"q{q}" for q in range(y.shape[0])], y.shape[1])
    dcol = np.tile([f"d{i}" for i in range(y.shape[1])], y.shape[0])
    qtab = {"query_id": qcol, "doc_id": dcol, "relevance": y.ravel()}
    rtab = {"query_id": qcol, "doc_id": dcol, "score": sc.ravel()}
    t, ev = best_of(lambda: rm.evaluate(qtab, rtab, measures), repeat)
    table.add(label, "rankmeasures, columns", t, t_ours, ev["ndcg@10"].mean,
              f"numpy str columns; target < 1 s: {'met' if t < 1 else 'NOT met'}")

    def trec():
        ev = pytrec_eval.RelevanceEvaluator(qrel, {"ndcg", "ndcg_cut.10"})
        return ev.evaluate(run)

    t, out = best_of(trec, repeat)
    table.add(label, "pytrec_eval (build+evaluate)", t, t_ours,
              float(np.mean([q["ndcg_cut_10"] for q in out.values()])))
    if ranx is not None:
        def rx():
            return ranx.evaluate(ranx.Qrels(qrel), ranx.Run(run), measures)

        rx()  # compile
        t, out = best_of(rx, 1)
        table.add(label, "ranx (Qrels+Run+evaluate)", t, t_ours, float(out["ndcg@10"]),
                  "after one warm-up call (JIT)")


#: reading 10^6 run lines and 1.5 * 10^5 qrels lines took 1.15 s before the reader was
#: rewritten; the target is 3x faster
READ_BEFORE = 1.15
READ_TARGET = round(READ_BEFORE / 3, 2)


def trec_collection(n_queries, per_query, seed=5):
    """A TREC-like collection: ``per_query`` retrieved documents per query drawn from twice
    as many, about 10 % of them judged (grades 0..3), and per_query / 20 judged documents
    of each query the run does not retrieve (so 1.5 * 10^5 qrels lines for 10^6 run
    lines); scores with 4 decimals (some ties)."""
    rng = np.random.default_rng(seed)
    q = np.repeat(np.array([f"q{i}" for i in range(n_queries)]), per_query)
    pool = rng.permuted(np.tile(np.arange(2 * per_query), (n_queries, 1)), axis=1)
    base = rng.integers(0, 10**4, n_queries)[:, None] * 10 * per_query
    docs = np.array([f"doc{i}" for i in (base + pool[:, :per_query]).ravel()])
    score = np.round(rng.random(q.size), 4)
    sel = rng.random(q.size) < 0.1
    unretrieved = per_query // 20
    missed = np.array([f"doc{i}" for i in
                       (base + pool[:, per_query:per_query + unretrieved]).ravel()])
    mq = np.repeat(np.array([f"q{i}" for i in range(n_queries)]), unretrieved)
    # each query's judged documents together, retrieved first (a qrels file's order)
    qcol = np.concatenate([q[sel], mq])
    by_query = np.argsort(np.char.replace(qcol, "q", "").astype(np.int64), kind="stable")
    n_judged = int(sel.sum()) + mq.size
    qtab = {"query_id": qcol[by_query],
            "doc_id": np.concatenate([docs[sel], missed])[by_query],
            "relevance": rng.integers(0, 4, n_judged).astype(np.float64)}
    rtab = {"query_id": q, "doc_id": docs, "score": score}
    qd, rd = {}, {}
    for a, b, c in zip(qtab["query_id"].tolist(), qtab["doc_id"].tolist(),
                       qtab["relevance"].tolist(), strict=True):
        qd.setdefault(a, {})[b] = int(c)
    for a, b, c in zip(q.tolist(), docs.tolist(), score.tolist(), strict=True):
        rd.setdefault(a, {})[b] = c
    return qtab, rtab, qd, rd


def dcg_routes_case(table, scale, repeat):
    """(m) the routes of NDCG's sum (rankmeasures._dcg_paths) on the inputs of (a), (b)
    and (c), each against the simplest (numpy, one flat lexsort of the queries, as for
    ragged input): the routing table in _dcg_paths' docstring quotes these ratios. A route
    is forced by switching the others off (the compiled kernels, the by-gain merge, the
    equal-length rows, the fused checks)."""
    import importlib

    from rankmeasures import _dcg_paths as paths
    from rankmeasures import _ragged

    dcg_module = importlib.import_module("rankmeasures.dcg")  # the module, not rm.dcg

    saved = {"compiled": paths._compiled, "rect": paths.is_rectangular,
             "ragged_rect": _ragged.is_rectangular,
             "levels": paths._MOST_LEVELS, "fused": dcg_module.ndcg_checked_in_pass}

    def routed(y, s, k, *, compiled=True, rect=True, by_gain=True, fused=True,
               ties="average"):
        def run():
            paths._compiled = saved["compiled"] if compiled else (lambda n: None)
            paths.is_rectangular = saved["rect"] if rect else (lambda offsets: False)
            _ragged.is_rectangular = saved["ragged_rect"] if rect else (lambda offsets: False)
            paths._MOST_LEVELS = saved["levels"] if by_gain else 0
            dcg_module.ndcg_checked_in_pass = saved["fused"] if fused else (
                lambda *a: (None, None))
            try:
                return rm.ndcg_queries(y, s, k=k, ties=ties)
            finally:
                paths._compiled, paths.is_rectangular = saved["compiled"], saved["rect"]
                _ragged.is_rectangular = saved["ragged_rect"]
                paths._MOST_LEVELS = saved["levels"]
                dcg_module.ndcg_checked_in_pass = saved["fused"]
        return run

    simplest = {"compiled": False, "rect": False}
    cases = [
        (f"(m) NDCG@10 {10_000 // scale}x100", data(10_000 // scale, 100), 10, {
            "compiled top-k, checks fused (default)": {},
            "compiled top-k, checks apart": {"fused": False},
            "numpy partial top-k": {"compiled": False}}),
        (f"(m) NDCG {1000 // scale}x1000", data(1000 // scale, 1000), None, {
            "compiled sorted rows (default)": {},
            "numpy tie-averaged rows": {"compiled": False}}),
        # under DCG_FROM items the kernels are never loaded: numpy's rows are the route
        ("(m) NDCG 100x100", data(100, 100), None, {
            "numpy tie-averaged rows (default)": {}}),
        (f"(m) NDCG 1x{1_000_000 // scale}", data(1, 1_000_000 // scale), None, {
            "compiled by-gain merge (default)": {},
            "compiled sorted rows": {"by_gain": False},
            "numpy tie-averaged rows": {"compiled": False}}),
    ]
    # the other tie policies sort each query by score_order and sum: equal-length rows as
    # (Q, m) row sums, against the simplest's flat bincount
    stable = {"ties": "stable"}
    cases.append((f"(m) NDCG@10 {10_000 // scale}x100, ties='stable'",
                  data(10_000 // scale, 100), 10, {"numpy sorted rows (default)": stable}))
    for label, (y, s), k, routes in cases:
        first = next(iter(routes.values())).get("ties", "average")
        fns = [routed(y, s, k, **simplest, ties=first)] + [routed(y, s, k, **o)
                                                           for o in routes.values()]
        times = best_alternating(fns, repeat if y.size > 10**5 else 30 * repeat)
        base = times[0][0]
        table.add(label, "flat lexsort (simplest)", base, base, float(times[0][1].mean))
        for (t, out), name in zip(times[1:], routes, strict=True):
            table.add(label, name, t, t, float(out.mean), f"simplest / this: {base / t:.2f}x")


def join_paths_case(table, scale, repeat):
    """(l) the ranked join's paths (rankmeasures.trec._trec_order) on the collection of
    (i), each against the simplest (every input through the dict join, every document
    of each query sorted): a path stays only where it is >= 1.5x faster than that, the
    ratio written beside it in _trec_order. Tables of numpy str columns (read_run's) go
    through the hashed-pair join; the dict join is the same input converted to dicts
    (what any other input takes); "judged placed" places the judged documents only among
    each query's sorted scores (a pool: 10 % judged), "all ordered" sorts every document
    with its id."""
    from rankmeasures.trec import _trec_order as order

    n_queries = 1000 // scale
    qtab, rtab, _, _ = trec_collection(n_queries, 1000)
    label = f"(l) ranked join, {rtab['doc_id'].size} run lines"
    sparse, columns = order._SPARSE_JUDGED, order._str_columns

    def path(hashed, placed):
        def run():
            order._SPARSE_JUDGED = float("inf") if placed else -1.0
            order._str_columns = columns if hashed else (lambda obj, value: None)
            try:
                return order.ranked_join(qtab, rtab, queries="both")
            finally:
                order._SPARSE_JUDGED, order._str_columns = sparse, columns
        return run

    names = {(False, False): "dict join, all ordered (simplest)",
             (False, True): "dict join, judged placed",
             (True, False): "hashed columns, all ordered",
             (True, True): "hashed columns, judged placed (default)"}
    times = best_alternating([path(*k) for k in names], repeat)
    simplest = times[0][0]
    for (t, out), name in zip(times, names.values(), strict=True):
        table.add(label, name, t, t, float(out.relevance.sum()),
                  f"simplest / this: {simplest / t:.2f}x")


def trec_case(table, scale, repeat, binary=None):
    """(i) NDCG@10, P@10, AP and RR of a 10^6-line run in one call, from each
    tool's own input form; then reading the two files."""
    qtab, rtab, qd, rd = trec_collection(1000 // scale, 1000)
    n = rtab["score"].size
    label = f"(i) 4 measures, {n} run lines"
    ours_m = ["ndcg@10", "P@10", "AP", "RR"]
    t_ours, ev = best_of(lambda: rm.evaluate(qd, rd, ours_m), repeat)
    table.add(label, "rankmeasures, nested dicts", t_ours, t_ours, ev["AP"].mean,
              "value: MAP (trec_eval convention)")
    t, ev = best_of(lambda: rm.evaluate(qtab, rtab, ours_m), repeat)
    table.add(label, "rankmeasures, columns", t, t_ours, ev["AP"].mean,
              "numpy str columns, as read_run returns them")

    def trec():
        e = pytrec_eval.RelevanceEvaluator(qd, {"ndcg_cut.10", "P.10", "map", "recip_rank"})
        return e.evaluate(rd)

    t, out = best_of(trec, repeat)
    table.add(label, "pytrec_eval (build+evaluate)", t, t_ours,
              float(np.mean([v["map"] for v in out.values()])))
    if ranx is not None:
        ranx_m = ["ndcg@10", "precision@10", "map", "mrr"]

        def rx():
            return ranx.evaluate(ranx.Qrels(qd), ranx.Run(rd), ranx_m)

        rx()  # compile
        t, out = best_of(rx, 1)
        table.add(label, "ranx (Qrels+Run+evaluate)", t, t_ours, float(out["map"]),
                  "after one warm-up call (JIT); ties in input order")
    with tempfile.TemporaryDirectory() as tmp:
        qpath, rpath = Path(tmp, "qrels.txt"), Path(tmp, "run.txt")
        qpath.write_text("".join(f"{a} 0 {b} {int(c)}\n" for a, b, c in zip(
            qtab["query_id"].tolist(), qtab["doc_id"].tolist(), qtab["relevance"].tolist(),
            strict=True)))
        rpath.write_text("".join(f"{a} Q0 {b} {i % 1000 + 1} {c} tag\n" for i, (a, b, c) in
                                 enumerate(zip(rtab["query_id"].tolist(),
                                               rtab["doc_id"].tolist(),
                                               rtab["score"].tolist(), strict=True))))
        m = qtab["doc_id"].size
        label = f"(i) read qrels + run ({n} run lines, {m} qrels lines)"

        def ours_read():
            return read_qrels(qpath), read_run(rpath)

        t_read, _ = best_of(ours_read, repeat)
        table.add(label, "rankmeasures.trec.trec_files", t_read, t_read, None,
                  f"target <= {READ_TARGET} s (3x the {READ_BEFORE} s before): "
                  f"{'met' if t_read <= READ_TARGET else 'NOT met'}")

        def trec_read():
            with open(qpath) as fq, open(rpath) as fr:
                return pytrec_eval.parse_qrel(fq), pytrec_eval.parse_run(fr)

        t, _ = best_of(trec_read, repeat)
        table.add(label, "pytrec_eval.parse_qrel/run", t, t_read)
        if ranx is not None:
            t, _ = best_of(lambda: (ranx.Qrels.from_file(str(qpath), kind="trec"),
                                    ranx.Run.from_file(str(rpath), kind="trec")), 1)
            table.add(label, "ranx Qrels/Run.from_file", t, t_read)
        # end to end, each a fresh process reading the two files and printing the means:
        # the command against a pytrec_eval script doing the same
        script = ("import sys, numpy as np, pytrec_eval\n"
                  "q = pytrec_eval.parse_qrel(open(sys.argv[1]))\n"
                  "r = pytrec_eval.parse_run(open(sys.argv[2]))\n"
                  "res = pytrec_eval.RelevanceEvaluator(q, set(sys.argv[3:])).evaluate(r)\n"
                  "for k in next(iter(res.values())): "
                  "print(k, np.mean([v[k] for v in res.values()]))\n")
        # the bytecode of our modules written once, as an install writes it: where
        # PYTHONDONTWRITEBYTECODE is set every fresh process would compile them afresh
        # (pytrec_eval is a compiled extension, numpy's bytecode is in site-packages)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        subprocess.run([sys.executable, "-m", "rankmeasures", str(qpath), str(rpath), "-m",
                        "map"], check=True, capture_output=True, env=env)
        for what, measures in (("4 measures", ["ndcg_cut.10", "P.10", "map", "recip_rank"]),
                               ("all_trec", ["all_trec"])):
            label = f"(k) end to end, {what}, {n} run lines, {m} qrels lines"
            flags = [a for m in measures for a in ("-m", m)]
            # trec_eval's own layout: the command's output is then trec_eval's, byte for
            # byte (tests/test_trec_eval_outputs.py)
            cmd = [sys.executable, "-m", "rankmeasures", str(qpath), str(rpath), *flags,
                   "--format", "trec_eval"]
            peer = [sys.executable, "-c", script, str(qpath), str(rpath), *measures]
            commands = [cmd, peer]
            if binary is not None:
                commands.append([binary, *flags, str(qpath), str(rpath)])
            # fresh processes, in turn in each round (best of 7: a process's wall time
            # varies with what else the machine runs)
            times = best_alternating([lambda c=c: subprocess.run(c, check=True,
                                                                 capture_output=True)
                                      for c in commands], 7)
            peaks = [peak_memory_mib(c) for c in commands]
            t_cmd = times[0][0]
            table.add(label, "python -m rankmeasures", t_cmd, t_cmd, None,
                      f"a fresh process: import, read, evaluate, print; peak "
                      f"{peaks[0]:.0f} MiB")
            t = times[1][0]
            table.add(label, "pytrec_eval script", t, t_cmd, None,
                      f"target: ours >= 2x faster: {'met' if t >= 2 * t_cmd else 'NOT met'}; "
                      f"peak {peaks[1]:.0f} MiB")
            if binary is None:
                table.add(label, "trec_eval binary", float("nan"), t_cmd, None,
                          "skipped: no binary given (TREC_EVAL=/path/to/trec_eval or "
                          "--trec-eval PATH)")
                continue
            t = times[2][0]
            table.add(label, "trec_eval binary", t, t_cmd, None,
                      f"target: ours >= 2x faster: {'met' if t >= 2 * t_cmd else 'NOT met'}; "
                      f"peak {peaks[2]:.0f} MiB, ours / this {peaks[0] / peaks[2]:.2f} "
                      f"(target <= 2: {'met' if peaks[0] <= 2 * peaks[2] else 'NOT met'})")
            MEMORY.append((what, peaks[0] / peaks[2]))


#: (case, our peak memory / trec_eval's) of each end-to-end case run against the binary
MEMORY: list = []


def trec_eval_binary(path: str | None) -> str | None:
    """The trec_eval binary to compare the command with (``--trec-eval``, else the
    environment's ``TREC_EVAL``), or None: its rows are skipped. Its source is not in
    this repository (trec_eval is licensed for research only)."""
    path = path or os.environ.get("TREC_EVAL")
    if not path:
        return None
    if not os.access(path, os.X_OK):
        raise SystemExit(f"--trec-eval / TREC_EVAL: {path!r} is not an executable")
    return path


#: a small Python (no site, no numpy) that forks, runs the command with stdout to
#: /dev/null and prints the child's peak resident memory (KiB) from wait4: the child's
#: own, as /usr/bin/time measures it (a child forked from this large process and exec'd
#: would carry this process's peak into its maxrss)
_PEAK = ("import os, sys\n"
         "pid = os.fork()\n"
         "if pid == 0:\n"
         "    fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 1); os.dup2(fd, 2)\n"
         "    os.execv(sys.argv[1], sys.argv[1:])\n"
         "_, status, usage = os.wait4(pid, 0)\n"
         "print(usage.ru_maxrss, os.waitstatus_to_exitcode(status))\n")


def peak_memory_mib(command: list) -> float:
    """Peak resident memory (MiB) of one run of ``command`` in a fresh process."""
    out = subprocess.run([sys.executable, "-I", "-S", "-c", _PEAK, *command],
                         capture_output=True, text=True, check=True).stdout.split()
    if out[1] != "0":
        raise RuntimeError(f"{command[0]} exited with status {out[1]}")
    return float(out[0]) / 1024


def import_case():
    """``import rankmeasures`` in a fresh process, best of 5 (numpy's own import included)."""
    code = ("import time; t = time.perf_counter(); import rankmeasures; "
            "print(time.perf_counter() - t)")
    best = min(float(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                    text=True, check=True).stdout) for _ in range(5))
    code = ("import time; t = time.perf_counter(); import numpy; "
            "print(time.perf_counter() - t)")
    numpy_alone = min(float(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                           text=True, check=True).stdout) for _ in range(5))
    verdict = "met" if best < 0.3 else "NOT met"
    print(f"\nimport rankmeasures in a fresh process (best of 5): {best:.3f} s "
          f"(numpy alone {numpy_alone:.3f} s); target < 0.3 s: {verdict}")
    return best


FLAT = 1.5  # "flat" ns/(n log n): the largest at most 1.5x the smallest over 10^4..10^7


def print_targets(table, scaling, draw, import_s, dist=None):
    """Every speed target beside its measured value, and whether it holds."""
    rows = []

    def row(target, measured, holds):
        rows.append((target, measured, "yes" if holds else "NO"))

    for case in ("(a)", "(c)"):
        ours = [r for r in table.rows if r[0].startswith(case) and r[1].startswith("rank")]
        for case_label, impl, sec, ratio, _, _ in table.rows:
            if not case_label.startswith(case) or impl.startswith("rank") or sec != sec:
                continue
            if "floor" in impl:
                mult = ours[0][2] / sec
                row(f"{case} ours <= 1.5x {impl}", f"{mult:.2f}x", mult <= 1.5)
            else:
                row(f"{case} >= 2x faster than {impl}", f"{ratio:.2f}", ratio >= 2)
    for case_label, impl, _, ratio, _, _ in table.rows:
        if case_label.startswith("(b)") and not impl.startswith("rank") and ratio == ratio:
            row(f"(b) faster than {impl} (keep)", f"{ratio:.2f}", ratio > 1)
        if case_label.startswith("(d)") and impl.startswith("scipy"):
            row("(d) tau-b >= 2x faster than scipy", f"{ratio:.2f}", ratio >= 2)
        if case_label.startswith("(i) 4") and not impl.startswith("rank") and ratio == ratio:
            row(f"(i) >= 2x faster than {impl}", f"{ratio:.2f}", ratio >= 2)
        if case_label.startswith("(k)") and not impl.startswith("python -m") and ratio == ratio:
            what = case_label.split(", ")[1]
            row(f"(k) {what}: command >= 2x faster than {impl}", f"{ratio:.2f}", ratio >= 2)
    for what, ratio in MEMORY:
        row(f"(k) {what}: command's peak memory <= 2x trec_eval's", f"{ratio:.2f}x",
            ratio <= 2)
        if case_label.startswith("(i) read") and impl.startswith("rank"):
            sec = [r[2] for r in table.rows if r[0] == case_label and r[1] == impl][0]
            row(f"(i) reading both files <= {READ_TARGET} s (>= 3x the {READ_BEFORE} s "
                "before)", f"{sec:.3f} s ({READ_BEFORE / sec:.1f}x)", sec <= READ_TARGET)
        if case_label.startswith("(h)") and impl.startswith("rankmeasures"):
            sec = [r[2] for r in table.rows if r[0] == case_label and r[1] == impl][0]
            row(f"(h) evaluate, {impl.split(', ')[1]}: < 1 s", f"{sec:.3f} s", sec < 1)
    n_top, _, _, tau_top, scipy_top = scaling[-1]
    row(f"(f) tau at n = {n_top:.0e} >= 2x faster than scipy", f"{scipy_top / tau_top:.2f}",
        scipy_top / tau_top >= 2)
    vals = [r[2] for r in scaling]
    row(f"(f) tau ns/(n log n) flat (max <= {FLAT}x min)",
        f"{min(vals):.2f} .. {max(vals):.2f}", max(vals) <= FLAT * min(vals))
    if draw is not None:
        row("(g) one draw at n = 1e9 <= 20 s", f"{draw[0]:.1f} s", draw[0] <= 20)
        row("(g) its peak memory <= 1 GiB", f"{draw[1]:.0f} MiB", draw[1] <= 1024)
    row("import rankmeasures < 0.3 s", f"{import_s:.3f} s", import_s < 0.3)
    if dist is not None:
        up = dist["big1"] / dist["big2"]
        row(f"(j) n = {dist['big']:.0e} on 2 workers >= 1.8x 1 worker", f"{up:.2f}x", up >= 1.8)
        over = dist["mid1"] / dist["inproc"] - 1
        row(f"(j) distributed overhead at n = {dist['mid']:.0e} <= 10 %", f"{over:+.1%}",
            over <= 0.10)
        row("(j) peak memory per worker, for information",
            f"{max(dist['mem1'], dist['mem2']):.0f} MiB", "-")
    # NDCG's scaling is shown, not held to a target (the flat-scaling target is tau's): its
    # ns/(n log n) falls from 10^4 on, where the fixed cost of a call dominates
    vals = [r[1] for r in scaling]
    rows.append(("(f) ndcg ns/(n log n), for information", f"{vals[0]:.2f} .. {vals[-1]:.2f}",
                 "-"))
    width = max(len(r[0]) for r in rows)
    print(f"\ntargets, this run\n"
          f"{'target':<{width}}  {'measured':>14}  holds")
    for target, measured, holds in rows:
        print(f"{target:<{width}}  {measured:>14}  {holds}")


def scaling_child(top: int) -> None:
    """(f) from 10^4 to 10^top: prints ``n, ndcg s, tau s, scipy tau s`` per line.

    The sizes are timed in rounds, each round calling every size in turn, and each size
    keeps its best call over all rounds: the machine's speed drifts by tens of percent
    within minutes, and sizes timed one after the other would each see a different
    machine (a flatness ratio is a comparison across sizes).
    """
    rng = np.random.default_rng(1)
    rm.kendall_tau(rng.random(5000), rng.random(5000))  # load the compiled kernels
    rm.ndcg(rng.integers(0, 5, 1 << 17), rng.random(1 << 17))
    sizes = [10**e for e in range(4, top + 1)]
    inputs = {n: (rng.integers(0, 5, n), np.round(rng.random(n), 6)) for n in sizes}
    # calls per size and round: more where a call takes a millisecond or less
    calls = {10**4: 21, 10**5: 5, 10**6: 2}
    best = {n: [math.inf, math.inf] for n in sizes}
    for _ in range(5):
        for n in sizes:
            yy, ss = inputs[n]
            for j, fn in enumerate((rm.ndcg, rm.kendall_tau)):
                t, _ = best_of(lambda fn=fn, yy=yy, ss=ss: fn(yy, ss), calls.get(n, 1))
                best[n][j] = min(best[n][j], t)
    for n in sizes:
        yy, ss = inputs[n]
        t3, _ = best_of(lambda yy=yy, ss=ss: stats.kendalltau(yy, ss), 2)
        print(n, best[n][0], best[n][1], t3, flush=True)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="smaller sizes (a smoke run)")
    p.add_argument("--scaling-child", type=int, help=argparse.SUPPRESS)
    p.add_argument("--join-paths", action="store_true",
                   help="case (l) alone: the ranked join's paths")
    p.add_argument("--dcg-routes", action="store_true",
                   help="case (m) alone: the routes of NDCG's sum")
    p.add_argument("--trec-eval", metavar="PATH",
                   help="trec_eval's binary, for case (k) (default: $TREC_EVAL; without "
                        "it those rows are skipped)")
    p.add_argument("--end-to-end", action="store_true",
                   help="cases (h), (i) and (k) alone: evaluate, reading and the command")
    args = p.parse_args(argv)
    binary = trec_eval_binary(args.trec_eval)
    if args.scaling_child:
        scaling_child(args.scaling_child)
        return
    scale = 10 if args.quick else 1
    repeat = 3
    table = Table()
    if args.join_paths or args.dcg_routes or args.end_to_end:
        if args.end_to_end:
            evaluate_case(table, scale, repeat)
            trec_case(table, scale, repeat, binary)
        if args.join_paths:
            join_paths_case(table, scale, repeat)
        if args.dcg_routes:
            dcg_routes_case(table, scale, repeat)
        table.print()
        if MEMORY:
            for what, ratio in MEMORY:
                print(f"(k) {what}: the command's peak memory / trec_eval's: {ratio:.2f}")
        return

    y, s = data(10_000 // scale, 100)
    # (a) takes milliseconds: more repeats, so that the ratio to the floor is not noise
    ndcg_case(table, f"(a) NDCG@10 {y.shape[0]}x100", y, s, 10, 3 * repeat,
              floor=("np.argpartition top-k (floor)", lambda: np.argpartition(-s, 9, axis=1),
                     "ignores ties; target: ours <= 1.5x this; timed in turn with ours"))
    y, s = data(1000 // scale, 1000)
    ndcg_case(table, f"(b) NDCG {y.shape[0]}x1000", y, s, None, repeat)
    y, s = data(1, 1_000_000 // scale)
    ndcg_case(table, f"(c) NDCG 1x{y.shape[1]}", y, s, None, repeat,
              floor=("one np.argsort (floor)", lambda: np.argsort(s[0]),
                     "target: ours <= 1.5x this; timed in turn with ours"))

    n = 1_000_000 // scale
    rng = np.random.default_rng(1)
    x = np.round(rng.random(n), 4)
    z = np.round(x + rng.random(n), 4)
    label = f"(d) Kendall tau-b n={n}"
    # the compiled kernel's first call in a fresh process: compile, or load from its cache
    code = ("import time, numpy as np, rankmeasures as rm; x = np.random.default_rng(0)"
            ".random(5000); t = time.perf_counter(); rm.kendall_tau(x, x[::-1]); "
            "print(time.perf_counter() - t)")
    first = float(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                 text=True, check=True).stdout)
    t_ours, v = best_of(lambda: rm.kendall_tau(x, z), repeat)
    from rankmeasures._kernels import pairs as _pairs_kernel

    kernel = "numba kernel" if _pairs_kernel.available() else "numpy kernel (no numba)"
    table.add(label, f"rankmeasures ({kernel})", t_ours, t_ours, v,
              f"first call in a new process {first:.2f}s (compile or cache load)")
    t, v = best_of(lambda: stats.kendalltau(x, z).statistic, repeat)
    table.add(label, "scipy.stats.kendalltau", t, t_ours, v)

    g = rng.integers(0, 5, n)
    label = f"(e) R(f) n={n}, L=5"
    t_ours, v = best_of(lambda: rm.pairwise_loss(g, z), repeat)
    table.add(label, "rankmeasures pairwise_loss", t_ours, t_ours, float(v))
    t, _ = best_of(lambda: np.argsort(z), repeat)
    table.add(label, "one np.argsort (baseline)", t, t_ours)
    evaluate_case(table, scale, repeat)
    trec_case(table, scale, repeat, binary)
    join_paths_case(table, scale, repeat)
    dcg_routes_case(table, scale, repeat)
    table.print()

    print("\n(f) scaling: seconds / (n log2 n) x 1e9 should stay roughly flat (measured in a "
          "fresh process)")
    print(f"{'n':>10} {'ndcg s':>9} {'ns/nlogn':>9} {'tau s':>9} {'ns/nlogn':>9} "
          f"{'scipy tau s':>11}")
    # a child process: after the cases above this process's heap has held and freed
    # arrays of hundreds of MiB, and the allocator then makes every small call slower
    # (tau at 10^4: 0.33 ms fresh, 0.48 ms after a few 80 MiB arrays came and went)
    out = subprocess.run([sys.executable, __file__, "--scaling-child", str(6 if args.quick
                                                                           else 7)],
                         capture_output=True, text=True, check=True).stdout
    scaling = []
    for line in out.splitlines():
        n, t1, t2, t3 = (float(v) for v in line.split())
        n = int(n)
        nl = n * math.log2(n)
        print(f"{n:>10} {t1:9.4f} {t1 / nl * 1e9:9.2f} {t2:9.4f} {t2 / nl * 1e9:9.2f} "
              f"{t3:11.4f}")
        scaling.append((n, t1 / nl * 1e9, t2 / nl * 1e9, t2, t3))
    draw = simulation_case(args.quick)
    dist = distributed_case(args.quick)
    import_s = import_case()
    print_targets(table, scaling, draw, import_s, dist)
    if ranx is None:
        print("\nranx not installed: `make bench` installs it from "
              "benchmarks/requirements-bench.lock", file=sys.stderr)


if __name__ == "__main__":
    main()
