"""The calibration's screens in the gallery: flows set to named states
(no camera, no fit), drawn at both HDMI sizes and on every seat's OLED."""
from __future__ import annotations

from firmware.calibration.words import CHANGES_ASKED, TUNED_WORDS
from firmware.calibration.flow import AWAY_US, GuidedCalibration, Reading
from firmware.calibration.screens import oled_frame, screen

#: gallery states: name -> what it shows
GALLERY = {
    "face": "face 3 of 6: seat 1 captured (the camera's picture of its dice), seat 2 waiting with its 2s still "
            "in view (labelled), seat 3 sees no dice, seat 4 has a die on another face (ringed)",
    "six": "six seats capturing face 5",
    "away": "face 1: seat 1 captured; nobody has pressed at seat 2 (left out in 30 s unless it presses); "
            "seat 4 already left out",
    "adapt": "learning the seats' dice (the fit, at most a minute on one core), each seat's capture of the 6s "
             "still in view",
    "check": "a free roll: seat 1 corrects a die the camera did not read (cursor on it: what the camera read, what "
             "a press makes it), seat 2 confirmed, seat 3 on ok with a die it cannot see left ? (OK leaves it out), "
             "seat 4 rolling",
    "sure": "a free roll: seat 1 stepped a die the camera read as 5 to 6 and pressed on ok: asked once more "
            "before its change counts (a wrong correction would count as the camera's misread)",
    "stored": "the calibration is stored, with the confirmation figures (2 dice the seats could not see left out)",
    "tuned": "stored: an expert face net tuned to the camera's light and dice read the rolls best "
             "(vision.adapt, a camera the nets never saw)",
    "unchanged": "checked: nothing read the dice better than the reader as it is, so nothing changed",
    "kept": "checked: the calibration in use reads the rolls as well as anything new, so it is kept untouched",
    "refused": "refused: the camera shows only noise; there was no calibration, so the reader reads as shipped",
}


