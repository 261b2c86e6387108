"""rankmeasures: exact, fast ranking measures for the five documents of the companion.

The measures (this package; every public name importable from the root). See the module
docstrings for the document and equation each implements:

* :mod:`rankmeasures.discounts`, :mod:`rankmeasures.gains` — D(r) and G(y);
* :mod:`rankmeasures.dcg` — DCG/IDCG/NDCG for one query or many, tie policies;
* :mod:`rankmeasures.exact` — the same DCG in exact sympy arithmetic;
* :mod:`rankmeasures.pairwise` — Jin & Geng's linear NDCG and pairwise losses;
* :mod:`rankmeasures.concordance` — Kendall, gamma, Somers' d, AUC, C-index, m-AUC;
* :mod:`rankmeasures.rank_distances` — the tutorial's footrule, Spearman, position and
  discounted errors, its DCG, preference Jaccard;
* :mod:`rankmeasures.ndcg_loss` — the textbook's NDCG and Kendall tau losses;
* :func:`evaluate`, :func:`read_qrels`, :func:`read_run` — runs against qrels, from the
  evaluator :mod:`rankmeasures.trec` (below).

Beside them, in sub-packages of their own (imported by name, not from the root):

* :mod:`rankmeasures.trec` — the evaluator: every measure of trec_eval (and ir_measures'
  names) declared once, :func:`evaluate` under trec_eval's, scikit-learn's or ranx's
  conventions, TREC files, paired tests, ``python -m rankmeasures QRELS RUN -m nDCG@10``;
  the old paths ``rankmeasures.runs``, ``rankmeasures.trec_files``, ... stay aliases;
* :mod:`rankmeasures.theory` — Wang et al. (2013)'s large-n theory of NDCG (document 004):
  limits, pseudo-expectations, the order-statistic simulator, a user's own variant;
* :mod:`rankmeasures.learning` — the learning models of documents 001 (Zhou et al.'s QP
  learner of gains and discounts) and 002 (the textbook's linear rankers); not in the wheel;
* :mod:`rankmeasures._kernels` — the compiled kernels beneath the measures (private).
"""

from .concordance import (
    PairCounts,
    auc,
    c_index,
    count_inversions,
    goodman_kruskal_gamma,
    kendall_distance,
    kendall_tau,
    m_auc,
    pair_counts,
    pairwise_aucs,
    somers_d,
)
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

__version__ = "0.1.0"


# modules that moved into the sub-packages in 0.1.0: the old attribute paths still
# resolve, with a DeprecationWarning naming the new one, until their removal in 0.2.0
_REMOVED_IN = "0.2.0"
_MOVED = {
    "asymptotics": "theory", "simulate": "theory", "variant_report": "theory",
    "learn_dcg": "learning", "learn_dcg_simulation": "learning",
    "linear_ranking": "learning", "ranking_data": "learning",
}


def __getattr__(name):
    # the exact (sympy) DCG loads sympy: import it when first asked for, not with the
    # package (``import rankmeasures`` stays light)
    if name in ("dcg_symbolic", "idcg_symbolic"):
        from . import exact

        return getattr(exact, name)
    if name == "parse_expression":
        from .expressions import parse_expression

        return parse_expression
    # the evaluator likewise: a program (or a notebook) that computes measures on arrays
    # does not load the TREC files' reader and the evaluator's tables, so their changes
    # do not touch it (the companion keys each output on the modules it imported)
    if name == "evaluate":
        from .trec.runs import evaluate

        return evaluate
    if name in ("read_qrels", "read_run"):
        from .trec import trec_files

        return getattr(trec_files, name)
    if name in _MOVED:
        import importlib
        import warnings

        new = f"{__name__}.{_MOVED[name]}.{name}"
        warnings.warn(f"{__name__}.{name} has moved to {new} (deprecated in 0.1.0; the "
                      f"old path is removed in {_REMOVED_IN})", DeprecationWarning,
                      stacklevel=2)
        return importlib.import_module(new)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [  # noqa: F822 - dcg_symbolic, idcg_symbolic, parse_expression and the evaluator
    # load on access
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
