"""The names of the measures of :func:`rankmeasures.evaluate`: their grammar and parser.

:data:`~rankmeasures.trec.declarations.MEASURES` is the one declaration of every
measure (ours, ir_measures' and trec_eval's names for it, its cut-off rule, its
parameters with their types and defaults (:class:`~rankmeasures.trec.declarations.Param`),
family, how trec_eval prints and summarises it, the source that defines it), in
:mod:`rankmeasures.trec.declarations`. The parser below, the dispatcher of
:func:`rankmeasures.evaluate`, the computation of trec_eval's measures (their parameters'
defaults) and the command's help and ``trec_eval`` output read it;
:func:`~rankmeasures.trec.declarations.measure_table` renders it for the docs.

trec_eval's catalogue follows usnistgov/trec_eval's ``measures.c`` at commit
4e0ebd07b4b4fd8dd2594d67e617512bdf6a07f5
(:data:`~rankmeasures.trec.declarations.TREC_EVAL_SOURCE`): its measure table
``te_trec_measures[]`` is the order of trec_eval's output
(:data:`~rankmeasures.trec.declarations.TREC_ORDER`), its nicknames ``official``,
``all_trec`` and ``set`` are :data:`~rankmeasures.trec.declarations.GROUPS`.

A name is a measure, an optional cut-off and optional parameters, in our or ir_measures'
spelling::

    name := measure [ "(" params ")" ] [ sep k ] [ "(" params ")" ]
    sep  := "@" | "_cut_" | "_cut." | "_" | "."
    params := key "=" value { "," key "=" value }

so ``ndcg@10``, ``nDCG@10``, ``ndcg_cut_10``, ``P@5``, ``P_5``, ``P(rel=2)@5``
(ir_measures' order), ``IPrec@0.5``, ``RBP(p=0.8)`` and ``ERR@10`` parse (any case) -- or in
trec_eval's ``-m`` syntax, ``measure.params`` with trec_eval's exact name, which may name
several values at once: ``P.5,7,3`` (P_3, P_5, P_7), ``ndcg_cut.10,20``,
``iprec_at_recall..10,.25``, ``Rprec_mult.5.0,0.2``, ``ndcg.1=3,2=9`` (gain per grade),
``utility.2,-1,0,0``, ``11pt_avg..25,.5,.75``, ``rbp.0.8``, ``unj.5,10``; and the groups
``official``, ``all_trec`` and ``set`` (trec_eval's nicknames,
:data:`~rankmeasures.trec.declarations.GROUPS`).
trec_eval reads these parameters with C's ``atol`` (cut-offs) and ``atof`` (the others,
meas_init.c): the leading number of each comma-separated item counts and the rest of the
item is ignored, so ``ndcg_cut.10,20,23.4`` is ndcg_cut_10, _20 and _23; an item with no
leading number, which trec_eval would read as 0, is refused here.

A list of names is read as trec_eval reads its ``-m`` options (:func:`parse_measure_list`;
trec_eval.c, meas_init.c): a trec_eval measure named in several ``-m`` -- directly, in a
group, with parameters -- is computed once, and parameters given in trec_eval's syntax
*replace* its defaults, the first ``measure.params`` of that measure winning (``-m all_trec
-m P.5`` gives P_5 alone); names in our spelling add their own values.
:func:`parse_measures` expands one name; :func:`parse_measure` parses a name of one
measure.

Parameters (:class:`~rankmeasures.trec.declarations.Param`; each measure's own in
:data:`~rankmeasures.trec.declarations.MEASURES`): ``rel=L`` -- a document
is relevant when its grade is at least ``L`` (the binary measures; default 1, trec_eval's
``-l``); ``gain=`` and ``discount=`` -- names of :func:`rankmeasures.as_gain`
(``identity``, ``exp2``) and :func:`rankmeasures.as_discount` (``log2``, ``log``,
``zipf``, ...) for ``dcg`` and ``ndcg``, or expressions in r and in the grade y
(``ndcg@10(discount=1/log(1+r)^2)``, :mod:`~rankmeasures.trec.expression_measures`);
``dcg=log2`` or ``dcg=exp-log2`` is ir_measures' spelling of the same; ``p=`` the
persistence of RBP; ``beta=`` of set_F; ``max_grade=`` of ERR; and, in trec_eval's
syntax only, ``gains`` (``ndcg.1=3,2=9``), ``coefficients`` (``utility.2,-1,0,0``),
``points`` (``11pt_avg..25,.5``) and ``length`` (``relstring.20``). A parameter a measure
does not declare is an error.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from .declarations import (
    BY_TREC,
    GROUPS,
    IR_DCG,
    MEASURES,
    MeasureInfo,
    c_atof,
    c_atol,
    finite_number,
    read_parameters,
)

__all__ = ["MeasureSpec", "parse_measure", "parse_measures", "parse_measure_list"]

#: trec_eval's measure of a measure's values at a cut-off -> that measure (``ndcg_cut``:
#: ``ndcg``), from :attr:`~rankmeasures.trec.declarations.MeasureInfo.trec_cut`
_CUT_OF = {m.trec_cut: k for k, m in MEASURES.items() if m.trec_cut}
_ALIAS = {a: k for k, m in MEASURES.items() for a in m.aliases} | _CUT_OF
_NUM = r"(?:\d+(?:\.\d*)?|\.\d+)"
_GRAMMAR = re.compile(
    r"^(?P<base>[A-Za-z0-9][A-Za-z0-9_\-]*?)(?:\((?P<p1>[^()]*)\))?"
    rf"(?:(?:@|_cut_|_cut\.|_|\.)(?P<k>{_NUM}))?(?:\((?P<p2>[^()]*)\))?$")


def _close_names(text: str, base: str) -> list[str]:
    """Up to three known names closest to a mistyped one (difflib), its cut-off kept:
    ``nDGC@10`` -> ``ndcg@10``; ``ndcg_cut10`` -> ``ndcg_cut_10``."""
    import difflib

    names = {a.lower(): a for a in _ALIAS} | {t.lower(): t for t in BY_TREC}
    tail = text[len(base):] if text.startswith(base) else ""
    tries = [(base, tail)]
    cut = re.fullmatch(r"(.*?[A-Za-z])[_.]?(\d+)", base)
    if cut and not tail:  # a cut-off glued to the name, tried first
        tries.insert(0, (cut.group(1), f"_{cut.group(2)}"))
    found: list[str] = []
    for stem, end in tries:
        for c in difflib.get_close_matches(stem.lower(), list(names), n=3, cutoff=0.6):
            guess = f"{names[c]}{end}"
            try:  # only a name that parses ("ndcg_cut" alone needs its cut-off)
                parse_measures(guess)
            except ValueError:
                continue
            if guess not in found:
                found.append(guess)
    return found[:3]


@dataclass(frozen=True)
class MeasureSpec:
    """A parsed measure (:func:`parse_measure`).

    Attributes
    ----------
    name : str
        As given (the key of the result), or trec_eval's name of one of the values a
        trec_eval-style name expands to (``P.5,10`` -> ``P_5``, ``P_10``).
    kind : str
        A key of :data:`~rankmeasures.trec.declarations.MEASURES`.
    k : int or None
        The cut-off.
    rel : float or None
        The relevance level, when given.
    gain, discount : str or None
        For ``dcg`` and ``ndcg``, when given.
    p : float or None
        A recall point or multiple of R (``iprec_at_recall``, ``Rprec_mult``), or RBP's
        persistence.
    params : tuple
        The other parameters given, as ``(key, value)`` pairs (``gains``:
        ``((grade, gain), ...)``; ``coefficients``, ``points``, ``beta``, ``max_grade``,
        ``length``); those not given take their declared defaults where they are
        computed (:func:`~rankmeasures.trec.declarations.declared_defaults`).
    trec_name : str or None
        trec_eval's printed name of this value, when trec_eval computes it.

    Examples
    --------
    >>> [(s.name, s.kind, s.k) for s in parse_measures("P.5,10")]
    [('P_5', 'P', 5), ('P_10', 'P', 10)]
    """

    name: str
    kind: str
    k: int | None = None
    rel: float | None = None
    gain: str | None = None
    discount: str | None = None
    p: float | None = field(default=None, repr=False)
    params: tuple = field(default=(), repr=False)
    trec_name: str | None = field(default=None, repr=False)

    @property
    def info(self) -> MeasureInfo:
        return MEASURES[self.kind]

    @property
    def trec_gains(self) -> bool:
        """Whether trec_eval's ``grade=gain`` pairs are given (``ndcg.1=3,2=9``): the
        measure is then computed on trec_eval's ranking, as trec_eval computes it."""
        return any(key == "gains" for key, _ in self.params)

    @property
    def options(self) -> dict:
        out = dict(self.params)
        if self.p is not None:
            out["p"] = self.p
        if self.k is not None:
            out["k"] = self.k
        if "gains" in out:
            out["gains"] = dict(out["gains"])
        return out


