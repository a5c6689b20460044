"""Issue 36: on the Pi 4 twin a Retrograde press that changed what a seat
does ("claim B?" under the cursor, a bot's "grabs", the round's summary
closed) built that seat's whole sheet again (its banner was folded into
the sheet's one drawing with the droids, bosses, trophies and counts) and
drew it again: a pass of a person's press, and the summary's close drawn
ahead a sheet at a time (6 ms a job here, x 4.5 on a Pi 4, a job a press
waits for).  A seat's banner is now a part of its own over its sheet: the
sheet stays one drawing while the banner changes.  The frames are pixel
for pixel those drawn with the banner folded into the sheet."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from engines.registry import is_available  # noqa: E402
from firmware.runtime.controls import SeatControls  # noqa: E402
from firmware.screens.draw import hdmi_screen  # noqa: E402
from firmware.screens.retrograde_round import round_summary  # noqa: E402
from firmware.ui.kit import Node  # noqa: E402
from screen_checks import context, play_states  # noqa: E402

needs_rg = pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")


def _painter(size):
    import pygame

    from firmware.ui.paint import Fonts, Painter
    pygame.init()
    fonts = Fonts()
    return pygame.Surface(size), Painter(fonts), fonts.measure


def _sheets(scene, players: int) -> list[Node]:
    """The seats' sheet groups (the tallest groups, left to right)."""
    groups = [n for n in scene.nodes if n.kind == "group"]
    tall = max(n.rect.h for n in groups)
    out = sorted((n for n in groups if n.rect.h == tall), key=lambda n: n.rect.x)
    assert len(out) == players
    return out


def _roll_with_two_claims(players: int = 4, seed: int = 1):
    """A roll with seat 1's dice read and two cards it may claim: the game,
    its events and seat 1's controls, with the cursor positions of two
    claims."""
    for game, events in play_states("retrograde", players, seed):
        view = game.view(None)
        if view["phase"] != "roll" or view["seats"][0]["dice"] is None or view["seats"][0].get("claim"):
            continue
        controls = [SeatControls(s) for s in range(players)]
        acts = controls[0].refresh(game)
        claims = [k for k, a in enumerate(acts) if a.get("type") == "claim"]
        if len(claims) >= 2:
            return game, events, controls, claims[:2]
    pytest.fail("no roll with two claims for seat 1")


@needs_rg
def test_a_seats_doing_changing_leaves_its_sheet_one_drawing_as_it_was():
    size = (1920, 1080)
    surface, painter, measure = _painter(size)
    game, events, controls, (a, b) = _roll_with_two_claims()
    scenes = []
    for cursor in (a, b):
        controls[0].cursor = cursor
        scenes.append(hdmi_screen(game, context(game, events, controls), size=size, measure=measure))
    doing = [sc.facts["doing"][0] for sc in scenes]
    assert doing[0] != doing[1] and all(d.startswith("claim ") for d in doing), doing
    before, after = (_sheets(sc, 4)[0] for sc in scenes)
    assert after is before, "seat 1's sheet was built again for its banner's words"
    painter.draw(surface, scenes[0])
    made: list[tuple] = []
    cached_part = painter._cached_part

    def counted(key, place, make):
        return cached_part(key, place, lambda: (made.append(place), make())[1])
    painter._cached_part = counted
    painter.draw(surface, scenes[1])
    sheet = tuple(before.rect)
    assert made and sheet not in made, f"parts drawn anew: {made} (seat 1's sheet at {sheet})"


def _folded(scene):
    """``scene`` with each seat's banner folded back into its sheet's group
    (as the sheet was drawn before: the banner first, in one drawing)."""
    from firmware.ui.kit import Scene
    nodes = list(scene.nodes)
    out = Scene(scene.width, scene.height, scene.measure)
    k = 0
    while k < len(nodes):
        n = nodes[k]
        banner = n.kind == "group" and any(c.key and str(c.key).startswith("banner:") for c in n.props["children"])
        if banner:
            sheet = next(s for s in nodes[k + 1:] if s.kind == "group" and s.rect.x == n.rect.x
                         and s.rect.y == n.rect.y and s.rect.h > n.rect.h)
            nodes.remove(sheet)
            start = len(out.nodes)
            out.nodes.extend(n.props["children"] + sheet.props["children"])
            out.group(start, sheet.rect, None)
        else:
            out.nodes.append(n)
        k += 1
    return out


@needs_rg
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_banners_apart_draw_the_frames_drawn_with_them_folded_into_the_sheets(size):
    import pygame
    apart, folded = _painter(size), _painter(size)
    measure = apart[2]
    seen: set[str] = set()
    compared = 0
    start = None
    for game, events in play_states("retrograde", 3, 2, every=3):
        view = game.view(None)
        controls = [SeatControls(s) for s in range(3)]
        for c in controls:
            c.refresh(game)
        extra = {}
        if start is not None and view["round"] != start["round"] and view["phase"] == "roll":
            # the round's summary stands (CAB-10), as the timers show it
            extra = {"banner": "next 4", "round_summary": round_summary(start, view)}
        if start is None or view["round"] != start["round"]:
            start = view
        scene = hdmi_screen(game, context(game, events, controls, **extra), size=size, measure=measure)
        seen.add(view["phase"] if "round_summary" not in scene.facts else "summary")
        old = _folded(scene)
        assert len(old.nodes) < len(scene.nodes), "no banner apart to fold back"
        for (surface, painter, _), sc in ((apart, scene), (folded, old)):
            painter.draw(surface, sc)       # (each after the last frame: the dirty repaint too)
        assert pygame.image.tobytes(apart[0], "RGB") == pygame.image.tobytes(folded[0], "RGB"), \
            (view["phase"], view["round"])
        compared += 1
        if compared >= 80:
            break
    assert {"roll", "blast", "summary"} <= seen, seen
