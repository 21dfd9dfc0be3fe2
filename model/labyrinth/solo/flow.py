"""The solo Jihadist's Action Phase and cards: 9.2 (the hand as a face-down stack), 9.4.1 "Event or
Ops?" and 9.4.3 Radicalization.

9.4.1 (IT "Evento o Operazione?"), for each Jihadist card, the top card of his stack:

* a playable (6.2.6) Jihadist or Unassociated event is played, even with no effect or to the US's
  benefit; except that with no cell on the Funding track an event that would Recruit or place
  cells causes Radicalization instead (``data/solo_events.yaml`` ``places_cells``);
* a playable US event: no event; the ops Plot (9.4.2.2);
* after an Unassociated event (``solo_unassociated_ops``, D16), or when the event is not playable:
  Major Jihad where it could succeed; else Minor Jihad in a Good or Fair country; else Recruit if
  cells are Available and GTMO is not in effect; else Travel;
* ops that cannot be used: Radicalization (9.4.3).

A Jihadist card never triggers a US event and never uses Reserves; there is no 1st Plot box.
Card 47 (The door of Itjihad was closed), solo: "in this turn's Jihadist Action Phase non-US
events are not playable".
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.countries import WORSE, cells, governance, place_cells_from_track, set_governance
from cdg_oracle.model.labyrinth.engine import cite, pop, procedure, push
from cdg_oracle.model.labyrinth.events.lasting import lapsing_in_effect
from cdg_oracle.model.labyrinth.events.play import event_playable, push_event, put_away
from cdg_oracle.model.labyrinth.operations.jihadist import gtmo
from cdg_oracle.model.labyrinth.solo import priorities as prio
from cdg_oracle.model.labyrinth.solo.events import places_cells, solo_event_playable
from cdg_oracle.model.labyrinth.solo.random_country import country_options, push_pick
from cdg_oracle.model.labyrinth.tables import push_test
from cdg_oracle.model.labyrinth.tracks import available_cells_of


@procedure("solo_jihadist_phase")
@implements("9.2", "5.2.2")
def solo_jihadist_phase(st, f, a) -> None:
    """5.2.2 in a solo game: the Jihadist plays the top two cards of his face-down stack (9.2), one
    after the other (fewer if fewer are left). He never removes a Cadre by choice (4.8.4 is a
    choice the bot's rules never make). A card whose use an earlier event fixed (cards 48, 53) is
    played that way."""
    d = st.d
    if f["pc"] == "start":
        f["pc"] = "next"
    if f["pc"] == "next":
        hand = d["hands"]["Jihadist"]
        if not hand or d["card_index"] > 2:
            d["second_card"] = None
            pop(st)
            return
        n = hand[0]
        f["pc"] = "played"
        cite(st, "9.2")
        special = d["second_card"]
        d["second_card"] = None
        if special is not None:
            push(st, "play_card", side="Jihadist", card=n, special=special)
        else:
            push(st, "solo_card", card=n)
        return
    d["card_index"] += 1
    f["pc"] = "next"


@implements("9.4.1", "card 47", "9.6")
def jihadist_event_playable(st, n: int) -> bool:
    """9.4.1 with 6.2.6: the Jihadist can play card ``n``'s event now. Card 47, solo: while The
    door of Itjihad was closed is in effect, non-US events are not playable. 9.6: the solo
    restrictions of ``solo/events.py`` (Oil Price Spike with no Jihadist card in the discard pile
    is used for ops only)."""
    if lapsing_in_effect(st, 47):
        return False
    return (st.cards[n].side in ("Jihadist", "Unassociated") and event_playable(st, "Jihadist", n)
            and solo_event_playable(st, n))


@procedure("solo_card")
@implements("9.4.1", "9.4.2.1", "4.9.6")
def solo_card(st, f, a) -> None:
    """One Jihadist card by 9.4.1 (see the module docstring); the Jihadist Activities sheet of
    4.9.6 is this flowchart ("Event or Ops?", "Where?") in the rules' prose, since no source gives
    the sheet's box texts (labyrinth_solo_tables.yaml)."""
    d = st.d
    n = f["card"]
    card = st.cards[n]
    if f["pc"] == "start":
        d["hands"]["Jihadist"].remove(n)
        d["in_play"].append(n)
        f["value"] = card.ops
        cite(st, "9.4.1")
        if jihadist_event_playable(st, n):
            if places_cells(n) and d["cells_track"] == 0:
                cite(st, "9.4.1")  # the exception: no cell on the Funding track -> Radicalization
                f["pc"] = "dispose"
                push(st, "solo_radicalization", value=f["value"], card_value=f["value"])
                return
            f["pc"] = "event_done"
            push_event(st, n, "Jihadist", "play")
            return
        if card.side == "US" and event_playable(st, "US", n):
            f["pc"] = "dispose"
            push(st, "solo_ops", value=f["value"], mode="plot", card=n)
            return
        f["pc"] = "dispose"
        push(st, "solo_ops", value=f["value"], mode="chain", card=n)
        return
    if f["pc"] == "event_done":
        f["pc"] = "dispose"
        if f.get("event_happened"):
            # The event is over: its card goes where it belongs now (removed, Lapsing box, discard),
            # so that a LAPSING event is in effect for the Ops the card then gives (GTMO, card 114:
            # no Recruit with its own Ops; the solo example's Jihadist phase 4).
            put_away(st, n, f["event_happened"], False)
            f["put_away"] = True
        if f.pop("radicalize", False):
            # 9.4.2.1: the event's plot found no country by 9.4.2.2: the card's value Radicalizes.
            cite(st, "9.4.2.1")
            push(st, "solo_radicalization", value=f["value"], card_value=f["value"])
            return
        if card.side == "Unassociated" and st.rulings.solo_unassociated_ops == "event_then_ops":
            cite(st, "9.4.1")
            push(st, "solo_ops", value=f["value"], mode="chain", card=n)
        return
    if not f.get("put_away"):
        put_away(st, n, f.get("event_happened"), False)
    pop(st)


@procedure("solo_ops")
@implements("9.4.1")
def solo_ops(st, f, a) -> None:
    """The ops of a Jihadist card by the 9.4.1 chain (``mode`` "chain"), or Plot only ("plot": a
    playable US event); the ops left unused go to Radicalization (9.4.3)."""
    v = f["value"]
    if f["pc"] == "start":
        f["pc"] = "after"
        f["left"] = 0
        common = {"value": v, "card": f.get("card")}
        if f["mode"] == "plot":
            push(st, "solo_plot", **common)
            return
        if any(prio.major_jihad_groups(st, v)):
            push(st, "solo_jihad", major=True, **common)
        elif prio.minor_jihad_targets(st):
            push(st, "solo_jihad", major=False, **common)
        elif available_cells_of(st) > 0 and not gtmo(st):
            push(st, "solo_recruit", **common)
        else:
            if gtmo(st):
                cite(st, "card 114")
            push(st, "solo_travel", card_value=v, **common)
        return
    if f["pc"] == "after":
        f["pc"] = "done"
        if f["left"] > 0:
            push(st, "solo_radicalization", value=f["left"], card_value=v)
            return
    pop(st)


@implements("9.4.3")
def _failed_step(st, f, op_spent: bool) -> None:
    """9.4.3: a Radicalization step whose condition fails. Ruling ``radicalization_failed_step``
    (A23): "skip_to_next" (default) keeps the op for the next step; "op_spent" uses it up."""
    if op_spent:
        f["left"] -= 1
        cite(st, "9.4.3")


@procedure("solo_radicalization")
@implements("9.4.3")
def solo_radicalization(st, f, a) -> None:
    """9.4.3 Radicalization, for ``value`` ops the flowchart could not use, in order (a step whose
    condition fails passes to the next one with the same op, A23):

    1. if the Funding track has a cell, one op places a cell in a random country (regardless of
       Funding, the 9.4.3 example);
    2. the next op Travels one cell, destination and origin from the second "To" box, succeeding
       automatically (Biometrics ignored);
    3. if Funding is below 9, the next op places a random plot marker (9.3.2) in a random
       non-Islamist-Rule country with a cell;
    4. each op left worsens by one level the Governance of a random Good or Fair Muslim country
       (``solo_radicalization_muslim``, D15); with none, the op is lost.

    Ruling ``radicalization_failed_step`` (A23): "skip_to_next" (default) as above; "op_spent": a
    step 1-3 whose condition fails (no cell on the track; no cell that can travel, or the Travel
    gave its op back; Funding 9, no site or no plot marker) still uses up its op."""
    d = st.d
    op_spent = st.rulings.radicalization_failed_step == "op_spent"
    if f["pc"] == "start":
        f["left"] = f["value"]
        f["travel_left"] = 0
        f["step"] = 1
        f["pc"] = "next"
    if f["pc"] == "picked_cell":
        name = f.pop("picked")["country"]
        place_cells_from_track(st, name, 1)
        cite(st, "9.4.3")
        f["pc"] = "next"
        push_test(st, name)
        return
    if f["pc"] == "travelled":
        # solo_travel gave its op back to ``left`` if no cell could travel (A23: next step)
        f["pc"] = "next"
        if "left_at_travel" in f:
            if f["left"] > f["left_at_travel"]:
                f["left"] = f["left_at_travel"]  # A23 "op_spent": the failed Travel step used its op
                cite(st, "9.4.3")
            del f["left_at_travel"]
    if f["pc"] == "picked_plot":
        f["plot_country"] = f.pop("picked")["country"]
        f["pc"] = "plot_marker"
        from cdg_oracle.model.labyrinth.solo.answers import push_marker_pick
        push_marker_pick(st, None, mode="return", purpose=f"Radicalization: plot marker in {f['plot_country']} (9.3.2)")
        return
    if f["pc"] == "plot_marker":
        from cdg_oracle.model.labyrinth.operations.jihadist import place_plot
        place_plot(st, f["plot_country"], f.pop("picked")["plot"])
        cite(st, "9.4.3", "9.3.2")
        f["pc"] = "next"
    if f["pc"] == "picked_gov":
        name = f.pop("picked")["country"]
        if st.map.countries[name].muslim:
            set_governance(st, name, WORSE[d["countries"][name]["gov"]])
            cite(st, "9.4.3")
        else:
            cite(st, "9.4.3", "4.3.1")  # ES reading (D15): a non-Muslim Governance never changes
        f["pc"] = "next"
    while f["left"] > 0:
        step = f["step"]
        f["step"] += 1
        if step == 1:
            if d["cells_track"] > 0:
                f["left"] -= 1
                f["pc"] = "picked_cell"
                opts, names = country_options(st, st.map.names)
                push_pick(st, opts, names=names, rule="9.4.3", purpose="Radicalization: place a cell in a random country")
                return
            _failed_step(st, f, op_spent)
            continue
        if step == 2:
            if any(prio.free_cells(st)[0].values()):
                f["left"] -= 1
                if op_spent:
                    f["left_at_travel"] = f["left"]
                f["pc"] = "travelled"
                push(st, "solo_travel", value=1, first_box=2, automatic=True, card_value=f["card_value"],
                     card=f.get("card"))
                return
            _failed_step(st, f, op_spent)
            continue
        if step == 3:
            sites = [n for n in st.map.names if d["countries"][n]["gov"] != "islamist_rule"
                     and cells(d["countries"][n]) > 0]
            have_marker = d["plots_available"] or d["wmd_available"]
            if d["funding"] < 9 and sites and have_marker:
                f["left"] -= 1
                f["pc"] = "picked_plot"
                opts, names = country_options(st, sites)
                push_pick(st, opts, names=names, rule="9.4.3", purpose="Radicalization: a plot in a random country with a cell")
                return
            _failed_step(st, f, op_spent)
            continue
        muslim_only = st.rulings.solo_radicalization_muslim
        goodfair = [n for n in st.map.names if (st.map.countries[n].muslim or
                                                 (not muslim_only and st.map.countries[n].non_muslim))
                    and governance(st, n) in ("good", "fair")]
        f["left"] -= 1
        if not goodfair:
            cite(st, "9.4.3")  # no Good or Fair Muslim country: the op is lost (A23)
            continue
        f["pc"] = "picked_gov"
        opts, names = country_options(st, goodfair)
        push_pick(st, opts, names=names, rule="9.4.3", purpose="Radicalization: worsen the Governance of a random country")
        return
    pop(st)
