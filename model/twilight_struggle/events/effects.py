"""Effects that outlast their event (7.3, and "for the rest of the turn"), and how they change the
rules of part 1 (5.5: a card's text overrides the rulebook).

**State.** ``d["effects"]`` lists the effects in force, sorted by card, each a plain dict::

    {"card": n, "side": "US", "until": "cancelled", ...the event's own state}

``card``: the card's number in the edition played (as in the card zones); ``side``: who played
the event (whose effect it is); ``until``: when it ends by itself -- ``"cancelled"`` (an
underlined event, 7.3: until another event cancels it; its card is ``in_effect``, beside the map),
``"turn"`` (at the end of the turn, 4.5: before the turn marker advances), ``"round"`` (at the end
of the next action round of the side the effect names in ``"of"``, not counting the round it
started in, ``"started": [turn, round, phasing side]``), or ``"used"`` (until the
rule that reads it uses it up). Anything else in the record is the event's own state (Quagmire's
side, Shuttle Diplomacy's region...). Positions, ``canonical()`` and the observation carry the
list as it is.

**Hooks.** An event changes another rule through a hook of a *kind* named in :data:`KINDS`; the
rule's code asks :func:`total`, :func:`any_` or :func:`run` over the effects in force. A hook is
registered with :func:`hook` by the Deluxe number of its card, next to its event::

    @hook("ops", 25)
    def containment_ops(st, effect, side, card, **_):  # card 25 Containment
        return 1 if side == "US" else 0

Every hook receives ``(st, effect, **context)``: ``effect`` the record above. The kinds and their
context are in :data:`KINDS`.
"""
from __future__ import annotations

from typing import Callable

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.twilight_struggle.cards import number_of

UNTIL = ("cancelled", "turn", "round", "used")

