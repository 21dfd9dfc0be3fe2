"""How the solo Jihadist makes each card event's choices (9.4.1, 9.4.2.1, 9.6): the data and the
event-specific procedures of the bot.

``data/solo_events.yaml`` names, per card, whether its event would place cells (9.4.1: with no
cell on the Funding track it Radicalizes instead) and which 9.4.2.1 method picks its countries. It
is read with the strict reader of ``model/core/yamlio.py`` and validated on load (a problem raises a one-line DataError naming
the file and the card).

The procedures here (registered when ``solo/flow.py`` imports this module, so that a state saved
in the middle of one resumes in any process) are started by ``solo/answers.py``:

* ``solo_shia_mix_nearest``: Iran and Jaysh al-Mahdi (9.4.2.1 second bullet, ruling
  ``solo_shia_mix_nearest``, D20);
* ``solo_event_travel``: the destinations of Schengen Visas (9.4.2.1 fourth bullet), planned
  before the first origin as 9.4.2.6 plans every destination first.

9.6 Oil Price Spike: :func:`oil_spike_cards`; with none the card is used for Ops only, which
:func:`solo_event_playable` tells ``solo/flow.py``.

Solo texts on US cards that ask nothing of the bot: card 5 NEST ("se la jihad ha WMD, tutti i
complotti negli USA sono posti a faccia in su") is information only (the model's plots are open
data); card 47's solo text is ``solo/flow.py``'s; FSB's shuffle of the Jihadist stack (9.2) is
``events/us_17_32.py``'s.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path


from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml
from cdg_oracle.model.labyrinth.countries import is_tested
from cdg_oracle.model.labyrinth.engine import answer, cite, pop, procedure
from cdg_oracle.model.labyrinth.solo import priorities as prio
from cdg_oracle.model.labyrinth.solo.random_country import map_order, nearest, push_pick
from cdg_oracle.model.labyrinth.tables import push_test

PATH = Path(__file__).resolve().parent.parent / "data" / "solo_events.yaml"
KINDS = ("plot", "shift", "alignment", "cells", "shia_mix", "shia_mix_nearest", "global_nearest",
         "schengen", "united_states", "special", "random")
OIL_PRICE_SPIKE = (117, 118)


def load_solo_events(path: Path = PATH) -> dict[int, dict]:
    """Read and validate a solo-events file: ``{card: {"places_cells", "choices", "source"}}``."""
    where = Path(path).name
    raw = read_yaml(path, where)  # the one strict reader: a card listed twice is a duplicate key
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), dict):
        raise DataError(f"{where}: expected a mapping 'cards'")
    out = {}
    for n, spec in raw["cards"].items():
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 120:
            raise DataError(f"{where}: card {n!r}: not a card number 1-120")
        if not isinstance(spec, dict) or not set(spec) <= {"places_cells", "choices", "source"}:
            raise DataError(f"{where}: card {n}: keys must be places_cells, choices, source")
        if spec.get("choices", "random") not in KINDS:
            raise DataError(f"{where}: card {n}: choices {spec.get('choices')!r} not one of {', '.join(KINDS)}")
        if not isinstance(spec.get("places_cells", False), bool):
            raise DataError(f"{where}: card {n}: places_cells must be true or false")
        if not isinstance(spec.get("source"), str) or not spec["source"].strip():
            raise DataError(f"{where}: card {n}: source missing")
        out[n] = {"places_cells": spec.get("places_cells", False), "choices": spec.get("choices", "random"),
                  "source": spec["source"]}
    return out


@lru_cache(maxsize=1)
def solo_events() -> dict[int, dict]:
    return load_solo_events(PATH)


def places_cells(n: int) -> bool:
    """9.4.1: card ``n``'s event would Recruit or place cells."""
    return solo_events().get(n, {}).get("places_cells", False)


def choice_kind(n: int) -> str:
    """9.4.2.1: how the solo Jihadist picks the countries of card ``n``'s event."""
    return solo_events().get(n, {}).get("choices", "random")


# -- 9.6 Oil Price Spike -----------------------------------------------------------------------------
@implements("9.6", "card 117", "card 118")
def oil_spike_cards(st) -> list[int]:
    """9.6 Oil Price Spike: the highest-value Jihadist-associated cards in the discard pile (the
    solo instruction names the discard pile only: "dal mazzo degli scarti")."""
    d = st.d
    jihad = [x for x in d["discard"] if st.cards[x].side == "Jihadist"]
    if not jihad:
        return []
    top = max(st.cards[x].ops for x in jihad)
    return sorted(x for x in jihad if st.cards[x].ops == top)


@implements("9.6", "9.4.1")
def solo_event_playable(st, n: int) -> bool:
    """The solo restrictions on playing card ``n``'s event beyond 6.2.6 (9.6): Oil Price Spike
    with no Jihadist-associated card in the discard pile is "used for Ops only". (Card 47's solo
    text is checked by ``solo/flow.py``.)"""
    if n in OIL_PRICE_SPIKE and not oil_spike_cards(st):
        return False
    return True


