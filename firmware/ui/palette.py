"""The cabinet's colours, in one place: the screens' background, panels,
text, gold and alert, one colour per seat (always shown with the seat's
number), and the simulator window's panels and seat lights."""
from __future__ import annotations

#: Seat colours with a number on every token (never colour alone).
SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (222, 72, 64), (64, 134, 230), (238, 196, 48), (80, 186, 104), (172, 104, 222), (242, 138, 52))

BG = (22, 24, 32)
PANEL = (38, 42, 56)
#: a box laid over a scene (the 3-2-1, the pause's "Paused"): darker than a panel
OVERLAY = (30, 33, 44)
PANEL_HI = (58, 64, 84)
FG = (240, 240, 240)
DIM = (176, 182, 196)
GOLD = (250, 204, 64)
ALERT = (214, 64, 56)

#: Retrograde's droid and die colours by pips (RG-3: 1 yellow, 2 orange, 3 pink, 4 green, 5 red,
#: 6 blue): the droids on the sheets and target cards and the seats' rolled dice alike, so a die
#: matches the droids it can blast.  Every pair differs by at least 25 CIEDE2000 (yellow-orange
#: the closest); the light tints the dice had (pink-red 15.7) were confused on an HDMI (PT12:
#: a red 5 read as a pink 3; tests/firmware/screens/test_retrograde_pt12.py).
DIE_RGB: dict[int, tuple[int, int, int]] = {1: (246, 214, 60), 2: (244, 146, 50), 3: (236, 110, 180),
                                            4: (96, 196, 96), 5: (220, 64, 56), 6: (70, 130, 230)}

#: the simulator's window around the screens: a seat panel's ground, a
#: notice's ground, a seat's button light lit and unlit
WINDOW_PANEL = (32, 36, 50)
NOTICE_BG = (150, 40, 36)
LIT = (255, 214, 64)
UNLIT = (70, 66, 56)


def seat_colour(seat: int) -> tuple[int, int, int]:
    """The colour of seat ``seat`` (0-based); seats beyond 6 cycle."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
