"""Events of Mid War cards 70-80 (7.0), each citing its card (Deluxe number) and stating its text.
(Card 79 Africa Scoring and card 81 South America Scoring are in ``scoring_cards``.)

* 70 OAS Founded (US, starred): +2 US influence in Central and/or South America ("Aggiungere 2
  Influenza USA in America Centrale o Meridionale").
* 71 Nixon Plays the China Card (US, starred): if the US holds the China Card, 2 VP to the US;
  otherwise the US takes it face down, not playable at once ("a faccia in giù e non disponibile per
  il gioco immediato": the card's text over 9.4's face up, 5.5).
* 72 Sadat Expels Soviets (US, starred): remove all USSR influence from Egypt, then +1 US there.
* 73 Shuttle Diplomacy (US, underlined): beside the map; at the next Middle East or Asia scoring
  (whichever first) the USSR counts one battleground fewer, then the card is discarded ("Nel
  prossimo punteggio nel Medio Oriente o Asia (il primo dei due), sottraete un paese campo di
  battaglia dall'URSS, poi scartate questa carta"). The Deluxe card adds that it does not apply to
  the final scoring; the seed has no such clause: ruling ``card_73_text`` (entry C073).
  The battleground is taken off the USSR's count of battlegrounds and so of countries (10.1.1's
  levels) and its +1 VP (10.1.2); the bonus for a country next to the US is not a battleground's
  and stays. Southeast Asia Scoring (card 38) is not an Asia scoring.
* 74 The Voice of America (US): remove 4 USSR influence from countries outside Europe, at most 2
  from any one ("non più di 2 per singolo paese").
* 75 Liberation Theology (USSR): +3 USSR influence in Central America, at most 2 per country.
* 76 Ussuri River Skirmish (US, starred): if the USSR holds the China Card, the US takes it face up
  and playable ("a faccia in su e disponibile per il gioco", 9.4); otherwise +4 US influence in
  Asia (Southeast Asia included, 2.1.2), at most 2 per country.
* 77 "Ask Not What Your Country Can Do For You" (US, starred): the US may discard any number of
  the cards of its hand, scoring cards included, and draws as many from the draw pile ("Il numero
  di carte scartate deve essere deciso prima di pescare"): the cards are chosen one at a time
  (in rising number, so each set is chosen one way), then drawn, each draw a chance node; an
  empty pile is rebuilt from the discards (4.3).
* 78 Alliance for Progress (US, starred): 1 VP to the US per battleground it controls in Central
  and South America.
* 80 "One Small Step..." (neutral): playable only by a side behind in the Space Race; its marker
  advances 2 boxes, and only the second box's VP is gained (6.4.3: its first or second value;
  "ottenendo il valore in VP per la seconda casella solamente"). Not a Space Race attempt (6.4.2).

``draw_cards`` (Ask Not's draws) is a step other events may share: "a side draws n cards from the
pile, reshuffling the discards when it runs out".
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import call, choose, do, if_, pick, while_
from cdg_oracle.model.twilight_struggle.control import OPPONENT, add_influence, controls, remove_influence
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.events.common import card_text
from cdg_oracle.model.twilight_struggle.events import event
from cdg_oracle.model.twilight_struggle.events.effects import end_effect, hook
from cdg_oracle.model.twilight_struggle.operations.space_race import LAST_BOX
from cdg_oracle.model.twilight_struggle.tables import load_tables
from cdg_oracle.model.twilight_struggle.tracks import gain_vp

AMERICAS = ("Central America", "South America")
SHUTTLE_REGIONS = ("Middle East", "Asia")


def _countries(st, keep) -> list[str]:
    """The countries ``keep(name)`` accepts, in map order."""
    return [c for c in st.map.countries if keep(c)]


def _in_areas(st, *areas: str):
    return lambda c: any(st.map.in_area(c, a) for a in areas)


def _card(st, f) -> int:
    return f["card"]


def _side(st, f) -> str:
    return f["side"]


# -- 70 OAS Founded --------------------------------------------------------------------------------
@event(70)
def oas_founded():
    """Card 70 OAS Founded: the US places 2 influence in Central and/or South America."""
    return [
        call("place_influence", side=_side, owner="US", count=2, per_country=None, optional=False,
             countries=lambda st, f: _countries(st, _in_areas(st, *AMERICAS)), rule="card 70", card=_card),
    ]


# -- 71 Nixon Plays the China Card -------------------------------------------------------------------
@implements("card 71", "5.5", "9.4")
def _nixon(st, f) -> None:
    """Card 71: the US holding the China Card (face up or down) gains 2 VP; else it takes the card
    face down (the text overrides 9.4's face up, 5.5)."""
    china = st.d["china"]
    if china["holder"] == "US":
        gain_vp(st, "US", 2)
        return
    cite(st, "5.5", "9.4")
    st.d["china"] = {"holder": "US", "face_up": False}


@event(71)
def nixon_plays_the_china_card():
    """Card 71 Nixon Plays the China Card (module docstring)."""
    return [do(_nixon)]


# -- 72 Sadat Expels Soviets ----------------------------------------------------------------------------
@implements("card 72")
def _sadat(st, f) -> None:
    """Card 72: every USSR influence leaves Egypt, then 1 US influence is added there."""
    remove_influence(st, "USSR", "Egypt", st.d["influence"]["Egypt"]["USSR"])
    add_influence(st, "US", "Egypt", 1)


@event(72)
def sadat_expels_soviets():
    """Card 72 Sadat Expels Soviets (module docstring)."""
    return [do(_sadat)]


# -- 73 Shuttle Diplomacy ------------------------------------------------------------------------------


def _shuttle_applies(st, region: str, final: bool) -> bool:
    """Card 73 reads this scoring: the Middle East's or Asia's, and not the final scoring under
    the Deluxe text."""
    return region in SHUTTLE_REGIONS and not (final and card_text(st, 73) == "deluxe")


@implements("card 73")
def _shuttle_placed(st, f) -> None:
    """Card 73: the card goes beside the map in front of the US (events/play.py after_event
    records its effect: it is an underlined card, 7.3)."""
    cite(st, "7.3")


@event(73)
def shuttle_diplomacy():
    """Card 73 Shuttle Diplomacy (module docstring)."""
    return [do(_shuttle_placed)]


@hook("scoring_battlegrounds", 73)
def shuttle_fewer_battlegrounds(st, effect, side, region, final, **_) -> int:
    """Card 73: at the scoring it reads, the USSR counts one battleground fewer."""
    return 1 if side == OPPONENT[effect["side"]] and _shuttle_applies(st, region, final) else 0


@hook("after_scoring", 73)
def shuttle_discarded(st, effect, region, final, **_) -> None:
    """Card 73: after the scoring it read, the card is discarded (its effect ends)."""
    if _shuttle_applies(st, region, final):
        cite(st, "card 73")
        end_effect(st, 73)


# -- 74 The Voice of America ------------------------------------------------------------------------------
@event(74)
def the_voice_of_america():
    """Card 74 The Voice of America: the US removes 4 USSR influence from non-European countries,
    at most 2 from each."""
    return [
        call("remove_influence", side=_side, owner="USSR", count=4, per_country=2, optional=False,
             countries=lambda st, f: _countries(st, lambda c: not st.map.in_area(c, "Europe")),
             rule="card 74", card=_card),
    ]


# -- 75 Liberation Theology ------------------------------------------------------------------------------
@event(75)
def liberation_theology():
    """Card 75 Liberation Theology: the USSR places 3 influence in Central America, at most 2 in
    each country."""
    return [
        call("place_influence", side=_side, owner="USSR", count=3, per_country=2, optional=False,
             countries=lambda st, f: _countries(st, _in_areas(st, "Central America")), rule="card 75", card=_card),
    ]


# -- 76 Ussuri River Skirmish ----------------------------------------------------------------------------
def _ussr_holds_china(st, f) -> bool:
    return st.d["china"]["holder"] == "USSR"


@implements("card 76", "9.4")
def _take_china_face_up(st, f) -> None:
    """Card 76, 9.4: the US takes the China Card from the USSR face up, playable at once."""
    cite(st, "9.4")
    st.d["china"] = {"holder": "US", "face_up": True}


@event(76)
def ussuri_river_skirmish():
    """Card 76 Ussuri River Skirmish (module docstring)."""
    return [
        if_(_ussr_holds_china, [do(_take_china_face_up)], [
            call("place_influence", side=_side, owner="US", count=4, per_country=2, optional=False,
                 countries=lambda st, f: _countries(st, _in_areas(st, "Asia")), rule="card 76", card=_card),
        ]),
    ]


# -- 77 Ask Not What Your Country Can Do For You ---------------------------------------------------------------
def _start_choosing(st, f) -> None:
    f["chosen"], f["stopped"] = [], False


def _discard_options(st, f) -> list:
    """The US's cards above the last one chosen (so each set is chosen in one order), or stop."""
    chosen = f["chosen"]
    last = chosen[-1] if chosen else 0
    return [{"card": c} for c in st.d["hands"]["US"] if c > last] + [{"stop": True}]


def _discard_prompt(st, f) -> str:
    return f"US ({st.cards[f['card']].name}): discard another card? ({len(f['chosen'])} chosen)"


def _choosing(st, f) -> bool:
    return not f["stopped"]


def _chosen_one(st, f) -> None:
    """The answer: one card more to discard, or the choice is over."""
    answer = f.pop("pick")
    if answer.get("stop"):
        f["stopped"] = True
    else:
        f["chosen"].append(answer["card"])


@implements("card 77")
def _discard_chosen(st, f) -> None:
    """Card 77: the cards chosen go from the US hand to the discards; as many will be drawn."""
    d = st.d
    cite(st, "card 77")
    for c in f["chosen"]:
        d["hands"]["US"].remove(c)
    d["discard"] = sorted(d["discard"] + f["chosen"])
    f["n"] = len(f.pop("chosen"))
    f.pop("stopped")


@event(77)
def ask_not():
    """Card 77 "Ask Not What Your Country Can Do For You" (module docstring): the US chooses the
    cards to discard (question ``event_77.pick``), then draws as many."""
    return [
        do(_start_choosing),
        while_(_choosing, [
            choose("US", _discard_options, "card 77", _discard_prompt, into="pick"),
            do(_chosen_one),
        ]),
        do(_discard_chosen),
        call("draw_cards", side="US", n=lambda st, f: f["n"], rule="card 77"),
    ]


# -- drawing cards (a step other events may share) -------------------------------------------------------------
def _to_draw(st, f) -> bool:
    """Cards remain to draw, and a pile to draw from: 4.3, an empty pile is rebuilt from the
    discards (the cards removed never return); with neither, the drawing stops."""
    d = st.d
    if f.setdefault("drawn", 0) >= f["n"]:
        return False
    if not d["deck"]:
        if not d["discard"]:
            return False
        cite(st, "4.3")
        d["deck"] = sorted(d["discard"])
        d["discard"] = []
    return True


def _pile(st, f) -> list:
    return [{"card": c} for c in st.d["deck"]]


def _drawn_prompt(st, f) -> str:
    return f"a card is drawn by {f['side']} ({f['rule']})"


def _take(st, f) -> None:
    """The card drawn goes from the pile to the side's hand."""
    d = st.d
    c = f.pop("card")["card"]
    d["deck"].remove(c)
    d["hands"][f["side"]] = sorted(d["hands"][f["side"]] + [c])
    f["drawn"] += 1


@ENGINE.sequence("draw_cards")
@implements("4.3")
def draw_cards():
    """``side`` draws ``n`` cards (for ``rule``, an event), each at random from the draw pile (a
    chance node, as in the deal, 4.5 B); 4.3: an empty pile is rebuilt from the discards."""
    return [
        while_(_to_draw, [
            pick(_pile, lambda st, f: f["rule"], _drawn_prompt, into="card", name="drawn"),
            do(_take),
        ]),
    ]


# -- 78 Alliance for Progress ----------------------------------------------------------------------------------
@implements("card 78")
def _alliance(st, f) -> None:
    """Card 78: 1 VP to the US per battleground it controls in Central and South America."""
    n = sum(1 for c in _countries(st, _in_areas(st, *AMERICAS))
            if st.map.countries[c].battleground and controls(st, "US", c))
    gain_vp(st, "US", n)


@event(78)
def alliance_for_progress():
    """Card 78 Alliance for Progress (module docstring)."""
    return [do(_alliance)]


# -- 80 One Small Step ----------------------------------------------------------------------------------------
@implements("card 80")
def behind_in_space(st, side: str) -> bool:
    """Card 80's prerequisite: ``side``'s Space Race marker is behind the opponent's."""
    space = st.d["space"]
    return space[side] < space[OPPONENT[side]]


@implements("card 80", "6.4.3")
def _small_step(st, f) -> None:
    """Card 80: the marker advances 2 boxes (never past the last, 6.4.6); the VP of the second box
    only, its first value if the opponent has not reached it, else its second (6.4.3)."""
    side, space = f["side"], st.d["space"]
    start = space[side]
    space[side] = min(LAST_BOX, start + 2)
    second = start + 2
    if space[side] == second:
        box = load_tables().space[second]
        vp = box.vp_first if space[OPPONENT[side]] < second else box.vp_second
        if vp:
            cite(st, "6.4.3")
            gain_vp(st, side, vp)


@event(80, playable=behind_in_space)
def one_small_step():
    """Card 80 "One Small Step..." (module docstring)."""
    return [do(_small_step)]
