"""Time budgets for analysis steps that may not end (a symbolic limit of
``exp(exp(exp(r)))``, an integral sympy cannot close).

:func:`time_budget` arms a POSIX interval timer (``SIGALRM``) for the duration of a step and
raises :class:`BudgetExceeded` naming the step when it runs out. sympy and mpmath are
Python code, so the signal lands within milliseconds. Where no timer can be armed (not the
main thread, or no ``SIGALRM`` on the platform) the step runs unbounded, and the report says
so.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator

__all__ = ["BudgetExceeded", "time_budget", "can_bound"]


class BudgetExceeded(RuntimeError):
    """A step ran past its time budget."""

    def __init__(self, step: str, seconds: float):
        super().__init__(f"{step}: ran out of its time budget of {seconds:g} s")
        self.step = step
        self.seconds = seconds


def can_bound() -> bool:
    """Whether :func:`time_budget` can interrupt a step here."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def time_budget(step: str, seconds: float | None) -> Iterator[None]:
    """Run the body with at most ``seconds`` of wall time (None or inf: no budget).

    Budgets nest: an inner budget never extends an outer one (the earlier deadline wins).
    """
    if seconds is None or seconds == float("inf") or not can_bound():
        yield
        return
    if seconds <= 0:
        raise ValueError(f"budget: must be positive, got {seconds}")
    now = time.monotonic()
    outer_left, _ = signal.getitimer(signal.ITIMER_REAL)
    previous = signal.getsignal(signal.SIGALRM)
    mine = outer_left == 0 or seconds < outer_left
    if not mine:  # the outer deadline comes first: let it fire
        yield
        return

    def _raise(signum, frame):
        raise BudgetExceeded(step, seconds)

    signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer_left:  # re-arm the outer budget with what is left of it
            left = outer_left - (time.monotonic() - now)
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-3))
