"""The solo Jihadist's event choices (IT 9.4.1 exception, 9.4.2.1, 9.6, 9.2 inspection; the FAQ on
Fatwa in solo), by ``data/solo_events.yaml`` and ``solo/answers.py``.

Each test builds a solo position (``tests/labyrinth/solo/helpers.py``; ``bare``: an empty map, the
scenario's Governance kept), plays an event as the solo bot plays it -- the whole card through
``solo_card`` (9.4.1) for a Jihadist card, the ``event`` procedure with the Jihadist as the player for
an Unassociated one, so that its operations (9.4.1, D16) do not follow -- and scripts every chance
node: a 9.5 die gives its faces to the options in the map's order (two options 1-3 / 4-6, three 1-2 /
3-4 / 5-6), which the prompts state and the tests assert. Every step is checked: no Jihadist decision
node, the state round-trips through JSON (``helpers.check_step``).

Quotes are from the Italian rulebook (seeds/000_61ca04b15074b205.txt), the primary text.
"""
from __future__ import annotations

import json

import random

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.labyrinth.action_log import record
from cdg_oracle.model.labyrinth.events.lasting import place_marker
from cdg_oracle.model.labyrinth.events.play import allowed_in_scenario
from cdg_oracle.model.labyrinth.solo import answers
from cdg_oracle.model.labyrinth.solo.events import (
    KINDS, choice_kind, load_solo_events, oil_spike_cards, places_cells, shia_mix_candidates, solo_event_playable,
    solo_events,
)
from cdg_oracle.model.labyrinth.solo.flow import jihadist_event_playable
from cdg_oracle.model.labyrinth.state import LabyrinthState
from cdg_oracle.model.labyrinth.tracks import world_posture
from tests.labyrinth.harness import conserve, events_run, finished
from tests.labyrinth.solo.helpers import (
    cells, check_step, country, run_solo, solo_feed, solo_position, start_solo,
)

JIHADIST_CARDS = range(48, 96)
UNASSOCIATED_CARDS = range(96, 121)


# == helpers ===========================================================================================
def on_top(st: LabyrinthState, n: int) -> LabyrinthState:
    """Put card ``n`` on top of the Jihadist stack (9.2: index 0), from wherever it is."""
    d = st.d
    for zone in (d["deck"], d["discard"], d["removed"], d["lapsing"], d["first_plot"],
                 d["hands"]["US"], d["hands"]["Jihadist"]):
        if n in zone:
            zone.remove(n)
    d["hands"]["Jihadist"].insert(0, n)
    return st


def to_discard(st: LabyrinthState, *cards: int) -> None:
    d = st.d
    for n in cards:
        for zone in (d["deck"], d["hands"]["US"], d["hands"]["Jihadist"], d["removed"]):
            if n in zone:
                zone.remove(n)
        d["discard"].append(n)


def play_card(st: LabyrinthState, n: int, script: list) -> LabyrinthState:
    """The solo Jihadist plays card ``n`` from the top of his stack (``solo_card``, 9.4.1)."""
    on_top(st, n)
    return run_solo(st, "solo_card", script, card=n)


def play_event(st: LabyrinthState, n: int, script: list, trigger: str = "play") -> LabyrinthState:
    """Card ``n``'s event implemented by the solo Jihadist (no operations after it)."""
    return run_solo(st, "event", script, card=n, side="Jihadist", trigger=trigger)


def drain(st: LabyrinthState, seed: int = 0, limit: int = 3000) -> LabyrinthState:
    """Finish the running procedure with seeded chance outcomes (and random US answers), checking
    every step (no Jihadist decision node; JSON round trip)."""
    rng = random.Random(seed)
    steps = 0
    while not finished(st):
        assert st.current_player() != "Jihadist", st.decision()
        if st.current_player() == "chance":
            outcomes = st.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            action = rng.choice(st.legal_actions())
        st.prompts.append(st.decision()["prompt"])
        st.apply(action)
        st.trail = getattr(st, "trail", []) + list(st._applied)
        check_step(st)
        steps += 1
        assert steps < limit, "the procedure does not finish"
    return st


def prompt_with(st: LabyrinthState, text: str) -> str:
    hits = [p for p in st.prompts if text in p]
    assert hits, f"no prompt with {text!r} in {st.prompts}"
    return hits[0]


def lets_roll(**kw) -> LabyrinthState:
    return solo_position("lets_roll", bare=True, **kw)


# == the data file ======================================================================================
@pytest.mark.rule("9.4.1", "9.4.2.1", "9.6")
def test_solo_events_yaml_validates_and_classifies_by_the_rules():
    """Every entry validates; the classification follows the rule texts: 9.4.2.1 names Madrassas
    and Jihadist Videos (Global table), Lebanon War (Shia-Mix), Iran and Jaysh al-Mahdi (Shia-Mix,
    nearest Good then Fair), Schengen Visas, Clean Operatives (the United States), Zarqawi (cell
    placement); 9.6 Ex-KGB, Leak, Oil Price Spike; the solo example plays Ansar al-Islam's cell as a
    random 50-50 choice and FATA as an event that places a cell."""
    table = solo_events()
    assert all(spec["choices"] in KINDS and spec["source"] for spec in table.values())
    # Only Jihadist and Unassociated events: the solo Jihadist never implements a US event (9.4.1).
    assert all(n >= 48 for n in table)
    expected = {53: "global_nearest", 82: "global_nearest", 86: "shia_mix", 104: "shia_mix_nearest",
                105: "shia_mix_nearest", 106: "shia_mix_nearest", 74: "schengen", 79: "united_states",
                110: "cells", 50: "cells", 62: "special", 117: "special", 118: "special",
                87: "plot", 96: "plot", 115: "plot", 116: "plot", 94: "shift", 107: "shift",
                76: "alignment", 77: "alignment", 84: "alignment"}
    assert {n: choice_kind(n) for n in expected} == expected
    assert choice_kind(100) == "random"  # not listed: 9.5
    # 9.4.1 exception: events that Recruit or place cells from the Funding track ...
    for n in (48, 49, 50, 51, 53, 55, 57, 58, 61, 66, 67, 68, 70, 72, 80, 81, 82, 83, 86, 91, 93, 98, 110):
        assert places_cells(n), n
    # ... and not Travel (Schengen Visas, Clean Operatives), the Sadr marker, or plots.
    for n in (54, 74, 79, 87, 96, 104, 116):
        assert not places_cells(n), n