def _trec_label(info: MeasureInfo, value=None, printable: str | None = None) -> str:
    """trec_eval's printed name (meas_init.c: ``%s_%ld``, ``%s_%3.2f``, ``%s_%s``)."""
    assert info.trec is not None  # a measure of BY_TREC
    if info.cut == "long" and value is not None:
        return f"{info.trec}_{int(value)}"
    if info.cut == "double" and value is not None:
        return f"{info.trec}_{value:3.2f}"
    return f"{info.trec}_{printable}" if printable else info.trec


def _trec_specs(info: MeasureInfo, text: str | None, name: str) -> list[MeasureSpec]:
    """The values of trec_eval's measure ``info`` with parameter text ``text`` (None:
    trec_eval's defaults), as trec_eval's init_meas reads them (meas_init.c: cut-offs by
    ``atol``, sorted, positive and distinct; points and parameters by ``atof``)."""
    kind = _CUT_OF.get(info.kind, info.kind)
    if info.cut in ("long", "double"):
        if text is None:
            values: Sequence[float] = list(info.default)
        elif info.cut == "long":
            values = sorted(c_atol(s, name, "cut-off") for s in text.split(","))
            if values[0] <= 0:
                raise ValueError(f"measures: {name!r}: the cut-offs must be positive "
                                 "integers")
        else:
            values = sorted(c_atof(s, name, "parameter") for s in text.split(","))
        if len(set(values)) < len(values):
            raise ValueError(f"measures: {name!r}: duplicate cut-offs (trec_eval refuses "
                             "them)")
        if info.cut == "long":
            return [MeasureSpec(_trec_label(info, v), kind, k=int(v),
                                trec_name=_trec_label(info, v)) for v in values]
        return [MeasureSpec(_trec_label(info, v), kind, p=float(v),
                            trec_name=_trec_label(info, v)) for v in values]
    label = _trec_label(info, printable=text)
    if text is None or info.cut is None:
        if text is not None:
            raise ValueError(f"measures: {name!r}: {info.trec} takes no parameters")
        return [MeasureSpec(label, kind, trec_name=label)]
    param = info.trec_param
    assert param is not None  # every measure of cut "double_params"/"pairs" declares one
    if param.name == "p":  # p=value (trec_eval's), or the bare persistence
        value = param.read_trec([text.removeprefix("p=")], name)
        return [MeasureSpec(label, kind, p=value, trec_name=label)]
    value = param.read_trec(text.split(","), name)
    return [MeasureSpec(label, kind, params=((param.name, value),), trec_name=label)]


