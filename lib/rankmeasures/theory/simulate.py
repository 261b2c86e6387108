"""Monte Carlo NDCG of a ranking function at large n, in O(n) time and bounded memory.

The model of Wang et al. (2013), Section 2: n objects with canonical scores
``ftilde(X) ~ U[0, 1]`` (Lemma 1) and binary labels with ``P[Y = 1 | ftilde = s] =
ybar(s)``. The scores are never sorted: the decreasing order statistics are generated
directly, ``log s_(r) = sum_{i<=r} log(V_i) / (n - i + 1)`` with ``V_i ~ U(0, 1)`` (the
maximum of m uniforms on [0, t] is ``t V^(1/m)``), chunk by chunk with the running sum
carried over, so n = 10^9 needs only one chunk of memory. Each draw uses two child
streams of the seed (scores, labels), so results do not depend on the chunk size.

:func:`latent_sample` is the joint model used to compare ranking functions on one
sample (the paper's prefixes S_n, and P[NDCG(f0) > NDCG(f1)]): several scores of the
same objects, which :func:`simulate_ndcg`'s one-function model cannot couple.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import sympy

from .._kernels import jit as _jit
from ..discounts import as_discount

if TYPE_CHECKING:
    from .._typing import ArrayLike, DiscountLike

__all__ = ["simulate_ndcg", "latent_sample"]

#: Items per pass inside a chunk: a block's few arrays stay in a core's L2 cache, where
#: the whole chunk's (8 MiB each at 2^20) would not; 35 % less time per draw at n = 10^9.
_BLOCK = 1 << 15


def _numpy_curve(ybar):
    from .asymptotics import s as s_sym

    if isinstance(ybar, sympy.Basic):
        fn = sympy.lambdify(s_sym, ybar, modules="numpy")
        return lambda x: np.broadcast_to(np.asarray(fn(x), dtype=np.float64), x.shape)
    if not callable(ybar):
        raise ValueError(f"ybar: must be callable or a sympy expression, got {type(ybar).__name__}")
    return ybar


def simulate_ndcg(ybar: Any, discount: DiscountLike, n: int, *, n_draws: int = 1, seed: int = 0,
                  chunk: int = 1 << 20) -> dict[str, np.ndarray]:
    """Independent draws of NDCG, DCG and IDCG for binary or graded relevance.

    Parameters
    ----------
    ybar : callable on numpy arrays, sympy expression in ``asymptotics.s``, or
        ``asymptotics.GradedRelevance``
        ``P[Y = 1 | ftilde = s]`` (values in [0, 1]), or graded labels with their
        conditional probabilities (the gain of a label is its value).
    discount : Discount or name
    n : int
        Objects per draw.
    n_draws : int
    seed : int
    chunk : int
        Items generated at a time (memory bound).

    Returns
    -------
    dict with arrays ``ndcg``, ``dcg``, ``idcg`` (shape (n_draws,)) and ``relevant``
    (the number of objects with a positive label in each draw). A draw with no relevant object has
    NDCG 0 (the library's default zero-IDCG policy).
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n: must be a positive integer, got {n!r}")
    if isinstance(n_draws, bool) or not isinstance(n_draws, (int, np.integer)) or n_draws < 1:
        raise ValueError(f"n_draws: must be a positive integer, got {n_draws!r}")
    if chunk < 1:
        raise ValueError(f"chunk: must be positive, got {chunk}")
    from .asymptotics import GradedRelevance

    if isinstance(ybar, GradedRelevance):
        values = np.array([float(v) for v in ybar.raw_values])
        probs = [_numpy_curve(q) for q in ybar.prob_specs]
    else:
        values = np.array([1.0, 0.0])
        f1 = _numpy_curve(ybar)
        probs = [f1, lambda x, f1=f1: 1.0 - f1(x)]
    d = as_discount(discount)
    children = np.random.SeedSequence(seed).spawn(n_draws)
    dcg = np.zeros(n_draws)
    idcg = np.zeros(n_draws)
    relevant = np.zeros(n_draws, dtype=np.int64)
    binary = values.size == 2 and values[1] == 0 and not isinstance(ybar, GradedRelevance)
    length = n if d.needs_n else None
    ln = None if length is None else np.float64(length)
    compiled = _jit.load("simulate_numba")  # the same values, fewer passes (tested)
    first = min(n, chunk)  # the longest chunk; buffers are reused across chunks and draws
    w_buf = np.empty(first)  # D(r) over the chunk
    term_buf = np.empty(first)  # per item: 1.0 if relevant (binary) or its gain (graded)
    s_buf = np.empty(min(first, _BLOCK))
    u_buf = np.empty(min(first, _BLOCK))
    # chunk by chunk, and within a chunk draw by draw: D over the chunk is the same for
    # every draw and is computed once. Each draw keeps its own two streams and running
    # state, consumed in the same order as draw by draw, so every value is the one a
    # draw-by-draw loop gives (the draws are independent)
    draws = []
    for child in children:
        score_rng, label_rng = (np.random.default_rng(c) for c in child.spawn(2))
        draws.append({"score_rng": score_rng, "label_rng": label_rng, "log_s": 0.0,
                      "total": 0.0, "counts": np.zeros(values.size, dtype=np.int64)})
    chunk_sums = []  # sum of D over each chunk: the prefix sums IDCG needs
    for start in range(0, n, chunk):
        stop = min(n, start + chunk)
        w, term = w_buf[: stop - start], term_buf[: stop - start]
        for b in range(0, stop - start, _BLOCK):  # in the blocks the draws use below
            d._fill(start + b + 1, w[b:min(stop - start, b + _BLOCK)], ln)
        chunk_sums.append(float(w.sum()))
        for st in draws:
            score_rng, label_rng, log_s = st["score_rng"], st["label_rng"], st["log_s"]
            counts = st["counts"]
            within = 0.0  # the chunk's running sum of log U / (n - r + 1) so far
            # block by block, each block's arrays in cache; every value is the one the
            # whole-chunk computation gives: the running sum goes on in np.cumsum's order
            # and the sums over the chunk (D, DCG) are taken over the whole chunk below
            for b in range(0, stop - start, _BLOCK):
                e = min(stop - start, b + _BLOCK)
                sc, u = s_buf[: e - b], u_buf[: e - b]
                score_rng.random(e - b, out=sc)
                np.log(sc, out=sc)
                if compiled is not None:
                    within = compiled.running_log_scores(sc, float(n - start - b), within, log_s)
                else:
                    sc /= np.arange(n - start - b, n - start - e, -1, dtype=np.float64)
                    if b:
                        sc[0] += within
                    np.cumsum(sc, out=sc)
                    within = float(sc[-1])
                    sc += log_s
                np.exp(sc, out=sc)
                label_rng.random(e - b, out=u)
                if binary:  # grade 0 (value 1) iff u < ybar(s): the graded rule with L = 2
                    p1 = probs[0](sc)
                    if compiled is not None and p1.shape == sc.shape:
                        valid = compiled.binary_terms(u, np.ascontiguousarray(p1, np.float64),
                                                      term[b:e])
                    else:
                        valid = p1.min() >= 0 and p1.max() <= 1  # NaN fails both
                        np.less(u, p1, out=term[b:e])
                    if not valid:
                        raise ValueError("ybar: values must lie in [0, 1]")
                    continue
                pr = np.array([q(sc) for q in probs])
                # written so that NaN fails: every value in [0, 1], every sum within 1e-9 of 1
                if not (np.all((pr >= 0) & (pr <= 1))
                        and np.all(np.abs(pr.sum(axis=0) - 1) <= 1e-9)):
                    raise ValueError("ybar: values must lie in [0, 1] (probabilities summing to 1)")
                cdf = np.cumsum(pr, axis=0)  # P[Y >= values[j] | s]
                grade = (u[None, :] >= cdf).sum(axis=0)
                grade = np.minimum(grade, values.size - 1)
                np.take(values, grade, out=term[b:e])
                counts += np.bincount(grade, minlength=values.size)
            st["log_s"] = log_s + within
            if binary:
                n_rel = int(term.sum())  # a sum of ones and zeros: exact below 2^53
                st["total"] += float(w @ term)
                counts += (n_rel, term.size - n_rel)
            else:
                st["total"] += float((term * w).sum())
    # IDCG: grade j fills positions edges[j]+1 .. edges[j+1]; S(m) = sum_{r<=m} D(r)
    # from the chunk sums plus one partial chunk
    before = np.concatenate([[0.0], np.cumsum(chunk_sums)])

    def prefix(m):
        full, rest = divmod(int(m), chunk)
        if rest == 0:
            return float(before[full])
        pos = np.arange(full * chunk + 1, full * chunk + rest + 1, dtype=np.float64)
        return float(before[full]) + float(d.evaluate(pos, length).sum())

    for t, st in enumerate(draws):
        edges = np.concatenate([[0], np.cumsum(st["counts"])])
        ideal = 0.0
        for j in range(values.size):
            if values[j] != 0 and edges[j + 1] > edges[j]:
                ideal += values[j] * (prefix(edges[j + 1]) - prefix(edges[j]))
        dcg[t], idcg[t] = st["total"], ideal
        relevant[t] = int(st["counts"][values > 0].sum())
    ndcg = np.divide(dcg, idcg, out=np.zeros_like(dcg), where=idcg > 0)
    return {"ndcg": ndcg, "dcg": dcg, "idcg": idcg, "relevant": relevant}


def latent_sample(n: int, noise: ArrayLike, *, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """One sample of n objects scored by several ranking functions at once.

    Each object has a latent ``Z ~ U(0, 1)`` and a label ``Y ~ Bernoulli(Z)``; ranking
    function j scores it ``Z + noise[j] * E_j`` with ``E_j`` standard normal, and
    ``noise[j] = inf`` means a random ranking (an independent uniform score). With noise
    0 the canonical score is Z itself, so ``ybar(s) = s``; with infinite noise
    ``ybar = 1/2``; in between ``ybar`` is increasing and flatter.

    Parameters
    ----------
    n : int
        Objects.
    noise : sequence of float >= 0 (or inf)
        One entry per ranking function.
    seed : int

    Returns
    -------
    labels : ndarray of float, shape (n,)
    scores : ndarray of float, shape (len(noise), n)
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n: must be a positive integer, got {n!r}")
    sig = np.asarray(noise, dtype=np.float64)
    if sig.ndim != 1 or sig.size == 0 or np.any(np.isnan(sig)) or np.any(sig < 0):
        raise ValueError("noise: expected a non-empty 1-d sequence of values >= 0 (inf allowed)")
    rng = np.random.default_rng(seed)
    z = rng.random(n)
    labels = (rng.random(n) < z).astype(np.float64)
    scores = np.empty((sig.size, n))
    for j, sd in enumerate(sig):
        scores[j] = rng.random(n) if np.isinf(sd) else z + sd * rng.standard_normal(n)
    return labels, scores
