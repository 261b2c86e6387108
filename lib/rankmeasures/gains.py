"""Gain functions G(y) turning relevance grades into DCG gains.

References
----------
Jin & Geng, eq. (2) (the exponential gain 2^r - 1 of classical NDCG) and eq. (1) (the
identity gain of the linear NDCG); Järvelin & Kekäläinen (2002) and the tutorial of
Fürnkranz & Hüllermeier (the identity gain l(i)); Zhou, Zha, Xue, Yu (gain vectors G_l).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np

from ._lazy import LazyModule, is_instance_of

sympy = LazyModule("sympy")

__all__ = ["y",  # noqa: F822 - y is made on first access (module __getattr__)
           "Gain", "identity_gain", "exponential_gain", "custom_gain", "as_gain"]

def _grade_symbol():
    """The grade symbol ``y`` of every gain's sympy form, made on first use (with sympy)."""
    if "y" not in globals():
        globals()["y"] = sympy.Symbol("y", nonnegative=True)
    return globals()["y"]


def __getattr__(name):
    if name == "y":
        return _grade_symbol()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Gain:
    """A gain ``G(y)`` with a numpy evaluation and, where it has one, a sympy form.

    Parameters
    ----------
    func : callable
        Vectorised ``func(y)`` on float64 arrays.
    expr : sympy expression or callable, optional
        The same function in the symbol :data:`y`, or a function of that symbol returning
        it (``lambda y: 2**y - 1``; sympy is then imported only when :attr:`expr` is read).
    name : str
    integer_grades : bool
        Whether the gain is defined on integer grades only (then non-integer grades raise).

    Examples
    --------
    >>> import numpy as np
    >>> import rankmeasures as rm
    >>> g = rm.Gain(np.square, expr=lambda y: y**2, name="y^2")
    >>> g([0, 1, 3]).tolist()
    [0.0, 1.0, 9.0]
    >>> g.expr
    y**2
    >>> rm.dcg([3, 0, 1], [3, 2, 1], gain=g)  # 9/log2(2) + 0/log2(3) + 1/log2(4)
    9.5
    """

    def __init__(self, func: Callable, *, expr=None, name: str = "gain",
                 integer_grades: bool = False):
        self._func = func
        self._expr = expr
        self.name = name
        self.integer_grades = integer_grades

    def __call__(self, grades) -> np.ndarray:
        g = np.asarray(grades, dtype=np.float64)
        if self.integer_grades and not np.all(g == np.round(g)):
            bad = np.flatnonzero(g.ravel() != np.round(g.ravel()))[0]
            raise ValueError(
                f"y_true: the gain {self.name} needs integer grades, got {g.ravel()[bad]!r}"
            )
        out = np.asarray(self._func(g), dtype=np.float64)
        if out.shape != g.shape or out is g or out.base is not None:  # a fresh array
            out = np.broadcast_to(out, g.shape).copy()
        # a finite sum proves every value finite (a non-finite one may be an overflow)
        with np.errstate(over="ignore", invalid="ignore"):
            finite = np.isfinite(np.add.reduce(out, axis=None))
        if not finite and not np.all(np.isfinite(out)):
            raise ValueError(f"gain: {self.name} gave a non-finite value")
        return out

    @property
    def expr(self):
        """The sympy form in :data:`y`, or None."""
        if callable(self._expr) and not is_instance_of(self._expr, "sympy", "Basic"):
            self._expr = self._expr(_grade_symbol())
        return self._expr

    def __repr__(self) -> str:
        return f"<Gain {self.name}>"


#: ``G(y) = y`` (trec_eval, scikit-learn; Jin & Geng eq. (1); the tutorial's l(i)).
identity_gain = Gain(lambda g: g, expr=lambda y: y, name="y")

#: ``G(y) = 2^y - 1`` on integer grades (Jin & Geng eq. (2), the classical NDCG^alpha).
exponential_gain = Gain(lambda g: np.exp2(g) - 1.0,
                        expr=lambda y: 2**y - 1, name="2^y-1", integer_grades=True)


def custom_gain(func: Callable | None = None, *, expr: Any = None, name: str | None = None,
                integer_grades: bool = False) -> Gain:
    """A user-defined gain from a callable or a sympy expression in :data:`y`.

    Parameters
    ----------
    func : callable, optional
        Vectorised ``func(y)`` on float64 arrays of grades.
    expr : sympy expression, optional
        The gain in the symbol :data:`y` (give exactly one of ``func`` and ``expr``); it
        also gives the exact form :func:`~rankmeasures.dcg_symbolic` uses.
    name : str, optional
        Default the expression's text, or the callable's ``__name__``.
    integer_grades : bool
        Whether non-integer grades raise.

    Returns
    -------
    Gain

    Examples
    --------
    >>> import rankmeasures as rm
    >>> from rankmeasures.gains import y
    >>> g = rm.custom_gain(expr=y**2)
    >>> g.name, g([0, 1, 3]).tolist()
    ('y**2', [0.0, 1.0, 9.0])
    >>> rm.custom_gain(lambda v: 10 * v, name="10y")([0, 2]).tolist()
    [0.0, 20.0]
    """
    if (func is None) == (expr is None):
        raise ValueError("func, expr: give exactly one of a callable or a sympy expression")
    if expr is not None:
        y = _grade_symbol()
        expr = sympy.sympify(expr)
        extra = expr.free_symbols - {y}
        if extra:
            raise ValueError(f"expr: only the symbol y is allowed, found {sorted(map(str, extra))}")
        return Gain(sympy.lambdify(y, expr, modules="numpy"), expr=expr,
                    name=name or str(expr), integer_grades=integer_grades)
    if not callable(func):
        raise ValueError(f"func: must be callable, got {type(func).__name__}")
    return Gain(func, name=cast(str, name or getattr(func, "__name__", "custom")),
                integer_grades=integer_grades)


_NAMED = {"identity": identity_gain, "linear": identity_gain, "exp2": exponential_gain,
          "exponential": exponential_gain}


def as_gain(obj: Any) -> Gain:
    """A :class:`Gain` from an instance, a name (``"identity"``, ``"exp2"``), a sympy
    expression in ``y`` or a callable.

    Parameters
    ----------
    obj : Gain, str, sympy expression or callable
        A :class:`Gain` is returned as it is; the names are ``"identity"`` (or
        ``"linear"``), ``G(y) = y``, and ``"exp2"`` (or ``"exponential"``), ``2^y - 1``;
        an expression or a callable goes through :func:`custom_gain`.

    Returns
    -------
    Gain

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.as_gain("exp2")([0, 1, 2]).tolist()  # 2^y - 1
    [0.0, 1.0, 3.0]
    >>> rm.as_gain("linear") is rm.as_gain("identity")
    True
    """
    if isinstance(obj, Gain):
        return obj
    if isinstance(obj, str):
        try:
            return _NAMED[obj]
        except KeyError:
            raise ValueError(f"gain: unknown name {obj!r}; known: {sorted(_NAMED)}") from None
    if is_instance_of(obj, "sympy", "Basic"):
        return custom_gain(expr=obj)
    if callable(obj):
        return custom_gain(obj)
    raise ValueError(f"gain: cannot make a gain from {type(obj).__name__}")