BAD = [
    ("kind", "cards:\n  50: {choices: bogus, source: x}\n", "card 50: choices 'bogus' not one of"),
    ("source", "cards:\n  66: {places_cells: true}\n", "card 66: source missing"),
    ("number", "cards:\n  121: {choices: cells, source: x}\n", "card 121: not a card number 1-120"),
    ("flag", "cards:\n  66: {places_cells: yes please, source: x}\n", "card 66: places_cells must be true or false"),
    ("key", "cards:\n  66: {place_cells: true, source: x}\n", "card 66: keys must be places_cells, choices, source"),
    ("twice", "cards:\n  66: {source: x}\n  66: {source: y}\n", "line 3, column 3: invalid YAML: duplicate key '66'"),
    ("yaml", "cards:\n  66: {source: [x\n", ": invalid YAML: "),
    ("shape", "- 66\n", "expected a mapping 'cards'"),
]


@pytest.mark.rule("9.4.2.1")
@pytest.mark.parametrize("name,text,message", BAD, ids=[b[0] for b in BAD])
def test_bad_solo_events_file_is_a_one_line_error_naming_the_card(tmp_path, name, text, message):
    path = tmp_path / "solo_events.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_solo_events(path)
    text = str(err.value)
    assert "\n" not in text
    assert text.startswith("solo_events.yaml: ")
    assert message in text


# == 9.4.1: the exception and the abort ===============================================================
@pytest.mark.rule("9.4.1", "9.4.3")
def test_9_4_1_no_cell_on_the_funding_track_cell_event_radicalizes_instead():
    """9.4.1 "ECCEZIONE: Quando non vi sono cellule nella tabella dei Fondi, un evento che porterebbe
    a Reclutare o a porre cellule causa invece la Radicalizzazione (9.4.3)": Homegrown (place a cell
    in the United Kingdom) with all 15 cells on the map is not played; its value Radicalizes."""
    st = lets_roll(countries={"Afghanistan": {"cells": 15}}, funding=5)
    assert st.d["cells_track"] == 0
    on_top(st, 66)
    start_solo(st, "solo_card", card=66)
    drain(st)
    assert 66 not in events_run(st)
    assert "9.4.3" in st.trail
    assert cells(st, "United Kingdom") == 0
    assert st.d["discard"][-1] == 66

    # With one cell on the track the event happens: the cell goes to the United Kingdom.
    st = lets_roll(countries={"Afghanistan": {"cells": 14}, "United Kingdom": {"posture": "hard"}}, funding=5)
    play_card(st, 66, [])
    assert events_run(st) == [66]
    assert cells(st, "United Kingdom") == 1 and st.d["cells_track"] == 0


@pytest.mark.rule("9.4.2.1", "9.4.2.2", "9.4.3")
def test_9_4_2_1_event_plot_without_a_plot_priority_country_is_ignored_and_radicalizes():
    """9.4.2.1: "Per il piazzamento del Complotto, usate Complotto. Se si ha una Radicalizzazione,
    usate il valore della carta per la Radicalizzazione (9.4.3) ed ignorate l'evento". KSM (a plot in
    a non-Islamist-Rule country with a cell) with Funding 9, Prestige Low, a GWOT penalty, no Aid and
    no cell in the United States: no 9.4.2.2 step holds, so no plot is placed; the card's 3 ops
    Radicalize (Funding 9: never a Radicalization plot)."""
    st = lets_roll(countries={"Spain": {"cells": 1, "posture": "soft"}, "Iraq": {"cells": 1},
                              "France": {"posture": "soft"}, "Italy": {"posture": "soft"}},
                   funding=9, prestige=3)
    from cdg_oracle.model.labyrinth.tracks import gwot_penalty
    assert gwot_penalty(st.d) > 0
    on_top(st, 116)
    start_solo(st, "solo_card", card=116)
    drain(st)
    assert "9.4.2.1" in st.trail and "9.4.3" in st.trail
    assert all(not c["plots"] for c in st.d["countries"].values())
    assert 116 in st.d["discard"]

    # Funding 8: "se i Fondi sono inferiori a 9, in qualsiasi paese non Musulmano": Spain gets it.
    st = lets_roll(countries={"Spain": {"cells": 1, "posture": "soft"}, "Iraq": {"cells": 1},
                              "France": {"posture": "soft"}, "Italy": {"posture": "soft"}},
                   funding=8, prestige=3)
    marker_die = 1  # six markers 1, 1, 2, 2, 3, 3: face 1 is a Plot 1
    play_event(st, 116, [marker_die])
    assert country(st, "Spain")["plots"] == [1]


@pytest.mark.rule("9.4.2.1", "6.3.2.2", "9.5")
def test_event_plot_triggered_by_us_operations_is_not_aborted():
    """The 9.4.2.1 abort uses "the card's value": only a card the solo Jihadist plays (9.4.1) has one
    for him. Martyrdom Operation triggered by the US's operations (6.3.2.2) with no Plot-priority
    country still happens: its country is picked at random (9.5)."""
    st = lets_roll(countries={"Spain": {"cells": 1, "posture": "soft"}, "Iraq": {"cells": 1},
                              "France": {"posture": "soft"}, "Italy": {"posture": "soft"}},
                   funding=9, prestige=3)
    # 1-3 Iraq, 4-6 Spain (map order); then two plot markers (six: 1, 1, 2, 2, 3, 3; then five).
    play_event(st, 87, [5, 6, 1], trigger="ops")
    assert "d6 1-3 Iraq, 4-6 Spain" in prompt_with(st, "Martyrdom Operation")
    assert sorted(country(st, "Spain")["plots"]) == [1, 3]
    assert cells(st, "Spain") == 0


