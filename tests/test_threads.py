"""companion.threads: one thread per process, unless the user says otherwise."""

from companion import threads


def test_every_pool_gets_one_thread_and_a_set_variable_is_kept():
    env = threads.single_threaded({"PATH": "/bin", "NUMBA_NUM_THREADS": "5"})
    assert env["PATH"] == "/bin" and env["NUMBA_NUM_THREADS"] == "5"  # the user's own
    assert [env[v] for v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                             "MKL_NUM_THREADS")] == ["1", "1", "1"]
