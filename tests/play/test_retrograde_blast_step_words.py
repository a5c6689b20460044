"""Retrograde: a seat's single blast steps on its OLED read like the board
game, never the code's cell ids ("blast r1c1 1+1", "comet r2c4 3+3+3";
project standard: no code ids in text players read).  The book's words:
the Droid's colour (Yellow = 1 pip ... Blue = 6) and the dice spent, on one
line beside the step counter (a two-line label, "blast 1+1 at row 2 col
4", ran under the counter and was taken back).  Two steps with the same
words (two Yellow Droids for the same 1+1) are told apart on the OLED's
mini sheet, which marks the step's own Droid; and the sheet stays clear
of the counter, also with a prompt ("look first") on the top line.

The game: seed 4, 3 seats, seat 1 a person, its first 3 - Blast Droids
turn: a Comet (1+1+1, any of 25 Droids) and 2+2 for four Orange Droids,
about thirty single steps (a two-digit counter: "10/29")."""
from __future__ import annotations

import json
import re

from harness import near_end

_CODE_ID = re.compile(r"\br\d+c\d+\b")


def _blast_turn(game) -> bool:
    v = game.view(None)
    return v["phase"] == "blast" and v["turn"]["seat"] == 0 and not v["turn"]["cells"]


def _cut_at(tmp_path, seed: int, when):
    """A bots' game's journal up to the action after which ``when(game)``
    first holds (that action kept: here the last claim, by seat 1)."""
    from engines import new_game
    path = near_end(tmp_path, "retrograde", 3, seed, 1)
    lines = path.read_text().splitlines()
    game = new_game("retrograde", 3, json.loads(lines[0])["seed"], json.loads(lines[0]).get("options") or None)
    for i, line in enumerate(lines[1:], start=1):
        action = json.loads(line)
        if action.get("type"):
            game.apply({k: v for k, v in action.items() if k != "crc"})
            if when(game):
                path.write_text("\n".join(lines[:i + 1]) + "\n")
                return path
    raise AssertionError("the blast turn never came")


def _frame(t):
    """Seat 1's OLED frame as the session draws it now."""
    from firmware.screens.draw import oled_frame
    s = t.session
    return oled_frame(s.game, 0, s.runtime.controls[0], s.context())


def _box(frame, name):
    return next((b for n, b in frame.boxes if n == name), None)


def _marked(img, sheet) -> list[int]:
    """The Droids the OLED's mini sheet (its box ``sheet``) marks: a cell
    whose 7 x 7 px around its 5 x 5 square is mostly lit (the X in its
    frame: about 30 px; a blasted Droid 25, the plan's hollow squares 17,
    the others a dot)."""
    out = []
    for k in range(25):
        x0, y0 = sheet[0] + 2 + k % 5 * 6, sheet[1] + 2 + k // 5 * 6
        lit = sum(1 for x in range(x0 - 1, x0 + 6) for y in range(y0 - 1, y0 + 6) if img.getpixel((x, y)))
        if lit >= 28:
            out.append(k)
    return out


def test_single_blast_steps_say_the_droids_colour_and_the_dice(table, tmp_path):
    from engines.retrograde.components import colour_of
    from firmware.runtime.controls import LOOK_FIRST
    t = table("retrograde", 3, bots={1, 2}, journal=_cut_at(tmp_path, 4, _blast_turn))
    s = t.session
    t.run_until(lambda t: _blast_turn(s.game) and t.has_choice(0), max_passes=3000, ms=100)
    pool = s.game.view(None)["turn"]["pool"]
    steps, seen = {}, set()
    for _ in range(80):
        shown = s.runtime.controls[0].shown(s.game)
        action = shown.chosen
        key = tuple(str(action.get(k)) for k in ("type", "plan", "cell", "dice", "die", "value"))
        if key in seen:
            break
        seen.add(key)
        if action["type"] in ("blast", "comet"):
            f = _frame(t)
            # the band: the counter ("3/29") at the right, the label's line(s) left of it
            pos, band = next((n, b) for n, b in f.boxes if re.fullmatch(r"\d+/\d+", n) and b[1] > 40)
            lines = [n for n, b in f.boxes if b[3] > band[1] - 12 and n != pos and not n.startswith("die")
                     and n not in ("mini sheet", "step droid")]
            assert len(lines) == 1, ("the label wraps onto two lines", lines)
            label = lines[0]
            assert not _CODE_ID.search(label), label
            assert len(label) <= 21 and f.width(label) <= f.W - f.width(pos) - 18, (label, pos)
            colour = colour_of(s.game.view(0)["seats"][0]["pips"][action["cell"]]).capitalize()
            dice = "+".join(str(pool[i]) for i in action["dice"])
            assert colour in label and label.endswith(dice), (label, colour, dice)
            sheet = _box(f, "mini sheet")
            assert sheet, f.boxes
            shown_img = t.window_oled(0)           # as drawn in the window
            assert _marked(shown_img, sheet) == [action["cell"]], (_marked(shown_img, sheet), action)
            assert band[1] > sheet[3], ("the counter runs into the mini sheet", band, sheet)
            steps.setdefault(label, []).append(action["cell"])
            # with a prompt on the top line the sheet stays where it is, clear of the counter
            s.runtime.prompts[0] = LOOK_FIRST
            f2 = _frame(t)
            s.runtime.prompts.pop(0, None)
            assert _box(f2, "mini sheet") == sheet, (f2.boxes, sheet)
        t.press(0, "right")
    assert len(steps) >= 2 and sum(len(v) for v in steps.values()) >= 20, steps.keys()
    # the same words for two Droids (each marked on its own OLED, above)
    assert any(len(set(v)) >= 2 for v in steps.values()), steps


def test_a_single_step_says_it_is_step_by_step(table, tmp_path):
    """PT72 (a fresh play-tester): Right past the last plan ("plan 5 of 5")
    showed "BLAST!" over "blast Pink 3+3 1/12", and the tester did not know
    it had left the ready-made plans for its own, one Droid at a time.
    A single step's OLED says "step by step"; a plan's does not."""
    t = table("retrograde", 3, bots={1, 2}, journal=_cut_at(tmp_path, 4, _blast_turn))
    s = t.session
    t.run_until(lambda t: _blast_turn(s.game) and t.has_choice(0), max_passes=3000, ms=100)
    said = {}
    for _ in range(12):
        kind = s.runtime.controls[0].shown(s.game).chosen["type"]
        said.setdefault(kind, " | ".join(t.oled_texts(0)))
        if kind in ("blast", "comet"):
            break
        t.press(0, "right")
        t.step(3)
    step = said.get("blast") or said.get("comet")
    assert step and "step by step" in step, said
    assert all("step by step" not in v for k, v in said.items() if k not in ("blast", "comet")), said
