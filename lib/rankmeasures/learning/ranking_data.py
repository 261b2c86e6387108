"""A real labelled ranking data set that ships inside a package (nothing is downloaded).

scikit-learn bundles the diabetes data (442 patients, 10 standardised measurements, a
disease-progression score one year later). Ranking patients by progression is a graded
ranking task: the score is cut into ``n_grades`` quantile grades (0 = mildest), patients
are split into disjoint train and test halves, and each half is sampled into lists of
``list_size`` patients (a patient may appear in several lists of its own half only).
"""

from __future__ import annotations

import numpy as np

__all__ = ["diabetes_ranking_split"]


def diabetes_ranking_split(seed: int, *, n_grades: int = 5, list_size: int = 15,
                           n_train_lists: int = 40, n_test_lists: int = 40
                           ) -> tuple[list[tuple[np.ndarray, np.ndarray]],
                                      list[tuple[np.ndarray, np.ndarray]]]:
    """Train and test lists ``[(X, y), ...]`` from one seeded split of the diabetes data.

    Features are standardised with the training half's mean and deviation. Grades are
    the quantile bins of the progression score over all patients (a labelling rule, not
    a fitted model).

    Returns
    -------
    train, test : list of (ndarray (list_size, 10), ndarray (list_size,))
    """
    from sklearn.datasets import load_diabetes  # bundled with scikit-learn

    if list_size < 2 or n_grades < 2:
        raise ValueError("list_size, n_grades: need at least 2")
    data = load_diabetes()
    x, target = data.data, data.target
    edges = np.quantile(target, np.linspace(0, 1, n_grades + 1)[1:-1])
    grades = np.searchsorted(edges, target, side="right").astype(np.float64)
    rng = np.random.default_rng(seed)
    perm = rng.permutation(target.size)
    half = target.size // 2
    train_idx, test_idx = perm[:half], perm[half:]
    mu = x[train_idx].mean(axis=0)
    sd = x[train_idx].std(axis=0)
    xs = (x - mu) / sd

    def lists(idx, count):
        out = []
        for _ in range(count):
            pick = rng.choice(idx, size=list_size, replace=False)
            out.append((xs[pick], grades[pick]))
        return out

    return lists(train_idx, n_train_lists), lists(test_idx, n_test_lists)
