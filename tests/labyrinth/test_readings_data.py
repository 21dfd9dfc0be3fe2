"""Readings of the ambiguity registry that change data-like facts of the rules (issue 7, third
wave): the Funding level boundary, the Recruit targets in Iran, the doubtful card flags, the reach
of the Oil Price Spike's +1 Resources and what the Moqtada al-Sadr marker counts for. Each test
builds a position where the readings of one registry entry give different play, and asserts the
exact result under the default reading and under the other one.

Entries and switches (model/labyrinth/rulings.py): A11 ``funding_3_level``, A19 ``iran_recruit``,
A26 ``card_flags``, A39 ``oil_spike_scope``, A09 ``sadr_counts``. The positions start from the
Let's Roll! set-up (Funding 9, 11 cells on the Funding track, Afghanistan Islamist Rule Adversary
with 4 Sleepers, Iraq and Libya Poor Adversary, Syria Fair Adversary, Saudi Arabia Poor Ally and
Gulf States Fair Ally with 2 troops each, Iran with no cell, US Hard).
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.labyrinth import victory
from cdg_oracle.model.labyrinth.cards import ruled_card
from cdg_oracle.model.labyrinth.countries import SADR, cells, resources
from cdg_oracle.model.labyrinth.events.lasting import place_marker
from cdg_oracle.model.labyrinth.events.jihadist_48_71 import madrassas_targets
from cdg_oracle.model.labyrinth.events.play import put_away
from cdg_oracle.model.labyrinth.events.us_17_32 import back_channel_adversaries, back_channel_cards
from cdg_oracle.model.labyrinth.operations import jihadist as jops
from cdg_oracle.model.labyrinth.operations.us import turn_will_be_last
from cdg_oracle.model.labyrinth.solo import priorities as prio
from cdg_oracle.model.labyrinth.tracks import available_cells_of, funding_level_of, hand_sizes_of
from tests.labyrinth.harness import (
    conserve, feed, finished, give, play, play_event, playable, position, run_proc, start_proc,
    with_rulings,
)

J = "Jihadist"


def at(rulings=None, countries=None, **tracks):
    """A Let's Roll position with ``countries``/``tracks`` edited (cubes and cylinders re-balanced),
    under the given Rulings switches."""
    st = position("lets_roll", countries=countries, **tracks)
    conserve(st)
    return with_rulings(st, **(rulings or {}))


def country(st, name):
    return st.d["countries"][name]


def j_start(st, proc: str, value: int):
    return start_proc(st, proc, side=J, card={1: 100, 2: 28, 3: 78}[value], value=value)


def to_zone(st, zone: str, *cards: int) -> None:
    """Move ``cards`` from wherever they are into the pile ``zone`` (``"lapsing"``, ``"in_play"``...)."""
    d = st.d
    for n in cards:
        for z in (d["deck"], d["discard"], d["removed"], d["lapsing"], d["first_plot"], d["in_play"],
                  d["hands"]["US"], d["hands"][J]):
            if n in z:
                z.remove(n)
                break
        d[zone].append(n)


def us_hand(st, *cards: int) -> None:
    """The US hand is exactly ``cards``; the cards it held go back to the deck."""
    d = st.d
    d["deck"] = sorted(d["deck"] + d["hands"]["US"])
    d["hands"]["US"] = []
    give(st, "US", *cards)


# == A11: 4.7.4.1, the level of Funding 3 ======================================================
FUNDING_3 = [("tight", "tight", 7, 1), ("moderate", "moderate", 8, 6)]


@pytest.mark.reading("A11")
@pytest.mark.rule("4.7.4.1", "4.7.4.2", "5.2.8")
@pytest.mark.parametrize("reading, level, hand, available", FUNDING_3)
def test_a11_funding_3_level_hand_and_available_cells(reading, level, hand, available):
    """A11 (``funding_3_level``): 4.7.4.1 "tra 1 e 9 ad indicare i rispettivi Fondi Scarsi, Moderati
    ed Ampli"; the IT solo example: "I Fondi passano da 7 a 3 e quindi da Ampli a Modesti", later
    "con ... i Fondi Scarsi, ... la jihad 7". Funding 3 with 11 cells on the track: "tight"
    (default, the track's thirds): Tight, a 7-card hand (5.2.8), 1 Available cell (11 - 10,
    4.7.4.2); "moderate": Moderate, 8 cards, 6 Available (11 - 5). Funding 2 and 4 are the same
    under both (Tight, Moderate)."""
    st = at({"funding_3_level": reading}, funding=3)
    assert st.d["cells_track"] == 11
    assert funding_level_of(st) == level
    assert hand_sizes_of(st)["Jihadist"] == hand
    assert available_cells_of(st) == available
    for funding, other in ((2, "tight"), (4, "moderate")):
        st.d["funding"] = funding
        assert funding_level_of(st) == other


@pytest.mark.reading("A11")
@pytest.mark.rule("4.7.4.2", "8.2.1", "8.2.3")
@pytest.mark.parametrize("reading, level, hand, available", FUNDING_3)
def test_a11_funding_3_limits_a_recruit(reading, level, hand, available):
    """A11: 8.2.1 "Per ogni tiro di dado che ha successo, una operazione di Reclutamento pone una
    cellula Dormiente Disponibile"; a value-3 Recruit in Islamist Rule Afghanistan (automatic,
    8.1.1) at Funding 3 with 11 cells on the track places 1 cell under "tight" (1 Available), all 3
    under "moderate" (6 Available)."""
    st = at({"funding_3_level": reading}, funding=3)
    run_proc(st, "op_recruit", [{"country": "Afghanistan"}] * 3, side=J, card=78, value=3)
    assert country(st, "Afghanistan")["sleepers"] == 4 + min(3, available)
    assert st.d["cells_track"] == 11 - min(3, available)


@pytest.mark.reading("A11")
@pytest.mark.rule("5.2.8", "3.3")
@pytest.mark.parametrize("reading, level, hand, available", FUNDING_3)
def test_a11_funding_3_deals_the_jihadist_hand(reading, level, hand, available):
    """A11: 5.2.8 deals the Jihadist the cards of his Funding box. At Funding 3 the ``deal``
    procedure gives him 7 cards under "tight", 8 under "moderate"; and with 16 cards left in the
    last deck (the US box Low Intensity, 9 cards) the end-of-turn deal is short (D23's forecast,
    ``turn_will_be_last``) only under "moderate" (7 + 9 = 16 is not short, 8 + 9 = 17 is)."""
    st = at({"funding_3_level": reading}, funding=3)
    assert hand_sizes_of(st)["US"] == 9
    d = st.d
    d["deck"] = sorted(d["deck"] + d["hands"][J] + d["hands"]["US"])
    d["hands"][J], d["hands"]["US"] = [], []
    spare, d["deck"] = d["deck"][16:], d["deck"][:16]
    d["removed"] += spare
    d["reshuffles"] = d["decks"] - 1
    assert turn_will_be_last(st) is (reading == "moderate")
    start_proc(st, "deal")
    while not finished(st):
        st.apply(st.legal_actions()[0])
    assert len(d["hands"][J]) == hand


# == A19: 4.4 Iran and Recruit =================================================================
@pytest.mark.reading("A19")
@pytest.mark.rule("4.4", "8.2.2", "8.2.1")
@pytest.mark.parametrize("reading", [True, False])
def test_a19_recruit_in_iran(reading):
    """A19 (``iran_recruit``): 4.4 "L'IRAN è un tipo speciale di paese (... né "musulmano" né "non
    musulmano")"; 8.4 excludes it from Jihad ("Musulmani (non IRAN)"), 8.5.1 includes it in Plot,
    8.2.2 ("Il paese deve già avere una cellula o un quadro") says nothing. Iran (Fair) with 1
    Sleeper: True (default, the explicit lists) makes it a Recruit site, and a die of 2 recruits a
    second cell there; False closes it: not offered (Plot there stays open under both)."""
    st = at({"iran_recruit": reading}, countries={"Iran": {"sleepers": 1}})
    assert ("Iran" in jops.recruit_targets(st)) is reading
    assert "Iran" in jops.plot_targets(st, {"dice": []})
    j_start(st, "op_recruit", 1)
    assert ({"country": "Iran"} in st.legal_actions()) is reading
    if reading:
        feed(st, [{"country": "Iran"}, 2])
        assert finished(st)
        assert country(st, "Iran")["sleepers"] == 2


@pytest.mark.reading("A19")
@pytest.mark.rule("4.4", "8.1.3", "8.2.2", "card 53")
@pytest.mark.parametrize("reading", [True, False])
def test_a19_iran_the_only_recruit_site(reading):
    """A19: with the only cells of the map in Iran, 8.1.3's Recruit is an available operation only
    under True; Madrassas' "Usate la seconda carta per Reclutare" (card 53, an 8.2.2 site or a
    country worse than Fair) may target Iran only under True (Iran is Fair, so only its cell makes
    it a site)."""
    st = at({"iran_recruit": reading}, countries={"Iran": {"sleepers": 1}, "Afghanistan": {"sleepers": 0}})
    assert ({"op": "recruit"} in jops.available_ops(st, 1)) is reading
    assert ("Iran" in madrassas_targets(st)) is reading
    assert "Iraq" in madrassas_targets(st)          # Poor: a Madrassas site under both


# == A26: the doubtful card flags (Hijab #35, Saleh #119, US Election #120) =====================
@pytest.mark.reading("A26")
@pytest.mark.rule("6.2.7", "6.2.9")
@pytest.mark.parametrize("reading, hijab, saleh, election", [
    ("it_list", (False, True), True, True),              # (remove, mark), lapsing, lapsing
    ("implementation_a", (True, False), False, False),
])
def test_a26_flags_the_model_reads(reading, hijab, saleh, election):
    """A26 (``card_flags``): the IT card list prints Hijab #35 "INDICARE" (MARK), Saleh #119 and US
    Election #120 "TEMPORANEO" (LAPSING); implementation A: Hijab REMOVE not MARK, Saleh and US
    Election not LAPSING. ``ruled_card`` gives the flags under each reading; FATA #80 (MARK) and
    Tora Bora #109 (REMOVE) are the same under both."""
    st = at({"card_flags": reading})
    h = ruled_card(st, st.cards[35])
    assert (h.remove, h.mark) == hijab
    assert ruled_card(st, st.cards[119]).lapsing is saleh
    assert ruled_card(st, st.cards[120]).lapsing is election
    assert ruled_card(st, st.cards[80]).mark and ruled_card(st, st.cards[109]).remove
    assert st.cards[35].mark and not st.cards[35].remove        # the data file is untouched