def _keyed(specs: list[MeasureSpec], name: str) -> list[MeasureSpec]:
    """A trec_eval-style name of one value is keyed by the name as given."""
    if len(specs) == 1:
        s = specs[0]
        return [MeasureSpec(name, s.kind, s.k, p=s.p, params=s.params, trec_name=s.trec_name)]
    return specs


def parse_measure_list(names: Sequence[str]) -> list[MeasureSpec]:
    """Every measure a list of names names, as trec_eval reads its ``-m`` options.

    A trec_eval measure -- named by its trec_eval name, in a group (``all_trec``) or with
    parameters in trec_eval's syntax (``P.5,10``) -- is computed once, at the place of its
    first mention; parameters in trec_eval's syntax replace its defaults, and of several
    the first wins (meas_init.c: each measure's init takes the first ``-m measure.params``
    naming it). A name in our or ir_measures' spelling (``P@5``, ``nDCG@10``,
    ``RBP(p=0.8)``) adds its own value.

    Examples
    --------
    >>> [s.trec_name for s in parse_measure_list(["all_trec", "P.5"]) if s.kind == "P"]
    ['P_5']
    >>> [s.name for s in parse_measure_list(["P.5,10", "P.20", "P@3"])]
    ['P_5', 'P_10', 'P@3']
    >>> [s.name for s in parse_measure_list(["relstring", "relstring.20"])]
    ['relstring.20']
    """
    order: list = []  # trec_eval measures (their trec name) and our specs, first mention
    marked: set[str] = set()
    args: dict[str, tuple[str, str]] = {}  # trec name -> (parameter text, name as given)
    seen: set[str] = set()

    def mark(trec: str) -> None:
        if trec not in marked:
            marked.add(trec)
            order.append(trec)

    for name in names:
        if not isinstance(name, str):
            raise ValueError(f"measures: a measure name must be a str, got "
                             f"{type(name).__name__}")
        text = name.strip()
        base, dot, rest = text.partition(".")
        if text in GROUPS:
            for t in GROUPS[text]:
                mark(t)
        elif dot and base in GROUPS:
            raise ValueError(f"measures: {name!r}: a group takes no parameters")
        elif dot and base in BY_TREC and BY_TREC[base].cut:
            if not rest:
                raise ValueError(f"measures: {name!r}: no parameters after the '.'")
            if base not in args:  # the first parameters of a measure win
                _trec_specs(BY_TREC[base], rest, name)  # refused now if malformed
                args[base] = (rest, name)
            mark(base)
        elif text in BY_TREC:
            mark(text)
        else:
            spec = parse_measure(name)
            if spec.name not in seen:
                seen.add(spec.name)
                order.append(spec)
    out: list[MeasureSpec] = []
    for item in order:
        if isinstance(item, MeasureSpec):
            out.append(item)
            continue
        info = BY_TREC[item]
        if item in args:
            rest, given = args[item]
            out += _keyed(_trec_specs(info, rest, given), given)
        elif info.cut in ("long", "double"):  # trec_eval's -m P: every default
            out += _trec_specs(info, None, item)
        else:
            out.append(parse_measure(item))
    return out


