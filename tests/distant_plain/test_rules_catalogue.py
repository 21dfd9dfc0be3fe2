"""A Distant Plain's rule catalogue (model/distant_plain/data/rules.yaml): the aid prints no rule
numbers, so its rules are named; every operation and Special Activity the seed's blocks print, every
Islamabad level and every Propaganda phase is catalogued, in the aid's order; bad names are refused."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cdg_oracle.model.core.catalogue import load_catalogue
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.distant_plain.rules_catalogue import SCOPES, load_rules_catalogue

SEEDS = Path(os.environ.get("CDG_ORACLE_SEEDS", Path(__file__).resolve().parents[3] / "shared" / "seeds"))
SEED = SEEDS / "003_8c4a98924f8c01ac.txt"
#: Each block's Italian headings of operations and SAs, as the aid prints them ("Addestrare (Train)").
HEADING = re.compile(r"^([A-Z][A-Za-zà-ù' ]+) \(([A-Z][A-Za-z ]+)\)")


def test_the_catalogue_loads_in_the_aid_s_order():
    c = load_rules_catalogue()
    names = [r.number for r in c]
    assert names[0] == "coalition" and names[-1] == "propaganda.reset.underground"
    assert len(names) == len(set(names)) == 75
    assert {r.scope for r in c} == set(SCOPES)


def test_every_operation_and_special_activity_of_the_seed_is_catalogued():
    """The seed's four blocks each print four Operations and three Special Activities, headed
    'Italian (English)'; each is a rule of its faction in the catalogue, in the aid's order."""
    if not SEED.exists():
        pytest.skip(f"seed not available: {SEED}")
    blocks = ("COALIZIONE", "GOVERNO", "WARLORDS", "TALEBANI")
    found: list[tuple[str, str]] = []
    faction = None
    for line in SEED.read_text(encoding="utf-8").splitlines():
        if line.strip() in blocks:
            faction = line.strip()
        m = HEADING.match(line)
        if m and faction and ("+" in line or "spazi" in line or line.strip().endswith(")")):
            english = m.group(2).strip().lower().replace(" ", "_")
            if (faction, english) not in found:
                found.append((faction, english))
    names = {r.number for r in load_rules_catalogue()}
    prefix = {"COALIZIONE": "coalition", "GOVERNO": "government", "WARLORDS": "warlords", "TALEBANI": "taliban"}
    catalogued = [(f, e) for f, e in found
                  if f"{prefix[f]}.operations.{e}" in names or f"{prefix[f]}.special_activities.{e}" in names]
    assert len(catalogued) == 28 == len(found), sorted(set(found) - set(catalogued))


@pytest.mark.parametrize("entry, message", [
    ('  - {number: "Coalition.Train", title: "X", scope: coalition}', "bad name format"),
    ('  - {number: "nowhere.train", title: "X", scope: coalition}', "its heading nowhere is not catalogued before it"),
    ('  - {number: "coalition", title: "X", scope: coalition}', "duplicate number"),
])
def test_a_bad_name_is_refused_in_one_line(tmp_path, entry, message):
    from cdg_oracle.model.distant_plain.rules_catalogue import DEFAULT_PATH

    path = tmp_path / "rules.yaml"
    path.write_text(DEFAULT_PATH.read_text(encoding="utf-8") + entry + "\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_catalogue(path, SCOPES, named=True)
    assert "\n" not in str(e.value) and message in str(e.value)
