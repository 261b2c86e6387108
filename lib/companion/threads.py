"""One thread per process for what the companion runs.

The gate and ``make reproduce`` run notebooks side by side (and the claims report beside
them): their parallelism is across processes. Left alone, every kernel would also start as
many BLAS, OpenMP and numba threads as there are cores, and on a machine of two cores
those threads only wait on each other: notebook 004 took 146 s of CPU for 122 s of wall
with them and 105 s for 104 s with one thread each. The count is also fixed,
not derived from how many notebooks run at once, because the last digits of a long dot
product depend on it (OpenBLAS splits the sum by thread: 004's large-n Monte Carlo moves
in its 10th digit, a claim's Monte Carlo gap in its 12th), and the gate compares
byte for byte on the machine that wrote the outputs. The measures themselves do not
depend on it: the compiled kernels compute each row on one thread. A variable the user
has set is kept. ``python -m companion.threads CMD [ARGS ...]`` runs a command so (the
Makefile runs ``python -m proofs_check`` through it).
"""

from __future__ import annotations

import os
import sys

__all__ = ["THREAD_VARIABLES", "single_threaded"]

#: The thread pools of the stack: OpenMP, OpenBLAS (numpy, scipy), MKL and numba.
THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
                    "NUMBA_NUM_THREADS")


def single_threaded(env: dict | None = None) -> dict:
    """``env`` (default: this process's) with one thread for each pool not already set."""
    out = dict(os.environ if env is None else env)
    for name in THREAD_VARIABLES:
        out.setdefault(name, "1")
    return out


def main(argv: list[str] | None = None) -> None:
    """Replace this process by ``argv`` (a command and its arguments) run single-threaded."""
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        sys.exit("usage: python -m companion.threads CMD [ARGS ...]")
    os.execvpe(argv[0], argv, single_threaded())


if __name__ == "__main__":
    main()
