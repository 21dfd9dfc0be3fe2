"""The consistency laws of every Labyrinth state, as plain predicates over the state data
(seed_labyrinth.md h.2): track bounds, 15 cubes and 15 cylinders, the plot markers, every card in
one zone, marker consistency, and the solo game's own. Each returns a list of violations (empty
when it holds), so a failure names what is wrong.

They are stated once, here in the model, for two users: the model refuses a state read from
JSON or a position that breaks one (``LabyrinthState.from_json``, model/labyrinth/position.py),
and the properties tools check every generated game against them after every step
(properties/labyrinth/campaign.py, the state machine); z3 proves them inductive
(properties/labyrinth/z3_proofs.py).
"""
from __future__ import annotations

from collections import Counter
from difflib import get_close_matches
from functools import lru_cache

PRESTIGE = (1, 12)
FUNDING = (1, 9)


def track_bounds(d: dict) -> list[str]:
    """h.2 #1: 1 <= Prestige <= 12 (4.7.1); 1 <= Funding <= 9 (4.7.4); Reserves 0-2 (6.3.3)."""
    out = []
    if not PRESTIGE[0] <= d["prestige"] <= PRESTIGE[1]:
        out.append(f"prestige {d['prestige']} outside 1-12 (4.7.1)")
    if not FUNDING[0] <= d["funding"] <= FUNDING[1]:
        out.append(f"funding {d['funding']} outside 1-9 (4.7.4)")
    for side, r in d["reserves"].items():
        if not 0 <= r <= 2:
            out.append(f"{side} reserves {r} outside 0-2 (6.3.3)")
    return out


def pieces_conserved(d: dict) -> list[str]:
    """h.2 #2-3: 15 troop cubes and 15 cell cylinders, on the map or on their tracks (4.6.1).
    Event markers that count as pieces are not cubes or cylinders (``sleepers``/``actives`` and
    ``troops`` hold only those): NATO (card 41, A08) and Moqtada al-Sadr (card 54, A09)."""
    out = []
    troops = d["troops_track"] + sum(c["troops"] for c in d["countries"].values())
    cells = d["cells_track"] + sum(c["sleepers"] + c["actives"] for c in d["countries"].values())
    if troops != 15 or d["troops_track"] < 0:
        out.append(f"{troops} troop cubes in play, not 15 (4.6.1)")
    if cells != 15 or d["cells_track"] < 0:
        out.append(f"{cells} cell cylinders in play, not 15 (4.6.1)")
    for name, c in d["countries"].items():
        for k in ("troops", "sleepers", "actives", "aid"):
            if c[k] < 0:
                out.append(f"{name}: {k} {c[k]} < 0")
    return out


def plots_conserved(d: dict, numbered: list[int]) -> list[str]:
    """h.2 #5-6: the six numbered plots are Available or on the map (4.8.1, D01: reusable) -- or, in
    a solo game, set aside by a WMD plot (9.3.3, ``plots_set_aside``; a two-player state has no such
    key), or, under ``plot_markers_reusable=false`` (D01's other reading), removed from the game
    (``plots_removed``); the six WMD plots are in their boxes, Available, on the map or removed
    (4.7.8.1)."""
    out = []
    on_map = [p for c in d["countries"].values() for p in c["plots"]]
    nums = (Counter(d["plots_available"]) + Counter(p for p in on_map if p != "WMD")
            + Counter(d.get("plots_set_aside", ())) + Counter(d.get("plots_removed", ())))
    if nums != Counter(numbered):
        if "plots_set_aside" in d:
            out.append(f"numbered plots Available, on the map, set aside or removed {sorted(nums.elements())} "
                       f"!= {sorted(numbered)} (4.8.1, 9.3.3)")
        else:
            out.append(f"numbered plots (Available, on the map or removed) {sorted(nums.elements())} "
                       f"!= {sorted(numbered)} (4.8.1)")
    wmd = sum(d["wmd_boxes"].values()) + d["wmd_available"] + on_map.count("WMD") + d["wmd_removed"]
    if wmd != 6:
        out.append(f"{wmd} WMD plot markers accounted for, not 6 (4.7.8.1)")
    if d["wmd_boxes"]["pakistan_arsenal"] not in (0, 3):
        out.append("the Pakistan Arsenal box holds neither 0 nor 3 WMD (8.4.5)")
    # Card 5 NEST, ruling nest_reveals=only_later (A52): the face-down WMD plots it counts are there.
    if d.get("nest_face_down", 0) > d["countries"]["United States"]["plots"].count("WMD"):
        out.append(f"nest_face_down {d['nest_face_down']} exceeds the WMD plots in the United States (card 5)")
    return out


