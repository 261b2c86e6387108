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

from .._kernels import jit as _jit
from .._validation import check_positive_int
from ..discounts import as_discount
from ._label_model import _labels, _prepare

if TYPE_CHECKING:
    from .._typing import ArrayLike, DiscountLike

__all__ = ["simulate_ndcg", "latent_sample"]

#: Items per pass inside a chunk: a block's few arrays stay in a core's L2 cache, where
#: the whole chunk's (8 MiB each at 2^20) would not; 35 % less time per draw at n = 10^9.
_BLOCK = 1 << 15


def simulate_ndcg(ybar: Any, discount: DiscountLike, n: int, *, n_draws: int = 1, seed: int = 0,
                  chunk: int = 1 << 20, workers: Any = None,
                  segment_size: int | None = None) -> dict[str, np.ndarray]:
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
    workers : None, int, str or distributed.Client, optional
        Run the draws on dask.distributed, segment by segment
        (:func:`~rankmeasures.theory.segments.simulate_ndcg_segmented`): an integer starts
        a local cluster of that many worker processes, a scheduler address
        (``"tcp://host:8786"``) or a Client uses an existing cluster.
    segment_size : int, optional
        Ranks per segment of the segmented generator (default 2^20 when ``workers`` is
        given). Given with ``workers=None``, the segmented generator runs in this process.
        It draws from the same law as the default generator through other random
        streams, so its values are not this function's default ones; for one seed, n
        and segment size they are the same bits in this process, on any number of
        workers and on a cluster. ``chunk`` does not apply to it.

    Returns
    -------
    dict with arrays ``ndcg``, ``dcg``, ``idcg`` (shape (n_draws,)) and ``relevant``
    (the number of objects with a positive label in each draw). A draw with no relevant object has
    NDCG 0 (the library's default zero-IDCG policy).
    """
    if workers is not None or segment_size is not None:
        from .segments import simulate_ndcg_segmented

        return simulate_ndcg_segmented(
            ybar, discount, n, n_draws=n_draws, seed=seed, workers=workers,
            segment_size=1 << 20 if segment_size is None else segment_size)
    check_positive_int("n", n)
    check_positive_int("n_draws", n_draws)
    if chunk < 1:
        raise ValueError(f"chunk: must be positive, got {chunk}")
    model = _prepare(ybar)
    values, _, binary = model
    d = as_discount(discount)
    children = np.random.SeedSequence(seed).spawn(n_draws)
    dcg = np.zeros(n_draws)
    idcg = np.zeros(n_draws)
    relevant = np.zeros(n_draws, dtype=np.int64)
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
                counts += _labels(model, sc, u, term[b:e], compiled)
            st["log_s"] = log_s + within
            if binary:
                st["total"] += float(w @ term)
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
    check_positive_int("n", n)
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