# == the choice kinds ===================================================================================
@pytest.mark.rule("9.4.2.1", "9.4.2.2", "9.3.2", "9.3.1")
def test_plot_kind_martyrdom_operation_event_order_good_before_fair():
    """9.4.2.2: "ai Buoni rispetto ai Discreti e poi agli Scadenti se si piazzano complotti mediante
    un evento": both Saudi Arabia (Good) and the Gulf States (Fair) have troops (Prestige 7, above
    Low): the event's plots go to Saudi Arabia (a Plot operation would prefer the Fair one). The
    cell replaced is the Active one (9.3.1); the two markers are random (9.3.2)."""
    st = lets_roll(countries={"Saudi Arabia": {"gov": "good", "troops": 1, "cells": 1, "actives": 1},
                              "Gulf States": {"troops": 1, "cells": 1}})
    from cdg_oracle.model.labyrinth.solo import priorities as prio
    assert prio.plot_groups(st, ["Gulf States", "Saudi Arabia"], event=False)[0] == ["Gulf States"]
    play_card(st, 88, [2, 5])  # markers 1, 1, 2, 2, 3, 3: face 2 -> 1; then 1, 2, 2, 3, 3: face 5 -> 3
    assert sorted(country(st, "Saudi Arabia")["plots"]) == [1, 3]
    assert country(st, "Saudi Arabia")["actives"] == 0 and country(st, "Saudi Arabia")["sleepers"] == 1
    assert country(st, "Gulf States")["plots"] == []


@pytest.mark.rule("9.4.2.1", "9.4.2.2", "9.3.2", "card 96")
def test_plot_kind_danish_cartoons_troops_first_and_the_plot_one():
    """Danish Cartoons: a Muslim country not under Islamist Rule by the Plot priorities (Prestige 7,
    above Low: a country with troops first) and, with no country under Islamist Rule, the Plot 1 it
    specifies (9.3.2: "Fumetti Danesi e Zarqawi piazzano ancora il numero di Complotto
    specificato"): the random marker is one of the two Plot 1 markers. With Islamist Rule "un
    qualsiasi complotto disponibile": any of the six."""
    st = lets_roll(countries={"Iraq": {"troops": 2}, "Pakistan": {"cells": 1},
                              "Afghanistan": {"gov": "poor", "align": "neutral"}})
    play_event(st, 96, [{"posture": "soft"}, 6])  # the US selects Scandinavia's Posture; the marker die
    assert country(st, "Scandinavia")["posture"] == "soft"
    assert country(st, "Iraq")["plots"] == [1]
    assert "d6 1-3 1, 4-6 1" in prompt_with(st, "which plot marker")

    st = lets_roll(countries={"Iraq": {"troops": 2}})
    assert country(st, "Afghanistan")["gov"] == "islamist_rule"
    play_event(st, 96, [{"posture": "soft"}, 6])  # markers 1, 1, 2, 2, 3, 3: face 6 is a Plot 3
    assert country(st, "Iraq")["plots"] == [3]


@pytest.mark.rule("9.4.2.1", "9.4.2.4", "card 107")
def test_shift_kind_kurdistan_minor_jihad_priorities_good_first():
    """Kurdistan (worsen Turkey's or Iraq's Governance): a Governance shift uses "Jihad Minore"
    (9.4.2.1), Good countries first (9.4.2.4)."""
    st = lets_roll(countries={"Turkey": {"gov": "fair", "align": "neutral"}, "Iraq": {"gov": "good"}})
    play_event(st, 107, [])
    assert country(st, "Iraq")["gov"] == "fair" and country(st, "Turkey")["gov"] == "fair"

    st = lets_roll(countries={"Turkey": {"gov": "good", "align": "neutral"}, "Iraq": {"gov": "fair"}})
    play_event(st, 107, [])
    assert country(st, "Turkey")["gov"] == "fair" and country(st, "Iraq")["gov"] == "fair"


@pytest.mark.rule("9.4.2.1", "9.4.2.4", "card 77")
def test_alignment_kind_al_jazeera_minor_jihad_priorities_fair_before_poor():
    """Al Jazeera (shift a country with troops, Saudi Arabia or a neighbour, toward Adversary): an
    Alignment shift uses "Jihad Minore": Good, then Fair, then Poor (9.4.2.4)."""
    st = lets_roll(countries={"Saudi Arabia": {"troops": 1}, "Gulf States": {"troops": 1}})
    assert country(st, "Saudi Arabia")["gov"] == "poor" and country(st, "Gulf States")["gov"] == "fair"
    play_card(st, 77, [])
    assert country(st, "Gulf States")["align"] == "neutral"
    assert country(st, "Saudi Arabia")["align"] == "ally"


@pytest.mark.rule("9.4.2.1", "9.5", "card 50")
def test_cells_kind_ansar_al_islam_the_solo_example_fifty_fifty():
    """IT solo example: "La scelta del paese per il piazzamento della cellula (tra Iraq e Iran) è
    casuale (9.4.2.1) ed il tiro di dado 50-50 porta al piazzamento in Iraq"."""
    st = lets_roll()
    play_card(st, 50, [4])
    assert "d6 1-3 Iran, 4-6 Iraq" in prompt_with(st, "Ansar al-Islam")
    assert cells(st, "Iraq") == 1 and cells(st, "Iran") == 0
    assert 50 in st.d["removed"]


