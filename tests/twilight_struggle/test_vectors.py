"""Twilight Struggle's committed conformance vectors and perft figures
(reports/twilight_struggle/vectors/, written by ``cdg-oracle vectors --game twilight_struggle --out
reports/twilight_struggle/vectors``; docs/vectors.md).

The vectors cover the event of every card the model implements (events/__init__.py ``EVENTS``)
in both editions where the card exists (properties/twilight_struggle/coverage.py); perft.json
holds the counts of both scenarios in the seed edition, the Deluxe edition and the Deluxe with
its optional cards. These tests fail when an event lands, or a rule changes, without the files
being written again: regenerate them with the command above.
"""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cdg_oracle.model.twilight_struggle.cards import deck
from cdg_oracle.model.twilight_struggle.events import EVENTS, load_all
from cdg_oracle.oracle import perft, vectors, vectors_cmd
from cdg_oracle.oracle.games import scenarios
from cdg_oracle.properties.twilight_struggle.coverage import EDITIONS, PERFT_VARIANTS

pytestmark = pytest.mark.game("twilight_struggle")

GAME = "twilight_struggle"
FOLDER = Path(__file__).resolve().parents[2] / "reports" / GAME / "vectors"


def index() -> dict:
    return json.loads((FOLDER / "index.json").read_text(encoding="utf-8"))


def expected_ids() -> set[str]:
    """card-NNN-<edition> for every implemented event of each edition's deck (NNN: the Deluxe
    number); never the China Card (no event, 9.0)."""
    load_all()
    out = set()
    for edition, options in EDITIONS:
        o = dict(options)
        for card in deck(o["edition"], o.get("optional_cards", False)).values():
            if card.deluxe in EVENTS:
                out.add(f"card-{card.deluxe:03d}-{edition}")
    return out


def test_every_implemented_event_is_covered_in_both_editions():
    ix = index()
    ids = {v["id"] for v in ix["vectors"]}
    assert ids == expected_ids(), sorted(ids ^ expected_ids())
    assert ix["not_covered"] == [] and ix["counts"]["not_covered"] == 0
    assert "card-006-seed" not in ids and "card-006-deluxe" not in ids
    assert len([i for i in ids if i.endswith("-seed")]) == len([n for n in EVENTS if n <= 103 and n != 6])


@pytest.mark.rule("7.1")
def test_each_vector_plays_its_card_as_the_event_in_its_edition():
    """Every vector's choice is ``{"use": "event"}`` of the card (its number in the edition) and the
    event begins in it (``card N`` among the rules applied, N the Deluxe number)."""
    for entry in index()["vectors"]:
        v = json.loads((FOLDER / entry["file"]).read_text(encoding="utf-8"))
        deluxe, edition = int(v["id"].split("-")[1]), v["id"].split("-")[2]
        assert v["options"] == dict(dict(EDITIONS)[edition]) == entry["options"]
        cards = deck(v["options"]["edition"], v["options"].get("optional_cards", False))
        number = next(n for n, c in cards.items() if c.deluxe == deluxe)
        assert v["choice"] == {"use": "event"} and v["legal_actions"] != []
        assert v["setup"][-1] == {"card": number}, (v["id"], v["setup"][-1])
        assert f"card {deluxe}" in v["expected"]["rules"]


def test_the_committed_vectors_pass_against_the_model(capsys):
    code = vectors_cmd.check(FOLDER, None)
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.strip().splitlines()[-1] == f"{len(expected_ids())} vectors: {len(expected_ids())} pass, 0 fail"


def test_regeneration_writes_the_same_bytes(tmp_path):
    """The same search writes the same files: two vectors (one found by the events policy, one by a
    directed search) written again with the default budgets are the committed bytes."""
    ix = index()
    directed = [v["id"] for v in ix["vectors"] if v["policy"].startswith("directed")]
    plain = [v["id"] for v in ix["vectors"] if v["policy"] == "events"]
    only = [plain[0]] + directed[:1]
    code = vectors_cmd.generate(tmp_path, only, ix["search"]["games"], ix["search"]["directed_games"], 0,
                                stream=io.StringIO(), game=GAME, jobs=1)
    assert code == 0
    for vid in only:
        path = Path(vectors.VECTOR_DIR) / f"{vid}.json"
        assert (tmp_path / path).read_bytes() == (FOLDER / path).read_bytes(), vid


def test_the_committed_perft_figures_are_a_direct_count():
    """perft.json: both scenarios at their default depths (GameSpec ``perft_depths``), in the seed
    edition (the defaults) and in each of the Deluxe's option sets, recounted."""
    doc = json.loads((FOLDER / "perft.json").read_text(encoding="utf-8"))
    names = scenarios(GAME)
    again = perft.perft_doc(GAME, names, None, variants=PERFT_VARIANTS)
    assert doc == json.loads(json.dumps(again))
    assert [v["options"] for v in doc["variants"]] == [{"edition": "deluxe"},
                                                       {"edition": "deluxe", "optional_cards": True}]
    for block in [doc["scenarios"]] + [v["scenarios"] for v in doc["variants"]]:
        assert set(block) == set(names)
        for name, s in block.items():
            assert s["depth"] == perft.default_depth(name, GAME) == len(s["counts"])
            assert sum(x["count"] for x in s["divide"]) == s["counts"][-1]


@pytest.mark.rule("3.2")
def test_the_standard_perft_is_the_ussr_s_set_up_placements_in_every_edition():
    """Depth 5 of the standard scenario stays within the USSR's six free placements in the 9 countries
    of Eastern Europe (3.2): 9^d in every edition, events or none."""
    doc = json.loads((FOLDER / "perft.json").read_text(encoding="utf-8"))
    for block in [doc["scenarios"]] + [v["scenarios"] for v in doc["variants"]]:
        assert block["standard"]["counts"] == [9 ** d for d in range(1, 6)]
