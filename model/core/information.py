"""Each side's information state and the re-deal sampler (issue 32, item 2): the part every game
shares. A game's own part is its ``model/<game>/information.py`` (the same file in every game),
named by its Game's ``INFORMATION`` (model/core/game.py) and called through the state
(:meth:`~cdg_oracle.model.core.state.StackState.information_state`,
:meth:`~cdg_oracle.model.core.state.StackState.sample_redeal`).

**The history.** ``observation(side)`` is what a side sees *now*; a player of a card-driven game
also remembers what it saw earlier (the cards it drew, the cards an event showed it for a turn,
its opponent's headline once revealed). A state keeps that past in one list beside its dict,
``st.history``, one entry per step applied, written by :meth:`StackState.apply`:

* ``(player, question, action)``: a public step (the player a side or ``"chance"``, the
  question's stable identifier, the action or chance outcome taken): every side saw it;
* ``(player, question, action, sides)``: a private step: only the ``sides`` (a tuple) saw *what*
  was taken (a card drawn: its drawer; a headline card chosen: its chooser until the reveal).
  Every other side saw only that the step happened (its player and question): the rules make a
  draw or a secret choice public as an event, not as a value;
* ``("seen", side, place, cards)``: what an event, a rule or a question showed ``side`` of a
  place it cannot otherwise see (``place`` is ``"hand:<side>"`` or ``"headline:<side>"``,
  ``cards`` a tuple): Twilight Struggle's Aldrich Ames (card 98), CIA Created (card 26), the
  tournament reveal (11.1.1), the headline reveal (4.5 C). Written after the step that showed
  it (what the game's ``sightings(st)`` gives after the step and did not give before it, and
  what its ``reveals(st, action)`` says the step shows and takes away again within it, like a
  headline revealed and resolved in one step): the state's own record of what is shown lasts a
  turn, the player's memory the rest of the game.

In the list an action is its canonical JSON text (model/core/game.py ``action_key``) and every
entry a tuple of strings, integers and tuples: the garbage collector leaves such entries alone
(a history of lists and dicts made every step of a long game slower as it grew: half again a
Labyrinth step); :func:`masked_history` and ``to_json(history=True)`` give the actions back as
JSON values.

The history is not part of the position: it is outside ``d`` (so not in ``canonical()``, a
trace's state hashes, a position, ``to_json()``'s default text or the results hash), copied by
``clone()`` and written by ``to_json(history=True)`` under ``"history"`` (:data:`HISTORY`),
which ``from_json`` reads back (:func:`read_history`). A state read from a position, or from
JSON without one, has an empty history: its sides' memory starts there.

**The information state** of ``side`` (:func:`information_state`) is plain JSON: the game, the
scenario, options and rulings the game is played under, the history as ``side`` saw it (a
private step that ``side`` did not see has ``null`` for its action; the sightings of other
sides are left out) and ``side``'s observation now. Two states with the same information state
for ``side`` cannot be told apart by ``side``: this is the information set of OpenSpiel's
``information_state_string``, with perfect recall (the history holds every step since the game
began).

**The re-deal** (:func:`redeal`) is the generic part of the sampler: a pool of cards the side
cannot place, shared out among places of known sizes uniformly at random with the caller's
``rng`` (the model itself never draws: model/ holds no randomness, tests/test_layout.py).
:func:`sample` poses the pending question again for the new deal and draws again the deals it
rules out (rejection: exact); it raises :class:`RedealError` rather than give the true hidden
cards when it cannot find one.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.game import action_key

#: The key of the history in a state's JSON (``to_json``; absent: an empty history).
HISTORY = "history"
#: The player of a sighting entry (never a side's name nor ``"chance"``).
SEEN = "seen"


def check_side(st: Any, side: str, what: str) -> None:
    """A one-line DataError when ``side`` is not a side of ``st``'s game."""
    if side not in st.SIDES:
        raise DataError(f"{what}: {side!r} is not a side of {st.game} (sides: {', '.join(st.SIDES)})")


def masked_history(history: Iterable[tuple], side: str) -> list[list]:
    """The history as ``side`` saw it, as plain JSON: public steps ``[player, question, action]``,
    private steps with their action only if ``side`` is among those who saw it (else ``null``),
    and ``side``'s own sightings as ``["seen", place, cards]``."""
    out = []
    for e in history:
        if e[0] == SEEN:
            if e[1] == side:
                out.append([SEEN, e[2], list(e[3])])
        elif len(e) == 3 or side in e[3]:
            out.append([e[0], e[1], json.loads(e[2])])
        else:
            out.append([e[0], e[1], None])
    return out


