"""Country state and the small rules that change it (chapter 4): governance, alignment, posture,
cells, cadres, troops, Aid, Besieged Regime and Regime Change markers.

A country's state is a plain dict in ``d["countries"][name]``::

    {"gov": None | "good" | "fair" | "poor" | "islamist_rule",   # None = untested (4.9.4)
     "align": None | "ally" | "neutral" | "adversary",           # Muslim countries only (4.2.3)
     "posture": None | "hard" | "soft",                          # non-Muslim except the US (4.3.2)
     "troops": int, "sleepers": int, "actives": int, "cadre": bool,
     "aid": int, "besieged": bool, "rc": None | "green" | "tan",
     "plots": [1 | 2 | 3 | "WMD", ...],                          # face down (8.5.4)
     "markers": [str, ...]}                                      # event markers on the country

Two event markers stand for pieces (the design is the same for both: the marker is the piece,
the piece counts are derived, no cube or cylinder is involved):

* Moqtada al-Sadr (card 54; A09): the marker ``"Moqtada al-Sadr"`` on Iraq *is* an Active cell
  that "cannot Travel or be Disrupted" and leaves the game when removed. ``"actives"`` and
  ``"sleepers"`` count cylinders only (so the 15-cylinder conservation, 4.6.1, and every cylinder
  move stay as they are); :func:`cells` and :func:`active_cells` add Sadr, and are what every rule
  that *counts* cells uses (Jihad and Plot dice, Major Jihad, Recruit eligibility, the "no cells on
  the map" victory, the Regime Change margins, a Cadre after the last cell). What moves or
  disrupts cells reads the cylinder fields (Travel, Disrupt); what removes a cell may take Sadr:
  a Jihad failure (the Jihadist says whether Sadr is among the cells lost) and an event's
  ``remove_cell`` (the remover may pick ``{"cell": "sadr"}``); :func:`remove_sadr` takes it out.
  Under the ruling ``sadr_counts`` "iraq_event_only" (A09) the Jihadist operations and the 2.1.1
  "no cells" win count cylinders instead (:func:`counted_cells`, :func:`sadr_counts_for_play`).
* NATO (card 41; A08): the marker ``"NATO"`` on a Regime Change country counts as 2 troops there
  for every rule that counts troops (:func:`troops`); it is not a cube and not on the Troops track.
  It is removed when troops move out of that country (:func:`move_troops`: Deploy, Withdraw, a
  Regime Change drawing troops from it; under the ``nato_troops`` ruling ``withdraw_only`` only a
  Withdraw or the last cube leaving, :func:`nato_leaves`) and when the country stops being a
  Regime Change country (:func:`set_governance` to Good or Islamist Rule). Under ``counts_on_track``
  it also counts as 2 troops for the Troops track level (``tracks.us_troops_level``).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.action_log import record
from cdg_oracle.model.labyrinth.engine import cite as cite_rule
from cdg_oracle.model.labyrinth.tracks import GOV_ORDER, GOV_VALUE

ALIGN_TOWARD_ALLY = {"adversary": "neutral", "neutral": "ally", "ally": "ally"}


def new_country() -> dict:
    return {
        "gov": None, "align": None, "posture": None,
        "troops": 0, "sleepers": 0, "actives": 0, "cadre": False,
        "aid": 0, "besieged": False, "rc": None, "plots": [], "markers": [],
    }


SADR = "Moqtada al-Sadr"
NATO = "NATO"


@implements("card 54")
def sadr(c: dict) -> int:
    """1 if the Moqtada al-Sadr marker (an Active cell, card 54; A09) is in country ``c``, else 0."""
    return 1 if SADR in c["markers"] else 0


def cylinders(c: dict) -> int:
    """Cell cylinders in country ``c`` (Sleeper and Active): the cells that can Travel or be
    Disrupted (Sadr cannot, card 54)."""
    return c["sleepers"] + c["actives"]


def cells(c: dict) -> int:
    """Cells in country ``c`` for every rule that counts them: cylinders plus Sadr (card 54; A09)."""
    return c["sleepers"] + c["actives"] + sadr(c)


def active_cells(c: dict) -> int:
    """Active cells in country ``c``: Active cylinders plus Sadr, always Active (card 54)."""
    return c["actives"] + sadr(c)


@implements("card 54", "2.1.1", "8.2.2", "8.4", "8.4.2", "8.4.3", "8.5.1")
def sadr_counts_for_play(st) -> bool:
    """A09, ruling ``sadr_counts``: does Sadr count as a cell for the Jihadist operations and the
    2.1.1 "no cells" win? "as_cell" (default): yes, a cell for every count and die requirement, and
    a Jihad failure may take it. "iraq_event_only": Sadr counts only as the card's own cell in Iraq,
    so (project decision, the uses the switch names) these count cylinders only:

    * 2.1.1 "non vi sono Cellule della jihad in alcun paese sulla mappa": Sadr alone on the map
      does not stop the US win;
    * 8.2.2 Recruit (and card 53's Recruit): Sadr alone does not make Iraq a Recruit site;
    * 8.4 / 8.5.1 a cell for every Jihad or Plot die: Sadr supports no die;
    * 8.4.2 the Major Jihad margin (cells exceed troops by 5): Sadr is not counted;
    * 8.4.3 a Jihad failure removes cylinders only (no die used Sadr): it cannot take Sadr;
    * 9.3.1 "scegliete Sadr per ultimo" is then left to the events; the solo bot's Jihad and Plot
      dice, its Minor Jihad targets and its Major Jihad tests (9.4.1, 9.4.2.3, 9.4.2.6 box 2)
      count as the operations do.

    Everything else still counts Sadr as an Active cell in Iraq: the events (conditions, a cell
    removed by an event, which takes Sadr out of the game), the US operations (the Regime Change
    margins of 7.2 and 7.3.1, 7.4.3's Cadre), the solo bot's other priorities (9.4.2.5 Recruit,
    9.4.2.6 Travel origins, 9.4.3's plot site); Sadr never Travels nor is Disrupted (card 54)."""
    return st.rulings.sadr_counts == "as_cell"


def counted_cells(st, c: dict) -> int:
    """Cells in country ``c`` for the Jihadist operations and the 2.1.1 "no cells" win:
    :func:`cells` (Sadr included) under ``sadr_counts`` "as_cell", the cylinders under
    "iraq_event_only" (A09, :func:`sadr_counts_for_play`). The ruling is read only where Sadr is."""
    n = c["sleepers"] + c["actives"]
    if SADR in c["markers"] and sadr_counts_for_play(st):
        n += 1
    return n


def counted_active_cells(st, c: dict) -> int:
    """Active cells in country ``c`` as :func:`counted_cells` counts cells (A09, ``sadr_counts``)."""
    if sadr(c) and not sadr_counts_for_play(st):
        return c["actives"]
    return active_cells(c)


@implements("card 54")
def remove_sadr(st, name: str) -> None:
    """Card 54: "Se la cellula viene rimossa, rimuovete il segnalino dal gioco": Sadr removed as a
    cell leaves the game (its card is already removed, REMOVE); no cylinder goes to the track."""
    markers = st.d["countries"][name]["markers"]
    if SADR in markers:
        markers.remove(SADR)


def governance(st, name: str) -> str | None:
    """Current governance: the marker of a Muslim country, the fixed value elsewhere (4.3.1, 4.4)."""
    fixed = st.map.countries[name].governance
    return fixed if fixed is not None else st.d["countries"][name]["gov"]


@implements("7.1.1", "8.1.1", "4.2.1", "4.3.1", "4.4")
def gov_value(st, name: str) -> int | None:
    """Good 1, Fair 2, Poor 3; None for Islamist Rule or an untested Muslim country (4.2.1, 4.3.1)."""
    g = governance(st, name)
    return GOV_VALUE.get(g) if g is not None else None


@implements("4.2.3", "4.3.2")
def is_tested(st, name: str) -> bool:
    """4.9.4: a Muslim country without Governance, or a non-Muslim country (other than the US and
    Israel) without Posture, is untested."""
    info = st.map.countries[name]
    c = st.d["countries"][name]
    if info.muslim:
        return c["gov"] is not None
    if info.has_posture_marker:
        return c["posture"] is not None
    return True


def is_regime_change(c: dict) -> bool:
    """7.3.4.1: any country with a Regime Change marker, green or tan."""
    return c["rc"] is not None


@implements("7.3.4.1", "7.2.1.1", "7.2.2.3", "8.4.3.2")
def set_governance(st, name: str, gov: str, *, tested: bool = False) -> None:
    """Set a Muslim country's governance and apply the marker rules that follow a shift. Every
    change of Governance in play goes through here, so that the action log card 94 reads
    (action_log.py) sees each one.

    ``tested``: the change is a roll that counts as "testato" for card 94 (a 4.9.4 Test; a Regime
    Change roll under the ``governance_roll_tested`` ruling, P14): recorded as tested. An
    improvement to Fair or Good is recorded as such; a first marking counts as one only when it
    is no test (an event that sets an untested country's Governance).

    A shift to Good removes all Aid, the Besieged Regime and the Regime Change marker
    (7.2.1.1 note, 7.2.2.3, 8.4.3.2, 7.3.4.1); a shift to Islamist Rule does the same (8.4.4
    handles the rest of the revolution).
    """
    c = st.d["countries"][name]
    before = c["gov"]
    c["gov"] = gov
    if tested:
        record(st, "tested", name)  # for card 94 (action_log.py)
    if gov in ("fair", "good") and (GOV_ORDER.index(gov) < GOV_ORDER.index(before) if before is not None
                                    else not tested):
        record(st, "improved", name)  # for card 94 (action_log.py)
    if gov in ("good", "islamist_rule"):
        c["aid"] = 0
        c["besieged"] = False
        c["rc"] = None
        remove_nato(st, name)  # card 41 (A08): NATO leaves with the Regime Change marker


WORSE = {"good": "fair", "fair": "poor", "poor": "poor"}
BETTER = {"poor": "fair", "fair": "good", "good": "good"}


@implements("4.6.2", "4.6.3", "4.6.4", "4.7.4")
def place_cells_from_track(st, name: str, n: int) -> int:
    """Place up to ``n`` Sleeper cells from the Funding track (4.6.4); returns how many were placed.

    The first cell placed from the track removes a Cadre there (4.8.4, 8.2.2). With no cylinder on
    the track nothing can be placed (4.6.3).
    """
    d = st.d
    n = min(n, d["cells_track"])
    if n <= 0:
        return 0
    c = d["countries"][name]
    d["cells_track"] -= n
    c["sleepers"] += n
    c["cadre"] = False
    return n


def remove_cells_to_track(st, name: str, actives: int, sleepers: int) -> None:
    """Return cells from a country to the Funding track (no Cadre is placed here)."""
    c = st.d["countries"][name]
    assert 0 <= actives <= c["actives"] and 0 <= sleepers <= c["sleepers"]
    c["actives"] -= actives
    c["sleepers"] -= sleepers
    st.d["cells_track"] += actives + sleepers


@implements("card 41")
def remove_nato(st, name: str) -> None:
    """Card 41 "Se si schiera, rimuovetela" (A08): take the NATO marker off ``name``."""
    markers = st.d["countries"][name]["markers"]
    if NATO in markers:
        markers.remove(NATO)
        cite_rule(st, "card 41")


@implements("card 41")
def nato_leaves(st, src: str, withdraw: bool) -> bool:
    """Card 41 "Se si schiera, rimuovetela": after troops moved out of ``src`` (``withdraw``: by a
    Withdraw, 7.3.5), does a NATO marker there leave? Ruling ``nato_troops`` (A08):

    * ``removed_on_move`` (default) and ``counts_on_track``: yes, whenever troops move out (Deploy,
      Withdraw, a Regime Change drawing troops from there);
    * ``withdraw_only``: only after a Withdraw or when no cube is left there.

    Under every reading NATO also leaves with the Regime Change marker (:func:`set_governance`):
    project decision, the card places it on a Regime Change country only."""
    if NATO not in st.d["countries"][src]["markers"]:
        return True  # nothing to remove: the ruling is read only where NATO is
    if st.rulings.nato_troops == "withdraw_only":
        return withdraw or st.d["countries"][src]["troops"] == 0
    return True


def move_troops(st, src: str, dst: str, n: int, withdraw: bool = False) -> None:
    """Move ``n`` troop cubes between countries and/or the Troops track ("track"). Troops moving
    out of a country with NATO may remove it (card 41; A08, :func:`nato_leaves`); ``withdraw``
    says the move is a Withdraw (7.3.5)."""
    d = st.d
    if src == "track":
        d["troops_track"] -= n
    else:
        d["countries"][src]["troops"] -= n
        if n > 0 and nato_leaves(st, src, withdraw):
            remove_nato(st, src)
    if dst == "track":
        d["troops_track"] += n
    else:
        d["countries"][dst]["troops"] += n
    assert d["troops_track"] >= 0 and (src == "track" or d["countries"][src]["troops"] >= 0)


@implements("card 41")
def troops(st, name: str) -> int:
    """Troops present for every rule that counts them: the cubes, plus 2 for a NATO marker
    ("La NATO vale 2 Truppe", card 41; A08). The Troops track (4.7.3) counts cubes only unless the
    ``nato_troops`` ruling is ``counts_on_track`` (``tracks.us_troops_level``), and only cubes can
    Deploy or Withdraw (when NATO is removed: :func:`nato_leaves`)."""
    c = st.d["countries"][name]
    return c["troops"] + (2 if NATO in c["markers"] else 0)


_LASTING: list = []


def _lasting():
    """events/lasting.py, imported on first use (it needs the cards, which need this module);
    an import statement in a function costs about a microsecond on every call."""
    if not _LASTING:
        from cdg_oracle.model.labyrinth.events import lasting

        _LASTING.append(lasting)
    return _LASTING[0]


@implements("4.2.5", "4.2.6")
@implements("card 117", "card 118")
def resources(st, name: str, for_victory: bool = True) -> int:
    """A Muslim country's Resources, +1 per Oil Price Spike (cards 117, 118) in effect this turn for
    oil exporters (4.2.5-4.2.6).

    A39, ruling ``oil_spike_scope``: "everywhere" (default) the +1 counts for every purpose;
    "victory_only" it counts for victory only (2.1, 2.2, 2.3: ``for_victory`` True, what victory.py
    reads), and the uses outside victory pass ``for_victory=False`` and get the printed Resources:
    8.4.4 Islamic Revolution Funding, card 32 Back Channel, the solo priorities (9.4.2). The ruling
    is read only when a Spike raises an exporter's Resources for a use outside victory."""
    info = st.map.countries[name]
    base = info.resources or 0
    if info.oil_exporter:
        lasting = _lasting()
        spikes = lasting.lapsing_count(st, 117) + lasting.lapsing_count(st, 118)
        if spikes and (for_victory or st.rulings.oil_spike_scope == "everywhere"):
            base += spikes
    return base
