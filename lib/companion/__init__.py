"""companion: the machinery of the executable companion, apart from the measure library.

* :mod:`companion.run` — runs the jupytext notebooks through papermill;
* :mod:`companion.figures` — the one way notebooks write figures and tables;
* :mod:`companion.tolerance` and :mod:`companion.compare` — declared tolerances and the
  value-by-value comparison of outputs;
* :mod:`companion.machine` — what a machine computes with (CPU, SIMD, BLAS);
* :mod:`companion.gate` — the reproducibility gate of ``make test``.

The offline HTML edition is Sphinx's (``make docs``, ``docs/``).

:mod:`rankmeasures` is the measure library and does not import this package.
"""

__all__: list[str] = []
