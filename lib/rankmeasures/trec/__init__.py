"""The evaluator: runs against qrels, as trec_eval, ir_measures and ranx evaluate them.

* :mod:`rankmeasures.trec.declarations` -- every measure declared once (names, parameters,
  family, ties, trec_eval's print and summary rule, source);
* :mod:`rankmeasures.trec.measure_names` -- the parser of their names;
* :mod:`rankmeasures.trec.runs` -- :func:`evaluate`: a run against its qrels under
  trec_eval's, scikit-learn's or ranx's conventions, the dispatch to the measures;
* :mod:`rankmeasures.trec.join` -- the join of a run to its qrels (:func:`join`, and
  :class:`NoQueryToEvaluate`, its ValueError when no query can be evaluated); the private
  ``_trec_order`` joins in trec_eval's order, ``_ranking`` ranks once for every measure;
* :mod:`rankmeasures.trec.results` -- what :func:`evaluate` returns: per-query values,
  their means and trec_eval's summaries;
* :mod:`rankmeasures.trec.retrieval` -- trec_eval's binary measures, exact on ties;
* :mod:`rankmeasures.trec.trec_measures` -- the rest of trec_eval's catalogue (bpref,
  infAP, iprec_at_recall, set measures, ...; :mod:`rankmeasures.trec.trec_graded`: G,
  Rndcg, ndcg with gains per grade, RBP and ERR), each a kernel registered by
  :func:`~rankmeasures.trec.trec_measures.kernel`;
* :mod:`rankmeasures.trec.query_concordance` -- per-query AUC and Kendall's tau-b;
* :mod:`rankmeasures.trec.trec_files` -- TREC qrels and run files;
* :mod:`rankmeasures.trec.significance` -- paired tests between runs;
* :mod:`rankmeasures.trec.cli` -- ``python -m rankmeasures`` (or ``rankmeasures.trec``).

The package root keeps :func:`evaluate`, :func:`read_qrels` and :func:`read_run`.
"""

from .declarations import MEASURES
from .join import NoQueryToEvaluate
from .measure_names import parse_measure, parse_measures
from .results import Evaluation
from .runs import evaluate
from .trec_files import read_qrels, read_run

__all__ = ["MEASURES", "Evaluation", "NoQueryToEvaluate", "evaluate", "parse_measure",
           "parse_measures", "read_qrels", "read_run"]