ZONES = ("deck", "discard", "removed", "lapsing", "first_plot", "in_play")


def cards_conserved(d: dict) -> list[str]:
    """h.2 #4: each of the 120 cards is in exactly one zone."""
    seen = Counter()
    for z in ZONES:
        seen.update(d[z])
    for side in ("US", "Jihadist"):
        seen.update(d["hands"][side])
    out = []
    dup = sorted(n for n, k in seen.items() if k > 1)
    missing = sorted(set(range(1, 121)) - set(seen))
    if dup:
        out.append(f"cards in two zones: {dup[:5]}")
    if missing:
        out.append(f"cards in no zone: {missing[:5]}")
    if len(d["first_plot"]) > 1:
        out.append("more than one card in the 1st Plot box (4.7.7.2)")
    return out


def markers_consistent(d: dict, muslim: tuple[str, ...]) -> list[str]:
    """h.2 #10-11, 14: Regime Change only on Poor or Fair (7.3.4.1); Cadre and Besieged are single
    markers; Israel is always Hard (4.3.3); Iran has no Posture or Alignment (4.4); non-Muslim
    countries have no Governance marker, Alignment, Aid or Besieged Regime."""
    out = []
    for name, c in d["countries"].items():
        if c["rc"] is not None and c["gov"] not in ("poor", "fair"):
            out.append(f"{name}: Regime Change on {c['gov']} (7.3.4.1)")
        if name in muslim:
            if (c["gov"] is None) != (c["align"] is None):
                out.append(f"{name}: governance {c['gov']} with alignment {c['align']} (4.2)")
        else:
            if c["gov"] is not None or c["align"] is not None or c["aid"] or c["besieged"]:
                out.append(f"{name}: Muslim-only marker on a non-Muslim country (4.3)")
    if d["countries"]["Israel"]["posture"] != "hard":
        out.append("Israel's Posture is not Hard (4.3.3)")
    if d["countries"]["Iran"]["posture"] is not None:
        out.append("Iran has a Posture (4.4)")
    out += piece_markers(d)
    return out


def piece_markers(d: dict) -> list[str]:
    """Event markers that stand for pieces: Moqtada al-Sadr only in Iraq (card 54); NATO only on a
    Regime Change country (card 41, A08: removed when the country stops being one); no marker
    twice in a country."""
    out = []
    for name, c in d["countries"].items():
        if len(set(c["markers"])) != len(c["markers"]):
            out.append(f"{name}: a marker listed twice {c['markers']}")
        if "Moqtada al-Sadr" in c["markers"] and name != "Iraq":
            out.append(f"{name}: Moqtada al-Sadr outside Iraq (card 54)")
        if "NATO" in c["markers"] and c["rc"] is None:
            out.append(f"{name}: NATO on a country without Regime Change (card 41, A08)")
    return out


# -- the solo game (chapter 9) ----------------------------------------------------------------------

def is_solo(d: dict) -> bool:
    """The state is a solo game (the ``solo`` option of chapter 9, model/labyrinth/options.py)."""
    return bool(d.get("options", {}).get("solo", False))


def solo_no_jihadist_decision(d: dict) -> list[str]:
    """9.0: in a solo game the player takes the US side; every Jihadist decision is made by the
    rules of chapter 9 and the dice, so no decision node belongs to the Jihadist."""
    p = d["pending"]
    if d["terminal"] is None and p is not None and p["player"] == "Jihadist":
        return [f"a Jihadist decision node in a solo game: {p['prompt']!r} ({p['rule']}) (9.0)"]
    return []


