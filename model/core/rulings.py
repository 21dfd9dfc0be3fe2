"""Named switches for open questions of interpretation (DESIGN.md: never silent choices).

A game's ``Rulings`` class is a frozen dataclass whose fields are the switches. Each switch is
declared once, by the entry of the game's ambiguity registry whose readings it executes
(``model/<game>/data/ambiguities/*.yaml``, format in ``properties/ambiguities.py``): the entry's
``switch`` is its name, ``values`` maps each reading to the switch's value, the default reading's
value is the switch's default (the official errata/FAQ reading, or the registry's documented
choice), and its ``ruling`` block gives the rest::

    switch: plot_markers_reusable
    values: {reusable: true, single_use: false}
    ruling:                  # this entry declares the switch (one entry per switch)
      order: 17              # its place among the game's switches (1, 2, ...: describe() order)
      question: "4.8.1: do numbered Plot markers return to Available ...?"
      source: "seed_labyrinth.md D01 (resolution: reusable)"
      choices: [true, false] # optional: the values in this order (default: those of ``values``)

:func:`rulings_class` builds the class from these blocks, reading nothing else of the entries (the
full validation, quotes and coverage, is the registry's, ``properties/ambiguities.py``). A switch's
type is its default's (bool, int or str). A game with no registry (the toy game of the tests)
declares its fields with :func:`switch` itself. ``Rulings.from_dict`` validates names and values so
that a trace header or CLI option naming an unknown switch or value fails clearly.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml

#: The keys of a ``ruling`` block (``choices`` may be left out).
RULING_KEYS = ("order", "question", "source", "choices")


def switch(default: Any, *, choices: tuple, question: str, source: str) -> Any:
    """Declare one ruling switch: its default, the allowed readings, the question and its source."""
    return dataclasses.field(
        default=default,
        metadata={"choices": choices, "question": question, "source": source},
    )


@dataclasses.dataclass(frozen=True)
class Declaration:
    """One switch as a registry entry declares it (``where``: its file and entry, for errors)."""

    name: str
    order: int
    default: Any
    choices: tuple
    question: str
    source: str
    where: str


def declaration(entry: Any, where: str, k: int | None = None) -> Declaration | None:
    """The switch that registry entry ``entry`` (a mapping read from YAML, the ``k``-th of file
    ``where``) declares in its ``ruling`` block, or None if it has none; a malformed block is a
    DataError naming the file and the entry (its id, else its number)."""
    if not isinstance(entry, dict) or "ruling" not in entry:
        return None
    where = f"{where}: {entry['id']}" if isinstance(entry.get("id"), str) else f"{where}: entry #{k}"
    block, name, values = entry["ruling"], entry.get("switch"), entry.get("values")

    def fail(msg: str) -> DataError:
        return DataError(f"{where}: ruling: {msg}")

    if not isinstance(block, dict) or not {"order", "question", "source"} <= set(block) <= set(RULING_KEYS):
        raise fail(f"expected a mapping of order, question, source and optionally choices, got {block!r}"[:200])
    if not isinstance(name, str) or not name.isidentifier() or name.startswith("_") or hasattr(Rulings, name):
        raise fail(f"the entry's switch must name the switch it declares (an identifier), got {name!r}")
    if not isinstance(values, dict) or not isinstance(entry.get("default"), str) or entry["default"] not in values:
        raise fail("the entry's values must give the switch's value for each reading, its default reading's too")
    if any(type(v) not in (bool, int, str) for v in values.values()):
        raise fail(f"the entry's values must be true/false, whole numbers or texts, got {values!r}"[:200])
    order = block["order"]
    if type(order) is not int or order < 1:
        raise fail(f"order must be a whole number from 1, got {order!r}")
    for key in ("question", "source"):
        if not isinstance(block[key], str) or not block[key].strip():
            raise fail(f"{key} must be a non-empty text")
    default = values[entry["default"]]
    choices = block.get("choices", list(dict.fromkeys(values.values())))
    if not isinstance(choices, list) or any(type(c) is not type(default) for c in choices) \
            or len(choices) < 2 or len(set(choices)) != len(choices):
        raise fail(f"choices must be two or more different values of one type (bool, int or str), got {choices!r}"[:200])
    for reading, value in values.items():
        if value not in choices or type(value) is not type(default):
            raise fail(f"reading {reading}: {value!r} is not one of the choices {choices}")
    return Declaration(name, order, default, tuple(choices), block["question"], block["source"], where)


def declarations(directory: Path) -> list[Declaration]:
    """Every switch declared by the registry entries in ``directory`` (its ``*.yaml`` files in name
    order), in ``order``; orders run 1, 2, ... and each switch is declared once."""
    directory = Path(directory)
    files = sorted(directory.glob("*.yaml"))
    if not files:
        raise DataError(f"{directory}: no registry file (*.yaml) in this folder")
    found: list[Declaration] = []
    for path in files:
        raw = read_yaml(path, path.name, fast=True)
        entries = raw.get("entries") if isinstance(raw, dict) else None
        if not isinstance(entries, list):
            raise DataError(f"{path.name}: expected exactly one key 'entries' holding a list")
        found += [d for k, e in enumerate(entries, 1) if (d := declaration(e, path.name, k))]
    names: dict[str, Declaration] = {}
    orders: dict[int, Declaration] = {}
    for d in found:
        if d.name in names:
            raise DataError(f"{d.where}: ruling: switch {d.name} is declared twice (also {names[d.name].where})")
        if d.order in orders:
            raise DataError(f"{d.where}: ruling: order {d.order} is given twice (also {orders[d.order].where})")
        names[d.name] = orders[d.order] = d
    missing = sorted(set(range(1, len(found) + 1)) - set(orders))
    if missing:
        raise DataError(f"{directory}: ruling orders must run 1-{len(found)}; {missing[0]} is missing")
    return sorted(found, key=lambda d: d.order)


def rulings_class(name: str, directory: Path, module: str) -> type["Rulings"]:
    """The frozen ``Rulings`` subclass ``name`` (defined in ``module``, so that it pickles) whose
    fields are the switches the registry entries in ``directory`` declare, in their order."""
    fields = [(d.name, type(d.default),
               switch(d.default, choices=d.choices, question=d.question, source=d.source))
              for d in declarations(directory)]
    cls = dataclasses.make_dataclass(name, fields, bases=(Rulings,), frozen=True)
    cls.__module__ = module
    cls.__doc__ = f"{name}: the ruling switches that the registry entries in {Path(directory).name}/ declare."
    return cls


#: (Rulings class, the values as sorted (name, type, value) triples) -> the validated object.
_VALID: dict = {}


@dataclasses.dataclass(frozen=True)
class Rulings:
    """Base class: subclasses add fields declared with :func:`switch` (:func:`rulings_class` builds
    a game's subclass from its registry)."""

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
