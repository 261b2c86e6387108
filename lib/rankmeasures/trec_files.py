"""Moved to :mod:`rankmeasures.trec.trec_files`; this path stays an alias of its names."""

from .trec import trec_files as _moved
from .trec.trec_files import *  # noqa: F403
from .trec.trec_files import __all__  # noqa: F401


def __getattr__(name):
    return getattr(_moved, name)
