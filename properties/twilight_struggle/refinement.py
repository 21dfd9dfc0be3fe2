"""Twilight Struggle's refinement check (properties/refinement.py): every model step against the
proved transitions of ``z3_proofs.py``.

**The abstraction function** is ``z3_invariants.concrete_values``, the one the invariants'
concrete check (``check_state``) and z3_proofs' ``track_values`` read: the vector of
:class:`~.z3_invariants.SymState` (DEFCON, VP, turn, the end flags, Military Operations, the Space
Race and its attempts, influence per country and side, the China Card, the zone of every card of
the edition, the stray entries). The edition's cards come from the Game (``game_object.cards``:
the seed's 103, the Deluxe's 103 or 110).

**The moves** are the transitions of ``z3_proofs.TRANSITIONS``: ``t(pre, c) -> post``; a move's
guards are ``c.constraints``, its values the post components. A transition choosing *a card* or
*a country* (a ``c.int("card" | "country", ...)`` choice: the proofs keep it one symbolic index
over all of them) is a **family of moves**, one per card or country, the index fixed (move
``play_card[44]``, ``coup[Iraq]``): its footprint is the transition's footprint outside the indexed
components plus that card's zone or that country's two influence cells, its terms simplified with
the index a numeral. So a move's slice reads a handful of components and its verdicts are cached
across steps. The members are built lazily (the checker builds a move's effect on first use).

**Rules.** A transition's ``rule`` text is split into rules (``"cards 4 20 58-61"`` gives
``card 4``, ``card 20``, ``card 58`` ... ``card 61``). :func:`relates` is the generic one
(properties/refinement.py ``related``: equal or a sub-rule either way, a card only itself), with two
additions: ``card_leaves_table`` relates to every step (a card's play ends after whatever the
step's last act was, and the model cites that act's rule, not 5.2), and ``event_influence`` and
``event_card_move`` (written for every event: any card's event may move influence in a country or
a card between zones) relate to any step citing a card's event (not The China Card's: it has none, 9.1).

**The moves narrowed** (:func:`coup_context`, :func:`narrow`: ``Refinement.context`` and
``narrow``, read by the StepObserver from the state before each step, its action and the rules it
cites). Each is exact (the argument in :func:`narrow`): a move left out cannot be part of the step.

* *The coups*: of the members of ``coup``, ``coup_target`` and ``coup_roll`` (84 each, one per
  country, each able to take the Military Operations, DEFCON or the game's end), a step may use
  only ``coup_target`` of the country its action names when it answers a coup's target question,
  only ``coup_roll`` of the coup frame's target when it rolls that coup's die, none otherwise: a
  coup is made only in the country chosen (6.3.1, 6.3.2), the choice is a question and the die a
  chance node, each its own ``apply``, and an ``apply`` stops at the next question.
* *The Space Race*: ``space_declare`` only in the step answering a card's use with the Space Race,
  ``space_roll`` only in the step rolling its die (the ``space`` frame on top, 6.4.1),
  ``space_attempt`` never (the two are separate applies).
* *The acts the model always cites* (:data:`CITED_ACT`): a region's scoring by its card (10.1),
  Southeast Asia's (7.2), the Military Operations check (8.2.1), and the acts of one card's event
  or effect (cards 18, 40, 50, 80, 100) only in a step citing that rule or card: the model cites
  the rule of every act it performs (``applied_rules``), every event its card (events/play.py
  ``_cite``: the Deluxe number) and every effect in force that acts its card.
* *Any card's event* (:data:`ANY_EVENT`: event_vp, event_influence, event_card_move) only in a step
  citing a card's event other than the scoring cards' (their event is the scoring alone: 2.2.1,
  10.1, 7.2) and The China Card's (none, 9.1), or a war (7.6).

A move left out this way can only turn an explanation into a finding (never the reverse): the
narrowing is what keeps the search from spending its budget on moves the step cannot use (the
VP's dozen moves, each with its 20 waypoints at every state of the search).

**max_moves** is 10: one ``apply`` of the end of the turn (4.5 F-I) is a Military Operations check,
a DEFCON improvement, the China Card turned face up and the turn advanced with its era's cards, after
the last card of the round left the table (its event's moves too): up to 8 transitions at once.

**Waypoints** (:func:`waypoints`): within one ``apply`` a card may go from a hand to the discards
(played and finished: play_card then card_leaves_table), from a hand through its headline and the
table (the second headline chosen and both resolved), so its zone may pass through the table and
its side's headline; the VP may pass through the value before the Military Operations check (its
net is at most 5 either way), the round's last card having scored or given VP in the same step, or
through the value after it, the final scoring following turn 10's check in the same step (4.5 F,
10.3.2).

**Turn 10's end** is one ``apply``: the last round's card leaves the table, the Military
Operations check and the final scoring (4.5 F, 10.3.2). The check and the scoring are one proved
transition, ``turn_10_end`` (their composition: the VP between them, with the game not yet over,
is in no state the model shows); The China Card's ``card 6`` (its final VP) relates no event move.

**Speed.** The checker's cost is a z3 call per new slice (cached by the values it reads) and the
building of each family member's effect on first use (a substitution of the index into the
transition built once per vector): the first games of a process pay for the members they meet. A
step whose shape (its rules and changed components, cards and countries as ranks) was explained
before is first re-checked against that explanation's moves (properties/refinement.py
``Checker._recall``), exactly; the full search follows when they do not explain it.

**Measured** (issue 31; 2 cores at a load of about 12, so the times are inflated):

* 8 games, 4 then 4 (standard and late_war, seed and deluxe editions, campaign seeds 0 and 100),
  ``play_checked(..., refine=True)`` with ``Checker.check`` timed (a throwaway script, not
  benchmarks/refinement.py, which plays the default edition only), before this session's changes:
  2,885 steps; 3 findings, all at turn 10's end in late_war (the
  Military Operations check then the final scoring in one ``apply``: no sequence could leave the
  VP and the game's end to the scoring), now explained (``turn_10_end``; the step of late_war
  deluxe, campaign seed 0 game 1, step 301: ``card_leaves_table[88]``, ``turn_10_end``).
  Without the findings' exhaustive searches the check took 118 s for 1,760 steps (67 ms a step):
  31 ms for a one-move step, 280 ms for a two-move step, 0.9 s for longer sequences; the checked
  walk itself about 28 ms a step. The 2x target is not reached.
* Turn 10's end was *search bounded* under the sequence search's budget (properties/refinement.py
  ``SEARCH_BUDGET``, 20,000 parts): some 380 moves touch the VP and the game's end (every member of
  card_leaves_table and of the coups), and each member of card_leaves_table was tried, with every
  waypoint of the VP, at every state of the search. The search now skips a move whose guards
  without a choice fail on the state it is at (``Checker.enabled``: a card not on the table), which
  is exact (the move would refuse every part) and leaves one member of card_leaves_table: the step
  is decided, ``card_leaves_table[88]`` then ``turn_10_end``, in 45 parts tried (late_war deluxe,
  campaign seed 0 game 1, step 301)
  (tests/twilight_struggle/test_refinement.py ``test_the_full_search_decides_turn_10s_end``).
* Whole games with the check (this session, ``play_checked(..., refine=True, invariants=False)``,
  campaign seed 1, games 0-19 of late_war in both editions, 0-9 of standard in both; a loaded
  machine; a throwaway script, not a test): 60 games, 12,609 steps, 10 with a finding, all at
  turn 10's end or the game's end, where the round's last act and the end of the turn are one ``apply``: one not bounded (a
  coup with the China Card taking DEFCON, then turn_10_end: the search let a move take all of its
  part or leave all that related moves could take, and other coups could take DEFCON; now a move
  may leave one of them alone, properties/refinement.py ``_leave_one``, and the step is explained,
  tests ``test_a_coup_then_turn_10s_end_in_one_step_is_explained``), and 9 *search bounded*
  (7 late_war, 1 standard; found before ``_leave_one``) (a coup or an operation's influence, the card leaving the table, turn_10_end or
  the Military Operations check: explained by those moves alone, e.g. late_war deluxe game 2 step
  348 by ``coup_roll[SE African States]``, ``card_leaves_table[69]``, ``turn_10_end``, but the full
  search spends its 20,000 parts on the 84 members of ``coup`` and ``coup_target``, whose guards
  read a choice, that could each take the Military Operations or the game's end).
  With the coups narrowed (above; issue 31, each of the 9 steps re-checked alone through a
  StepObserver, the walk before it unchecked; a throwaway script): 3 decided, as they are now
  without the narrowing too (the search's changes since those games, ``_leave_one``), in fewer
  parts -- late_war deluxe game 6 step 333 in 135 parts (1,332 without), late_war seed game 8 step
  329 in 144 (1,068), late_war seed game 13 step 303 in 199 (1,635: ``coup_roll[Ethiopia]``,
  ``region_scoring``, ``milops_check``, ``card_leaves_table[24]``, ``china_face_up``,
  ``final_scoring``); 6 still *search bounded* (late_war deluxe games 2 step
  348, 8 step 322, 10 step 119, 12 step 296; late_war seed game 10 step 315; standard seed game 2
  step 306), the budget now spent on the dozen moves that take the VP with its 20 waypoints
  (``turn_10_end``, ``milops_check``, ``final_scoring``, ``region_scoring``, ``southeast_asia_scoring``,
  ``space_attempt``, ``space_roll``, ``event_vp``, ``event_space_box``, ``event_space_two``,
  ``effect_vp_checked``, ``wargames``: some 1,300-1,900 parts each at step 348), not related to the
  step and each tried at every state of the search. Game 10 step 119 is not at the game's end (a
  card's event, the VP 9 -> 8). The same exact narrowing for the Space Race and the events, and the
  search's option of a move taking only what it must change, decide all six (the next bullet).
* The remaining findings narrowed (issue 31, this session; each step re-checked alone through a
  StepObserver, the walk before it unchecked: /tmp scripts, not tests): the committed report's
  finding (standard seed 100005 step 306: card 1's scoring, the card leaving the table and the
  Military Operations check giving the USSR its 20th VP in one ``apply``) and the 6 steps above
  all decided, none bounded: standard seed game 2 step 306 (the same step) in 18 parts
  (``card_leaves_table[1]``, ``milops_check``); late_war deluxe game 2 step 348 in 108
  (``coup_roll[SE African States]``, ``card_leaves_table[69]``, ``turn_10_end``), game 8 step 322
  in 491, game 10 step 119 in 13,475 (a headline step: ``headline_choice[47]``,
  ``headline_reveal[99]``, ``event_vp``; the card 99's event allows event_vp, and the zone
  waypoints put a card on the table for it at every state), game 12 step 296 in 185; late_war seed
  game 10 step 315 in 291 (with ``event_card_move[73]``: Shuttle Diplomacy leaves the box at the
  final scoring, citing card 73). Two causes: the VP moves of acts the step does not cite (the
  narrowing above), and a card leaving the table could not take its zone alone, leaving the VP
  and the game's end to the turn's end, where other related moves (deal, play_card, the
  headlines: 4.5) could take its zone too (properties/refinement.py: a move may now take only what
  it must change, ``Checker._forced``).
* Whole games again (the same 60: ``play_checked(..., refine=True, invariants=False,
  roundtrip_every=0)``, campaign seed 1, late_war games 0-19 and standard 0-9 in both editions; a
  /tmp script, the machine loaded by a verify campaign alongside): 12,689 steps, **0 findings**,
  12.5 minutes of wall time for all 60; the longest search that matched tried 13,475 parts
  (late_war deluxe game 10 step 119, the headline step above), every other at most 491. Before
  ``coup_roll_improved`` one was *search bounded* (standard seed game 1 step 271: the last round's
  coup die in Egypt, DEFCON 5 -> 4, and the next turn's improvement back to 5 in one ``apply``,
  matched before the events' narrowing by ``realign_roll[Egypt]`` and ``event_influence[Egypt]`` in
  a step citing neither); it is explained by ``coup_roll_improved[Egypt]`` with the turn's end.
* ``python benchmarks/refinement.py --game twilight_struggle --games 6 --seed 1``: 5.02x the
  checked walk (4.14x without the moves' first builds; 1,691 steps, 0 findings).
"""
from __future__ import annotations

