"""The runtime's target cards: the card each person's cursor rests on (its
target, ruling RG-16), where its cursor opens once its rerolls run out
(PT28), and on the simulated table the dice a seat keeps when it rerolls
(a person's target card's, fixed at its arming press; a bot's keep
choice); an armed reroll lasts while what it was armed on stands
(:mod:`firmware.runtime.armed_reroll`, PT31).  Moved as they were from
:mod:`firmware.runtime.runner_dice` (whose ``_init_dice`` sets up the
state: ``targets``, ``_walks``, ``armed_keeps``, ``_armed_for``,
``_disarm_said``).

:class:`RunnerTargets` is mixed into :class:`firmware.runtime.runner.Runtime`;
it uses its ``dice``, ``game``, ``bots``, ``controls``, ``now_us``,
``_moved_on`` and ``seat_bot``.
"""
from __future__ import annotations

from typing import Any

from firmware.runtime.armed_reroll import armed, disarm_stale
from firmware.screens.choices import choice_key
from firmware.screens.games import cabinet_game

#: How long a person's cursor rests on a target card before it is the card
#: a simulated reroll keeps the dice of (a tap on the navigation takes
#: 0.1-0.3 s), us.
TARGET_REST_US = 500_000


class RunnerTargets:
    """The seats' target cards and the dice their rerolls keep."""

    def _keeps_dice(self) -> Any:
        """The game's ``kept_dice(game, seat, target)`` hook when its seats
        keep dice on a reroll (Retrograde) and the dice are simulated,
        else None."""
        if self.dice is None or getattr(self.dice, "table", None) is None:
            return None
        declared = cabinet_game(self.game.game_id)
        return declared.hook("kept_dice") if declared is not None else None

    def aims_at_cards(self) -> bool:
        """True when the game's seats aim at a target card (its ``kept_dice``
        hook: Retrograde), at the cabinet too: the cursor opens on it once
        the rerolls run out (:attr:`SeatControls.aim`)."""
        declared = cabinet_game(self.game.game_id)
        return declared is not None and declared.hook("kept_dice") is not None

    def note_targets(self) -> None:
        """Remember the card each person's cursor rests on (a claim under
        it for :data:`TARGET_REST_US` or more; a walk back to "reroll"
        takes back the cards it passed, :mod:`~firmware.runtime.walk_back`), per round: the
        target whose dice a simulated reroll keeps, and where the seat's
        cursor opens once its rerolls run out (:meth:`aim_cursors`)."""
        if not self.aims_at_cards():
            return
        disarm_stale(self, self.now_us)      # Stop began, or the card it kept dice for went (PT31)
        for seat, (_, key, _) in list(self.armed_keeps.items()):
            if self.controls[seat].armed != key:      # disarmed (an arrow, the push, a new decision)
                del self.armed_keeps[seat]
        rnd = None
        for seat, controls in enumerate(self.controls):
            if seat in self.bots or self.now_us - self._moved_on.get(seat, -TARGET_REST_US) < TARGET_REST_US:
                continue
            chosen = controls.shown(self.game).chosen
            if chosen is not None and chosen.get("type") == "claim":
                rnd = self.game.view(None).get("round") if rnd is None else rnd
                self.targets[seat] = (rnd, chosen.get("card"))
        self.aim_cursors()

    def aim_cursors(self) -> None:
        """Each person's seat aims its cursor at its target this round
        (:attr:`SeatControls.aim`, the claim of that card; PT28: once the
        Stop rerolls ran out the cursor jumped to card A)."""
        targets = self.targets_now() if self.targets else {}
        for seat, controls in enumerate(self.controls):
            card = targets.get(seat) if seat not in self.bots else None
            controls.aim = None if card is None else choice_key({"type": "claim", "player": seat, "card": card})

    def target_of(self, seat: int) -> str | None:
        """``seat``'s target this round, or None (:meth:`targets_now`)."""
        return self.targets_now().get(seat)

    def targets_now(self) -> dict[int, str | None]:
        """Seat -> the card its cursor last rested on this round (its target,
        :meth:`note_targets`), or None (the game's view read once)."""
        if not self.targets:
            return {seat: None for seat in range(self.game.num_players)}
        now = self.game.view(None).get("round")
        return {seat: got[1] if (got := self.targets.get(seat)) is not None and got[0] == now else None
                for seat in range(self.game.num_players)}

    def arm_keep(self, seat: int) -> None:
        """A person's press armed its choice: when it is a reroll on the
        simulated table, the dice that fit the seat's target now (the game's
        ``kept_dice`` hook, what its OLED showed) are the dice the confirming
        press keeps (ruling RG-16; a fresh play-test: another seat took the
        target between the arming and the confirm, and the table kept none).
        At the cabinet too, what it was armed on is kept: Stop beginning, or
        the target card taken, disarms it (:mod:`~firmware.runtime.armed_reroll`, PT31)."""
        armed(self, seat)
        hook = self._keeps_dice()
        controls = self.controls[seat]
        chosen = controls.shown(self.game).chosen
        if hook is None or seat in self.bots or chosen is None or chosen.get("type") != "reroll":
            return
        kept = list(hook(self.game, seat, self.target_of(seat)) or [])
        self.armed_keeps[seat] = (self.game.view(None).get("round"), controls.armed, kept)

    def drop_armed_keep(self, seat: int) -> None:
        """``seat`` disarmed (an arrow, the push): its reroll keeps nothing fixed."""
        self.armed_keeps.pop(seat, None)

    def armed_keeps_now(self) -> dict[int, list[int]]:
        """Seat -> the dice its armed reroll keeps (fixed at the arming
        press, :meth:`arm_keep`), for the seats armed on a reroll now this
        round; for the screens."""
        if not self.armed_keeps:
            return {}
        now = self.game.view(None).get("round")
        return {seat: list(kept) for seat, (rnd, key, kept) in self.armed_keeps.items()
                if rnd == now and self.controls[seat].armed == key}

    def _fixed_keep(self, seat: int, use: bool = True) -> list[int] | None:
        """The dice ``seat``'s confirmed reroll keeps as its arming fixed
        them (used once; ``use`` False: only looked at), or None: none fixed this round, or they are no
        longer among its dice (the rule of :meth:`keep_on_reroll` then)."""
        got = self.armed_keeps.pop(seat, None) if use else self.armed_keeps.get(seat)
        if got is None or got[0] != self.game.view(None).get("round"):
            return None
        rest = list(self.game.view(seat)["seats"][seat]["dice"] or [])
        for v in got[2]:
            if v not in rest:
                return None
            rest.remove(v)
        return list(got[2])

    def dice_asked(self) -> set[int] | None:
        """The seats whose dice the game asks for now (None: the game's
        seats keep no dice, or the dice are real: nothing to keep)."""
        if self._keeps_dice() is None:
            return None
        return {r["player"] for r in self.game.chance_requests()
                if r.get("type") == "dice" and r.get("player") is not None}

    def keep_on_reroll(self, action: dict[str, Any], asked: set[int] | None) -> None:
        """After ``action`` was applied: a seat whose dice the game asks for
        anew (it rerolled; ``asked``, the seats asked before) keeps dice
        on the simulated table: a bot those its plan keeps
        (:meth:`bots.base.Bot.keep_dice`), a person those its arming press
        fixed (:meth:`arm_keep`, while still among its dice), else those that
        fit the card its cursor last rested on (the game's ``kept_dice`` hook).  At the
        real cabinet (no simulated table) nothing is kept: the seat keeps
        its dice by hand."""
        seat = action.get("player")
        if asked is None or not isinstance(seat, int) or seat in asked:
            return
        if seat not in (self.dice_asked() or ()):
            return
        self.dice.keep(seat, self.kept_for(seat))

    def kept_for(self, seat: int, use: bool = True) -> list[int]:
        """The dice ``seat`` keeps on the simulated table when it rerolls
        now (:meth:`keep_on_reroll`'s rule: a bot's plan, a person's arming,
        else its target card's); ``use`` False: the arming is only looked
        at (the screen drawn ahead of the confirm); [] at the real cabinet."""
        if self._keeps_dice() is None:
            return []
        if seat in self.bots:
            kept = self.seat_bot(seat).keep_dice(self.game, seat)
        elif (kept := self._fixed_keep(seat, use)) is None:     # (those its arming press showed, else its target's)
            kept = self._keeps_dice()(self.game, seat, self.target_of(seat))
        return list(kept or [])
