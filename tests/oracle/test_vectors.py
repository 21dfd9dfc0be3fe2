"""``cdg-oracle vectors``: conformance vectors (one per operation and per card event) and perft counts.

One full generation (perft kept shallow) is shared by the module; the other runs are restricted
with ``--only`` or a small budget."""
from __future__ import annotations

import json
import shutil
import sys
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.game import action_key
from cdg_oracle.model.labyrinth.cards import load_cards
from cdg_oracle.oracle import cli, perft, vectors, vectors_cmd
from cdg_oracle.oracle.games import new_state

pytestmark = [pytest.mark.game("labyrinth"),  # the rules its rule marks name are Labyrinth's
              pytest.mark.xdist_group("labyrinth_vectors")]  # ``full`` generated once in a run (conftest)

OPS = ["op-us-war-of-ideas", "op-us-war-of-ideas-non-muslim", "op-us-deploy", "op-us-regime-change",
       "op-us-withdraw", "op-us-disrupt", "op-us-alert", "op-us-reassessment", "op-us-reserves",
       "op-us-reserves-spend", "op-jihadist-recruit", "op-jihadist-travel", "op-jihadist-jihad",
       "op-jihadist-major-jihad", "op-jihadist-plot", "op-jihadist-reserves", "op-jihadist-reserves-spend"]
CARDS = [f"card-{n:03d}" for n in range(1, 121)]
# The rule each operation vector must show applied (model/labyrinth/operations, cardplay.py).
OP_RULE = {"op-us-war-of-ideas": "7.2.1.2", "op-us-war-of-ideas-non-muslim": "7.2.3", "op-us-deploy": "7.3.1",
           "op-us-regime-change": "7.3.4", "op-us-withdraw": "7.3.5", "op-us-disrupt": "7.4.2",
           "op-us-alert": "7.5.3", "op-us-reassessment": "7.6.1", "op-us-reserves": "6.3.3",
           "op-us-reserves-spend": "6.3.3.1", "op-jihadist-recruit": "8.2.1", "op-jihadist-travel": "8.3.1",
           "op-jihadist-jihad": "8.4", "op-jihadist-major-jihad": "8.4.2", "op-jihadist-plot": "8.5.2",
           "op-jihadist-reserves": "6.3.3", "op-jihadist-reserves-spend": "6.3.3.1"}
FAST_PERFT = 2


def main(argv) -> int:
    """``cdg-oracle`` with the ``vectors`` subcommand, handled as oracle.cli.main handles errors."""
    p = cli.Parser(prog="cdg-oracle")
    sub = p.add_subparsers(dest="command", parser_class=cli.Parser)
    vectors_cmd.add_parser(sub)
    try:
        return vectors_cmd.run(p.parse_args([str(a) for a in argv]))
    except (cli.UsageError, DataError) as e:
        print(f"cdg-oracle: error: {e}", file=sys.stderr)
        return 2


