"""Steps many events share, as functions (no decision) and procedures (decisions or chance).

Vocabulary of the card texts and how it is modelled:

* "select" a country: a decision ``{"country": X}`` posed to the implementing side (4.9.4 note:
  "select" may pick a marked or unmarked country); "test" it: ``push_test`` (a chance node for an
  unmarked country, nothing for a marked one: FAQ 1, 4.9.4). A country selected as the site of a
  cell or plot placement is tested first (4.9.4 second bullet; A54), unless the ruling
  ``event_select_tests`` is False (``push_site_test``).
* "place a cell": from the Funding track only, ignoring Funding (4.7.4.2 last paragraph), as a
  Sleeper, removing a Cadre (4.8.4); with no cylinder on the track nothing is placed (4.6.3).
* "remove a cell": ``remove_cell`` (the remover picks Active, Sleeper or Moqtada al-Sadr, an Active
  cell that is a marker (card 54, A09), when more than one kind is there); the last cell removed
  from a country by an event leaves a Cadre (4.8.4).
* "random card from a hand", "discards a random card": a chance node over the hand (the model is
  the referee; nobody chooses). "inspect the hand": nothing to model, the state is open to the
  referee and the side's decisions are the only way it acts.
* "draw a card": the ``draw`` procedure of ``turn.py`` (5.3.1, reshuffle included).
* "select the Posture": ``select_posture``, a decision ``{"posture": "hard" | "soft"}``.
* "within N countries": the map graph (``st.map.distance``).
* "place an available plot": ``place_plot_event``, the Jihadist picks the marker ``{"plot": v}``.
"""
from __future__ import annotations

from cdg_oracle.model.core.choosers import pick_next
from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.countries import (
    BETTER, WORSE, cells, place_cells_from_track, remove_cells_to_track, set_governance,
)
from cdg_oracle.model.core.steps import choose, do, done, if_, var
from cdg_oracle.model.labyrinth.engine import ENGINE, ask, cite, pop, procedure, push
from cdg_oracle.model.labyrinth.operations.jihadist import place_plot, plot_options
from cdg_oracle.model.labyrinth.options import is_solo

SIDES = ("US", "Jihadist")
OPPONENT = {"US": "Jihadist", "Jihadist": "US"}
ALIGN_ORDER = ("ally", "neutral", "adversary")


# -- functions (no decision) -----------------------------------------------------------------------
def place_cells(st, name: str, n: int) -> int:
    """Place up to ``n`` Sleeper cells in ``name`` from the Funding track, ignoring Funding
    (4.7.4.2); returns how many were placed (4.6.3: none without cylinders)."""
    placed = place_cells_from_track(st, name, n)
    cite(st, "4.7.4.2", "4.6.3")
    return placed


@implements("4.8.4", "card 54")
def remove_cells(st, name: str, actives: int, sleepers: int, cadre: bool = True, sadr: bool = False) -> None:
    """Remove cells from ``name`` by an event: ``actives`` and ``sleepers`` cylinders to the Funding
    track and, if ``sadr``, the Moqtada al-Sadr marker out of the game (card 54; A09). The last cell
    removed (Sadr is a cell) places a Cadre there (4.8.4: "mediante ... evento") unless ``cadre``
    is False (card 31: "non ponete quadri")."""
    from cdg_oracle.model.labyrinth.countries import SADR, remove_sadr  # (kept out of the shared import line)

    c = st.d["countries"][name]
    had = cells(c)
    remove_cells_to_track(st, name, actives, sleepers)
    if sadr and SADR in c["markers"]:
        remove_sadr(st, name)
        cite(st, "card 54")
    if had and cells(c) == 0 and cadre:
        c["cadre"] = True
        cite(st, "4.8.4")


def shift_alignment(st, name: str, toward: str, steps: int = 1) -> None:
    """Shift a Muslim country's Alignment ``steps`` boxes toward ``"ally"`` or ``"adversary"``."""
    c = st.d["countries"][name]
    i = ALIGN_ORDER.index(c["align"])
    i = max(0, i - steps) if toward == "ally" else min(2, i + steps)
    c["align"] = ALIGN_ORDER[i]


