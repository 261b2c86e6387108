"""Claims of document 004: Wang, Wang, Li, He, Liu, Chen (2013), "A Theoretical Analysis
of NDCG Type Ranking Measures" (COLT, arXiv version with appendices).

Relevance curves ybar(s) = P[Y = 1 | ftilde(X) = s] used throughout: ``s`` (p = 1/2),
``s^2`` (p = 1/3) and ``1/5 + 3s/5`` (p = 1/2, ybar(1) = 4/5 < 1). Limits are checked
three ways where the claim is a limit: the closed form, the pseudo-expectation N_D(n) of
Definition 5 at n up to 10^100 (mpmath, 30 digits), and Monte Carlo means with standard
errors (seeded).
"""

from __future__ import annotations

import sympy

from rankmeasures.theory import asymptotics as asy

DOC = "004"
S = asy.s
CURVES = {"s": S, "s^2": S**2, "1/5 + 3s/5": sympy.Rational(1, 5) + sympy.Rational(3, 5) * S}
DPS = 30

#: The false-alarm level of one claim's Monte Carlo readings together (Bonferroni over
#: its readings): a reading fails beyond :func:`t_multiple` standard errors.
LEVEL = 1e-3


def t_multiple(draws: int, readings: int) -> float:
    """The multiple of its standard error a Monte Carlo reading may stray: Student's t,
    two-sided, ``draws - 1`` degrees of freedom, at :data:`LEVEL` split equally over the
    claim's ``readings``; so a claim's readings fail together with probability at most
    LEVEL under any seed."""
    from scipy import stats

    return float(stats.t.isf(LEVEL / (2 * readings), draws - 1))

# the sections of the paper, as printed, for the claims' locations
PRELIMINARIES = "2 Preliminaries"
STANDARD = "3.1 Standard NDCG"
FEASIBLE = "3.2 Characterization of Feasible Discount Functions"
CUTOFF = "3.3 Cut-off Versions of NDCG"
GENERAL = "3.4 Results for General Y"
EXPERIMENTS = "4 Experimental Results"
APPENDIX_A = "Appendix A Proof of Theorem 2: the Key Lemmas"
APPENDIX_B = "Appendix B Proofs of the Key Lemmas in Appendix A"
APPENDIX_C = "Appendix C Proof of the Technical Claims in Appendix B"
APPENDIX_D = "Appendix D Proof of the Convergence Theorems"
APPENDIX_E = "Appendix E Proof of Distinguishability for NDCG with r^-β (β in (0,1)) Discount"
