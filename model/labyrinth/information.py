"""Labyrinth: who sees what, each side's information state and the re-deal sampler (issue 32;
the shared part is model/core/information.py).

**Who sees a step** (:func:`seen_by`), by the rules:

* a card drawn (``draw.drawn``, 5.3.1; 5.2.8 the deal; 9.2 the solo mini-decks) is seen by its
  drawer only: a hand is secret ("Entrambi i giocatori tengono la propria mano coperta", hand
  secrecy of 5.0/5.3; a solo Jihadist's hand is a face-down stack, 9.2, which the observation
  shows only to the Jihadist side);
* the plot marker the Jihadist places (``op_plot.place``, 8.5.4: "face down"; an event's plot,
  ``place_plot_event``) is seen by the Jihadist only: "solo la jihad può guardarli" (4.8.1);
* everything else is public: dice (every roll is made in the open), the cards played (5.2.1),
  a card taken at random from a hand (6.3.1, cards 34, 44, 52, 63, 86, 90: it goes to the
  discards or to the other hand, where both sides see it), Fatwa's exchange (card 97: each side
  sees the card it gives and the card it gets), a plot drawn by Alert (7.5.3) or revealed by
  Backlash (card 1), which are revealed as they are taken.

No event of Labyrinth shows a side the other's hand without moving the card, and no question
offers a side the other's cards (a card taken from a hand is a chance node), so :func:`sightings`
is empty (tests/test_information.py would find a question that showed cards the re-deal moves:
the side's legal actions would change).

**The re-deal** (:func:`sample_redeal`): for ``side``, the cards it cannot place (the draw pile,
and the cards of the other hand whose last move it did not see: model/core/information.py
``unknown_to``) are dealt again among those places, keeping every count; for the US also the
plot markers it cannot see (those in the Available Plots box and the face-down ones on the map,
:func:`~cdg_oracle.model.labyrinth.plots.face_down_plots`) are dealt again among the box and the
countries, each country keeping its number of face-down markers.

What the re-deal leaves as it is: the Jihadist's own record of which marker it placed (its
private ``op_plot.place`` steps) is not renamed after the plots are dealt again (the cards' draws
are: the new state's Jihadist information state agrees with its hand, not with its plots); a
plot a procedure under way names (being resolved, just placed) or Backlash revealed stays where
it is. In a solo game the bot's answers (chapter 9) are made inside a step, not applied, so the
history holds the US's steps and the chance nodes, and the bot's choices only through their
effects on the observation.

Why these probabilities: every draw is a chance node uniform over the pile (5.3.1), whose size is
public at each draw; so every sequence of hidden draws has the same probability, and every deal
of the hidden cards consistent with the counts is equally likely. With the mini-decks (9.2) a draw
is uniform within the mini-deck due, whose size is public too: the re-deal keeps each card among
the cards of its own mini-deck (``class_of``), and the same argument holds within each. This is
exact when the cards of the pool could each have been in any of the places: it is *not* exact
after a reshuffle (5.3.1) while the other side still holds a card drawn before it (that card
cannot be one that was then in the discards), which the uniform re-deal ignores. The plots are
chosen by the Jihadist, not by chance: dealing them uniformly treats the Jihadist's choice as
uniform among the markers available (the markers' number is public at each placement, so every
sequence of choices is then equally likely). Like every sampler that knows nothing of the other
player's policy, it treats the other's choices as independent of what it holds (the posterior
of a side that models the other player differently is not this one).
"""
from __future__ import annotations

import json
from typing import Any

from cdg_oracle.model.core.information import (
    hidden_from, information_state as _information_state, redeal, redeal_places, rename_private, sample,
)
from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.plots import face_down_plots

#: Questions whose answer only the Jihadist sees (8.5.4: plots are placed face down).
_JIHADIST_ONLY = frozenset({"op_plot.place", "place_plot_event.start"})
_DRAW = "draw.drawn"
_RESOLVE = "resolve_plots.start"
_OTHER = {"US": "Jihadist", "Jihadist": "US"}


@implements("5.3.1", "8.5.4", "4.8.1")
def seen_by(st: Any, action: Any) -> list | None:
    """Before a step: None when both sides see what is taken, else the sides that do (a card
    drawn: its drawer, 5.3.1; a plot placed: the Jihadist, 8.5.4)."""
    q = st.d["pending"].get("question")
    if q == _DRAW:
        return [st.d["stack"][-1]["side"]]
    if q in _JIHADIST_ONLY:
        return ["Jihadist"]
    return None


