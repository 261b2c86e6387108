"""The safe expression parser: a discount ``D(r)`` (in r, and n for a discount that depends
on the list length), a gain ``g(y)`` in the grade y, a cut-off ``k(n)`` or a relevance
curve in s, typed by the user as a string.

:func:`parse_expression` takes a whitelist (variables, numbers, ``+ - * / ^``, ``log exp
sqrt`` and the constants ``pi``, ``E``): it walks Python's syntax tree and builds the sympy
expression itself, so no string is ever evaluated as Python. The variant analysis
(:mod:`rankmeasures.theory.analysis`) reads every expression with it.

The variables are the library's symbols: ``r`` and ``n`` of :mod:`rankmeasures.discounts`,
``y`` of :mod:`rankmeasures.gains`, and :data:`s`, the argument of a relevance curve (the
score quantile of Wang et al. (2013), Section 2), in which :mod:`rankmeasures.theory`
writes its models. Importing this module loads sympy.
"""

from __future__ import annotations

import ast
import decimal

import sympy

from .discounts import n, r
from .gains import y

__all__ = ["parse_expression"]

#: The argument of a relevance curve ``ybar(s)`` (:mod:`rankmeasures.theory.asymptotics`).
s = sympy.Symbol("s", nonnegative=True)

#: Functions an expression may call, and the constants it may name.
ALLOWED_FUNCTIONS = {"log": sympy.log, "ln": sympy.log,
                     "log2": lambda x: sympy.log(x, 2), "exp": sympy.exp, "sqrt": sympy.sqrt}


_CONSTANTS = {"pi": sympy.pi, "E": sympy.E}


_SYMBOLS = {"r": r, "n": n, "s": s, "y": y}


_MAX_LENGTH = 300


_MAX_EXPONENT = 64


_MAX_DEPTH = 40


_MAX_BITS = 1 << 16


_MAX_DECIMAL_EXPONENT = 1000


def parse_expression(text: str, variables: tuple[str, ...] = ("r", "n"), *,
                     name: str = "expression") -> sympy.Expr:
    """A sympy expression from a string, by a whitelist.

    Parameters
    ----------
    text : str
        For example ``"1/log(1+r)^2"``, ``"r^(-1/2)"``, ``"3^y - 1"``, ``"s^2"``.
        ``^`` and ``**`` both mean power.
    variables : sequence of {"r", "n", "s", "y"}
        The variables allowed here.
    name : str
        The argument's name, for error messages.

    Raises
    ------
    ValueError
        For anything outside the whitelist (attribute access, subscripts, lambdas,
        keywords, strings, unknown names or functions, a constant exponent larger than
        64 in size, a number beyond 1e1000 or below 1e-1000 in size, more than 300
        characters or 40 levels of nesting). A decimal is read with every digit written
        (``0.1`` is 1/10).

    Examples
    --------
    >>> parse_expression("1/log(1+r)^2")
    log(r + 1)**(-2)
    >>> parse_expression("3^y - 1", ("y",)), parse_expression("0.1*s", ("s",))
    (3**y - 1, s/10)
    >>> parse_expression("__import__('os')")
    Traceback (most recent call last):
    ...
    ValueError: expression: calling __import__ is not allowed (allowed: log, ln, log2, exp, sqrt)
    """
    if not isinstance(text, str):
        raise ValueError(f"{name}: expected a string, got {type(text).__name__}")
    if len(text) > _MAX_LENGTH:
        raise ValueError(f"{name}: longer than {_MAX_LENGTH} characters")
    allowed = {v: _SYMBOLS[v] for v in variables}
    source = text.replace("^", "**")
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as exc:
        raise ValueError(f"{name}: not a valid expression ({exc.msg})") from None

    def build(node, depth):
        if depth > _MAX_DEPTH:
            raise ValueError(f"{name}: nested too deeply")
        if isinstance(node, ast.Expression):
            return build(node.body, depth + 1)
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool) or not isinstance(node.value, int | float):
                raise ValueError(f"{name}: only numbers are allowed as constants, got "
                                 f"{node.value!r}")
            if isinstance(node.value, int):
                return sympy.Integer(node.value)
            # the decimal as written, every digit of it (a Python float keeps 17)
            written = ast.get_source_segment(source, node) or repr(node.value)
            number = decimal.Decimal(written.replace("_", ""))
            if number and abs(number.adjusted()) > _MAX_DECIMAL_EXPONENT:
                raise ValueError(f"{name}: the number {written} is out of range (a decimal "
                                 f"exponent of at most {_MAX_DECIMAL_EXPONENT} in size)")
            return sympy.Rational(*number.as_integer_ratio())
        if isinstance(node, ast.Name):
            if node.id in allowed:
                return allowed[node.id]
            if node.id in _CONSTANTS:
                return _CONSTANTS[node.id]
            raise ValueError(f"{name}: unknown name {node.id!r} (allowed: "
                             f"{', '.join(sorted(allowed) + sorted(_CONSTANTS))})")
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            v = build(node.operand, depth + 1)
            return -v if isinstance(node.op, ast.USub) else v
        if isinstance(node, ast.BinOp) and isinstance(
                node.op, ast.Add | ast.Sub | ast.Mult | ast.Div | ast.Pow):
            a, b = build(node.left, depth + 1), build(node.right, depth + 1)
            if isinstance(node.op, ast.Add):
                return a + b
            if isinstance(node.op, ast.Sub):
                return a - b
            if isinstance(node.op, ast.Mult):
                return a * b
            if isinstance(node.op, ast.Div):
                if b == 0:
                    raise ValueError(f"{name}: division by zero")
                return a / b
            if b.is_number and abs(b) > _MAX_EXPONENT:
                raise ValueError(f"{name}: exponent {b} is too large (at most "
                                 f"{_MAX_EXPONENT} in size)")
            if a.is_Rational and b.is_Rational and abs(b) * max(
                    abs(a.p).bit_length(), a.q.bit_length()) > _MAX_BITS:
                # sympy would compute the power exactly: ((2^64)^64)^64... is too large to
                # hold, however small each exponent
                base = str(a) if len(str(a)) <= 20 else f"a {abs(a.p).bit_length()}-bit number"
                raise ValueError(f"{name}: the power ({base})^{b} is too large to compute "
                                 f"exactly (more than {_MAX_BITS} bits)")
            return a ** b
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.func.id not in ALLOWED_FUNCTIONS:
                what = node.func.id if isinstance(node.func, ast.Name) else "an expression"
                raise ValueError(f"{name}: calling {what} is not allowed (allowed: "
                                 f"{', '.join(ALLOWED_FUNCTIONS)})")
            if node.keywords or not 1 <= len(node.args) <= (2 if node.func.id == "log" else 1):
                raise ValueError(f"{name}: {node.func.id}() takes "
                                 f"{'one or two' if node.func.id == 'log' else 'one'} "
                                 "positional argument(s)")
            return ALLOWED_FUNCTIONS[node.func.id](*(build(a, depth + 1) for a in node.args))
        raise ValueError(f"{name}: {type(node).__name__} is not allowed (only numbers, the "
                         f"variables {', '.join(variables)}, + - * / ^ and "
                         f"{', '.join(ALLOWED_FUNCTIONS)})")

    out = build(tree, 0)
    if out.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):  # log(0), 0^(-1), ...
        raise ValueError(f"{name}: {text} is not finite (sympy reads it as {out})")
    return out
