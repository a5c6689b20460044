"""Issue "How people play": a tester under a virtual display sees the
sounds.  The window loop shows each sound's caption ("\u266a race start")
for 1.5 s, painted in the window's pixels: in a strip of their own under
the HDMI view, never over it (play-testers: captions over the view's
bottom-left corner hid a seat's yen and dice); config ``[audio] captions
= "off"`` shows none."""
from __future__ import annotations

from firmware.runtime.sound_captions import CAPTION_US


def _painted_in_strip(t) -> float:
    """How much is painted in the captions' strip under the HDMI view
    (mean per pixel and channel, 0..255; the strip is black without one)."""
    import numpy as np
    x, y, w, h = t.session.renderer.layout.captions
    return float(np.asarray(t.window_image().convert("RGB").crop((x, y, x + w, y + h)), dtype=float).mean())


def _view_corner_off_frame(t) -> float:
    """How much the window's HDMI view differs from the HDMI frame in its
    bottom-left corner, where the captions stood (mean per pixel and
    channel, 0..255): under 4 when nothing is painted over it (scaling
    alone), over 8 with a caption box there."""
    import numpy as np
    from PIL import Image
    r = t.session.renderer
    x, y, w, h = r.layout.hdmi
    window = np.asarray(t.window_image().convert("RGB").crop((x, y, x + w, y + h)), dtype=float)
    frame = Image.frombytes("RGB", r.surface.get_size(), t.pg.image.tobytes(r.surface, "RGB")).resize((w, h))
    corner = (slice(h * 3 // 4, h), slice(0, w // 3))
    return float(np.abs(window[corner] - np.asarray(frame, dtype=float)[corner]).mean())


def test_the_race_start_is_captioned_in_the_window_then_goes(table):
    t = table("retrograde", players=2, bots={1})
    t.run_until(lambda t: "\u266a race start" in t.session.renderer.painted_captions, max_passes=400)
    assert t.session.sounds.player.asked[-1][1] in ("go", "dice", "press")     # the sound was asked for
    assert _painted_in_strip(t) > 3                                             # the caption, painted
    assert _view_corner_off_frame(t) < 4                                        # and not over the game
    asked_at = [tt for tt, line in t.session.sounds.captions.heard if line == "\u266a race start"][-1]
    t.run_until(lambda t: t.session.runtime.now_us >= asked_at + CAPTION_US + 100_000, max_passes=400)
    t.step(2)
    assert "\u266a race start" not in t.session.renderer.painted_captions
    t.run_until(lambda t: not t.session.renderer.painted_captions, max_passes=1500)
    assert _painted_in_strip(t) < 0.5                                            # gone from the pixels too


def test_captions_off_shows_none(table):
    t = table("retrograde", players=2, bots={1})
    t.session.cfg["audio"]["captions"] = "off"
    t.loop = t.session.live(clock_ns=lambda: t._ns)
    t.run_until(lambda t: any(line == "\u266a race start" for _, line in t.session.sounds.captions.heard),
                max_passes=400)
    t.step(2)
    assert t.session.renderer.painted_captions == []
