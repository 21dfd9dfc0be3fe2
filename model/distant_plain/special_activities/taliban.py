"""The Taliban's Special Activities (the aid's TALEBANI block, ATTIVITA' SPECIALI, lines 423-453):
Extort (Estorcere) and Infiltrate (Infiltrare). Ambush (Imboscata) replaces an Attack's roll and is
carried out within the Attack (operations/attack.py). Each is a procedure on the contract of
activities.py, carried out after its Operation (turn.py), its spaces in ``d["turn"]["sa_spaces"]``.

Extort: "Luogo: Qualsiasi Spazio con un Guerrigliero Talebano nascosto e più Talebani che nemici.
Procedura: In ogni spazio selezionato, attiva 1 Guerrigliero, prendi 2 risorse Warlord per Base
Warlord; se non ce ne sono +1 risorsa Talebana oppure nelle LoCs non sabotate guadagna in risorse il
loro valore Econ."

* Spaces: the heading shows no "max N spazi" (Infiltrate's and Ambush's do): any number, one at a
  time, ``{"done": true}`` once one is chosen; the Operation's spaces are not required (the aid
  ties Extort to none).
* "Più Talebani che nemici": every Taliban piece (guerrillas of both states and Bases) against the
  enemies' pieces, which the aid does not name (registry P43, ruling ``extort_enemies``: the
  Coalition's and the Government's by default, as Attack's "nemici" (A12); or the Warlords' too).
* The guerrilla activated is an Underground Taliban one (the location's).
* The gain (registry A13, ruling ``extort_warlords_resources``): on a LoC not sabotaged its Econ
  value; else, with Warlords Bases in the space, 2 Warlords Resources per Base, taken from the
  Warlords (no more than they have) by default, or gained without the Warlords losing any; else
  (no Warlords Base) +1 Taliban Resource.

Infiltrate: "max 1 spazio. Luogo: Uno Spazio con Guerriglieri Talebani occultati. Procedura:
Rimuovi 2 pezzi (non della Coalizione) oppure rimpiazzane 1 con un tuo Guerrigliero (Basi per
ultime). Dopodiché riduci Patronage di -1 per ogni pezzo Govt rimosso."

* The pieces it may take (registry A14, ruling ``infiltrate_targets``): Government and Warlords
  pieces by default, or the Government's only; of any state (the aid names none), whatever the
  number of Underground Taliban guerrillas (the aid ties it to none).
* "Basi per ultime" (registry P44, ruling ``infiltrate_bases_last``): a Base only once no other
  piece Infiltrate may take is in the space (default), or once none of the Base's own faction is.
* "Rimuovi 2 pezzi" with one piece to take (registry P46, ruling ``infiltrate_fewer_than_two``):
  that one is removed (default), or the removal needs two.
* The replacement: the piece is removed (removal.py) and an Underground Taliban guerrilla from
  Available put in its place (so it needs one Available).
* Patronage -1 per Government piece removed, not below 0; a Government piece replaced counts
  (registry P45, ruling ``infiltrate_replaced_patronage``: default) or not.
* Choices: the space (any with an Underground Taliban guerrilla, the aid's "Luogo", whether or not
  a piece can be taken there: issue 27 item 1), then the first piece (``{"remove": kind, "space":
  name}`` or ``{"replace": kind, "space": name}``), then for a removal the second (``{"remove":
  kind, "space": name}``); where no piece can be taken, no question: nothing happens but the
  Activity is done.

Each re-poses (model/core/engine.py, "Posing again"): called without an answer at a step awaiting
one, it asks the same question again from what the frame and the state hold, and changes nothing
else (a space's question is asked again at "start", activities.activity).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop
from cdg_oracle.model.distant_plain.activities import activity, any_space_left, choose_space
from cdg_oracle.model.distant_plain.control import COIN, TALIBAN, WARLORDS, count
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.removal import remove

U, A = "taliban_underground", "taliban_active"
GOVERNMENT = ("government_troops", "police", "government_bases")
#: P43 reading -> the kinds of piece that are Extort's "nemici".
EXTORT_ENEMIES = {"coin_only": COIN, "coin_and_warlords": COIN + WARLORDS}
#: A14 reading -> the kinds of piece Infiltrate may take, in a fixed order.
INFILTRATE_KINDS = {"government_and_warlords": GOVERNMENT + WARLORDS, "government_only": GOVERNMENT}
BASE_FACTION = {"government_bases": GOVERNMENT, "warlords_bases": WARLORDS}
EXTORT, INFILTRATE = "taliban.special_activities.extort", "taliban.special_activities.infiltrate"


# -- Extort --------------------------------------------------------------------------------------
@implements(EXTORT)
def extort_allowed(st):
    """Whether a space may be Extorted: an Underground Taliban guerrilla, and more Taliban pieces
    than enemy pieces (P43)."""
    d = st.d
    enemies = EXTORT_ENEMIES[st.rulings.extort_enemies]

    def allowed(n: str) -> bool:
        p = d["spaces"][n]["pieces"]
        return p[U] >= 1 and count(p, TALIBAN) > count(p, enemies)

    return allowed


@implements(EXTORT)
def extort_in(st, name: str) -> None:
    """Extort in ``name``: activate an Underground Taliban guerrilla, then the gain (A13): an
    unsabotaged LoC's Econ; else 2 Warlords Resources per Warlords Base (a transfer capped by what
    the Warlords have, or a gain alone); else +1 Taliban Resource."""
    d = st.d
    s, space = d["spaces"][name], st.map.spaces[name]
    s["pieces"][U] -= 1
    s["pieces"][A] += 1
    bases = s["pieces"]["warlords_bases"]
    if space.type == "loc" and not s["sabotage"]:
        gain = space.econ
    elif bases:
        gain = 2 * bases
        if st.rulings.extort_warlords_resources == "transfer_capped_by_space":
            gain = min(gain, d["resources"]["Warlords"])
            d["resources"]["Warlords"] -= gain
    else:
        gain = 1
    d["resources"]["Taliban"] += gain
    d["turn"]["sa_spaces"].append(name)


@activity(ENGINE, "Taliban", "extort", lambda st: any_space_left(st, extort_allowed(st), "sa_spaces"))
@implements(EXTORT)
def taliban_extort(st, f, a) -> None:
    """Extort: any number of spaces, one at a time."""
    if f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        cite(st, EXTORT)
        extort_in(st, a["space"])
    choose_space(st, f, extort_allowed(st), EXTORT, "Taliban: Extort in which space?", key="sa_spaces")


# -- Infiltrate ----------------------------------------------------------------------------------
@implements(INFILTRATE)
def infiltrate_targets(st, name: str) -> list[str]:
    """The kinds of piece Infiltrate may take in ``name`` now (A14), Bases last (P44)."""
    p = st.d["spaces"][name]["pieces"]
    kinds = [k for k in INFILTRATE_KINDS[st.rulings.infiltrate_targets] if p[k] > 0]
    others = [k for k in kinds if k not in BASE_FACTION]
    if st.rulings.infiltrate_bases_last == "all_targets":
        return others or kinds
    return [k for k in kinds if k not in BASE_FACTION or not any(o in BASE_FACTION[k] for o in others)]


def _pieces_to_take(st, name: str) -> int:
    p = st.d["spaces"][name]["pieces"]
    return sum(p[k] for k in INFILTRATE_KINDS[st.rulings.infiltrate_targets])


@implements(INFILTRATE)
def infiltrate_options(st, name: str) -> list[dict]:
    """The first choice of Infiltrate in ``name``: a piece to remove (two to take, or P46 one) or
    to replace with an Underground Taliban guerrilla from Available."""
    targets = infiltrate_targets(st, name)
    need = 2 if st.rulings.infiltrate_fewer_than_two == "needs_two" else 1
    out = [{"remove": k, "space": name} for k in targets] if _pieces_to_take(st, name) >= need else []
    if st.d["available"][U] >= 1:
        out += [{"replace": k, "space": name} for k in targets]
    return out


def _infiltrate_allowed(st):
    d = st.d
    return lambda n: d["spaces"][n]["pieces"][U] >= 1


def _take(st, f: dict, kind: str) -> None:
    remove(st.d, f["target"], kind)
    if kind in GOVERNMENT:
        f["government"] += 1


@implements(INFILTRATE)
def infiltrate_patronage(st, f: dict) -> None:
    """Patronage -1 per Government piece removed (P45: the replaced one too, or not), not below 0."""
    d = st.d
    lost = f["government"] + (f["replaced_government"] if st.rulings.infiltrate_replaced_patronage
                              == "replaced_counts" else 0)
    d["patronage"] -= min(lost, d["patronage"])


def _ask_first(st, name: str) -> None:
    ask(st, "Taliban", infiltrate_options(st, name), INFILTRATE, f"Taliban: Infiltrate in {name}")


def _ask_second(st, name: str) -> None:
    ask(st, "Taliban", [{"remove": k, "space": name} for k in infiltrate_targets(st, name)], INFILTRATE,
        f"Taliban: Infiltrate in {name}, the second piece")


@activity(ENGINE, "Taliban", "infiltrate", lambda st: any_space_left(st, _infiltrate_allowed(st), "sa_spaces"))
@implements(INFILTRATE)
def taliban_infiltrate(st, f, a) -> None:
    """Infiltrate: one space; remove 2 pieces or replace 1; then the Patronage loss."""
    d = st.d
    if f["pc"] == "space":
        name = a["space"]
        d["turn"]["sa_spaces"].append(name)
        f.update(pc="first", target=name, government=0, replaced_government=0)
        if infiltrate_options(st, name):
            _ask_first(st, name)
            return
        cite(st, INFILTRATE)
        f["pc"] = "end"
    elif a is None and f["pc"] in ("first", "second"):  # the piece posed again
        if f["pc"] == "first":
            _ask_first(st, f["target"])
        else:
            _ask_second(st, f["target"])
        return
    elif f["pc"] == "first":
        cite(st, INFILTRATE)
        if "replace" in a:
            remove(d, f["target"], a["replace"])
            f["replaced_government"] = int(a["replace"] in GOVERNMENT)
            d["spaces"][f["target"]]["pieces"][U] += 1
            d["available"][U] -= 1
        else:
            _take(st, f, a["remove"])
            if infiltrate_targets(st, f["target"]):
                f["pc"] = "second"
                _ask_second(st, f["target"])
                return
    elif f["pc"] == "second":
        _take(st, f, a["remove"])
    if f["pc"] in ("first", "second"):
        infiltrate_patronage(st, f)
        f["pc"] = "end"
    choose_space(st, f, _infiltrate_allowed(st), INFILTRATE, "Taliban: Infiltrate in which space?",
                 key="sa_spaces", most=1)
