"""Labyrinth's command-line shortcuts for its solo game (chapter 9), the ``cli_options`` of its
checks record (properties/labyrinth/__init__.py): ``--solo`` (the Jihadist is played by the bot,
9.1), ``--ideology LEVEL`` (9.7) and ``--minidecks`` (9.2), the commands that take game options
(``play``, ``difftest``) add them when the game is Labyrinth; ``--option`` takes any option of
any game."""
from __future__ import annotations

from cdg_oracle.model.labyrinth.options import IDEOLOGIES
from cdg_oracle.properties.games import CliOption, CliOptions


def to_options(values: dict) -> dict | None:
    """The solo options of the parsed shortcuts: None without ``--solo`` (two-player); ``--ideology``
    and ``--minidecks`` only with ``--solo`` (solo options, 9.2 and 9.7), else a ValueError."""
    if not values["solo"]:
        given = [f for f, v in (("--ideology", values["ideology"]), ("--minidecks", values["minidecks"])) if v]
        if given:
            raise ValueError(f"{' and '.join(given)} {'needs' if len(given) == 1 else 'need'} --solo "
                             f"(solo options, 9.2 and 9.7)")
        return None
    return {"solo": True, "ideology": values["ideology"] or "normal", "minidecks": bool(values["minidecks"])}


def notes(options: dict, gaps: list[str]) -> list[str] | None:
    """What a solo game's trace rests on beyond the rules: the steps that used a substitute for a
    missing table (their ``gap`` texts, the 9.5 Global table), each distinct substitute once, in
    order of use; None for a two-player game."""
    if not options.get("solo"):
        return None
    if not gaps:
        return ["no step used a substitute for a missing table"]
    kinds = "; ".join(dict.fromkeys(gaps))
    n = len(gaps)
    return [f"{n} step{'s' * (n != 1)} used a substitute for a missing table ({kinds}): "
            f"see the 'gap' field of {'those steps' if n != 1 else 'that step'}"]


CLI_OPTIONS = CliOptions(
    options=(
        CliOption(("--solo",), dict(action="store_true", help="Labyrinth: a solo game (chapter 9): the Jihadist is "
                                                               "played by the bot, the choices are the US's")),
        CliOption(("--ideology",), dict(choices=IDEOLOGIES, metavar="LEVEL",
                                        help=f"Labyrinth: the Jihadist Ideology of a solo game (9.7): "
                                             f"{', '.join(IDEOLOGIES)} (default normal)")),
        CliOption(("--minidecks",), dict(action="store_true", help="Labyrinth: the mini-decks option of a solo game (9.2)")),
    ),
    to_options=to_options, notes=notes)