def improve_governance(st, name: str) -> None:
    """Improve a tested Muslim country's Governance one level (Poor -> Fair -> Good; Good stays)."""
    c = st.d["countries"][name]
    if c["gov"] in BETTER:
        set_governance(st, name, BETTER[c["gov"]])


def worsen_governance(st, name: str) -> None:
    """Worsen a tested Muslim country's Governance one level, never to Islamist Rule (Good -> Fair
    -> Poor; Poor stays), the limit every event that worsens Governance states."""
    c = st.d["countries"][name]
    if c["gov"] in WORSE:
        set_governance(st, name, WORSE[c["gov"]])


def countries_where(st, pred) -> list[str]:
    """Country names (map order) for which ``pred(name, country_dict)`` holds."""
    return [n for n, c in st.d["countries"].items() if pred(n, c)]


def any_islamist_rule(st) -> bool:
    return any(c["gov"] == "islamist_rule" for c in st.d["countries"].values())


def within(st, origin: str, n: int) -> list[str]:
    """Countries at most ``n`` countries away from ``origin`` (itself included; 4.1 adjacency)."""
    return [x for x in st.d["countries"] if st.map.distance(origin, x, st.patriot_act()) <= n]


@implements("4.9.4")
def site_tested(st, selected: bool = True) -> bool:
    """Is an unmarked placement site of an event tested before the placement? A country the card
    names ("Ponete una cellula in Somalia") always is (4.9.4 second bullet: a country that "subisce
    il piazzamento di una cellula o di un complotto mediante un evento"). One the event lets the
    player *select* (``selected``) depends on A54, ruling ``event_select_tests``: True (default,
    reading placement_tests: the second bullet covers a placement by event whatever verb the card
    uses) it is tested; False (reading select_never_tests: 4.9.4's note, "select" is the player's
    choice of a marked or unmarked country, as opposed to "test") it is not, and the event places
    its cell or plot there unmarked. A card that says "test" (Jihadist Videos 82, Iran 104-105)
    tests under both; an event that selects a Posture (16, 21, 38) sets it, no test under both."""
    return not selected or st.rulings.event_select_tests


@implements("4.9.4")
def push_site_test(st, name: str) -> None:
    """Test ``name``, the country an event selected as the site of a cell or plot placement, before
    the placement -- if :func:`site_tested` (A54, ``event_select_tests``); nothing if it is marked."""
    from cdg_oracle.model.labyrinth.tables import push_test

    if site_tested(st):
        push_test(st, name)


# -- procedures ----------------------------------------------------------------------------------
def _cell_kinds(st, f) -> list:
    """The kinds of cell in ``country`` an event may remove: Active, Sleeper, and Moqtada al-Sadr
    (card 54, an Active cell that is a marker)."""
    from cdg_oracle.model.labyrinth.countries import SADR  # (kept out of the shared import line)

    c = st.d["countries"][f["country"]]
    kinds = [k for k, key in (("active", "actives"), ("sleeper", "sleepers")) if c[key] > 0]
    if SADR in c["markers"]:
        kinds.append("sadr")
    return [{"cell": k} for k in kinds]


def _kinds_to_choose_from(st, f) -> bool:
    """The remover chooses only when two kinds or more are there."""
    return len(_cell_kinds(st, f)) > 1


def _remove_the_cell(st, f) -> None:
    """4.8.4: remove the cell chosen (or the only kind there; none there: nothing happens); the
    last cell removed leaves a Cadre unless ``cadre`` is False (card 31)."""
    cell = f["cell"]
    if cell is None:
        kinds = _cell_kinds(st, f)
        if not kinds:
            return
        cell = kinds[0]
    kind = cell["cell"]
    remove_cells(st, f["country"], 1 if kind == "active" else 0, 1 if kind == "sleeper" else 0,
                 cadre=f.get("cadre", True), sadr=kind == "sadr")
    cite(st, f["rule"])


@ENGINE.sequence("remove_cell")
@implements("4.8.4", "card 54")
def remove_cell():
    """Remove one cell from ``country`` by an event; ``chooser`` picks the kind when two or more are
    present (``{"cell": "active" | "sleeper" | "sadr"}``: Moqtada al-Sadr, card 54, is an Active
    cell; removed, it leaves the game). ``cadre`` False: no Cadre (card 31)."""
    return [
        choose(var("chooser"), _cell_kinds, var("rule"), "remove which cell in {country}", into="cell",
               when=_kinds_to_choose_from, name="start"),
        do(_remove_the_cell),
    ]