#: Every kind of hook, with the context it receives and what it returns. The rule that asks names
#: the kind; a new kind is added here with its caller.
KINDS = {
    # 7.4, 7.4.1, 7.4.2: the ops value of a card ``side`` plays (every purpose): an int to add.
    "ops": "side, card (edition number) -> int",
    # 6.3.1 and a card's bar: ``side`` may not coup ``country``: True bars it.
    "coup_barred": "side, country, free -> bool",
    # 6.2.1 and a card's bar: ``side`` may not make a realignment roll in ``country``.
    "realign_barred": "side, country -> bool",
    # 6.3.2: an int added to ``side``'s coup roll in ``country``.
    "coup_modifier": "side, country -> int",
    # 6.2.2: an int added to ``side``'s realignment die in ``country``.
    "realign_modifier": "side, country -> int",
    # 6.3.4, 8.1.4: False when ``side``'s coup in the battleground ``country`` does not degrade DEFCON.
    "coup_degrades_defcon": "side, country -> bool",
    # after ``side``'s coup in ``country`` is resolved (whatever its result): effects of the coup.
    "after_coup": "side, country, free -> None",
    # 6.1: ``side`` may not place influence with ops in ``country``: True bars it.
    "influence_barred": "side, country -> bool",
    # 10.1.1-10.1.2: battlegrounds ``side`` counts fewer when ``region`` is scored (``final``: the
    # final scoring, 10.3.2): an int (card 73 Shuttle Diplomacy).
    "scoring_battlegrounds": "side, region, final -> int",
    # after ``region`` is scored (``final``: at the final scoring): effects of the scoring.
    "after_scoring": "region, final -> None",
    # 4.5 C, 6.0, 7.1: ``side`` plays card ``card`` (its use: event, influence, realign, coup, space,
    # or headline): what a play sets off (card 59). Run by cardplay.py, headline.py and card 67.
    "card_played": "side, card (edition number), use -> None",
    # 7.1, 5.2: the event of ``card`` happens, carried out by ``side`` (``trigger`` as the event
    # frame's), whoever played it (card 60). Run by events/play.py.
    "event_played": "side, card (edition number), trigger -> None",
    # 4.5 E, 6.4.4: ``side`` may play 8 action rounds this turn (card 86 North Sea Oil): True.
    "eight_rounds": "side -> bool",
    # 8.1.3, 8.1.7 and card 41 (the seed's words): True when a DEFCON move ``side`` is responsible
    # for does not happen (tracks.py: degrade_defcon, improve_defcon).
    "defcon_move_barred": "side -> bool",
    # 4.5 E: at the start of ``side``'s action round, before its card offer: the name of a procedure
    # the effect runs there (card 40: the chance to cancel it), or None.
    "round_start": "side -> str | None",
    # 4.5 E, 5.1: the options that replace ``side``'s card offer (cards 42, 44: discard or score),
    # or None; ``left``: the side's action rounds left, this one included.
    "round_offer": "side, left -> list | None",
    # 7.4 and a card's cap (card 25 Containment "max 4"): True caps the ops value of a card ``side``
    # plays at cardplay.OPS_CAP.
    "ops_capped": "side, card (edition number) -> bool",
    # 10.1.1-10.1.2: True makes ``country`` a battleground when ``region`` is scored (``final``: the
    # final scoring, 10.3.2) (card 35 Formosan Resolution).
    "scoring_battleground": "country, region, final -> bool",
    # 9.2: ``side`` has just played the China Card (card 35 ends).
    "china_card_played": "side -> None",
    # 5.5, a card's demand (card 49): ``side`` may not use ``card`` (edition number) so now; ``use``:
    # "event", "influence", "realign", "coup", "space" (an action round, cardplay.uses) or
    # "headline" (4.5 C, headline.headline_options). True bars it.
    "card_barred": "side, card, use -> bool",
    # at the end of ``side``'s action round (cardplay: played, or skipped/passed with card and use
    # None), before the effects lasting to the end of that round end (card 50).
    "round_ended": "side, card, use -> None",
    # 7.4, 9.6's kind (card 9): ``side`` playing ``card`` (edition number) for operations gets
    # ``[area, n]``: +n ops while every op goes to ``area`` (None: no bonus). cardplay.area_bonuses.
    "area_ops": "side, card (edition number) -> [area, int] | None",
    # 4.5 E: ``side``'s action round begins (before its card offer): what the effect notes then
    # (card 106 NORAD: DEFCON as the round begins). Run by cardplay.py.
    "round_begun": "side -> None",
}

HOOKS: dict[str, list[tuple[int, Callable]]] = {k: [] for k in KINDS}


def hook(kind: str, deluxe: int) -> Callable:
    """Register ``fn(st, effect, **context)`` as card ``deluxe``'s hook of ``kind``."""
    if kind not in KINDS:
        raise ValueError(f"hook kind {kind!r} unknown (effects.KINDS)")

    def register(fn: Callable) -> Callable:
        HOOKS[kind].append((deluxe, fn))
        HOOKS[kind].sort(key=lambda h: h[0])
        return implements(f"card {deluxe}")(fn)

    return register


def _in_force(st, kind: str) -> list:
    """(effect, fn) for every effect in force with a hook of ``kind``, in the order of
    ``d["effects"]`` (by card). Kept per state until the list of effects is replaced (start_effect
    and end_effect replace it, never change it in place) or a kind's hooks are (a test's
    stand-in)."""
    effects = st.d["effects"]
    if not effects:
        return []
    hooks = HOOKS[kind]
    cache = st.__dict__.get("_hooks_in_force")
    if cache is None or cache[0] is not effects or cache[1] != len(effects):
        cache = st.__dict__["_hooks_in_force"] = (effects, len(effects), {})
    entry = cache[2].get(kind)
    if entry is not None and entry[0] is hooks:
        return entry[1]
    index: dict[int, list] = {}
    for c, fn in hooks:
        index.setdefault(c, []).append(fn)
    cards = st.cards
    out = []
    for e in effects:
        fns = index.get(cards[e["card"]].deluxe)
        if fns:
            out.extend((e, fn) for fn in fns)
    cache[2][kind] = (hooks, out)
    return out


