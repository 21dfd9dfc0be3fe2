"""Positions as files (issue 18): read one into a state, write any state as one.

    from cdg_oracle.oracle.positions import from_file, to_file, dumps
    st = from_file("docs/positions/jihad_in_pakistan.yaml")   # a state at its first question
    to_file(st, "here.yaml")                                    # written atomically

The format and its checks are the model's (model/core/position.py and each game's position
module); this module adds files and text: YAML (or JSON, which is YAML) read strictly, written
readably. Every bad input is a one-line DataError naming the file and the field.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.core.yamlio import loads_yaml
from cdg_oracle.oracle.fileio import read_bounded, write_atomic

MAX_BYTES = 4 * 2**20


def loads(text: str, where: str = "position"):
    """The state of position text ``text`` (YAML or JSON)."""
    return from_document(loads_yaml(text, where), where)


def read_document(path: str | Path) -> Any:
    """The parsed position file ``path`` (bounded, UTF-8, strict YAML), not yet validated."""
    data = read_bounded(path, "position", MAX_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataError(f"{path}: not UTF-8 text (byte {e.start})") from None
    return loads_yaml(text, str(path))


def from_file(path: str | Path):
    """The state of the position file ``path``, at its first question."""
    return from_document(read_document(path), str(path))


def dumps(st_or_doc: Any) -> str:
    """A state's position (or a position document) as YAML: the header, ``state`` one field a
    line (a country, a hand, a zone on one line each), then where play stands."""
    doc = st_or_doc if isinstance(st_or_doc, dict) else to_document(st_or_doc)
    return yaml.safe_dump(json.loads(json.dumps(doc)), sort_keys=False, default_flow_style=None, width=100,
                          allow_unicode=False)


def to_file(st, path: str | Path) -> None:
    """Write the position of ``st`` to ``path`` (atomically: nothing is lost if writing fails)."""
    write_atomic(path, dumps(st))