def solo_plots(d: dict) -> list[str]:
    """9.3.3 (seed_labyrinth.md h.2 #5): each WMD plot added to the Available plots sets aside the
    lowest-numbered Available numbered plot; each WMD plot used brings the highest-numbered set-aside
    marker back. (That numbered markers Available + on the map + set aside are the six numbered
    markers is ``plots_conserved``.)

    What the model guarantees, and this checks: every set-aside marker stands for a WMD marker still
    in play, i.e. set aside <= WMD plots Available + on the map; equivalently the plot markers in play
    (numbered and WMD, Available and on the map) are at least 6. The rule's "always exactly 6" is not
    guaranteed: a WMD plot that becomes Available when no numbered marker is Available (all of them
    on the map or set aside) replaces none -- 9.3.3 does not say what happens then -- and the markers
    in play are then more than 6 until that WMD is used."""
    out = []
    aside = d.get("plots_set_aside")
    if not isinstance(aside, list):
        return [f"a solo game without the set-aside plot markers (plots_set_aside is {aside!r}) (9.3.3)"]
    if any(p == "WMD" for p in aside):
        out.append(f"a WMD plot set aside {aside} (9.3.3 sets aside numbered markers only)")
    wmd_in_play = d["wmd_available"] + sum(c["plots"].count("WMD") for c in d["countries"].values())
    if len(aside) > wmd_in_play:
        out.append(f"{len(aside)} numbered plot markers set aside for {wmd_in_play} WMD plots in play "
                   f"(Available and on the map): fewer than 6 plot markers in play (9.3.3)")
    return out


def solo_jihadist_hand(d: dict) -> list[str]:
    """9.2: the solo Jihadist's cards are a face-down draw stack, top first: a list, each card once."""
    hand = d["hands"]["Jihadist"]
    if not isinstance(hand, list):
        return [f"the Jihadist hand is a {type(hand).__name__}, not a list (9.2)"]
    if len(set(hand)) != len(hand):
        return [f"the Jihadist hand {hand} holds a card twice (9.2)"]
    return []


_IDEOLOGIES = ("normal", "attractive", "potent", "infectious", "virulent")  # 9.7, in order (options.py)


def solo_us_plays_all(d: dict) -> list[str]:
    """9.7 Infectious and Virulent: the US must play all its cards (modifies 5.2.4), so a US Action
    Phase never offers to hold its last card (``"hold"``, 5.2.4)."""
    level = d["options"].get("ideology", "normal")
    p = d["pending"]
    if (level in _IDEOLOGIES and _IDEOLOGIES.index(level) >= _IDEOLOGIES.index("infectious")
            and d["terminal"] is None and p is not None and p["player"] == "US" and "hold" in p["actions"]):
        return [f"the US may hold a card at Ideology {level} (9.7: the US must play all its cards)"]
    return []


def solo_invariants(d: dict) -> list[str]:
    """The invariants of a solo game on top of the two-player ones (empty for a two-player state)."""
    if not is_solo(d):
        return []
    return solo_no_jihadist_decision(d) + solo_plots(d) + solo_jihadist_hand(d) + solo_us_plays_all(d)


