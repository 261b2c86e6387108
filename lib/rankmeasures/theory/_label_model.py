"""The label model of the Monte Carlo simulators: Wang et al. (2013), Section 2.

A model is ``ybar`` -- ``P[Y = 1 | ftilde = s]`` as a sympy expression in
``asymptotics.s`` or a numpy callable -- or an ``relevance.GradedRelevance`` (graded
labels with their conditional probabilities). :func:`prepare` turns it into numpy
probability curves once; :func:`draw_labels` draws the labels of a block of scores from
uniforms. Shared by :mod:`~rankmeasures.theory.simulate` and
:mod:`~rankmeasures.theory.segments` (which the former calls for its distributed draws).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import sympy

__all__ = ["numpy_curve", "prepare", "draw_labels"]


def numpy_curve(ybar):
    """``ybar`` (a sympy expression in ``asymptotics.s`` or a numpy callable) as a numpy
    callable of an array of scores.

    Examples
    --------
    >>> from rankmeasures.theory.asymptotics import s
    >>> numpy_curve(s / 2)(np.array([0.5, 1.0])).tolist()
    [0.25, 0.5]
    """
    from .asymptotics import s as s_sym

    if isinstance(ybar, sympy.Basic):
        fn = sympy.lambdify(s_sym, ybar, modules="numpy")
        return lambda x: np.broadcast_to(np.asarray(fn(x), dtype=np.float64), x.shape)
    if not callable(ybar):
        raise ValueError(f"ybar: must be callable or a sympy expression, got {type(ybar).__name__}")
    return ybar


def prepare(ybar) -> tuple:
    """(label values high to low, their numpy probability curves, binary?) of a model;
    memoised (sympy's lambdify took milliseconds per task)."""
    try:
        return _prepare_cached(ybar)
    except TypeError:  # an unhashable model
        return _prepare_model(ybar)


def _prepare_model(ybar) -> tuple:
    from .relevance import GradedRelevance

    if isinstance(ybar, GradedRelevance):
        return (np.array([float(v) for v in ybar.raw_values]),
                [numpy_curve(q) for q in ybar.prob_specs], False)
    return np.array([1.0, 0.0]), [numpy_curve(ybar)], True


_prepare_cached = lru_cache(maxsize=32)(_prepare_model)


def draw_labels(model, s: np.ndarray, u: np.ndarray, term: np.ndarray, compiled) -> np.ndarray:
    """In place: the gain of each item into ``term`` (binary: 1.0 iff ``u < ybar(s)``, the
    graded rule with two labels; graded: the first label whose cumulative probability
    exceeds ``u``), with the check of the model's values; returns the items per label
    value. Shared by :func:`~rankmeasures.theory.simulate.simulate_ndcg` and
    :mod:`~rankmeasures.theory.segments`."""
    values, curves, binary = model
    if not binary:
        pr = np.array([np.broadcast_to(c(s), s.shape) for c in curves])
        # written so that NaN fails: every value in [0, 1], every sum within 1e-9 of 1
        if not (np.all((pr >= 0) & (pr <= 1)) and np.all(np.abs(pr.sum(axis=0) - 1) <= 1e-9)):
            raise ValueError("ybar: values must lie in [0, 1] (probabilities summing to 1)")
        grade = np.minimum((u[None, :] >= np.cumsum(pr, axis=0)).sum(axis=0), values.size - 1)
        np.take(values, grade, out=term)
        return np.bincount(grade, minlength=values.size)
    p1 = np.broadcast_to(np.asarray(curves[0](s), dtype=np.float64), s.shape)
    if compiled is not None:  # the label draw and the check of ybar in one pass
        valid = compiled.binary_terms(u, np.ascontiguousarray(p1), term)
    else:
        valid = p1.min() >= 0 and p1.max() <= 1  # NaN fails both
        np.less(u, p1, out=term)
    if not valid:
        raise ValueError("ybar: values must lie in [0, 1]")
    rel = int(term.sum())  # a sum of ones and zeros: exact
    return np.array([rel, term.size - rel])
