"""Issue 17: the trace reader decides the common step line without the general JSON Schema
validator (oracle/trace.py ``_plain_step``); it may only accept what the schema accepts."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hs

from cdg_oracle.oracle import trace

SCALAR = hs.one_of(hs.text(max_size=3), hs.integers(-3, 3), hs.booleans(), hs.none(), hs.floats(allow_nan=False))
HASH = hs.one_of(hs.just("a" * 64), hs.just("0" * 63), hs.just("A" * 64), hs.text(max_size=3), hs.integers())
VALUE = hs.one_of(SCALAR, hs.lists(SCALAR, max_size=2), hs.dictionaries(hs.text(max_size=2), SCALAR, max_size=2))
STEP = hs.fixed_dictionaries(
    {"type": hs.sampled_from(["step", "end", "header"])},
    optional={"i": hs.one_of(hs.integers(-1, 3), hs.booleans(), hs.floats(0, 2)), "player": hs.one_of(hs.text(max_size=3), hs.integers()),
              "action": VALUE, "legal_count": hs.one_of(hs.integers(-1, 3), hs.booleans()), "legal_hash": HASH,
              "state_hash": HASH, "state": VALUE, "rules": VALUE, "gap": VALUE, "hidden": VALUE, "x-mine": VALUE,
              "extra": VALUE})


# Near-valid steps: the fast path accepts many of these, and must agree with the schema on each.
NEAR = hs.fixed_dictionaries(
    {"type": hs.just("step"), "i": hs.integers(0, 3), "player": hs.sampled_from(["US", "chance", ""]),
     "action": hs.one_of(hs.text(max_size=2), hs.dictionaries(hs.text(max_size=2), SCALAR, max_size=2))},
    optional={"legal_count": hs.integers(0, 3), "legal_hash": HASH, "state_hash": HASH,
              "state": hs.one_of(hs.just({}), VALUE), "rules": hs.one_of(hs.just(["7.1"]), VALUE),
              "gap": hs.one_of(hs.just("x"), VALUE)})
ACCEPTED = []


@settings(max_examples=600, derandomize=True)
@given(hs.one_of(STEP, NEAR))
def test_the_fast_path_accepts_only_what_the_schema_accepts(rec):
    if trace._plain_step(rec):
        ACCEPTED.append(rec)
        assert not list(trace._validator().iter_errors(rec)), rec


def test_the_property_above_saw_accepted_steps():
    test_the_fast_path_accepts_only_what_the_schema_accepts()
    assert len(ACCEPTED) >= 20


def test_the_steps_the_oracle_writes_take_the_fast_path():
    from cdg_oracle.model.labyrinth import new_game
    from cdg_oracle.oracle.playout import play_random

    st = new_game("lets_roll")
    actions = []
    play_random(st, 3, on_step=lambda s, p, a, l: actions.append(a))
    lines = trace.from_actions("labyrinth", "lets_roll", "standard", {}, actions).splitlines()
    import json

    steps = [json.loads(x) for x in lines[1:-1]]
    assert steps and all(trace._plain_step(r) for r in steps)


@settings(max_examples=300, derandomize=True)
@given(hs.lists(hs.one_of(hs.text(max_size=3), hs.dictionaries(hs.sampled_from(["die", "card", "x"]),
                                                                 hs.one_of(hs.integers(0, 3), hs.booleans(), hs.none(),
                                                                           hs.text(max_size=2)), max_size=2)),
                min_size=1, max_size=6))
def test_remembered_action_keys_are_the_canonical_json(actions):
    """model/core/game.py remembers the keys of flat actions; twice asked, each is still its
    canonical JSON (``{"die": 1}`` and ``{"die": True}`` stay apart)."""
    import json

    from cdg_oracle.model.core.game import action_key

    for _ in range(2):
        for a in actions:
            assert action_key(a) == json.dumps(a, sort_keys=True, separators=(",", ":"))
    assert action_key({"die": 1}) == '{"die":1}' and action_key({"die": True}) == '{"die":true}'
