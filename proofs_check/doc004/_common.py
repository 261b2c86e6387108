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