@pytest.mark.reading("A26")
@pytest.mark.rule("6.2.7", "6.2.9", "card 35")
@pytest.mark.parametrize("reading, zone, events_box", [
    ("it_list", "discard", ["Hijab"]),
    ("implementation_a", "removed", []),
])
def test_a26_hijab_played_as_an_event(reading, zone, events_box):
    """A26: Hijab #35 played by the US as an event (no Islamist Rule country: Afghanistan made
    Poor): Turkey tested and improved, France's Posture set, Funding -2 under both readings. Under
    "it_list" its marker goes to the Events box (MARK, 6.2.7) and the card to the discard pile;
    under "implementation_a" no marker and the card is removed from the game (REMOVE, 6.2.9)."""
    st = at({"card_flags": reading}, countries={"Afghanistan": {"gov": "poor"}})
    play(st, "US", 35, [{"use": "event"}, 5, {"posture": "soft"}])
    d = st.d
    assert 35 in d[zone] and 35 not in d["discard" if zone == "removed" else "removed"]
    assert d["events_in_effect"] == events_box
    assert d["funding"] == 7 and country(st, "France")["posture"] == "soft"


@pytest.mark.reading("A26")
@pytest.mark.rule("6.2.7", "4.7.7.1", "5.2.6", "card 119")
@pytest.mark.parametrize("reading, zone", [("it_list", "lapsing"), ("implementation_a", "discard")])
def test_a26_saleh_played_as_an_event(reading, zone):
    """A26: Saleh #119 played by the US as an event (Yemen tested Poor, shifted to Ally with 1 Aid
    under both readings): the card goes to the Lapsing box under "it_list" (LAPSING, 4.7.7.1:
    it stays there until the end of the turn, 5.2.6), to the discard pile under
    "implementation_a"."""
    st = at({"card_flags": reading})
    play(st, "US", 119, [{"use": "event"}, 5])
    d = st.d
    assert (119 in d["lapsing"], 119 in d["discard"]) == (zone == "lapsing", zone == "discard")
    assert (country(st, "Yemen")["align"], country(st, "Yemen")["aid"]) == ("ally", 1)


