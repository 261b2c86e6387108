"""DCG and NDCG with a discount or a gain of the user's own, written as an expression:
``ndcg@10(discount=1/log(1+r)^2)``, ``dcg(gain=3^y - 1)@5``,
``ndcg@20(discount=r^(-1/2), gain=y^2)``.

The expressions are read by the safe parser of the variant analysis
(:func:`rankmeasures.expressions.parse_expression`: a whitelist of numbers, ``+ - * / ^``,
``log ln log2 exp sqrt``, ``pi`` and ``E``; nothing is evaluated as Python): the discount
``D(r)`` in the position ``r`` = 1, 2, ..., the gain ``G(y)`` in the grade ``y``, as
:class:`~rankmeasures.CustomDiscount` and :func:`~rankmeasures.custom_gain` take them. So
the research loop is one step: a discount analysed by ``python -m proofs_check variant
--discount '1/log(1+r)^2'`` scores real runs under the same spelling.

The measure is the evaluator's DCG or NDCG with that discount or gain in place of the
convention's (trec_eval's: ``D(r) = 1/log2(1 + r)``, ``G(y) = y``, the grade itself), with
the same ties, cut-off, ideal ordering (by decreasing gain, the judged documents not
retrieved included) and policy for a query with IDCG = 0. An expression that is
mathematically one of the library's named discounts or gains (``1/log2(1+r)``,
``log(2)/log(1+r)``, ``1/r``, ``y``, ``2^y - 1``) is computed as that one, so
``ndcg@10(discount=1/log2(1+r), gain=y)`` is ``ndcg@10`` bit for bit; any other is
evaluated in double precision from the expression (sympy's ``lambdify`` to numpy).

Refused, with a ValueError naming the measure and the argument: an expression outside the
whitelist, a discount in anything but ``r`` (a discount that depends on the list length
has no single list length here: the ranking and its ideal differ), a gain in anything but
``y``, a discount that is not positive and finite at r = 1, ..., 1000, a gain that is not
finite at the grades 0, ..., 10 or is negative at grade 0. A gain that is negative at a
grade of the qrels is refused when the measure is computed (NDCG needs non-negative
gains).
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from .declarations import read_parameters

if TYPE_CHECKING:
    from .measure_names import MeasureSpec

__all__ = ["read_expression_measure", "gain_and_discount"]

# ndcg / dcg (and ndcg_cut), an optional @k before or after one parenthesised list of
# parameters whose values may hold parentheses and commas of their own
_HEAD = re.compile(r"^\s*(?P<base>ndcg_cut|ndcg|dcg)(?:@(?P<k1>\d+))?\s*\(", re.IGNORECASE)
_TAIL = re.compile(r"^\)\s*(?:@(?P<k2>\d+))?\s*$")
_EXPRESSION_KEYS = ("gain", "discount")
_DISCOUNT_GRID = 1000  # positions at which a discount is checked


def _split_params(body: str, name: str) -> dict[str, str]:
    """``key=value`` items separated by commas outside parentheses."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(body):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(body[start:i])
            start = i + 1
    items.append(body[start:])
    return read_parameters(items, name)


def _named(key: str, text: str, *, raise_unknown: bool = False, name: str = "") -> bool:
    """Whether ``text`` is one of the library's names of a gain or discount (with
    ``raise_unknown``, a ValueError listing the names when it is not)."""
    from ..discounts import as_discount
    from ..gains import as_gain

    try:
        (as_gain if key == "gain" else as_discount)(text)
    except ValueError as exc:
        if raise_unknown:
            raise ValueError(f"measures: {name!r}: {exc}, or an expression in "
                             f"{'y' if key == 'gain' else 'r'}") from None
        return False
    return True