import functools
import re

import z3

from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD, deck
from cdg_oracle.model.twilight_struggle.tracks import MILOPS_MAX
from cdg_oracle.properties.refinement import Abstraction, Move, Refinement, RefinementModel, related
from cdg_oracle.properties.twilight_struggle import z3_invariants as ZI
from cdg_oracle.properties.twilight_struggle import z3_proofs as P

#: the index choices that make a transition a family of moves, one per value
FAMILY_CHOICES = ("card", "country")


def rules_of(text: str) -> tuple[str, ...]:
    """A transition's rule text as rules: ``"8.1.3, cards 4 11 58-61, card 40"`` gives ``8.1.3``,
    ``card 4``, ``card 11``, ``card 58`` ... ``card 61``, ``card 40``."""
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        words = part.split()
        if words and words[0] in ("card", "cards"):
            for w in words[1:]:
                m = re.fullmatch(r"(\d+)(?:-(\d+))?", w)
                if m is None:
                    raise ValueError(f"refinement: bad card list {part!r}")
                lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
                out += [f"card {n}" for n in range(lo, hi + 1)]
        elif part:
            out.append(part)
    return tuple(dict.fromkeys(out))


def _state(pre: dict, cards: tuple) -> ZI.SymState:
    """A :class:`SymState` over the component terms ``pre`` (component name -> term)."""
    S = ZI.SIDES
    names = P._map()[1]
    return ZI.SymState(
        defcon=pre["defcon"], vp=pre["vp"], turn=pre["turn"], over=pre["over"], final=pre["final"],
        milops={s: pre[f"milops[{s}]"] for s in S}, space={s: pre[f"space[{s}]"] for s in S},
        attempts={s: pre[f"attempts[{s}]"] for s in S},
        inf={c: {s: pre[f"inf[{c}][{s}]"] for s in S} for c in names},
        china_holder=pre["china_holder"], china_face_up=pre["china_face_up"],
        zone={n: pre[f"zone[{n}]"] for n, _ in cards}, stray=pre["stray"], cards=cards)