@pytest.mark.reading("A26")
@pytest.mark.rule("6.2.7", "4.7.7.1", "6.3.1", "card 120")
@pytest.mark.parametrize("reading, zone", [("it_list", "lapsing"), ("implementation_a", "discard")])
def test_a26_us_election_put_away_after_its_event(reading, zone):
    """A26: US Election #120, its automatic event having happened (6.3.1), is put away to the
    Lapsing box under "it_list" (TEMPORANEO), to the discard pile under "implementation_a"; a card
    whose event did not happen goes to the discard pile under both."""
    st = at({"card_flags": reading})
    to_zone(st, "in_play", 120)
    put_away(st, 120, "US")
    assert 120 in st.d[zone] and st.d["in_play"] == []
    to_zone(st, "in_play", 119)
    put_away(st, 119, None)
    assert 119 in st.d["discard"]


# == A39: cards 117/118 Oil Price Spike, the reach of the +1 Resources ===========================
def spiked(reading, **kw):
    """A position with Oil Price Spike #117 in the Lapsing box (in effect this turn, 4.7.7.1)."""
    st = at({"oil_spike_scope": reading}, **kw)
    to_zone(st, "lapsing", 117)
    return st


@pytest.mark.reading("A39")
@pytest.mark.rule("4.2.6", "2.1.2", "card 117")
@pytest.mark.parametrize("reading, outside", [("everywhere", 4), ("victory_only", 3)])
def test_a39_resources_for_victory_and_outside(reading, outside):
    """A39 (``oil_spike_scope``): 4.2.6 "Il valore della Risorsa di questi paesi è di uno superiore
    per ogni evento di Picco del Prezzo del Petrolio". Iraq (printed 3, oil) with a Spike: 4 for
    victory under both readings (an Islamist Rule Iraq then totals 4 + Afghanistan 1 = 5);
    outside victory 4 under "everywhere" (default), 3 under "victory_only". Syria (no oil) is 2
    everywhere."""
    st = spiked(reading, countries={"Iraq": {"gov": "islamist_rule"}})
    assert resources(st, "Iraq") == 4
    assert victory.islamist_resources(st) == 5
    assert resources(st, "Iraq", for_victory=False) == outside
    assert resources(st, "Syria", for_victory=False) == resources(st, "Syria") == 2


