"""The game options of A Distant Plain: every fact no source gives that play needs is a named option
with a neutral default, and each is a registered gap (data/gaps.yaml) that traces and ``cdg-oracle
rules`` report. A bad option is refused in one line.

* ``control`` (gap ``control_definition``): how a space's Control is decided; the aid uses COIN
  Control and Taliban Control but never defines them. ``coin_series`` (default): the reading every
  COIN-series rulebook states elsewhere, COIN Control where Coalition and Government pieces outnumber
  Taliban and Warlords pieces together, Taliban Control where Taliban pieces outnumber all others
  (background, not a source here: flagged); ``none``: no space is ever controlled.
* ``pakistan_control`` (gap ``pakistan_control``): whether a Pakistan space can be controlled
  (default true: the aid states no exception).
* ``propaganda_rounds`` (gap ``scenarios``: no source gives the number of Propaganda cards): how many
  Propaganda rounds the sandbox plays, the last one ending the game (default 2, a sandbox's length,
  not the game's).
* ``special_activity_timing`` (gap ``sa_timing``: the aid pairs Operations with Special Activities,
  "Operation + SA?", but never says when the Special Activity is carried out): ``series`` (default),
  the COIN series' rule 4.1 (its rulebooks: Andean Abyss, Cuba Libre, Fire in the Lake, A Distant
  Plain's own, "immediately before, during, or after" its Operation; background, not a source here:
  flagged), offered at each of the Operation's questions for its next space and after it
  (activities.py); ``after``: only once the Operation is done (the model's behaviour before issue 27
  item 4).
* ``turns_per_propaganda`` (gap ``sequence_of_play``: no source gives the cards between Propaganda
  cards or the eligibility that decides who acts on each): how many times each faction takes a turn,
  in the fixed order Coalition, Government, Taliban, Warlords, before each Propaganda round
  (default 1).
* ``mountain_spaces`` (gap ``mountain``: the aid's Government Assault removes "In zone di Montagna
  ... 1 pezzo nemico per ogni 3 Truppe Govt", but no source lists the Mountain spaces): the names of
  the spaces played as Mountain, each a Province of the map (the same Assault names Kabul and the
  LoCs apart, so a Mountain zone is neither), given in any order and kept in name order (default
  none: the register's "the model treats no space as Mountain"). Wherever the model asks whether a
  space is Mountain (operations/assault.py ``is_mountain``) it reads this list.
"""
from __future__ import annotations

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.options import merged

DEFAULT_OPTIONS = {"control": "coin_series", "pakistan_control": True, "propaganda_rounds": 2,
                   "special_activity_timing": "series", "turns_per_propaganda": 1, "mountain_spaces": []}
CHOICES = {"control": ("coin_series", "none"), "pakistan_control": (True, False),
           "propaganda_rounds": (1, 2, 3, 4, 5, 6), "special_activity_timing": ("series", "after"),
           "turns_per_propaganda": (1, 2, 3, 4, 5, 6)}
GAPS = {"control": "control_definition", "pakistan_control": "pakistan_control",
        "propaganda_rounds": "scenarios", "special_activity_timing": "sa_timing",
        "turns_per_propaganda": "sequence_of_play", "mountain_spaces": "mountain"}
#: The options whose value is a list of names, not one of CHOICES.
LISTS = ("mountain_spaces",)


def normalize_options(options: dict | None) -> dict:
    """The full options dict for ``options`` (None: the defaults)."""
    out = merged(options, DEFAULT_OPTIONS)
    out["mountain_spaces"] = mountain_spaces(out["mountain_spaces"])
    for k, v in out.items():
        if k in LISTS:
            continue
        if v not in CHOICES[k] or type(v) is not type(CHOICES[k][0]):
            raise DataError(f"options: {k} cannot be {v!r} (choices: {list(CHOICES[k])})")
    return out


def mountain_spaces(value) -> list[str]:
    """The option ``mountain_spaces`` checked and in name order: a list of Provinces of the map, each
    once (a one-line DataError naming the entry otherwise)."""
    from cdg_oracle.model.distant_plain.mapdata import load_map

    if not isinstance(value, list):
        raise DataError(f"options: mountain_spaces: {value!r} is not a list of Province names (gap mountain)")
    m = load_map()
    for name in value:
        if not isinstance(name, str) or name not in m.spaces:
            raise DataError(f"options: mountain_spaces: {name!r} is not a space of the map")
        if m.spaces[name].type != "province":
            raise DataError(f"options: mountain_spaces: {name} is {'the City' if name == 'Kabul' else 'a LoC'}, not a "
                            "Province (the Government Assault names Kabul and the LoCs apart from Mountain zones)")
    if len(set(value)) != len(value):
        twice = next(n for n in value if value.count(n) > 1)
        raise DataError(f"options: mountain_spaces: {twice} is listed twice")
    return sorted(value)
