"""Moved to :mod:`rankmeasures.trec.cli`; this path stays an alias of its names."""

from .trec import cli as _moved
from .trec.cli import *  # noqa: F403
from .trec.cli import __all__  # noqa: F401


def __getattr__(name):
    return getattr(_moved, name)
