"""The measures of :func:`rankmeasures.evaluate`, declared once: names, parameters, citation.

:data:`MEASURES` is the one declaration of every measure (ours, ir_measures' and trec_eval's
names for it, its cut-off rule, its parameters with their types and defaults
(:class:`Param`), family, how trec_eval prints and summarises it, the source that defines
it). The parser below, the dispatcher of :func:`rankmeasures.evaluate`, the computation of
trec_eval's measures (their parameters' defaults) and the command's help and ``trec_eval``
output read it; :func:`measure_table` renders it for the docs.

trec_eval's catalogue follows usnistgov/trec_eval's ``measures.c`` at commit
4e0ebd07b4b4fd8dd2594d67e617512bdf6a07f5 (:data:`TREC_EVAL_SOURCE`): its measure table
``te_trec_measures[]`` is the order of trec_eval's output (:data:`TREC_ORDER`), its
nicknames ``official``, ``all_trec`` and ``set`` are :data:`GROUPS`.

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
``official``, ``all_trec`` and ``set`` (trec_eval's nicknames, :data:`GROUPS`).
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

Parameters (:class:`Param`; each measure's own in :data:`MEASURES`): ``rel=L`` -- a document
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

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

__all__ = ["Param", "MeasureInfo", "MeasureSpec", "MEASURES", "MEASURE_KINDS", "GROUPS",
           "TREC_ORDER", "TREC_EVAL_SOURCE", "parse_measure", "parse_measures",
           "parse_measure_list", "declared_defaults", "measure_table"]

#: the trec_eval source the catalogue follows (measure list, print order, groups)
TREC_EVAL_SOURCE = ("usnistgov/trec_eval, measures.c at commit "
                    "4e0ebd07b4b4fd8dd2594d67e617512bdf6a07f5")

_TE = "trec_eval 10 (github.com/usnistgov/trec_eval), "
_IR_DCG = {"log2": ("identity", "log2"), "exp-log2": ("exp2", "log2")}
# C's atol and atof (strtod, decimal forms) read the leading number of a string
_ATOL = re.compile(r"\s*([+-]?\d+)")
_ATOF = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)")


def _number(text: str, name: str, what: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise ValueError(f"measures: {name!r}: {what} {text!r} is not a number") from None
    if not math.isfinite(x):
        raise ValueError(f"measures: {name!r}: {what} must be finite")
    return x


def _atol(text: str, name: str, what: str) -> int:
    """C's ``atol``: the leading integer of ``text`` (the rest ignored)."""
    m = _ATOL.match(text)
    if m is None:
        raise ValueError(f"measures: {name!r}: {what} {text!r} is not an integer")
    return int(m.group(1))


def _atof(text: str, name: str, what: str) -> float:
    """C's ``atof`` of a decimal: the leading number of ``text`` (the rest ignored)."""
    m = _ATOF.match(text)
    if m is None:
        raise ValueError(f"measures: {name!r}: {what} {text!r} is not a number")
    return _number(m.group(1), name, what)


