"""Moved to :mod:`rankmeasures.trec.significance`; this path stays an alias of its names."""

from .trec import significance as _moved
from .trec.significance import *  # noqa: F403
from .trec.significance import __all__  # noqa: F401


def __getattr__(name):
    return getattr(_moved, name)
