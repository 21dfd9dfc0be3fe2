"""Twilight Struggle: who sees what, each side's information state and the re-deal sampler
(issue 32; the shared part is model/core/information.py).

**Who sees a step** (:func:`seen_by`), by the rules:

* a card dealt (``deal.drawn``, 4.5 A/B: "each player draws cards until he has ..." in secret) is
  seen by the side it is dealt to only;
* a headline card (``headline.card``, 4.5 C: "both players select a card ... face down") is seen
  by its chooser only, until the reveal (below);
* everything else is public: dice, the cards played (4.5 E), the card Five Year Plan discards at
  random (card 5: discarded face up) and the card Grain Sales to Soviets draws at random
  (card 67: the US shows it, then plays it or gives it back), the cards given or taken in the
  open (Missile Envy, card 49; card 43).

**What a step shows** (:func:`sightings`): a place the side cannot otherwise see, shown to it by a
rule or an event, recorded once when it is shown (the state's own record lasts only the turn,
the player's memory the game):

* the headline cards once revealed (4.5 C), or the one chosen first under Man in Space's
  ability (6.4.4 box 4): ``headline:<side>``;
* a hand shown by an event for the rest of the turn (``shown`` in the effect's record: CIA
  Created, card 26; Aldrich Ames Remix, card 98; card 62): ``hand:<other side>`` to the side whose
  effect it is;
* the held cards revealed at the end of a turn under the tournament rules (11.1.1, ``revealed``);
* the other's cards a question offers (Aldrich Ames, card 98: the USSR chooses among the US
  cards, so it sees them as it is asked, before the effect records them).

**The re-deal** (:func:`sample_redeal`): for ``side``, the cards it cannot place (the draw pile,
the other hand's cards whose last move it did not see and that no event showed it since, and the
other's headline card while it is face down) are dealt again among those places, each keeping its
number of cards; the China Card is never hidden (9.0: its holder and face are public).

Why these probabilities: each card dealt is a chance node uniform over the pile (4.5), whose size
is public at each deal, so every sequence of hidden deals has the same probability and every
deal of the hidden cards consistent with the counts is equally likely. That is exact while every
card of the pool could have been in every place. It is *not* exact when the deck grew while the
other side held cards drawn before (the Mid War cards added at turn 4 and the Late War cards at
turn 8, 4.3 and 9.0's era decks; the discards reshuffled into the pile, 4.3): a card held since
before cannot be one added later, which the uniform re-deal ignores. A headline card is chosen,
not drawn: dealing it uniformly treats the other's choice as independent of its hand, as every
sampler that knows nothing of the other player's policy does.
"""
from __future__ import annotations

from typing import Any

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.information import (
    hidden_from, information_state as _information_state, offered_from, redeal_places, rename_private, sample,
)

_OTHER = {"US": "USSR", "USSR": "US"}
_DEAL = "deal.drawn"
_HEADLINE = "headline.card"


@implements("4.5")
def seen_by(st: Any, action: Any) -> list | None:
    """Before a step: None when both sides see what is taken, else the sides that do (a card
    dealt: its side; a headline card chosen: its chooser, 4.5 C)."""
    q = st.d["pending"].get("question")
    if q == _DEAL:
        return [st.d["stack"][-1]["side"]]
    if q == _HEADLINE:
        return [st.d["pending"]["player"]]
    return None


@implements("4.5", "6.4.4", "11.1.1")
def sightings(st: Any) -> tuple:
    """What the state shows a side now of a place it cannot otherwise see: ``(viewer, place,
    cards)`` for each headline the viewer has seen (4.5 C, 6.4.4), each hand an event in force
    shows it (the effect's ``shown``: cards 26, 62, 98), each hand revealed at the end of the
    turn (11.1.1) and the other's cards the question posed offers (card 98)."""
    d = st.d
    out = []
    shown = d["headline_shown"]
    if shown:
        for s in shown:
            card = d["headline"][s]
            if card is not None:
                out.append((_OTHER[s], "headline:" + s, (card,)))
    for e in d["effects"]:
        cards = e.get("shown")
        if cards:
            out.append((e["side"], "hand:" + _OTHER[e["side"]], tuple(cards)))
    revealed = d["revealed"]
    for s in ("USSR", "US"):
        if revealed[s]:
            out.append((_OTHER[s], "hand:" + s, tuple(revealed[s])))
    return tuple(out) + offered_from(st, _OTHER)


@implements("4.5")
def reveals(st: Any, action: Any) -> tuple:
    """What a step shows and takes away within itself: the second headline chosen reveals both
    (4.5 C: "both cards are revealed"), and the events may resolve in the same step, taking the
    cards off the headline spaces before the step ends. Each side sees the other's card (the one
    it had seen already under 6.4.4 aside)."""
    p = st.d["pending"]
    if p.get("question") != _HEADLINE:
        return ()
    side, d = p["player"], st.d
    other = _OTHER[side]
    if d["headline"][other] is None:
        return ()  # the first choice: nothing revealed yet
    out = [(other, "headline:" + side, (action["card"],))]
    if other not in d["headline_shown"]:
        out.append((side, "headline:" + other, (d["headline"][other],)))
    return tuple(out)


def information_state(st: Any, side: str) -> dict:
    """``side``'s information state (model/core/information.py): the history as it saw it (the
    other's deals and unrevealed headline as ``null``, what events showed it), its observation."""
    return _information_state(st, side)


@implements("4.5", "9.0")
def sample_redeal(st: Any, side: str, rng: Any) -> Any:
    """A state consistent with ``side``'s information state (the module docstring): the pile, the
    other hand's unseen cards and the other's face-down headline dealt again, the question posed
    again for the new hands (model/core/engine.py ``repose``)."""
    return sample(st, lambda new, r: _deal(new, side, r), rng, side)


def _deal(new: Any, side: str, rng: Any) -> None:
    d = new.d
    history = new.history
    other = _OTHER[side]
    hand = d["hands"][other]
    hidden_hand = hidden_from(history, side, hand)
    places = [(hand, hidden_hand), (d["deck"], True)]
    moved = list(hidden_hand)
    headline = d["headline"][other]
    slot = [headline] if headline is not None and other not in d["headline_shown"] else None
    if slot is not None:
        places.append((slot, True))
        moved.append(headline)
    mapping = redeal_places(rng, places)
    hand.sort()  # the hands are kept sorted (turn.py)
    d["deck"].sort()  # the pile is kept sorted: every deal is a chance node
    if slot is not None:
        d["headline"][other] = slot[0]
    rename_private(history, side, mapping, moved)

