"""The games the model knows: one :class:`GameSpec` per game, found through the package entry
points of the group ``cdg_oracle.games`` (:data:`GROUP`).

Every tool (the CLI, traces, the adapter, difftest, vectors, perft, the checked walks) takes a
game by name from here and uses its state only through the contract (model/core/game.py); none
tests a game's name. A game is one entry line of its distribution's metadata, in the group
``cdg_oracle.games``: its name, and as value the ``module:attribute`` of its ``GameSpec`` (this
project's pyproject.toml declares its three games so; a game shipped in another distribution
declares its own line and appears with no change here; tests/plugins/toy is one). The entry
points are read when a game is first asked for, and only the game asked for is imported
(:func:`get`); :func:`names` lists them without importing any. A worker process (properties/
pool.py) finds the games the same way. A broken plug-in (an entry point that fails to import, or
whose value is not a GameSpec of its name) is a one-line DataError naming the entry point.

:data:`DEFAULT_GAME` is the game a command uses when none is named: the one place outside a
game's own folders (and its entry line) that names a game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Callable, Mapping

from cdg_oracle.model.core.errors import DataError

#: The entry-point group of the games.
GROUP = "cdg_oracle.games"
#: The game a command uses when none is named (``--game``'s default).
DEFAULT_GAME = "labyrinth"


@dataclass(frozen=True)
class GameSpec:
    """What a tool needs to know of a game, and nothing of its insides.

    ``new_state(scenario, length, rulings, options)`` returns a state at its first decision;
    ``state_class.from_json(text)`` reads a state back; ``scenarios()`` lists the scenario names;
    ``lengths`` the game lengths; ``rulings`` the game's Rulings class (``describe()``,
    ``from_dict()``); ``options`` the option names a game takes (a solo bot, an Ideology) and
    ``normalize_options(options)`` validates them; ``state_schema`` names the published JSON
    Schema of the canonical state (a path relative to the folder of the game's package, the
    package of ``state_class``: ``data/state.schema.json``); ``sides`` the players;
    ``perft_depths`` the default perft depth of each scenario (``cdg-oracle vectors``; a scenario
    not listed gets the tool's fallback depth): as deep as a count stays within a few seconds.

    What ``cdg-oracle rules`` reports: ``rules_catalogue()``, every numbered rule of the rulebook
    in order (objects with ``number``, ``title``, ``scope``; None: the game has no catalogue yet,
    and only the rules its code cites are listed); ``cards()``, every card (dicts with
    ``number``, ``name``, ``side``, ``ops``, ``event_implemented``, None for a card with no
    event; ``cards`` None: no cards);
    ``open_items()``, the facts no source confirms (dicts with ``rule``, ``table``,
    ``confidence``, ``what``). ``positions``: the game's position format
    (model/core/position.py ``PositionFormat``; None: the game has none yet).
    ``default_scenario``: the scenario a command uses when none is named (None: the first).
    ``title``: the game's name for people ("A Distant Plain"; empty: from ``name``).
    ``derived_facts(state)``: the facts the rules compute from a state (control, victory totals and
    margins, hand sizes...) as plain JSON, what ``position show --json`` writes under ``derived``
    and ``observation`` carries; ``derived_rules`` the rule each of its keys reads (None, empty:
    the game declares none). ``checks``: where the game's checks are, ``"module:attribute"`` of a
    properties/games.py ``GameChecks`` (None: the generic checks only). ``encoding``: where the
    game's action table is, ``"module:attribute"`` of a function returning its
    model/core/encoding.py ``ActionTable`` (None: none declared; :meth:`action_table`).
    ``map_drawing``: the game's map for the HTML report's pictures (model/core/mapview.py
    ``MapDrawing``: a schematic layout, a view of a state, a view of a z3 witness; None: the
    report shows no map)."""

    name: str
    sides: tuple[str, ...]
    scenarios: Callable[[], list[str]]
    lengths: tuple[str, ...]
    rulings: type
    new_state: Callable[..., Any]
    state_class: type
    options: tuple[str, ...] = ()
    normalize_options: Callable[[dict | None], dict] = field(default=lambda o: dict(o or {}))
    state_schema: str | None = None
    description: str = ""
    perft_depths: Mapping[str, int] = field(default_factory=dict, hash=False)
    rules_catalogue: Callable[[], Any] | None = None
    cards: Callable[[], list[dict]] | None = None
    open_items: Callable[[], list[dict]] | None = None
    positions: Any = None
    default_scenario: str | None = None
    title: str = ""
    derived_facts: Callable[[Any], dict] | None = None
    derived_rules: Mapping[str, str] = field(default_factory=dict, hash=False)
    checks: str | None = None
    encoding: str | None = None
    map_drawing: Any = None

    def action_table(self) -> Any:
        """The game's action table (model/core/encoding.py ``ActionTable``), from ``encoding``
        (``"module:attribute"`` of a function returning it); a game that declares none is a
        one-line DataError."""
        if self.encoding is None:
            raise DataError(f"game {self.name}: no action encoding declared (GameSpec.encoding)")
        from cdg_oracle.model.core.game import resolve
        return resolve(self.encoding)()


#: The games loaded in this process, by name (a game is loaded from its entry point on first use;
#: a test may set an entry, or :func:`register` a game of its own).
GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Register a game in this process only, without an entry point: for tests that build a
    variant of a game in-process (another process does not see it; a game that other processes
    must see is installed with its entry line, as tests/plugins/toy is). Twice under one name is
    an error."""
    old = GAMES.get(spec.name)
    if old is not None and old is not spec:
        raise ValueError(f"game {spec.name!r} registered twice")
    GAMES[spec.name] = spec
    return spec


def entry_points() -> dict[str, metadata.EntryPoint]:
    """The entry points of the group ``cdg_oracle.games``, by game name (read from the installed
    distributions' metadata on every call: cheap, nothing imported)."""
    return {ep.name: ep for ep in metadata.entry_points(group=GROUP)}


def _load(ep: metadata.EntryPoint) -> GameSpec:
    where = f"entry point {ep.name} = {ep.value} (group {GROUP})"
    try:
        spec = ep.load()
    except Exception as e:  # noqa: BLE001 -- any failure of a plug-in's import is its one-line error
        raise DataError(f"{where}: cannot load the game: {type(e).__name__}: {e}") from None
    if not isinstance(spec, GameSpec):
        raise DataError(f"{where}: not a GameSpec but a {type(spec).__name__}")
    if spec.name != ep.name:
        raise DataError(f"{where}: its GameSpec is named {spec.name!r}")
    return spec


def names() -> list[str]:
    """Every known game: those of the entry points and those registered in this process (none is
    imported)."""
    return sorted(set(entry_points()) | set(GAMES))


def find(name: str) -> GameSpec | None:
    """The game called ``name`` (loaded from its entry point on first use), or None when no entry
    point and nothing registered in this process has that name."""
    if name in GAMES:
        return GAMES[name]
    return get(name) if name in entry_points() else None


def get(name: str) -> GameSpec:
    """The game called ``name``, loaded from its entry point on first use; an unknown name is a
    DataError listing the known ones."""
    found = GAMES.get(name)
    if found is not None:
        return found
    eps = entry_points()
    if name not in eps:
        raise DataError(f"--game {name!r}: unknown game (known: {', '.join(names())})")
    spec = GAMES[name] = _load(eps[name])
    return spec