def _index_components(choice: str, label, cards: tuple) -> list[str]:
    """The components the value ``label`` of an index choice names."""
    if choice == "card":
        return [f"zone[{label}]"]
    return [f"inf[{label}][{s}]" for s in ZI.SIDES]


def _all_index_components(choice: str, cards: tuple) -> set[str]:
    if choice == "card":
        return {f"zone[{n}]" for n, _ in cards}
    return {f"inf[{c}][{s}]" for c in P._map()[1] for s in ZI.SIDES}


def _moves(t: P.Transition, cards: tuple) -> list[Move]:
    """The moves of transition ``t``: one, or one per card or country (its family). A family's
    transition is built once per vector with its index symbolic (:func:`_generic`); a member
    substitutes the index's numeral and renames the choices to its tag, then simplifies."""
    probe = ZI.SymState.fresh("probe:", cards)
    c = P.Choices("probe")
    post = t.fn(probe, c)
    pc, qc = probe.components(), post.components()
    footprint = frozenset(n for n in pc if not qc[n].eq(pc[n]))
    rules = rules_of(t.rule)
    family = [k for k in FAMILY_CHOICES if k in c.consts and k in c.labels]
    generic: dict = {}

    def built(pre: dict):
        """``t`` over the vector ``pre`` with its choices free (named ``@<name>``), once per vector."""
        key = id(pre)
        hit = generic.get(key)
        if hit is None or hit[0] is not pre:
            ch = P.Choices("@")
            out = t.fn(_state(pre, cards), ch).components()
            hit = generic[key] = (pre, ch, out)
        return hit[1], hit[2]

    def make(name: str, fp: frozenset, fixed: tuple | None) -> Move:
        def effect(pre: dict, tag: str) -> tuple[list, dict]:
            ch, out = built(pre)
            pairs = [(v, z3.IntVal(fixed[1]) if fixed and k == fixed[0] else
                      (z3.Bool if z3.is_bool(v) else z3.Int)(f"{tag}{k}"))
                     for k, v in ch.consts.items()]
            sub = lambda e: z3.simplify(z3.substitute(e, *pairs) if pairs else e)  # noqa: E731
            return [sub(g) for g in ch.constraints], {n: sub(out[n]) for n in fp}
        return Move(name, rules, fp, effect, t.doc)

    if not family:
        return [make(t.name, footprint, None)]
    choice = family[0]
    outside = footprint - _all_index_components(choice, cards)
    return [make(f"{t.name}[{label}]", outside | frozenset(_index_components(choice, label, cards)), (choice, i))
            for i, label in enumerate(c.labels[choice])]