def entry(player: str, question: str, action: Any, seers: Any = None) -> tuple:
    """A step's history entry (the module docstring): the action as its canonical JSON text."""
    text = action_key(action)
    return (player, question, text) if seers is None else (player, question, text, tuple(seers))


def history_json(history: Iterable[tuple]) -> list[list]:
    """The whole history as plain JSON (what ``to_json(history=True)`` writes): each entry a list,
    each action its JSON value."""
    out = []
    for e in history:
        if e[0] == SEEN:
            out.append([SEEN, e[1], e[2], list(e[3])])
        else:
            out.append([e[0], e[1], json.loads(e[2])] + ([list(e[3])] if len(e) == 4 else []))
    return out


def seen_places(history: Iterable[tuple], side: str) -> dict[str, list]:
    """Every card ``side`` was shown in each place it cannot otherwise see, by place, in the order
    of the history (a card shown twice listed once)."""
    out: dict[str, list] = {}
    for e in history:
        if e[0] == SEEN and e[1] == side:
            cards = out.setdefault(e[2], [])
            cards.extend(c for c in e[3] if c not in cards)
    return out


def information_state(st: Any, side: str) -> dict:
    """The perfect-recall information state of ``side`` in ``st`` (the module docstring): plain
    JSON. The game's ``information.py`` may add keys of its own (:func:`game_part`)."""
    d = st.d
    return {
        "game": st.game,
        "side": side,
        "scenario": d.get("scenario"),
        "options": st.options(),
        "rulings": st.rulings_dict(),
        "history": masked_history(st.history, side),
        "observation": st.observation(side),
    }


def redeal(rng: Any, pool: list, sizes: list[int]) -> list[list]:
    """Share ``pool`` out among places of ``sizes`` (their sum is ``len(pool)``), every way equally
    likely: a uniform shuffle of the pool (``rng.shuffle``, Fisher-Yates), cut in order. Each
    place's cards keep the shuffle's order (a solo Labyrinth Jihadist's face-down stack is an
    ordered place). ``rng`` is the caller's ``random.Random``."""
    if sum(sizes) != len(pool):
        raise ValueError(f"redeal: {len(pool)} cards for places of {sum(sizes)}")
    cards = list(pool)
    rng.shuffle(cards)
    out, i = [], 0
    for n in sizes:
        out.append(cards[i:i + n])
        i += n
    return out


def record_sightings(history: list, before: Any, after: Any) -> None:
    """Append to ``history`` what a step showed: each ``(side, place, cards)`` of the game's
    ``sightings`` after the step that was not there before it, in a fixed order."""
    if after and after != before:
        for side, place, cards in sorted(set(after) - set(before or ())):
            history.append((SEEN, side, place, tuple(cards)))


_CARD_OF: dict = {}  # an action's JSON text -> the card it names, or None (actions recur)


def _card_of(text: str) -> int | None:
    """The card an action names (its ``card``, an integer), from its JSON text."""
    try:
        return _CARD_OF[text]
    except KeyError:
        a = json.loads(text)
        c = a.get("card") if type(a) is dict else None
        c = c if type(c) is int else None
        if len(_CARD_OF) < 100_000:
            _CARD_OF[text] = c
        return c


def _cards_named(e: tuple) -> tuple:
    """The cards a history entry names: an action's ``card`` (an integer), a sighting's cards."""
    if e[0] == SEEN:
        return e[3]
    c = _card_of(e[2])
    return () if c is None else (c,)


def unknown_to(history: Iterable[tuple], side: str) -> dict[int, int]:
    """The cards whose last mention in ``history`` is a private step ``side`` did not see (a card
    dealt to another side face down, a headline chosen in secret), each with the index of that
    entry. A card a later public step names (played, discarded, taken at random in the open,
    given) or an event showed ``side`` (a sighting) is known to ``side`` from then on, until
    another private step moves it unseen."""
    out: dict[int, int] = {}
    for i, e in enumerate(history):
        cards = _cards_named(e)
        if not cards:
            continue
        hidden = e[0] != SEEN and len(e) == 4 and side not in e[3]
        seen_now = e[0] == SEEN and e[1] != side  # another side's sighting tells ``side`` nothing
        for c in cards:
            if hidden:
                out[c] = i
            elif not seen_now:
                out.pop(c, None)
    return out