@pytest.mark.rule("9.4.2.1", "9.5", "card 110")
def test_cells_kind_zarqawi_random_with_the_plot_two():
    """9.4.2.1: "per il piazzamento di cellule e complotto di Zarqawi seguite il piazzamento delle
    cellule" (random, 9.5), and the Plot 2 it specifies (9.3.2)."""
    st = lets_roll(countries={"Iraq": {"troops": 1}, "Syria": {"troops": 1}})
    play_event(st, 110, [5])  # 1-3 Iraq, 4-6 Syria
    assert "d6 1-3 Iraq, 4-6 Syria" in prompt_with(st, "Zarqawi")
    assert cells(st, "Syria") == 3 and country(st, "Syria")["plots"] == [2]


@pytest.mark.rule("9.4.2.1", "9.5", "card 86")
@pytest.mark.reading("P09")
def test_shia_mix_kind_lebanon_war():
    """9.4.2.1: "Per la Guerra del Libano, tirate sulla tabella Misto Sciita": three dice summed
    (9.5), 3 + 4 + 4 = 11: Iraq (data/solo_tables.yaml)."""
    st = lets_roll()
    us_card = st.d["hands"]["US"][0]
    play_card(st, 86, [{"card": us_card}, 3, 4, 4])
    assert cells(st, "Iraq") == 1
    assert us_card in st.d["discard"]

    # Ruling solo_shia_mix_table "uniform": one uniform chance node over the Shia-Mix countries.
    st = lets_roll(rulings={"solo_shia_mix_table": "uniform"})
    on_top(st, 86)
    start_solo(st, "solo_card", card=86)
    solo_feed(st, [{"card": st.d["hands"]["US"][0]}])
    outcomes = st.chance_outcomes()
    assert [o["country"] for o, _ in outcomes] == [n for n in st.map.names if st.map.countries[n].type == "shia_mix"]
    assert len({p for _, p in outcomes}) == 1
    solo_feed(st, [{"country": "Yemen"}])
    solo_feed(st, [2])  # Yemen is untested: its test
    assert finished(st) and cells(st, "Yemen") == 1


def jaysh_position(reading: str) -> LabyrinthState:
    """Three possible Jaysh al-Mahdi countries (Shia-Mix, cells and troops): Saudi Arabia Good,
    Iraq and the Gulf States Fair."""
    return lets_roll(rulings={"solo_shia_mix_nearest": reading},
                     countries={"Saudi Arabia": {"gov": "good", "troops": 1, "cells": 1},
                                "Iraq": {"gov": "fair", "troops": 2, "cells": 1},
                                "Gulf States": {"troops": 1, "cells": 1}})


@pytest.mark.rule("9.4.2.1", "9.5", "9.5.1", "card 106")
@pytest.mark.parametrize("reading,worsened", [("always", "Saudi Arabia"), ("if_unmarked", "Iraq")])
def test_shia_mix_nearest_jaysh_al_mahdi_possible_result(reading, worsened):
    """9.4.2.1: "Per Iran e Jaysh Al-Mahdi, tirate sulla tabella Misto Sciita (9.5), testate se il
    paese risultante è Neutro, poi cercate il paese adatto più vicino che sia a Buon Governo e poi a
    Governo Discreto". The roll 3 + 4 + 4 = 11 gives Iraq (Fair, a possible country).
    "always" (IT/PL, D20): the nearest possible Good country, Saudi Arabia (adjacent), is worsened;
    "if_unmarked" (ES): Iraq is marked, so it is used as rolled."""
    st = jaysh_position(reading)
    play_event(st, 106, [3, 4, 4])
    assert country(st, "Iraq")["gov"] == ("fair" if worsened == "Saudi Arabia" else "poor")
    assert country(st, "Saudi Arabia")["gov"] == ("fair" if worsened == "Saudi Arabia" else "good")
    assert country(st, "Gulf States")["gov"] == "fair"


@pytest.mark.rule("9.4.2.1", "9.5", "9.5.1", "4.9.4", "card 106")
@pytest.mark.parametrize("reading,worsened", [("always", "Saudi Arabia"), ("if_unmarked", "Iraq")])
def test_shia_mix_nearest_jaysh_al_mahdi_result_not_possible(reading, worsened):
    """The roll 3 + 2 + 2 = 7 gives Lebanon: unmarked, it is tested (die 1: Poor), and it has no
    cell or troops, so it is not possible. "always": the nearest possible Good country, Saudi Arabia
    (the only one); "if_unmarked": the nearest possible country by 9.5.1, Iraq (two away, through
    Syria; Saudi Arabia and the Gulf States are three away)."""
    st = jaysh_position(reading)
    assert st.map.distance("Lebanon", "Iraq") == 2
    assert st.map.distance("Lebanon", "Saudi Arabia") == st.map.distance("Lebanon", "Gulf States") == 3
    play_event(st, 106, [3, 2, 2, 1])
    assert country(st, "Lebanon")["gov"] == "poor"
    assert country(st, worsened)["gov"] == ("fair" if worsened == "Saudi Arabia" else "poor")
    others = {"Saudi Arabia": "good", "Iraq": "fair"}
    other = "Iraq" if worsened == "Saudi Arabia" else "Saudi Arabia"
    assert country(st, other)["gov"] == others[other]


@pytest.mark.rule("9.4.2.1", "9.5", "4.9.4", "card 106")
@pytest.mark.parametrize("reading", ["always", "if_unmarked"])
def test_shia_mix_nearest_rolls_and_tests_even_with_one_possible_country(reading):
    """Issue 14, item 3: 9.4.2.1 "tirate sulla tabella Misto Sciita (9.5), testate se il paese
    risultante è Neutro, poi cercate il paese adatto più vicino" holds when only one country is
    possible too: the roll is made and its result tested. Iraq alone has cells and troops; the roll
    3 + 2 + 2 = 7 gives Lebanon, untested: tested (die 1, Poor), then Iraq is worsened."""
    st = lets_roll(rulings={"solo_shia_mix_nearest": reading},
                   countries={"Iraq": {"gov": "fair", "troops": 2, "cells": 1}})
    assert country(st, "Lebanon")["gov"] is None
    play_event(st, 106, [3, 2, 2, 1])
    assert country(st, "Lebanon")["gov"] == "poor"
    assert country(st, "Lebanon")["align"] == "neutral"
    assert country(st, "Iraq")["gov"] == "poor"


