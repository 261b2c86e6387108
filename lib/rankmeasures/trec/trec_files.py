"""Read TREC qrels and run files into the tables :func:`rankmeasures.evaluate` takes.

Formats, as trec_eval reads them (fields separated by ASCII whitespace, one record per
line, gzip-compressed files recognised by their first bytes):

* qrels: ``query_id iteration doc_id relevance`` -- the iteration is ignored, the
  relevance is a number (a grade); exactly four fields, as trec_eval's ``get_qrels.c``.
  trec_eval reads the grade with C's ``atol`` (its leading integer: ``2.7`` is 2,
  ``1.1.11`` is 1); ``read_qrels(path, grades="atol")`` reads it so (the command does,
  under trec_eval's convention), and a grade with no leading integer, which ``atol``
  would read as 0, is refused;
* run: ``query_id Q0 doc_id rank score tag [anything]`` -- ``Q0``, the rank and the tag
  are ignored, as trec_eval ignores them (``get_trec_results.c``: it orders by score; any
  token stands as the rank). Words after the sixth field are ignored, as trec_eval's
  ``get_trec_results.c`` ignores them ("Any field following run_id is ignored").

A line whose first non-blank character is ``#`` is a comment and is skipped, as are blank
lines (trec_eval skips both in run files; in qrels it skips ``#`` lines and refuses a blank
line, which we skip). The last tag read is the run's ``runid`` (trec_eval keeps the tag of
the last line): :func:`read_run` returns it under ``"runid"``.

A file that cannot be read raises the OSError of the reason (FileNotFoundError for a
missing file, PermissionError, ...), naming the file. A malformed line -- too few fields
(or, in qrels, too many), a relevance or score that is not a number, a score that is not
finite, bytes that are not UTF-8 -- raises ValueError naming the file, the line number
and the field; of several, the first in the file. Nothing is returned (a file is read
whole or not at all). Each table holds each record's line
number (``"line"``), with which :func:`rankmeasures.evaluate` names the two lines of a
document listed twice for one query. The reading makes no Python object per line: the
fields are found in numpy passes over the bytes (from the whitespace bytes alone when
every field is followed by one space or newline, as in most files), each column gathered
as unaligned 8-byte words masked to its fields' lengths, ASCII ids widened to numpy str in
place (an id repeated line after line, a run's query, widened once), and plain decimals
(``[+-]digits[.digits]``, at most 15 digits) parsed as mantissa / 10^f, which is exactly
Python's float() of them; any other number (an exponent, more digits, ``nan``) is read
by float() one by one, and the line of an error looked up then. A large file's columns
are read in two threads (from 2^23 records, :data:`THREADS_FROM`).
"""

from __future__ import annotations

import gzip
import os
import re
import threading
from pathlib import Path

import numpy as np

__all__ = ["read_qrels", "read_run"]

#: the low j bytes of a word set, j = 0..8
_LOW = np.array([(1 << (8 * j)) - 1 for j in range(9)], "<u8")

#: records per block of the passes that would otherwise make arrays of every record
#: (:meth:`_Records.words`, :func:`_decimals`)
_BLOCK = 1 << 16

_SPACE = np.zeros(256, bool)
_SPACE[[9, 10, 11, 12, 13, 32]] = True  # the whitespace of bytes.split()


def _read_bytes(path: str | os.PathLike) -> bytes:
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        # the OSError it is (FileNotFoundError, PermissionError, ...), for a caller's
        # `except FileNotFoundError`, with the file and the reason
        raise type(e)(e.errno, f"cannot read ({e.strerror or e})", str(p)) from None
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as e:
            raise ValueError(f"{p}: not a readable gzip file ({e})") from None
    return data