def push_remove_cell(st, name: str, chooser: str, rule: str, cadre: bool = True) -> None:
    push(st, "remove_cell", country=name, chooser=chooser, rule=rule, cadre=cadre)


@procedure("random_cards")
@implements("6.3.1")
def random_cards(st, f, a) -> None:
    """Take ``count`` cards at random, one chance node each, from ``owner``'s hand and put them on
    ``dest``: ``"discard"`` (the discard pile) or a side (that side's hand). The cards taken are
    appended to the parent frame's ``picked`` list. Fewer cards in hand: as many as there are.
    A US Election (card 120) discarded this way triggers its event (6.3.1: "quando questa carta
    viene ... scartata"), for the side whose hand it left, unless ``automatic`` is False (the
    caller then handles it)."""
    from cdg_oracle.model.labyrinth.events.play import push_event, put_away

    d = st.d
    hand = d["hands"][f["owner"]]
    if f.get("held") is not None:
        put_away(st, f["held"], f.get("event_happened"))
        f["held"] = None
        f["event_happened"] = None
    elif a is not None:
        n = a["card"]
        hand.remove(n)
        f["done"] = f.get("done", 0) + 1
        st.d["stack"][-2].setdefault("picked", []).append(n)
        if f["dest"] == "discard" and st.cards[n].automatic and f.get("automatic", True):
            d["in_play"].append(n)
            f["held"] = n
            cite(st, "6.3.1", f"card {n}")
            push_event(st, n, f["owner"], "discard")
            return
        if f["dest"] == "discard":
            d["discard"].append(n)
        else:
            from cdg_oracle.model.labyrinth.turn import add_to_hand
            add_to_hand(st, f["dest"], n)
    taken = f.get("done", 0)
    if f["owner"] == "Jihadist" and is_solo(st) and taken < f["count"] and hand:
        # 9.2: "a random Jihadist card" is the top card of his face-down stack.
        from cdg_oracle.model.labyrinth.engine import answer
        cite(st, "9.2")
        answer(st, {"card": hand[0]})
        return
    if pick_next(st, hand, taken, f["count"], f["rule"], f"a random card from the {f['owner']} hand", key="card"):
        pop(st)


def push_random_cards(st, owner: str, count: int, dest: str, rule: str, automatic: bool = True) -> None:
    push(st, "random_cards", owner=owner, count=count, dest=dest, rule=rule, automatic=automatic)


def _postures(st, f) -> list:
    return [{"posture": "hard"}, {"posture": "soft"}]


def _set_posture(st, f) -> None:
    st.d["countries"][f["country"]]["posture"] = f["posture"]["posture"]
    cite(st, f["rule"])


@ENGINE.sequence("select_posture")
def select_posture():
    """``chooser`` selects the Posture of ``country`` (a non-Muslim country other than the US)."""
    return [
        choose(var("chooser"), _postures, var("rule"), "select the Posture of {country}", into="posture",
               name="start"),
        do(_set_posture),
    ]


def push_select_posture(st, name: str, chooser: str, rule: str) -> None:
    push(st, "select_posture", country=name, chooser=chooser, rule=rule)


def _plot_markers(st, f) -> list:
    return plot_options(st, f["max_value"], f["wmd"])


def _any_plot_marker(st, f) -> bool:
    return bool(_plot_markers(st, f))


def _place_the_plot(st, f) -> None:
    if f["plot"] is not None:
        place_plot(st, f["country"], f["plot"]["plot"])
    cite(st, f["rule"])


@ENGINE.sequence("place_plot_event")
def place_plot_event():
    """The Jihadist places an Available plot marker in ``country``: numbered up to ``max_value``
    (None: any value), a WMD plot too if ``wmd``. Nothing Available: nothing placed."""
    return [
        choose("Jihadist", _plot_markers, var("rule"), "which plot marker to place in {country}", into="plot",
               when=_any_plot_marker, name="start"),
        do(_place_the_plot),
    ]


