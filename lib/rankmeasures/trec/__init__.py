"""The evaluator: runs against qrels, as trec_eval, ir_measures and ranx evaluate them.

* :mod:`rankmeasures.trec.measure_names` -- every measure declared once (names, parameters,
  family, trec_eval's print and summary rule, source) and the parser of their names;
* :mod:`rankmeasures.trec.runs` -- :func:`evaluate`: the join of a run to its qrels under
  trec_eval's, scikit-learn's or ranx's conventions, and the dispatch to the measures
  (:class:`NoQueryToEvaluate`, its ValueError when no query can be evaluated);
* :mod:`rankmeasures.trec.retrieval` -- trec_eval's binary measures, exact on ties;
* :mod:`rankmeasures.trec.trec_measures` -- the rest of trec_eval's catalogue (bpref,
  infAP, iprec_at_recall, set measures, G, Rndcg, ...), RBP and ERR;
* :mod:`rankmeasures.trec.query_concordance` -- per-query AUC and Kendall's tau-b;
* :mod:`rankmeasures.trec.trec_files` -- TREC qrels and run files;
* :mod:`rankmeasures.trec.significance` -- paired tests between runs;
* :mod:`rankmeasures.trec.cli` -- ``python -m rankmeasures`` (or ``rankmeasures.trec``).

The package root keeps :func:`evaluate`, :func:`read_qrels` and :func:`read_run`.
"""

from .measure_names import MEASURES, parse_measure, parse_measures
from .runs import Evaluation, NoQueryToEvaluate, evaluate
from .trec_files import read_qrels, read_run

__all__ = ["MEASURES", "Evaluation", "NoQueryToEvaluate", "evaluate", "parse_measure",
           "parse_measures", "read_qrels", "read_run"]