@dataclass(frozen=True)
class Param:
    """One parameter of a measure: its name, type and default.

    Attributes
    ----------
    name : str
        The key (``p`` in ``RBP(p=0.8)``).
    type : {"float", "probability", "name", "choice", "floats", "pairs", "count"}
        How its text is read: a finite number; a number in (0, 1); a name checked where it
        is used (``gain=exp2``); one of ``choices``; numbers (trec_eval's syntax only:
        ``utility.2,-1,0,0``); ``grade=gain`` pairs (trec_eval's syntax only:
        ``ndcg.1=3,2=9``); a number of documents (``relstring.20``).
    default : object
        The value when it is not given (None: the measure's own rule, said in ``doc``).
    doc : str
        What it means, and its default when that is a rule.
    choices : tuple
        The accepted values of a ``"choice"``.
    count : int or None
        How many numbers a ``"floats"`` takes (None: any).
    trec : bool
        Whether trec_eval's ``measure.params`` syntax sets it.

    Examples
    --------
    >>> p = [x for x in MEASURES["rbp"].params if x.name == "p"][0]
    >>> p.default, p.read("0.8", "RBP(p=0.8)")
    (0.9, 0.8)
    """

    name: str
    type: str
    default: Any = None
    doc: str = ""
    choices: tuple = ()
    count: int | None = None
    trec: bool = False

    def read(self, text: str, name: str) -> Any:
        """The value of ``key=text`` in our spelling (``name``: the measure's, for the
        message); ValueError says what is wrong."""
        if self.type in ("floats", "pairs"):
            raise ValueError(f"measures: {name!r}: give {self.name} in trec_eval's syntax "
                             f"(measure.values, e.g. utility.2,-1,0,0 or ndcg.1=3,2=9)")
        if self.type == "name":
            return text
        if self.type == "choice":
            if text not in self.choices:
                raise ValueError(f"measures: {name!r}: {self.name} must be one of "
                                 f"{self.choices}")
            return text
        try:
            x = float(text)
        except ValueError:
            raise ValueError(f"measures: {name!r}: {self.name} must be a number") from None
        return self._checked(x, name)

    def read_trec(self, items: list[str], name: str) -> Any:
        """The value of trec_eval's comma-separated ``items`` (meas_init.c: each item's
        leading number, as ``atof`` reads it; ``grade=gain`` pairs for ``"pairs"``)."""
        if self.type == "pairs":
            pairs = []
            for item in items:
                grade, eq, gain = item.partition("=")
                if not eq:
                    raise ValueError(f"measures: {name!r}: {item!r} is not grade=gain")
                pairs.append((float(_atol(grade, name, "grade")),
                              _atof(gain, name, "gain")))
            return tuple(pairs)
        values = tuple(_atof(s, name, "parameter") for s in items)
        if self.type == "floats":
            if self.count is not None and len(values) != self.count:
                raise ValueError(f"measures: {name!r}: {name.partition('.')[0]} takes "
                                 f"{self.count} {self.name} ({self.doc})")
            return values
        if len(values) != 1:
            raise ValueError(f"measures: {name!r}: {name.partition('.')[0]} takes one "
                             "parameter")
        return self._checked(values[0], name)

    def _checked(self, x: float, name: str) -> Any:
        if not math.isfinite(x):
            raise ValueError(f"measures: {name!r}: {self.name} must be finite")
        if self.type == "probability" and not 0 < x < 1:
            raise ValueError(f"measures: {name!r}: {self.name} must lie in (0, 1)")
        if self.type == "count":
            return max(int(x), 0)  # m_relstring.c: (long) of the parameter, at least 0
        return x

    def __str__(self) -> str:
        if self.default is None or self.default == ():
            return self.name
        d = self.default
        shown = ",".join(f"{v:g}" for v in d) if isinstance(d, tuple) else f"{d:g}"
        return f"{self.name}={shown}"


_CUTS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)
_POINTS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
_MULTS = (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0)
REL = Param("rel", "float", doc="relevance level: a grade of at least rel is relevant "
            "(default: evaluate's rel, trec_eval's -l)")
_GAIN = Param("gain", "name", doc="a name of rankmeasures.as_gain (default: the "
              "convention's, identity)")
_DISCOUNT = Param("discount", "name", doc="a name of rankmeasures.as_discount (default "
                  "log2)")
_DCG = Param("dcg", "choice", doc="ir_measures' gain and discount: log2 (identity gain) or "
             "exp-log2 (2^g - 1)", choices=tuple(_IR_DCG))
_GAINS = Param("gains", "pairs", (), "the gain of each grade named (m_ndcg.c's "
               "grade=gain; default: the grade itself)", trec=True)
_P_RBP = Param("p", "probability", 0.9, "the persistence (m_rbp.c's default 0.9)", trec=True)