def read_expression_measure(text: str, name: str) -> tuple[str, str | None,
                                                           str | None] | None:
    """The parts of ``text`` when it is a DCG or NDCG with a discount or gain expression
    (module docstring), else None (a name for the grammar of
    :func:`~rankmeasures.trec.measure_names.parse_measure`, which takes the named gains and
    discounts: ``ndcg@10(gain=exp2)``).

    Parameters
    ----------
    text : str
        The name, stripped.
    name : str
        The name as given, for the messages.

    Returns
    -------
    tuple or None
        ``(plain, gain, discount)``: the measure without its gain and discount
        (``"ndcg@10"``, ``"dcg(rel=2)"``), for the grammar; and each of the gain and the
        discount as the evaluator reads it: None for the convention's (an expression equal
        to ``y`` or ``1/log2(1+r)``), the library's name of a named one it equals
        (``"exp2"``, ``"zipf"``), or the expression as given, its values checked.

    Examples
    --------
    >>> read_expression_measure("ndcg@10(discount=1/log(1+r)^2)", "m")
    ('ndcg@10', None, '1/log(1+r)^2')
    >>> read_expression_measure("NDCG(gain=2^y - 1, discount=1/log2(1+r))@5", "m")
    ('ndcg@5', 'exp2', None)
    >>> read_expression_measure("ndcg@10(gain=exp2)", "m") is None  # a name: the grammar's
    True
    """
    head = _HEAD.match(text)
    if head is None:
        return None
    depth, close = 1, None
    for i in range(head.end(), len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            close = i
            break
    tail = _TAIL.match(text[close:]) if close is not None else None
    if tail is None:
        return None  # not one parameter list: the grammar's message
    given = _split_params(text[head.end():close], name)
    if not any(key in given and not _named(key, given[key]) for key in _EXPRESSION_KEYS):
        return None  # named gains and discounts: the grammar reads them
    base = head.group("base").lower()
    k1, k2 = head.group("k1"), tail.group("k2")
    if k1 and k2:
        raise ValueError(f"measures: {name!r}: give the cut-off once")
    k = int(k1 or k2) if (k1 or k2) else None
    if k is not None and k < 1:
        raise ValueError(f"measures: {name!r}: the cut-off must be a positive integer")
    if base == "ndcg_cut" and k is None:
        raise ValueError(f"measures: {name!r}: ndcg_cut needs a cut-off, e.g. ndcg_cut@10")
    unknown = sorted(set(given) - {"rel", *_EXPRESSION_KEYS})
    if unknown:
        raise ValueError(f"measures: {name!r}: {base} with a discount or gain expression "
                         f"takes rel, gain and discount, not {unknown[0]!r}")
    read = {}
    for key in _EXPRESSION_KEYS:
        value = given.get(key)
        read[key] = value if value is None or _named(key, value) else _reading(key, value, name)
    plain = (("dcg" if base == "dcg" else "ndcg") + (f"@{k}" if k else "")
             + (f"(rel={given['rel']})" if "rel" in given else ""))
    return plain, read["gain"], read["discount"]


#: the library's named discounts and gains an expression is compared with, and the
#: convention's (trec_eval's) own
_NAMES = {"discount": ("log2", "log", "zipf"), "gain": ("identity", "exp2")}
_DEFAULT = {"discount": "log2", "gain": "identity"}


def _reading(key: str, text: str, name: str) -> str | None:
    """What the expression ``text`` of ``key`` stands for: None when it is the
    convention's gain or discount, the name of the library's named one it equals, else
    ``text`` itself (its values checked)."""
    try:
        named = _equal_name(key, text)
    except ValueError as exc:
        if text.isidentifier():  # a misspelt name: the names' message
            _named(key, text, raise_unknown=True, name=name)
        raise ValueError(f"measures: {name!r}: {exc}") from None
    if named is not None:
        return None if named == _DEFAULT[key] else named
    _checked(key, text, name)
    return text


@functools.lru_cache(maxsize=64)
def _equal_name(key: str, text: str) -> str | None:
    """The name of the library's gain or discount equal to the expression, or None."""
    import sympy

    from ..discounts import as_discount
    from ..expressions import parse_expression
    from ..gains import as_gain

    expr = parse_expression(text, ("r",) if key == "discount" else ("y",), name=key)
    for known in _NAMES[key]:
        obj = as_discount(known) if key == "discount" else as_gain(known)
        if sympy.simplify(expr - obj.expr) == 0:
            return known
    return None


@functools.lru_cache(maxsize=64)
def _object(key: str, text: str) -> Any:
    """The Gain or Discount computed from the expression ``text``."""
    from ..discounts import CustomDiscount
    from ..expressions import parse_expression
    from ..gains import custom_gain

    if key == "discount":
        return CustomDiscount(expr=parse_expression(text, ("r",), name="discount"), name=text)
    return custom_gain(expr=parse_expression(text, ("y",), name="gain"), name=text)


def _checked(key: str, text: str, name: str) -> Any:
    """The object of :func:`_object`, its values checked where a measure reads them."""
    import numpy as np

    obj = _object(key, text)
    with np.errstate(all="ignore"):
        try:  # the library's own checks: finite, and a discount non-negative
            values = obj.weights(_DISCOUNT_GRID) if key == "discount" else obj(np.arange(11.0))
        except ValueError as exc:
            where = (f"r = 1, ..., {_DISCOUNT_GRID}" if key == "discount"
                     else "the grades 0, ..., 10")
            raise ValueError(f"measures: {name!r}: {exc} (evaluated at {where})") from None
        if key == "discount":
            w = np.asarray(values, dtype=np.float64)
            bad = np.flatnonzero(~np.isfinite(w) | (w <= 0))
            if bad.size:
                raise ValueError(f"measures: {name!r}: discount: D(r) = {text} is "
                                 f"{w[bad[0]]:g} at r = {bad[0] + 1}; a discount must be "
                                 f"positive and finite at every position (checked at r = 1, "
                                 f"..., {_DISCOUNT_GRID})")
        else:
            v = np.asarray(values, dtype=np.float64)
            bad = np.flatnonzero(~np.isfinite(v))
            if bad.size or v[0] < 0:
                at = int(bad[0]) if bad.size else 0
                raise ValueError(f"measures: {name!r}: gain: G(y) = {text} is {v[at]:g} at "
                                 f"grade {at}; a gain must be finite, and non-negative at "
                                 "grade 0 (NDCG sorts the ideal by decreasing gain)")
    return obj


def gain_and_discount(spec: MeasureSpec) -> tuple[Any, Any]:
    """The gain and discount the evaluator's DCG and NDCG use for ``spec``: a name as
    given, the object of an expression, the convention's (identity, log2) when not given.

    Examples
    --------
    >>> from rankmeasures.trec.measure_names import parse_measure
    >>> gain, discount = gain_and_discount(parse_measure("ndcg@10(discount=1/log(1+r)^2)"))
    >>> gain, discount.evaluate([1, 2]).round(6).tolist()  # 1/ln(2)^2, 1/ln(3)^2
    ('identity', [2.081369, 0.828535])
    >>> gain_and_discount(parse_measure("ndcg@10(discount=1/log2(1+r), gain=2^y-1)"))
    ('exp2', 'log2')
    """
    out = []
    for key, value, default in (("gain", spec.gain, "identity"),
                                ("discount", spec.discount, "log2")):
        if value is None or _named(key, value):
            out.append(value or default)
        else:
            out.append(_checked(key, value, spec.name))
    return out[0], out[1]

