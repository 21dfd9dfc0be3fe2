"""``cdg-oracle vectors``: conformance vectors and perft counts for implementations in any language.

    cdg-oracle vectors [--game G] [--out DIR] [--only IDS] [--games N] [--directed-games N] [--perft-depth N]
    cdg-oracle vectors --check DIR [--only IDS]

Without ``--check`` it searches seeded games of the game (default Labyrinth) for a position of
everything its coverage lists (Labyrinth: every operation and every card's event; a game with no
list: every question and rule its games meet), writes one vector per thing covered to
``DIR/vectors/<id>.json``, the list of them (and of what could not be covered) to
``DIR/index.json`` and the perft counts to ``DIR/perft.json`` (default DIR: vectors/<game>), and
prints what it wrote, how much is covered (``covered: N of M``, per set of game options when the
targets name some), what is not covered and the perft counts. Exit 0.

``--check DIR`` replays every vector of DIR against the model and prints one line per vector, pass
or FAIL with what differs. Exit 0 when all pass, 1 when one fails, 2 for bad input (a malformed or
unknown vector file: one line naming it, before anything is printed). The format is in
docs/vectors.md and oracle/data/vector.schema.json.
"""
from __future__ import annotations

import sys
from pathlib import Path

from cdg_oracle.model.core.registry import DEFAULT_GAME
from cdg_oracle.oracle import perft, usage, vectors
from cdg_oracle.oracle.arguments import GAME_HELP, add_workers_arguments, workers
from cdg_oracle.oracle.fileio import check_output
from cdg_oracle.oracle.games import new_state, spec
from cdg_oracle.oracle.games import scenarios as game_scenarios
from cdg_oracle.oracle.progress import bar
from cdg_oracle.oracle.usage import UsageError
from cdg_oracle.properties.coverage import coverage

EXIT_OK, EXIT_FAIL = 0, 1


def add_parser(sub) -> None:
    """Register ``vectors`` on the CLI's subparsers."""
    v = sub.add_parser("vectors", help="write conformance vectors (every operation and card event) and perft "
                                       "counts; or --check a folder of vectors against the model")
    v.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP + "; --check reads the game from each vector")
    v.add_argument("--out", metavar="DIR", default=None,
                   help="folder to write (default vectors/<game>): vectors/<id>.json, index.json, perft.json")
    v.add_argument("--check", metavar="DIR", default=None,
                   help="replay the vectors of DIR against the model; exit 1 if one fails")
    v.add_argument("--only", metavar="IDS", default=None,
                   help="comma-separated vector ids (e.g. card-044,op-us-disrupt): write or check only these")
    v.add_argument("--games", type=usage.count(1), default=vectors.DEFAULT_GAMES, metavar="N",
                   help=f"search budget: seeds 0..N-1 of every scenario, for the shortest set-ups "
                        f"(default {vectors.DEFAULT_GAMES})")
    v.add_argument("--directed-games", type=usage.count(0), default=vectors.DEFAULT_DIRECTED_GAMES, metavar="N",
                   help=f"search budget for each thing still missing: N seeds of every scenario with a policy "
                        f"directed at it (default {vectors.DEFAULT_DIRECTED_GAMES})")
    add_workers_arguments(v, "the search")
    v.add_argument("--perft-depth", type=usage.count(0, 12), default=None, metavar="N",
                   help="perft depth for every scenario (default: per scenario, see perft.json); 0: no perft")


def _usage(message: str) -> Exception:
    return UsageError(message)


def parse_only(text: str | None) -> list[str] | None:
    """``--only a,b,c`` as a list of ids (order kept, duplicates dropped); None when not given."""
    if text is None:
        return None
    ids = list(dict.fromkeys(x.strip() for x in text.split(",") if x.strip()))
    if not ids:
        raise _usage("--only: give at least one vector id, e.g. --only card-044,op-us-disrupt")
    return ids