@dataclass(frozen=True)
class MeasureInfo:
    """The declaration of one measure.

    Attributes
    ----------
    kind : str
        Its key in :data:`MEASURES`.
    aliases : tuple of str
        Accepted names, lower case (ours, ir_measures', trec_eval's).
    cutoff : {"optional", "required", "never"}
        Whether a cut-off k (or, for ``cut="double"``, a point p) is taken.
    params : tuple of Param
        The ``key=value`` parameters it takes, with their types and defaults; a key it
        does not declare is refused.
    family : {"graded", "binary", "count", "concordance", "trec"}
        Which computation answers it (:func:`rankmeasures.evaluate` dispatches on it).
    trec : str or None
        trec_eval's name (``-m``), when trec_eval computes it.
    cut : {"long", "double", "double_params", "pairs", None}
        trec_eval's parameter syntax: cut-offs (``P.5,10``), recall points or multiples
        (``iprec_at_recall..1,.2``), a list of numbers (``utility.1,-1,0,0``) or
        ``grade=gain`` pairs (``ndcg.1=3``); the last two set the declared parameter
        whose ``trec`` is true.
    default : tuple
        trec_eval's default cut-offs or points (``cut`` "long" or "double": the values
        ``all_trec`` prints).
    value : {"float", "long", "str"}
        How trec_eval prints it (``%6.4f``, ``%ld`` or the text).
    summary : {"mean", "sum", "gm", "count", "none"}
        trec_eval's summary over queries (``all``): the mean, the sum (counts), the
        geometric mean (``gm_*``: per-query values are logs), the number of queries, or
        no summary (``relstring``).
    per_query : bool
        Whether trec_eval prints a per-query value (``-q``).
    cite : str
        The source defining it.
    define : str
        Its definition in one line (R: the relevant judged documents of the query).

    Examples
    --------
    >>> info = MEASURES["P"]
    >>> info.trec, info.cutoff, info.define
    ('P', 'required', 'relevant in the first k / k')
    >>> [str(p) for p in MEASURES["utility"].params]
    ['rel', 'coefficients=1,-1,0,0']
    """

    kind: str
    aliases: tuple
    cutoff: str = "never"
    params: tuple = (REL,)
    family: str = "binary"
    trec: str | None = None
    cut: str | None = None
    default: tuple = ()
    value: str = "float"
    summary: str = "mean"
    per_query: bool = True
    cite: str = ""
    define: str = ""

    def param(self, key: str) -> Param | None:
        """The declared parameter ``key``, or None."""
        return next((p for p in self.params if p.name == key), None)

    @property
    def trec_param(self) -> Param | None:
        """The parameter trec_eval's ``measure.params`` sets (``cut`` "double_params" or
        "pairs")."""
        return next((p for p in self.params if p.trec), None)


_M = MeasureInfo
_DCG_PARAMS = (REL, _GAIN, _DISCOUNT, _DCG, _GAINS)

