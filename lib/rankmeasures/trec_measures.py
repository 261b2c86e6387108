"""Moved to :mod:`rankmeasures.trec.trec_measures`; this path stays an alias of its names."""

from .trec import trec_measures as _moved
from .trec.trec_measures import *  # noqa: F403
from .trec.trec_measures import __all__  # noqa: F401


def __getattr__(name):
    return getattr(_moved, name)
