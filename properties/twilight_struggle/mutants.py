"""Twilight Struggle's deliberate rule mutants: the yardstick of difftest's fault-detection rate on
this game.

Each mutant is one small, realistic rules bug -- a link dropped from the map, a stability off by
one, an influence cost read from the wrong count, a coup formula without its doubled stability, a
DEFCON restriction a level late, a headline tie broken the wrong way, a scoring level met too
easily, a card's VP or cap or prerequisite wrong, a lasting effect's hook applied to the wrong
side -- named, with the rule (or card) it breaks. It is switched on only inside a reference-adapter
process (``cdg-oracle adapter --mutant twilight_struggle:NAME``, oracle/reference_adapter.py), and
``python benchmarks/mutants.py --game twilight_struggle`` runs ``difftest`` against each and prints
how many were detected and how fast. The registry and the generic patch helpers are
properties/mutants.py's; the helpers that know this game are here.

**Sequences are compiled.** Most of this game's procedures are lists of steps compiled once at
import (model/core/steps.py): a step holds the function it was given, and a value computed when
the list was built (``call("deal", size=hand_size)``, ``count=DESTALINIZATION_MOVES``) is kept.
So :func:`replace_function` and :func:`set_constant` here compile every sequence again from its
builder after the patch (:func:`recompile`), so the steps see the mutated function or value.

Every mutant here has been measured to be detected by ``difftest`` (random strategy, seed 0) on
its scenario and options -- the standard scenario unless the bug needs another: the Late War
scenario for its own end and for Mid and Late War cards that random games of the standard scenario
seldom reach, the Deluxe edition for its set-up -- so none is an equivalent mutant;
``benchmarks/mutants.py --game twilight_struggle`` prints the figures. Bugs that random games almost
never reach were measured and left out (Thailand's 2 VP in Southeast Asia Scoring, Nasser's
rounding, SALT's coup modifier), as was one that cancels out (a +1 to both sides' realignment rolls).
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from cdg_oracle.properties import mutants as _generic
from cdg_oracle.properties.mutants import Mutant

PACKAGE = "cdg_oracle.model.twilight_struggle"
M = PACKAGE + "."

REGISTRY = _generic.Registry("twilight_struggle", default_scenario="standard")
MUTANTS: dict[str, Mutant] = REGISTRY.mutants
mutant = REGISTRY.mutant
activate = REGISTRY.activate

DELUXE = {"edition": "deluxe"}


# -- the helpers that know this game ---------------------------------------------------------------
def model_modules() -> list:
    """Every module of model.twilight_struggle, imported (the events registered)."""
    mods = _generic.model_modules(PACKAGE)
    from cdg_oracle.model.twilight_struggle import events

    events.load_all()
    return mods


def _mod(name: str):
    model_modules()
    return _generic.module(M + name)


def recompile() -> None:
    """Compile every sequence of the game's engine again from its builder (the function that
    returns its steps, kept by the decorator as ``__wrapped__``), so that the steps hold the
    functions and values the modules hold now."""
    from cdg_oracle.model.core.steps import compile_procedure
    from cdg_oracle.model.twilight_struggle.engine import ENGINE

    for name in sorted(ENGINE.sequences):
        builder = getattr(ENGINE.procs[name], "__wrapped__", None)
        if builder is None:
            continue
        handler = compile_procedure(name, builder())
        handler.__wrapped__ = builder
        ENGINE.procs[name] = handler


def replace_function(module: str, name: str, make: Callable[[Callable], Callable]) -> None:
    """Replace function ``name`` of model module ``module`` (``"tracks"``) by ``make(original)``
    everywhere it was imported by name, steps of the compiled sequences included."""
    model_modules()
    _generic.replace_function(M + module, name, make)
    recompile()


def set_constant(module: str, name: str, value) -> None:
    """Set constant ``name`` of model module ``module`` (and its copies imported by name), steps of
    the compiled sequences included."""
    model_modules()
    _generic.set_constant_everywhere(M + module, name, value)
    recompile()


def replace_procedure(proc: str, make: Callable[[Callable], Callable]) -> None:
    """Replace the handler of procedure ``proc`` (the engine's registry) by ``make(original)``."""
    model_modules()
    _generic.replace_procedure(M + "engine", proc, make)


def replace_event(card: int, make: Callable[[Callable], Callable]) -> None:
    """Replace card ``card``'s event (procedure ``event_<card>``, the Deluxe number) by
    ``make(original)``."""
    model_modules()
    from cdg_oracle.model.twilight_struggle.events import EVENTS

    replace_procedure(EVENTS[card].proc, make)


def child_of_event(card: int, proc: str, edit: Callable[[dict], None]) -> None:
    """Card ``card``'s event starts procedure ``proc`` (a shared step of events/common.py) with
    arguments ``edit`` changes: ``edit(frame)`` on the child's frame, as it is pushed."""
    def make(orig):
        def handler(st, f, a):
            depth = len(st.d["stack"])
            orig(st, f, a)
            stack = st.d["stack"]
            if len(stack) == depth + 1 and stack[-1]["proc"] == proc:
                edit(stack[-1])
        return handler
    replace_event(card, make)


def set_playable(card: int, make: Callable[[Callable], Callable]) -> None:
    """Replace card ``card``'s prerequisite ``playable(st, side)`` by ``make(original)``."""
    model_modules()
    from cdg_oracle.model.twilight_struggle.events import EVENTS

    EVENTS[card] = dataclasses.replace(EVENTS[card], playable=make(EVENTS[card].playable))


def replace_hook(kind: str, card: int, make: Callable[[Callable], Callable]) -> None:
    """Replace card ``card``'s hook of ``kind`` (events/effects.py ``HOOKS``) by ``make(original)``
    (a new list, so that the per-state cache of the hooks in force sees the change)."""
    model_modules()
    from cdg_oracle.model.twilight_struggle.events import effects

    hooks = effects.HOOKS[kind]
    found = [i for i, (c, _) in enumerate(hooks) if c == card]
    if not found:
        raise KeyError(f"card {card} has no {kind} hook")
    effects.HOOKS[kind] = [(c, make(fn) if i in found else fn) for i, (c, fn) in enumerate(hooks)]


def patch_map(edit: Callable[[dict], None]) -> None:
    """Change the loaded map: ``edit(countries)`` replaces records of ``countries`` (name ->
    mapdata.Country); the map's derived sets (areas, battlegrounds, superpower links) are rebuilt.
    The default map is cached, so every state of this process sees the change."""
    model_modules()
    from cdg_oracle.model.twilight_struggle import mapdata

    m = mapdata.load_map()
    countries = dict(m.countries)
    edit(countries)
    m.__init__(countries)


def drop_link(a: str, b: str) -> None:
    """2.1.6: the printed line between ``a`` and ``b`` is missing (both ends)."""
    def edit(countries):
        for x, y in ((a, b), (b, a)):
            if y not in countries[x].adjacent:
                raise KeyError(f"{x} is not adjacent to {y}")
            countries[x] = dataclasses.replace(countries[x], adjacent=tuple(c for c in countries[x].adjacent if c != y))
    patch_map(edit)


def set_country(name: str, **changes) -> None:
    """Country ``name``'s record with ``changes`` (stability, battleground, superpower...)."""
    def edit(countries):
        countries[name] = dataclasses.replace(countries[name], **changes)
    patch_map(edit)


def tables():
    """The loaded tables (tables.py, cached: a change is seen by every state of this process)."""
    model_modules()
    from cdg_oracle.model.twilight_struggle.tables import load_tables

    return load_tables()


# =================================================================================================
# The mutants. The registration names the rule each breaks and says how; the patch function's body
# is the bug.
# =================================================================================================

# -- the map (2.1) ---------------------------------------------------------------------------------
@mutant("map-no-west-germany-austria", "2.1.6",
        "The printed line West Germany - Austria is missing from the adjacency")
def _no_wg_austria() -> None:
    drop_link("West Germany", "Austria")


@mutant("map-no-iran-pakistan", "2.1.6", "The printed line Iran - Pakistan is missing from the adjacency")
def _no_iran_pakistan() -> None:
    drop_link("Iran", "Pakistan")


@mutant("map-iran-stability-3", "2.1.3", "Iran's stability number is 3 instead of 2")
def _iran_stability() -> None:
    set_country("Iran", stability=3)


@mutant("map-panama-not-battleground", "2.1.4",
        "Panama is not a battleground (a coup there does not degrade DEFCON, and scoring counts it as a "
        "plain country)")
def _panama_bg() -> None:
    set_country("Panama", battleground=False)


@mutant("map-mexico-not-next-to-usa", "2.1.6",
        "Mexico is not linked to the USA space (no US influence may go there from the start, 6.1.4, "
        "and no +1 for the US in its realignment rolls, 6.2.2)")
def _mexico_usa() -> None:
    set_country("Mexico", superpower=None)


# -- control and the tracks (2.1.7, 8.1, 8.2, 10.2) -------------------------------------------------
@mutant("control-off-by-one", "2.1.7",
        "A side controls a country when its influence exceeds the opponent's by the stability number "
        "minus 1 (2.1.7: by at least the stability number)")
def _control_off_by_one() -> None:
    from cdg_oracle.model.twilight_struggle.control import OPPONENT

    def make(orig):
        def controls(st, side, country):
            inf = st.d["influence"][country]
            stab = st.map.countries[country].stability
            return inf[side] - inf[OPPONENT[side]] >= stab - 1 and inf[side] >= stab - 1 and inf[side] > 0
        return controls
    replace_function("control", "controls", make)


@mutant("nuclear-war-not-at-defcon-1", "8.1.3",
        "DEFCON reaching 1 does not end the game: the game goes on at DEFCON 1")
def _no_nuclear_war() -> None:
    def make(orig):
        def degrade_defcon(st, responsible, n=1):
            orig(st, responsible, n)
            t = st.d["terminal"]
            if t is not None and t.get("rule") == "8.1.3":
                st.d["terminal"] = None
        return degrade_defcon
    replace_function("tracks", "degrade_defcon", make)


@mutant("turn-start-defcon-not-improved", "8.1.6",
        "At the start of a turn (4.5 A) DEFCON is not improved by 1")
def _no_defcon_improve() -> None:
    replace_function("turn", "improve_defcon_step", lambda orig: lambda st, f: None)


@mutant("ussr-vp-wrong-way", "10.2.2",
        "A VP gain of the USSR by an event or the Space Race moves the marker toward the US")
def _vp_sign() -> None:
    def make(orig):
        def gain_vp(st, side, n):
            orig(st, "US", n)
        return gain_vp
    replace_function("tracks", "gain_vp", make)


@mutant("milops-max-4", "8.2.3", "The Military Operations track ends at 4 instead of 5, so at DEFCON 5 "
        "the requirement can never be met")
def _milops_max() -> None:
    set_constant("tracks", "MILOPS_MAX", 4)


@mutant("milops-penalty-to-short-side", "8.2.1",
        "The military operations check gives the VP of a shortfall to the side that fell short "
        "instead of its opponent")
def _milops_sign() -> None:
    tracks = _mod("tracks")
    turn = _mod("turn")
    victory = _mod("victory")

    def make(orig):
        def milops_check(st, f):
            short = turn.milops_shortfall(st)
            tracks.net_vp(st, us=short["US"], ussr=short["USSR"])
            st.d["milops"] = {"USSR": 0, "US": 0}
            st.d["milops_required"] = None
            victory.check_vp(st)
        return milops_check
    replace_function("turn", "milops_check", make)


@mutant("milops-not-reset", "8.2.1",
        "The Military Operations markers are not returned to zero after the check at the end of the turn")
def _milops_kept() -> None:
    def make(orig):
        def milops_check(st, f):
            kept = dict(st.d["milops"])
            orig(st, f)
            st.d["milops"] = kept
        return milops_check
    replace_function("turn", "milops_check", make)


# -- operations (6.1-6.3, 8.1.5, 9.6) ---------------------------------------------------------------
@mutant("influence-cost-by-more-influence", "6.1.2",
        "A marker costs 2 ops where the enemy has more influence than the side (6.1.2: only where the "
        "enemy controls)")
def _cost_more() -> None:
    from cdg_oracle.model.twilight_struggle.control import OPPONENT

    def make(orig):
        def cost(st, side, country):
            inf = st.d["influence"][country]
            return 2 if inf[OPPONENT[side]] > inf[side] else 1
        return cost
    replace_function("operations.influence", "cost", make)


@mutant("ops-marker-adds-two", "6.1",
        "Each influence marker placed with operations adds 2 influence instead of 1 (6.1: one marker)")
def _marker_two() -> None:
    influence = _mod("operations.influence")
    add = influence.add_influence
    influence.add_influence = lambda st, side, country, n: add(st, side, country, 2 * n)


@mutant("influence-cost-always-1", "6.1.2", "A marker costs 1 op also in an enemy-controlled country")
def _cost_1() -> None:
    replace_function("operations.influence", "cost", lambda orig: lambda st, side, country: 1)


@mutant("reach-no-neighbours", "6.1.1",
        "Influence may be placed only where the side has influence (or next to its superpower), not in "
        "the countries adjacent to those")
def _reach_no_neighbours() -> None:
    def make(orig):
        def reach(st, side):
            m, inf = st.map, st.d["influence"]
            out = {c for c in m.names if inf[c][side] > 0}
            out.update(m.next_to_superpower[side])
            return sorted(out)
        return reach
    replace_function("operations.influence", "reach", make)


@mutant("reach-taken-now", "6.1.1",
        "The reach of an influence placement is taken anew before each marker (markers placed this "
        "round open their neighbours), instead of at the start of the action round")
def _reach_now() -> None:
    influence = _mod("operations.influence")

    def make(orig):
        def targets(st, f):
            f["reach"] = sorted(set(f["reach"]) | set(influence.reach(st, f["side"])))
            return orig(st, f)
        return targets
    replace_function("operations.influence", "targets", make)


@mutant("realign-no-superpower-modifier", "6.2.2",
        "A realignment roll forgets the +1 for a target adjacent to the side's superpower")
def _realign_sp() -> None:
    def make(orig):
        def modifiers(st, side, country):
            return orig(st, side, country) - st.map.adjacent_to_superpower(country, side)
        return modifiers
    replace_function("operations.realignment", "modifiers", make)


@mutant("realign-no-adjacent-control-bonus", "6.2.2",
        "A realignment roll forgets the +1 per adjacent country the side controls")
def _realign_adjacent() -> None:
    control = _mod("control")

    def make(orig):
        def modifiers(st, side, country):
            return orig(st, side, country) - sum(1 for c in st.map.countries[country].adjacent
                                                 if control.controls(st, side, c))
        return modifiers
    replace_function("operations.realignment", "modifiers", make)


@mutant("realign-tie-removes-one", "6.2.2",
        "A tied realignment roll removes 1 of the enemy's influence (6.2.2: a tie removes nothing)")
def _realign_tie() -> None:
    realignment = _mod("operations.realignment")
    control = _mod("control")

    def make(orig):
        def resolve(st, side, country, own_die, enemy_die):
            other = control.OPPONENT[side]
            tie = own_die + realignment.modifiers(st, side, country) == enemy_die + realignment.modifiers(st, other, country)
            orig(st, side, country, own_die, enemy_die)
            if tie:
                control.remove_influence(st, other, country, 1)
        return resolve
    replace_function("operations.realignment", "resolve", make)


@mutant("coup-stability-not-doubled", "6.3.2",
        "The coup result subtracts the stability number once instead of twice")
def _coup_stability() -> None:
    replace_function("operations.coup", "result", lambda orig: lambda ops, die, stability: ops + die - stability)


@mutant("coup-surplus-not-added", "6.3.2",
        "A coup that removes all the enemy's influence adds none of the attacker's for the rest of the result")
def _coup_surplus() -> None:
    control = _mod("control")

    def make(orig):
        def apply_result(st, side, country, net):
            if net > 0:
                control.remove_influence(st, control.OPPONENT[side], country, net)
        return apply_result
    replace_function("operations.coup", "apply_result", make)


@mutant("coup-no-milops", "8.2.3", "A coup attempt does not move the attacker's Military Operations marker")
def _coup_no_milops() -> None:
    coup = _mod("operations.coup")
    coup.add_milops = lambda st, side, n: None


@mutant("coup-any-country-degrades-defcon", "6.3.4",
        "A coup in a non-battleground country degrades DEFCON too")
def _coup_defcon_any() -> None:
    tracks = _mod("tracks")

    def make(orig):
        def coup(st, f, a):
            resolving = f["pc"] == "die" and a is not None
            country = f.get("target")
            orig(st, f, a)
            if resolving and not st.map.countries[country].battleground and st.d["terminal"] is None:
                tracks.degrade_defcon(st, f["side"])
        return coup
    replace_procedure("coup", make)


@mutant("defcon-3-leaves-asia-open", "8.1.5",
        "At DEFCON 3 only Europe is closed to coups and realignment (8.1.5: Asia too)")
def _defcon_3() -> None:
    defcon = _mod("defcon")
    defcon._closed()
    defcon._CLOSED[3] = ("Europe",)


@mutant("china-card-no-asia-bonus", "9.6",
        "The China Card's +1 op when all its ops are spent in Asia is forgotten")
def _china_bonus() -> None:
    set_constant("cardplay", "CHINA_BONUS", 0)


@mutant("china-card-passes-face-up", "9.3",
        "The China Card passes to the opponent face up, playable at once (9.3: face down until the end of the turn)")
def _china_face_up() -> None:
    def make(orig):
        def take_card(st, f):
            orig(st, f)
            if f["card"] == _mod("cards").CHINA_CARD:
                st.d["china"]["face_up"] = True
        return take_card
    replace_function("cardplay", "_take_card", make)


@mutant("deluxe-setup-no-canada", "3.3",
        "The Deluxe set-up forgets the US's 2 influence in Canada (23 US influence as in the seed's "
        "edition instead of 25)", options=DELUXE)
def _deluxe_canada() -> None:
    def make(orig):
        def build_start(s, scenario, length="standard", rulings=None, options=None):
            d = orig(s, scenario, length, rulings, options)
            if d["options"]["edition"] == "deluxe" and d["influence"]["Canada"]["US"] >= 2:
                d["influence"]["Canada"]["US"] -= 2
            return d
        return build_start
    replace_function("scenarios", "build_start", make)


# -- the turn (4.5) ----------------------------------------------------------------------------------
@mutant("hand-size-8-always", "4.5", "The hands are dealt up to 8 cards in every turn (4.5 B: 9 from turn 4)")
def _hand_8() -> None:
    replace_function("turn", "hand_size", lambda orig: lambda st, f=None: 8)


@mutant("seven-action-rounds-early", "4.5", "Turns 1-3 have 7 action rounds instead of 6")
def _rounds_7() -> None:
    def make(orig):
        def rounds_of(st, side):
            n = orig(st, side)
            return 7 if n == 6 else n
        return rounds_of
    replace_function("turn", "rounds_of", make)


@mutant("headline-tie-ussr-first", "4.5", "Two headlines of equal value are resolved USSR first (4.5 C: the US first)")
def _headline_tie() -> None:
    headline = _mod("headline")

    def make(orig):
        def resolution_order(st, f):
            chosen = [s for s in ("USSR", "US") if st.d["headline"][s] is not None]
            return sorted(chosen, key=lambda s: -headline.headline_value(st, st.d["headline"][s]))
        return resolution_order
    replace_function("headline", "resolution_order", make)


@mutant("mid-war-cards-a-turn-late", "4.4", "The Mid War cards join the draw pile at the end of turn 4 instead of turn 3")
def _mid_war_late() -> None:
    cards = _mod("cards")
    cards.ERA_FROM_TURN["mid"] = cards.ERA_FROM_TURN["mid"] + 1


# -- scoring (10.1, 7.2) -----------------------------------------------------------------------------
@mutant("domination-without-non-bg", "10.1.1",
        "Domination is met without a non-battleground country among the side's (10.1.1: at least one)")
def _domination() -> None:
    scoring = _mod("scoring")
    control = _mod("control")

    def make(orig):
        def levels_met(st, region, final=False):
            out = orig(st, region, final)
            countries = st.map.area(region)
            bgs = [c for c in countries if scoring.scoring_battleground(st, c, region, final)]
            held = {s: [c for c in countries if control.controls(st, s, c)] for s in ("US", "USSR")}
            for s, o in (("US", "USSR"), ("USSR", "US")):
                bg = {x: sum(1 for c in held[x] if c in bgs) for x in held}
                if ("domination" not in out[s] and len(held[s]) > len(held[o]) and bg[s] > bg[o]):
                    out[s] = sorted(set(out[s]) | {"presence", "domination"}, key=["presence", "domination", "control"].index)
            return out
        return levels_met
    replace_function("scoring", "levels_met", make)


@mutant("scoring-no-superpower-bonus", "10.1.2",
        "Region scoring forgets the +1 VP per controlled country adjacent to the enemy superpower")
def _no_sp_bonus() -> None:
    control = _mod("control")

    def make(orig):
        def region_vp(st, region, final=False):
            out = orig(st, region, final)
            for s, v in out.items():
                if v is not None:
                    out[s] = v - sum(1 for c in st.map.area(region) if control.controls(st, s, c)
                                     and st.map.adjacent_to_superpower(c, control.OPPONENT[s]))
            return out
        return region_vp
    replace_function("scoring", "region_vp", make)


@mutant("southeast-asia-scoring-not-removed", "7.2",
        "Southeast Asia Scoring goes to the discards after its play, to be reshuffled, instead of being "
        "removed from the game")
def _seasia_kept() -> None:
    def make(orig):
        def after_event(st, number, side):
            orig(st, number, side)
            d = st.d
            if st.cards[number].deluxe == 38 and number in d["removed"]:
                d["removed"].remove(number)
                d["discard"].append(number)
                d["discard"].sort()
        return after_event
    replace_function("events.play", "after_event", make)


@mutant("europe-presence-2", "10.1.1", "Europe Scoring gives 2 VP for Presence instead of 3")
def _europe_presence() -> None:
    t = tables()
    t.scoring["Europe"] = dataclasses.replace(t.scoring["Europe"], presence=2)


@mutant("late-war-us-wins-above-zero", "10.3.2",
        "At the end of the Late War scenario the US wins with any VP above zero (the scenario: the US "
        "needs +20, else the USSR wins)", scenario="late_war")
def _late_war_final() -> None:
    def make(orig):
        def final_scoring(st, f):
            orig(st, f)
            t = st.d["terminal"]
            if t is not None and t.get("rule") == "10.3.2" and t["winner"] == "USSR" and st.d["vp"] > 0:
                st.d["terminal"] = dict(t, winner="US", reason=f"final scoring: {st.d['vp']:+d} VP")
        return final_scoring
    replace_function("victory", "final_scoring", make)


# -- the Space Race (6.4) ----------------------------------------------------------------------------
@mutant("space-second-gets-first-vp", "6.4.3",
        "The second side to reach a Space Race box gains the box's first VP value too")
def _space_vp() -> None:
    t = tables()
    for k, box in list(t.space.items()):
        t.space[k] = dataclasses.replace(box, vp_second=box.vp_first)


@mutant("space-box-1-needs-3-on-4", "6.4.1",
        "Box 1 of the Space Race succeeds on a die of 1-4 instead of 1-3")
def _space_roll() -> None:
    t = tables()
    t.space[1] = dataclasses.replace(t.space[1], max_roll=4)


@mutant("space-attempts-kept-next-turn", "6.4.2",
        "The Space Race attempts of a turn are not forgotten when the turn advances (6.4.2: one a turn), "
        "so a side that attempted never attempts again")
def _attempts_kept() -> None:
    def make(orig):
        def advance_turn(st, f):
            kept = dict(st.d["space_attempts"])
            orig(st, f)
            st.d["space_attempts"] = kept
        return advance_turn
    replace_function("turn", "advance_turn", make)


@mutant("space-two-attempts-a-turn", "6.4.2",
        "A side may make two Space Race attempts every turn (6.4.2: one; two only with box 2's ability)")
def _space_two() -> None:
    replace_function("operations.space_race", "attempts_allowed", lambda orig: lambda st, side: 2)


# -- card events (7.0) ---------------------------------------------------------------------------------
@mutant("card-4-duck-and-cover-vp", "card 4",
        "Duck and Cover gives the US 4 minus the DEFCON level in VP instead of 5 minus it")
def _duck() -> None:
    tracks = _mod("tracks")

    def make(orig):
        def event(st, f, a):
            before = st.d["vp"]
            orig(st, f, a)
            if st.d["vp"] != before and st.d["terminal"] is None:
                tracks.gain_vp(st, "USSR", 1)
        return event
    replace_event(4, make)


@mutant("card-11-war-vp-1", "card 11", "Korean War (and Arab-Israeli War) won gives 1 VP instead of 2")
def _war_vp() -> None:
    set_constant("events.early_1_18", "WAR_VP", 1)


@mutant("card-14-comecon-no-cap-per-country", "card 14",
        "COMECON may put more than 1 of its 4 USSR influence in one Eastern European country (the card: "
        "1 in each of 4 countries)")
def _comecon_cap() -> None:
    child_of_event(14, "place_influence", lambda frame: frame.pop("per_country", None))


@mutant("card-21-nato-without-prerequisite", "card 21",
        "NATO is playable without Marshall Plan or Warsaw Pact Formed having been played")
def _nato() -> None:
    set_playable(21, lambda orig: lambda st, side: True)


@mutant("card-25-containment-both-sides", "card 25",
        "Containment adds 1 to the ops of the USSR's cards too (the card: the US's only)")
def _containment() -> None:
    replace_hook("ops", 25, lambda orig: lambda st, e, side, card, **_: 1)


@mutant("card-20-olympic-vp-1", "card 20", "Olympic Games: the winner of the games gains 1 VP instead of 2")
def _olympic() -> None:
    set_constant("events.early_19_35", "OLYMPIC_VP", 1)


@mutant("card-15-nasser-one-influence", "card 15",
        "Nasser adds 1 USSR influence in Egypt instead of 2")
def _nasser() -> None:
    control = _mod("control")

    def make(orig):
        def event(st, f, a):
            ussr = st.d["influence"]["Egypt"]["USSR"]
            orig(st, f, a)
            if st.d["influence"]["Egypt"]["USSR"] == ussr + 2:
                control.remove_influence(st, "USSR", "Egypt", 1)
        return event
    replace_event(15, make)


@mutant("card-33-destalinization-5", "card 33", "De-Stalinization relocates up to 5 USSR influence instead of 4")
def _destalinization() -> None:
    set_constant("events.early_19_35", "DESTALINIZATION_MOVES", 5)


@mutant("card-43-salt-defcon-1", "card 43",
        "SALT Negotiations improves DEFCON by 1 instead of 2")
def _salt() -> None:
    def make(orig):
        def event(st, f, a):
            before = st.d["defcon"]
            orig(st, f, a)
            if st.d["defcon"] >= before + 2:
                st.d["defcon"] -= 1
        return event
    replace_event(43, make)


@mutant("card-31-red-scare-both-sides", "card 31",
        "Red Scare/Purge takes 1 from the ops of the player's own cards too (the card: the opponent's only)")
def _red_scare() -> None:
    replace_hook("ops", 31, lambda orig: lambda st, e, side, card, **_: -1)


@mutant("card-9-vietnam-bonus-all-asia", "card 9",
        "Vietnam Revolts' +1 op holds while every op goes to Asia (the card: to Southeast Asia only)")
def _vietnam() -> None:
    set_constant("events.early_1_18", "VIETNAM_AREA", "Asia")


@mutant("card-59-flower-power-1-vp", "card 59",
        "Flower Power gives the USSR 1 VP for a war card the US plays instead of 2", scenario="late_war")
def _flower_power() -> None:
    tracks = _mod("tracks")

    def make(orig):
        def hook(st, effect, side, card, use, **context):
            before = st.d["vp"]
            orig(st, effect, side, card, use, **context)
            if st.d["vp"] == before - 2:
                tracks.gain_vp(st, "US", 1)
        return hook
    replace_hook("card_played", 59, make)


@mutant("card-86-north-sea-oil-both-sides", "card 86",
        "North Sea Oil gives the USSR 8 action rounds in the turn of the event too (the card: the US "
        "only)", scenario="late_war")
def _north_sea_oil() -> None:
    replace_hook("eight_rounds", 86, lambda orig: lambda st, e, side, **_: e.get("turn") == st.d["turn"])


@mutant("card-87-reformer-no-coup-bar", "card 87",
        "The Reformer no longer bars USSR coups in Europe once played", scenario="late_war")
def _reformer() -> None:
    replace_hook("coup_barred", 87, lambda orig: lambda st, e, side, country, **_: False)


# -- what the refinement check alone catches ---------------------------------------------------------------
#: The mutants the refinement check alone catches (properties/refinement_mutants.py ``catches_mutant``: the
#: mutant's scenario, 5 random games of at most 5,000 steps, seed 0, no invariants, no round trip, no
#: second implementation), each by a finding at the mutated step, in the first game: measured on the
#: ts-refine branch by ``catches_mutant("twilight_struggle", name)`` for each. Not caught (the same
#: measure): realign-tie-removes-one (the dice are choices: another roll explains the loss); not
#: caught by design: the mutants of a question's options or of an amount the transitions leave free
#: (the costs and reach of influence, a coup's die, an event's VP).
REFINEMENT_CAUGHT = (
    "nuclear-war-not-at-defcon-1",    # DEFCON 1 and the game going on: no coup_roll leaves it so (8.1.3)
    "space-two-attempts-a-turn",      # a second attempt without box 2: space_declare's guard (6.4.2)
    "china-card-passes-face-up",      # the China Card passed face up: china_play turns it down (9.3)
    "ops-marker-adds-two",            # two influence for one marker: place_influence adds one (6.1)
    "space-attempts-kept-next-turn",  # the turn advanced, the attempts kept: turn_advance clears them (6.4.2)
)
#: The quick one (caught in the first game within 100 steps, about 10 s with the worker's start), for
#: the test suite; the others run in the slow tests (CDG_SLOW_TESTS=1).
REFINEMENT_QUICK = ("ops-marker-adds-two",)
