"""Regression: the rulebook's solo example of play (IT seed, "ESEMPIO DI GIOCO IN SOLITARIO" to "LE
TABELLE"; dossier seed_labyrinth.md f.10 and h.4 fixture 2): Let's Roll!, Campaign (3 decks),
Jihadist Ideology Potent (9.7), no mini-decks, the whole of turn 1 and the deal of turn 2.

The game is the model's own solo game (``new_game(..., options={"solo": True, "ideology":
"potent"})``): the deal is driven by chance outcomes that give the hands of the example, then every
chance node gets the die the example states and every US question the US choice of the example. The
solo Jihadist decides alone (chapter 9): the test never answers for him; it checks at every step
that no Jihadist decision node exists and that the state round-trips through JSON.

9.5 dice: a random pick among equal countries is a die whose faces go to the options in the map's
order (model/labyrinth/solo/random_country.py: two options 1-3 / 4-6, the 9.5.1 example). The
example names the country a "50-50" roll gave; the test rolls the lowest face of that country and
asserts the face assignment in the prompt, so a change of assignment fails here.

Where the example is silent about a die, the test says which face it rolls and why (the Tests of
the Philippines, Egypt and Somalia: a face giving the result the example states; no plot succeeds in
the example, so no plot marker is ever picked). The deal of turn 2 takes the lowest-numbered cards.

Corrections of the example (seed_labyrinth.md A05, A25; the rulebook's own rules win):
* card 1 is printed #3 CTR, played for 3 Ops; CTR is a 1-Op card (A05), with which the example's
  Recruit could not happen (Afghanistan's 4 cells are not fewer than 2 x 1). The example is played
  with #32 Back Channel in its place: a 3-Op US card whose event is unplayable for the reason the
  example gives for CTR (it needs the US Soft; the US is Hard). What #3 really does is checked in
  ``test_card_one_as_printed_is_a_one_op_card``;
* "#52" in the last US Action Phase is #62 Ex-KGB (A25);
* Amerithrax: "a random card" is the card's "highest-value US-associated card" (A25): #34 is one of
  the three 3-value US cards, the one the US chooses;
* Safer Now: "Abu Sayyaf non e in effetto" -- it was in effect, and that is why the Philippines
  is the plot target (A25);
* end of turn: "Fondi scendono da 4 a 3" is 3 -> 2 (A25): Funding was 3 after Al-Azhar;
* NEW (not in A25): the card Tora Bora draws is put "sopra la mano della jihad" (on top, as 9.2
  says), yet the next Jihadist Action Phase turns over #50 and #45, and only then does Renditions
  discard "la prima carta della jihad", Axis of Evil. Both cannot hold: a card on top of the stack
  is the next one played. The test checks that the model puts the drawn card on top (9.2), then
  moves it under #50 and #45 (the one position in which the rest of the example is reachable:
  Renditions later discards the top card, 9.2) and says so;
* NEW (not in A25): after Al-Azhar "da Ampli a Modesti" and, at Musharraf, "2 cells Available in
  the Moderate box": Funding 3 is in the Tight box (4.7.4.1; the example's own end of turn says
  "Fondi Scarsi"), so those 2 cells are not Available (4.7.4.2). The bot Travels either way (GTMO).
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.game import CHANCE
from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.model.labyrinth.events.lasting import in_effect
from cdg_oracle.model.labyrinth.operations.jihadist import gtmo, recruit_targets
from cdg_oracle.model.labyrinth.solo import priorities as prio
from cdg_oracle.model.labyrinth.state import LabyrinthState
from cdg_oracle.model.labyrinth.tracks import available_cells, funding_level, hand_sizes, troops_level, world_posture

pytestmark = pytest.mark.rule("9.2", "9.3.1", "9.4.1", "9.4.2.1", "9.4.2.2", "9.4.2.5", "9.4.2.6",
                              "9.4.2.6.1", "9.4.2.6.2", "9.5", "9.6", "9.7")

OPTIONS = {"solo": True, "ideology": "potent"}
CARD_ONE = 32  # stands for the example's #3 CTR played for 3 Ops (A05; module docstring)
# The Jihadist stack as the example reveals it, top first (9.2).
STACK = [CARD_ONE, 95, 59, 109, 50, 45, 114, 108, 80]
# The US hand: every card the example has the US play or lose (#34 to Amerithrax; #62 printed #52).
US_HAND = [18, 57, 34, 44, 43, 6, 12, 5, 62]


class Example:
    """The solo game of the example, driven one node at a time. Every applied node is checked:
    the Jihadist is never asked (chapter 9) and the state is plain JSON data (DESIGN.md)."""

    def __init__(self, stack: list[int]):
        self.st = new_game("lets_roll", "campaign", options=OPTIONS)
        self.cited: list[str] = []
        self.deal(stack, US_HAND)

    @property
    def d(self) -> dict:
        return self.st.d

    def c(self, name: str) -> dict:
        return self.st.d["countries"][name]

    def cells(self, name: str) -> int:
        c = self.c(name)
        return c["sleepers"] + c["actives"]

    def stack(self) -> list[int]:
        return list(self.d["hands"]["Jihadist"])

    def mark(self) -> int:
        return len(self.cited)

    def cited_since(self, mark: int) -> list[str]:
        return self.cited[mark:]

    def _apply(self, action, player: str, rule: str, prompt: str | tuple) -> None:
        """Apply ``action`` at a node of ``player`` asked by ``rule`` whose prompt contains
        ``prompt`` (or each of the strings of a tuple)."""
        st = self.st
        dec = st.decision()
        parts = prompt if isinstance(prompt, tuple) else (prompt,)
        assert dec["player"] == player and dec["rule"] == rule and all(p in dec["prompt"] for p in parts), \
            f"expected {player} {rule} {prompt!r}, found {dec}"
        assert action in st.legal_actions(), f"{action} not legal at {dec}: {st.legal_actions()[:12]}"
        st.apply(action)
        self.cited += st.applied_rules()
        assert st.is_terminal() or st.current_player() in ("US", CHANCE), \
            f"a Jihadist decision node in a solo game: {st.decision()}"
        assert LabyrinthState.from_json(st.to_json()) == st

    def us(self, action, rule: str, prompt: str | tuple = "") -> None:
        self._apply(action, "US", rule, prompt)

    def die(self, face: int, rule: str, prompt: str | tuple = "") -> None:
        self._apply({"die": face}, "chance", rule, prompt)

    def draw(self, card: int, side: str) -> None:
        self._apply({"card": card}, "chance", "5.3.1", f"draw a card for {side}")

    def deal(self, stack: list[int], us_hand: list[int]) -> None:
        """5.2.8 with the alternating deal (the default ``deal_order``): the Jihadist first. Each
        Jihadist card goes on top of his face-down stack (9.2), so his cards are drawn bottom first."""
        jihadist = list(reversed(stack))
        for k in range(max(len(jihadist), len(us_hand))):
            if k < len(jihadist):
                self.draw(jihadist[k], "Jihadist")
            if k < len(us_hand):
                self.draw(us_hand[k], "US")


def test_solo_example_of_play():
    g = Example(STACK)
    st, d = g.st, g.d
    assert d["scenario"] == "lets_roll" and d["decks"] == 3 and d["options"]["ideology"] == "potent"
    assert sorted(d["hands"]["US"]) == sorted(US_HAND)

    # == First Jihadist Action Phase (it ran within the last draw of the deal: no die in it) ==
    # Card 1 (#3 in the example, #32 here): a US event, unplayable (the US is not Soft): the chain.
    # No Major Jihad (Afghanistan is already under Islamist Rule), no Minor Jihad (no cell in a Good
    # or Fair country); 11 cells on the Ample track and no GTMO: Recruit. Where: no Regime Change;
    # an Islamist Rule country with fewer cells than twice the card's Ops, Afghanistan (4 < 6).
    # Potent: each of the 3 Ops places 2 Available cells (Islamist Rule: automatic, 8.1.1).
    # Card 2: #95 Wahhabism, a playable Jihadist event with no cells: played; Funding already 9.
    cited = g.cited_since(0)
    assert {"9.2", "9.4.1", "9.4.2.5", "9.7", "card 95"} <= set(cited)
    assert cited.index("9.4.2.5") < cited.index("card 95")
    assert "card 32" not in cited and "9.4.2.2" not in cited  # no event, no Plot: the chain
    afg = g.c("Afghanistan")
    assert (afg["gov"], afg["sleepers"], afg["actives"]) == ("islamist_rule", 10, 0)
    assert d["cells_track"] == 5 and d["funding"] == 9
    assert CARD_ONE in d["discard"] and 95 in d["discard"]
    assert g.stack() == [59, 109, 50, 45, 114, 108, 80]

    # == First US Action Phase ==
    # Card 1: #18 Intel Community for the event: the US sees the Jihadist stack without changing
    # its order (9.2), puts the event's 1 Op in Reserves and plays no extra card.
    before = g.stack()
    g.us({"card": 18}, "5.2.2", "play a card")
    g.us({"use": "event"}, "5.2.2.1", "card 18")
    g.us({"op": "reserves"}, "card 18", "value 1")
    g.us("pass", "card 18", "one more card")
    assert g.stack() == before and d["reserves"]["US"] == 1
    # Card 2: #57 plus 1 Reserve: Regime Change with 6 troops in Afghanistan. Governance roll 2:
    # Poor. Prestige roll 5 (up), then 4 and 2: +2, 7 -> 9. Then the Jihadist event: the
    # Philippines is tested (Soft), a cell and the Abu Sayyaf marker there; the card is removed.
    g.us({"card": 57}, "5.2.2", "play a card")
    g.us({"use": "ops"}, "5.2.2.1", "card 57")
    g.us({"reserves": True}, "6.3.3.1", "Reserves")
    g.us({"event": "after"}, "6.3.2.1", "before or after")
    g.us({"op": "regime_change"}, "6.3.1", "value 3")
    g.us({"country": "Afghanistan"}, "7.3.4", "Regime Change")
    g.us({"from": "track"}, "7.3.4", "troops from")
    g.us({"troops": 6}, "7.3.4", "how many troops")
    g.die(2, "4.9.3", "governance roll for Afghanistan")
    g.die(5, "4.7.1", "direction")
    g.die(4, "4.7.1", "first amount")
    g.die(2, "4.7.1", "second amount")
    assert (afg["gov"], afg["align"], afg["troops"], afg["rc"]) == ("poor", "ally", 6, "green")
    # The cells there are Active after the Regime Change: the example later Disrupts "two Active
    # cells in Afghanistan" and counts Afghanistan among the countries with Active cells.
    assert (afg["actives"], afg["sleepers"]) == (10, 0)
    assert d["prestige"] == 9 and d["reserves"]["US"] == 0 and troops_level(d["troops_track"]) == "war"
    g.die(2, "4.9.4", "test Philippines")  # the example: Soft; any face 1-4 gives Soft (4.9.3)
    phil = g.c("Philippines")
    assert (phil["posture"], phil["sleepers"]) == ("soft", 1) and in_effect(st, "Abu Sayyaf")
    assert 57 in d["removed"]

    # == Second Jihadist Action Phase ==
    # Card 1: #59 Amerithrax, a playable Jihadist event: it happens. The US discards #34 -- the
    # example says "a random card"; the card says its highest-value US card (A25): the US chooses
    # among its three 3-value US cards.
    assert st.decision()["rule"] == "card 59"
    assert st.legal_actions() == [{"card": 34}, {"card": 43}, {"card": 44}]
    g.us({"card": 34}, "card 59", "highest-value")
    assert 34 in d["discard"] and 59 in d["discard"]
    # Card 2: #109 Tora Bora, a playable Unassociated event: the event, then its Ops (9.4.1). The
    # event: 2 cells from Afghanistan (Regime Change, >= 2 cells) to the track, a Prestige roll
    # 3 (down), 1 and 5: -1, 9 -> 8; the Jihadist draws a card, face down on top of his stack.
    m = g.mark()
    g.die(3, "4.7.1", "direction")
    g.die(1, "4.7.1", "first amount")
    g.die(5, "4.7.1", "second amount")
    assert d["prestige"] == 8 and g.cells("Afghanistan") == 8
    g.draw(78, "Jihadist")  # the example names the drawn card later: Axis of Evil
    assert g.stack()[0] == 78, "9.2: a card the solo Jihadist draws goes on top of his stack"
    # Its 2 Ops: Major Jihad "almost" possible in Afghanistan (8 cells, 6 troops: Potent needs 3
    # more cells than troops); no Jihad in a Good or Fair country (the Philippines is not Muslim);
    # cells Available: Recruit. Not the first box (Afghanistan: 6 troops do not exceed 8 cells by
    # 5), nor the second (no Islamist Rule); the third: the Philippines, the one country with a cell.
    assert prio.major_jihad_groups(st, 2) == [] and prio.minor_jihad_targets(st) == []
    assert prio.recruit_groups(st, recruit_targets(st), 2) == [["Philippines"]]
    # Two dice, one at a time, success on 3 or less: 3 and 6 -> 2 cells (Potent) in the Philippines.
    g.die(3, "8.2.1", "Recruit die in Philippines")
    assert g.cells("Philippines") == 3
    g.die(6, "8.2.1", "Recruit die in Philippines")
    assert {"card 109", "9.4.1", "9.4.2.5", "9.7"} <= set(g.cited_since(m))
    assert g.cells("Philippines") == 3 and 109 in d["removed"]

    # EXAMPLE CORRECTION (module docstring): the example plays #50 and #45 next and only then has
    # Renditions discard the top card, Axis of Evil. Put the drawn card under those two.
    stack = d["hands"]["Jihadist"]
    assert stack == [78, 50, 45, 114, 108, 80]
    stack.insert(2, stack.pop(0))

    # == Second US Action Phase ==
    # The US keeps #44 for later; #43 Patriot Act, then #6 Sanctions (needs Patriot Act): Funding 9 -> 7.
    g.us({"card": 43}, "5.2.2", "play a card")
    g.us({"use": "event"}, "5.2.2.1", "card 43")
    assert in_effect(st, "Patriot Act")
    g.us({"card": 6}, "5.2.2", "play a card")
    # The event, then (no plot to resolve) the third Jihadist Action Phase up to its first die.
    g.us({"use": "event"}, "5.2.2.1", "card 6")
    assert d["funding"] == 7 and 43 in d["removed"] and 6 in d["discard"]

    # == Third Jihadist Action Phase ==
    # Card 1: #50 Ansar al-Islam, a playable Jihadist event placing a cell; the track has cells, so
    # the event happens (no Radicalization). Iraq or Iran at random (9.4.2.1, 9.5): the 50-50 roll
    # gives Iraq. The card is removed.
    m = g.mark()
    g.die(4, "9.5", ("Ansar al-Islam", "d6 1-3 Iran, 4-6 Iraq"))
    assert g.cells("Iraq") == 1 and g.cells("Iran") == 0 and 50 in d["removed"]
    # Card 2: #45 Safer Now, a playable US event: no event, its 3 Ops Plot (9.4.1). Not in the US;
    # Prestige is not Low and Abu Sayyaf IS in effect (A25) with cells (3) >= troops (0) in the
    # Philippines: the Philippines, with all 3 Ops (one die per cell there, 9.4.2).
    assert prio.plot_groups(st, ["Afghanistan", "Iraq", "Philippines"])[0] == ["Philippines"]
    g.die(3, "8.5.2", "die 1 in Philippines")
    g.die(3, "8.5.2", "die 2 in Philippines")
    g.die(4, "8.5.2", "die 3 in Philippines")  # all fail (Fair: 2 or less); the 3 cells are Active
    assert "9.4.2.2" in g.cited_since(m) and "card 45" not in g.cited_since(m)
    assert (phil["actives"], phil["sleepers"], phil["plots"]) == (3, 0, [])
    assert 45 in d["discard"] and d["first_plot"] == []  # no 1st Plot box in solo (9.4.1)

    # == Third US Action Phase ==
    # Card 1: #44 Renditions: Disrupt two Active cells in Afghanistan (troops: Prestige +1 -> 9);
    # the Jihadist discards a random card, the top one in solo (9.2): Axis of Evil; the Renditions
    # marker goes to the Events box.
    g.us({"card": 44}, "5.2.2", "play a card")
    g.us({"use": "event"}, "5.2.2.1", "card 44")
    assert st.legal_actions() == [{"country": "Afghanistan"}, {"country": "Philippines"}]
    g.us({"country": "Afghanistan"}, "7.4.1", "Disrupt")
    g.us({"cell": "active"}, "7.4.2", "Afghanistan")
    g.us({"cell": "active"}, "7.4.2", "Afghanistan")
    assert (afg["actives"], d["prestige"]) == (6, 9)
    assert 78 in d["discard"] and g.stack() == [114, 108, 80]
    assert "Renditions" in d["events_in_effect"]
    # Card 2: #12 Al-Azhar: Egypt is tested (Poor Neutral) and, with no Islamist Rule, Funding -4:
    # 7 -> 3, out of the Ample box (the IT "Modesti": Funding 3 is in the Tight box, 4.7.4.1).
    g.us({"card": 12}, "5.2.2", "play a card")
    g.us({"use": "event"}, "5.2.2.1", "card 12")
    m = g.mark()
    g.die(3, "4.9.4", "test Egypt")  # the example: Poor; any face 1-4 gives Poor (4.9.3)
    assert (g.c("Egypt")["gov"], g.c("Egypt")["align"]) == ("poor", "neutral")
    assert d["funding"] == 3 and funding_level(d["funding"]) == "tight"

    # == Fourth Jihadist Action Phase ==
    # Card 1: #114 GTMO, a playable Unassociated event: Prestige roll 1 (down), 4 and 6: -4 -> 5.
    assert "card 114" in g.cited_since(m)
    g.die(1, "4.7.1", "direction")
    g.die(4, "4.7.1", "first amount")
    g.die(6, "4.7.1", "second amount")
    assert d["prestige"] == 5
    # Its 3 Ops: no Jihad possible; Recruit is barred by GTMO (seed_labyrinth.md f.10) -- and here
    # also by Funding: 5 cells on the track, none Available at Funding 3 (4.7.4.2), so the model's
    # Travel does not show whether GTMO's event bars its own Ops (it does not in the model:
    # ``test_gtmo_bars_recruit_with_its_own_ops``). Travel. All destinations first:
    #   box 1 (non-Islamist-Rule country with Regime Change, Besieged Regime or Aid): Afghanistan
    #   and Somalia, no Pakistan, equal Resources: the die gives Somalia;
    #   box 2 (Poor, Major Jihad possible with 2 more cells, Potent: 3 more than troops): Iraq
    #   (1 + 2 cells >= 0 troops + 3), not Afghanistan (6 + 2 < 6 + 3);
    #   box 3 (Good or Fair Muslim country next to a cell): Gulf States, Pakistan, Syria: Pakistan.
    assert available_cells(d) == 0 and prio.major_jihad_groups(st, 3) == [] and prio.minor_jihad_targets(st) == []
    assert prio.travel_box(st, 1) == ["Afghanistan", "Somalia"]
    assert prio.destination_groups(st, ["Afghanistan", "Somalia"]) == [["Afghanistan", "Somalia"]]
    assert prio.travel_box(st, 2) == ["Iraq"]
    assert prio.travel_box(st, 3) == ["Gulf States", "Pakistan", "Syria"]
    assert prio.destination_groups(st, prio.travel_box(st, 3))[0] == ["Pakistan"]
    g.die(4, "9.5", ("destination from box 1", "d6 1-3 Afghanistan, 4-6 Somalia"))
    # Origins (9.4.2.6.1): no Islamist Rule country, no Regime Change country with more cells than
    # troops. Somalia has no adjacent cell: at random among Iraq, Afghanistan, the Philippines,
    # those with Active cells first (not Iraq): the die gives Afghanistan. Iraq: no adjacent cell
    # either: Afghanistan again. Pakistan: adjacent Afghanistan (no die).
    g.die(1, "9.5", ("Travel to Somalia", "d6 1-3 Afghanistan, 4-6 Philippines"))
    g.die(1, "9.5", ("Travel to Iraq", "d6 1-3 Afghanistan, 4-6 Philippines"))
    # The Travels (9.4.2.6.2): Somalia tested, Poor Neutral (a face 1-4, the example gives no
    # die); roll 2: the cell arrives, Sleeper. Roll 4 for Iraq: the cell is removed. Pakistan:
    # adjacent, automatic. GTMO goes to the Lapsing box.
    g.die(3, "4.9.4", "test Somalia")
    g.die(2, "8.3.1", "Travel roll Afghanistan -> Somalia")
    m = g.mark()
    g.die(4, "8.3.1", "Travel roll Afghanistan -> Iraq")
    som = g.c("Somalia")
    assert (som["gov"], som["align"], som["sleepers"], som["actives"]) == ("poor", "neutral", 1, 0)
    assert g.cells("Iraq") == 1 and 114 in d["lapsing"]
    # Card 2: #108 Musharraf, playable now that Pakistan has a cell, places no cell: it happens.
    # Pakistan's cell is replaced by a Cadre; Pakistan is a Poor Ally.
    assert "card 108" in g.cited_since(m)
    pak = g.c("Pakistan")
    assert (pak["gov"], pak["align"], pak["cadre"], g.cells("Pakistan")) == ("poor", "ally", True, 0)
    assert (afg["actives"], afg["sleepers"]) == (3, 0)
    # Its 2 Ops: still no Jihad; the Moderate box holds 2 cells (7 on the track), not Available at
    # Funding 3 (Tight, 4.7.4.2) -- and GTMO is in effect: Travel again.
    assert d["cells_track"] == 7 and available_cells(d) == 0 and gtmo(st)
    #   box 1: Afghanistan (Regime Change, 1 Resource) or Somalia (Besieged Regime, 1 Resource):
    #   the die gives Afghanistan; box 2: Iraq or Somalia, Iraq with more Resources.
    assert prio.destination_groups(st, prio.travel_box(st, 2)) == [["Iraq"], ["Somalia"]]
    g.die(1, "9.5", ("destination from box 1", "d6 1-3 Afghanistan, 4-6 Somalia"))
    # Origins at random for both: Active cells first, Afghanistan (the destination itself, not
    # "another" destination) or the Philippines: the die gives Afghanistan (a move in place: its
    # Active cell becomes a Sleeper); for Iraq "not another destination" gives the Philippines.
    g.die(1, "9.5", ("Travel to Afghanistan", "d6 1-3 Afghanistan, 4-6 Philippines"))
    assert (afg["actives"], afg["sleepers"]) == (2, 1)
    g.die(6, "8.3.1", "Travel roll Philippines -> Iraq")  # 6: the cell is removed
    assert (phil["actives"], g.cells("Iraq"), d["cells_track"]) == (2, 1, 8)
    assert 108 in d["discard"]

    # == Fourth (final) US Action Phase ==
    # Card 1: #5 NEST for the event: the NEST marker in the United States; the card is removed.
    g.us({"card": 5}, "5.2.2", "play a card")
    g.us({"use": "event"}, "5.2.2.1", "card 5")
    assert "NEST" in g.c("United States")["markers"] and 5 in d["removed"]
    # Card 2: #62 Ex-KGB (printed #52, A25) for a Disrupt in the Philippines: one Active cell
    # removed, one left. Then its Jihadist event (9.6): no CTR in Russia; the Caucasus Soft would
    # change the World Posture (Hard 1 - Soft 1 = 0 -> Soft 1): the Caucasus becomes Soft.
    g.us({"card": 62}, "5.2.2", "play a card")
    g.us({"use": "ops"}, "5.2.2.1", "card 62")
    g.us({"event": "after"}, "6.3.2.1", "before or after")
    assert world_posture(d) == 0
    g.us({"op": "disrupt"}, "6.3.1", "value 2")
    assert st.legal_actions() == [{"country": "Philippines"}]  # Afghanistan is Poor: a 3-value card
    g.us({"country": "Philippines"}, "7.4.1", "Disrupt")
    m = g.mark()
    g.us({"cell": "active"}, "7.4.2", "Philippines")
    # All of the rest ran within that step: Ex-KGB, the fifth Jihadist Action Phase and the end of
    # the turn up to the deal.
    cited = g.cited_since(m)
    assert {"card 62", "9.6", "card 80", "5.2.5"} <= set(cited)
    assert cited.index("9.6") < cited.index("card 80") < cited.index("5.2.5")
    assert phil["actives"] == 1 and d["prestige"] == 5  # no troops there: no Prestige gain
    assert g.c("Caucasus")["posture"] == "soft" and world_posture(d) == -1 and 62 in d["discard"]

    # == Fifth (final) Jihadist Action Phase ==
    # #80 FATA, a playable Jihadist event placing a cell, with cells on the Funding track: a cell in
    # Pakistan, its Cadre removed, the FATA marker there.
    assert (g.cells("Pakistan"), pak["cadre"], "FATA" in pak["markers"]) == (1, False, True)

    # == End of turn ==
    # No plot; Funding 3 -> 2 (the example's "4 to 3", A25); no Islamist Rule, World Soft 1: no
    # Prestige change; GTMO's lapse ends: discarded. Troops at War, Funding Tight: the US is dealt
    # 8 cards, the Jihadist 7, his face-down stack.
    assert d["phase"] == "end_of_turn" and d["hands"] == {"US": [], "Jihadist": []}
    assert d["funding"] == 2 and d["prestige"] == 5
    assert 114 in d["discard"] and d["lapsing"] == [] and not gtmo(st)
    assert troops_level(d["troops_track"]) == "war" and funding_level(d["funding"]) == "tight"
    assert hand_sizes(d) == {"US": 8, "Jihadist": 7}
    # The deal (the example does not say which cards: the lowest-numbered ones, alternately).
    deck = sorted(d["deck"])
    for k in range(7):
        g.draw(deck[2 * k], "Jihadist")
        g.draw(deck[2 * k + 1], "US")
    assert (len(d["hands"]["US"]), len(d["hands"]["Jihadist"])) == (7, 7)
    assert d["hands"]["Jihadist"] == [deck[12], deck[10], deck[8], deck[6], deck[4], deck[2], deck[0]]
    g.draw(deck[14], "US")
    assert len(d["hands"]["US"]) == 8 and sorted(d["hands"]["US"]) == deck[1:15:2] + [deck[14]]
    assert d["turn"] == 2 and afg["rc"] == "tan"  # 5.2.9


def test_card_one_as_printed_is_a_one_op_card():
    """A05: the example's card 1, #3 CTR, is a 1-Op card in the card list. With 1 Op the Recruit
    of the example cannot happen: Afghanistan's 4 cells are not fewer than twice 1 (9.4.2.5), and
    no other country has a cell or a Cadre; the Op goes to Radicalization (9.4.3), whose first step
    places a cell in a random country (the Global table: a gap the model flags)."""
    g = Example([3] + STACK[1:])
    st, d = g.st, g.d
    assert st.cards[3].ops == 1
    assert recruit_targets(st) == ["Afghanistan"] and prio.recruit_groups(st, recruit_targets(st), 1) == []
    dec = st.decision()
    assert dec["rule"] == "9.5" and "Radicalization: place a cell" in dec["prompt"] and dec.get("gap")
    assert g.cells("Afghanistan") == 4 and d["cells_track"] == 11
    assert {"9.4.1"} <= set(g.cited_since(0)) and "card 95" not in g.cited_since(0)


@pytest.mark.rule("card 114", "9.4.1")
def test_gtmo_bars_recruit_with_its_own_ops():
    """Card 114 GTMO: "no Recruit operations for the rest of this turn" from the moment its event
    happens. The example's GTMO (seed_labyrinth.md f.10: "3 Ops -> Travel, since Recruit is blocked
    by GTMO") with Available cells: the same cards with GTMO first, at Funding 9 with 11 cells on
    the track. After the event (Prestige roll 1, 4, 6), its 3 Ops must skip Recruit (9.4.1) and
    Travel (9.4.2.6). (The bot puts a card whose event happened away before its Ops: GTMO is in the
    Lapsing box, in effect, when its Ops are spent; solo/flow.py solo_card.)"""
    g = Example([114, 95, 59, 109, 50, 45, CARD_ONE, 108, 80])
    assert available_cells(g.d) == 11
    m = g.mark()
    g.die(1, "4.7.1", "direction")
    g.die(4, "4.7.1", "first amount")
    g.die(6, "4.7.1", "second amount")
    cited = g.cited_since(m)
    assert g.d["prestige"] == 3 and "card 114" in cited
    assert "9.4.2.5" not in cited and "9.4.2.6" in cited
    assert g.cells("Afghanistan") == 4 and g.d["cells_track"] == 11