def _abstraction(cards: tuple) -> Abstraction:
    names = tuple(ZI.SymState.fresh("", cards).components())

    def values(st) -> dict:
        return ZI.concrete_values(st)

    def symbolic(prefix: str) -> dict:
        return ZI.SymState.fresh(prefix, cards).components()

    def constant(name: str, value):
        return z3.BoolVal(value) if isinstance(value, bool) else z3.IntVal(value)

    return Abstraction(names, values, symbolic, constant)


@functools.lru_cache(maxsize=8)
def _model(cards: tuple) -> RefinementModel:
    moves = [m for t in P.TRANSITIONS.values() for m in _moves(t, cards)]
    return RefinementModel(_abstraction(cards), tuple(moves))


def model(game_object) -> RefinementModel:
    """The abstraction and the moves of a Twilight Struggle Game (its edition's cards)."""
    return _model(tuple(sorted((n, c.era) for n, c in game_object.cards.items())))


#: the transitions written for every card's event (any card may move influence in a country or a
#: card between zones, and every card's play ends with it leaving the table): they relate to a step
#: citing any card's event (``card N``), besides their own rules
ANY_CARD = ("event_influence", "event_card_move")
#: every card's play ends with it leaving the table, after whatever the step's last act was (the model
#: cites that act's rule, not 5.2): card_leaves_table relates to every step
ALWAYS = ("card_leaves_table",)