def sightings(st: Any) -> tuple:
    """What the state shows a side of a place it cannot otherwise see: nothing in Labyrinth (no
    event shows a hand without moving the card, and no question offers a side the other's cards:
    a card taken from a hand is taken at random, a chance node, 6.3.1, card 97)."""
    return ()


def reveals(st: Any, action: Any) -> tuple:
    """No step shows a side anything it takes away again within the step."""
    return ()


def information_state(st: Any, side: str) -> dict:
    """``side``'s information state (model/core/information.py): the history as it saw it and its
    observation now (the US sees plots only as counts where they lie face down, 8.5.4)."""
    return _information_state(st, side)


def _mini_deck(st: Any):
    """9.2: the mini-deck a card belongs to (its association), when the mini-decks are played."""
    if "minideck_next" not in st.d:
        return None
    cards = st.cards
    return lambda n: cards[n].side


@implements("5.3.1", "8.5.4", "9.2")
def sample_redeal(st: Any, side: str, rng: Any) -> Any:
    """A state consistent with ``side``'s information state (the module docstring): the pile and
    the other hand's unseen cards dealt again (and, for the US, the plot markers it cannot see),
    the question posed again for the new hands (model/core/engine.py ``repose``)."""
    return sample(st, lambda new, r: _deal(new, side, r), rng, side)


def _deal(new: Any, side: str, rng: Any) -> None:
    d = new.d
    history = new.history
    other = _OTHER[side]
    hand = d["hands"][other]
    hidden = hidden_from(history, side, hand)
    moved = list(hidden)
    mapping = redeal_places(rng, [(hand, hidden), (d["deck"], True)], _mini_deck(new))
    d["deck"].sort()
    rename_private(history, side, mapping, moved)
    if side == "US":
        _redeal_plots(new, rng)


@implements("8.5.4", "4.8.1")
def _redeal_plots(st: Any, rng: Any) -> None:
    """The plot markers the US cannot see (4.8.1: the Available Plots box, face down, WMD ones
    included; 8.5.4: those placed face down on the map) dealt again among the box and the
    countries, each keeping its number of them."""
    d = st.d
    pool = list(d["plots_available"]) + ["WMD"] * d["wmd_available"]
    sizes = [len(pool)]
    where = []
    known = _plots_known(st)
    for name, c in d["countries"].items():
        down = face_down_plots(st, name)
        for p in known.get(name, ()):
            if p in down:
                down.remove(p)
        if down:
            for p in down:
                c["plots"].remove(p)
            pool.extend(down)
            sizes.append(len(down))
            where.append(name)
    if len(sizes) == 1:
        return  # no plot on the map face down: the box's content is known as a whole
    box, *placed = redeal(rng, pool, sizes)
    d["plots_available"] = sorted(p for p in box if p != "WMD")
    d["wmd_available"] = box.count("WMD")
    for name, plots in zip(where, placed):
        d["countries"][name]["plots"].extend(plots)


@implements("card 1", "5.2.3")
def _plots_known(st: Any) -> dict[str, list]:
    """The face-down markers the re-deal leaves where they are, by country: those Backlash
    revealed (card 1, ``backlash_plots``), those the Jihadist named in the open to resolve them
    since the last plot was placed and the one a procedure under way is resolving (5.2.3: a plot
    is revealed where it lies as it is resolved). A procedure under way that placed a plot keeps
    its marker too (its frame names the value): the sampler then leaves that one marker as it
    is, which is consistent but not re-dealt."""
    d = st.d
    out: dict[str, list] = {}
    for b in d.get("backlash_plots", ()):
        out.setdefault(b["country"], []).append(b["plot"])
    for f in d["stack"]:  # a plot being resolved (or placed) by a procedure under way
        if "plot" in f and type(f.get("country")) is str and f["plot"] is not None:
            out.setdefault(f["country"], []).append(f["plot"])
    for e in reversed(st.history):
        if e[1] in _JIHADIST_ONLY:
            break
        if e[1] == _RESOLVE:
            a = json.loads(e[2])
            if type(a) is dict and "plot" in a:
                out.setdefault(a["country"], []).append(a["plot"])
    return out
