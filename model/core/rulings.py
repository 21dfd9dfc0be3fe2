"""Named switches for open questions of interpretation (DESIGN.md: never silent choices).

A game defines a frozen dataclass subclass whose fields are the switches; each field's default is
the reading of the official errata/FAQ (or the dossier's recommended resolution) and its metadata
documents the question, the readings and the source. ``Rulings.from_dict`` validates names and
values so that a trace header or CLI option naming an unknown switch or value fails clearly.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from cdg_oracle.model.core.errors import DataError


def switch(default: Any, *, choices: tuple, question: str, source: str) -> Any:
    """Declare one ruling switch: its default, the allowed readings, the question and its source."""
    return dataclasses.field(
        default=default,
        metadata={"choices": choices, "question": question, "source": source},
    )


#: (Rulings class, the values as sorted (name, type, value) triples) -> the validated object.
_VALID: dict = {}


@dataclasses.dataclass(frozen=True)
class Rulings:
    """Base class: subclasses add fields declared with :func:`switch`."""

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def changes(self) -> dict[str, Any]:
        """The switches set to other than their default: what a state keeps (``from_dict`` of it
        gives these rulings back), so that a state under the defaults carries none."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                if getattr(self, f.name) != f.default or type(getattr(self, f.name)) is not type(f.default)}

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None, where: str = "rulings") -> "Rulings":
        """The rulings ``values`` name (a switch left out takes its default); an unknown name or
        value is a DataError naming ``where``. Valid sets are remembered (the object is frozen),
        since every state read back from JSON asks for its rulings again."""
        try:
            key = (cls, tuple(sorted((k, type(v).__name__, v) for k, v in (values or {}).items())))
            known = _VALID.get(key)
        except TypeError:  # an unhashable value: validated below, and refused
            key = known = None
        if known is not None:
            return known
        out = cls._validated(values, where)
        if key is not None and len(_VALID) < 4096:
            _VALID[key] = out
        return out

    @classmethod
    def _validated(cls, values: dict[str, Any] | None, where: str) -> "Rulings":
        values = dict(values or {})
        fields = {f.name: f for f in dataclasses.fields(cls)}
        for name, value in values.items():
            if name not in fields:
                raise DataError(f"{where}: unknown ruling {name!r} (known: {', '.join(sorted(fields))})")
            choices = fields[name].metadata["choices"]
            if value not in choices:
                raise DataError(f"{where}: ruling {name!r} cannot be {value!r} (choices: {list(choices)})")
        return cls(**values)

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every switch with its default, readings, question and source, for reports."""
        return [
            {
                "name": f.name,
                "default": f.default,
                "choices": list(f.metadata["choices"]),
                "question": f.metadata["question"],
                "source": f.metadata["source"],
            }
            for f in dataclasses.fields(cls)
        ]
