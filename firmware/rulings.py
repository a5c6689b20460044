"""The cabinet's own rulings (docs/rulings.md) as the numbers every layer
reads: the screens say them, the runtime keeps them."""
from __future__ import annotations

#: After a held reading was accepted because its window ran out, the seat's
#: big button still answers the check this long: a press that comes just
#: late (the seat saw "press: dice ok" and the bar ran out) confirms the
#: dice and is no choice of the game (not a reroll), us.
LATE_OK_US = 1_000_000
#: Ruling CAB-6: a press of the big button held this long rejects a held reading, us.
LONG_PRESS_US = 700_000
#: Ruling CAB-12: a press of a person's seat this soon after a new choice
#: appeared for it (its cursor not turned since) only shows the choice: it
#: arms and confirms nothing; races are never held back, us.
LOOK_FIRST_US = 700_000
#: The 3-2-1 before each Retrograde roll, and before a race starts again
#: (resumed from a save, ruling CAB-8, or going on after a pause), us.
COUNTDOWN_US = 3_000_000
#: Ruling CAB-6: the dice check's window grows with the dice to read: this
#: much more for each die over :data:`CHECK_BASE_DICE`, us.
CHECK_PER_DIE_US = 500_000
#: Ruling CAB-6: the dice a check's base window (``vision.contest_ms``) is for.
CHECK_BASE_DICE = 2
#: A press while the seat's dice still roll (no check shown yet) is told so
#: on its OLED this long (issue 34), us.
ROLLING_SHOWN_US = 1_500_000
#: What the OLED says of that press.
ROLLING_WORDS = "dice still rolling: wait for the check"
#: A word a seat's OLED says of a moment's event (a press before a race's
#: "go", the customer under its cursor changed) stays this long, us.
NOTICE_SHOWN_US = 1_500_000
#: What only one seat may see of a move (Café Junior: the cards it drew, PT48)
#: stays on its OLED this long, us: long enough to read two guests' names.
PRIVATE_SHOWN_US = 4_000_000
#: Ruling CAB-8: what the OLED says of a person's button pressed, or cup lifted, in
#: the 3-2-1 before a race starts again (no hit, no sip; play-test g2g: it vanished).
BEFORE_GO_WORDS = "too soon: before go"
#: Ruling CAB-15: what a person's arrow in the 3-2-1 of a Cha dango race
#: held (or resumed) is told: the customers are hidden, the aim stays.
AIM_AT_GO_WORDS = "hands off: aim at go"
#: Rulings CAB-6 and CAB-12: what the OLED says of a person's press less than
#: :data:`LOOK_FIRST_US` after its dice check appeared (it takes nothing).
CHECK_LOOK_WORDS = "look first: check the dice"
#: Ruling CAB-6: what the OLED says of a person's press held to say "wrong"
#: (:data:`LONG_PRESS_US`) after its dice check ran out: the dice stand
#: (issue 34, Ginza: a hold 0.5 s after the check ended went unsaid).
TOO_LATE_WORDS = "too late: accepted"
#: Ruling CAB-6: what the OLED says of a person's press that came after its
#: unread dice went in without a check (the simulated seat entered them after
#: the nudges, or the cabinet has no check): the dice stand, nothing is chosen
#: (issue 34, PT14: a press meant as a nudge armed a bonus card).
READ_LATE_WORDS = "too late: dice read"
#: Ruling CAB-6: what a person's OLED says once its dice check ran out
#: (accepted) while its next press is still the check's "ok", not a choice.
ACCEPTED_WORDS = "accepted; press: ok"


def check_window_us(contest_ms: int, dice: int) -> int:
    """Ruling CAB-6: how long a reading of ``dice`` dice is held for its
    seat's check, us: ``contest_ms`` (config ``vision.contest_ms``, 0 = no
    check) plus :data:`CHECK_PER_DIE_US` for each die over
    :data:`CHECK_BASE_DICE` (4 s for two dice, 5.5 s for five)."""
    if contest_ms <= 0:
        return 0
    return contest_ms * 1000 + CHECK_PER_DIE_US * max(0, dice - CHECK_BASE_DICE)