#: every measure, declared once; trec_eval's measures in the order of trec_eval's
#: te_trec_measures[] (measures.c), which is the order of its output
MEASURES: dict[str, MeasureInfo] = {m.kind: m for m in [
    _M("runid", ("runid",), params=(), family="trec", trec="runid", value="str",
       summary="none", per_query=False, cite=_TE + "m_runid.c: the run's tag",
       define="the run's tag (the last line's sixth field)"),
    _M("num_q", ("num_q",), params=(), family="trec", trec="num_q", value="long",
       summary="count", per_query=False, cite=_TE + "m_num_q.c",
       define="queries evaluated"),
    _M("num_ret", ("num_ret", "numret"), family="count", trec="num_ret", value="long",
       summary="sum", cite=_TE + "m_num_ret.c; ir_measures' NumRet",
       define="documents retrieved"),
    _M("num_rel", ("num_rel", "numrel"), family="count", trec="num_rel", value="long",
       summary="sum", cite=_TE + "m_num_rel.c; ir_measures' NumRel",
       define="judged documents of grade >= rel"),
    _M("num_rel_ret", ("num_rel_ret", "numrelret"), family="count", trec="num_rel_ret",
       value="long", summary="sum", cite=_TE + "m_num_rel_ret.c; ir_measures' NumRelRet",
       define="relevant documents retrieved"),
    _M("AP", ("ap", "map"), "optional", trec="map",
       cite=_TE + "m_map.c; average precision (Buckley & Voorhees 2000)",
       define="(1/R) sum over relevant retrieved of precision at its rank (AP@k: ranks <= k)"),
    _M("gm_map", ("gm_map", "gm_ap"), trec="gm_map", summary="gm", per_query=False,
       cite=_TE + "m_gm_map.c: log(max(AP, 1e-5)) per query, the geometric mean over them",
       define="log(max(AP, 1e-5)); summary exp(mean)"),
    _M("Rprec", ("rprec", "r-prec"), trec="Rprec", cite=_TE + "m_Rprec.c",
       define="precision at rank R"),
    _M("bpref", ("bpref",), family="trec", trec="bpref",
       cite=_TE + "m_bpref.c; Buckley & Voorhees, SIGIR 2004",
       define="(1/R) sum over judged relevant retrieved of 1 - min(n above, R) / min(N, R)"),
    _M("RR", ("rr", "recip_rank", "mrr"), "optional", trec="recip_rank",
       cite=_TE + "m_recip_rank.c (RR@k: 0 past rank k, ir_measures' RR@k)",
       define="1 / rank of the first relevant document (RR@k: 0 past k)"),
    _M("iprec_at_recall", ("iprec_at_recall", "iprec"), "required", family="trec",
       trec="iprec_at_recall", cut="double", default=_POINTS,
       cite=_TE + "m_iprec_at_recall.c: interpolated precision at recall p",
       define="max precision at ranks at or below the lround(p R)-th relevant"),
    _M("P", ("p", "precision"), "required", trec="P", cut="long", default=_CUTS,
       cite=_TE + "m_P.c",
       define="relevant in the first k / k"),
    _M("relstring", ("relstring",), params=(Param("length", "count", 10,
                                                  "documents shown", trec=True),),
       family="trec", trec="relstring", cut="double_params", value="str", summary="none",
       cite=_TE + "m_relstring.c: the marks of the first N documents",
       define="marks of the first N documents (0-9, >, -, .)"),
    _M("recall", ("recall", "r"), "required", trec="recall", cut="long", default=_CUTS,
       cite=_TE + "m_recall.c",
       define="relevant in the first k / R"),
    _M("infAP", ("infap",), family="trec", trec="infAP",
       cite=_TE + "m_infap.c; Yilmaz & Aslam, CIKM 2006",
       define="AP inferred from a judged sample of the pool"),
    _M("gm_bpref", ("gm_bpref",), family="trec", trec="gm_bpref", summary="gm",
       per_query=False, cite=_TE + "m_gm_bpref.c: log(max(bpref, 1e-5)) per query",
       define="log(max(bpref, 1e-5)); summary exp(mean)"),
    _M("Rprec_mult", ("rprec_mult",), "required", family="trec", trec="Rprec_mult",
       cut="double", default=_MULTS, cite=_TE + "m_Rprec_mult.c: precision at p R",
       define="relevant in the first (long)(p R + 0.9) / that cut"),
    _M("utility", ("utility",),
       params=(REL, Param("coefficients", "floats", (1.0, -1.0, 0.0, 0.0),
                          "coefficients a, b, c, d", count=4, trec=True)),
       family="trec", trec="utility", cut="double_params",
       cite=_TE + "m_utility.c: a·rel_ret + b·nonrel_ret + c·rel_nonret + d·nonrel_nonret",
       define="a rel_ret + b nonrel_ret + c rel_nonret + d nonrel_nonret"),
    _M("11pt_avg", ("11pt_avg", "11-pt_avg"),
       params=(REL, Param("points", "floats", _POINTS, "recall points", trec=True)),
       family="trec", trec="11pt_avg", cut="double_params",
       cite=_TE + "m_11pt_avg.c: iprec_at_recall averaged over the points",
       define="mean of iprec_at_recall over the points"),
    _M("binG", ("bing",), family="trec", trec="binG", cite=_TE + "m_binG.c",
       define="(1/R) sum over relevant retrieved of 1/log2(2 + non-relevant above)"),
    _M("G", ("g",), params=(REL, _GAINS), family="trec", trec="G", cut="pairs",
       cite=_TE + "m_G.c",
       define="sum of gain / log2(2 + C_i - S_i), over the ideal's gain"),
    _M("dcg", ("dcg",), "optional", _DCG_PARAMS, family="graded", trec="dcg", cut="pairs",
       cite=_TE + "m_ndcg.c (dcg); Järvelin & Kekäläinen, ACM TOIS 20(4), 2002",
       define="sum of gain(grade) / log2(rank + 1)"),
    _M("ideal_dcg", ("ideal_dcg",), params=(REL, _GAINS), family="trec",
       trec="ideal_dcg", cut="pairs", cite=_TE + "m_ndcg.c (ideal_dcg)",
       define="DCG of the judged documents in decreasing gain"),
    _M("ndcg", ("ndcg", "ndcg_cut"), "optional", _DCG_PARAMS,
       family="graded", trec="ndcg", cut="pairs",
       cite="Järvelin & Kekäläinen, ACM TOIS 20(4), 2002; " + _TE + "m_ndcg.c, "
            "m_ndcg_cut.c; Wang et al. (2013) Definition 1",
       define="DCG / ideal DCG"),
    _M("ndcg_rel", ("ndcg_rel",), params=(REL, _GAINS), family="trec", trec="ndcg_rel",
       cut="pairs", cite=_TE + "m_ndcg_rel.c",
       define="NDCG averaged over the documents of positive gain"),
    _M("Rndcg", ("rndcg",), params=(REL, _GAINS), family="trec", trec="Rndcg",
       cut="pairs", cite=_TE + "m_Rndcg.c",
       define="NDCG averaged where the ideal gain changes"),
    _M("ndcg_cut", (), "required", (REL, _GAIN, _DISCOUNT, _DCG), family="graded",
       trec="ndcg_cut", cut="long", default=_CUTS, cite=_TE + "m_ndcg_cut.c",
       define="DCG of the first k / ideal DCG of k"),
    _M("map_cut", (), "required", trec="map_cut", cut="long", default=_CUTS,
       cite=_TE + "m_map_cut.c",
       define="AP counting ranks <= k"),
    _M("relative_P", ("relative_p",), "required", family="trec", trec="relative_P",
       cut="long", default=_CUTS, cite=_TE + "m_rel_P.c: relevant in the top k / min(k, R)",
       define="relevant in the first k / min(k, R)"),
    _M("success", ("success",), "required", trec="success", cut="long", default=(1, 5, 10),
       cite=_TE + "m_success.c; ir_measures' Success@k",
       define="1 if a relevant document is in the first k"),
    _M("set_P", ("set_p", "setp"), family="trec", trec="set_P", cite=_TE + "m_set_P.c",
       define="rel_ret / ret"),
    _M("set_relative_P", ("set_relative_p",), family="trec", trec="set_relative_P",
       cite=_TE + "m_set_rel_P.c",
       define="rel_ret / min(ret, R)"),
    _M("set_recall", ("set_recall", "setr"), family="trec", trec="set_recall",
       cite=_TE + "m_set_recall.c",
       define="rel_ret / R"),
    _M("set_map", ("set_map",), family="trec", trec="set_map", cite=_TE + "m_set_map.c",
       define="rel_ret^2 / (ret R)"),
    _M("set_F", ("set_f", "setf"),
       params=(REL, Param("beta", "float", 1.0, "the weight of recall (trec_eval's "
                          "parameter is beta itself, not its square)", trec=True)),
       family="trec", trec="set_F", cut="double_params",
       cite=_TE + "m_set_F.c; van Rijsbergen's F (Information Retrieval, 1979)",
       define="(beta + 1) P R / (beta P + R) of the retrieved set"),
    _M("num_nonrel_judged_ret", ("num_nonrel_judged_ret", "numnonreljudgedret"),
       family="trec", trec="num_nonrel_judged_ret", value="long", summary="sum",
       cite=_TE + "m_num_nonrel_judged_ret.c",
       define="judged non-relevant documents retrieved"),
    _M("rbp", ("rbp",), params=(_P_RBP,), family="trec", trec="rbp", cut="pairs",
       cite="Moffat & Zobel, ACM TOIS 27(1), 2008, eq. 5; " + _TE + "m_rbp.c",
       define="(1 - p) sum of gain_i p^(i-1), gains in [0, 1]"),
    _M("rbp_resid", ("rbp_resid",), params=(_P_RBP,), family="trec", trec="rbp_resid",
       cite="Moffat & Zobel 2008, Section 4; " + _TE + "m_rbp_resid.c",
       define="p^d + (1 - p) sum over unjudged ranks of p^(i-1)"),
    _M("unj", ("unj",), "required", params=(), family="trec", trec="unj", cut="long",
       default=(5, 10, 20), cite=_TE + "m_unjudged.c: unjudged share of the top k",
       define="documents of the first k not graded / k"),
    # measures trec_eval does not compute
    _M("judged", ("judged",), "required", params=(), family="trec",
       cite="ir_measures' Judged@k: the judged share of the first min(k, num_ret) ranks",
       define="documents of the first k the qrels list / min(k, ret)"),
    _M("ERR", ("err",), "optional",
       params=(Param("max_grade", "float", None, "g_max (default: the largest grade of "
                     "the qrels)"),), family="trec",
       cite="Chapelle, Metzler, Zhang & Grinspan, CIKM 2009, Algorithm 2",
       define="sum_r (1/r) R_r prod_{i<r} (1 - R_i), R = (2^g - 1) / 2^g_max"),
    _M("auc", ("auc",), family="concordance",
       cite="area under the ROC curve of the scores (ties count 1/2)",
       define="P(score of a relevant > score of a non-relevant), ties 1/2"),
    _M("kendall_tau_b", ("kendall_tau_b", "tau_b"), params=(), family="concordance",
       cite="Kendall's tau-b between scores and grades",
       define="tau-b between scores and grades"),
]}

