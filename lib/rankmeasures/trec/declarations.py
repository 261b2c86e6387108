"""Every measure of :func:`rankmeasures.evaluate`, declared once (:data:`MEASURES`).

Each :class:`MeasureInfo` holds a measure's names (ours, ir_measures' and trec_eval's),
its cut-off rule, its parameters with their types and defaults (:class:`Param`), the
computation that answers it (``family``), whether ``ties="average"`` is derived for it,
how trec_eval names, prints and summarises it, and the source that defines it. The parser
(:mod:`rankmeasures.trec.measure_names`), the dispatch of :func:`rankmeasures.evaluate`,
the kernels' parameter defaults and the command read it; :func:`measure_table` renders it
for the docs. trec_eval's catalogue follows :data:`TREC_EVAL_SOURCE`: its measure table
``te_trec_measures[]`` is the order of trec_eval's output (:data:`TREC_ORDER`), its
nicknames ``official``, ``all_trec`` and ``set`` are :data:`GROUPS`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["Param", "MeasureInfo", "MEASURES", "MEASURE_KINDS", "GROUPS", "TREC_ORDER",
           "TREC_EVAL_SOURCE", "ParamType", "Cutoff", "Family", "TrecSyntax", "Printed",
           "Summary", "declared_defaults", "measure_table"]

#: the trec_eval source the catalogue follows (measure list, print order, groups)
TREC_EVAL_SOURCE = ("usnistgov/trec_eval, measures.c at commit "
                    "4e0ebd07b4b4fd8dd2594d67e617512bdf6a07f5")

_TE = "trec_eval 10 (github.com/usnistgov/trec_eval), "
#: ir_measures' ``dcg=`` choices -> (gain, discount) (shared with the parser)
IR_DCG = {"log2": ("identity", "log2"), "exp-log2": ("exp2", "log2")}
# C's atol and atof (strtod, decimal forms) read the leading number of a string
_ATOL = re.compile(r"\s*([+-]?\d+)")
_ATOF = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)")


#: how a parameter's text is read (:class:`Param`)
ParamType = Literal["float", "probability", "name", "choice", "floats", "pairs", "count"]
#: whether a measure takes a cut-off (:class:`MeasureInfo`)
Cutoff = Literal["optional", "required", "never"]
#: which computation answers a measure (:class:`MeasureInfo`)
Family = Literal["graded", "binary", "count", "concordance", "trec"]
#: trec_eval's parameter syntax of a measure (:class:`MeasureInfo`)
TrecSyntax = Literal["long", "double", "double_params", "pairs"]
#: how trec_eval prints a measure's value (:class:`MeasureInfo`)
Printed = Literal["float", "long", "str"]
#: trec_eval's summary of a measure over queries (:class:`MeasureInfo`)
Summary = Literal["mean", "sum", "geometric_mean", "count", "none"]


def finite_number(text: str, name: str, what: str) -> float:
    """``text`` as a finite float, or a ValueError naming the measure and ``what``.
    Shared with :mod:`rankmeasures.trec.measure_names`; not part of the public API (not
    in ``__all__``).

    Examples
    --------
    >>> finite_number("0.5", "P", "point")
    0.5
    >>> finite_number("inf", "P", "point")
    Traceback (most recent call last):
    ...
    ValueError: measures: 'P': point must be finite
    """
    try:
        x = float(text)
    except ValueError:
        raise ValueError(f"measures: {name!r}: {what} {text!r} is not a number") from None
    if not math.isfinite(x):
        raise ValueError(f"measures: {name!r}: {what} must be finite")
    return x


def c_atol(text: str, name: str, what: str) -> int:
    """C's ``atol``: the leading integer of ``text`` (the rest ignored).
    Shared with :mod:`rankmeasures.trec.measure_names`; not part of the public API (not
    in ``__all__``).

    Examples
    --------
    >>> c_atol("23.4", "ndcg_cut", "cut-off")
    23
    """
    m = _ATOL.match(text)
    if m is None:
        raise ValueError(f"measures: {name!r}: {what} {text!r} is not an integer")
    return int(m.group(1))


def c_atof(text: str, name: str, what: str) -> float:
    """C's ``atof`` of a decimal: the leading number of ``text`` (the rest ignored).
    Shared with :mod:`rankmeasures.trec.measure_names`; not part of the public API (not
    in ``__all__``).

    Examples
    --------
    >>> c_atof(".25x", "iprec_at_recall", "parameter")
    0.25
    """
    m = _ATOF.match(text)
    if m is None:
        raise ValueError(f"measures: {name!r}: {what} {text!r} is not a number")
    return finite_number(m.group(1), name, what)



def read_parameters(items, name: str) -> dict[str, str]:
    """``{key: value}`` of a measure name's ``key=value`` items, already split (the
    grammar splits at commas, an expression measure at commas outside parentheses);
    quotes around a value are dropped, empty items skipped. The one reader of both
    (:mod:`rankmeasures.trec.measure_names`, :mod:`rankmeasures.trec.expression_measures`);
    it lives here, beside the readers of a parameter's value, because the parser imports
    the expression measures (a reader in the parser would make an import cycle). Not part
    of the public API (not in ``__all__``).

    Examples
    --------
    >>> read_parameters(["rel=2", " gain='exp2' ", ""], "m")
    {'rel': '2', 'gain': 'exp2'}
    >>> read_parameters(["rel=2", "rel=3"], "m")
    Traceback (most recent call last):
    ...
    ValueError: measures: 'm': parameter 'rel' given twice
    """
    out: dict[str, str] = {}
    for item in filter(None, (x.strip() for x in items)):
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip().strip("'\"")
        if not eq or not key or not value:
            raise ValueError(f"measures: {name!r}: parameter {item!r} is not key=value")
        if key in out:
            raise ValueError(f"measures: {name!r}: parameter {key!r} given twice")
        out[key] = value
    return out

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
    type: ParamType
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
                pairs.append((float(c_atol(grade, name, "grade")),
                              c_atof(gain, name, "gain")))
            return tuple(pairs)
        values = tuple(c_atof(s, name, "parameter") for s in items)
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
             "exp-log2 (2^g - 1)", choices=tuple(IR_DCG))
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
    summary : {"mean", "sum", "geometric_mean", "count", "none"}
        trec_eval's summary over queries (``all``): the mean, the sum (counts), the
        geometric mean (``gm_*``, whose per-query values are floored at 1e-5), the number
        of queries, or no summary (``relstring``).
    per_query : bool
        Whether trec_eval prints a per-query value (``-q``).
    cite : str
        The source defining it.
    define : str
        Its definition in one line (R: the relevant judged documents of the query).
    tie_average : bool
        Whether ``ties="average"`` (the expectation over every order of tied documents)
        is derived for it: always for the families but ``"trec"``; for trec_eval's
        measures, those linear in the ranks' marks or blind to the order
        (:class:`~rankmeasures.trec.trec_measures.RankedJudgments` ``groups``).
    trec_cut : str or None
        trec_eval's name of its values at a cut-off k, when trec_eval prints them under
        another measure (``ndcg@10`` is ``ndcg_cut_10``, ``AP@10`` ``map_cut_10``); that
        measure's own declaration (``ndcg_cut``) holds trec_eval's cut-offs and place.
    geometric_of : str or None
        For trec_eval's ``gm_*``: the measure whose values, floored at 1e-5
        (:data:`~rankmeasures.trec.trec_measures.MIN_GEO_MEAN`), are its values, and
        whose geometric mean its summary is (``gm_map``: ``AP``).

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
    cutoff: Cutoff = "never"
    params: tuple = (REL,)
    family: Family = "binary"
    trec: str | None = None
    cut: TrecSyntax | None = None
    default: tuple = ()
    value: Printed = "float"
    summary: Summary = "mean"
    per_query: bool = True
    cite: str = ""
    define: str = ""
    tie_average: bool = True
    trec_cut: str | None = None
    geometric_of: str | None = None

    @property
    def trec_only(self) -> bool:
        """Whether it is computed on trec_eval's ranking only (family ``"trec"``, or a
        geometric summary of another measure)."""
        return self.family == "trec" or self.geometric_of is not None

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
       define="(1/R) sum over relevant retrieved of precision at its rank (AP@k: ranks <= k)",
       trec_cut="map_cut"),
    _M("gm_map", ("gm_map", "gm_ap"), trec="gm_map", summary="geometric_mean",
       per_query=False,
       cite=_TE + "m_gm_map.c: max(AP, 1e-5) per query, the geometric mean over them",
       define="max(AP, 1e-5); summary: their geometric mean", tie_average=False,
       geometric_of="AP"),
    _M("Rprec", ("rprec", "r-prec"), trec="Rprec", cite=_TE + "m_Rprec.c",
       define="precision at rank R"),
    _M("bpref", ("bpref",), family="trec", trec="bpref",
       cite=_TE + "m_bpref.c; Buckley & Voorhees, SIGIR 2004",
       define="(1/R) sum over judged relevant retrieved of 1 - min(n above, R) / min(N, R)",
       tie_average=False),
    _M("RR", ("rr", "recip_rank", "mrr"), "optional", trec="recip_rank",
       cite=_TE + "m_recip_rank.c (RR@k: 0 past rank k, ir_measures' RR@k)",
       define="1 / rank of the first relevant document (RR@k: 0 past k)"),
    _M("iprec_at_recall", ("iprec_at_recall", "iprec"), "required", family="trec",
       trec="iprec_at_recall", cut="double", default=_POINTS,
       cite=_TE + "m_iprec_at_recall.c: interpolated precision at recall p",
       define="max precision at ranks at or below the lround(p R)-th relevant", tie_average=False),
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
       define="AP inferred from a judged sample of the pool", tie_average=False),
    _M("gm_bpref", ("gm_bpref",), family="trec", trec="gm_bpref",
       summary="geometric_mean", per_query=False,
       cite=_TE + "m_gm_bpref.c: max(bpref, 1e-5) per query, the geometric mean over them",
       define="max(bpref, 1e-5); summary: their geometric mean", tie_average=False,
       geometric_of="bpref"),
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
       define="mean of iprec_at_recall over the points", tie_average=False),
    _M("binG", ("bing",), family="trec", trec="binG", cite=_TE + "m_binG.c",
       define="(1/R) sum over relevant retrieved of 1/log2(2 + non-relevant above)",
       tie_average=False),
    _M("G", ("g",), params=(REL, _GAINS), family="trec", trec="G", cut="pairs",
       cite=_TE + "m_G.c",
       define="sum of gain / log2(2 + C_i - S_i), over the ideal's gain", tie_average=False),
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
       define="DCG / ideal DCG", trec_cut="ndcg_cut"),
    _M("ndcg_rel", ("ndcg_rel",), params=(REL, _GAINS), family="trec", trec="ndcg_rel",
       cut="pairs", cite=_TE + "m_ndcg_rel.c",
       define="NDCG averaged over the documents of positive gain", tie_average=False),
    _M("Rndcg", ("rndcg",), params=(REL, _GAINS), family="trec", trec="Rndcg",
       cut="pairs", cite=_TE + "m_Rndcg.c",
       define="NDCG averaged where the ideal gain changes", tie_average=False),
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
       define="sum_r (1/r) R_r prod_{i<r} (1 - R_i), R = (2^g - 1) / 2^g_max", tie_average=False),
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
#: trec_eval's name -> its measure (shared with the parser)
BY_TREC = {m.trec: m for m in MEASURES.values() if m.trec}

#: measure -> (accepted names, cut-off rule, parameter names): :data:`MEASURES` read the
#: old way
MEASURE_KINDS = {k: (m.aliases, m.cutoff, tuple(p.name for p in m.params))
                 for k, m in MEASURES.items() if m.aliases and k not in ("runid", "relstring")}


def declared_defaults(kind: str) -> dict:
    """The declared default of each parameter of measure ``kind`` (a key of
    :data:`MEASURES`) that has one: what a computation uses when the parameter is not
    given.

    Examples
    --------
    >>> declared_defaults("rbp"), declared_defaults("set_F")
    ({'p': 0.9}, {'beta': 1.0})
    """
    return {p.name: p.default for p in MEASURES[kind].params if p.default is not None}


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