@pytest.mark.rule("9.4.2.1", "9.5.1", "card 104")
@pytest.mark.reading("D20")
def test_shia_mix_nearest_iran_nearest_fair_when_no_good():
    """Iran (any Shia-Mix country is possible): the roll 11, Iraq (Poor). No Shia-Mix country is
    Good; the nearest Fair one to Iraq is the Gulf States (adjacent; Pakistan, Fair, is two away):
    "always" selects it and rolls its two Jihad dice there; "if_unmarked" keeps Iraq."""
    st = lets_roll()
    play_event(st, 104, [3, 4, 4, 1, 6])  # Shia-Mix 11; Jihad dice 1 (success) and 6
    assert country(st, "Gulf States")["gov"] == "poor"
    assert "Gulf States" in prompt_with(st, "Iran: Jihad die 1")
    st = lets_roll(rulings={"solo_shia_mix_nearest": "if_unmarked"})
    play_event(st, 104, [3, 4, 4, 1, 6])
    assert "Iraq" in prompt_with(st, "Iran: Jihad die 1")
    # The pure function, both readings, from Iraq:
    names = [n for n in st.map.names if st.map.countries[n].type == "shia_mix"]
    assert shia_mix_candidates(st, "Iraq", names, "always") == ["Gulf States"]
    assert shia_mix_candidates(st, "Iraq", names, "if_unmarked") == ["Iraq"]


@pytest.mark.rule("9.4.2.1", "9.5", "9.5.1", "card 82")
def test_global_nearest_kind_jihadist_videos():
    """9.4.2.1: "Per Video della Jihad ... tirate sulla tabella Globale (9.5) e trovate il paese più
    vicino che soddisfa la condizione" (a country without cells). The Global table's cells are in no
    source: a uniform chance node stands for it (flagged as a gap). The table gives Somalia, which
    has cells: its neighbours without cells are all one away, a die among them in map order."""
    st = lets_roll(countries={"Somalia": {"cells": 2}, "Iraq": {"troops": 1}}, funding=5)
    on_top(st, 82)
    start_solo(st, "solo_card", card=82)
    assert st.decision().get("gap")
    neighbours = [n for n in st.map.names if st.map.are_adjacent("Somalia", n)]
    assert neighbours == ["Kenya/Tanzania", "Sudan", "Yemen"]
    solo_feed(st, [{"country": "Somalia"}, 5])  # 1-2 Kenya/Tanzania, 3-4 Sudan, 5-6 Yemen
    assert "1-2 Kenya/Tanzania, 3-4 Sudan, 5-6 Yemen" in st.prompts[-1]
    solo_feed(st, [{"country": "Iraq"}, {"country": "Gulf States"}])  # no cells: used as rolled
    frame = next(f for f in st.d["stack"] if f["proc"] == "event_82")
    assert frame["chosen"] == ["Yemen", "Iraq", "Gulf States"]
    drain(st)
    assert all(cells(st, n) == 1 or country(st, n)["cadre"] for n in ("Yemen", "Iraq", "Gulf States"))


@pytest.mark.rule("9.4.2.1", "9.2", "card 53")
def test_global_nearest_kind_madrassas_second_card():
    """Madrassas "inclusa la carta seguente": each Recruit die of the second card goes to the
    country the Global table gives, or the nearest Madrassas site (a cell, a Cadre, or worse than
    Fair). Madrassas's own Recruit (P15 default) is picked the same way, before the second card's."""
    st = lets_roll(countries={"Iraq": {"cells": 1}}, funding=5)
    second = 2  # a 1-op US card whose event the Jihadist never triggers (9.4.1)
    on_top(st, second)
    on_top(st, 53)
    start_solo(st, "solo_jihadist_phase")
    assert st.decision().get("gap")
    solo_feed(st, [{"country": "Iraq"}, 1])  # Madrassas's own die: Iraq, 1 succeeds (Poor: 1-3)
    assert cells(st, "Iraq") == 2 and st.decision().get("gap")
    solo_feed(st, [{"country": "Iraq"}, 1])  # the second card's die: the same
    assert cells(st, "Iraq") == 3
    assert 53 in st.d["discard"] and second in st.d["discard"]


@pytest.mark.rule("9.4.2.1", "9.4.2.6", "9.4.2.6.1", "9.5", "card 74")
def test_schengen_kind_schengen_visas_to_boxes_then_the_schengen_table():
    """9.4.2.1: "Per lo Spostamento Visti di Schengen, iniziate nella casella indicata A per
    scegliere le destinazioni, tirando sulla tabella di Schengen se vi sono più possibilità ... usate
    DA per l'origine". US Hard: the fourth "To" box is an unmarked non-Muslim country -- of the
    Schengen countries only Germany -- for one cell; the other cell's destination is the Schengen
    table (die 4: France). Origins ("DA"): an Islamist Rule country with more cells than the card's
    value 2, Afghanistan (5 cells), for both."""
    schengen = {n: {"posture": "hard"} for n in ("Benelux", "Eastern Europe", "France", "Italy",
                                                 "Scandinavia", "Spain")}
    st = lets_roll(countries={**schengen, "Afghanistan": {"cells": 5}})
    assert st.d["us_posture"] == "hard" and country(st, "Germany")["posture"] is None
    play_card(st, 74, [4, 2])  # the Schengen table die (4: France); Germany's test when a cell arrives
    assert cells(st, "Germany") == 1 and cells(st, "France") == 1
    assert cells(st, "Afghanistan") == 3
    assert "Schengen table" in prompt_with(st, "Schengen Visas")


