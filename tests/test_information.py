"""Issue 32, item 2: each side's information state and the re-deal sampler, for every game
through the core contract (model/core/information.py, model/<game>/information.py).

The property: re-dealing everything a side cannot see, consistently with what it has seen
(``sample_redeal``), never changes that side's information state, its observation or, when it is
to move, its legal actions; the re-dealt state is a state of the game (its consistency laws, the
question posed again, a JSON round trip) and play goes on from it. Checked along seeded random
games of every scenario of every game (Labyrinth also solo, Twilight Struggle also under the
tournament rules' reveal, 11.1.1). So that the property cannot pass vacuously, the re-deals must
change the hidden cards (and Labyrinth's face-down plots) somewhere along those games.
"""
from __future__ import annotations

import json
import random

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.information import HISTORY, SEEN, entry, history_json
from cdg_oracle.model.core.registry import get
from cdg_oracle.oracle.playout import choose

#: (game, options) played: every scenario of each, a few seeds.
CONFIGS = [("labyrinth", None), ("labyrinth", {"solo": True, "ideology": "normal"}),
           ("twilight_struggle", None), ("twilight_struggle", {"tournament": True}),
           ("distant_plain", None)]
STEPS = 700      # steps of each game at most (Twilight Struggle's turns are long)
EVERY = 23       # check every 23rd step (a prime: every kind of question comes round)


def _cases():
    for game, options in CONFIGS:
        spec = get(game)
        for scenario in spec.scenarios():
            yield pytest.param(game, scenario, options, id=f"{game}-{scenario}-{'opt' if options else 'std'}")


def _walk(game: str, scenario: str, options, seed: int):
    """The states of a seeded random game (every ``EVERY``-th one), as it is played."""
    spec = get(game)
    rng = random.Random(seed)
    st = spec.new_state(scenario, spec.lengths[0], None, options)
    for i in range(STEPS):
        if st.is_terminal():
            break
        if i % EVERY == 0:
            yield st
        st.apply(choose(rng, st))
    yield st


def _hidden_changed(st, new) -> bool:
    return new.canonical() != st.canonical()


@pytest.mark.parametrize("game,scenario,options", list(_cases()))
def test_redeal_keeps_what_the_side_knows(game, scenario, options):
    spec = get(game)
    cls = spec.state_class
    changed = checked = 0
    for seed in (1, 2):
        for st in _walk(game, scenario, options, seed):
            before = st.to_json(history=True)
            for k, side in enumerate(spec.sides):
                info = st.information_state(side)
                json.dumps(info)  # plain JSON
                new = st.sample_redeal(side, random.Random(seed * 1000 + k + len(info["history"])))
                assert st.to_json(history=True) == before, "sample_redeal changed the state it was given"
                assert new.information_state(side) == info
                assert new.observation(side) == st.observation(side)
                if st.current_player() == side:
                    assert new.legal_actions() == st.legal_actions()
                # a state of the game: its laws, its question posed again, a JSON round trip
                back = cls.from_json(new.to_json(history=True))
                assert back.d == new.d and back.history == new.history
                assert new.current_player() == st.current_player()
                checked += 1
                changed += _hidden_changed(st, new)
                # play goes on from it
                rng = random.Random(seed)
                for _ in range(5):
                    if new.is_terminal():
                        break
                    new.apply(choose(rng, new))
    assert checked > 5
    if game == "distant_plain":
        assert changed == 0, "A Distant Plain hides nothing: its re-deal is a copy"
    else:
        assert changed > checked // 4, f"the re-deal changed hidden cards in only {changed} of {checked} states"