class _LineError(ValueError):
    """A malformed line: the message, and the line (the first malformed line of a file
    is the one reported)."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = int(line)


class _Records:
    """The records of a file: where each field of each starts and ends in the bytes.

    ``width`` set: every record has exactly ``width`` fields, each followed by one
    whitespace byte, record i's field k ending at ``fend[i * width + k]`` and starting
    after the end before it (a regular file, :func:`_regular`); else record i's fields
    start at ``first[tok0[i]:]`` and end at ``fend[tok0[i]:]``."""

    def __init__(self, arr: np.ndarray, first: np.ndarray | None, fend: np.ndarray,
                 tok0: np.ndarray | None, lines: np.ndarray, path: Path,
                 width: int | None = None, nul: bool | None = None,
                 error: _LineError | None = None):
        self.arr, self.first, self.fend, self.tok0 = arr, first, fend, tok0
        self.lines, self.path, self.width = lines, path, width
        # the first line of too few (or too many) fields, left out of the records
        self.error = error
        # a NUL byte: the numpy paths read 0 as padding
        self.nul = (not arr.all()) if nul is None else nul

    def _span(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Where field ``k`` of every record starts, and its length."""
        if not self.width:
            assert self.tok0 is not None and self.first is not None  # set without width
            at = self.tok0 + k
            s = self.first[at]
            return s, self.fend[at] - s
        w, end = self.width, self.fend
        e = end[k::w]
        if k:  # one separator byte after the field before
            s = end[k - 1::w] + 1
        else:  # the first field of a line: after the newline of the line before
            s = np.empty_like(e)
            s[:1] = 0
            np.add(end[w - 1:-1:w], 1, out=s[1:])
        return s, e - s

    def words(self, k: int) -> tuple[np.ndarray, np.ndarray, int]:
        """Field ``k`` of every record as rows of little-endian 8-byte words (NUL-padded),
        its lengths and the longest: each word one gather of unaligned words from the
        bytes, masked to the field's length."""
        s, length = self._span(k)
        lmin, lmax = (int(length.min()), int(length.max())) if length.size else (1, 1)
        w = max(lmax, 1)
        nw = (w + 7) // 8
        size = self.arr.size
        out = np.zeros((s.size, nw), "<u8")
        # the records' starts rise: the last few have no full word after them
        cut = int(np.searchsorted(s, size - 8 * nw, "right")) if size >= 8 * nw else 0
        if cut:
            words = np.ndarray((size - 7,), "<u8", buffer=self.arr, strides=(1,))
            # a block of records at a time: the gathered words, masks and indices of a
            # block are small, where those of every record would be 8 MiB per 10^6 each
            for a in range(0, cut, _BLOCK):
                b = min(a + _BLOCK, cut)
                head = s[a:b]
                for i in range(nw):
                    word = words[head + 8 * i] if i else words[head]
                    if lmin >= 8 * (i + 1):  # every field fills this word
                        out[a:b, i] = word
                    elif lmin == lmax:  # every field of one length
                        np.bitwise_and(word, _LOW[lmax - 8 * i], out=out[a:b, i])
                    else:
                        keep = np.clip(length[a:b] - 8 * i, 0, 8)
                        np.bitwise_and(word, _LOW[keep], out=out[a:b, i])
        m = out.view(np.uint8)
        for i in range(cut, s.size):  # byte by byte
            m[i, :length[i]] = self.arr[s[i]:s[i] + length[i]]
        return out, length, w

    def matrix(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Field ``k`` of every record as rows of bytes (NUL-padded; a view of
        :meth:`words`, not contiguous), and its lengths."""
        out, length, w = self.words(k)
        return out.view(np.uint8)[:, :w], length

    def columns(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Field ``k`` of every record as a (width, records) array of bytes: row j holds
        every record's j-th byte of the field (0 past its end); and the lengths."""
        m, length = self.matrix(k)
        return np.ascontiguousarray(m.T), length

    def raw(self, k: int, i: int) -> bytes:
        """Field ``k`` of record ``i``, as in the file."""
        if self.width:  # this record's field alone
            at = i * self.width + k
            start = int(self.fend[at - 1]) + 1 if at else 0
            return bytes(self.arr[start:int(self.fend[at])])
        s, length = self._span(k)
        return bytes(self.arr[s[i]:s[i] + length[i]])

    def texts(self, k: int) -> list:
        m, _ = self.matrix(k)
        return m.view(f"S{m.shape[1]}").ravel().tolist()


#: the bytes a chunk of :func:`_whitespace` holds
_CHUNK = 1 << 22


def _whitespace(arr: np.ndarray) -> np.ndarray:
    """The positions of the bytes up to 32 (space, newline, tab, ...), in 32 bits below
    2 GiB, found a chunk of :data:`_CHUNK` bytes at a time: the temporary arrays of a
    chunk are reused from one to the next, where those of the whole file (a mask of its
    size, 64-bit positions) would be new memory (34 + 48 MiB for 10^6 run lines)."""
    starts = range(0, arr.size, _CHUNK)
    counts = [int(np.count_nonzero(arr[a:a + _CHUNK] <= 32)) for a in starts]
    out = np.empty(sum(counts), np.int32 if arr.size < 1 << 31 else np.int64)
    at = 0
    for a, c in zip(starts, counts, strict=True):
        np.add(np.flatnonzero(arr[a:a + _CHUNK] <= 32), a, out=out[at:at + c],
               casting="unsafe")
        at += c
    return out


#: the bytes after the fields of a regular line of 4 or 6 fields
_SEPARATORS = {w: np.array([32] * (w - 1) + [10], np.uint8) for w in (4, 6)}


def _regular(arr: np.ndarray, width: int, path: Path) -> _Records | None:
    """The records of a file whose every line is ``width`` fields, each followed by one
    byte, a space or (after the last) a newline -- no comment, blank line, tab or
    carriage return -- found from its whitespace bytes alone, their positions kept in
    32 bits below 2 GiB (a file of 10^6 run lines: 24 MiB instead of 48); None for any
    other file (:func:`_fields` reads it)."""
    size = arr.size
    if size < 2 or arr[-1] != 10 or arr[0] <= 32:
        return None
    end = _whitespace(arr)  # each field's end: the whitespace byte after it
    n = end.size // width
    if end.size != n * width:
        return None
    # each record's last field ends at a newline, every other at a space
    if not (arr[end].reshape(n, width) == _SEPARATORS[width]).all():
        return None
    # one whitespace byte after each field: no two adjacent (the file starts with a field)
    if np.any(np.diff(end) == 1):
        return None
    if arr[0] == ord("#") or np.any(arr[end[width - 1:-1:width] + 1] == ord("#")):
        return None
    return _Records(arr, None, end, None, np.arange(1, n + 1), path, width, nul=False)


def _fields(data: bytes, width: int, path: Path, what: str,
            extra: bool = False) -> _Records:
    """Every record (a line neither blank nor a ``#`` comment) and its line number; the
    first line with fewer than ``width`` fields, or more unless ``extra`` (whose words
    past ``width`` are then never read), is left out and kept as the records' ``error``
    (raised once the columns are read: an earlier malformed field is reported first)."""
    arr = np.frombuffer(data, np.uint8)
    rec = _regular(arr, width, path)
    if rec is not None:
        return rec
    control = (arr < 9) | (arr - np.uint8(14) < 18)  # bytes below 33 that are no space
    space = arr <= 32 if not control.any() else _SPACE[arr]
    # the fields' edges: where space and non-space alternate, a start then an end
    edges = np.flatnonzero(space[1:] != space[:-1]) + 1
    if arr.size and not space[0]:
        edges = np.concatenate([[0], edges])
    if arr.size and not space[-1]:
        edges = np.append(edges, arr.size)
    first, fend = edges[0::2], edges[1::2]
    ends = np.flatnonzero(arr == 10)
    if not ends.size or ends[-1] != arr.size - 1:
        ends = np.append(ends, arr.size)  # the last line has no newline
    cum = np.searchsorted(first, ends)  # fields that start before each line's end
    counts = np.diff(cum, prepend=0)
    # a comment: the line's first field starts with '#'
    comment = np.zeros(counts.size, bool)
    has = counts > 0
    if b"#" in data and has.any():
        comment[has] = arr[first[cum[has] - counts[has]]] == ord("#")
    record = has & ~comment
    wrong = record & ((counts < width) | ((counts > width) & (not extra)))
    bad = np.flatnonzero(wrong)
    error = None
    if bad.size:
        line = int(bad[0])
        error = _LineError(line + 1, f"{path}: line {line + 1}: expected {width} fields "
                                     f"({what}), found {int(counts[line])}")
        record &= ~wrong
    return _Records(arr, first, fend, (cum - counts)[record], np.flatnonzero(record) + 1,
                    path, error=error)


def _text(rec: _Records, k: int, field: str, as_bytes: bool = False) -> np.ndarray:
    """Field ``k`` as str: ASCII bytes widened to UCS-4 in numpy (no Python object per
    line); else each decoded as UTF-8, the first that is not naming its line. With
    ``as_bytes``, an ASCII column is numpy bytes (``S``, NUL padding dropped): the words
    themselves (no copy), or each run's id repeated; a quarter of UCS-4's memory."""
    words, _, w = rec.words(k)
    m = words.view(np.uint8)[:, :w]
    n = words.shape[0]
    high = np.bitwise_or.reduce(words, axis=None) & np.uint64(0x8080808080808080)
    if n and not high and not rec.nul:  # ASCII, no NUL byte in the file
        # a column in runs of equal ids (a run file's query_id): each run's id widened
        # once; a column whose neighbours mostly differ (doc_id) is seen so at the first
        # word
        if np.count_nonzero(words[1:, 0] == words[:-1, 0]) * 4 > 3 * (n - 1):
            new = np.ones(n, bool)
            np.any(words[1:] != words[:-1], axis=1, out=new[1:])
            starts = np.flatnonzero(new)
            if starts.size * 4 < n:
                heads = (np.ascontiguousarray(m[starts]).view(f"S{w}") if as_bytes else
                         np.ascontiguousarray(m[starts], dtype=np.uint32).view(f"<U{w}"))
                return np.repeat(heads.ravel(), np.diff(np.append(starts, n)))
        if as_bytes:
            return words.view(f"S{8 * words.shape[1]}").ravel()
        return np.ascontiguousarray(m, dtype=np.uint32).view(f"<U{w}").ravel()
    values = rec.texts(k)
    try:
        return np.array(values).astype(np.str_)
    except UnicodeDecodeError:
        pass
    out = []
    for i, v in enumerate(values):
        try:
            out.append(v.decode("utf-8"))
        except UnicodeDecodeError:
            raise _LineError(rec.lines[i], f"{rec.path}: line {rec.lines[i]}: {field} is "
                             "not UTF-8 text") from None
    return np.array(out, dtype=np.str_)


_DIGIT = np.zeros(256, bool)
_DIGIT[48:58] = True
_POW10 = 10.0 ** np.arange(16)  # exact: 10^f < 2^53


def _decimals(m: np.ndarray, length: np.ndarray):
    """The numbers written ``[+-]digits[.digits]`` with at most 15 digits, parsed in
    numpy from ``m`` (row j: every record's j-th byte, :meth:`_Records.columns`), and
    which records are written so. Exactly Python's float(): the digits form an integer
    M < 2^53 and 10^f (f <= 15) is exact, so M / 10^f is the correctly rounded quotient,
    as strtod's result is."""
    w, n = m.shape
    small: type[np.integer] = np.uint8 if w < 255 else np.int64  # counters of at most w
    mant = np.zeros(n, np.int64)
    ndig = np.zeros(n, small)
    dots = np.zeros(n, small)
    dotj = np.zeros(n, small)  # where the (last) dot stands
    neg = m[0] == ord("-")
    signed = neg | (m[0] == ord("+"))
    for j in range(w):
        c = m[j]
        v = c - np.uint8(48)  # wraps: a digit is v < 10
        d = v < 10
        dot = c == ord(".")
        np.multiply(mant, 10, out=mant, where=d)
        np.add(mant, v, out=mant, where=d)
        ndig += d
        dots += dot
        np.copyto(dotj, j, where=dot)
    # every byte of the field a digit, a dot or (the first) a sign: the counts add up to
    # its length (the bytes past it are 0, none of these)
    ok = (ndig + dots + signed == length) & (ndig > 0) & (ndig <= 15) & (dots <= 1)
    # the digits after the dot, in place, in 16 bits (counts of at most w <= 2^15 bytes
    # are exact in them; longer fields hold no plain decimal of 15 digits and fail ok)
    frac = length.astype(np.int16) if w < 1 << 15 else length.astype(np.int64)
    frac -= 1
    frac -= dotj
    frac *= dots == 1
    np.clip(frac, 0, 15, out=frac)
    # M / 10^f written over M's own memory a block at a time: each block read whole
    # before it is written, so no second array of n floats (8 MiB per 10^6 lines) and
    # no array of n powers exists at once
    val = mant.view(np.float64)
    for a in range(0, n, _BLOCK):
        b = a + _BLOCK
        val[a:b] = mant[a:b].astype(np.float64) / _POW10[frac[a:b]]
    np.negative(val, out=val, where=neg)
    return val, ok


def _atols(rec: _Records, k: int, field: str) -> np.ndarray:
    """Field ``k`` as C's ``atol`` reads it (trec_eval's grades, get_qrels.c): the leading
    ``[+-]digits``, the rest of the field ignored (``2.7`` is 2, ``1e+8`` is 1), as
    float64; a value beyond a C long is clamped as ``strtol`` clamps it. _LineError
    naming the first line whose field has no leading integer (``atol`` would read 0)."""
    m, length = rec.matrix(k)
    cols = np.ascontiguousarray(m.T)
    n = length.size
    val = np.zeros(n, np.int64)
    ndig = np.zeros(n, np.int64)
    if n:
        neg = cols[0] == ord("-")
        signed = neg | (cols[0] == ord("+"))
        alive = np.ones(n, bool)
        for j in range(cols.shape[0]):
            v = cols[j] - np.uint8(48)  # wraps: a digit is v < 10
            digit = v < 10
            take = alive & digit
            if j == 0:
                alive = digit | signed
            else:
                alive &= digit
            if not take.any() and not alive.any():
                break
            take &= ndig < 19  # the rest in Python, below
            np.multiply(val, 10, out=val, where=take)
            np.add(val, v, out=val, where=take, casting="unsafe")
            ndig += take
        bad = np.flatnonzero(ndig == 0)
        if bad.size:
            i = int(bad[0])
            raise _LineError(rec.lines[i], f"{rec.path}: line {rec.lines[i]}: {field} "
                             f"{rec.raw(k, i).decode(errors='replace')!r} is not a number")
        val = np.where(neg, -val, val)
    out = val.astype(np.float64)
    limit = (1 << 63) - 1
    for i in np.flatnonzero(ndig >= 19).tolist():  # long fields: exact, then clamped
        raw = rec.raw(k, i).decode("ascii", errors="replace")
        head = _LEADING_INT.match(raw)
        assert head is not None  # 19 leading digits were seen
        out[i] = float(min(max(int(head.group(0)), -limit - 1), limit))
    return out


_LEADING_INT = re.compile(r"[+-]?[0-9]+")


def _numbers(rec: _Records, k: int, field: str) -> np.ndarray:
    """Field ``k`` as float64, exactly as Python's float() reads each (the plain
    decimals in numpy, :func:`_decimals`; the rest one by one); ValueError naming the
    first line whose field is not a number, or not finite."""
    m, length = rec.matrix(k)
    out, ok = _decimals(m.T, length)
    if rec.nul:
        ok[:] = False
    for i in np.flatnonzero(~ok).tolist():  # exponents, 'nan', long digits, errors
        v = rec.raw(k, i)
        try:
            out[i] = float(v)
        except ValueError:
            raise _LineError(rec.lines[i], f"{rec.path}: line {rec.lines[i]}: {field} "
                             f"{v.decode(errors='replace')!r} is not a number") from None
    with np.errstate(over="ignore", invalid="ignore"):  # values beyond 1e308 overflow
        total = out.sum()
    if not np.isfinite(total):
        bad = np.flatnonzero(~np.isfinite(out))
        if bad.size:
            i = int(bad[0])
            raise _LineError(rec.lines[i], f"{rec.path}: line {rec.lines[i]}: {field} "
                             f"{rec.raw(k, i).decode()!r} is not finite")
    return out


#: from how many records a file's columns are read in two threads (numpy lets go of
#: Python's lock in its long loops, so two columns are read at once on two cores). Not
#: below 2^23: on a run of 10^6 lines the second thread held its own memory (the command's
#: peak 254 MiB against 219 MiB in one thread) and saved no time on a shared 2-core
#: machine (best of 6, in turn: 2.81 s against 2.84 s, the machine's load near 13)
THREADS_FROM = 1 << 23


def _columns(rec: _Records, jobs: dict, halves: tuple) -> dict:
    """Each job's result (name -> function), in two threads (``halves``: the names each
    runs) when ``rec`` has at least :data:`THREADS_FROM` records. Every job runs to its
    end; of the malformed lines they find (each job its column's first) and the records'
    own ``error`` (a wrong number of fields), the first in the file is raised."""
    done: dict = {}

    def run(names):
        for name in names:
            try:
                done[name] = jobs[name](), None
            except Exception as exc:  # re-raised below: the first line of the file
                done[name] = None, exc

    if rec.lines.size < THREADS_FROM:
        run(tuple(jobs))
    else:
        other = threading.Thread(target=run, args=(halves[0],))
        other.start()
        run(halves[1])
        other.join()
    errors = [done[name][1] for name in jobs if done[name][1] is not None]
    if rec.error is not None:
        errors.append(rec.error)
    if errors:
        lines = [e for e in errors if isinstance(e, _LineError)]
        if len(lines) < len(errors):  # not a malformed line: the first job's, as raised
            raise next(e for e in errors if not isinstance(e, _LineError))
        first = min(lines, key=lambda e: e.line)
        raise ValueError(str(first)) from None
    return {name: done[name][0] for name in jobs}


_GRADES = ("number", "atol")
_IDS = ("str", "bytes")


def _check_ids(ids: str) -> bool:
    if ids not in _IDS:
        raise ValueError(f"ids: must be one of {_IDS}, got {ids!r}")
    return ids == "bytes"


def read_qrels(path: str | os.PathLike, *, grades: str = "number",
               ids: str = "str") -> dict[str, np.ndarray]:
    r"""Read a qrels file (``query_id iteration doc_id relevance`` per line; gzip allowed).

    Parameters
    ----------
    path : str or path-like
    grades : {"number", "atol"}, default "number"
        How the relevance is read: as a number (Python's float()), or as trec_eval reads
        it, C's ``atol`` (get_qrels.c): the leading integer, the rest of the field ignored
        (``2.7`` is 2, ``1e+8`` is 1, ``1.1.11`` is 1, ``0x37`` is 0); a field with no
        leading integer is refused either way.
    ids : {"str", "bytes"}, default "str"
        ``"bytes"``: the ``query_id`` and ``doc_id`` columns each as numpy bytes (dtype
        ``S``) when every id in it is ASCII -- the file's bytes, a quarter of the memory
        of numpy str, which :func:`rankmeasures.evaluate` reads as the same text (the
        command reads so); str otherwise.

    Returns
    -------
    dict
        Columns ``query_id``, ``doc_id`` (str; see ``ids``) and ``relevance``
        (float64), in file order:
        a table :func:`rankmeasures.evaluate` takes as ``qrels``; and ``line``, each
        record's line number (int64).

    Examples
    --------
    Comment and blank lines are skipped, as trec_eval skips them:

    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "qrels.txt"
    >>> _ = f.write_text("# judged by two assessors\nq1 0 d1 2\n\nq1 0 d2 0\nq2 0 d7 1.5\n")
    >>> q = read_qrels(f)
    >>> q["query_id"].tolist(), q["doc_id"].tolist(), q["relevance"].tolist()
    (['q1', 'q1', 'q2'], ['d1', 'd2', 'd7'], [2.0, 0.0, 1.5])
    >>> q["line"].tolist(), read_qrels(f, grades="atol")["relevance"].tolist()
    ([2, 4, 5], [2.0, 0.0, 1.0])
    """
    if grades not in _GRADES:
        raise ValueError(f"grades: must be one of {_GRADES}, got {grades!r}")
    as_bytes = _check_ids(ids)
    p = Path(path)
    rec = _fields(_read_bytes(p), 4, p, "query_id iteration doc_id relevance")
    read = _atols if grades == "atol" else _numbers
    out = _columns(rec, {"query_id": lambda: _text(rec, 0, "query_id", as_bytes),
                         "doc_id": lambda: _text(rec, 2, "doc_id", as_bytes),
                         "relevance": lambda: read(rec, 3, "relevance")},
                   (("doc_id",), ("query_id", "relevance")))
    out["line"] = rec.lines.astype(np.int64, copy=False)
    return out


def read_run(path: str | os.PathLike, *, ids: str = "str") -> dict[str, np.ndarray]:
    r"""Read a run file (``query_id Q0 doc_id rank score tag`` per line; gzip allowed).

    The rank is not read: trec_eval orders by score and ignores it, so any token stands
    there (get_trec_results.c).

    Parameters
    ----------
    path : str or path-like
    ids : {"str", "bytes"}, default "str"
        As :func:`read_qrels`' (``"bytes"``: an ASCII id column as numpy bytes).

    Returns
    -------
    dict
        Columns ``query_id``, ``doc_id`` (str; see ``ids``) and ``score`` (float64),
        in file order: a table :func:`rankmeasures.evaluate` takes as ``run``;
        ``runid``, the tag of the last record (trec_eval's ``runid``; empty for an empty
        file); and ``line``, each record's line number (int64).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "run.txt"
    >>> _ = f.write_text("# a comment\nq1 Q0 d1 1 2.5 mine extra words\n\nq1 Q0 d2 x 1 mine\n")
    >>> r = read_run(f)
    >>> r["doc_id"].tolist(), r["score"].tolist(), r["runid"], r["line"].tolist()
    (['d1', 'd2'], [2.5, 1.0], 'mine', [2, 4])
    >>> read_run(f, ids="bytes")["doc_id"].tolist()
    [b'd1', b'd2']
    """
    as_bytes = _check_ids(ids)
    p = Path(path)
    rec = _fields(_read_bytes(p), 6, p, "query_id Q0 doc_id rank score tag", extra=True)
    out = _columns(rec, {"query_id": lambda: _text(rec, 0, "query_id", as_bytes),
                         "doc_id": lambda: _text(rec, 2, "doc_id", as_bytes),
                         "score": lambda: _numbers(rec, 4, "score")},
                   (("doc_id",), ("query_id", "score")))
    tag = rec.raw(5, rec.lines.size - 1) if rec.lines.size else b""
    out["runid"] = tag.decode("utf-8", errors="replace")
    out["line"] = rec.lines.astype(np.int64, copy=False)
    return out