@pytest.mark.rule("9.4.2.1", "9.4.2.6.1", "card 79")
def test_united_states_kind_clean_operatives_origins_from_the_from_box():
    """9.4.2.1: "Per Operativi Puliti, la destinazione delle due cellule sono gli STATI UNITI ... usate
    DA per l'origine". Afghanistan (Islamist Rule, 2 cells, not more than the card's 3); Iraq
    (Regime Change, 2 cells, 1 troop): more cells than troops, the first origin; then Iraq has 1
    cell for 1 troop, and Canada, adjacent to the United States, is the second."""
    st = lets_roll(countries={"Afghanistan": {"cells": 2}, "Iraq": {"cells": 2, "troops": 1, "rc": "tan"},
                              "Canada": {"cells": 1, "posture": "hard"}})
    assert st.map.are_adjacent("United States", "Canada")
    play_card(st, 79, [])
    assert cells(st, "United States") == 2
    assert cells(st, "Iraq") == 1 and cells(st, "Canada") == 0 and cells(st, "Afghanistan") == 2


@pytest.mark.rule("9.4.2.6.1", "card 79")
def test_clean_operatives_last_cell_of_a_regime_change_country_travels_in_place():
    """9.4.2.6.1 (the "DA" box the event uses): "Se si sposta l'ultima cellula in un paese con ...
    Cambio di Regime, si sposta entro il paese ... invece della destinazione scelta"."""
    st = lets_roll(countries={"Iraq": {"actives": 1, "rc": "tan"}, "Canada": {"cells": 1, "posture": "hard"}})
    play_card(st, 79, [])
    assert country(st, "Iraq")["sleepers"] == 1 and country(st, "Iraq")["actives"] == 0
    assert cells(st, "United States") == 1 and cells(st, "Canada") == 0


@pytest.mark.rule("9.4.2.1", "9.5", "card 109")
def test_random_kind_tora_bora_and_the_card_drawn_goes_on_top():
    """Tora Bora: which Regime Change country loses its 2 cells has no priority: a 9.5 die (1-3
    Afghanistan, 4-6 Iraq); the card the Jihadist draws goes on top of his stack (9.2)."""
    st = lets_roll(countries={"Afghanistan": {"cells": 2, "rc": "tan", "troops": 1},
                              "Iraq": {"cells": 3, "rc": "tan", "troops": 1}})
    drawn = st.d["deck"][0]
    play_event(st, 109, [5, 3, 1, 1, {"card": drawn}])  # die 5 Iraq; Prestige roll 3, 1, 1
    assert "d6 1-3 Afghanistan, 4-6 Iraq" in prompt_with(st, "Tora Bora")
    assert cells(st, "Iraq") == 1 and cells(st, "Afghanistan") == 2
    assert st.d["hands"]["Jihadist"][0] == drawn


# == 9.6 =================================================================================================
def kgb_position(soft: list[str]) -> LabyrinthState:
    return lets_roll(countries={n: {"posture": "soft"} for n in soft})


@pytest.mark.rule("9.6", "card 62", "4.7.2")
def test_9_6_ex_kgb_caucasus_when_it_changes_the_world_posture():
    """9.6: "EX-KGB: Attaccate il Caucaso se questo varierebbe la Postura del Mondo (4.7.2),
    altrimenti l'ASIA CENTRALE". The solo example: "Non essendoci in Russia il segnalino CTR, e il
    definire il Caucaso Morbido sposterebbe il segnalino del Mondo, questo evento pone il Caucaso a
    Morbido". US Hard; World Hard 1 (Israel): the Caucasus Soft makes it even."""
    st = kgb_position([])
    assert world_posture(st.d) == 1
    play_card(st, 62, [])
    assert country(st, "Caucasus")["posture"] == "soft"
    assert world_posture(st.d) == 0
    assert country(st, "Central Asia")["gov"] is None


@pytest.mark.rule("9.6", "card 62", "4.7.2")
def test_9_6_ex_kgb_central_asia_when_the_world_posture_would_not_change():
    """World Soft 3 already (the track ends at 3): the Caucasus Soft would not move it, so Central
    Asia is tested and shifted toward Adversary."""
    st = kgb_position(["France", "Germany", "Spain", "Italy", "Benelux"])
    assert world_posture(st.d) == -3
    play_card(st, 62, [3])  # the test of Central Asia (4.9.3: 3 is Poor)
    assert country(st, "Caucasus")["posture"] is None
    assert country(st, "Central Asia")["gov"] == "poor" and country(st, "Central Asia")["align"] == "adversary"


@pytest.mark.rule("9.6", "card 62", "card 3")
def test_9_6_ex_kgb_ctr_in_russia_is_removed_without_a_choice():
    st = kgb_position([])
    place_marker(st, 3, "Russia")
    play_card(st, 62, [])
    assert "CTR" not in country(st, "Russia")["markers"]
    assert country(st, "Caucasus")["posture"] is None


@pytest.mark.rule("9.6", "9.4.2.4", "card 84")
def test_9_6_leak_random_among_the_markers_present():
    """9.6: "Fuga di Notizie: Scegliete a caso tra i segnalini di Misure Rafforzate, Traduzioni e
    Intercettazioni presenti nella Casella degli Eventi". Mission Accomplished? has all three: a die
    1-2 / 3-4 / 5-6 in the order offered; 3 flips Renditions. The Ally shifted to Neutral is an
    Alignment shift (Minor Jihad): Fair Allies first, Pakistan first among them."""
    st = solo_position("mission_accomplished")
    assert st.d["events_in_effect"] == ["Enhanced Measures", "Renditions", "Wiretapping"]
    play_card(st, 84, [3, 6, 6, 1, 1])  # marker; US Posture roll; Prestige roll
    assert "1-2 34, 3-4 44, 5-6 31" in prompt_with(st, "Leak: flip which marker")
    assert "Leak [Renditions]" in st.d["events_in_effect"] and "Renditions" not in st.d["events_in_effect"]
    assert country(st, "Pakistan")["align"] == "neutral"
    assert country(st, "Gulf States")["align"] == "ally"

    # Two markers present: 1-3 / 4-6.
    st = solo_position("mission_accomplished")
    st.d["events_in_effect"].remove("Enhanced Measures")
    play_card(st, 85, [2, 6, 6, 1, 1])
    assert "1-3 44, 4-6 31" in prompt_with(st, "Leak: flip which marker")
    assert "Leak [Renditions]" in st.d["events_in_effect"]


