"""The counting beneath the concordance measures of :mod:`rankmeasures.concordance`
(private: its public names, :class:`~rankmeasures._concordance.counts.PairCounts`,
:func:`~rankmeasures._concordance.counts.pair_counts` and
:func:`~rankmeasures._concordance.counts.count_inversions`, are exported by the root).

* :mod:`~rankmeasures._concordance.counts` — the concordant, discordant and tied pairs of
  two arrays in O(n log n) (a compiled Fenwick-tree pass, or a wavelet-matrix pass in numpy).

May import: the measures (:mod:`rankmeasures`), :mod:`rankmeasures._kernels`, numpy.
"""
