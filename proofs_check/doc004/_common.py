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

from .. import registry

DOC = "004"
S = asy.s
CURVES = {"s": S, "s^2": S**2, "1/5 + 3s/5": sympy.Rational(1, 5) + sympy.Rational(3, 5) * S}
DPS = 30

#: The false-alarm level of one claim's Monte Carlo readings together (Bonferroni over
#: its readings): a reading fails beyond :func:`t_multiple` standard errors.
LEVEL = 1e-3


def t_multiple(draws: int, readings: int) -> float:
    """registry.t_multiple at :data:`LEVEL`: the multiple of its standard error a Monte
    Carlo reading of a claim of 004 may stray."""
    return registry.t_multiple(draws, readings, LEVEL)


#: what "verified" rests on for a limit theorem (Theorems 3, 5, 8, 9, 10, 12, 13): the
#: centring's limit and the simulator's consistency, not the concentration of NDCG
LIMIT_BASIS = ("the limit of the centring N_D(n) (deterministic, to 1e100) and Monte Carlo "
               "means of DCG and IDCG against their exact expectations at finite n; the "
               "convergence in probability itself (NDCG concentrating around N_D(n)) is not "
               "checked by this claim")
#: the same for the claims checked on N_D(n) alone (Theorems 7 and 11)
LIMIT_BASIS_PSEUDO = ("the limit of the centring N_D(n) (deterministic, to 1e100) only; the "
                      "convergence in probability itself is not checked by this claim")
#: the claims whose "verified" rests on LIMIT_BASIS, and those resting on
#: LIMIT_BASIS_PSEUDO (the reading guide of 004 names them)
LIMIT_CLAIMS = ("S004-T3", "S004-T5", "S004-T8", "S004-T9", "S004-T10", "S004-T12",
                "S004-T13")
LIMIT_CLAIMS_PSEUDO = ("S004-T7", "S004-T11")
#: what the paper proves of its limit theorems
PROOF_THEOREM_3 = ("Appendix D proves it through Lemma 5, whose proof is 'a simple "
                   "modification' of Lemma 4's with its details omitted")
PROOF_OMITTED_D = ("stated without proof: Appendix D proves Theorem 3 only and says the "
                   "others 'require only minor modifications' (its list reads 'Theorems 3, 5, "
                   "5, 6, 7', with 5 twice)")
PROOF_OMITTED_GENERAL = ("stated without proof: Section 3.4 says 'We only state the theorems "
                         "and omit the proofs'")

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


def monte_carlo_against_exact(model, spec, disc, mc_n: int, draws: int, seed: int,
                              readings: int) -> tuple[dict, bool]:
    """Monte Carlo draws of (DCG, IDCG) at ``mc_n`` against their exact expectations
    (finite_ratio.expected_ratio: Claim 2's sum for E[DCG], the binomial law of the relevant
    count for E[IDCG]): each mean within :func:`t_multiple` standard errors, with
    ``readings`` the claim's number of such means, plus the rounding bound of a sum of
    ``mc_n`` doubles; no other allowance, both estimators being unbiased. The evidence
    shows NDCG's mean beside E[DCG]/E[IDCG] and N(mc_n) for reading. ``model`` is what
    simulate_ndcg takes, ``spec`` what expected_ratio takes."""
    import numpy as np

    from rankmeasures.theory.finite_ratio import expected_ratio
    from rankmeasures.theory.simulate import simulate_ndcg

    sim = simulate_ndcg(model, disc, mc_n, n_draws=draws, seed=seed)
    exact = expected_ratio(disc, spec, mc_n)
    q = t_multiple(draws, readings)
    ev, ok = {}, True
    for key, target in (("dcg", exact.expected_dcg), ("idcg", exact.expected_idcg)):
        mean = float(sim[key].mean())
        se = float(sim[key].std(ddof=1) / np.sqrt(draws))
        # a sum of mc_n terms in double precision is within mc_n * eps of its value
        # (relative)
        rounding = mc_n * np.finfo(float).eps * abs(target)
        if se > rounding:
            ok &= abs(mean - target) <= q * se + rounding
            ev[f"mean {key.upper()} (exact {target:.6g})"] = (
                f"{mean:.6g} +/- {se:.3g}, {(mean - target) / se:+.2f} s.e.")
        else:
            # the same value on every draw (IDCG cut below the relevant count is F(k)):
            # no estimate of its spread; Hoeffding's bound from the range [0, F(n) max
            # gain] a reading can take, at the claim's level per reading (any law)
            top = float(np.sum(disc.weights(mc_n))) * float(np.max(np.abs(
                getattr(model, "values", [1.0]))))
            bound = top * np.sqrt(np.log(2 * readings / LEVEL) / (2 * draws))
            ok &= abs(mean - target) <= bound + rounding
            ev[f"mean {key.upper()} (exact {target:.6g})"] = (
                f"{mean:.6g}, the same on every draw (allowed {bound:.3g}, from its range)")
    ev[f"mean NDCG at n = {mc_n}"] = round(float(sim["ndcg"].mean()), 6)
    ev["E[DCG]/E[IDCG]"] = round(exact.ratio, 6)
    ev[f"N({mc_n})"] = round(float(asy.pseudo_expectation(model, disc, mc_n, dps=DPS)), 6)
    ev["t multiple"] = round(q, 3)
    return ev, ok


#: the method text of a claim checked by :func:`monte_carlo_against_exact`
MC_METHOD = ("Monte Carlo ({draws} draws at n = {n}): the means of DCG and IDCG against "
             "their exact expectations, within Student's t multiples at level {level:g} over "
             "the claim's {readings} means")