@pytest.mark.rule("9.6", "card 117")
def test_9_6_oil_price_spike_random_among_the_highest_value_jihadist_cards_of_the_discard_pile():
    """9.6: "Picco del Prezzo del Petrolio: Pescate a caso dal mazzo degli scarti tra le carte con
    evento associato alla jihad di valore più elevato". The discard pile holds two 3-value Jihadist
    cards, a 2-value one and a US card: a uniform draw between the two 3s; the card goes on top of
    the stack (9.2)."""
    st = lets_roll()
    to_discard(st, 76, 83, 60, 12)
    assert oil_spike_cards(st) == [76, 83]
    assert solo_event_playable(st, 117)
    start_solo(st, "event", card=117, side="Jihadist", trigger="play")
    assert sorted((o["card"], p) for o, p in st.chance_outcomes()) == [(76, 0.5), (83, 0.5)]
    solo_feed(st, [{"card": 83}])
    assert finished(st)
    assert st.d["hands"]["Jihadist"][0] == 83
    assert 83 not in st.d["discard"]


@pytest.mark.rule("9.6", "9.4.1", "card 117")
def test_9_6_oil_price_spike_without_a_jihadist_card_is_used_for_ops_only():
    """9.6: "Se non ve ne sono, usate Picco del Prezzo del Petrolio per operazioni (solamente)": no
    Jihadist-associated card in the discard pile (a US card and an Unassociated one only): the event
    is not playable for the solo Jihadist, whose flowchart then uses the 3 ops (9.4.1)."""
    st = lets_roll(countries={"Gulf States": {"cells": 1}})
    to_discard(st, 12, 100)
    assert oil_spike_cards(st) == [] and not solo_event_playable(st, 117)
    assert not jihadist_event_playable(st, 117), \
        "solo/flow.py jihadist_event_playable must also require solo.events.solo_event_playable (9.6)"
    on_top(st, 117)
    start_solo(st, "solo_card", card=117)
    drain(st)
    assert 117 not in events_run(st)
    assert "9.4.2.4" in st.trail  # the ops: a Minor Jihad in the Gulf States (Fair, a cell)
    assert 12 in st.d["discard"] and 100 in st.d["discard"]


@pytest.mark.rule("9.4.1", "card 47")
def test_card_47_solo_non_us_events_not_playable_this_turn():
    """Card 47, "Solitario: nella Fase di Azione della jihad di questo turno gli eventi non USA non
    sono giocabili"."""
    st = lets_roll()
    assert jihadist_event_playable(st, 66)
    st.d["lapsing"].append(47)
    assert not jihadist_event_playable(st, 66)


# == 9.2: FSB and Intel Community =====================================================================
@pytest.mark.rule("9.2", "card 17")
def test_9_2_fsb_shuffles_the_jihadist_stack_by_chance_nodes():
    """9.2: "Dopo aver risolto FSB, mescolate la mano della jihad". With no nuclear card and no cell
    in Russia or Central Asia, FSB does nothing else; the stack of 3 is redrawn from the top: 2 chance
    nodes, uniform (1/3 each, then 1/2 each)."""
    st = lets_roll()
    st.d["hands"]["Jihadist"] = [50, 66, 95]
    start_solo(st, "event", card=17, side="US", trigger="play")
    assert {o["card"] for o, _ in st.chance_outcomes()} == {50, 66, 95}
    assert [p for _, p in st.chance_outcomes()] == pytest.approx([1 / 3] * 3)
    solo_feed(st, [{"card": 95}])
    assert [p for _, p in st.chance_outcomes()] == [0.5, 0.5]
    solo_feed(st, [{"card": 50}])
    assert finished(st)
    assert st.d["hands"]["Jihadist"] == [95, 50, 66]


@pytest.mark.rule("9.2", "card 17", "6.3.2.3")
def test_9_2_fsb_discards_the_nuclear_cards_then_shuffles():
    st = lets_roll()
    st.d["hands"]["Jihadist"] = [71, 66, 95]
    start_solo(st, "event", card=17, side="US", trigger="play")
    assert {o["card"] for o, _ in st.chance_outcomes()} == {66, 95}
    solo_feed(st, [{"card": 95}])
    assert finished(st) and st.d["hands"]["Jihadist"] == [95, 66] and 71 in st.d["discard"]

    # A cell removed from Central Asia by the US, then the shuffle.
    st = lets_roll(countries={"Central Asia": {"cells": 1, "gov": "fair", "align": "neutral"}})
    st.d["hands"]["Jihadist"] = [66, 95]
    start_solo(st, "event", card=17, side="US", trigger="play")
    solo_feed(st, [{"country": "Central Asia"}, {"card": 95}])
    assert finished(st) and st.d["hands"]["Jihadist"] == [95, 66] and cells(st, "Central Asia") == 0


@pytest.mark.rule("9.2", "card 17")
def test_fsb_two_player_no_shuffle():
    """Two-player: nothing to shuffle (the hand is not a stack)."""
    from tests.labyrinth.harness import play_event as two_player_event, position

    st = position("lets_roll")
    before = list(st.d["hands"]["Jihadist"])
    two_player_event(st, 17, "US", [])
    assert st.d["hands"]["Jihadist"] == before


@pytest.mark.rule("9.2", "card 18")
def test_9_2_intel_community_keeps_the_order():
    """9.2: inspecting for Intel Community changes nothing: the stack keeps its order."""
    st = lets_roll()
    st.d["hands"]["Jihadist"] = [95, 50, 66]
    start_solo(st, "event", card=18, side="US", trigger="play")
    solo_feed(st, [{"op": "reserves"}, "pass"])
    assert finished(st)
    assert st.d["hands"]["Jihadist"] == [95, 50, 66]


