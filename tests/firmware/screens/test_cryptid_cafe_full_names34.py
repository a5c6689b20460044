"""Issue 34 (fresh play-testers): a customer card on the HDMI said
"Thunder" (the Thunderbird's short form) where the full name would fit
shrunk or without the track space's number beside it, and "Thunder" reads
as a name cut short.  A card keeps the cryptid's full name wherever it
fits at the kit's least legible size; the short form only where it does
not."""
from __future__ import annotations

import pytest

from firmware.screens.draw import hdmi_screen
from firmware.ui.hdmi import HdmiRenderer
from firmware.ui.kit import Metrics, Rect

from screen_checks import context, play_states, scene_problems


@pytest.mark.parametrize("players", [1, 3, 5])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_cryptid_cafe_card_says_the_full_name_where_it_fits_shrunk(players, size):
    r = HdmiRenderer(*size, "headless")
    least = Metrics(*size).least
    shorts, seen = [], 0
    for game, events in play_states("cryptid-cafe", players, 2, every=15, limit=400):
        scene = hdmi_screen(game, context(game, events), size=size, measure=r.scene_measure)
        for n in scene.of_kind("text"):
            if not (n.key or "").endswith(":name"):
                continue
            seen += 1
            card = next(c for p in game.view(None)["players"] for c in p["track"]
                        if c and n.props["text"] in (c["name"], c.get("short")))
            if n.props["text"] != card["name"]:
                # the short form only where the full name cannot fit the card's whole name row
                if scene.fit(card["name"], scene_row(scene, n), (least,), least=least):
                    shorts.append((n.props["text"], card["name"]))
        assert not scene_problems(scene), scene_problems(scene)
    assert seen > 10 and not shorts, sorted(set(shorts))


def scene_row(scene, node):
    """The name's whole row on its card: from the card's inner left edge
    (where a space's number may stand) to the node's right edge."""
    card = next(c for c in scene.of_kind("card") if node.rect.inside(c.rect))
    inset = max(2, scene.metrics.pad // 3)
    return Rect(card.rect.x + inset, node.rect.y, node.rect.right - card.rect.x - inset, node.rect.h)
