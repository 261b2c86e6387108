"""Claims of document 004: Wang, Wang, Li, He, Liu, Chen (2013), "A Theoretical Analysis
of NDCG Type Ranking Measures" (COLT, arXiv version with appendices), one module per part
of the paper:

* :mod:`.limits` — the model and the limits (Sections 2-3: Definitions 1, 5, Lemma 1,
  Theorems 1, 3, 5, 7, 8, 9);
* :mod:`.limit_proofs` — inside the limit proofs (Claims 1-5, 20, eq. 30, steps of
  Theorems 1 and 14, Lemma 4's constant);
* :mod:`.cutoffs_graded` — Theorem 6 and graded relevance (Theorems 10-13);
* :mod:`.expectation_gaps` — distinguishability in expectation (Lemmas 3 and 6);
* :mod:`.appendix` — cross-references, eqs. 15, 16, 23, 24, 27, Claims 4, 6-8, 21 and
  their proofs, Section 4's experiments;
* :mod:`.distinguishability` — concentration (Lemmas 2, 4, 5, 7) and consistent
  distinguishability (Theorems 2/14, 4);
* :mod:`.cutoff_remark` — the remark after Theorem 9 (NDCG@cn distinguishes under
  Theorem 2's condition).

The modules are imported in this order, which is the catalogue's (and the report's) order
of the claims; the shared curves and precision are in :mod:`._common`.
"""

# the import order is the catalogue's (and the report's) order of the claims
# isort: off
from .limits import (
    s004_d1,
    s004_l1,
    s004_t1,
    s004_t3,
    s004_t5,
    s004_t7,
    s004_t8,
    s004_t9,
    s004_d5,
)
from .limit_proofs import (
    s004_c5,
    s004_l4c,
    s004_e30,
    s004_t14s,
    s004_t1p,
    s004_c1,
    s004_c2,
    s004_c3,
    s004_c4,
)
from .cutoffs_graded import (
    s004_t6,
    s004_t10,
    s004_t11,
    s004_t12,
    s004_t13,
)
from .expectation_gaps import (
    s004_l3,
    s004_l6,
)
from .appendix import (
    s004_x1,
    s004_e15,
    s004_e16,
    s004_e27,
    s004_c7,
    s004_exp,
    s004_e23,
    s004_e24,
    s004_c6,
    s004_c8,
    s004_c4p,
    s004_c8p,
)
from .distinguishability import (
    s004_l7,
    s004_l2,
    s004_l4,
    s004_l5,
    s004_t2,
    s004_t4a,
    s004_t4b,
)
from .cutoff_remark import s004_t9d
# isort: on
from ._common import LIMIT_CLAIMS, LIMIT_CLAIMS_PSEUDO

__all__ = [
    "LIMIT_CLAIMS",
    "LIMIT_CLAIMS_PSEUDO",
    "s004_d1",
    "s004_l1",
    "s004_t1",
    "s004_t3",
    "s004_t5",
    "s004_t7",
    "s004_t8",
    "s004_t9",
    "s004_d5",
    "s004_c5",
    "s004_l4c",
    "s004_e30",
    "s004_t14s",
    "s004_t1p",
    "s004_c1",
    "s004_c2",
    "s004_c3",
    "s004_c4",
    "s004_t6",
    "s004_t10",
    "s004_t11",
    "s004_t12",
    "s004_t13",
    "s004_l3",
    "s004_l6",
    "s004_x1",
    "s004_e15",
    "s004_e16",
    "s004_e27",
    "s004_c7",
    "s004_exp",
    "s004_e23",
    "s004_e24",
    "s004_c6",
    "s004_c8",
    "s004_c4p",
    "s004_c8p",
    "s004_l7",
    "s004_l2",
    "s004_l4",
    "s004_l5",
    "s004_t2",
    "s004_t4a",
    "s004_t4b",
    "s004_t9d",
]