# -- bounds on counts and places (issue 28 item 3) -------------------------------------------------
#: 5.2.8: the most cards a side is dealt (the Funding and Troops tables print 7, 8 or 9).
DEALT_MOST = 9
#: Cards whose event draws two cards for the one played (76 Abu Ghurayb, 115 Hambali, 116 KSM);
#: each leaves the game once its draw has happened (REMOVE; 115/116 "remove" when the US plays them).
DRAW_TWO = (76, 115, 116)
#: 5.2.8, 5.2.4, the events: the most cards the two hands can hold together. A turn ends with the
#: Jihadist's hand empty and the US holding at most its final card (5.2.1, 5.2.4); the deal gives
#: each side at most 9 "independently of the card the US held" (5.2.8: "Non vi è un massimo alla
#: mano", no limit beyond what is dealt); then every card played leaves a hand and its event adds
#: at most one card to the hands (draw one, take one from the other hand, take one from the
#: discard: cards 21, 31, 34, 61, 109, 117), except the three draw-two cards, once each.
HANDS_MOST = 2 * DEALT_MOST + 1 + len(DRAW_TWO)
#: 7.3.3: troops deploy only to an Ally, so a Muslim country (Regime Change, 7.3.4, to an Islamist
#: Rule one); card 57 Abu Sayyaf lets the US deploy to the Philippines, where troops may stay after
#: its marker goes (card 4 Moro Talks; the 2003 scenario starts with 2 there). No other place.
TROOPS_NON_MUSLIM = ("Philippines",)


def hand_bounds(d: dict) -> list[str]:
    """The two hands together hold at most :data:`HANDS_MOST` cards (5.2.8, 5.2.4, cards 76, 115,
    116: the derivation at :data:`HANDS_MOST`)."""
    held = len(d["hands"]["US"]) + len(d["hands"]["Jihadist"])
    if held > HANDS_MOST:
        return [f"hands: {held} cards in the two hands (US {len(d['hands']['US'])}, Jihadist "
                f"{len(d['hands']['Jihadist'])}); at most {HANDS_MOST} (5.2.8: 9 dealt to each side, "
                f"5.2.4: 1 held by the US, cards 76, 115, 116: 2 drawn for 1 played)"]
    return []


def places_bounded(d: dict, muslim: tuple[str, ...]) -> list[str]:
    """Where troops and Postures may be: :func:`troops_placed` and :func:`postures_placed`."""
    return troops_placed(d, muslim) + postures_placed(d, muslim)


def troops_placed(d: dict, muslim: tuple[str, ...]) -> list[str]:
    """Troops only in a Muslim country or the Philippines (7.3.3, 7.3.4, card 57)."""
    return [f"countries.{name}.troops: {c['troops']} troops outside a Muslim country or the "
            f"Philippines (7.3.3: troops deploy to an Ally; card 57)"
            for name, c in d["countries"].items()
            if c["troops"] and name not in muslim and name not in TROOPS_NON_MUSLIM]


def postures_placed(d: dict, muslim: tuple[str, ...]) -> list[str]:
    """A Posture only on a non-Muslim country other than the United States, whose Posture, Hard
    or Soft, is on the GWOT track (4.3.2, 4.7.2; Iran: 4.4, in :func:`markers_consistent`). The
    z3 invariants muslim_no_posture and us_posture_on_gwot_track check the same
    (properties/labyrinth/z3_state.py)."""
    out = []
    if d["us_posture"] not in ("hard", "soft"):
        out.append(f"us_posture: {d['us_posture']!r}: the US Posture is Hard or Soft (4.3.2)")
    for name, c in d["countries"].items():
        if c["posture"] is not None and (name in muslim or name == "United States"):
            why = ("the US Posture is us_posture, on the GWOT track (4.3.2, 4.7.2)" if name == "United States"
                   else "a Posture is a non-Muslim country's (4.3.2)")
            out.append(f"countries.{name}.posture: {c['posture']}: {why}")
    return out


@lru_cache(maxsize=1)
def _marker_facts() -> tuple[dict, dict, tuple, frozenset]:
    """From cards.yaml and data/event_markers.yaml, read once: each marker's places by its name,
    the Leak spellings (``Leak [<name>]`` -> name), the pairs (blocker, blocked) of markers and
    the LAPSING cards."""
    from cdg_oracle.model.labyrinth.cards import load_cards
    from cdg_oracle.model.labyrinth.events.lasting import leak_marker, marker_table

    cards = load_cards()
    table = marker_table()
    where = {cards[n].name: tuple(spec["where"]) for n, spec in table["markers"].items()}
    leak = {leak_marker(cards[n].name): cards[n].name for n in table["leak_targets"]}
    pairs = tuple((cards[n].name, cards[b].name) for n, spec in table["markers"].items()
                  for b in spec["blocks"] if b in table["markers"])
    return where, leak, pairs, frozenset(n for n, c in cards.items() if c.lapsing)