def run(capsys, *argv):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line_error(code, out, err) -> str:
    assert code == 2 and out == "", (code, out, err)
    assert err.startswith("cdg-oracle: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    """One full generation with the default search budget (perft to depth 2)."""
    out = tmp_path_factory.mktemp("vectors") / "labyrinth"
    code = main(["vectors", "--out", out, "--perft-depth", FAST_PERFT])
    assert code == 0
    return out


def load(folder: Path, vid: str) -> dict:
    return json.loads((folder / "vectors" / f"{vid}.json").read_text(encoding="utf-8"))


# -- generation ---------------------------------------------------------------------------------------
@pytest.mark.rule("6.2")
def test_every_operation_and_all_120_cards_are_covered(full):
    index = json.loads((full / "index.json").read_text(encoding="utf-8"))
    ids = [v["id"] for v in index["vectors"]]
    assert ids == OPS + CARDS
    assert sorted(p.stem for p in (full / "vectors").glob("*.json")) == sorted(ids)
    assert index["not_covered"] == [] and index["counts"] == {"vectors": 137, "not_covered": 0}
    assert set(load_cards()) == set(range(1, 121))
    assert {f"card {n}" for n in range(1, 121)} <= set(index["rules_exercised"])


def test_every_vector_matches_the_schema_and_its_index_entry(full):
    validator = jsonschema.Draft202012Validator(vectors.schema())
    index = {v["id"]: v for v in json.loads((full / "index.json").read_text(encoding="utf-8"))["vectors"]}
    for vid in OPS + CARDS:
        v = load(full, vid)
        errors = [e.message for e in validator.iter_errors(v)]
        assert errors == [], (vid, errors)
        entry = index[vid]
        assert (entry["scenario"], entry["seed"], entry["setup_steps"]) == (v["scenario"], v["source"]["seed"], len(v["setup"]))
        assert v["legal_actions"] == sorted(v["legal_actions"], key=action_key)
        assert v["choice"] in v["legal_actions"]
        assert v["rulings"] == new_state("labyrinth", v["scenario"]).rulings_dict()


@pytest.mark.rule("6.2.1")
def test_a_card_vector_plays_that_card_s_event(full):
    for n in range(1, 121):
        v = load(full, f"card-{n:03d}")
        rules = v["expected"]["rules"]
        assert v["covers"] == [f"card {n}"]
        assert v["choice"] in ({"use": "event"}, {"event": "first"}, {"use": "reserves"}), (n, v["choice"])
        i = rules.index("6.2.1")             # the event began (events/play.py cites 6.2.1, card N)
        assert rules[i + 1] == f"card {n}", (n, rules)
        assert n in v["state"]["in_play"]    # the card is the one being played


@pytest.mark.rule("7.4.2")
def test_an_operation_vector_carries_the_operation_out(full):
    for vid in OPS:
        v = load(full, vid)
        assert OP_RULE[vid] in v["expected"]["rules"], (vid, v["expected"]["rules"])
        assert v["player"] == ("US" if vid.startswith("op-us") else "Jihadist")
    dice = [vid for vid in ("op-jihadist-recruit", "op-jihadist-travel", "op-jihadist-jihad", "op-us-regime-change")
            if not load(full, vid)["chance"]]
    assert dice == []
    assert load(full, "op-us-war-of-ideas-non-muslim")["choice"] != load(full, "op-us-war-of-ideas")["choice"]


def test_the_command_reports_what_it_wrote(tmp_path, capsys):
    code, out, err = run(capsys, "vectors", "--out", tmp_path / "v", "--only", "op-us-deploy", "--games", 1,
                         "--perft-depth", 1)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"{tmp_path / 'v' / 'vectors'}: 1 vector written (4 games searched, 0 directed)"
    assert "not covered: none" in lines
    assert any(x.startswith("lets_roll: depth 1: 9") for x in lines), out


# -- checking -----------------------------------------------------------------------------------------
def test_check_passes_on_the_generated_vectors(full, capsys):
    code, out, err = run(capsys, "vectors", "--check", full)
    lines = out.splitlines()
    assert code == 0 and err == "", out
    assert lines[-1] == "137 vectors: 137 pass, 0 fail"
    assert lines[:-1] == [f"{vid}: pass" for vid in sorted(OPS + CARDS, key=lambda x: f"{x}.json")]  # file order


def corrupt(full: Path, tmp_path: Path, vid: str, edit) -> Path:
    """A copy of the generated folder with vector ``vid`` edited in place."""
    folder = tmp_path / "v"
    shutil.copytree(full, folder)
    p = folder / "vectors" / f"{vid}.json"
    doc = json.loads(p.read_text(encoding="utf-8"))
    edit(doc)
    p.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return folder


def test_a_corrupted_expected_state_fails_naming_the_vector_and_the_path(full, tmp_path, capsys):
    before = load(full, "op-us-disrupt")["expected"]["state"]["prestige"]

    def edit(doc):
        doc["expected"]["state"]["prestige"] += 1

    folder = corrupt(full, tmp_path, "op-us-disrupt", edit)
    code, out, err = run(capsys, "vectors", "--check", folder, "--only", "op-us-disrupt,card-044")
    assert code == 1 and err == ""
    assert out.splitlines() == [
        "card-044: pass",
        "op-us-disrupt: FAIL (1 difference)",
        f"  expected.state: prestige: expected {before + 1}, found {before}",
        "2 vectors: 1 pass, 1 fail",
    ]


def test_a_wrong_legal_action_set_or_rule_list_fails(full, tmp_path, capsys):
    def edit(doc):
        doc["expected"]["legal_actions"] = doc["expected"]["legal_actions"][1:] + [{"country": "Atlantis"}]
        doc["expected"]["rules"] = doc["expected"]["rules"][::-1]
        doc["expected"]["player"] = "US" if doc["expected"]["player"] != "US" else "Jihadist"

    folder = corrupt(full, tmp_path, "card-044", edit)
    code, out, err = run(capsys, "vectors", "--check", folder, "--only", "card-044")
    lines = out.splitlines()
    assert code == 1, out
    assert lines[0] == "card-044: FAIL (3 differences)"
    assert lines[1].startswith("  expected.player: expected ")
    assert lines[2].startswith("  expected.legal_actions: missing [{\"country\":\"Atlantis\"}], extra [")
    assert lines[3].startswith("  expected.rules: expected [")


def test_a_setup_the_model_rejects_fails_at_that_step(full, tmp_path, capsys):
    def edit(doc):
        doc["setup"][3] = {"card": 999}

    folder = corrupt(full, tmp_path, "card-044", edit)
    code, out, err = run(capsys, "vectors", "--check", folder, "--only", "card-044")
    assert code == 1
    assert out.splitlines()[1].startswith('  setup[3]: the model rejects {"card":999}: ')


@pytest.mark.parametrize("edit, message", [
    (lambda p: p.write_text("{not json", encoding="utf-8"), "not JSON: Expecting property name enclosed in double quotes at line 1 column 2"),
    (lambda p: p.write_text(p.read_text(encoding="utf-8").replace('"choice"', '"choise"', 1), encoding="utf-8"),
     "$: 'choice' is a required property (vector.schema.json)"),
    (lambda p: p.write_text(p.read_text(encoding="utf-8").replace('\n  "scenario": "', '\n  "scenario": "x', 1), encoding="utf-8"),
     "scenario 'x"),
    (lambda p: p.write_text(p.read_text(encoding="utf-8").replace('"format_version": 1', '"format_version": 2', 1), encoding="utf-8"),
     "$.format_version: 1 was expected (vector.schema.json)"),
    (lambda p: p.write_text(p.read_text(encoding="utf-8").replace('"choice": {', '"choice": {"x": 1.5, ', 1), encoding="utf-8"),
     "$.choice: "),
    (lambda p: p.write_text('{"id": 1, "id": 2}', encoding="utf-8"), "not valid JSON: duplicate key 'id'"),
    (lambda p: p.write_bytes(b"\xff\xfe"), "not UTF-8 text"),
])
def test_a_malformed_vector_is_a_one_line_error_naming_the_file(full, tmp_path, capsys, edit, message):
    folder = tmp_path / "v"
    shutil.copytree(full, folder)
    p = folder / "vectors" / "card-044.json"
    edit(p)
    err = one_line_error(*run(capsys, "vectors", "--check", folder))
    assert err.startswith(f"cdg-oracle: error: {p}: "), err
    assert message in err, err


def test_a_vector_not_named_after_its_id_or_missing_from_the_folder_is_bad_input(full, tmp_path, capsys):
    folder = tmp_path / "v"
    shutil.copytree(full, folder)
    (folder / "vectors" / "card-044.json").rename(folder / "vectors" / "card-045x.json")
    err = one_line_error(*run(capsys, "vectors", "--check", folder))
    assert "lists card-044, but" in err and "card-044.json is missing" in err
    (folder / "index.json").unlink()
    err = one_line_error(*run(capsys, "vectors", "--check", folder))
    assert "card-045x.json: the file of vector 'card-044' must be named card-044.json" in err


def test_check_of_nothing_or_of_a_file_is_bad_input(tmp_path, capsys):
    assert "no such folder" in one_line_error(*run(capsys, "vectors", "--check", tmp_path / "nope"))
    assert "no vector files" in one_line_error(*run(capsys, "vectors", "--check", tmp_path))
    f = tmp_path / "f.json"
    f.write_text("{}", encoding="utf-8")
    assert "not a folder" in one_line_error(*run(capsys, "vectors", "--check", f))


def test_usage_errors(full, tmp_path, capsys):
    assert "--check and --out" in one_line_error(*run(capsys, "vectors", "--check", full, "--out", tmp_path))
    assert "--perft-depth applies" in one_line_error(*run(capsys, "vectors", "--check", full, "--perft-depth", 2))
    err = one_line_error(*run(capsys, "vectors", "--out", tmp_path / "x", "--only", "card-044,card-121"))
    assert "--only: unknown vector id 'card-121'" in err
    assert not (tmp_path / "x").exists()
    assert "--only: no vector 'card-121'" in one_line_error(*run(capsys, "vectors", "--check", full, "--only", "card-121"))
    f = tmp_path / "file"
    f.write_text("keep", encoding="utf-8")
    assert "not a folder" in one_line_error(*run(capsys, "vectors", "--out", f, "--only", "card-044"))
    assert f.read_text(encoding="utf-8") == "keep"
    assert "argument --games" in one_line_error(*run(capsys, "vectors", "--out", tmp_path / "y", "--games", 0))


# -- determinism, --only, budget -----------------------------------------------------------------------
def test_generation_is_byte_identical_and_only_writes_the_same_vectors(full, tmp_path):
    out = tmp_path / "again"
    assert main(["vectors", "--out", out, "--perft-depth", FAST_PERFT]) == 0
    assert files(out) == files(full)
    # --only: exactly those vectors, byte for byte the full run's; a stale vector of an earlier run goes.
    assert main(["vectors", "--out", out, "--only", "card-044,op-us-disrupt", "--perft-depth", 0]) == 0
    got = files(out)
    assert sorted(k for k in got if k.startswith("vectors")) == ["vectors/card-044.json", "vectors/op-us-disrupt.json"]
    assert got["vectors/card-044.json"] == files(full)["vectors/card-044.json"]
    assert got["perft.json"] == files(full)["perft.json"]   # --perft-depth 0 leaves it alone
    index = json.loads(got["index.json"])
    assert index["only"] == ["card-044", "op-us-disrupt"] and [v["id"] for v in index["vectors"]] == ["op-us-disrupt", "card-044"]


def test_what_the_budget_does_not_find_is_listed_as_not_covered(tmp_path, capsys):
    code, out, err = run(capsys, "vectors", "--out", tmp_path, "--only", "card-015,card-073,card-080",
                         "--games", 1, "--directed-games", 0, "--perft-depth", 0)
    assert code == 0
    assert "not covered (2): card-015 (card 15), card-073 (card 73)" in out.splitlines()
    index = json.loads((tmp_path / "index.json").read_text(encoding="utf-8"))
    assert [m["id"] for m in index["not_covered"]] == ["card-015", "card-073"]
    assert [v["id"] for v in index["vectors"]] == ["card-080"]
    assert sorted(p.name for p in (tmp_path / "vectors").iterdir()) == ["card-080.json"]


@pytest.mark.rule("card 15")
@pytest.mark.rule("card 73")
def test_the_rare_cards_come_from_directed_games_that_are_legal_games(full):
    for vid, country in (("card-015", "Somalia"), ("card-073", None)):
        v = load(full, vid)
        assert v["source"]["policy"] == f"directed card {int(vid[5:])}"
        irs = [n for n in ("Somalia", "Yemen") if v["state"]["countries"][n]["gov"] == "islamist_rule"]
        assert irs and (country is None or country in irs)
        st = new_state("labyrinth", v["scenario"])
        for a in v["setup"]:   # every step legal (apply raises IllegalAction otherwise)
            assert a in st.legal_actions()
            st.apply(a)
        assert st.canonical() == v["state"]


def test_the_schema_is_a_valid_2020_12_schema():
    s = vectors.schema()
    jsonschema.Draft202012Validator.check_schema(s)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"


JSON = hs.recursive(hs.none() | hs.booleans() | hs.integers() | hs.text(max_size=5),
                    lambda inner: hs.lists(inner, max_size=4) | hs.dictionaries(hs.text(max_size=4), inner, max_size=4),
                    max_leaves=20)


@given(JSON)
@settings(max_examples=200)
def test_pretty_json_parses_back_to_the_value(value):
    text = vectors.dumps(value)
    assert json.loads(text) == value
    assert text.isascii()


def test_pretty_json_round_trips_and_keeps_small_things_on_one_line():
    value = {"b": [1, 2], "a": {"x": {"country": "Iraq"}, "y": []}, "c": [{"die": 1}, "pass"], "d": "é"}
    text = vectors.dumps(value)
    assert json.loads(text) == value
    assert '  "b": [1, 2],' in text and '{"country": "Iraq"}' in text and "\\u00e9" in text
    assert text.index('"a"') < text.index('"b"') < text.index('"c"')


# -- perft ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", ["anaconda", "lets_roll", "mission_accomplished", "you_can_call_me_al"])
def test_perft_depth_1_is_the_number_of_legal_actions_after_chance_by_the_rule(scenario):
    st = new_state("labyrinth", scenario)
    while st.current_player() == "chance":
        st.apply(sorted(st.legal_actions(), key=action_key)[0])
    r = perft.perft(new_state("labyrinth", scenario), 1)
    assert r["counts"] == [len(st.legal_actions())]
    assert [x["action"] for x in r["divide"]] == sorted(st.legal_actions(), key=action_key)
    assert r["start"].canonical() == st.canonical()


@pytest.mark.rule("3.2")
def test_perft_by_hand_anaconda_set_up_cells():
    # Anaconda opens with the Jihadist placing three cells in non-US countries (3.2): 38 countries
    # on the map, the United States excluded, three different ones (anaconda_setup
    # distinct_non_us, A33) -> 37, 37*36, 37*36*35; with any_non_us repeats are allowed -> 37**k.
    n = len(new_state("labyrinth", "anaconda").map.countries) - 1
    assert n == 37
    assert perft.perft(new_state("labyrinth", "anaconda"), 3)["counts"] == [n, n * (n - 1), n * (n - 1) * (n - 2)]
    assert perft.perft(new_state("labyrinth", "anaconda", rulings={"anaconda_setup": "any_non_us"}), 2)["counts"] == [n, n * n]


class Toy:
    """A tiny game for perft by hand: chance first draws {"k": 2}, {"k": 10} or {"k": 3}, listed in
    that order (the rule takes {"k": 10}: '{"k":10}' sorts before '{"k":2}' as text); then a side
    chooses a number from 1 to k, twice, and the game ends after two choices or a chosen 1."""

    def __init__(self, d=None):
        self.d = d or {"k": None, "moves": []}

    def current_player(self):
        if self.d["k"] is None:
            return "chance"
        if len(self.d["moves"]) == 2 or 1 in self.d["moves"]:
            return "terminal"
        return "A"

    def is_terminal(self):
        return self.current_player() == "terminal"

    def legal_actions(self):
        if self.d["k"] is None:
            return [{"k": 2}, {"k": 10}, {"k": 3}]
        if self.is_terminal():
            return []
        return [{"n": i} for i in range(1, self.d["k"] + 1)]

    def chance_outcomes(self):
        return [(a, Fraction(1, 3)) for a in self.legal_actions()]

    def apply(self, a):
        if self.d["k"] is None:
            self.d["k"] = a["k"]
        else:
            self.d["moves"].append(a["n"])

    def clone(self):
        return Toy({"k": self.d["k"], "moves": list(self.d["moves"])})


def test_perft_by_hand_on_a_toy_game():
    r = perft.perft(Toy(), 3)
    # k = 10: 10 first moves; after {"n": 1} the game is over, after the 9 others 10 moves each;
    # nothing is left at depth 3 (two moves end the game).
    assert r["counts"] == [10, 90, 0]
    assert [x["action"]["n"] for x in r["divide"]] == [10, 1, 2, 3, 4, 5, 6, 7, 8, 9]  # '{"n":10}' < '{"n":1}'
    assert [x["count"] for x in r["divide"]] == [0] * 10
    assert [x["count"] for x in perft.perft(Toy(), 2)["divide"]] == [10, 0] + [10] * 8


def test_perft_is_deterministic_and_the_divide_sums_to_the_count():
    a = perft.perft_doc("labyrinth", ["lets_roll", "you_can_call_me_al"], 4)
    b = perft.perft_doc("labyrinth", ["lets_roll", "you_can_call_me_al"], 4)
    assert vectors.dumps(a) == vectors.dumps(b)
    for s in a["scenarios"].values():
        assert s["depth"] == 4 and len(s["counts"]) == 4
        assert sum(x["count"] for x in s["divide"]) == s["counts"][-1]
    assert a["scenarios"]["lets_roll"]["counts"][0] == 9     # the Jihadist's opening hand (3.2, 5.2.2)
    assert perft.default_depth("lets_roll") == 6 and perft.default_depth("anaconda") == 3


def test_the_perft_file_matches_a_direct_count(full):
    doc = json.loads((full / "perft.json").read_text(encoding="utf-8"))
    assert doc["chance_rule"] == perft.CHANCE_RULE and doc["depth_rule"] == perft.DEPTH_RULE
    assert sorted(doc["scenarios"]) == ["anaconda", "lets_roll", "mission_accomplished", "you_can_call_me_al"]
    for name, s in doc["scenarios"].items():
        assert s["counts"] == perft.perft(new_state("labyrinth", name), FAST_PERFT)["counts"]
