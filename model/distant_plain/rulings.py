"""The interpretation questions of A Distant Plain's rulebook seed (an Italian player aid), as named
switches; the ambiguity registry (properties/distant_plain/ambiguities/) gives each question with its
readings, the quoted text and why the default was chosen. Only the questions of the rules built so
far have switches; the others are registered as pending."""
from __future__ import annotations

import dataclasses

from cdg_oracle.model.core.rulings import Rulings, switch

_DOSSIER = "shared/research/seed_a_distant_plain.md section 8"


@dataclasses.dataclass(frozen=True)
class DistantPlainRulings(Rulings):
    sabotage_count: str = switch(
        "all_others_together", choices=("all_others_together", "each_other_kind"),
        question="Propaganda, Resources, Sabotage: the Taliban guerrillas on a LoC must be 'maggiore a tutti gli altri "
                 "pezzi presenti': more than all the other pieces together, or more than each other kind?",
        source=f"{_DOSSIER} item 20")
    casualties_rounding: str = switch(
        "leaving_rounded_down", choices=("leaving_rounded_down", "leaving_rounded_up"),
        question="Propaganda, Reset: 'metà truppe (arrotondato per difetto)' leave play: is the half that leaves rounded "
                 "down (the returning half up), or the returning half down?",
        source=f"{_DOSSIER} item 18")
    hostility_at_reset: str = switch(
        "reset_wins", choices=("reset_wins", "hostility_wins"),
        question="Islamabad Hostility: Taliban guerrillas in Pakistan are 'sempre attivi'; Reset: 'Tutti i Guerriglieri "
                 "attivi ritornano occultati'. At Reset under Hostility, do those guerrillas go Underground?",
        source=f"{_DOSSIER} item 17")
    bases_protected_by: str = switch(
        "any_insurgent", choices=("any_insurgent", "own_faction"),
        question="Bases last: 'se protette dai guerriglieri nascosti non possono essere attaccate': does any insurgent "
                 "guerrilla in the space protect a rebel Base from a COIN removal, or only its own faction's?",
        source="registry P50 (the project's own)")
    # -- Coalition switches (operations/coalition.py) go above this line
    # -- Government switches (operations/government.py) go above this line
    # -- March, Attack, Ambush and the Warlords' Special Activities (operations/insurgents.py, warlords.py) above this line
    # -- Taliban switches (operations/taliban.py) go above this line
    # -- Propaganda switches (support.py, redeploy.py) go above this line
