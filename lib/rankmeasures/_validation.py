"""Input checks shared by every measure.

Each check raises :class:`ValueError` naming the argument and the problem; nothing is
coerced silently (an integer array becomes float64 only when that loses no value).
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ._kernels import jit as _jit

__all__ = [
    "as_float_array",
    "as_grades",
    "check_int",
    "check_real",
    "check_option",
    "check_option_or_none",
    "check_bool",
    "check_k",
    "check_positive_int",
    "check_same_length",
    "check_nonnegative",
    "as_offsets",
    "as_float_pair",
]


def as_float_array(name: str, x, *, ndim: int = 1, allow_empty: bool = False,
                   finite: bool = True) -> np.ndarray:
    """Return ``x`` as a float64 array of dimension ``ndim`` with only finite values.

    ``finite=False`` leaves the finiteness of a float input to the caller (a compiled
    pass that checks it as it goes, then calls this again to raise the error).
    """
    arr = np.asarray(x)
    # the dtype's kind letter, not np.issubdtype (a few microseconds per call, which a
    # loop over small queries pays many times): b bool, i/u integers, f floats, c complex;
    # anything else (objects, strings, dates, time deltas) is not a number to rank by
    kind = arr.dtype.kind
    if kind not in "biufc":
        raise ValueError(f"{name}: expected numbers, got an array of dtype {arr.dtype}")
    if kind == "c":
        raise ValueError(f"{name}: complex values are not allowed")
    if arr.ndim != ndim:
        raise ValueError(f"{name}: expected a {ndim}-d array, got shape {arr.shape}")
    if arr.size == 0 and not allow_empty:
        raise ValueError(f"{name}: empty input (no items to rank)")
    if kind != "f":  # integers and booleans: always finite
        wide = kind in "iu" and arr.dtype.itemsize == 8
        if (wide and arr.dtype.isnative and arr.size >= _jit.VALIDATION_FROM
                and (kernel := _jit.load("validation_numba"))):
            out = np.empty(arr.shape)  # one pass: convert and find the range
            lo, hi = kernel.int_to_float(arr.reshape(-1), out.reshape(-1))
        elif wide and arr.size:  # (narrower integers always fit in 53 bits)
            out, lo, hi = None, arr.min(), arr.max()
        else:
            out, lo, hi = None, 0, 0
        if hi > 2**53 or lo < -(2**53):
            raise ValueError(f"{name}: integers beyond 2**53 cannot be represented exactly")
        return arr.astype(np.float64) if out is None else out
    out = arr.astype(np.float64, copy=False)
    if not finite:
        return out
    # one pass in the common case: any NaN or infinity makes the sum non-finite, so a
    # finite sum proves every value finite (a non-finite sum may be a mere overflow)
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.add.reduce(out, axis=None)
    if not np.isfinite(total) and not np.all(np.isfinite(out)):
        bad = int(np.flatnonzero(~np.isfinite(out.ravel()))[0])
        raise ValueError(
            f"{name}: contains a non-finite value ({float(out.ravel()[bad])} at flat index {bad})"
        )
    return out


def as_grades(name: str, y, *, ndim: int = 1) -> np.ndarray:
    """Float array of integer-valued, non-negative grades (0, 1, ..., L-1)."""
    out = as_float_array(name, y, ndim=ndim)
    if not np.all(out == np.round(out)):
        bad = np.flatnonzero(out.ravel() != np.round(out.ravel()))[0]
        raise ValueError(
            f"{name}: grades must be integers, got {out.ravel()[bad]!r} at flat index {bad}"
        )
    check_nonnegative(name, out)
    return out


def check_nonnegative(name: str, x: np.ndarray) -> None:
    """Raise when ``x`` has a negative entry."""
    if x.size and x.min() < 0:
        bad = int(np.argmin(x.ravel()))
        raise ValueError(
            f"{name}: must be non-negative for this measure, got {float(x.ravel()[bad])!r} "
            f"at flat index {bad}"
        )


def check_same_length(names: tuple[str, str], a: np.ndarray, b: np.ndarray) -> None:
    """Raise when two arrays differ in shape."""
    if a.shape != b.shape:
        raise ValueError(
            f"{names[0]} and {names[1]}: different shapes {a.shape} and {b.shape}"
        )


def check_int(name: str, v, *, min: int | None = None, max: int | None = None,
              why: str = "") -> int:
    """An integer (Python or numpy, not a bool) in ``[min, max]``, as an int.

    The one integer check of the library: every message reads ``"<name>: must be ...,
    got <value>"`` (``why``, when given, follows the rule in parentheses).

    Examples
    --------
    >>> import numpy as np
    >>> check_int("k", np.int64(5), min=1)
    5
    >>> check_int("n_levels", 1, min=2)
    Traceback (most recent call last):
    ...
    ValueError: n_levels: must be an integer >= 2, got 1
    """
    if min is not None and max is not None:
        rule = f"an integer in [{min}, {max}]"
    elif min == 1:
        rule = "a positive integer"
    elif min is not None:
        rule = f"an integer >= {min}"
    elif max is not None:
        rule = f"an integer <= {max}"
    else:
        rule = "an integer"
    # typeshed's numbers.Integral declares no order with int (hence the ignore)
    if isinstance(v, bool) or not isinstance(v, numbers.Integral) or (
            min is not None and v < min) or (max is not None and v > max):  # type: ignore[operator]
        raise ValueError(f"{name}: must be {rule}{f' ({why})' if why else ''}, got {v!r}")
    return int(v)


def check_real(name: str, v, *, gt: float | None = None, ge: float | None = None,
               lt: float | None = None, le: float | None = None, why: str = "") -> float:
    """A finite real number (Python or numpy, not a bool) within the bounds given, as a
    float; messages as :func:`check_int`'s.

    Examples
    --------
    >>> import numpy as np
    >>> check_real("beta", np.float32(0.5), gt=0)
    0.5
    >>> check_real("fraction", 0, gt=0, le=1)
    Traceback (most recent call last):
    ...
    ValueError: fraction: must be a real number in (0, 1], got 0
    """
    lo = (f"({gt:g}" if gt is not None else f"[{ge:g}" if ge is not None else None)
    hi = (f"{lt:g})" if lt is not None else f"{le:g}]" if le is not None else None)
    if lo and hi:
        rule = f"a real number in {lo}, {hi}"
    elif lo:
        rule = f"a real number {'>' if gt is not None else '>='} {lo[1:]}"
    elif hi:
        rule = f"a real number {'<' if lt is not None else '<='} {hi[:-1]}"
    else:
        rule = "a finite real number"
    # typeshed's numbers.Real declares no order with float (hence the ignore)
    ok = not isinstance(v, bool) and isinstance(v, numbers.Real) and math.isfinite(v) and (
        (gt is None or v > gt) and (ge is None or v >= ge) and (lt is None or v < lt)  # type: ignore[operator]
        and (le is None or v <= le))
    if not ok:
        raise ValueError(f"{name}: must be {rule}{f' ({why})' if why else ''}, got {v!r}")
    return float(v)


def check_option(name: str, v, options) -> str:
    """One of ``options`` (strings), as given.

    Examples
    --------
    >>> check_option("ties", "average", ("average", "optimistic"))
    'average'
    """
    if not isinstance(v, str) or v not in options:
        raise ValueError(f"{name}: must be one of {tuple(options)}, got {v!r}")
    return v


def check_option_or_none(name: str, v, options) -> str | None:
    """None, or one of ``options`` (strings), as given; messages as :func:`check_option`'s.

    Examples
    --------
    >>> check_option_or_none("ties", None, ("average", "optimistic")) is None
    True
    >>> check_option_or_none("ties", "stable", ("average",))
    Traceback (most recent call last):
    ...
    ValueError: ties: must be one of ('average',) or None, got 'stable'
    """
    if v is not None and (not isinstance(v, str) or v not in options):
        raise ValueError(f"{name}: must be one of {tuple(options)} or None, got {v!r}")
    return v


def check_bool(name: str, v) -> bool:
    """True or False (Python's or numpy's), as a bool; not 0 or 1.

    Examples
    --------
    >>> check_bool("judged_only", 1)
    Traceback (most recent call last):
    ...
    ValueError: judged_only: must be True or False, got 1
    """
    if not isinstance(v, bool | np.bool_):
        raise ValueError(f"{name}: must be True or False, got {v!r}")
    return bool(v)


def check_k(k, name: str = "k") -> int | None:
    """``None`` or a positive integer cut-off, as an int; messages as :func:`check_int`'s.

    Examples
    --------
    >>> import numpy as np
    >>> check_k(np.int64(10)), check_k(None)
    (10, None)
    >>> check_k(0)
    Traceback (most recent call last):
    ...
    ValueError: k: must be a positive integer (or None), got 0
    """
    return None if k is None else check_int(name, k, min=1, why="or None")


def check_positive_int(name: str, v) -> int:
    """A positive integer (Python or numpy; not a bool), as an int."""
    return check_int(name, v, min=1)


def as_offsets(offsets, n_items: int, name: str = "offsets") -> np.ndarray:
    """Validate query offsets ``[0, e_1, ..., n_items]`` (strictly increasing, int64)."""
    arr = np.asarray(offsets)
    if arr.ndim != 1 or arr.size < 2:
        raise ValueError(f"{name}: expected a 1-d array [0, ..., n] with at least 2 entries")
    if arr.dtype.kind not in "iu":
        raise ValueError(f"{name}: must be integers, got dtype {arr.dtype}")
    arr = arr.astype(np.int64)
    if arr[0] != 0 or arr[-1] != n_items:
        raise ValueError(
            f"{name}: must start at 0 and end at the number of items ({n_items}); "
            f"got {arr[0]} ... {arr[-1]}, so they do not partition the arrays"
        )
    d = np.diff(arr)
    if np.any(d <= 0):
        q = int(np.flatnonzero(d <= 0)[0])
        raise ValueError(
            f"{name}: query {q} is empty or offsets decrease ({arr[q]} -> {arr[q + 1]}); "
            "every query needs at least one item"
        )
    return arr


def as_float_pair(names: tuple[str, str], a, b) -> tuple[np.ndarray, np.ndarray]:
    """Two finite 1-d float arrays of the same length (named in errors by ``names``)."""
    xa = as_float_array(names[0], a)
    xb = as_float_array(names[1], b)
    check_same_length(names, xa, xb)
    return xa, xb