def redeal_places(rng: Any, places: list[tuple[list, Any]], class_of: Any = None) -> dict:
    """Deal again, in place, the cards of ``places`` a side cannot see: each place is ``(cards,
    hidden)``, ``hidden`` True (every card of it: the draw pile) or a set of the cards of it the
    side cannot place (another hand: its cards an event showed or a public step put there stay).
    The hidden cards of all places form one pool, dealt back into the same positions uniformly at
    random (:func:`redeal`), within each class of ``class_of(card)`` when given (Labyrinth's
    mini-decks, 9.2: a card only ever changes places with a card of its own mini-deck). Returns
    ``{old card: new card}`` for every position dealt."""
    slots: dict[Any, list] = {}
    for cards, hidden in places:
        for i, c in enumerate(cards):
            if hidden is True or c in hidden:
                slots.setdefault(class_of(c) if class_of else None, []).append((cards, i))
    mapping: dict = {}
    for key in sorted(slots, key=repr):
        where = slots[key]
        pool = [cards[i] for cards, i in where]
        (new,) = redeal(rng, pool, [len(pool)])
        for (cards, i), old, c in zip(where, pool, new):
            cards[i] = c
            mapping[old] = c
    return mapping


def rename_private(history: list, side: str, mapping: dict, moved: Iterable[int]) -> None:
    """After a re-deal for ``side``: the private step that last put each card of ``moved`` (a card
    that was in a hidden place other than the draw pile) where it was, unseen by ``side``, now
    names the card dealt into its position (``mapping``), so that the other side's own record of
    what it drew agrees with its new hand."""
    last = unknown_to(history, side)
    for old in moved:
        i = last.get(old)
        new = mapping.get(old, old)
        if i is None or new == old:
            continue
        e = history[i]
        history[i] = (e[0], e[1], action_key({**json.loads(e[2]), "card": new}), e[3])


def named_cards(history: Iterable[tuple]) -> set:
    """Every card a step of ``history`` names or a sighting shows (a card in a hidden place that
    is never named was dealt there before the history began, face down: a state read from a
    position)."""
    out = set()
    for e in history:
        out.update(_cards_named(e))
    return out


def hidden_from(history: list, side: str, cards: Iterable[int]) -> set:
    """The cards among ``cards`` (another side's hand) that ``side`` cannot place: last moved by a
    step it did not see (:func:`unknown_to`), or never named at all (:func:`named_cards`)."""
    unseen = unknown_to(history, side)
    named = named_cards(history)
    return {c for c in cards if c in unseen or c not in named}


#: Deals drawn at most, all ruled out by the question under way, before the sampler gives up
#: with a :class:`RedealError` (read at each call). Over random states of random games (both
#: sides, every fifth decision node: benchmarks, docs/openspiel.md) one call in a few hundred
#: draws a deal ruled out at all, and then a few: never near this many.
TRIES = 10_000


class RedealError(DataError):
    """The re-deal sampler drew :data:`TRIES` deals and the question under way ruled every one
    out (or cannot be posed again at all): it has no state to give, and never gives the state
    it was given in place of one (that would show the caller the true hidden cards)."""