_RELATES: dict = {}
#: The China Card (card 6) has no event (9.1): a step citing it (its 1 VP in the final scoring,
#: 10.3.2) cites no event's influence or card move
_CHINA = f"card {CHINA_CARD}"


def relates(cited: list[str], move: Move) -> bool:
    """A move relates to a step when one of its rules is related to a rule the step cites
    (properties/refinement.py ``related``), or, for a move of :data:`ANY_CARD`, when the step cites a
    card's event (not The China Card's: it has none, 9.1), and always for a move of :data:`ALWAYS`; cached by the step's rules and the move's transition (a family's members share its rules)."""
    base = move.name.split("[", 1)[0]
    key = (tuple(cited), base)
    hit = _RELATES.get(key)
    if hit is None:
        hit = base in ALWAYS or any(related(x, r) for x in cited for r in move.rules) or (
            base in ANY_CARD and any(x.startswith("card ") and x != _CHINA for x in cited))
        _RELATES[key] = hit
    return hit


_HANDS = {ZI.Z["hand_USSR"]: ZI.Z["headline_USSR"], ZI.Z["hand_US"]: ZI.Z["headline_US"]}


def waypoints(component: str, before, after) -> tuple:
    """The values a component may pass through within one step: a card's zone passes through the
    table (played from a hand or a headline and finished in one ``apply``: play_card or
    headline_reveal, then card_leaves_table), and from a hand through its side's headline (the
    second headline chosen, both revealed and resolved in one ``apply``, 4.5 C); the VP pass
    through the value before the Military Operations check's net (at most 5 either way, 8.2.1), when
    the round's last card scored or gave VP and the end of the turn followed in one ``apply``, and
    through the value after it, when the final scoring follows turn 10's check in the same ``apply``
    (4.5 F then 10.3.2)."""
    if component == "vp":
        nets = [d for d in range(-MILOPS_MAX, MILOPS_MAX + 1) if d]
        return tuple(dict.fromkeys([after - d for d in nets] + [before + d for d in nets]))
    if not component.startswith("zone["):
        return ()
    out = (_HANDS[before],) if before in _HANDS else ()
    return out + ((ZI.Z["table"],) if ZI.Z["table"] not in (before, after) else ())


