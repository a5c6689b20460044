"""Play-tester: the stations read "Kaputt", "Beuv", "Water" (cut-looking
short forms) even where the full name fits; the full name where it fits,
else a clear shorter form (an abbreviation that says so)."""
from __future__ import annotations

import re

import pytest

from engines.cryptid_cafe.data import components
from firmware.screens.draw import hdmi_screen
from firmware.ui.hdmi import HdmiRenderer

from screen_checks import context, play_states

BARE = ("Kaputt", "Beuv", "Water")


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 480)])
def test_station_names_are_never_bare_cut_words(players, size):
    r = HdmiRenderer(*size, "headless")
    for game, events in play_states("cryptid-cafe", players, 3, every=25, limit=200):
        texts = hdmi_screen(game, context(game, events), size=size, measure=r.scene_measure).texts()
        bad = [t for t in texts for w in BARE if re.search(rf"\b{w}\b(?!')", t)]
        assert not bad, (size, bad)


def test_full_station_names_where_they_fit():
    comp = components()
    r = HdmiRenderer(1920, 1080, "headless")
    game, events = next(play_states("cryptid-cafe", 3, 1))
    texts = hdmi_screen(game, context(game, events), size=(1920, 1080), measure=r.scene_measure).texts()
    for st in ("kaputtcino", "beuvnoire", "waterzoeil"):      # the ones 1920 px has room for
        assert comp.station_name(st) in texts, (st, texts)


#: whole words a player says for a station where its full name has no room
WHOLE_SHORT = {"baba_au_rhume": "Baba", "croque_monsieur": "Croque"}


@pytest.mark.parametrize("players", [1, 3, 5])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 480)])
def test_every_station_is_named_without_a_cut(players, size):
    """PT13 (issue 34, c17): "Kaputtc.", "Beuv'n.", "Waterz." over the
    stations at the window's size (and at 800x480 four of the five had no
    name at all).  Each station names itself: its full name (shrunk down
    to the least size where needed) or a whole word of it ("Baba",
    "Croque"), never a cut word with a dot."""
    comp = components()
    r = HdmiRenderer(*size, "headless")
    for game, events in play_states("cryptid-cafe", players, 3, every=40, limit=400):
        if game.is_terminal():
            continue
        texts = hdmi_screen(game, context(game, events), size=size, measure=r.scene_measure).texts()
        assert not [t for t in texts if re.search(r"\b(?:Kaputtc|Beuv'n|Waterz)\.", t)], (size, texts)
        for st in ("kaputtcino", "baba_au_rhume", "beuvnoire", "croque_monsieur", "waterzoeil"):
            forms = (comp.station_name(st), WHOLE_SHORT.get(st, comp.station_name(st)))
            assert any(t == f or t.startswith(f + ":") or t.startswith(f + " ") for t in texts for f in forms), \
                (size, st, texts)
