"""Writing output files safely: to a temporary file in the same folder, then an atomic rename, so
nothing already written is lost when a run fails half-way."""
from __future__ import annotations

import json
import os
import stat as S
import tempfile
from pathlib import Path
from typing import Any

from cdg_oracle.oracle.usage import UsageError


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename. A write that fails (a full
    disk, a quota, a folder that went away) raises :class:`UsageError` naming the path: one line,
    exit 2, never an internal error (issue 28.12); the earlier file, if any, is left as it was."""
    path = Path(path)
    tmp = None
    try:
        if path.parent and not path.parent.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent))
        _write_text(fd, text)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; a report is an ordinary file
        os.replace(tmp, path)
    except BaseException as e:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        if isinstance(e, OSError):
            raise UsageError(f"{path}: cannot write: {e.strerror or e}") from None
        raise


def _write_text(fd: int, text: str) -> None:
    """Write ``text`` to the open file ``fd`` (UTF-8, \\n line ends) and close it."""
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class DuplicateKey(ValueError):
    """A JSON object with the same key twice (``key`` names it)."""

    def __init__(self, key: str):
        super().__init__(f"duplicate key {key!r}")
        self.key = key


def _no_duplicates(pairs: list) -> dict:
    out = {}
    for k, v in pairs:
        if k in out:
            raise DuplicateKey(k)
        out[k] = v
    return out


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def loads_strict(text: str) -> Any:
    """``json.loads`` for input the oracle judges (traces, vectors): a duplicate key raises
    :class:`DuplicateKey`, NaN/Infinity a ValueError; invalid JSON raises ``json.JSONDecodeError``
    (a ValueError too), too deep nesting RecursionError."""
    return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)


#: The deepest nesting of a JSON value typed on the command line (an action or an option's value
#: is an object of plain values: two levels).
MAX_VALUE_DEPTH = 32


class BadJSON(ValueError):
    """JSON the oracle refuses, with a one-line reason: ``not JSON: ...`` (``json_error`` true:
    the text is not JSON at all), a duplicate key, NaN or Infinity, a number of more than 4300
    digits, nesting too deep."""

    def __init__(self, reason: str, json_error: bool = False):
        super().__init__(reason)
        self.json_error = json_error


def loads_value(text: str, max_depth: int = MAX_VALUE_DEPTH) -> Any:
    """A JSON value typed on the command line (``--actions``, ``--option NAME=VALUE``), read as
    traces are (:func:`loads_strict`) and at most ``max_depth`` levels deep; every refusal is a
    :class:`BadJSON` with a one-line reason (issue 28 item 9)."""
    try:
        value = loads_strict(text)
    except json.JSONDecodeError as e:
        raise BadJSON(f"not JSON: {e.msg} (column {e.colno})", json_error=True) from None
    except DuplicateKey as e:
        raise BadJSON(f"duplicate key {e.key!r}") from None
    except ValueError as e:  # NaN, Infinity, a number of more than 4300 digits
        raise BadJSON(f"not JSON: {' '.join(str(e).split())[:120]}") from None
    except RecursionError:
        raise BadJSON(f"nested more than {max_depth} levels deep") from None
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, (dict, list)):
            if depth > max_depth:
                raise BadJSON(f"nested more than {max_depth} levels deep")
            stack.extend((x, depth + 1) for x in (v.values() if isinstance(v, dict) else v))
    return value


def check_output(path: str | Path, option: str = "--out", directory: bool = False) -> None:
    """Refuse, before any work starts, an output that cannot or must not be written (issue 15):
    an existing path that is not a regular file (a device, a FIFO, a symlink, a folder) -- or, with
    ``directory``, not a real folder -- and a path whose folder does not exist as a folder or is not
    writable. Raises :class:`UsageError` naming the option and the path."""
    p = Path(path)
    try:
        st = os.lstat(p)
    except (FileNotFoundError, NotADirectoryError):  # a new path (or one under a file: see below)
        st = None
    except OSError as e:
        raise UsageError(f"{option} {str(path)!r}: {e.strerror}") from None
    if st is not None:
        if directory:
            if not S.S_ISDIR(st.st_mode):
                raise UsageError(f"{option} {str(path)!r}: exists and is not a folder")
            if not os.access(p, os.W_OK | os.X_OK):
                raise UsageError(f"{option} {str(path)!r}: folder not writable")
            return
        if not S.S_ISREG(st.st_mode):
            kind = ("a symbolic link" if S.S_ISLNK(st.st_mode) else "a folder" if S.S_ISDIR(st.st_mode)
                    else "a FIFO" if S.S_ISFIFO(st.st_mode) else "a device" if S.S_ISCHR(st.st_mode)
                    or S.S_ISBLK(st.st_mode) else "a socket" if S.S_ISSOCK(st.st_mode) else "not a regular file")
            raise UsageError(f"{option} {str(path)!r}: {kind}, not a regular file; give a file path")
    parent = p.parent if str(p.parent) else Path(".")
    ancestor = parent
    while not ancestor.exists():
        if ancestor.parent == ancestor:
            break
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise UsageError(f"{option} {str(path)!r}: {str(ancestor)!r} is not a folder")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {str(path)!r}: folder {str(ancestor)!r} not writable")


MAX_INPUT_BYTES = 256 * 2**20  # a trace, a vector or a scenario file: 256 MiB at most
MAX_LINE_BYTES = 16 * 2**20    # one line of a trace or of the adapter protocol: 16 MiB at most


def read_bounded(path: str | Path, what: str = "file", limit: int | None = None) -> bytes:
    """The bytes of an input file, at most ``limit`` (documented: 256 MiB); a larger one, a folder,
    a device or anything not a regular file or a pipe raises :class:`UsageError` naming it, before
    memory grows (``cdg-oracle replay /dev/zero`` is refused, not read)."""
    limit = MAX_INPUT_BYTES if limit is None else limit
    try:
        st = os.stat(path)
    except OSError as e:
        raise UsageError(f"{path}: cannot read: {e.strerror}") from None
    if not (S.S_ISREG(st.st_mode) or S.S_ISFIFO(st.st_mode)):
        kind = "a folder" if S.S_ISDIR(st.st_mode) else "a device" if (S.S_ISCHR(st.st_mode) or S.S_ISBLK(st.st_mode)) \
            else "not a regular file"
        raise UsageError(f"{path}: {kind}; a {what} must be a regular file")
    if S.S_ISREG(st.st_mode) and st.st_size > limit:
        raise UsageError(f"{path}: {st.st_size} bytes, larger than the {limit} bytes a {what} may have")
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as e:
        raise UsageError(f"{path}: cannot read: {e.strerror}") from None
    if len(data) > limit:
        raise UsageError(f"{path}: larger than the {limit} bytes a {what} may have")
    return data