def sample(st: Any, deal: Any, rng: Any, side: str | None = None, tries: int | None = None) -> Any:
    """Re-deal a copy of ``st`` with ``deal(new, rng)`` (which changes only what a side cannot
    see) and pose the pending question again for the new deal (model/core/engine.py ``repose``).

    A question under way may rule a deal out: posed again for the new hands it fails or offers
    nothing (Labyrinth's Amerithrax, card 59, asks the US for its highest US-associated card,
    which a new US hand may lack; UN Intervention's companion, Twilight Struggle card 32, needs a
    card of the opponent's event in the hand; a frame expects a card the deal moved), or, when the
    question is ``side``'s own (the side the deal is for, when given), it offers other choices
    than the true one (``side`` sees its own choices: a deal that changes them is not consistent
    with what it sees). Such a deal is drawn again, from scratch: rejection sampling, which draws
    exactly from the uniform deal conditioned on the question standing as it stands (each draw is
    independent, so the accepted one has exactly that distribution however many were ruled out).
    The true deal is never ruled out, so the condition has positive probability.

    After ``tries`` (default :data:`TRIES`) deals all ruled out, or when the question under way
    cannot be posed again even for the true deal (then no deal can be checked), a one-line
    :class:`RedealError`: the sampler never returns ``st``'s own hidden cards in place of a draw.
    Without a question under way (or at the end) the first deal is the answer: no rejection."""
    tries = TRIES if tries is None else tries
    d0 = st.d
    own = d0["pending"]["actions"] if side is not None and d0["pending"] is not None \
        and d0["pending"]["player"] == side else None
    checked = False
    for _ in range(tries):
        new = st.clone()
        deal(new, rng)
        d = new.d
        if d["pending"] is None or d["terminal"] is not None:
            return new
        try:
            posed = new.ENGINE.repose(new)
        except DataError:
            posed = None
        if posed is not None and posed["actions"] and (own is None or posed["actions"] == own):
            d["pending"] = posed
            return new
        if not checked:  # the first deal ruled out: can the true deal's question be posed again?
            checked = True
            _check_reposes(st, own)
    p = d0["pending"]
    raise RedealError(f"sample_redeal: {tries} deals drawn, each ruled out by the question under way "
                      f"({p.get('question') or p.get('prompt')!r}, {p['player']}): no consistent deal drawn")


def _check_reposes(st: Any, own: list | None) -> None:
    """A one-line :class:`RedealError` when ``st``'s own question, posed again for the true deal,
    fails, offers nothing or (``own``: the side's own choices) offers other choices: then no deal
    can be told consistent (every one would be ruled out, the true one too)."""
    try:
        posed = st.ENGINE.repose(st)
    except DataError as e:
        raise RedealError(f"sample_redeal: the question under way cannot be posed again: {e}") from None
    if not posed["actions"] or (own is not None and posed["actions"] != own):
        raise RedealError("sample_redeal: the question under way, posed again for the true deal, "
                          "does not offer what it offers")


def offered_from(st: Any, other: dict) -> tuple:
    """What the question posed now shows its player of another side's hand: ``(player, "hand:"
    + owner, cards)`` for the cards of ``owner``'s hand among the options offered (an event that
    lets a side choose among the other's cards shows them: Twilight Struggle's Aldrich Ames,
    card 98). ``other`` maps each side to the side whose hand it could be offered."""
    p = st.d["pending"]
    if p is None or p["player"] not in other:
        return ()
    acts = p["actions"]
    if not acts or not ((type(acts[0]) is dict and "card" in acts[0])
                        or (type(acts[-1]) is dict and "card" in acts[-1])):
        return ()  # not a question among cards (the common case: asked after every step)
    owner = other[p["player"]]
    hand = st.d["hands"][owner]
    if not hand:
        return ()
    cards = tuple(sorted(a["card"] for a in acts
                         if type(a) is dict and type(a.get("card")) is int and a["card"] in hand))
    return ((p["player"], "hand:" + owner, cards),) if cards else ()


def read_history(history: Any, sides: tuple) -> list[tuple]:
    """A history read from JSON (:func:`history_json`'s form) as the state keeps it; a one-line
    DataError naming the first entry that is not of the shapes above (the module docstring)."""
    if type(history) is not list:
        raise DataError(f"state.{HISTORY}: not a list of steps")
    players = set(sides) | {"chance"}
    out = []
    for i, e in enumerate(history):
        where = f"state.{HISTORY}[{i}]"
        if type(e) is not list or not e:
            raise DataError(f"{where}: not a step (a list)")
        if e[0] == SEEN:
            if len(e) != 4 or e[1] not in sides or type(e[2]) is not str or type(e[3]) is not list \
                    or not all(type(c) is int for c in e[3]):
                raise DataError(f"{where}: a sighting is [\"seen\", side, place, cards]")
            out.append((SEEN, e[1], e[2], tuple(e[3])))
        elif e[0] not in players or len(e) not in (3, 4) or type(e[1]) is not str:
            raise DataError(f"{where}: a step is [player, question, action] or [player, question, action, sides]")
        elif len(e) == 4 and (type(e[3]) is not list or not set(map(str, e[3])) <= set(sides)):
            raise DataError(f"{where}: the sides who saw the step are not a list of sides")
        else:
            out.append(entry(e[0], e[1], e[2], e[3] if len(e) == 4 else None))
    return out
