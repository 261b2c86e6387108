"""dask.distributed as the Monte Carlo engine: the same bits in this process, on
1 and 2 local workers, on a cluster given by address or by client, and after a worker is
killed mid-draw; an unreachable scheduler fails within its timeout."""

import os
import signal
import threading
import time

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from rankmeasures.theory.asymptotics import s  # noqa: E402
from rankmeasures.theory.engine import connect  # noqa: E402
from rankmeasures.theory.simulate import simulate_ndcg  # noqa: E402

KW = dict(n_draws=2, seed=11, segment_size=1 << 13, task_ranks=1 << 14)
N = 200_000


@pytest.fixture(scope="module")
def reference():
    return simulate_ndcg(s, "log2", N, **KW)


@pytest.fixture(scope="module")
def cluster():
    """A scheduler and two workers started here, on the loopback address."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=":0") as c:
        yield c


def _same(a, b):
    return all(np.array_equal(a[k], b[k]) for k in ("ndcg", "dcg", "idcg", "relevant"))


@pytest.mark.parametrize("workers", [1, 2])
def test_local_workers_give_the_in_process_bits(reference, workers):
    assert _same(simulate_ndcg(s, "log2", N, workers=workers, **KW), reference)


def test_a_cluster_by_address_or_client_gives_the_same_bits(reference, cluster):
    assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
    by_address = simulate_ndcg(s, "log2", N, workers=cluster.scheduler_address,
                                         **KW)
    assert _same(by_address, reference)
    with distributed.Client(cluster) as client:
        assert _same(simulate_ndcg(s, "log2", N, workers=client, **KW), reference)


def test_a_worker_killed_mid_draw_changes_nothing(cluster):
    """One of the two worker processes is killed (SIGKILL) while it computes tasks of the
    draw; the scheduler recomputes them elsewhere and the result is the in-process one."""
    kw = dict(n_draws=2, seed=12, segment_size=1 << 15, task_ranks=1 << 15)
    n = 3_000_000  # 184 tasks of about 5 ms: some are always running when we look
    want = simulate_ndcg(s, "log2", n, **kw)
    got, killed = {}, []
    with distributed.Client(cluster) as client:
        job = threading.Thread(target=lambda: got.update(
            simulate_ndcg(s, "log2", n, workers=client, **kw)))
        job.start()
        deadline = time.monotonic() + 60
        while not killed and time.monotonic() < deadline:
            busy = [w for w, tasks in client.processing().items() if tasks]
            if busy:
                pid = next(iter(client.run(os.getpid, workers=[busy[0]]).values()))
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            time.sleep(0.01)
        job.join(120)
    assert killed, "no task was ever seen running"
    assert not job.is_alive()
    assert _same(got, want)


def test_an_unreachable_scheduler_fails_within_its_timeout():
    start = time.monotonic()
    with pytest.raises(ConnectionError, match="no dask scheduler answered at"), \
            connect("tcp://127.0.0.1:1", timeout=2):
        pass
    assert time.monotonic() - start < 15


@pytest.mark.parametrize("bad", [0, True, 1.5, ["tcp://x"]])
def test_bad_workers_arguments(bad):
    with pytest.raises(ValueError, match="workers"), connect(bad):
        pass


def test_a_variant_analysis_gives_the_same_report_with_workers():
    """analyse's Monte Carlo on one local worker: the report, every number of it,
    is the in-process one."""
    from rankmeasures.theory.analysis import analyse

    kw = dict(ybar="s", ybar_other="1/2", n_values=(10**3,), mc_n=[3000], mc_draws=4, seed=1)
    here = analyse("1/log(1+r)^2", **kw)
    there = analyse("1/log(1+r)^2", workers=1, **kw)
    assert here.models[0].monte_carlo  # the Monte Carlo ran
    assert here == there


def test_the_monte_carlo_ceiling_grows_with_the_cores():
    from rankmeasures.theory.analysis_settings import check_monte_carlo

    # 1e9 x 4 draws = 4e9 documents x 12 ns = 48 s of one core
    with pytest.raises(ValueError, match=r"0.0133 core-hours at 12 ns each: about 48 s on 1 "
                                         r"core, above the limit of 2e\+09"):
        check_monte_carlo([10**9], 4, cores=1)
    check_monte_carlo([10**9], 4, cores=2)  # within 2 x 2e9


@pytest.mark.parametrize("name", ["noguard.py", "noguard"])
def test_a_script_without_a_main_guard_is_told_what_to_write(tmp_path, name):
    """Local workers are spawned and re-import the main script: asked for by a script's
    top-level code outside ``if __name__ == "__main__":``, the call refuses at once with
    what to write, instead of dask's "Nanny failed to start" (no cluster is started) --
    also for a script whose name has no ``.py``."""
    import subprocess
    import sys

    script = tmp_path / name
    script.write_text("from rankmeasures.theory.simulate import simulate_ndcg\n"
                      "simulate_ndcg(lambda x: x, 'log2', 100, workers=2)\n")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 1
    assert "outside an 'if __name__ == \"__main__\":' block" in proc.stderr
    assert f"{script} (line 2)" in proc.stderr and "Nanny" in proc.stderr


def test_a_nanny_that_fails_to_start_is_explained(monkeypatch):
    """Where the look at the script cannot see the cause (code run by exec, an import
    chain), dask's bare "Nanny failed to start" is re-raised with the usual cause and what
    to write."""
    distributed = pytest.importorskip("distributed")

    def refuse(*args, **kwargs):
        raise RuntimeError("Nanny failed to start.")

    monkeypatch.setattr(distributed, "LocalCluster", refuse)
    with pytest.raises(RuntimeError, match=r"workers=2: dask could not start .* re-imports "
                                           r"the main script") as info:
        with connect(2):
            pass
    assert "if __name__" in str(info.value)
    assert isinstance(info.value.__cause__, RuntimeError)
