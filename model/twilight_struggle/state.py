"""The state of a Twilight Struggle game: plain JSON data in ``d``, the contract from the core.

``d`` holds (besides the core's ``stack``, ``pending`` and ``terminal``):

* ``scenario``, ``options`` (edition, optional cards, tournament rules, bid), ``rulings`` (the
  switches set to other than their default);
* the tracks: ``turn`` (1-10, 4.1), ``round`` (the action round being played, 0 outside them),
  ``phasing`` (the side whose action round or headline event is being resolved, 4.2),
  ``defcon`` (1-5, 8.1), ``vp`` (-20..+20, positive for the US, 10.2), ``milops`` (per side, 8.2),
  ``space`` (per side, box 0-8, 6.4), ``space_attempts`` (per side, this turn, 6.4.2),
  ``milops_required`` (the turn's requirement when fixed at step D: ruling ``milops_requirement``);
* ``influence``: every country -> ``{"US": n, "USSR": n}`` (2.1.7, 6.1);
* the cards: ``hands`` (per side), ``deck`` (the draw pile, kept sorted: draws are chance nodes),
  ``discard``, ``removed``, ``in_effect`` (underlined events beside the map, 7.3), ``table``
  (cards being played now), ``effects`` (the events' effects in force, with who played each and
  its own state: events/effects.py), ``china`` (``{"holder", "face_up"}``, 9.0), ``headline`` (per side,
  the card chosen, or None) and ``headline_shown`` (sides whose headline the other has seen);
* ``revealed`` (tournament 11.1.1: the held cards shown at the end of the turn) and
  ``not_implemented`` (each place where play met an event the model does not implement yet: a
  reported gap, never a silent skip).
"""
from __future__ import annotations

from typing import ClassVar

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.state import StackState, copy_json
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.game import GAME, SIDES, TwilightGame

OPPONENT = {"USSR": "US", "US": "USSR"}
STATE_VERSION = 1

#: What two implementations must agree on (``canonical()``), in this order.
_FACTS = ("turn", "round", "phasing", "defcon", "vp", "milops", "space", "space_attempts", "influence",
          "hands", "deck", "discard", "removed", "in_effect", "effects", "table", "china", "headline")


class TwilightState(StackState):
    game: ClassVar[str] = GAME
    SIDES: ClassVar[tuple[str, ...]] = SIDES
    ENGINE: ClassVar = ENGINE
    STATE_VERSION: ClassVar[int] = STATE_VERSION
    GAME: ClassVar = TwilightGame  # st.map, st.cards (the edition's deck), st.rulings: the Game's (game.py)

    def setup(self, d: dict) -> None:
        #: the scenario played (3.0): its first turn, the turn it begins at, its final victory
        self.scenario_rules = self.game_object.scenario(d["scenario"])

    def options(self) -> dict:
        return dict(self.d["options"])

    def canonical(self) -> dict:
        """The facts of the position: tracks, influence, every card zone, the China Card, the
        headline choices, and the result; not the procedure machinery."""
        d = self.d
        out = copy_json({k: d[k] for k in _FACTS})  # a snapshot: play goes on in d
        t = d["terminal"]
        out["winner"] = None if t is None else t["winner"]
        out["to_move"] = self.current_player()
        return out

    @implements("6.1.6", "4.5")
    def observation(self, side: str) -> dict:
        """The position as ``side`` sees it: the influence, like every marker, in full (6.1.6: it
        may be looked at any time); the other's hand and the draw pile as counts; the
        other's headline card only once both are revealed (4.5C) or it was shown first (6.4.4 box
        4); the held cards the other revealed in a tournament (11.1.1); ``derived``, the facts the
        rules compute from the state (derived.py: control, region levels, hand size...), all public."""
        c = self.canonical()
        other = OPPONENT[side]
        c["hands"] = {side: c["hands"][side], other: len(c["hands"][other])}
        c["deck"] = len(c["deck"])
        h = dict(c["headline"])
        if h[other] is not None and other not in self.d["headline_shown"]:
            h[other] = "chosen"
        c["headline"] = h
        c["revealed"] = self.d["revealed"][other]
        c["derived"] = self.derived_facts()
        return c
