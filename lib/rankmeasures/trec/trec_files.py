"""Read TREC qrels and run files into the tables :func:`rankmeasures.evaluate` takes.

Formats, as trec_eval reads them (fields separated by ASCII whitespace, one record per
line, gzip-compressed files recognised by their first bytes):

* qrels: ``query_id iteration doc_id relevance`` -- the iteration is ignored, the
  relevance is a number (a grade); exactly four fields, as trec_eval's ``get_qrels.c``;
* run: ``query_id Q0 doc_id rank score tag [anything]`` -- ``Q0`` and the tag are ignored,
  as is the rank (trec_eval orders by score), which must still be an integer: a line whose
  rank is not is malformed (a shifted column, usually). Words after the sixth field are
  ignored, as trec_eval's ``get_trec_results.c`` ignores them ("Any field following run_id
  is ignored").

A line whose first non-blank character is ``#`` is a comment and is skipped, as are blank
lines (trec_eval skips both in run files; in qrels it skips ``#`` lines and refuses a blank
line, which we skip). The last tag read is the run's ``runid`` (trec_eval keeps the tag of
the last line): :func:`read_run` returns it under ``"runid"``.

A malformed line -- too few fields (or, in qrels, too many), a relevance, rank or score
that is not a number, a score that is not finite, bytes that are not UTF-8 -- raises
ValueError naming the file, the line number and the field, and nothing is returned (a
file is read whole or not at all). The reading is vectorised: the fields of every line are
counted in one numpy pass over the bytes, the numbers converted in one pass each; only the
line of an error is looked up by a Python loop.
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import numpy as np

__all__ = ["read_qrels", "read_run"]

_SPACE = np.zeros(256, bool)
_SPACE[[9, 10, 11, 12, 13, 32]] = True  # the whitespace of bytes.split()


def _read_bytes(path: str | os.PathLike) -> bytes:
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise ValueError(f"{p}: cannot read ({e.strerror or e})") from None
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as e:
            raise ValueError(f"{p}: not a readable gzip file ({e})") from None
    return data


def _fields(data: bytes, width: int, path: Path, what: str,
            extra: bool = False) -> tuple[list, np.ndarray]:
    """The whitespace-separated fields of every record (a line neither blank nor a
    ``#`` comment), ``width`` per record, and each record's line number; ValueError at
    the first record with fewer than ``width`` fields, or more unless ``extra`` (whose
    words past ``width`` are dropped)."""
    arr = np.frombuffer(data, np.uint8)
    space = _SPACE[arr]
    starts = ~space
    starts[1:] &= space[:-1]  # a field starts at a non-space after a space
    ends = np.flatnonzero(arr == 10)
    if not ends.size or ends[-1] != arr.size - 1:
        ends = np.append(ends, arr.size)  # the last line has no newline
    first = np.flatnonzero(starts)
    cum = np.searchsorted(first, ends)  # fields that start before each line's end
    counts = np.diff(cum, prepend=0)
    # a comment: the line's first field starts with '#'
    comment = np.zeros(counts.size, bool)
    has = counts > 0
    if has.any():
        comment[has] = arr[first[cum[has] - counts[has]]] == ord("#")
    record = has & ~comment
    bad = np.flatnonzero(record & ((counts < width) | ((counts > width) & (not extra))))
    if bad.size:
        line = int(bad[0])
        raise ValueError(f"{path}: line {line + 1}: expected {width} fields ({what}), found "
                         f"{int(counts[line])}")
    tokens = data.split()
    lines = np.flatnonzero(record) + 1
    if record.sum() * width != len(tokens):  # comments or extra words: keep the records'
        at = (cum - counts)[record]  # each record's first token
        take = (at[:, None] + np.arange(width)).ravel().tolist()
        tokens = [tokens[i] for i in take]
    return tokens, lines


def _text(values: list, path: Path, field: str, lines: np.ndarray) -> np.ndarray:
    try:
        return np.array(values).astype(np.str_)  # ASCII, the common case: one C pass
    except UnicodeDecodeError:
        pass
    out = []
    for i, v in enumerate(values):
        try:
            out.append(v.decode("utf-8"))
        except UnicodeDecodeError:
            raise ValueError(f"{path}: line {lines[i]}: {field} is not UTF-8 text") from None
    return np.array(out, dtype=np.str_)


def _numbers(values: list, path: Path, field: str, lines: np.ndarray, dtype) -> np.ndarray:
    parse = int if dtype is np.int64 else float  # both read bytes; faster than numpy here
    try:
        out = np.fromiter(map(parse, values), dtype, len(values))
    except (ValueError, OverflowError):
        kind = "an integer" if dtype is np.int64 else "a number"
        for i, v in enumerate(values):
            try:
                parse(v)
            except (ValueError, OverflowError):
                raise ValueError(f"{path}: line {lines[i]}: {field} "
                                 f"{v.decode(errors='replace')!r} is not {kind}") from None
        raise  # pragma: no cover - the loop finds what failed
    if dtype is np.float64 and not np.isfinite(out.sum()):
        bad = np.flatnonzero(~np.isfinite(out))
        if bad.size:
            i = int(bad[0])
            raise ValueError(f"{path}: line {lines[i]}: {field} {values[i].decode()!r} is not "
                             "finite")
    return out


def read_qrels(path: str | os.PathLike) -> dict[str, np.ndarray]:
    """Read a qrels file (``query_id iteration doc_id relevance`` per line; gzip allowed).

    Returns
    -------
    dict
        Columns ``query_id``, ``doc_id`` (str) and ``relevance`` (float64), in file order:
        a table :func:`rankmeasures.evaluate` takes as ``qrels``.
    """
    p = Path(path)
    tokens, lines = _fields(_read_bytes(p), 4, p, "query_id iteration doc_id relevance")
    return {"query_id": _text(tokens[0::4], p, "query_id", lines),
            "doc_id": _text(tokens[2::4], p, "doc_id", lines),
            "relevance": _numbers(tokens[3::4], p, "relevance", lines, np.float64)}


def read_run(path: str | os.PathLike) -> dict[str, np.ndarray]:
    r"""Read a run file (``query_id Q0 doc_id rank score tag`` per line; gzip allowed).

    Returns
    -------
    dict
        Columns ``query_id``, ``doc_id`` (str) and ``score`` (float64), in file order: a
        table :func:`rankmeasures.evaluate` takes as ``run``; and ``runid``, the tag of the
        last record (trec_eval's ``runid``; empty for an empty file).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "run.txt"
    >>> _ = f.write_text("# a comment\nq1 Q0 d1 1 2.5 mine extra words\n\nq1 Q0 d2 2 1 mine\n")
    >>> r = read_run(f)
    >>> r["doc_id"].tolist(), r["score"].tolist(), r["runid"]
    (['d1', 'd2'], [2.5, 1.0], 'mine')
    """
    p = Path(path)
    tokens, lines = _fields(_read_bytes(p), 6, p, "query_id Q0 doc_id rank score tag",
                            extra=True)
    _numbers(tokens[3::6], p, "rank", lines, np.int64)
    out = {"query_id": _text(tokens[0::6], p, "query_id", lines),
           "doc_id": _text(tokens[2::6], p, "doc_id", lines),
           "score": _numbers(tokens[4::6], p, "score", lines, np.float64)}
    tag = tokens[-1] if tokens else b""
    out["runid"] = tag.decode("utf-8", errors="replace")
    return out
