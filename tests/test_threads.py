"""companion.threads: the thread pools of processes that share the cores."""

import os

import pytest

from companion import threads


def test_each_process_gets_its_share_and_a_set_variable_is_kept(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    env = threads.shared_environment(3, {"PATH": "/bin", "NUMBA_NUM_THREADS": "5"})
    assert env["PATH"] == "/bin" and env["NUMBA_NUM_THREADS"] == "5"  # the user's own
    assert env["OPENBLAS_NUM_THREADS"] == env["OMP_NUM_THREADS"] == "2"  # 8 // 3
    assert threads.shared_environment(16, {})["MKL_NUM_THREADS"] == "1"  # never 0
    assert threads.shared_environment(1, {})["OMP_NUM_THREADS"] == "8"


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"])
def test_processes_must_be_a_positive_integer(bad):
    with pytest.raises(ValueError, match="processes: must be an integer >= 1"):
        threads.shared_environment(bad, {})