#: the transitions of a coup, each a family over its target country (6.3); coup_roll_improved is
#: coup_roll then the turn's DEFCON improvement (8.1.6) in one step
COUPS = ("coup", "coup_target", "coup_roll", "coup_roll_improved")


def coup_context(state) -> tuple:
    """What the state before a step says of a coup or a Space Race attempt under way
    (operations/coup.py, operations/space_race.py: the top frame of the stack): ``("target",
    None)`` when the step answers a coup's target question (6.3.1), ``("die", country)`` when it
    rolls the die of a coup in ``country`` (6.3.2), ``("space", side)`` when it rolls the die of
    ``side``'s Space Race attempt (6.4.1), else ``("none", None)``."""
    stack = state.d.get("stack") or ()
    top = stack[-1] if stack else None
    if top is not None and state.d.get("pending"):
        if top.get("proc") == "coup":
            if top.get("pc") == "target":
                return ("target", None)
            if top.get("pc") == "die":
                return ("die", top.get("target"))
        if top.get("proc") == "space" and top.get("pc") == "die":
            return ("space", top.get("side"))
    return ("none", None)


#: the Space Race in the model's two steps (operations/space_race.py): space_declare answers a
#: card's use question with the Space Race, space_roll rolls the attempt's die; space_attempt, the
#: whole attempt, is never one step of the model (the die is a chance node of its own ``apply``)
SPACE = ("space_attempt", "space_declare", "space_roll")

#: the Deluxe numbers the model's events cite (``card N``, events/__init__.py) of the scoring
#: cards (2.2.1: their event is the region's scoring, 10.1, 7.2), computed from the card data
SCORING_CARDS = frozenset(f"card {c.deluxe}" for c in deck("deluxe", True).values() if c.scoring)

#: acts the model always cites by a rule of their own, the transition their proved move: the
#: move may be part only of a step citing one of those rules. A region scored by its card
#: (scoring_cards.py ``_region`` cites 10.1; the final scoring is final_scoring, citing 10.3.2),
#: Southeast Asia Scoring (``_southeast_asia`` cites 7.2), the Military Operations check (turn.py
#: cites 8.2.1 before its net VP), and the events of one card each: card 18's box (its event cites
#: card 18), card 80's two boxes (card 80), card 100's end (card 100), card 50's 3 VP at the end of
#: the US round (``bury_you_round`` cites card 50), card 40's coup ending the game (card 40)
CITED_ACT = {
    "region_scoring": ("10.1",),
    "southeast_asia_scoring": ("7.2",),
    "milops_check": ("8.2.1",),
    "event_space_box": ("card 18",),
    "event_space_two": ("card 80",),
    "wargames": ("card 100",),
    "effect_vp_checked": ("card 50",),
    "crisis_coup_war": ("card 40",),
}