# -- 9.4.2.1 Iran, Jaysh al-Mahdi ----------------------------------------------------------------------
@implements("9.4.2.1", "9.5.1")
def shia_mix_candidates(st, rolled: str, names: list[str], reading: str) -> list[str]:
    """The countries among ``names`` (the event's possible countries) the Shia-Mix result
    ``rolled``, already tested, leads to (9.4.2.1: "tirate sulla tabella Misto Sciita (9.5),
    testate se il paese risultante è Neutro, poi cercate il paese adatto più vicino che sia a Buon
    Governo e poi a Governo Discreto"), nearest first by 9.5.1; several: a die among them.

    ``reading`` is the ruling ``solo_shia_mix_nearest`` (D20):

    * "always" (IT/PL): the nearest possible country with Good Governance (the result itself at
      distance 0), else the nearest with Fair, else the nearest possible country (9.5.1);
    * "if_unmarked" (ES "... y si está aún sin marcar busca el país más cercano ... Good y si no
      Fair"): that search only for a result still unmarked (a Shia-Mix country is Muslim, so its
      test always marks it: in play never); otherwise the result itself if it is possible, else
      the nearest possible country (9.5.1, any Governance)."""
    if reading == "if_unmarked" and is_tested(st, rolled):
        if rolled in names:
            return [rolled]
        return nearest(st, rolled, names) or list(names)
    for gov in ("good", "fair"):
        group = [n for n in names if st.d["countries"][n]["gov"] == gov]
        if group:
            close = nearest(st, rolled, group)
            if close:
                return close
    return nearest(st, rolled, names) or list(names)


@procedure("solo_shia_mix_nearest")
@implements("9.4.2.1", "9.5", "9.5.1")
def solo_shia_mix_nearest(st, f, a) -> None:
    """Answer an Iran or Jaysh al-Mahdi country question (``key`` among ``names``): roll the
    Shia-Mix table over the Shia-Mix countries, test the result if it is unmarked (4.9.4), then
    :func:`shia_mix_candidates` by the ruling; a die among equally near ones (9.5.1)."""
    if f["pc"] == "start":
        f["pc"] = "rolled"
        table = [n for n in st.map.names if st.map.countries[n].type == "shia_mix"]
        push_pick(st, [{"country": n} for n in table], names=table, method="shia_mix", rule="9.4.2.1",
                  purpose=f"{f['purpose']}: the Shia-Mix table", mode="return")
        return
    if f["pc"] == "rolled":
        f["rolled"] = f.pop("picked")["country"]
        f["pc"] = "tested"
        if not is_tested(st, f["rolled"]):
            cite(st, "9.4.2.1", "4.9.4")
            push_test(st, f["rolled"])
            return
    cite(st, "9.4.2.1")
    close = shia_mix_candidates(st, f["rolled"], f["names"], st.rulings.solo_shia_mix_nearest)
    key = f["key"]
    pop(st)
    if len(close) == 1:
        answer(st, {key: close[0]})
        return
    push_pick(st, [{key: n} for n in close], names=close, rule="9.5.1",
              purpose=f"{f['purpose']}: the nearest to {f['rolled']}", mode="answer")


# -- 9.4.2.1 Schengen Visas ----------------------------------------------------------------------------
@procedure("solo_event_travel")
@implements("9.4.2.1", "9.4.2.6", "9.5")
def solo_event_travel(st, f, a) -> None:
    """Plan the ``count`` destinations of Schengen Visas' automatic Travel among ``dests`` (9.4.2.1:
    "iniziate nella casella indicata A per scegliere le destinazioni, tirando sulla tabella di
    Schengen se vi sono più possibilità"): the Travel "To" boxes (9.4.2.6) in order, one cell per
    box, restricted to the event's countries, the Schengen table among a box's countries when it
    holds several (9.5, 9.5.1); the cells left all go to one destination of the Schengen table
    (9.4.2.6 "scegliete una destinazione a caso (9.5) ... con quel numero di cellule"). The plan is
    written in the Travel frame below (``solo_dests``), which then asks its first origin again."""
    if f["pc"] == "start":
        f.update(pc="boxes", plan=[], box=1)
    if "picked" in f:
        name = f.pop("picked")["country"]
        f["plan"] += [name] * (f["count"] - len(f["plan"]) if f["pc"] == "rest" else 1)
    while len(f["plan"]) < f["count"] and f["box"] <= 4:
        names = [n for n in prio.travel_box(st, f["box"]) if n in f["dests"]]
        f["box"] += 1
        if not names:
            continue
        cite(st, "9.4.2.6")
        group = prio.destination_groups(st, names)[0]
        if len(group) == 1:
            f["plan"].append(group[0])
            continue
        push_pick(st, [{"country": n} for n in group], names=group, method="schengen", rule="9.4.2.1",
                  purpose=f"Schengen Visas: destination from box {f['box'] - 1}, the Schengen table",
                  mode="return")
        return
    if len(f["plan"]) < f["count"] and f["pc"] != "rest":
        f["pc"] = "rest"
        names = map_order(st, f["dests"])
        push_pick(st, [{"country": n} for n in names], names=names, method="schengen", rule="9.4.2.1",
                  purpose="Schengen Visas: a random destination for the cells left, the Schengen table",
                  mode="return")
        return
    cite(st, "9.4.2.1")
    plan = f["plan"]
    pop(st)
    st.d["stack"][-1]["solo_dests"] = plan
