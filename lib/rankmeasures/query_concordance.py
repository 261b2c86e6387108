"""Moved to :mod:`rankmeasures.trec.query_concordance`; this path stays an alias of its names."""

from .trec import query_concordance as _moved
from .trec.query_concordance import *  # noqa: F403
from .trec.query_concordance import __all__  # noqa: F401


def __getattr__(name):
    return getattr(_moved, name)