#: trec_eval's nicknames (measures.c, :data:`TREC_EVAL_SOURCE`): the measures each names
GROUPS = {
    "official": ("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map",
                 "Rprec", "bpref", "recip_rank", "iprec_at_recall", "P"),
    "all_trec": ("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map",
                 "Rprec", "bpref", "recip_rank", "iprec_at_recall", "P", "relstring",
                 "recall", "unj", "rbp", "rbp_resid", "infAP", "gm_bpref", "utility",
                 "11pt_avg", "ndcg", "relative_P", "Rprec_mult", "success", "map_cut",
                 "ndcg_cut", "ndcg_rel", "Rndcg", "binG", "G", "set_P", "set_recall",
                 "set_relative_P", "set_map", "set_F", "num_nonrel_judged_ret"),
    "set": ("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P",
            "set_recall", "set_relative_P", "set_map", "set_F"),
}
#: trec_eval's name -> its place in trec_eval's output
TREC_ORDER = {m.trec: i for i, m in enumerate(MEASURES.values()) if m.trec}
_BY_TREC = {m.trec: m for m in MEASURES.values() if m.trec}

#: measure -> (accepted names, cut-off rule, parameter names): :data:`MEASURES` read the
#: old way
MEASURE_KINDS = {k: (m.aliases, m.cutoff, tuple(p.name for p in m.params))
                 for k, m in MEASURES.items() if m.aliases and k not in ("runid", "relstring")}