def run(args) -> int:
    if args.check is not None:
        if args.out is not None:
            raise _usage("--check and --out do not go together: check a folder, or write one")
        if args.perft_depth is not None:
            raise _usage("--perft-depth applies to writing vectors, not to --check")
        return check(Path(args.check), parse_only(args.only))
    if args.games < 1 or args.directed_games < 0:
        raise _usage("--games must be >= 1 and --directed-games >= 0")
    if args.perft_depth is not None and args.perft_depth < 0:
        raise _usage("--perft-depth must be >= 0 (0: no perft)")
    game = spec(args.game).name
    return generate(Path(args.out or vectors.default_out(game)), parse_only(args.only), args.games,
                    args.directed_games, args.perft_depth, game=game,
                    jobs=workers(args))


def generate(out: Path, only: list[str] | None, games: int, directed_games: int,
             perft_depth: int | None, stream=None, game: str = DEFAULT_GAME, jobs: int | str = 1) -> int:
    """Search, build and write the vectors (and perft.json unless ``perft_depth`` is 0); print a
    summary."""
    stream = stream or sys.stdout
    check_output(out, "--out", directory=True)
    discover = coverage(game).discover
    all_targets = vectors.targets(game)
    wanted = [] if discover else vectors.select(all_targets, only)
    scenario_list = game_scenarios(game)
    with bar(None, "vectors: games searched", "game") as b:
        result = vectors.search(game, wanted, scenario_list, games, directed_games, progress=b, jobs=jobs)
    if discover:
        all_targets = list(result.targets.values())
        wanted = vectors.select(all_targets, only)
        result.found = {k: f for k, f in result.found.items() if k in {t.id for t in wanted}}
    by_id = {t.id: t for t in all_targets}
    built = vectors.build(game, result.found, {t.id: by_id[t.id] for t in wanted}, result.games)
    rulings = new_state(game, scenario_list[0]).rulings_dict()
    index = vectors.index_doc(game, built, wanted, result, scenario_list, games, directed_games, rulings, only)
    perft_doc = None
    if perft_depth != 0:
        perft_doc = perft.perft_doc(game, scenario_list, perft_depth, variants=coverage(game).perft_variants)
    vectors.write(out, built, index, perft_doc)
    lines = [f"{out / vectors.VECTOR_DIR}: {len(built)} vector{'s' if len(built) != 1 else ''} written "
             f"({result.played} games searched, {result.played_directed} directed)",
             f"{out / 'index.json'}: written"]
    lines.append(coverage_line(wanted, {v["id"] for v in built}))
    missing = index["not_covered"]
    if missing:
        lines.append(f"not covered ({len(missing)}): " + ", ".join(f"{m['id']} ({'; '.join(m['covers'])})"
                                                                   for m in missing))
    else:
        lines.append("not covered: none")
    if perft_doc is not None:
        lines.append(f"{out / 'perft.json'}: written")
        lines += perft.render(perft_doc)
    print("\n".join(lines), file=stream)
    return EXIT_OK


def coverage_line(wanted: list, got: set) -> str:
    """``covered: N of M``, and the same for each set of game options the targets name (a Twilight
    Struggle edition)."""
    line = f"covered: {sum(1 for t in wanted if t.id in got)} of {len(wanted)}"
    groups: dict[tuple, list] = {}
    for t in wanted:
        if t.options:
            groups.setdefault(t.options, []).append(t)
    if groups:
        parts = [", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options)
                 + f": {sum(1 for t in ts if t.id in got)} of {len(ts)}" for options, ts in groups.items()]
        line += f" ({'; '.join(parts)})"
    return line


def check(folder: Path, only: list[str] | None, stream=None) -> int:
    """Replay the vectors of ``folder``; one line per vector (and one per difference)."""
    stream = stream or sys.stdout
    results, failed = vectors.check(folder, only)
    lines = []
    for vid, problems in results:
        if not problems:
            lines.append(f"{vid}: pass")
            continue
        lines.append(f"{vid}: FAIL ({len(problems)} difference{'s' if len(problems) != 1 else ''})")
        lines += [f"  {p}" for p in problems]
    lines.append(f"{len(results)} vectors: {len(results) - failed} pass, {failed} fail")
    print("\n".join(lines), file=stream)
    return EXIT_FAIL if failed else EXIT_OK