def gallery_flow(name: str):
    """A :class:`~firmware.calibration.flow.GuidedCalibration` set to the
    gallery state ``name`` (:data:`GALLERY`; no camera, no fit).  Raises
    KeyError for an unknown name."""
    if name not in GALLERY:
        raise KeyError(f"no calibration gallery state {name!r}; choose from {sorted(GALLERY)}")
    flow = GuidedCalibration(list(range(6 if name == "six" else 4)), lambda: None, None)
    seats = flow.seats
    def reading(read, values, cursor):
        """A tray's reading and its camera picture: the dice drawn three to a
        row, each with the value it shows (its confirmed one, else as read)."""
        from vision.synth import PALETTE, DieSpec, render_frame
        colours = sorted(PALETTE)
        centres = [(50.0 + 80 * (i % 3) + 12 * (i // 3), 50.0 + 78 * (i // 3)) for i in range(len(read))]
        specs = [DieSpec(v or r or 1, colours[i % len(colours)], c, 17.0 * i, 46)
                 for i, (r, v, c) in enumerate(zip(read, values, centres))]
        frame = render_frame((280, 60 + 78 * ((len(read) + 2) // 3)), specs, seed=len(read))
        return Reading(0, frame, [(x, y, 46.0) for x, y in centres], list(read), list(values)), cursor
    if name in ("face", "six"):
        flow.step = 2 if name == "face" else 4
        seats[0].status, seats[0].dice = "captured", 5
        seats[2].status, seats[2].problem = "problem", "no dice seen in your tray"
        seats[3].status, seats[3].problem, seats[3].dice, seats[3].keep = "problem", "1 die reads as 5, not 3", 5, True
        if name == "face":      # what the camera saw of each capture (PT36), one die of seat 4 on its 5
            for seat, lying in ((0, [3, 3, 3, 3, 3]), (3, [3, 3, 5, 3, 3])):
                seats[seat].capture, _ = reading(lying, lying, None)
                seats[seat].capture.values = [3] * len(lying)
            seats[1].capture, _ = reading([2] * 4, [2] * 4, None)    # its 2s, still in view (PT54)
        if name == "six":
            seats[3].problem = "read as 2, not 5"
            seats[4].status, seats[4].dice = "captured", 6
    elif name == "away":
        seats[0].status, seats[0].dice, seats[0].presses = "captured", 5, 1
        seats[2].presses = 1
        flow._first_done_us[flow._step_key()] = 0
        flow.now_us = AWAY_US - 30_000_000
        del seats[3]
        flow.left_out.append(3)
    elif name == "adapt":
        flow.step = len(flow.faces)
        for seat, n in ((0, 5), (1, 4), (2, 6), (3, 5)):     # the 6s each seat captured, still in view (PT37)
            seats[seat].capture, _ = reading([6] * n, [6] * n, None)
    elif name in ("check", "sure", "stored", "tuned", "unchanged", "kept", "refused"):
        flow.step, flow.heads, flow.roll = len(flow.faces), {}, 1
        seats[0].status = "checking"
        seats[0].reading, seats[0].cursor = reading([3, 5, None, 2, 6], [3, 5, 4, 2, 6], 3)
        if name == "sure":
            seats[0].reading, seats[0].cursor = reading([3, 5, 4, 2, 6], [3, 5, 4, 2, 6], 0)
            seats[0].reading.values[1], seats[0].problem = 6, CHANGES_ASKED    # the die shows 5
        seats[1].status = "confirmed"
        seats[1].reading, _ = reading([1, 1, 4, 6], [1, 1, 4, 6], 0)
        seats[2].status = "checking"
        seats[2].reading, seats[2].cursor = reading([2, 2, 5, None, 1, 6], [2, 2, 5, None, 1, 0], 0)
        if name == "stored":
            flow.before = {"dice": 50, "right": 41, "wrong": 3, "unread": 6}
            flow.after = {"dice": 50, "right": 47, "wrong": 0, "unread": 3}
            flow.outcome = ("stored", "confirmation rolls: right 41 -> 47, wrong 3 -> 0 of 50 dice")
            flow.kept = "now using: trained on your dice"
            flow.left_out_dice = 2
        elif name == "tuned":      # the guided run with pxl dice (benchmarks/bench_calibrate.py): 43 -> 50 of 59
            from vision.calibration.candidates import kept_words
            flow.before = {"dice": 59, "right": 43, "wrong": 0, "unread": 16}
            flow.after, flow.kind = {"dice": 59, "right": 50, "wrong": 0, "unread": 9}, "adapted"
            flow.outcome = ("stored", f"{TUNED_WORDS}, value threshold 0.8; "
                                      "confirmation rolls: right 43 -> 50, wrong 0 -> 0 of 59 dice")
            flow.kept = kept_words("adapted", 0.8, None, flow.before, flow.after)
        elif name == "unchanged":
            flow.before = {"dice": 59, "right": 58, "wrong": 0, "unread": 1}
            flow.after, flow.kind = dict(flow.before), "as shipped"
            # a die what was tried read as 6, the seat set to 4; the reader as it is left it to nudge (PT68)
            flow.confirmed = [reading([6, 2, 5, 1, 3], [4, 2, 5, 1, 3], 0)[0]]
            flow.outcome = ("stored", "the reader as it is; confirmation rolls: right 58 -> 58, wrong 0 -> 0 of 59")
            flow.kept = "now using: the reader as it was (nothing read your dice better)"
        elif name == "kept":
            flow.before = {"dice": 50, "right": 41, "wrong": 3, "unread": 6}
            flow.after, flow.kind, flow.had_calibration = {"dice": 50, "right": 47, "wrong": 0, "unread": 3}, "yours", True
            flow.kept = ("kept your calibration of 2026-11-02 10:00: it reads your rolls as well as or better than "
                         "anything new (47 right, 0 misread of 50 dice)")
            flow.outcome = ("stored", flow.kept)
        elif name == "refused":
            flow.outcome = ("refused", "the camera shows only noise (3 times in a row): check the lens, "
                                       "the light and the cable")
    return flow


def render_gallery(out, sizes=((1920, 1080), (800, 480))) -> list:
    """Render every :data:`GALLERY` state into ``out``:
    ``calibrate-STATE-WxH.png`` and ``calibrate-STATE-oled-SEAT.png``
    (the OLED at 4x).  Returns the paths written.  Raises OSError when
    ``out`` cannot be written."""
    from pathlib import Path

    from PIL import Image

    from firmware.ui.hdmi import HdmiRenderer
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    renderers = [HdmiRenderer(w, h, "headless") for w, h in sizes]
    for name in GALLERY:
        flow = gallery_flow(name)
        for r in renderers:
            r.draw(screen(flow, (r.width, r.height), r.scene_measure))
            written.append(r.screenshot(out / f"calibrate-{name}-{r.width}x{r.height}.png"))
        for seat in sorted(list(flow.seats) + flow.left_out):
            img = oled_frame(flow, seat).image
            p = out / f"calibrate-{name}-oled-{seat + 1}.png"
            img.convert("RGB").resize((img.width * 4, img.height * 4), Image.NEAREST).save(p)
            written.append(p)
    return written


def gallery_markdown(sizes=((1920, 1080), (800, 480))) -> str:
    """The gallery README's section for the calibration screens."""
    lines = ["## dice calibration (`cabinet dice calibrate`)", "", "| state | what it shows | pictures |",
             "|---|---|---|"]
    for name, about in GALLERY.items():
        n = 6 if name == "six" else 4
        pics = ", ".join(f"[{w}x{h}](calibrate-{name}-{w}x{h}.png)" for w, h in sizes)
        oleds = ", ".join(f"[{k + 1}](calibrate-{name}-oled-{k + 1}.png)" for k in range(n))
        lines.append(f"| {name} | {about} | {pics}; OLEDs {oleds} |")
    return "\n".join(lines) + "\n"