#: the coarse moves of any card's event (not of one card's: event_vp's VP, influence and cards
#: moved): part only of a step citing a card's event other than The China Card's (it has none,
#: 9.1) and the scoring cards' (their event is the scoring alone, 10.1, 7.2: region_scoring,
#: southeast_asia_scoring), or a war (7.6: common.resolve_war cites it, its VP event_vp's)
ANY_EVENT = ("event_vp", "event_influence", "event_card_move")


def _cites_an_event(cited) -> bool:
    """Whether the rules ``cited`` name a card's event other than The China Card's and the scoring
    cards' (:data:`ANY_EVENT`), or a war (7.6)."""
    return any(r == "7.6" or (r.startswith("card ") and r != _CHINA and r not in SCORING_CARDS) for r in cited)


def narrow(context: tuple, action, move: Move, cited=()) -> bool:
    """Whether ``move`` may be part of the step ``action`` takes from a state of ``context``
    (:func:`coup_context`), citing the rules ``cited``. Exact, each by the rules and how the model
    makes its steps (an ``apply`` stops at the next question or chance node) and cites them
    (``applied_rules``: every act cites its rule, every event and effect in force its card):

    * the coups (:data:`COUPS`): only ``coup_target`` of the country the action names when the
      step answers a coup's target question, only ``coup_roll`` of the frame's target when it rolls
      a coup's die, none otherwise (``coup``, the whole attempt, is never one step of the model).
      A coup attempt is made only in the country chosen (6.3.1, 6.3.2); the model asks that choice
      as a question (``ask``: Twilight Struggle's engine answers none itself) and rolls the die as
      a chance node, each its own ``apply`` (the target step counts the Military Operations,
      coup_target; the die step the result and DEFCON, coup_roll), so one step chooses at most one
      coup's target or rolls at most one coup's die, the one under way at its start;
      ``coup_roll_improved`` (that die, then the turn's DEFCON improvement) as ``coup_roll``, in a
      step citing the improvement (8.1.6: turn.py cites it);
    * the Space Race (:data:`SPACE`): ``space_declare`` only in the step answering a card's use
      with the Space Race (6.4: the card's use, cardplay.py), ``space_roll`` only in the step
      rolling the attempt's die (6.4.1, a chance node: the frame on top asks it), ``space_attempt``
      never (the declaration and the die are two steps);
    * :data:`CITED_ACT`: a region's scoring, Southeast Asia's, the Military Operations check and the
      acts of one card's event or effect only in a step citing that rule or card;
    * :data:`ANY_EVENT`: only in a step citing a card's event other than The China Card's and the
      scoring cards', or a war (a scoring card's event is its scoring alone: 10.1, 7.2)."""
    base = move.name.split("[", 1)[0]
    if base in CITED_ACT:
        return any(r in cited for r in CITED_ACT[base])
    if base in ANY_EVENT:
        return _cites_an_event(cited)
    kind, target = context
    if base in SPACE:
        if base == "space_declare":
            return isinstance(action, dict) and action.get("use") == "space"
        return base == "space_roll" and kind == "space"
    if base not in COUPS:
        return True
    if kind == "die" and base == "coup_roll":
        return move.name == f"coup_roll[{target}]"
    if kind == "die" and base == "coup_roll_improved":
        return move.name == f"coup_roll_improved[{target}]" and "8.1.6" in cited
    if kind == "target" and base == "coup_target" and isinstance(action, dict):
        return move.name == f"coup_target[{action.get('country')}]"
    return False


REFINEMENT = Refinement("twilight_struggle", model, relates=relates, max_moves=10, waypoints=waypoints,
                        context=coup_context, narrow=narrow)