@pytest.mark.reading("A39")
@pytest.mark.rule("8.4.4", "8.4.2", "card 117")
@pytest.mark.parametrize("reading, funding", [("everywhere", 7), ("victory_only", 6)])
def test_a39_islamic_revolution_funding(reading, funding):
    """A39: 8.4.4 "incrementate i Fondi dell'ammontare delle Risorse di quel paese". A Major Jihad
    (value 2, two 1s) makes Poor Iraq (5 Sleepers, no troops) Islamist Rule while a Spike is in
    effect: Funding 3 + 4 = 7 under "everywhere", 3 + 3 = 6 under "victory_only"."""
    st = spiked(reading, funding=3, countries={"Iraq": {"sleepers": 5}})
    run_proc(st, "op_jihad", [{"country": "Iraq"}] * 2 + [{"major": True}, 1, 1], side=J, card=28, value=2)
    assert country(st, "Iraq")["gov"] == "islamist_rule"
    assert st.d["funding"] == funding


@pytest.mark.reading("A39")
@pytest.mark.rule("card 32", "card 117", "4.2.6")
@pytest.mark.parametrize("reading, iraq", [("everywhere", False), ("victory_only", True)])
def test_a39_back_channel(reading, iraq):
    """A39: card 32 Back Channel "se avete un'altra carta dell'esatto valore delle risorse di un
    Avversario". US Soft, a Spike in effect, the US hand Back Channel and Libyan WMD #39 (value 3).
    The Adversaries: Afghanistan 1, Libya 1 + 1 (oil), Syria 2, Iraq 3 + 1 (oil). Under
    "everywhere" no Adversary has 3 Resources: the event is not playable; under "victory_only" Iraq
    has 3: the US discards #39 and Iraq becomes Neutral with 1 Aid."""
    st = spiked(reading, us_posture="soft")
    us_hand(st, 32, 39)
    assert back_channel_adversaries(st, 3) == (["Iraq"] if iraq else [])
    assert back_channel_cards(st, "US") == ([39] if iraq else [])
    assert playable(st, "US", 32) is iraq
    if iraq:
        play_event(st, 32, "US", [{"discard": 39}, {"country": "Iraq"}])
        assert (country(st, "Iraq")["align"], country(st, "Iraq")["aid"]) == ("neutral", 1)
        assert 39 in st.d["discard"]


