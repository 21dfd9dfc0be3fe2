"""The published action tables (issue 32 item 1): ``model/<game>/data/actions.json`` for every game
of the registry that declares an encoding (its spec's ``encoding``, model/core/encoding.py).

Each file is the game's table as model/core/encoding.py ``ActionTable.to_dict`` gives it (its
``version``, its scalars, shapes and domains, from which any implementation computes every id, and
the declared bounds) and ``observation_tensor``, the observation tensor's fixed layout
(model/core/tensor.py: one ``[path, kind, words]`` a slot). The format is documented in
docs/openspiel.md, "The action tables", beside the trace and adapter schemas.

Regenerate after changing a game's encoding (and raise its ``VERSION``)::

    python -m cdg_oracle.oracle.action_tables            # writes every game's file
    python -m cdg_oracle.oracle.action_tables --check    # exit 1 when a file is out of date

tests/oracle/test_encoding.py fails while a committed file differs from its regeneration.
"""
from __future__ import annotations

import argparse
import json
import sys
from importlib import import_module
from pathlib import Path

from cdg_oracle.model.core import registry
from cdg_oracle.model.core.tensor import layout

FILE = "data/actions.json"


def path_of(game: str) -> Path:
    """Where game ``game``'s table is published: ``data/actions.json`` in its package's folder
    (the package of its state class, as for its ``state_schema``)."""
    spec = registry.get(game)
    package = import_module(spec.state_class.__module__.rpartition(".")[0])
    return Path(package.__file__).resolve().parent / FILE


def observation_layout(game: str) -> list[list]:
    """The observation tensor's layout of ``game``: the observations every side has of the first
    state of every scenario, by the categories of its encoding (model/core/tensor.py)."""
    spec = registry.get(game)
    obs = []
    for scenario in spec.scenarios():
        st = spec.new_state(scenario, spec.lengths[0], None, None)
        obs += [st.observation(side) for side in spec.sides]
    return layout(obs, spec.action_table().decl.categories)


def render(game: str) -> str:
    """The text of ``game``'s published file."""
    d = registry.get(game).action_table().to_dict()
    d["observation_tensor"] = observation_layout(game)
    return json.dumps(d, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def games() -> list[str]:
    """The games that declare an action encoding."""
    return [n for n in registry.names() if registry.get(n).encoding is not None]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m cdg_oracle.oracle.action_tables",
                                 description="Write (or --check) every game's data/actions.json.")
    ap.add_argument("--check", action="store_true", help="only check; exit 1 when a file is out of date")
    args = ap.parse_args(argv)
    stale = []
    for game in games():
        path, text = path_of(game), render(game)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(game)
        if not args.check:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if args.check and stale:
        print(f"out of date: {', '.join(stale)} (python -m cdg_oracle.oracle.action_tables)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
