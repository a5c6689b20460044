"""Issue 34, item 9, watched in the window: a card in flight is never drawn
over the event text.  While the HDMI animates, every standing text of the
scene (the order area's result lines, the event feed) must look exactly as
in the same scene drawn at rest; a card flying over it changes its pixels."""
from __future__ import annotations

import time

import firmware.app.session
from firmware.ui.paint import Painter


class _LoopTime:
    """The ``time`` module as the session sees it, its ``monotonic`` on the
    table's clock: the HDMI's 300 ms animations span the same passes on
    any machine (the session animates on ``time.monotonic``)."""

    def __init__(self, t) -> None:
        self.t = t

    def monotonic(self) -> float:
        return self.t._ns / 1e9

    def __getattr__(self, name: str):
        return getattr(time, name)


def _covered_texts(t, at_rest: Painter) -> list[str] | None:
    """The standing texts whose pixels on the HDMI differ from the scene
    drawn at rest; None when the HDMI does not animate now."""
    r = t.session.renderer
    scene = t.session.hdmi_model
    if not r.animating or scene is None:
        return None
    pg = r.pg
    still = pg.Surface(r.surface.get_size())
    at_rest.forget_frame()
    at_rest.draw(still, scene)                     # no clock: everything where it ends
    covered = []
    for node in scene.nodes:
        if node.kind != "text" or node.key is not None or node.rect.w <= 0 or node.rect.h <= 0:
            continue                               # a keyed text may move itself
        box = pg.Rect(node.rect.x, node.rect.y, node.rect.w, node.rect.h).clip(still.get_rect())
        if pg.image.tobytes(r.surface.subsurface(box), "RGB") != pg.image.tobytes(still.subsurface(box), "RGB"):
            covered.append(node.props.get("text"))
    return covered


def test_a_served_customer_flies_beneath_the_race_result_text(table, monkeypatch):
    """Cha dango: a served customer's card flies from the dining area to
    its winner's VP cards.  Before the fix (main with the animation commits
    9339335 and 9165dab reverted) it flew over the order area's lines:
    "Seat 2 reveals it in 3 s", "Last order: fox" and "Seat 3 served fox:
    444 ms" in pass 32 (40 of the 200 passes animate)."""
    t = table("cha-dango", 3, bots={0, 1, 2}, seed=1)
    monkeypatch.setattr(firmware.app.session, "time", _LoopTime(t))
    at_rest = Painter(t.session.renderer.fonts)
    animated, covered = 0, []
    for n in range(200):
        t.step()
        seen = _covered_texts(t, at_rest)
        if seen is not None:
            animated += 1
            covered += [(n + 1, text) for text in seen]
    assert animated >= 20, f"only {animated} animated passes: the test saw no flight"
    assert not covered, f"(pass, text) drawn over by a card in flight: {covered[:6]}"