@pytest.mark.parametrize("game", ["labyrinth", "twilight_struggle", "distant_plain"])
def test_history_survives_clone_and_json(game):
    """The history goes with the state: a clone and a JSON round trip with it have the same
    information state, and play recorded after a clone is the same as without (no memory outside ``d``)."""
    spec = get(game)
    cls = spec.state_class
    rng = random.Random(7)
    st = spec.new_state(spec.scenarios()[0], spec.lengths[0], None, None)
    for _ in range(150):
        if st.is_terminal():
            break
        twin = cls.from_json(st.to_json(history=True))
        a = choose(rng, st)
        st.apply(a)
        twin.apply(a)
        for side in spec.sides:
            assert twin.information_state(side) == st.information_state(side)
    assert len(st.history) >= 150 or st.is_terminal()


@pytest.mark.parametrize("game", ["labyrinth", "twilight_struggle", "distant_plain"])
def test_history_is_not_canonical_nor_a_position(game):
    """The history is each side's past, not a fact two implementations must agree on: outside
    the state's dict (so absent from ``canonical()`` and a position written of the state), in its
    JSON, and a state read from a position has none."""
    from cdg_oracle.model.core.position import from_document, to_document

    spec = get(game)
    rng = random.Random(3)
    st = spec.new_state(spec.scenarios()[0], spec.lengths[0], None, None)
    for _ in range(40):
        if st.is_terminal():
            break
        st.apply(choose(rng, st))
    assert st.history and HISTORY not in st.d
    assert json.loads(st.to_json(history=True))[HISTORY] == history_json(st.history)
    assert HISTORY not in json.loads(st.to_json())  # the position's text alone
    back = from_document(to_document(st))
    assert back.d == st.d and back.history == []
    assert back.information_state(spec.sides[0])["history"] == []


def test_a_bad_history_is_one_line():
    spec = get("twilight_struggle")
    st = spec.new_state(spec.scenarios()[0], spec.lengths[0], None, None)
    good = json.loads(st.to_json())
    for bad in ([["Nobody", "q", 1]], [["seen", "US", "hand:USSR"]], "steps", [["chance", "q", 1, ["Mars"]]]):
        with pytest.raises(DataError) as e:
            spec.state_class.from_json(json.dumps({**good, HISTORY: bad}))
        assert "\n" not in str(e.value) and HISTORY in str(e.value)


@pytest.mark.parametrize("game", ["labyrinth", "twilight_struggle", "distant_plain"])
def test_bad_side_is_one_line(game):
    spec = get(game)
    st = spec.new_state(spec.scenarios()[0], spec.lengths[0], None, None)
    for call in (lambda: st.information_state("Nobody"), lambda: st.sample_redeal("Nobody", random.Random(0))):
        with pytest.raises(DataError) as e:
            call()
        assert "\n" not in str(e.value) and "Nobody" in str(e.value)


def test_masked_history_hides_only_what_the_side_did_not_see():
    """A private step shows its action to the sides that saw it and ``null`` to the others; a
    sighting is only its viewer's."""
    from cdg_oracle.model.core.information import masked_history

    h = [entry("chance", "deal.drawn", {"card": 7}, ["US"]), entry("US", "play", {"card": 7}),
         (SEEN, "USSR", "hand:US", (3, 4))]
    assert masked_history(h, "US") == [["chance", "deal.drawn", {"card": 7}], ["US", "play", {"card": 7}]]
    assert masked_history(h, "USSR") == [["chance", "deal.drawn", None], ["US", "play", {"card": 7}],
                                         [SEEN, "hand:US", [3, 4]]]
    assert history_json(h)[0] == ["chance", "deal.drawn", {"card": 7}, ["US"]]


def test_history_entries_are_left_alone_by_the_garbage_collector():
    """A history of tuples of strings and integers: the collector untracks them, so a long game's
    history does not slow every step (it made Labyrinth's steps half again slower as lists)."""
    import gc

    spec = get("labyrinth")
    st = spec.new_state(spec.scenarios()[0], spec.lengths[0], None, None)
    rng = random.Random(1)
    for _ in range(200):
        if st.is_terminal():
            break
        st.apply(choose(rng, st))
    gc.collect()
    gc.collect()  # an entry holding a tuple (the sides who saw it) is untracked a pass after it
    assert st.history and not any(gc.is_tracked(e) for e in st.history)
