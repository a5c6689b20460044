"""Issue "How people play": a tester under a virtual display sees the
sounds.  The window loop shows each sound's caption ("\u266a race start")
in the HDMI view's bottom-left corner for 1.5 s, painted in the window's
pixels; config ``[audio] captions = "off"`` shows none."""
from __future__ import annotations

from firmware.runtime.sound_captions import CAPTION_US


def _painted_over_corner(t) -> float:
    """How much the window's HDMI view differs from the HDMI frame in its
    bottom-left corner (mean per pixel and channel, 0..255): the caption
    boxes are painted over the view there, nothing else is."""
    import numpy as np
    from PIL import Image
    r = t.session.renderer
    x, y, w, h = r.layout.hdmi
    window = np.asarray(t.window_image().convert("RGB").crop((x, y, x + w, y + h)), dtype=float)
    frame = Image.frombytes("RGB", r.surface.get_size(), t.pg.image.tobytes(r.surface, "RGB")).resize((w, h))
    frame = np.asarray(frame, dtype=float)
    corner = (slice(h * 3 // 4, h), slice(0, w // 3))
    return float(np.abs(window[corner] - frame[corner]).mean())


def test_the_race_start_is_captioned_in_the_window_then_goes(table):
    t = table("retrograde", players=2, bots={1})
    t.run_until(lambda t: "\u266a race start" in t.session.renderer.painted_captions, max_passes=400)
    assert t.session.sounds.player.asked[-1][1] in ("go", "dice", "press")     # the sound was asked for
    assert _painted_over_corner(t) > 8                                          # the caption, painted
    asked_at = [tt for tt, line in t.session.sounds.captions.heard if line == "\u266a race start"][-1]
    t.run_until(lambda t: t.session.runtime.now_us >= asked_at + CAPTION_US + 100_000, max_passes=400)
    t.step(2)
    assert "\u266a race start" not in t.session.renderer.painted_captions
    t.run_until(lambda t: not t.session.renderer.painted_captions, max_passes=1500)
    assert _painted_over_corner(t) < 4                                           # gone from the pixels too


def test_captions_off_shows_none(table):
    t = table("retrograde", players=2, bots={1})
    t.session.cfg["audio"]["captions"] = "off"
    t.loop = t.session.live(clock_ns=lambda: t._ns)
    t.run_until(lambda t: any(line == "\u266a race start" for _, line in t.session.sounds.captions.heard),
                max_passes=400)
    t.step(2)
    assert t.session.renderer.painted_captions == []