_ALIAS = {a: k for k, m in MEASURES.items() for a in m.aliases}
_ALIAS.update({"ndcg_cut": "ndcg", "map_cut": "AP"})
_NEEDS_CUT = {"ndcg_cut", "map_cut"}
_NUM = r"(?:\d+(?:\.\d*)?|\.\d+)"
_GRAMMAR = re.compile(
    r"^(?P<base>[A-Za-z0-9][A-Za-z0-9_\-]*?)(?:\((?P<p1>[^()]*)\))?"
    rf"(?:(?:@|_cut_|_cut\.|_|\.)(?P<k>{_NUM}))?(?:\((?P<p2>[^()]*)\))?$")


def declared_defaults(kind: str) -> dict:
    """The declared default of each parameter of measure ``kind`` that has one (a key of
    :data:`MEASURES`, or ``trec_ndcg``/``trec_dcg``): what a computation uses when the
    parameter is not given.

    Examples
    --------
    >>> declared_defaults("rbp"), declared_defaults("set_F")
    ({'p': 0.9}, {'beta': 1.0})
    """
    info = MEASURES[kind.removeprefix("trec_")]
    return {p.name: p.default for p in info.params if p.default is not None}


@dataclass(frozen=True)
class MeasureSpec:
    """A parsed measure (:func:`parse_measure`).

    Attributes
    ----------
    name : str
        As given (the key of the result), or trec_eval's name of one of the values a
        trec_eval-style name expands to (``P.5,10`` -> ``P_5``, ``P_10``).
    kind : str
        A key of :data:`MEASURES`.
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
        computed (:func:`declared_defaults`).
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
        return MEASURES[self.kind.removeprefix("trec_")]

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


def _params(text: str | None, name: str) -> dict:
    out: dict = {}
    if text is None:
        return out
    for item in filter(None, (s.strip() for s in text.split(","))):
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip().strip("'\"")
        if not eq or not key or not value:
            raise ValueError(f"measures: {name!r}: parameter {item!r} is not key=value")
        if key in out:
            raise ValueError(f"measures: {name!r}: parameter {key!r} given twice")
        out[key] = value
    return out


def _trec_label(info: MeasureInfo, value=None, printable: str | None = None) -> str:
    """trec_eval's printed name (meas_init.c: ``%s_%ld``, ``%s_%3.2f``, ``%s_%s``)."""
    assert info.trec is not None  # a measure of _BY_TREC
    if info.cut == "long" and value is not None:
        return f"{info.trec}_{int(value)}"
    if info.cut == "double" and value is not None:
        return f"{info.trec}_{value:3.2f}"
    return f"{info.trec}_{printable}" if printable else info.trec


