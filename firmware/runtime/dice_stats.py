"""What the dice reading did over a game: the counts a run reports
(:class:`DiceStats`), and the multiset overlap that tells a misread die."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class DiceStats:
    """What the dice reading did over a game."""
    requests: int = 0
    dice_read: int = 0
    misread: int = 0
    nudges: int = 0
    rerolls: int = 0
    entered: int = 0
    frames: int = 0
    #: readings a seat rejected (CAB-6), over the whole game (journaled)
    contested: int = 0
    #: rerolls asked for after a rejection
    contest_rerolls: int = 0
    #: requests answered by hand entry after rejections
    hand_entries: int = 0
    #: misread dice (of ``misread``) that reached the game: nobody
    #: contested them (simulation)
    misread_accepted: int = 0
    #: issue 40's first look (simulation, where the truth is known): dice
    #: thrown and read at rest for the first time since the throw, of
    #: them given their right value and given a wrong value
    #: (first-look rate = first_right / first_dice, misread rate =
    #: first_wrong / first_dice), and the throws so read (rolls)
    first_dice: int = 0
    first_right: int = 0
    first_wrong: int = 0
    rolls: int = 0
    #: simulated time (us) from a request's first reading at rest to the
    #: reading the game takes, summed over the requests whose first reading
    #: was unread or short (the nudges', rerolls' and hand entries' cost)
    nudge_wait_us: int = 0
    #: dice entered by hand (``entered``) by who entered them: "seat 1"
    #: (a person's hand entry, the common dice too; a simulated seat's
    #: true values after unread readings), "common dice" (the simulated
    #: table's) -> dice, this run (PT30: the report did not say whose)
    entered_by: dict[str, int] = field(default_factory=dict)

    def entered_by_hand(self, who: str, dice: int) -> None:
        """Count ``dice`` entered by hand by ``who`` ("seat 2", "common
        dice"), in :attr:`entered` and :attr:`entered_by`."""
        self.entered += dice
        self.entered_by[who] = self.entered_by.get(who, 0) + dice

    def first_look(self, truth: list[int], values: list[int | None]) -> None:
        """Count the first reading at rest of a throw: ``truth`` the dice
        on the table, ``values`` the values read (None: unread).  A die
        is right when its value matches one of the truth (as multisets);
        values beyond the dice on the table are not counted as dice."""
        read = [v for v in values if v is not None]
        right = overlap(truth, read)
        self.rolls += 1
        self.first_dice += len(truth)
        self.first_right += right
        self.first_wrong += max(0, min(len(read), len(truth)) - right)

    def as_dict(self) -> dict[str, int]:
        """The counts by name (the run's report, the session's screens)."""
        return {k: dict(v) if isinstance(v, dict) else v for k, v in self.__dict__.items()}


def overlap(a: list[int], b: list[int]) -> int:
    """Size of the multiset intersection of two value lists: how many dice
    of ``b`` match one of ``a`` (the right ones of a reading)."""
    rest = list(b)
    n = 0
    for v in a:
        if v in rest:
            rest.remove(v)
            n += 1
    return n
