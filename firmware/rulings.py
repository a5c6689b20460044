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