def active(st, kind: str) -> bool:
    """Some effect in force has a hook of ``kind`` (a rule may skip asking it, country by country)."""
    return bool(_in_force(st, kind))


def total(st, kind: str, **context) -> int:
    """The sum of every hook of ``kind`` in force (0 without one)."""
    return sum(fn(st, e, **context) for e, fn in _in_force(st, kind))


def any_(st, kind: str, **context) -> bool:
    """Some hook of ``kind`` in force returns True."""
    return any(fn(st, e, **context) for e, fn in _in_force(st, kind))


def all_(st, kind: str, **context) -> bool:
    """Every hook of ``kind`` in force returns True (True without one)."""
    return all(fn(st, e, **context) for e, fn in _in_force(st, kind))


def first(st, kind: str, **context):
    """The value of the first hook of ``kind`` in force (card order) that returns one (not None)."""
    for e, fn in _in_force(st, kind):
        value = fn(st, e, **context)
        if value is not None:
            return value
    return None
def values(st, kind: str, **context) -> list:
    """What every hook of ``kind`` in force returns, in card order (None left out)."""
    return [v for v in (fn(st, e, **context) for e, fn in _in_force(st, kind)) if v is not None]


def run(st, kind: str, **context) -> None:
    """Run every hook of ``kind`` in force, in card order."""
    for e, fn in list(_in_force(st, kind)):
        fn(st, e, **context)


# -- the records -------------------------------------------------------------------------------------
def effect(st, deluxe: int) -> dict | None:
    """The record of card ``deluxe``'s effect if it is in force, else None."""
    n = number_of(st.cards, deluxe)
    return next((e for e in st.d["effects"] if e["card"] == n), None) if n is not None else None


def in_force(st, deluxe: int) -> bool:
    """Card ``deluxe``'s effect is in force (its event happened and nothing has ended it)."""
    return effect(st, deluxe) is not None


@implements("7.3")
def start_effect(st, deluxe: int, side: str, until: str, **own) -> dict:
    """Put card ``deluxe``'s effect in force for ``side`` until ``until`` (a second play of the
    same card replaces the record); returns the record, which the event may change later."""
    if until not in UNTIL:
        raise ValueError(f"until {until!r} unknown ({', '.join(UNTIL)})")
    n = number_of(st.cards, deluxe)
    effects = [e for e in st.d["effects"] if e["card"] != n]
    record = {"card": n, "side": side, "until": until, **own}
    if until == "round":
        if own.get("of") not in ("US", "USSR"):
            raise ValueError("an effect until the end of a round names whose round ('of')")
        record["started"] = [st.d["turn"], st.d["round"], st.d["phasing"]]
    effects.append(record)
    effects.sort(key=lambda e: e["card"])
    st.d["effects"] = effects
    return record


@implements("7.3")
def end_effect(st, deluxe: int) -> None:
    """End card ``deluxe``'s effect. An underlined card beside the map (7.3) goes to the discards,
    or out of the game if it has an asterisk (2.2.4)."""
    d = st.d
    n = number_of(st.cards, deluxe)
    d["effects"] = [e for e in d["effects"] if e["card"] != n]
    if n in d["in_effect"]:
        d["in_effect"].remove(n)
        zone = "removed" if st.cards[n].removed else "discard"
        d[zone].append(n)
        d[zone].sort()


@implements("4.5")
def end_of_turn(st) -> None:
    """The effects "for the rest of the turn" end (4.5, before the turn marker advances)."""
    d = st.d
    d["effects"] = [e for e in d["effects"] if e["until"] != "turn"]


def end_of_round(st, side: str) -> None:
    """At the end of ``side``'s action round: the effects lasting until the end of ``side``'s next
    action round (``"of": side``) end, unless they started in this very round."""
    d = st.d
    now = [d["turn"], d["round"], side]
    d["effects"] = [e for e in d["effects"]
                    if not (e["until"] == "round" and e["of"] == side and e["started"] != now)]
