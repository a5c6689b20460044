"""Café International Junior component data: the reconstructed guest cards
and table tiles keep every printed count and are validated on load
(rulebook 'Components'; rulings CI-1, CI-2)."""
from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from engines.base import ComponentDataError
from engines.cafe_junior.components import load_components, parse_guests, parse_tables


def raw(name: str) -> dict:
    return json.loads(resources.files("engines.cafe_junior").joinpath("data").joinpath(name)
                      .read_text(encoding="utf-8"))


def test_components_keep_printed_counts():
    """100 guest cards: 8 children (4 girls, 4 boys) of each of 12 countries
    plus 2 girl and 2 boy jokers; 24 table tiles (rulebook 'Components')."""
    comp = load_components()
    assert len(comp.countries) == 12
    assert len(comp.cards) == 100
    per = Counter((c.country, c.gender) for c in comp.cards if not c.is_joker)
    assert set(per.values()) == {4} and len(per) == 24
    assert Counter(c.gender for c in comp.cards if c.is_joker) == {"girl": 2, "boy": 2}
    assert len(comp.tables) == 24
    assert len({t.table_id for t in comp.tables}) == 24


def test_ci1_rulebook_countries_present():
    """Ruling CI-1: the seven countries the rulebook names are among the 12."""
    names = {c.name for c in load_components().countries}
    assert {"Kenya", "USA", "Mexico", "Spain", "Jamaica", "Germany", "Great Britain"} <= names


def test_ci2_example_tables_reconstructed():
    """The rulebook's two example tables exist with their printed side flags
    (ruling CI-2: a side accepts the two flags at its ends)."""
    comp = load_components()
    t1, t2 = comp.table("T01"), comp.table("T02")
    assert {s: set(t1.side_flags(s)) for s in ("top", "right", "bottom", "left")} == {
        "top": {"KEN", "USA"}, "right": {"USA", "ESP"}, "bottom": {"MEX", "ESP"}, "left": {"KEN", "MEX"}}
    assert {s: set(t2.side_flags(s)) for s in ("top", "right", "bottom", "left")} == {
        "top": {"JAM"}, "right": {"JAM", "GBR"}, "bottom": {"GER", "GBR"}, "left": {"JAM", "GER"}}


def test_data_files_say_they_are_reconstructions():
    for name in ("guests.json", "tables.json"):
        assert "RECONSTRUCTION" in " ".join(raw(name)["_comment"])


def test_missing_girl_names_file_country_and_count():
    data = raw("guests.json")
    data["guests"] = [g for g in data["guests"] if g["id"] != "KEN-g4"]
    with pytest.raises(ComponentDataError, match=r"guests\.json.*'KEN' needs 4 girls, found 3"):
        parse_guests(data)


def test_extra_joker_rejected():
    data = raw("guests.json")
    data["jokers"].append({"id": "JOKER-g3", "gender": "girl"})
    with pytest.raises(ComponentDataError, match="needs 2 girl jokers, found 3"):
        parse_guests(data)


def test_duplicate_card_and_bad_gender_rejected():
    data = raw("guests.json")
    data["guests"][1]["id"] = data["guests"][0]["id"]
    with pytest.raises(ComponentDataError, match="listed twice"):
        parse_guests(data)
    data = raw("guests.json")
    data["guests"][0]["gender"] = "grown-up"
    with pytest.raises(ComponentDataError, match=r"card 'KEN-g1': gender"):
        parse_guests(data)


def test_unknown_country_on_card_rejected():
    data = raw("guests.json")
    data["guests"][0]["country"] = "ATL"
    with pytest.raises(ComponentDataError, match="card 'KEN-g1': unknown country 'ATL'"):
        parse_guests(data)


def test_eleven_countries_rejected():
    data = raw("guests.json")
    data["countries"] = data["countries"][:11]
    with pytest.raises(ComponentDataError, match=r"guests\.json: needs 12 countries.*found 11"):
        parse_guests(data)


def test_table_count_and_flags_validated():
    codes = {c.code for c in load_components().countries}
    data = raw("tables.json")
    short = copy.deepcopy(data)
    short["tables"].pop()
    with pytest.raises(ComponentDataError, match=r"tables\.json: needs 24 table tiles.*found 23"):
        parse_tables(short, codes)
    bad = copy.deepcopy(data)
    bad["tables"][4]["flags"]["top_left"] = "ATL"
    with pytest.raises(ComponentDataError, match="table 'T05': unknown country 'ATL' at top_left"):
        parse_tables(bad, codes)
    corner = copy.deepcopy(data)
    del corner["tables"][0]["flags"]["bottom_right"]
    with pytest.raises(ComponentDataError, match="table 'T01': 'flags' must give exactly the 4 corners"):
        parse_tables(corner, codes)


def test_country_on_no_table_rejected():
    codes = {c.code for c in load_components().countries}
    data = raw("tables.json")
    for t in data["tables"]:
        for corner, code in t["flags"].items():
            if code == "BRA":
                t["flags"][corner] = "KEN"
    with pytest.raises(ComponentDataError, match="no table shows the flag of BRA"):
        parse_tables(data, codes)
