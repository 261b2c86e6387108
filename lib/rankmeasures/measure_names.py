"""Moved to :mod:`rankmeasures.trec.measure_names`; this path stays an alias of its names."""

from .trec import measure_names as _moved
from .trec.measure_names import *  # noqa: F403
from .trec.measure_names import __all__  # noqa: F401


def __getattr__(name):
    return getattr(_moved, name)
