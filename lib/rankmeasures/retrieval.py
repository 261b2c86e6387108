"""Moved to :mod:`rankmeasures.trec.retrieval`; this path stays an alias of its names."""

from .trec import retrieval as _moved
from .trec.retrieval import *  # noqa: F403
from .trec.retrieval import __all__  # noqa: F401


def __getattr__(name):
    return getattr(_moved, name)