# == FAQ: Fatwa in solo =================================================================================
@pytest.mark.rule("card 97", "9.2", "9.4.1")
def test_faq_fatwa_in_solo():
    """FAQ: "(1) Giocate FATWA come evento per la jihad; (2) la jihad dà al giocatore la prima carta
    del mazzo secondo 9.2; (3) il giocatore ... prende una carta a caso dalla sua mano e la pone sopra
    il mazzo della jihad; (4) la jihad effettua poi una operazione da 1 OP con la carta FATWA ...;
    (5) ... dopo la risoluzione di 1 OP derivante dall'evento, risolvete una seconda 1 OP secondo la
    tabella di flusso". The Gulf States (Fair) has 2 cells: each 1 op is a Minor Jihad there
    (9.4.1); both dice fail and each removes a cell."""
    st = lets_roll(countries={"Gulf States": {"cells": 2}}, funding=5)
    st.d["hands"]["Jihadist"] = [97, 95, 66]
    st.d["hands"]["US"] = [2, 4, 6]
    start_solo(st, "solo_card", card=97)
    # (3) a random card of the US hand (a chance node); (2) needs none: the top card, 95.
    assert {o["card"] for o, _ in st.chance_outcomes()} == {2, 4, 6}
    solo_feed(st, [{"card": 4}])
    assert st.d["hands"]["Jihadist"] == [4, 66]
    assert sorted(st.d["hands"]["US"]) == [2, 6, 95]
    solo_feed(st, [6, 6])  # (4) the event's 1 op, then (5) the flowchart's: Minor Jihad dice
    assert finished(st)
    jihad = [p for p in st.prompts if "Gulf States" in p]
    assert len(jihad) == 2
    assert cells(st, "Gulf States") == 0
    assert 97 in st.d["discard"]


# == the sweep ==========================================================================================
# What each card's precondition needs beyond the Mission Accomplished? set-up (troops and Regime
# Change in Iraq and Afghanistan, cells in both, Enhanced Measures, Renditions, Wiretapping in effect).
TWEAKS = {
    48: {"tracks": {"funding": 9}},
    50: {"countries": {"Iraq": {"gov": "fair"}}},
    61: {"disrupted": "Iraq", "tracks": {"events_in_effect": ["Enhanced Measures", "Wiretapping"]}},
    65: {"countries": {"Russia": {"sleepers": 1}, "Central Asia": {"sleepers": 1}}},
    69: {"countries": {"Central Asia": {"sleepers": 1}}},
    71: {"countries": {"Russia": {"sleepers": 1}}},
    72: {"countries": {"Afghanistan": {"sleepers": 2}}},
    73: {"countries": {"Somalia": {"gov": "islamist_rule", "align": "adversary"}}},
    90: {"tracks": {"prestige": 5}},
    92: {"countries": {"Iraq": {"align": "adversary", "rc": None, "troops": 0}}},
    94: {"tested": "Syria"},
    106: {"countries": {"Iraq": {"sleepers": 3}}},
    108: {"countries": {"Pakistan": {"sleepers": 1}}},
    115: {"countries": {"Indonesia/Malaysia": {"sleepers": 1, "align": "ally"}}},
    117: {"discard": [76, 60, 12]},
    118: {"discard": [83, 90, 12]},
}


def sweep_position(n: int) -> LabyrinthState:
    st = solo_position("mission_accomplished")
    if not allowed_in_scenario(st, n):
        st = solo_position("lets_roll", countries={"Iraq": {"troops": 2, "sleepers": 2, "rc": "tan"}})
    d = st.d
    tweak = TWEAKS.get(n, {})
    for name, changes in tweak.get("countries", {}).items():
        d["countries"][name].update(changes)
    for key, value in tweak.get("tracks", {}).items():
        d[key] = value
    if "disrupted" in tweak:
        record(st, "disrupted", tweak["disrupted"])
    if "tested" in tweak:
        record(st, "tested", tweak["tested"])
    to_discard(st, *tweak.get("discard", []))
    conserve(st)
    return on_top(LabyrinthState(d), n)


@pytest.mark.rule("9.4.1", "9.4.2.1", "9.5", "9.6")
@pytest.mark.parametrize("n", [*JIHADIST_CARDS, *UNASSOCIATED_CARDS])
def test_sweep_every_jihadist_and_unassociated_event_by_the_solo_bot(n, monkeypatch):
    """Every Jihadist and Unassociated event, played by the solo Jihadist from the top of his stack
    (``solo_card``) where it is playable, with four seeds of chance outcomes: it happens, no Jihadist
    decision node ever arises, every state round-trips through JSON (``drain``/``check_step``). And
    the data file is complete: every event that asked the bot for a country ("country", "to",
    "from") is listed in ``data/solo_events.yaml``."""
    asked = []
    decide = answers.decide

    def spy(st):
        ev = answers._event_frame(st)
        if ev is not None:
            asked.append((ev["card"], answers._keys(st.d["pending"]["actions"])))
        decide(st)

    monkeypatch.setattr(answers, "decide", spy)
    base = sweep_position(n)
    assert jihadist_event_playable(base, n) and base.d["cells_track"] > 0, f"card {n}: the position does not fit"
    for seed in range(4):
        st = LabyrinthState(json.loads(base.to_json()))   # a copy (a test's position, not a loaded one)
        start_solo(st, "solo_card", card=n)
        st.trail = list(st.trail)
        drain(st, seed)
        assert n in events_run(st), f"card {n}, seed {seed}: the event did not happen"
    unlisted = {card for card, keys in asked if keys & {"country", "to", "from"} and card not in solo_events()}
    assert not unlisted, f"events asking for a country but not in solo_events.yaml: {sorted(unlisted)}"
