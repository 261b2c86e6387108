"""The documents' learning models: rankers trained for a measure.

* :mod:`~rankmeasures.learning.learn_dcg` — Zhou, Zha, Xue, Yu, "Learning the Gain Values
  and Discount Factors of DCG" (document 001): the binary representation s(pi), the linear
  utility, T(w) and its similarity, the QP of eqs. (1), (4) and (6), the rank-1 factors;
* :mod:`~rankmeasures.learning.learn_dcg_simulation` — that paper's Sections 6-8 protocol
  as one seeded function; a learned utility against the truth up to what the data
  identify in :mod:`~rankmeasures.learning.identifiability`, and the readings of the
  protocol's differences against their standard errors in
  :mod:`~rankmeasures.learning.verdicts`;
* :mod:`~rankmeasures.learning.linear_ranking` — Shalev-Shwartz & Ben-David, Section 17.4
  (document 002): linear rankers h_w and the Kendall and NDCG hinge surrogates;
* :mod:`~rankmeasures.learning.ranking_data` — graded ranking lists from scikit-learn's
  bundled diabetes data (nothing downloaded).

Not in the wheel: these are the checkout's models of documents 001 and 002 (they need
quadprog, and scikit-learn for the data), used by the notebooks and the claims engine.

May import: the measures (:mod:`rankmeasures`), :mod:`rankmeasures._kernels`, numpy,
scipy, quadprog (Clarabel optionally), scikit-learn's bundled data.
"""