def push_place_plot(st, name: str, rule: str, max_value: int | None = None, wmd: bool = True) -> None:
    push(st, "place_plot_event", country=name, max_value=max_value, wmd=wmd, rule=rule)


def _no_site_or_marker(st, f) -> bool:
    return not f["targets"] or not plot_options(st, f["max_value"], f["wmd"])


def _cite_rule(st, f) -> None:
    cite(st, f["rule"])


def _sites(st, f) -> list:
    return [{"country": n} for n in f["targets"]]


def _test_site(st, f) -> None:
    """4.9.4, A54: the country selected is tested first (:func:`push_site_test`)."""
    f["country"] = f["country"]["country"]
    push_site_test(st, f["country"])


def _place_plot_there(st, f) -> None:
    push_place_plot(st, f["country"], f["rule"], f["max_value"], f["wmd"])


@ENGINE.sequence("plot_at_chosen_site")
def plot_at_chosen_site():
    """The Jihadist selects a country among ``targets`` (4.9.4: an untested site is tested; A54,
    ruling ``event_select_tests``: :func:`push_site_test`) and places an Available plot there
    (``place_plot_event``). With no target or no eligible plot marker, nothing is selected or
    placed. Cards 96 Danish Cartoons, 116 KSM."""
    return [
        if_(_no_site_or_marker, [do(_cite_rule), done()]),
        choose("Jihadist", _sites, var("rule"), var("prompt"), into="country"),
        do(_test_site),
        do(_place_plot_there, name="tested"),
        done(name="done"),
    ]


def push_plot_at_chosen_site(st, targets: list[str], rule: str, prompt: str,
                             max_value: int | None = None, wmd: bool = True) -> None:
    push(st, "plot_at_chosen_site", targets=targets, rule=rule, prompt=prompt,
         max_value=max_value, wmd=wmd)


@procedure("event_op")
def event_op(st, f, a) -> None:
    """An event's "conduct an operation of value ``value``" (cards 18, 97): ``side`` chooses an
    operation the value allows (none possible: nothing happens) and conducts it with ``card``."""
    from cdg_oracle.model.labyrinth.cardplay import op_options

    if a is None and f["side"] == "Jihadist" and is_solo(st):
        # Solo (FAQ, Fatwa in solo): the bot's operation follows the 9.4.1 flowchart.
        pop(st)
        cite(st, "9.4.1")
        push(st, "solo_ops", value=f["value"], mode="chain", card=f["card"])
        return
    if a is None:
        options = op_options(st, f["side"], f["value"], f["card"])
        options = [o for o in options if o["op"] != "reassessment"]  # needs the card itself (7.6)
        if f.get("reserves"):
            options.append({"op": "reserves"})
        if not options:
            pop(st)
            return
        ask(st, f["side"], options, f["rule"], f"operation of value {f['value']} ({f['rule']})")
        return
    pop(st)
    if a["op"] == "plot" and f["card"] == 97 and st.rulings.fatwa_first_plot:
        # P17: Fatwa's "operazione con questa carta" as a Plot is the turn's Plot operation with
        # this card (4.7.7.2 "la sua prima operazione di Complotto di un turno", 8.5.3): it uses up
        # the exemption and, the first, puts Fatwa in the 1st Plot box (its play_card frame).
        from cdg_oracle.model.labyrinth.cardplay import first_plot

        owner = next((fr for fr in reversed(st.d["stack"])
                      if fr["proc"] == "play_card" and fr["card"] == 97), None)
        first_plot(st, owner if owner is not None else {"card": 97})
    if a["op"] == "reserves":
        from cdg_oracle.model.labyrinth.tracks import RESERVES_MAX

        st.d["reserves"][f["side"]] = min(RESERVES_MAX, st.d["reserves"][f["side"]] + f["value"])
        cite(st, "6.3.3")
        return
    push(st, "op_" + a["op"], side=f["side"], card=f["card"], value=f["value"])


def push_draw(st, side: str) -> None:
    """Draw one card into ``side``'s hand (5.3.1; an empty draw pile reshuffles, 3.3 may end the game)."""
    push(st, "draw", side=side)
