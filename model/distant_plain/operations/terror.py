"""Terror (Terrorizzare), the insurgents' Operation (the aid's WARLORDS and TALEBANI blocks,
OPERAZIONI RIBELLI), for the Warlords and the Taliban.

Each is a procedure on the contract of activities.py: the faction chooses a space at a time (any
number of spaces, one only for a Limited Operation: ``limited_operation``), pays its cost from its
own Resources, and carries it out; ``{"done": true}`` ends the Operation once a space has been
chosen.

Shared by the two blocks: "Luogo: Spazi con tuoi Guerriglieri nascosti" (spaces with own Underground
guerrillas); "1 Risorsa per Provincia o Kabul (zero per LoCs)"; in each space one Underground
guerrilla is activated; a Province or Kabul gets a Terror marker ("limite massimo 1 per spazio");
a LoC "non sabotata" gets a Sabotage marker ("limite massimo 1 per LoC": a sabotaged LoC may still
be chosen, its guerrilla activated, nothing more). What differs:

* the shift: the Warlords' "sposta Supporto od Opposizione su Neutrale" (to Neutral); the Taliban's
  "sposta Supporto o Neutrale verso Opposizione" (registry A11, ruling ``taliban_terror_shift``: one
  level by default, or straight to Opposition);
* whose guerrilla the Taliban activate: the Taliban block says "attiva 1 Guerrigliero Warlord
  nascosto" (registry A01, ruling ``taliban_terror_guerrilla``): by default the Taliban's own, the
  word copied from the Warlords block; by the other reading an Underground Warlords guerrilla, so
  a space needs one of those as well as the Taliban's own.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite, pop
from cdg_oracle.model.distant_plain.activities import activity, any_space_left, choose_space
from cdg_oracle.model.distant_plain.engine import ENGINE

#: faction -> (Underground guerrillas, Active guerrillas).
GUERRILLAS = {"Warlords": ("warlords_underground", "warlords_active"),
              "Taliban": ("taliban_underground", "taliban_active")}


@implements("taliban.operations.terror")
def activated_faction(st, faction: str) -> str:
    """Whose Underground guerrilla ``faction``'s Terror activates: its own, but for the Taliban under
    the ruling ``taliban_terror_guerrilla`` = ``warlords_guerrilla`` (A01) a Warlords one."""
    if faction == "Taliban" and st.rulings.taliban_terror_guerrilla == "warlords_guerrilla":
        return "Warlords"
    return faction


def terror_cost(st, name: str) -> int:
    """1 Resource a Province or Kabul, none a LoC."""
    return 0 if st.map.spaces[name].type == "loc" else 1


def terror_allowed(st, faction: str):
    """Whether a space may be chosen: own Underground guerrillas there (and the one to activate,
    A01), and the Resources for it."""
    d = st.d
    own, target = GUERRILLAS[faction][0], GUERRILLAS[activated_faction(st, faction)][0]
    return lambda n: (d["spaces"][n]["pieces"][own] >= 1 and d["spaces"][n]["pieces"][target] >= 1
                      and d["resources"][faction] >= terror_cost(st, n))


@implements("warlords.operations.terror", "taliban.operations.terror")
def terror_shift(st, faction: str, space: dict) -> None:
    """The shift of a Province or Kabul: the Warlords' to Neutral; the Taliban's toward Opposition,
    Support and Neutral only (A11: one level, or straight to Opposition)."""
    if faction == "Warlords":
        space["support"] = "neutral"
    elif space["support"] != "opposition":
        one_level = st.rulings.taliban_terror_shift == "one_level" and space["support"] == "support"
        space["support"] = "neutral" if one_level else "opposition"


def terror_in(st, faction: str, name: str) -> None:
    """Terror in space ``name``: pay, activate one Underground guerrilla, then the Terror marker and
    the shift (a Province or Kabul) or Sabotage (a LoC)."""
    d = st.d
    s = d["spaces"][name]
    cite(st, f"{faction.lower()}.operations.terror")
    d["resources"][faction] -= terror_cost(st, name)
    u, a = GUERRILLAS[activated_faction(st, faction)]
    s["pieces"][u] -= 1
    s["pieces"][a] += 1
    if st.map.spaces[name].type == "loc":
        s["sabotage"] = True
    else:
        s["terror"] = True
        terror_shift(st, faction, s)
    d["turn"]["spaces"].append(name)


def run_terror(st, f: dict, a, faction: str) -> None:
    """The space-by-space Terror of ``faction``."""
    if f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        terror_in(st, faction, a["space"])
    choose_space(st, f, terror_allowed(st, faction), f"{faction.lower()}.operations.terror",
                 f"{faction}: Terror in which space?")


@activity(ENGINE, "Warlords", "terror", lambda st: any_space_left(st, terror_allowed(st, "Warlords")))
@implements("warlords.operations.terror", "limited_operation")
def terror(st, f, a) -> None:
    """The Warlords' Terror: in spaces with Underground Warlords guerrillas (1 Resource a Province or
    Kabul, none a LoC), activate one; a Province or Kabul gets a Terror marker and goes Neutral; an
    unsabotaged LoC gets Sabotage."""
    run_terror(st, f, a, "Warlords")


@activity(ENGINE, "Taliban", "terror", lambda st: any_space_left(st, terror_allowed(st, "Taliban")))
@implements("taliban.operations.terror", "limited_operation")
def taliban_terror(st, f, a) -> None:
    """The Taliban's Terror: in spaces with Underground Taliban guerrillas (1 Resource a Province or
    Kabul, none a LoC), activate one (A01); a Province or Kabul gets a Terror marker and shifts
    toward Opposition (A11); an unsabotaged LoC gets Sabotage."""
    run_terror(st, f, a, "Taliban")
