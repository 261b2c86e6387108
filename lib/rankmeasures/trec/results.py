"""What :func:`~rankmeasures.trec.runs.evaluate` returns: each measure's per-query values,
their mean and trec_eval's summary (:class:`MeasureResults`), in an :class:`Evaluation`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

import numpy as np

from ..dcg import QueryResults

__all__ = ["SUMMARY_KINDS", "MeasureResults", "Evaluation", "trec_summary"]


#: how trec_eval summarises a measure over the queries (its ``all`` line), by the
#: measure's declared :attr:`~rankmeasures.trec.declarations.MeasureInfo.summary`
SUMMARY_KINDS = ("mean", "sum", "geometric_mean", "count")


@dataclass(frozen=True, repr=False)
class MeasureResults(QueryResults):
    """One measure's per-query values (:class:`~rankmeasures.dcg.QueryResults`: ``values``
    and ``mean``, always the mean of the values, NaN values left out), and trec_eval's
    summary of them: what its ``all`` line prints.

    Attributes
    ----------
    summary_kind : {"mean", "sum", "geometric_mean", "count"}
        trec_eval's summary over queries (the measure's declaration): the mean (most
        measures), the sum (the counts ``num_ret``, ``num_rel``, ``num_rel_ret``,
        ``num_nonrel_judged_ret``), the geometric mean (``gm_map``, ``gm_bpref``, whose
        values are AP and bpref floored at :data:`~rankmeasures.trec.trec_measures.MIN_GEO_MEAN`)
        or the number of queries (``num_q``).
    trec_summary : float
        That summary in trec_eval's arithmetic (:func:`trec_summary`): accumulated in
        double in query order, then divided, so that every digit trec_eval prints agrees;
        a NaN value (a query emptied by ``-J``) makes it NaN, as it makes trec_eval's
        (``-nan``), where ``mean`` leaves it out.

    Examples
    --------
    >>> from rankmeasures import evaluate
    >>> ev = evaluate({"q1": {"a": 1}, "q2": {"b": 1}},
    ...               {"q1": {"a": 1, "x": 0.5, "y": 0.2}, "q2": {"b": 1, "z": 0.1, "w": 0}},
    ...               ["num_ret", "gm_map"])
    >>> r = ev["num_ret"]
    >>> r.values.tolist(), r.mean, r.summary_kind, r.trec_summary
    ([3.0, 3.0], 3.0, 'sum', 6.0)
    """

    summary_kind: str = "mean"
    trec_summary: float = float("nan")


def trec_summary(kind: str, values: np.ndarray) -> float:
    """trec_eval's summary of per-query ``values`` (in trec_eval's query order, sorted
    ids), in its arithmetic: each value added in double in query order
    (meas_acc.c, ``te_acc_meas_s``), the total then divided by the number of queries
    (meas_avg.c, ``te_calc_avg_meas_s``); a NaN value makes the mean NaN. ``kind``
    (:data:`SUMMARY_KINDS`): ``"sum"`` keeps the total, ``"count"`` is the number of
    queries, ``"geometric_mean"`` accumulates each value's C ``log`` and returns the
    ``exp`` of the mean (``te_calc_avg_meas_s_gm``; the values are floored already).

    Examples
    --------
    The sequential sum differs from a pairwise one in the last bit, which can move the
    fourth printed digit when the mean sits on a rounding boundary:

    >>> import numpy as np
    >>> trec_summary("mean", np.array([0.1, 0.2, 0.3])) == (0.1 + 0.2 + 0.3) / 3
    True
    >>> trec_summary("sum", np.array([3.0, 3.0])), trec_summary("count", np.ones(2))
    (6.0, 2.0)
    >>> trec_summary("geometric_mean", np.array([0.25, 1.0]))
    0.5
    """
    n = values.size
    if kind == "count":
        return float(n)
    if n == 0:
        return 0.0 if kind == "sum" else float("nan")
    if kind == "geometric_mean":  # C's log and exp, per query, as trec_eval's
        total = float(np.add.accumulate(np.array([math.log(v) for v in values.tolist()]))[-1])
        return math.exp(total / n)
    total = float(np.add.accumulate(values)[-1])  # sequential, as trec_eval's loop
    return total if kind == "sum" else total / n


@dataclass(frozen=True, repr=False)
class Evaluation(Mapping):
    """What :func:`~rankmeasures.trec.runs.evaluate` returns: measure name -> per-query
    :class:`MeasureResults`, plus the settings that produced it.

    ``ev["ndcg@10"].values`` are the per-query values (in ``query_ids`` order),
    ``ev.means`` their means, ``ev.summaries`` trec_eval's summaries (its ``all`` line:
    a sum for the counts, a geometric mean for ``gm_*``), ``ev.to_dict()`` the
    ``{measure: {query: value}}`` form of pytrec_eval and ranx.

    Examples
    --------
    >>> import rankmeasures as rm
    >>> ev = rm.evaluate({"q1": {"d1": 1, "d2": 0}}, {"q1": {"d1": 0.5, "d2": 0.9}},
    ...                  ["P@1", "AP"])
    >>> ev.means  # d2, not relevant, is ranked first: P@1 = 0, AP = (1/2) / 1
    {'P@1': 0.0, 'AP': 0.5}
    >>> ev.to_dict()
    {'P@1': {'q1': 0.0}, 'AP': {'q1': 0.5}}
    """

    results: dict[str, MeasureResults]
    query_ids: np.ndarray
    convention: str
    queries: str
    ties: str
    left_out: tuple = (0, 0)
    texts: dict = field(default_factory=dict)
    specs: dict = field(default_factory=dict, repr=False)

    def __getitem__(self, name: str) -> QueryResults:
        return self.results[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.results)

    def __len__(self) -> int:
        return len(self.results)

    @property
    def means(self) -> dict[str, float]:
        """The mean of each measure's per-query values (NaN values left out)."""
        return {name: r.mean for name, r in self.results.items()}

    @property
    def summaries(self) -> dict[str, float]:
        """trec_eval's summary of each measure, what its ``all`` line prints
        (:attr:`MeasureResults.trec_summary`: a sum for the counts, the geometric mean for
        ``gm_map`` and ``gm_bpref``, the number of queries for ``num_q``, else the mean,
        NaN when a value is)."""
        return {name: r.trec_summary for name, r in self.results.items()}

    def to_dict(self) -> dict[str, dict[str, float]]:
        """``{measure: {query_id: value}}``."""
        qs = self.query_ids.tolist()
        return {name: dict(zip(qs, r.values.tolist(), strict=True))
                for name, r in self.results.items()}

    def __repr__(self) -> str:
        nq = self.query_ids.size
        head = (f"Evaluation of {nq} quer{'y' if nq == 1 else 'ies'} "
                f"(convention={self.convention!r}, "
                f"queries={self.queries!r}, ties={self.ties!r})")
        judged_only, run_only = self.left_out
        if judged_only or run_only:
            head += (f"; left out: {judged_only} quer{'y' if judged_only == 1 else 'ies'} of "
                     f"the qrels the run does not have, {run_only} of the run the qrels "
                     f"do not judge")
        width = max([len("measure")] + [len(n) for n in self.results])
        rows = [f"  {'measure':<{width}}  {'mean':>8}  {'min':>8}  {'median':>8}  {'max':>8}"
                "  trec_eval's all"]
        for name, r in self.results.items():
            stats = r.summary()[:4]
            kind = r.summary_kind.replace("_", " ")
            rows.append(f"  {name:<{width}}  " + "  ".join(f"{x:8.4f}" for x in stats)
                        + f"  {r.trec_summary:8.4f} ({kind})")
        return "\n".join([head, *rows])
