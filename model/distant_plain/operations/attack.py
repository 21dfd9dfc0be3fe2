"""Attack (Attaccare), the insurgents' Operation (the aid's WARLORDS and TALEBANI blocks, OPERAZIONI
RIBELLI), for both the Warlords and the Taliban, and the Taliban's Ambush (Imboscata), which replaces
an Attack's roll and so is carried out within it.

"Luogo: Qualsiasi Spazio. Costo: 1 Risorsa per Spazio. Procedura: Attiva tutti i Guerrieri Warlord,
tira un dado, con risultato minore o uguale dei tuoi Guerrieri rimuovi fino a 2 pezzi nemici incluse
forze occultate (cubi Govt prima della Coalizione, Coalizione ▶ Casualties, Basi per ultime). Se hai
fatto 1 con il dado aggiungi anche un Guerriero Warlord dalla riserva." The Taliban's is the same
with their guerrillas.

On the contract of activities.py, a space at a time: any space (``{"space": name}``, 1 Resource);
all own guerrillas there are activated and a die is rolled (a chance node, answered ``{"die":
n}``); on a roll at most the own guerrillas there the attacker removes up to 2 enemy pieces one at
a time (``{"remove": kind, "space": name}``, ``{"remove": null, "space": name}`` to stop early: the
shape of every removal question, the Assault's too), in the aid's order: Govt cubes (troops and police) before the Coalition's, Bases last
(``removal.remove``: Coalition pieces to Casualties); Underground pieces are no shelter here. A
roll of 1 then adds one own guerrilla from Available to the space (Underground, as guerrillas are
in Available: removal.py), when one is there. The aid's "Luogo: Qualsiasi Spazio" names no
condition, so every space is offered (issue 27 item 1): one without enemies, or without own
guerrillas (no roll can then succeed, "risultato minore o uguale dei tuoi Guerrieri", but a roll of
1 still adds a guerrilla), is a legal Attack; whether it can do anything is not asked.

Which pieces are enemies (registry A12, ruling ``attack_enemies``): the Government's and the
Coalition's (default), or the other insurgent's too, its guerrillas after the COIN cubes and its
Bases with the Bases. The order among the Bases (registry P32, ruling ``attack_bases_order``): the
attacker's choice (default), or a Govt Base before the others, as the Govt cubes come first.

Ambush (Taliban only; "max 3 spazi ... dove sia in corso un tuo Attacco e ci siano tuoi Guerriglieri
occultati ... attiva 1 solo Guerrigliero Talebano occultato, vinci automaticamente senza bisogno del
tiro di dado. Aggiungi anche un Guerrigliero Talebano dalla riserva come se avessi fatto 1 col
dado"): in a Taliban Attack space with an own Underground guerrilla, when the turn allows a Special
Activity (``no_sa`` false; no other chosen), the Taliban are asked ``{"ambush": true|false, "space": name}`` before
the roll; an Ambush activates one Underground guerrilla only, the Attack succeeds without a roll,
and one guerrilla is added as on a 1. The turn's record then holds ``sa: "ambush"`` and the
Ambush's spaces (``sa_spaces``, 3 at most), and the turn offers no other Special Activity.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop, roll
from cdg_oracle.model.distant_plain.activities import activity, any_space_left, choose_space
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.operations.march import OTHER, guerrilla_kinds, guerrillas
from cdg_oracle.model.distant_plain.removal import remove

RULE = {"Warlords": "warlords.operations.attack", "Taliban": "taliban.operations.attack"}
AMBUSH = "taliban.special_activities.ambush"
AMBUSH_MOST = 3
MOST_REMOVED = 2


def enemy_tiers(st, faction: str) -> list[tuple[str, ...]]:
    """The enemy piece kinds in removal order, a tier at a time (a later tier only once no piece of
    an earlier one is left): Govt cubes, Coalition troops, (the other insurgent's guerrillas,
    ruling ``attack_enemies``), then the Bases (ruling ``attack_bases_order``)."""
    other = OTHER[faction].lower()
    both = st.rulings.attack_enemies == "other_insurgent_too"
    tiers = [("government_troops", "police"), ("coalition_troops",)]
    if both:
        tiers.append(guerrilla_kinds(OTHER[faction]))
    bases = ("government_bases", "coalition_bases") + ((f"{other}_bases",) if both else ())
    if st.rulings.attack_bases_order == "government_first":
        return tiers + [("government_bases",), bases[1:]]
    return tiers + [bases]


@implements("warlords.operations.attack", "taliban.operations.attack")
def removable(st, faction: str, space: str) -> list[str]:
    """The enemy kinds the attacker may remove next in ``space``: those present of the first tier
    with a piece present (``enemy_tiers``)."""
    p = st.d["spaces"][space]["pieces"]
    for tier in enemy_tiers(st, faction):
        present = [k for k in tier if p[k] > 0]
        if present:
            return present
    return []


def _allowed(st, faction: str):
    d = st.d
    return lambda n: d["resources"][faction] >= 1


@implements(AMBUSH)
def ambush_allowed(st, faction: str, space: str) -> bool:
    """Whether the Taliban may Ambush in this Attack space: the turn allows a Special Activity and
    has chosen none but Ambush, fewer than 3 Ambush spaces so far, an own Underground guerrilla."""
    t = st.d["turn"]
    return (faction == "Taliban" and not t["no_sa"] and t["sa"] in (None, "ambush")
            and len(t["sa_spaces"]) < AMBUSH_MOST
            and st.d["spaces"][space]["pieces"]["taliban_underground"] >= 1)


@implements(AMBUSH)
def ambush(st, f: dict, space: str) -> None:
    """Ambush in ``space``: the Special Activity is recorded, one Underground guerrilla activated, the
    Attack won without a roll, a guerrilla added as on a 1."""
    t = st.d["turn"]
    t["sa"] = "ambush"
    t["sa_spaces"].append(space)
    p = st.d["spaces"][space]["pieces"]
    p["taliban_underground"] -= 1
    p["taliban_active"] += 1
    cite(st, AMBUSH)
    f.update(hit=True, one=True, removed=0)


def activate_all(st, faction: str, space: str) -> None:
    """'Attiva tutti i Guerrieri': every own guerrilla in the space turns Active."""
    u, a = guerrilla_kinds(faction)
    p = st.d["spaces"][space]["pieces"]
    p[a] += p[u]
    p[u] = 0


def add_on_a_one(st, faction: str, space: str) -> None:
    """A roll of 1 (or an Ambush): one own guerrilla from Available to the space, if one is there."""
    u = guerrilla_kinds(faction)[0]
    if st.d["available"][u] >= 1:
        st.d["available"][u] -= 1
        st.d["spaces"][space]["pieces"][u] += 1


def ask_removal(st, f: dict, faction: str) -> bool:
    """After a hit, ask for the next enemy piece (up to 2, ``{"remove": null, "space": name}`` to
    stop); else, or once done, the space ends (a guerrilla added on a 1). Returns whether a
    question was posed."""
    space = f["target"]
    kinds = removable(st, faction, space) if f["hit"] and f["removed"] < MOST_REMOVED else []
    if kinds:
        f["pc"] = "remove"
        ask(st, faction, [{"remove": k, "space": space} for k in kinds] + [{"remove": None, "space": space}],
            RULE[faction],
            f"{faction}: Attack in {space}: remove which enemy piece?")
        return True
    if f["one"]:
        add_on_a_one(st, faction, space)
    for k in ("target", "hit", "one", "removed"):
        f.pop(k)
    return False


def attack_step(st, f: dict, a, faction: str) -> None:
    """One step of either faction's Attack (module docstring)."""
    d = st.d
    rule = RULE[faction]
    if f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        space = a["space"]
        d["resources"][faction] -= 1
        d["turn"]["spaces"].append(space)
        f["target"] = space
        cite(st, rule)
        if ambush_allowed(st, faction, space):
            f["pc"] = "ambush"
            ask(st, faction, [{"ambush": True, "space": space}, {"ambush": False, "space": space}], AMBUSH,
                f"Taliban: Ambush in {space}?")
            return
        a = {"ambush": False}
        f["pc"] = "ambush"
    if f["pc"] == "ambush":
        if a["ambush"]:
            ambush(st, f, f["target"])
        else:
            activate_all(st, faction, f["target"])
            f["pc"] = "roll"
            roll(st, rule, f"{faction}: Attack in {f['target']}: the die")
            return
    elif f["pc"] == "roll" and a is None:  # the die posed again
        roll(st, rule, f"{faction}: Attack in {f['target']}: the die")
        return
    elif f["pc"] == "roll":
        n = a["die"]
        f.update(hit=n <= guerrillas(d, f["target"], faction), one=n == 1, removed=0)
    elif f["pc"] == "remove":
        if a["remove"] is None:
            f["removed"] = MOST_REMOVED
        else:
            remove(d, f["target"], a["remove"])
            f["removed"] += 1
    if "target" in f and ask_removal(st, f, faction):
        return
    choose_space(st, f, _allowed(st, faction), rule, f"{faction}: Attack in which space?")


def _possible(faction: str):
    return lambda st: any_space_left(st, _allowed(st, faction))


@activity(ENGINE, "Warlords", "attack", _possible("Warlords"))
@implements("warlords.operations.attack", "limited_operation")
def warlords_attack(st, f, a) -> None:
    """The Warlords' Attack: 1 Resource a space, any; all own guerrillas there activated, a die at most
    their number removes up to 2 enemy pieces; a 1 adds a guerrilla."""
    attack_step(st, f, a, "Warlords")


@activity(ENGINE, "Taliban", "attack", _possible("Taliban"))
@implements("taliban.operations.attack", "limited_operation", AMBUSH)
def taliban_attack(st, f, a) -> None:
    """The Taliban's Attack, as the Warlords', with Ambush in place of the roll where allowed."""
    attack_step(st, f, a, "Taliban")