def parse_measures(name: str) -> list[MeasureSpec]:
    """Every measure a name names: a group (``all_trec``), a trec_eval-style name with
    several values (``P.5,10``) or one measure (:func:`parse_measure`).

    Examples
    --------
    >>> [s.name for s in parse_measures("P.10,5")]
    ['P_5', 'P_10']
    >>> [s.name for s in parse_measures("iprec_at_recall..25,.5")]
    ['iprec_at_recall_0.25', 'iprec_at_recall_0.50']
    >>> [s.name for s in parse_measures("ndcg_cut.10,20,23.4")]  # atol: 23.4 is 23
    ['ndcg_cut_10', 'ndcg_cut_20', 'ndcg_cut_23']
    >>> len(parse_measures("all_trec"))  # 37 measures, 100 values
    100
    """
    return parse_measure_list([name])


def parse_measure(name: str) -> MeasureSpec:
    """Parse the name of one measure (module docstring); ValueError names what is wrong.

    Examples
    --------
    >>> parse_measure("P(rel=2)@5")
    MeasureSpec(name='P(rel=2)@5', kind='P', k=5, rel=2.0, gain=None, discount=None)
    >>> parse_measure("ndcg_cut_10").k
    10
    >>> parse_measure("IPrec@0.5").p, parse_measure("iprec_at_recall_0.50").p
    (0.5, 0.5)
    """
    if not isinstance(name, str):
        raise ValueError(f"measures: a measure name must be a str, got {type(name).__name__}")
    text = name.strip()
    if text in BY_TREC and (BY_TREC[text].family == "trec"
                             or BY_TREC[text].cut == "double_params"):
        if BY_TREC[text].cutoff == "required":
            raise ValueError(f"measures: {name!r}: {text} needs a cut-off, e.g. {text}@10")
        return _trec_specs(BY_TREC[text], None, name)[0]
    base0, dot, rest = text.partition(".")
    if dot and base0 in BY_TREC and BY_TREC[base0].cut in ("double_params", "pairs"):
        return _keyed(_trec_specs(BY_TREC[base0], rest, name), name)[0]
    from .expression_measures import read_expression_measure

    custom = read_expression_measure(text, name)  # ndcg@10(discount=1/log(1+r)^2)
    if custom is not None:  # the plain measure with the user's gain and discount
        plain, gain, discount = custom
        try:
            spec = parse_measure(plain)
        except ValueError as exc:  # rel=: named as the measure was given
            raise ValueError(str(exc).replace(repr(plain), repr(name), 1)) from None
        if gain is None and discount is None:  # the convention's own, computed as it is
            return replace(spec, name=name)
        return replace(spec, name=name, gain=gain, discount=discount, trec_name=None)
    m = _GRAMMAR.match(text)
    base = m.group("base").lower() if m else None
    if base not in _ALIAS:
        close = _close_names(text, m.group("base") if m else text)
        if close:
            raise ValueError(f"measures: unknown measure {name!r}; did you mean "
                             + " or ".join(repr(c) for c in close) + "? (`python -m "
                             "rankmeasures --help` lists every name)")
        raise ValueError(f"measures: unknown measure {name!r}; known: "
                         + ", ".join(k for k in MEASURES if MEASURES[k].aliases)
                         + " (also ir_measures' and trec_eval's names, e.g. nDCG@10, P_5, "
                           "map, and trec_eval's groups official, all_trec, set)")
    assert m is not None  # base is None when the grammar does not match
    kind = _ALIAS[base]
    info = MEASURES[kind]
    k = p = None
    if m.group("k"):
        if info.cut == "double":
            p = finite_number(m.group("k"), name, "point")
        else:
            if not m.group("k").isdigit():
                raise ValueError(f"measures: {name!r}: the cut-off must be a positive "
                                 "integer")
            k = int(m.group("k"))
            if k < 1:
                raise ValueError(f"measures: {name!r}: the cut-off must be a positive integer")
    if info.cutoff == "never" and (k is not None or p is not None):
        raise ValueError(f"measures: {name!r}: {kind} takes no cut-off")
    if (info.cutoff == "required" or base in _CUT_OF) and k is None and p is None:
        raise ValueError(f"measures: {name!r}: {base} needs a cut-off, e.g. {base}@10")
    given = read_parameters((m.group("p1") or "").split(","), name)
    for key, value in read_parameters((m.group("p2") or "").split(","), name).items():
        if key in given:
            raise ValueError(f"measures: {name!r}: parameter {key!r} given twice")
        given[key] = value
    values: dict = {}
    for key, value in given.items():
        param = info.param(key)
        if param is None:
            declared = ", ".join(q.name for q in info.params)
            raise ValueError(f"measures: {name!r}: {kind} takes no parameter {key!r}"
                             + (f" (it takes {declared})" if declared else ""))
        values[key] = param.read(value, name)
    rel = values.pop("rel", None)
    if rel is not None and kind == "num_ret":  # ir_measures: NumRet(rel=L) is NumRelRet
        kind = "num_rel_ret"
    gain, discount = values.pop("gain", None), values.pop("discount", None)
    if "dcg" in values:
        if gain is not None or discount is not None:
            raise ValueError(f"measures: {name!r}: give dcg= or gain=/discount=, not both")
        gain, discount = IR_DCG[values.pop("dcg")]
    if "p" in values:
        p = values.pop("p")
    trec_name = None if rel is not None else _trec_name(kind, k, p, gain, discount)
    return MeasureSpec(name, kind, k, rel, gain, discount, p=p,
                       params=tuple(values.items()), trec_name=trec_name)


def _trec_name(kind, k, p, gain, discount) -> str | None:
    """trec_eval's printed name of a measure given in our spelling (None: trec_eval has
    no such value)."""
    info = MEASURES[kind]
    if info.trec is None or gain is not None or discount is not None:
        return None
    if p is not None and info.cut != "double":  # a parameter p: RBP's persistence
        return f"{info.trec}_p={p}"
    if k is not None and info.trec_cut:  # printed under another measure: ndcg_cut_10
        return f"{info.trec_cut}_{k}"
    if k is not None and info.cut != "long":  # trec_eval has no cut-off of it (RR@k)
        return None
    if info.cut == "long":
        return f"{info.trec}_{k}"
    if info.cut == "double":
        return f"{info.trec}_{p:3.2f}"
    return info.trec
