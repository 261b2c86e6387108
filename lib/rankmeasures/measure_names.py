"""Names of the measures of :func:`rankmeasures.evaluate`: ours, ir_measures' and trec_eval's.

A name is a measure, an optional cut-off and optional parameters::

    name := measure [ "(" params ")" ] [ sep k ] [ "(" params ")" ]
    sep  := "@" | "_cut_" | "_cut." | "_" | "."
    params := key "=" value { "," key "=" value }

so ``ndcg@10``, ``nDCG@10``, ``ndcg_cut_10``, ``ndcg_cut.10``, ``P@5``, ``P_5``,
``P(rel=2)@5`` (ir_measures' order) and ``P@5(rel=2)`` all parse. Measure names are
case-insensitive:

=================  ==============================================  ===========
measure            accepted names                                  cut-off
=================  ==============================================  ===========
``ndcg``           ndcg, ndcg_cut (trec_eval), nDCG (ir_measures)  optional
``dcg``            dcg                                             optional
``P``              P, precision                                    required
``recall``         recall, R                                       required
``success``        success                                         required
``AP``             AP, map, map_cut                                optional
``RR``             RR, recip_rank, MRR                             optional
``Rprec``          Rprec, R-prec                                   none
``num_rel``        num_rel, NumRel                                 none
``num_ret``        num_ret, NumRet                                 none
``num_rel_ret``    num_rel_ret, NumRelRet, NumRet(rel=...)         none
``auc``            auc                                             none
``kendall_tau_b``  kendall_tau_b, tau_b                            none
=================  ==============================================  ===========

Parameters: ``rel=L`` -- a document is relevant when its grade is at least ``L`` (the
binary measures and ``auc``; default 1, as trec_eval's ``-l``); ``gain=`` and ``discount=``
-- names of :func:`rankmeasures.as_gain` (``identity``, ``exp2``) and
:func:`rankmeasures.as_discount` (``log2``, ``log``, ``zipf``, ...) for ``dcg`` and
``ndcg``, e.g. ``ndcg@10(gain=exp2)``; ``dcg=log2`` or ``dcg=exp-log2`` is ir_measures'
spelling of the same (identity or 2^g - 1 gain, log2 discount).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["MeasureSpec", "parse_measure", "MEASURE_KINDS"]

#: measure -> (accepted names, lower case; cut-off: "optional" / "required" / "never";
#: parameters it accepts)
MEASURE_KINDS = {
    "ndcg": (("ndcg", "ndcg_cut"), "optional", ("gain", "discount", "dcg")),
    "dcg": (("dcg",), "optional", ("gain", "discount", "dcg")),
    "P": (("p", "precision"), "required", ("rel",)),
    "recall": (("recall", "r"), "required", ("rel",)),
    "success": (("success",), "required", ("rel",)),
    "AP": (("ap", "map", "map_cut"), "optional", ("rel",)),
    "RR": (("rr", "recip_rank", "mrr"), "optional", ("rel",)),
    "Rprec": (("rprec", "r-prec"), "never", ("rel",)),
    "num_rel": (("num_rel", "numrel"), "never", ("rel",)),
    "num_ret": (("num_ret", "numret"), "never", ("rel",)),
    "num_rel_ret": (("num_rel_ret", "numrelret"), "never", ("rel",)),
    "auc": (("auc",), "never", ("rel",)),
    "kendall_tau_b": (("kendall_tau_b", "tau_b"), "never", ()),
}
_ALIAS = {alias: kind for kind, (aliases, _, _) in MEASURE_KINDS.items() for alias in aliases}
_NEEDS_CUT = {"ndcg_cut", "map_cut"}
_IR_DCG = {"log2": ("identity", "log2"), "exp-log2": ("exp2", "log2")}
_GRAMMAR = re.compile(
    r"^(?P<base>[A-Za-z][A-Za-z_\-]*?)(?:\((?P<p1>[^()]*)\))?"
    r"(?:(?:@|_cut_|_cut\.|_|\.)(?P<k>\d+))?(?:\((?P<p2>[^()]*)\))?$")


@dataclass(frozen=True)
class MeasureSpec:
    """A parsed measure name (:func:`parse_measure`).

    Attributes
    ----------
    name : str
        As given.
    kind : str
        A key of :data:`MEASURE_KINDS`.
    k : int or None
        The cut-off.
    rel : float or None
        The relevance level, when given.
    gain, discount : str or None
        For ``dcg`` and ``ndcg``, when given.
    """

    name: str
    kind: str
    k: int | None = None
    rel: float | None = None
    gain: str | None = None
    discount: str | None = None


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


def parse_measure(name: str) -> MeasureSpec:
    """Parse a measure name (module docstring); ValueError names what is wrong.

    Examples
    --------
    >>> parse_measure("P(rel=2)@5")
    MeasureSpec(name='P(rel=2)@5', kind='P', k=5, rel=2.0, gain=None, discount=None)
    >>> parse_measure("ndcg_cut_10").k
    10
    """
    if not isinstance(name, str):
        raise ValueError(f"measures: a measure name must be a str, got {type(name).__name__}")
    m = _GRAMMAR.match(name.strip())
    base = m.group("base").lower() if m else None
    if base not in _ALIAS:
        raise ValueError(f"measures: unknown measure {name!r}; known: "
                         + ", ".join(MEASURE_KINDS)
                         + " (also ir_measures' and trec_eval's names, e.g. nDCG@10, P_5, map)")
    kind = _ALIAS[base]
    _, cut, allowed = MEASURE_KINDS[kind]
    k = int(m.group("k")) if m.group("k") else None
    if k is not None and k < 1:
        raise ValueError(f"measures: {name!r}: the cut-off must be a positive integer")
    if cut == "never" and k is not None:
        raise ValueError(f"measures: {name!r}: {kind} takes no cut-off")
    if (cut == "required" or base in _NEEDS_CUT) and k is None:
        raise ValueError(f"measures: {name!r}: {base} needs a cut-off, e.g. {base}@10")
    params = _params(m.group("p1"), name)
    for key, value in _params(m.group("p2"), name).items():
        if key in params:
            raise ValueError(f"measures: {name!r}: parameter {key!r} given twice")
        params[key] = value
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise ValueError(f"measures: {name!r}: {kind} takes no parameter {unknown[0]!r}"
                         + (f" (it takes {', '.join(allowed)})" if allowed else ""))
    rel = None
    if "rel" in params:
        try:
            rel = float(params["rel"])
        except ValueError:
            raise ValueError(f"measures: {name!r}: rel must be a number") from None
        if kind == "num_ret":  # ir_measures: NumRet(rel=L) counts the relevant retrieved
            kind = "num_rel_ret"
    gain, discount = params.get("gain"), params.get("discount")
    if "dcg" in params:
        if gain is not None or discount is not None:
            raise ValueError(f"measures: {name!r}: give dcg= or gain=/discount=, not both")
        if params["dcg"] not in _IR_DCG:
            raise ValueError(f"measures: {name!r}: dcg must be one of {tuple(_IR_DCG)}")
        gain, discount = _IR_DCG[params["dcg"]]
    return MeasureSpec(name, kind, k, rel, gain, discount)
