"""Wall and CPU time of a command and of every process it starts.

``python3 lib/companion/timing.py LABEL -- COMMAND [ARG ...]`` runs COMMAND, passes its
exit status on, and prints at its end::

    LABEL: wall 412.3 s, CPU 655.1 s (user 630.2 s + sys 24.9 s)

CPU is the user and system time of the command and of every process below it that was
waited for (the kernel's accounting of a reaped child, ``os.wait4``): ``make test`` runs
itself under it, so its total covers the venv, the lint, the suite and the gate. The gate
times the claims run and each notebook the same way (:func:`wait`, :func:`usage`).

This module imports the standard library only, so that it runs before the venv exists.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time

__all__ = ["Usage", "usage", "wait", "main"]


class Usage:
    """Wall, user and system seconds of one piece of work."""

    __slots__ = ("wall", "user", "sys")

    def __init__(self, wall: float = 0.0, user: float = 0.0, sys: float = 0.0):
        self.wall, self.user, self.sys = wall, user, sys

    @property
    def cpu(self) -> float:
        return self.user + self.sys

    def __add__(self, other: Usage) -> Usage:
        return Usage(self.wall + other.wall, self.user + other.user, self.sys + other.sys)

    def __sub__(self, other: Usage) -> Usage:
        return Usage(self.wall - other.wall, self.user - other.user, self.sys - other.sys)

    def describe(self) -> str:
        return (f"wall {self.wall:.1f} s, CPU {self.cpu:.1f} s (user {self.user:.1f} s + "
                f"sys {self.sys:.1f} s)")


def usage() -> Usage:
    """This process and its reaped children so far; the wall field is a monotonic clock,
    meaningful only in a difference of two readings."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return Usage(time.perf_counter(), me.ru_utime + kids.ru_utime, me.ru_stime + kids.ru_stime)


def wait(proc: subprocess.Popen, started: float) -> Usage:
    """Wait for ``proc`` (started at ``time.perf_counter()`` = ``started``) and return its
    wall time and the CPU time of it and its waited-for descendants; sets its returncode."""
    _, status, ru = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Usage(time.perf_counter() - started, ru.ru_utime, ru.ru_stime)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if len(argv) < 3 or argv[1] != "--":
        print("usage: timing.py LABEL -- COMMAND [ARG ...]", file=sys.stderr)
        return 2
    label, command = argv[0], argv[2:]
    t0 = time.perf_counter()
    proc = subprocess.Popen(command)
    try:
        used = wait(proc, t0)
    except KeyboardInterrupt:
        proc.wait()
        raise
    print(f"{label}: {used.describe()}", flush=True)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