@pytest.mark.reading("A39")
@pytest.mark.rule("9.4.2.6", "9.4.2.3", "card 117")
@pytest.mark.parametrize("reading, groups", [
    ("everywhere", [["Libya", "Syria"]]),
    ("victory_only", [["Syria"], ["Libya"]]),
])
def test_a39_solo_priorities_by_resources(reading, groups):
    """A39: the solo priorities break ties by "le Risorse maggiori" (9.4.2.6 Travel destinations,
    9.4.2.3 Major Jihad, 9.4.2.4, 9.4.2.5). Syria (2) and Libya (1, oil) with a Spike: tied at 2
    under "everywhere" (one group, map order), Syria first under "victory_only" (printed 2 > 1)."""
    st = spiked(reading)
    assert prio.destination_groups(st, ["Libya", "Syria"]) == groups


# == A09: card 54 Moqtada al-Sadr, what the Sadr cell counts for =================================
def sadr_at(reading, iraq=None, **tracks):
    """A Let's Roll position with Sadr on Iraq (card 54's marker) under ``sadr_counts`` ``reading``."""
    st = at({"sadr_counts": reading}, countries={"Iraq": dict(iraq or {})}, **tracks)
    place_marker(st, 54, "Iraq")
    return st


READINGS_A09 = ["as_cell", "iraq_event_only"]


@pytest.mark.reading("A09")
@pytest.mark.rule("card 54", "2.1.1", "8.2.2")
@pytest.mark.parametrize("reading", READINGS_A09)
def test_a09_no_cells_win_and_recruit(reading):
    """A09 (``sadr_counts``): card 54 "È una cellula attiva ma non può spostarsi o essere
    disorganizzata"; 2.1.1 "non vi sono Cellule della jihad in alcun paese sulla mappa"; 8.2.2 "Il
    paese deve già avere una cellula o un quadro". Sadr the only cell on the map (Afghanistan
    emptied): "as_cell" (default) -- no US win, Iraq a Recruit site; "iraq_event_only" -- the US
    wins (2-player), Iraq is no Recruit site. Events count Sadr under both (``cells``)."""
    st = sadr_at(reading)
    country(st, "Afghanistan")["sleepers"] = 0
    conserve(st)
    as_cell = reading == "as_cell"
    assert cells(country(st, "Iraq")) == 1
    assert victory.us_instant_win(st) == (None if as_cell else "no Jihadist cells on the map (2.1.1)")
    assert ("Iraq" in jops.recruit_targets(st)) is as_cell


@pytest.mark.reading("A09")
@pytest.mark.rule("card 54", "8.4", "8.5.1")
@pytest.mark.parametrize("reading", READINGS_A09)
def test_a09_jihad_and_plot_dice(reading):
    """A09: 8.4 "Almeno una cellula deve essere presente in ciascun paese per ciascun tiro di dado";
    8.5.1 likewise. Sadr and 1 Sleeper in Poor Iraq: two Jihad (or Plot) dice may go there under
    "as_cell", one under "iraq_event_only"; with Sadr alone, Iraq is a Jihad and Plot target only
    under "as_cell"."""
    st = sadr_at(reading, {"sleepers": 1})
    dice = 2 if reading == "as_cell" else 1
    for targets in (jops.jihad_targets, jops.plot_targets):
        assert ("Iraq" in targets(st, {"dice": ["Iraq"] * (dice - 1)})) is True
        assert ("Iraq" in targets(st, {"dice": ["Iraq"] * dice})) is False
    country(st, "Iraq")["sleepers"] = 0
    conserve(st)
    assert ("Iraq" in jops.jihad_targets(st, {"dice": []})) is (reading == "as_cell")
    assert ("Iraq" in jops.plot_targets(st, {"dice": []})) is (reading == "as_cell")


