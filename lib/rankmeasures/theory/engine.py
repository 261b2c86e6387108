"""dask.distributed as the engine of the segmented Monte Carlo.

``workers=`` of :func:`~rankmeasures.theory.simulate.simulate_ndcg` names where
its tasks run:

* an integer k: a ``distributed.LocalCluster`` of k worker processes, one thread each, on
  the loopback interface, started for the call and closed after it (the embedded
  default);
* a scheduler address, ``"tcp://host:8786"``: an existing cluster (``dask scheduler`` on
  one machine, ``dask worker tcp://host:8786`` on each of the others); the call connects,
  and disconnects after, leaving the cluster running;
* a ``distributed.Client``: used as it is.

dask and distributed are the optional extra ``rankmeasures[distributed]``, imported only
here and only when asked for. Each task is a group of consecutive segments of one draw
(``task_ranks`` ranks, about a second of work); the scheduler retries a task whose worker
died (a killed worker's tasks are recomputed elsewhere), and, since every segment has its
own random stream and the draw is reduced in segment order by the caller, the result is
the same bits whoever computes what, and however often.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

__all__ = ["CONNECT_TIMEOUT", "WORKER_ALLOCATOR", "connect", "cores", "gather_map"]

#: seconds to wait for a scheduler named by address before giving up
CONNECT_TIMEOUT = 10.0

#: glibc's allocator in the local cluster's workers, set before each worker process
#: starts (dask's ``distributed.nanny.pre-spawn-environ``). dask sets
#: ``MALLOC_TRIM_THRESHOLD_=65536`` there, which also switches off glibc's adaptive mmap
#: threshold: every block's 256 KiB temporaries were then mapped and faulted in afresh,
#: and a task ran 48 % slower than in this process. With these, 4 %. Workers of a
#: cluster started by hand get the same from the environment of ``dask worker``:
#: ``DASK_DISTRIBUTED__NANNY__PRE_SPAWN_ENVIRON__MALLOC_TRIM_THRESHOLD_=134217728`` and
#: ``DASK_DISTRIBUTED__NANNY__PRE_SPAWN_ENVIRON__MALLOC_MMAP_THRESHOLD_=33554432``.
WORKER_ALLOCATOR = {"MALLOC_TRIM_THRESHOLD_": str(1 << 27),
                    "MALLOC_MMAP_THRESHOLD_": str(1 << 25)}


def _distributed():
    try:
        import distributed
    except ImportError:  # pragma: no cover - the extra is in the test pins
        raise ImportError("workers: dask.distributed is not installed; install the extra: "
                          "pip install 'rankmeasures[distributed]'") from None
    return distributed


def _unguarded_script_line() -> int | None:
    """The line of the main script that (through this call) starts local workers outside
    an ``if __name__ == "__main__":`` block, or None. Worker processes are spawned: each
    re-imports the main script, which would start workers again, and dask reports only
    "Nanny failed to start"."""
    import ast
    import inspect
    import os
    import sys

    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if not path or not os.path.isfile(path):
        return None  # an interactive session, a notebook, python -c
    frame = inspect.currentframe()
    line = None
    while frame is not None:
        if frame.f_globals.get("__name__") in ("__main__", "__mp_main__") and \
                frame.f_code.co_name == "<module>":
            line = frame.f_lineno
        frame = frame.f_back
    if line is None:
        return None
    try:
        tree = ast.parse(open(path, encoding="utf-8").read())
    except (OSError, SyntaxError, ValueError):
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test) and \
                node.lineno <= line <= (node.end_lineno or node.lineno):
            return None
    return line


@contextmanager
def connect(workers: Any, *, timeout: float = CONNECT_TIMEOUT) -> Iterator[Any]:
    """A ``distributed.Client`` for ``workers`` (module docstring), closed on exit when
    this function opened it.

    Raises
    ------
    ValueError
        ``workers`` is none of the accepted forms.
    RuntimeError
        Local workers asked for by a script's top-level code outside an
        ``if __name__ == "__main__":`` block (each spawned worker would re-run the script).
    ConnectionError
        No scheduler answered at the address within ``timeout`` seconds.
    """
    distributed = _distributed()
    if isinstance(workers, distributed.Client):
        yield workers
        return
    # a number of workers is any integer, Python's or numpy's, as analyse takes it
    if isinstance(workers, bool) or not isinstance(workers, numbers.Integral | str):
        raise ValueError(f"workers: expected None, a number of local workers, a scheduler "
                         f"address or a distributed.Client, got {type(workers).__name__}")
    if isinstance(workers, numbers.Integral):
        workers = int(workers)
        if workers < 1:
            raise ValueError(f"workers: need at least one worker, got {workers}")
        import dask

        line = _unguarded_script_line()
        if line is not None and dask.config.get(
                "distributed.worker.multiprocessing-method", "spawn") != "fork":
            import sys

            raise RuntimeError(
                f"workers={workers}: local worker processes are started by the top-level "
                f"code of {sys.modules['__main__'].__file__} (line {line}), outside an "
                f"'if __name__ == \"__main__\":' block. Each worker re-imports the script "
                f"and would start workers of its own (dask then reports 'Nanny failed to "
                f"start'). Put the call under\n    if __name__ == \"__main__\":\nor pass "
                f"workers=None to compute in this process.")

        environ = {**dask.config.get("distributed.nanny.pre-spawn-environ", {}),
                   **WORKER_ALLOCATOR}
        with dask.config.set({"distributed.nanny.pre-spawn-environ": environ}):
            try:
                cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                                   processes=True, host="127.0.0.1",
                                                   dashboard_address=":0")
            except RuntimeError as e:
                if "Nanny failed to start" not in str(e):
                    raise
                # the static look at the script above can miss a guard-less caller (code
                # run by exec, an import chain); the usual cause is the same
                raise RuntimeError(
                    f"workers={workers}: dask could not start its local worker processes "
                    f"('Nanny failed to start'). The usual cause: the code that asks for "
                    f"workers runs when the main script is imported. Each worker process "
                    f"re-imports the main script, so put the call under\n"
                    f"    if __name__ == \"__main__\":\nor pass workers=None to compute in "
                    f"this process.") from e
            with cluster, distributed.Client(cluster) as client:
                yield client
        return
    try:
        client = distributed.Client(workers, timeout=f"{timeout}s")
    except (OSError, TimeoutError) as e:
        raise ConnectionError(f"workers: no dask scheduler answered at {workers!r} within "
                              f"{timeout:g} s ({type(e).__name__})") from None
    with client:
        yield client


def gather_map(client: Any, fn: Callable, tasks: Sequence, *, retries: int = 3) -> list:
    """``[fn(t) for t in tasks]`` computed on the cluster, in the order of ``tasks``."""
    futures = client.map(fn, list(tasks), pure=False, retries=retries)
    return client.gather(futures)


def cores(client: Any) -> int:
    """The worker threads of the cluster behind ``client``."""
    return max(1, sum(client.nthreads().values()))
