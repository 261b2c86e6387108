"""Moved to :mod:`rankmeasures.trec.runs`; this path stays an alias of its names."""

from .trec import runs as _moved
from .trec.runs import *  # noqa: F403
from .trec.runs import __all__  # noqa: F401


def __getattr__(name):
    return getattr(_moved, name)
