"""The Game object (model/core/game.py, issue 29 item 3): one per game, options and rulings, built
once and shared by the states played under them; a state takes its tables from it and never looks
itself up in the registry."""
from __future__ import annotations

import json
import sys

import pytest

from cdg_oracle.model.core import registry
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import loads_yaml
from cdg_oracle.oracle.games import default_scenario, new_state

GAMES = ("labyrinth", "twilight_struggle", "distant_plain")


@pytest.mark.parametrize("game", GAMES)
def test_a_clone_and_a_state_read_back_share_the_game_and_its_tables(game):
    st = new_state(game, default_scenario(game))
    g = st.game_object
    for other in (st.clone(), type(st).from_json(st.to_json())):
        assert other.game_object is g
        assert all(getattr(other, name) is value for name, value in g.shared.items())
    assert st.map is g.map and st.rulings is g.rulings


def strings(value) -> list[str]:
    """Every string of plain data, keys and values, depth first."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings(k) + strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


@pytest.mark.parametrize("fast", [True, False])
def test_a_yaml_document_is_read_with_every_string_interned(fast):
    """model/core/yamlio.py ``interned``: the same data, each string the interned one of its text
    (the fast reader's path and the strict one's; an alias sends the fast reader's document to
    the strict reader)."""
    for text, expected in [
        ("a b: [x y, 1, true, {c d: e f}]\nk: 2.5\n", {"a b": ["x y", 1, True, {"c d": "e f"}], "k": 2.5}),
        ("p: &n [q r]\ns: *n\n", {"p": ["q r"], "s": ["q r"]}),
    ]:
        doc = loads_yaml(text, "t", fast=fast)
        assert doc == expected
        assert all(sys.intern(s) is s for s in strings(doc))


@pytest.mark.parametrize("game", GAMES)
def test_a_clone_shares_the_maps_names(game):
    """A state's copy (``clone``: ``copy_json``'s marshal round trip, which gives an interned
    string back as the interned object, any other as a new one) holds the map's names as the very
    objects the map's tables are keyed by: the data files' strings are interned when read
    (model/core/yamlio.py), so a look-up by a name is found by identity, not by comparing its text
    (docs/openspiel.md, the ninth round: a playout through OpenSpiel starts from a clone)."""
    st = new_state(game, default_scenario(game))
    names = {n: n for n in st.map.names}
    assert all(sys.intern(n) is n for n in names)
    held = [s for s in strings(st.clone().d) if s in names]
    assert held and all(s is names[s] for s in held)


@pytest.mark.parametrize("game", GAMES)
def test_one_game_per_options_and_rulings_and_a_copy_of_them(game):
    st = new_state(game, default_scenario(game))
    d = json.loads(st.to_json())
    cls = type(st).GAME
    assert cls.for_state(d) is st.game_object
    switch = next(s for s in type(st.rulings).describe() if len(s["choices"]) > 1)
    name = switch["name"]
    value = getattr(st.rulings, name)
    reading = next(c for c in switch["choices"] if c != value)
    d["rulings"] = {**d["rulings"], name: reading}
    other = cls.for_state(d)
    assert other is not st.game_object and getattr(other.rulings, name) == reading
    assert cls.for_state(d) is other  # built once
    d["rulings"][name] = value  # the caller's dict changes: the kept game does not
    assert getattr(other.rulings, name) == reading
    assert cls.for_state(json.loads(st.to_json())) is st.game_object


def test_twilight_struggle_s_deck_is_the_game_s_everywhere():
    """2.2: the deck of the edition is built once, by the Game; the state, the set-up and the
    consistency laws read that one."""
    from cdg_oracle.model.twilight_struggle.consistency import edition_cards

    for options in ({"edition": "seed"}, {"edition": "deluxe", "optional_cards": True}):
        st = new_state("twilight_struggle", "standard", options=options)
        assert edition_cards(st.d) is st.cards is st.game_object.cards
        assert set(st.d["deck"]) <= set(st.cards)
    assert len(new_state("twilight_struggle", "standard", options={"edition": "deluxe", "optional_cards": True}).cards) \
        > len(new_state("twilight_struggle", "standard", options={"edition": "deluxe"}).cards)


@pytest.mark.parametrize("game", GAMES)
def test_a_state_read_back_is_checked_without_the_registry(game, monkeypatch):
    st = new_state(game, default_scenario(game))
    text = st.to_json()
    monkeypatch.setattr(registry, "GAMES", {})
    monkeypatch.setattr(registry, "get", lambda name: pytest.fail("a state looked itself up in the registry"))
    assert type(st).from_json(text) == st
    bad = json.loads(text)
    bad["scenario"] = "no such scenario"
    with pytest.raises(DataError):
        type(st).from_json(json.dumps(bad))


@pytest.mark.parametrize("game", GAMES)
def test_derived_facts_are_the_game_s_one_way(game):
    st = new_state(game, default_scenario(game))
    spec = registry.get(game)
    facts = st.derived_facts()
    assert facts == spec.derived_facts(st) == st.observation(spec.sides[0])["derived"]
    assert set(facts) == set(type(st).GAME.DERIVED_RULES) == set(spec.derived_rules)
    assert json.dumps(facts) == json.dumps(facts, sort_keys=True)