def _trec_specs(info: MeasureInfo, text: str | None, name: str) -> list[MeasureSpec]:
    """The values of trec_eval's measure ``info`` with parameter text ``text`` (None:
    trec_eval's defaults), as trec_eval's init_meas reads them (meas_init.c: cut-offs by
    ``atol``, sorted, positive and distinct; points and parameters by ``atof``)."""
    kind = info.kind
    if kind == "ndcg_cut":
        kind = "ndcg"
    elif kind == "map_cut":
        kind = "AP"
    if info.cut in ("long", "double"):
        if text is None:
            values: Sequence[float] = list(info.default)
        elif info.cut == "long":
            values = sorted(_atol(s, name, "cut-off") for s in text.split(","))
            if values[0] <= 0:
                raise ValueError(f"measures: {name!r}: the cut-offs must be positive "
                                 "integers")
        else:
            values = sorted(_atof(s, name, "parameter") for s in text.split(","))
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
    if kind in ("rbp", "rbp_resid"):  # p=value (trec_eval's), or the bare persistence
        value = param.read_trec([text.removeprefix("p=")], name)
        return [MeasureSpec(label, kind, p=value, trec_name=label)]
    value = param.read_trec(text.split(","), name)
    if kind in ("ndcg", "dcg"):
        kind = "trec_" + kind
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
        elif dot and base in _BY_TREC and _BY_TREC[base].cut:
            if not rest:
                raise ValueError(f"measures: {name!r}: no parameters after the '.'")
            if base not in args:  # the first parameters of a measure win
                _trec_specs(_BY_TREC[base], rest, name)  # refused now if malformed
                args[base] = (rest, name)
            mark(base)
        elif text in _BY_TREC:
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
        info = _BY_TREC[item]
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
    if text in _BY_TREC and (_BY_TREC[text].family == "trec"
                             or _BY_TREC[text].cut == "double_params"):
        if _BY_TREC[text].cutoff == "required":
            raise ValueError(f"measures: {name!r}: {text} needs a cut-off, e.g. {text}@10")
        return _trec_specs(_BY_TREC[text], None, name)[0]
    base0, dot, rest = text.partition(".")
    if dot and base0 in _BY_TREC and _BY_TREC[base0].cut in ("double_params", "pairs"):
        return _keyed(_trec_specs(_BY_TREC[base0], rest, name), name)[0]
    from .expression_measures import read_expression_measure

    custom = read_expression_measure(text, name)  # ndcg@10(discount=1/log(1+r)^2)
    if custom is not None:  # the plain measure with the user's gain and discount
        plain, gain, discount = custom
        spec = parse_measure(plain)
        if gain is None and discount is None:  # the convention's own, computed as it is
            return replace(spec, name=name)
        return replace(spec, name=name, gain=gain, discount=discount, trec_name=None)
    m = _GRAMMAR.match(text)
    base = m.group("base").lower() if m else None
    if base not in _ALIAS:
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
            p = _number(m.group("k"), name, "point")
        else:
            if not m.group("k").isdigit():
                raise ValueError(f"measures: {name!r}: the cut-off must be a positive "
                                 "integer")
            k = int(m.group("k"))
            if k < 1:
                raise ValueError(f"measures: {name!r}: the cut-off must be a positive integer")
    if info.cutoff == "never" and (k is not None or p is not None):
        raise ValueError(f"measures: {name!r}: {kind} takes no cut-off")
    if (info.cutoff == "required" or base in _NEEDS_CUT) and k is None and p is None:
        raise ValueError(f"measures: {name!r}: {base} needs a cut-off, e.g. {base}@10")
    given = _params(m.group("p1"), name)
    for key, value in _params(m.group("p2"), name).items():
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
        gain, discount = _IR_DCG[values.pop("dcg")]
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
    if kind in ("rbp", "rbp_resid") and p is not None:
        return f"{info.trec}_p={p}"
    if kind == "ndcg" and k is not None:
        return f"ndcg_cut_{k}"
    if kind == "AP" and k is not None:
        return f"map_cut_{k}"
    if kind in ("RR", "dcg") and k is not None:
        return None
    if info.cut == "long":
        return f"{info.trec}_{k}"
    if info.cut == "double":
        return f"{info.trec}_{p:3.2f}"
    return info.trec


def measure_table() -> str:
    """Every measure of :data:`MEASURES` as a Markdown table (name, trec_eval's name,
    accepted names, cut-off, parameters with their defaults, definition, source), for
    the docs.

    Examples
    --------
    >>> measure_table().splitlines()[0]
    '| measure | trec_eval | names | cut-off | parameters | definition | source |'
    """
    rows = ["| measure | trec_eval | names | cut-off | parameters | definition | source |",
            "|---|---|---|---|---|---|---|"]
    for k, m in MEASURES.items():
        rows.append(f"| `{k}` | {m.trec or ''} | {', '.join(m.aliases)} | {m.cutoff} | "
                    f"{', '.join(map(str, m.params))} | {m.define} | {m.cite} |")
    return "\n".join(rows)
