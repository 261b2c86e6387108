"""rankmeasures: exact, fast ranking measures for the five documents of the companion.

The measures (this package; every public name importable from the root). See the module
docstrings for the document and equation each implements:

* :mod:`rankmeasures.discounts`, :mod:`rankmeasures.gains` — D(r) and G(y);
* :mod:`rankmeasures.dcg` — DCG/IDCG/NDCG for one query or many, tie policies;
* :mod:`rankmeasures.exact` — the same DCG in exact sympy arithmetic;
* :mod:`rankmeasures.pairwise` — Jin & Geng's linear NDCG and pairwise losses;
* :mod:`rankmeasures.concordance` — Kendall, gamma, Somers' d, AUC, C-index, m-AUC, from
  the pair counts of :mod:`rankmeasures._concordance` (private; :func:`pair_counts`,
  :class:`PairCounts` and :func:`count_inversions` exported here);
* :mod:`rankmeasures.rank_distances` — the tutorial's footrule, Spearman, position and
  discounted errors, its DCG, preference Jaccard;
* :mod:`rankmeasures.ndcg_loss` — the textbook's NDCG and Kendall tau losses;
* :func:`evaluate`, :func:`read_qrels`, :func:`read_run` — runs against qrels, from the
  evaluator :mod:`rankmeasures.trec` (below).

``import rankmeasures`` loads the DCG family (``discounts``, ``gains``, ``dcg``,
``ndcg_loss``) and numpy; every other root name loads its module when first used, so a
program (a notebook, an evaluation) imports only the modules it calls, and the companion,
which keys each output on the modules its run imported, redoes it only when one of them
changes.

Beside them, in sub-packages of their own (imported by name, not from the root):

* :mod:`rankmeasures.trec` — the evaluator: every measure of trec_eval (and ir_measures'
  names) declared once, :func:`evaluate` under trec_eval's, scikit-learn's or ranx's
  conventions, TREC files, paired tests, ``python -m rankmeasures QRELS RUN -m nDCG@10``;
* :mod:`rankmeasures.theory` — Wang et al. (2013)'s large-n theory of NDCG (document 004):
  limits, pseudo-expectations, the order-statistic simulator, a user's own variant;
* :mod:`rankmeasures.learning` — the learning models of documents 001 (Zhou et al.'s QP
  learner of gains and discounts) and 002 (the textbook's linear rankers); not in the wheel;
* :mod:`rankmeasures._kernels` — the compiled kernels beneath the measures (private).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# the DCG family loads with the package: ``dcg`` and ``ndcg_loss`` are modules named as
# the function each defines, and a submodule imported after the package would be bound
# over the function of its name (the import system sets the parent's attribute)
from .dcg import (
    TIE_POLICIES,
    ZERO_IDCG_POLICIES,
    QueryResults,
    dcg,
    dcg_queries,
    idcg,
    idcg_queries,
    ndcg,
    ndcg_queries,
)
from .discounts import (
    CustomDiscount,
    CutoffDiscount,
    Discount,
    ExponentialDiscount,
    LinearDiscount,
    LogDiscount,
    PowerDiscount,
    TopKDiscount,
    as_discount,
    cutoff,
    exponential_discount,
    linear_discount,
    log2_discount,
    log_discount,
    power_discount,
    topk_discount,
    zipf_discount,
)
from .gains import Gain, as_gain, custom_gain, exponential_gain, identity_gain
from .ndcg_loss import kendall_tau_loss, ndcg_loss

if TYPE_CHECKING:  # for type checkers: the names that load on first use (_LAZY below;
    # tests/test_import.py holds the two lists equal)
    from ._concordance.counts import PairCounts, count_inversions, pair_counts
    from .concordance import (
        auc,
        c_index,
        goodman_kruskal_gamma,
        kendall_distance,
        kendall_tau,
        m_auc,
        pairwise_aucs,
        somers_d,
    )
    from .exact import dcg_symbolic, idcg_symbolic
    from .expressions import parse_expression
    from .pairwise import (
        delta_dcg_linear,
        linear_dcg,
        pairwise_loss,
        pairwise_loss_levels,
        tied_pair_weight,
    )
    from .rank_distances import (
        discounted_error,
        measure_suite,
        pair_set_jaccard,
        position_error,
        preference_jaccard,
        ranks_from_order,
        spearman_distance,
        spearman_footrule,
        spearman_rho,
        tutorial_dcg,
        tutorial_idcg,
        tutorial_ndcg,
    )
    from .trec.runs import evaluate
    from .trec.trec_files import read_qrels, read_run

__version__ = "0.1.0"

#: module (relative to the package) -> the root names it defines that load on first use:
#: the concordance and pairwise measures and the tutorial's distances (a DCG computation
#: does not need them), the exact DCG (sympy), the evaluator (its tables and TREC reader)
_LAZY = {
    "_concordance.counts": ("PairCounts", "count_inversions", "pair_counts"),
    "concordance": ("auc", "c_index", "goodman_kruskal_gamma", "kendall_distance",
                    "kendall_tau", "m_auc", "pairwise_aucs", "somers_d"),
    "exact": ("dcg_symbolic", "idcg_symbolic"),
    "expressions": ("parse_expression",),
    "pairwise": ("delta_dcg_linear", "linear_dcg", "pairwise_loss", "pairwise_loss_levels",
                 "tied_pair_weight"),
    "rank_distances": ("discounted_error", "measure_suite", "pair_set_jaccard",
                       "position_error", "preference_jaccard", "ranks_from_order",
                       "spearman_distance", "spearman_footrule", "spearman_rho",
                       "tutorial_dcg", "tutorial_idcg", "tutorial_ndcg"),
    "trec.runs": ("evaluate",),
    "trec.trec_files": ("read_qrels", "read_run"),
}
_HOME = {name: module for module, names in _LAZY.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # the next access finds it without this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME))


__all__ = [
    "PairCounts", "auc", "c_index", "count_inversions", "goodman_kruskal_gamma",
    "kendall_distance", "kendall_tau", "m_auc", "pair_counts", "pairwise_aucs", "somers_d",
    "TIE_POLICIES", "ZERO_IDCG_POLICIES", "QueryResults", "dcg", "dcg_queries", "idcg",
    "idcg_queries", "ndcg", "ndcg_queries",
    "CustomDiscount", "CutoffDiscount", "Discount", "ExponentialDiscount", "LinearDiscount",
    "LogDiscount", "PowerDiscount", "TopKDiscount", "as_discount", "cutoff",
    "exponential_discount", "linear_discount", "log2_discount", "log_discount",
    "power_discount", "topk_discount", "zipf_discount",
    "dcg_symbolic", "idcg_symbolic", "parse_expression",
    "Gain", "as_gain", "custom_gain", "exponential_gain", "identity_gain",
    "kendall_tau_loss", "ndcg_loss",
    "delta_dcg_linear", "linear_dcg", "pairwise_loss", "pairwise_loss_levels", "tied_pair_weight",
    "discounted_error", "measure_suite", "pair_set_jaccard", "position_error", "preference_jaccard",
    "ranks_from_order", "spearman_distance", "spearman_footrule", "spearman_rho",
    "tutorial_dcg", "tutorial_idcg", "tutorial_ndcg",
    "evaluate", "read_qrels", "read_run",
]