@pytest.mark.reading("A09")
@pytest.mark.rule("card 54", "8.4.2")
@pytest.mark.parametrize("reading", READINGS_A09)
def test_a09_major_jihad_margin(reading):
    """A09: 8.4.2 Major Jihad needs cells exceeding troops by 5. Sadr and 4 Sleepers in Poor Iraq,
    no troops, a value-2 Jihad with both dice there: "as_cell" counts 5 and asks whether it is a
    Major Jihad; "iraq_event_only" counts 4: no Major Jihad, the dice are rolled at once."""
    st = sadr_at(reading, {"sleepers": 4})
    j_start(st, "op_jihad", 2)
    feed(st, [{"country": "Iraq"}] * 2)
    if reading == "as_cell":
        assert st.legal_actions() == [{"major": True}, {"major": False}]
    else:
        assert st.current_player() == "chance"
    assert jops.major_jihad_eligible(st, "Iraq", 2, 2) is (reading == "as_cell")


@pytest.mark.reading("A09")
@pytest.mark.rule("card 54", "8.4", "8.4.3")
@pytest.mark.parametrize("reading", READINGS_A09)
def test_a09_jihad_failure_and_sadr(reading):
    """A09: 8.4.3 each failed die removes a cell; card 54 "Se la cellula viene rimossa, rimuovete
    il segnalino dal gioco". Sadr and 1 Sleeper in Poor Iraq, one die, which fails (6). "as_cell":
    the Jihadist chooses the Sleepers used (0 or 1: Sadr is Active); with none, Sadr alone rolled
    and the failure takes it (the only option, still posed): Sadr leaves the game, the Sleeper is
    untouched, no cylinder moves. "iraq_event_only": the Sleeper must support the die (no
    question), the failure removes it to the track, Sadr stays."""
    st = sadr_at(reading, {"sleepers": 1})
    track = st.d["cells_track"]
    j_start(st, "op_jihad", 1)
    feed(st, [{"country": "Iraq"}])
    iraq = country(st, "Iraq")
    if reading == "as_cell":
        assert st.legal_actions() == [{"sleepers": 0}, {"sleepers": 1}]
        feed(st, [{"sleepers": 0}, 6])
        assert st.legal_actions() == [{"remove_sadr": True}]      # no Active cylinder to lose
        feed(st, [{"remove_sadr": True}])
        assert finished(st)
        assert SADR not in iraq["markers"] and iraq["sleepers"] == 1 and st.d["cells_track"] == track
    else:
        assert st.current_player() == "chance"
        feed(st, [6])
        assert finished(st)
        assert SADR in iraq["markers"] and (iraq["sleepers"], iraq["actives"]) == (0, 0)
        assert st.d["cells_track"] == track + 1


@pytest.mark.reading("A09")
@pytest.mark.rule("card 54", "9.3.1", "9.4.1", "9.4.2.4")
@pytest.mark.parametrize("reading", READINGS_A09)
def test_a09_solo_counts(reading):
    """A09: 9.3.1 "scegliete Sadr per ultimo"; the solo bot's Jihad choices count as the operation
    does. Sadr and 4 Sleepers in Poor Iraq, no troops: a Major Jihad is possible (9.4.1, 8.4.2)
    under "as_cell" only; with Sadr alone in Fair Iraq, Iraq is a Minor Jihad target (9.4.2.4) under
    "as_cell" only."""
    st = sadr_at(reading, {"sleepers": 4})
    assert prio.major_jihad_possible(st, "Iraq", 3) is (reading == "as_cell")
    country(st, "Iraq").update(sleepers=0, gov="fair")
    conserve(st)
    assert ("Iraq" in prio.minor_jihad_targets(st)) is (reading == "as_cell")
