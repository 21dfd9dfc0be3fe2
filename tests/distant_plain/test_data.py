"""A Distant Plain's data (issue 20, first step): the map, the pieces, tracks and victory goals, and
the register of gaps, loaded and validated; what the sources state holds; bad data is refused in one
line naming the file and the entry; nothing a source lacks (Mountain) is filled in."""
from __future__ import annotations

import networkx as nx
import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.distant_plain import mapdata, pieces
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.pieces import load_gaps, load_pieces

MAP = mapdata.DEFAULT_PATH
PIECES = pieces.DATA / "pieces.yaml"
GAPS = pieces.DATA / "gaps.yaml"


def variant(tmp_path, path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    out = tmp_path / path.name
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


def test_the_map_as_the_sources_give_it():
    """32 spaces: 21 provinces in Afghanistan, 3 in Pakistan, Kabul, 7 LoCs; population 27 (25 in
    Afghanistan with Kabul, 2 in Pakistan); Econ 12; 14 Pashtun spaces; 61 links between provinces
    and Kabul and 37 LoC links: one connected graph (a_distant_plain_facts.yaml counts, validation)."""
    m = load_map()
    s = m.spaces
    assert len(s) == 32 and len(m.locs) == 7 and s["Kabul"].type == "city"
    assert sum(x.type == "province" and not x.pakistan for x in s.values()) == 21
    assert sorted(n for n in m.names if s[n].pakistan) == ["Balochistan (Pakistan)", "Northwest Frontier (Pakistan)",
                                                          "Waziristan (Pakistan)"]
    assert sum(x.population for x in s.values() if not x.pakistan) == 25
    assert sum(x.population for x in s.values() if x.pakistan) == 2
    assert sum(x.econ for x in s.values()) == 12 and s["Kabul-Tor Kham LOC"].econ == 4
    assert sum(x.pashtun for x in s.values()) == 14
    g = m.graph()
    assert g.number_of_edges() == 61 + 37 and nx.is_connected(g)


def test_the_aid_s_pakistan_redeploy_meets_the_pashtun_flags():
    """R (Propaganda, Redeploy) sends Taliban guerrillas to 'Pashtun spaces in Pakistan': there are
    such spaces (Waziristan, Northwest Frontier), and Balochistan is not one."""
    s = load_map().spaces
    assert [n for n in load_map().names if s[n].pakistan and s[n].pashtun] == ["Northwest Frontier (Pakistan)",
                                                                               "Waziristan (Pakistan)"]


def test_no_space_is_said_to_be_mountain():
    """No source lists the Mountain spaces: every space says unknown (None), and the gap is registered."""
    assert all(x.mountain is None for x in load_map().spaces.values())
    assert "mountain" in {g["id"] for g in load_gaps()}


def test_the_pieces_tracks_and_goals():
    d = load_pieces()
    assert sum(n for kinds in d["pieces"].values() for n in kinds.values()) == 158
    assert d["pieces"]["Government"] == {"troops": 30, "police": 30, "bases": 3}
    assert d["tracks"]["islamabad"]["boxes"] == list(pieces.ISLAMABAD)
    assert d["victory"]["Coalition"] == {"sum": ["total_support", "available_coalition_pieces"], "exceeds": 30}


@pytest.mark.parametrize("old, new, entry, what", [
    ('"Badakhshan": {type: province, pakistan: false, population: 1, pashtun: false, mountain: null, adjacent: ["Baghlan", ',
     '"Badakhshan": {type: province, pakistan: false, population: 1, pashtun: false, mountain: null, adjacent: [',
     "Baghlan", "linked to Badakhshan, but Badakhshan does not list Baghlan"),
    ('"Herat": {type: province, pakistan: false, population: 1, pashtun: false, mountain: null',
     '"Herat": {type: province, pakistan: false, population: 1, pashtun: false, mountain: true',
     "Herat", "mountain must be null"),
    ('"Herat": {type: province, pakistan: false, population: 1,', '"Herat": {type: province, pakistan: false, population: 4,',
     "Herat", "population 4 must be a whole number 0-3"),
    ('"Herat": {type: province, pakistan: false, population: 1,', '"Herat": {type: province, pakistan: false, population: "1",',
     "Herat", "population '1' must be a whole number 0-3"),
    ('"Kabul-Tor Kham LOC": {type: loc, econ: 4,', '"Kabul-Tor Kham LOC": {type: loc, econ: 5,',
     "-", "13 econ, the sources agree on 12"),
    ('"Herat": {type: province,', '"Herat": {type: town,', "Herat", "type 'town' is not one of"),
    ('adjacent: ["Badghis", "Farah", "Ghowr"]', 'adjacent: ["Badghis", "Farah", ["Ghowr"]]', "Herat",
     "adjacent must list other provinces or Kabul"),
])
def test_a_bad_map_is_refused_in_one_line(tmp_path, old, new, entry, what):
    with pytest.raises(DataError) as e:
        load_map(variant(tmp_path, MAP, old, new))
    text = str(e.value)
    assert "\n" not in text and f": {entry}: " in text and what in text, text


@pytest.mark.parametrize("old, new, entry, what", [
    ("Coalition: {troops: 20, bases: 6}", "Coalition: {troops: 21, bases: 6}", "total", "add up to 158"),
    ("Taliban: {guerrillas: 30, bases: 12}", "Taliban: {guerrillas: 30, bases: 0}", "pieces Taliban", "above 0"),
    ("exceeds: 35}", "exceeds: thirty-five}", "victory Government", "exceeds: n"),
    ("boxes: [hostility, pressure,", "boxes: [pressure, hostility,", "tracks islamabad", "boxes hostility"),
])
def test_bad_pieces_are_refused_in_one_line(tmp_path, old, new, entry, what):
    with pytest.raises(DataError) as e:
        load_pieces(variant(tmp_path, PIECES, old, new))
    text = str(e.value)
    assert "\n" not in text and f": {entry}: " in text and what in text, text


def test_a_gap_given_twice_is_refused(tmp_path):
    with pytest.raises(DataError, match="loc_links: given twice"):
        load_gaps(variant(tmp_path, GAPS, "{id: map_table,", "{id: loc_links,"))


def test_the_map_checks_hold_and_can_fail():
    """Every map check holds on the map, and each catches a map broken for it."""
    from dataclasses import replace

    from cdg_oracle.model.distant_plain.mapdata import DistantPlainMap
    from cdg_oracle.properties.distant_plain.mapchecks import all_checks

    m = load_map()
    assert all(not bad for bad in all_checks(m).values()), all_checks(m)

    def broken(**changes) -> DistantPlainMap:
        spaces = dict(m.spaces)
        for name, fields in changes.items():
            spaces[name] = replace(spaces[name], **fields)
        return DistantPlainMap(spaces)

    cases = {
        "links are listed at both ends": broken(Herat={"adjacent": ("Badghis", "Farah", "Ghowr", "Kabul")}),
        "a LoC touches only provinces and Kabul, at least one":
            broken(**{"Kabul-Aibak LOC": {"touches": ("Baghlan", "Kabul-Tor Kham LOC")}}),
        "the Pakistan spaces, Pashtun ones among them": broken(Herat={"pakistan": True}),
        "population 25 + 2 and Econ 12": broken(Herat={"population": 2}),
    }
    for name, bad_map in cases.items():
        assert all_checks(bad_map)[name], name
