"""Threads per process when the companion runs several at once.

The gate and ``make reproduce`` run two notebooks side by side (and the claims report
beside them) on a machine of two cores. Left alone, every kernel would also start as many
BLAS, OpenMP and numba threads as there are cores, and those threads only wait on each
other: on notebook 004, 146 s of CPU for 122 s of wall with them, 105 s for 104 s with one
thread each (issue 26). Like joblib's loky backend, the companion gives each of ``n``
concurrent processes ``cpu_count // n`` threads (at least one). The measures do not depend
on the count: the compiled kernels compute each row on one thread, and the gate checks
that the outputs regenerate byte for byte. A variable the user has set is left as set.
"""

from __future__ import annotations

import os

__all__ = ["THREAD_VARIABLES", "shared_environment"]

#: The thread pools of the stack: OpenMP, OpenBLAS (numpy, scipy), MKL and numba.
THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
                    "NUMBA_NUM_THREADS")


def shared_environment(processes: int, env: dict | None = None) -> dict:
    """``env`` (default: this process's) with each thread pool sized for ``processes``
    processes sharing the machine's cores; variables already set are kept."""
    if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
        raise ValueError(f"processes: must be an integer >= 1, got {processes!r}")
    out = dict(os.environ if env is None else env)
    threads = str(max(1, (os.cpu_count() or 1) // processes))
    for name in THREAD_VARIABLES:
        out.setdefault(name, threads)
    return out