def marker_spellings() -> list[str]:
    """Every accepted spelling of an event marker: the MARK cards' names, then the Leak sides."""
    where, leak, _, _ = _marker_facts()
    return sorted(where) + sorted(leak)


def event_markers_known(d: dict) -> list[str]:
    """Every event marker is a MARK card's (6.2.7; its name as cards.yaml spells it) or, in the
    Events box only, one flipped by Leak, ``Leak [<name>]`` (cards 84-85, 6.2.8), and lies where
    its card puts it (data/event_markers.yaml ``where``): a marker of the Events box never on a
    country, a country's only there ("chosen": any country). A marker and its Leak side are never
    both up, nor two markers of which one blocks the other (6.2.8: placing the blocker removes the
    blocked, which cannot be played while the blocker is in effect)."""
    where, leak, pairs, _ = _marker_facts()
    box = d["events_in_effect"]
    on_map = [(country, name) for country, c in d["countries"].items() for name in c["markers"]]
    if not box and not on_map:
        return []
    out = []
    for name in box:
        if name not in where and name not in leak:
            out.append(_unknown_marker("events_in_effect", name))
        elif name in where and "events box" not in where[name]:
            out.append(f"events_in_effect: {name!r} is placed on a country, not in the Events box "
                       f"({', '.join(where[name])}; 6.2.7)")
    if len(set(box)) != len(box):
        out.append(f"events_in_effect: a marker listed twice {sorted(box)}")
    for flipped, name in leak.items():
        if flipped in box and name in box:
            out.append(f"events_in_effect: {name!r} and {flipped!r} both up: Leak flips the marker (card 84)")
    up = set(box)
    for country, name in on_map:
        if name not in where:
            out.append(_unknown_marker(f"countries.{country}.markers", name))
        elif "events box" in where[name]:
            out.append(f"countries.{country}.markers: {name!r} lies in the Events box "
                       f"(events_in_effect), not on a country (6.2.7)")
        elif "chosen" not in where[name] and country not in where[name]:
            out.append(f"countries.{country}.markers: {name!r} is placed only in {', '.join(where[name])} "
                       f"(its card; 6.2.7)")
        up.add(name)
    for blocker, blocked in pairs:
        if blocker in up and blocked in up:
            out.append(f"event markers: {blocker!r} and {blocked!r} both in effect; the first blocks the "
                       f"second (6.2.8)")
    return out


def _unknown_marker(field: str, name: object) -> str:
    if str(name).startswith("Leak ["):   # Leak flips only its three markers (card 84)
        hint = f" (Leak flips only {', '.join(map(repr, sorted(_marker_facts()[1])))}: card 84)"
    else:
        near = get_close_matches(str(name), marker_spellings(), n=3, cutoff=0.6)
        hint = f" (did you mean {' or '.join(map(repr, near))}?)" if near else ""
    return (f"{field}: {name!r} is not an event marker{hint}; the markers are the MARK cards' names and "
            f"'Leak [<name>]' (docs/positions.md)")


def lapsing_cards(d: dict) -> list[str]:
    """Only LAPSING cards lie in the Lapsing box or stand as its markers (4.7.7.1, 4.7.7.3)."""
    lapsing = _marker_facts()[3]
    return [f"{field}: card {n} is not a LAPSING card (4.7.7.1)"
            for field in ("lapsing", "lapsing_effects") for n in d[field]
            if isinstance(n, int) and 1 <= n <= 120 and n not in lapsing]


def check_all(d: dict, numbered: list[int], muslim: tuple[str, ...]) -> list[str]:
    return (track_bounds(d) + pieces_conserved(d) + plots_conserved(d, numbered)
            + cards_conserved(d) + markers_consistent(d, muslim) + solo_invariants(d)
            + hand_bounds(d) + places_bounded(d, muslim) + event_markers_known(d) + lapsing_cards(d))
