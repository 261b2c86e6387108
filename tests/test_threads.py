"""companion.threads: one thread per process, unless the user says otherwise."""

from companion import threads


def test_every_pool_gets_one_thread_and_a_set_variable_is_kept():
    env = threads.single_threaded({"PATH": "/bin", "NUMBA_NUM_THREADS": "5"})
    assert env["PATH"] == "/bin" and env["NUMBA_NUM_THREADS"] == "5"  # the user's own
    assert [env[v] for v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                             "MKL_NUM_THREADS")] == ["1", "1", "1"]


def test_the_command_runs_a_program_single_threaded():
    """``python -m companion.threads CMD`` (how the Makefile runs the claims report)."""
    import os
    import subprocess
    import sys

    code = "import os; print(os.environ['OPENBLAS_NUM_THREADS'], os.environ['OMP_NUM_THREADS'])"
    env = {k: v for k, v in os.environ.items() if k not in threads.THREAD_VARIABLES}
    env["OMP_NUM_THREADS"] = "3"
    out = subprocess.run([sys.executable, "-m", "companion.threads", sys.executable, "-c", code],
                         env=env, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["1", "3"]
    bare = subprocess.run([sys.executable, "-m", "companion.threads"], env=env,
                          capture_output=True, text=True)
    assert bare.returncode != 0 and "usage" in bare.stderr
