"""The one strict YAML reader of the project: every data file (map, cards, scenarios, registry,
solo tables) is read through :func:`read_yaml` or :func:`loads_yaml`.

``yaml.safe_load`` builds plain data only; on top of it the reader refuses, each with a one-line
:class:`~cdg_oracle.model.core.errors.DataError` that names the file and, where there is one, the
line: a file it cannot read, larger than :data:`MAX_BYTES`, or not UTF-8 text (a binary file); a
YAML syntax error; a mapping key given twice (``safe_load`` keeps the last silently); nesting
deeper than Python's recursion allows; a number too long to convert (Python refuses integers of
more than 4300 digits); an unhashable mapping key; aliases that would expand the document by more
than :data:`MAX_ALIAS_NODES` nodes (a "billion laughs" file of a few hundred bytes, issue 28 item
5), or an alias inside the node it names (a structure that contains itself). Nothing is ever a
traceback.

``fast=True`` (the default of :func:`read_yaml`) parses with libyaml where PyYAML has it (a
registry folder of 250 kB in 80 ms rather than 1.2 s; Labyrinth's first state in 0.36 s rather than
0.9 s), unless the text opens more than :data:`FAST_MAX_FLOW` flow collections (libyaml's composer
recurses without a bound: a deep ``[[[...`` would crash the process).
Only a regular document is taken from it: one with an alias, a duplicate key or any error is read
again by the strict reader above, so the result and every error are the strict reader's.
"""
from __future__ import annotations

from pathlib import Path
from sys import intern
from typing import Any

import yaml

from cdg_oracle.model.core.errors import DataError

MAX_BYTES = 8 * 2**20  # a data file of the project is a few hundred kB at most
#: The most nodes that aliases may add to a document, each alias counting every node of the tree it
#: names (the project's own files add a few hundred at most).
MAX_ALIAS_NODES = 100_000


def _one_line(text: Any) -> str:
    return " ".join(str(text).split())


