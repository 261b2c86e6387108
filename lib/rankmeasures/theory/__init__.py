"""The large-n theory of NDCG: Wang et al., "A Theoretical Analysis of NDCG Type Ranking
Measures" (COLT 2013), document 004 of the companion, and the analysis of a user's own
variant (notebook 005 and the variant report).

* :mod:`~rankmeasures.theory.asymptotics` — the pseudo-expectation N_D(n) of Definition 5
  (binary and graded relevance, usable at n = 10^100), the exact finite-n E[DCG], the
  limits of Theorems 1, 3, 5, 7-13, Lemma 3's (K, a) and Theorem 1's rate constant;
* :mod:`~rankmeasures.theory.simulate` — the order-statistic Monte Carlo of the paper's
  model (Section 2) in O(n) time and bounded memory, and :func:`latent_sample`, one sample
  scored by several ranking functions;
* :mod:`~rankmeasures.theory.segments` — the same model with each draw in independent
  segments (boundaries from their Beta laws, interiors given their ends), so that one
  draw's work can be split and scheduled in any order with the same result;
* :mod:`~rankmeasures.theory.rates` — the exponent of a gap to a limit fitted on log-log
  (or log-log-log) axes, and the predicted rate drawn through it;
* :mod:`~rankmeasures.theory.distinguish` — ``P[NDCG(f0) > NDCG(f1)]`` on coupled samples
  (Definition 3, Theorem 2), each comparison decided exactly;
* :mod:`~rankmeasures.theory.analysis` — a discount, cut-off or gain of the user's own
  analysed against the theorems (``python -m proofs_check variant``), with its settings
  and their checks in :mod:`~rankmeasures.theory.analysis_settings`; the expressions it
  reads by the safe parser of :mod:`rankmeasures.expressions`
  (:mod:`~rankmeasures.theory.arguments`), the discount's class
  and the cut-off's regime by :mod:`~rankmeasures.theory.classification`, the relevance
  models and their checks by :mod:`~rankmeasures.theory.models`, the limits by
  :mod:`~rankmeasures.theory.limits`, and ``E[DCG] / E[IDCG]`` at finite n by
  :mod:`~rankmeasures.theory.finite_ratio`;
* :mod:`~rankmeasures.theory.results` — the analysis' typed results (the discount's class,
  each model's limit and Monte Carlo, telling two models apart, the report) and their
  rendering as the report's table and JSON;
* :mod:`~rankmeasures.theory.variant_report` — the variant report's sentences, curves and
  verdicts, built from the analysis' own numbers.

May import: the measures (:mod:`rankmeasures`), :mod:`rankmeasures._kernels`, numpy,
sympy, mpmath.
"""
