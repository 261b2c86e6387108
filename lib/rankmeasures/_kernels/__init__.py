"""The compiled and low-level kernels beneath the measures (private: no stable API).

Each kernel module imports numba at its top and is loaded on first use by
:func:`rankmeasures._kernels.jit.load`, which answers ``None`` when numba (the ``fast``
extra) is not installed; the measure that asked then takes its numpy path, and the tests
hold the two to the same values and both to the peers.

* :mod:`~rankmeasures._kernels.jit` — the loader;
* :mod:`~rankmeasures._kernels.dcg_numba` — DCG/IDCG/NDCG rows: the top-k pass, the
  integer-gain buckets, the sorted-row sums (for :mod:`rankmeasures.dcg`);
* :mod:`~rankmeasures._kernels.pairs` and :mod:`~rankmeasures._kernels.pairs_numba` —
  concordant, discordant and tied pair counts in O(n log n) (for
  :mod:`rankmeasures._concordance.counts`, beneath :mod:`rankmeasures.concordance`);
  :mod:`~rankmeasures._kernels.sort_numba`, the radix sort and dense ranks they use;
* :mod:`~rankmeasures._kernels.validation_numba` — 64-bit integers converted and
  range-checked in one pass (for the measures' input checks);
* :mod:`~rankmeasures._kernels.simulate_numba` — the running log-scores and label draws of
  the order-statistic simulator (for :mod:`rankmeasures.theory.simulate`).

May import: numpy and numba only (never the measures, the theory or the learning models).
"""