def duplicate_key(node: yaml.Node) -> yaml.Node | None:
    """The first mapping key given twice in a composed YAML node tree, or None. Composing builds
    nodes only, never Python objects."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, yaml.MappingNode):
            seen: set[str] = set()
            for key_node, value_node in n.value:
                if isinstance(key_node, yaml.ScalarNode):
                    if key_node.value in seen:
                        return key_node
                    seen.add(key_node.value)
                stack.append(value_node)
        elif isinstance(n, yaml.SequenceNode):
            stack.extend(reversed(n.value))
    return None


class _BoundedLoader(yaml.SafeLoader):
    """The safe loader, counting the nodes each alias adds to the document as it is composed:
    every node's size (itself and all it holds, aliases expanded) is known once it is composed, so
    the count never walks the expanded tree."""

    def __init__(self, stream):
        super().__init__(stream)
        self._sizes: dict[int, int] = {}
        self._added = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            node = self.anchors.get(event.anchor)
            if node is not None:
                size = self._sizes.get(id(node))
                if size is None:
                    raise yaml.composer.ComposerError(
                        None, None, f"alias *{event.anchor} inside the node it names (a structure "
                        "that contains itself)", event.start_mark)
                self._added += size
                if self._added > MAX_ALIAS_NODES:
                    raise yaml.composer.ComposerError(
                        None, None, f"aliases expand the document by more than {MAX_ALIAS_NODES} "
                        "nodes", event.start_mark)
            return super().compose_node(parent, index)
        node = super().compose_node(parent, index)
        if isinstance(node, yaml.MappingNode):
            size = 1 + sum(self._sizes[id(k)] + self._sizes[id(v)] for k, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            size = 1 + sum(self._sizes[id(v)] for v in node.value)
        else:
            size = 1
        self._sizes[id(node)] = size
        return node


def _compose(text: str) -> yaml.Node | None:
    loader = _BoundedLoader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


#: The most flow collections (``[`` and ``{``, counted anywhere) a text may open to be parsed by
#: libyaml: its composer recurses in C with no depth check, and a few tens of thousands of nested
#: ``[`` crash the process (measured: 20,000 parse, 50,000 crash CPython 3.11 with PyYAML 6). A
#: text with more goes to the strict reader, which refuses deep nesting with one line. Every data
#: file of the project opens fewer than 300.
FAST_MAX_FLOW = 5_000


def _fast(text: str) -> tuple[bool, Any]:
    """(True, the document, its strings interned: :func:`interned`) parsed by libyaml if it is
    regular: no alias, no mapping key given twice, no error; else (False, None) and the strict
    reader decides."""
    loader_class = getattr(yaml, "CSafeLoader", None)
    if loader_class is None or text.count("[") + text.count("{") > FAST_MAX_FLOW:
        return False, None
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return True, None
        seen: set[int] = set()
        stack = [node]
        while stack:
            n = stack.pop()
            if id(n) in seen:  # a node reached twice is an alias
                return False, None
            seen.add(id(n))
            if isinstance(n, yaml.MappingNode):
                keys: set[str] = set()
                for key_node, value_node in n.value:
                    if isinstance(key_node, yaml.ScalarNode):
                        if key_node.value in keys:
                            return False, None
                        keys.add(key_node.value)
                    stack.append(key_node)
                    stack.append(value_node)
            elif isinstance(n, yaml.SequenceNode):
                stack.extend(n.value)
        return True, interned(loader.construct_document(node))  # a walk too deep: the strict reader's error
    except Exception:  # noqa: BLE001 -- any problem: the strict reader names it
        return False, None
    finally:
        loader.dispose()


def interned(value: Any) -> Any:
    """``value`` (plain data as a YAML document gives it) with every string, key or value,
    replaced by the interned string of the same text (``sys.intern``): equal data. A table keyed
    by a data file's names and a state holding the same names then share one object per name, and
    a copy of the state keeps sharing it (``copy_json``'s ``marshal`` round trip gives an interned
    string back as the interned object, any other string as a new one), so a dict look-up by a
    name is found by identity rather than by comparing the text (docs/openspiel.md, the ninth
    round)."""
    kind = value.__class__
    if kind is str:
        return intern(value)
    if kind is dict:
        return {(intern(k) if k.__class__ is str else k): interned(v) for k, v in value.items()}
    if kind is list:
        return [interned(v) for v in value]
    return value


def loads_yaml(text: str, where: str, *, fast: bool = False) -> Any:
    """Parse YAML ``text`` (from ``where``, named in errors) strictly; see the module docstring
    (``fast``: its last paragraph)."""
    if fast:
        regular, document = _fast(text)
        if regular:
            return document
    try:
        node = _compose(text)
        dup = duplicate_key(node) if node is not None else None
        if dup is not None:
            mark = dup.start_mark
            raise DataError(f"{where}: line {mark.line + 1}, column {mark.column + 1}: "
                            f"invalid YAML: duplicate key {_one_line(dup.value)[:80]!r}")
        return interned(yaml.safe_load(text))
    except DataError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "document"
        problem = exc.problem or exc.context or "invalid YAML"
        raise DataError(f"{where}: {at}: invalid YAML: {_one_line(problem)}") from None
    except yaml.YAMLError as exc:
        raise DataError(f"{where}: invalid YAML: {_one_line(exc)[:200]}") from None
    except RecursionError:
        raise DataError(f"{where}: invalid YAML: nested too deeply") from None
    except ValueError as exc:  # an integer of more than 4300 digits, and the like
        raise DataError(f"{where}: invalid value: {_one_line(exc)[:200]}") from None
    except TypeError as exc:  # an unhashable mapping key (``? [a, b] : 1``)
        raise DataError(f"{where}: invalid YAML: {_one_line(exc)[:200]}") from None


def read_yaml(path: str | Path, where: str | None = None, max_bytes: int = MAX_BYTES, *, fast: bool = True) -> Any:
    """Read and parse the YAML file ``path`` strictly (``where``: how errors name it, default the
    path; ``fast``: see the module docstring)."""
    path = Path(path)
    where = where or str(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise DataError(f"{where}: file: not found") from None
    except IsADirectoryError:
        raise DataError(f"{where}: a folder, not a YAML file") from None
    except OSError as exc:
        raise DataError(f"{where}: file: cannot be read ({_one_line(exc.strerror or exc)})") from None
    if len(data) > max_bytes:
        raise DataError(f"{where}: larger than {max_bytes} bytes, the limit of a data file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise DataError(f"{where}: line {line}: not UTF-8 text (byte 0x{data[e.start]:02x}; a binary file?)") from None
    return loads_yaml(text, where, fast=fast)
