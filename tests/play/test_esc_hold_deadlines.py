"""The Esc question and the two-arrow pause hold every timer (issue 34, a
fresh play-test of Retrograde, 3 seats, seats 2-3 bots, seed 11): Esc
pressed once as seat 3's blast ended round 4, the question let lapse: about
1 s after it went the round's summary said "next roll in 1 s" (it stands
~6 s, ruling CAB-10), and in round 5's first roll seat 1's dice check (6 s,
ruling CAB-6) had run out ~1 s after "Roll!".  The README promises the
question "holds the game while it asks, as the pause does (no bot moves, no
timer runs out)".

What it was: the runtime moved the ``not_before`` holds on by the held
span when the game went on, but not the 3-2-1's end (``hold_until_us``),
keyed one pass after the round ended (under the question) from the
summary's hold: the summary's "next N" gave way to the 3-2-1 ~2 s after the
question went.  And the dice station went on under the hold: the 3-2-1 ran
out, the dice were read and a dice check's window ran while it was asked,
and a check's window was never moved on.

Each test measures, pass by pass, how long each timer is *seen* running
(the game not held): the summary, the 3-2-1 and seat 1's dice check must
each be seen their whole time, and nothing may move the game under the
hold."""
from __future__ import annotations

import pytest

from firmware.app.window_loop import ESC_CONFIRM_S
from firmware.rulings import ACCEPTED_WORDS

from .harness import cut_before

PASS_MS = 50
#: what a measured time may fall short of its whole by (a pass, and the pass a key takes)
SLACK_MS = 3 * PASS_MS


def _retrograde(table, tmp_path):
    """Retrograde, 3 seats, seats 2-3 bots, seed 11: the table a few moves
    before a bot's blast ends round 4 (the play-tester's moment; seat 2's
    since a claim at Stop arms first, PT43: the bots' presses run otherwise)."""
    journal = cut_before(tmp_path, "retrograde", 3, 11, lambda g: g.view(None)["round"] == 5, lead=2)
    return table("retrograde", 3, bots={1, 2}, journal=journal, pass_ms=PASS_MS)


class _Watch:
    """Steps a table and adds up, per timer, the time it was seen running
    (not held): ``summary`` (a round's summary with its "next N"), ``countdown``
    (the 3-2-1), ``check`` (seat 1's dice check), ``banner`` ("next N": any
    game's result or summary standing); also each timer's whole time when it
    began, and the actions applied while the game was held."""

    def __init__(self, t):
        self.t, self.s, self.rt = t, t.session, t.session.runtime
        self.seen = {"summary": 0, "countdown": 0, "check": 0, "banner": 0}
        self.whole: dict[str, int] = {}
        self.moved_held: list[str] = []
        self.said_held: list[str] = []
        self.check_began = self.check_ended = False

    def step(self, passes=1):
        for _ in range(passes):
            held = self.rt.pause.paused
            actions, log = self.rt.stats.actions, len(self.rt.log)
            self.t.step()
            if held and self.rt.pause.paused:
                if self.rt.stats.actions != actions:
                    self.moved_held.append(f"{self.t.t_ms} ms: {list(self.rt.log)[log:]}")
                if self.rt.prompts.get(0) == ACCEPTED_WORDS:
                    self.said_held.append(f"{self.t.t_ms} ms: dice accepted")
                continue
            if held:
                continue               # the pass the hold ended in: not yet seen
            banner = self.s.countdown
            if banner.startswith("next"):
                self.seen["banner"] += PASS_MS
                self.whole.setdefault("banner", max(self.rt.not_before.values()) - self.rt.now_us)
            if self.s.summary_shown() is not None:
                self.seen["summary"] += PASS_MS
                self.whole.setdefault("summary", self.s.cfg["cabinet"]["round_result_ms"] * 1000)
            if banner in ("3", "2", "1"):
                self.seen["countdown"] += PASS_MS
            check = (self.rt.dice.reading_states(self.rt.now_us).get(0) or {}) if self.rt.dice else {}
            if check.get("state") == "check":
                self.check_began = True
                self.seen["check"] += PASS_MS
                self.whole.setdefault("check", check["window_ms"] * 1000)
            elif self.check_began:
                self.check_ended = True

    def until(self, done, max_passes=1500):
        for _ in range(max_passes):
            if done(self):
                return
            self.step()
        raise AssertionError("not reached")

    def short(self, name, whole_us):
        """How much less than ``whole_us`` timer ``name`` was seen, ms (0: all of it)."""
        return max(0, whole_us // 1000 - self.seen[name])


def _esc_and_lapse(w):
    """Esc once; the question lapses (no second Esc)."""
    w.t.key("escape")
    assert w.rt.pause.paused and w.s.renderer.notice.startswith("Esc again"), "the question holds the game"
    w.step(int(ESC_CONFIRM_S * 1000 / PASS_MS))
    w.until(lambda w: not w.rt.pause.paused and w.s.renderer.notice == "", max_passes=40)


def _hold_arrows(w, seat=0):
    """``seat`` holds both arrows 1.2 s and lets go (the pause, or going on)."""
    t = w.t
    left, right = t.key_code(seat, "left"), t.key_code(seat, "right")
    t.post(left, True)
    t.post(right, True)
    w.step(24)
    t.post(left, False)
    t.post(right, False)
    w.step(2)


def _arrow_pause(w):
    """Seat 1 pauses with both arrows, 3 s paused, and goes on."""
    _hold_arrows(w)
    assert w.rt.pause.paused, "the two-arrow hold should pause"
    w.step(60)
    _hold_arrows(w)
    assert not w.rt.pause.paused


def _round_ended(w):
    return w.s.game.view(None)["round"] == 5 and w.s.summary_shown() is not None


def _in_countdown(w):
    return w.s.countdown == "2"


def _in_check(w):
    check = w.rt.dice.reading_states(w.rt.now_us).get(0) or {}
    return check.get("state") == "check" and check["left_ms"] <= check["window_ms"] - 1500


#: the moments the game is held at: (name, when, how)
MOMENTS = [
    ("esc-at-the-rounds-end", _round_ended, _esc_and_lapse),
    ("esc-in-the-3-2-1", _in_countdown, _esc_and_lapse),
    ("esc-in-seat-1s-dice-check", _in_check, _esc_and_lapse),
    ("arrows-in-the-3-2-1", _in_countdown, _arrow_pause),
    ("arrows-in-seat-1s-dice-check", _in_check, _arrow_pause),
]


@pytest.mark.parametrize("when,hold", [m[1:] for m in MOMENTS], ids=[m[0] for m in MOMENTS])
def test_a_hold_keeps_the_summary_the_3_2_1_and_the_dice_check_their_whole_time(table, tmp_path, when, hold):
    """Retrograde seed 11, round 4's end to round 5's first dice check of
    seat 1: the game held (Esc once and let lapse, or both arrows 1 s to
    pause and again to go on) at the round's end, in the 3-2-1 or in the
    dice check; each timer is seen for its whole time (the summary ~6 s,
    the 3-2-1 3 s, the check its 6 s window), and nothing moves the game
    while it is held (no dice read, no check running out)."""
    t = _retrograde(table, tmp_path)
    w = _Watch(t)
    w.until(when)
    hold(w)
    w.until(lambda w: w.check_ended, max_passes=800)
    assert not w.moved_held and not w.said_held, (w.moved_held, w.said_held)
    assert w.short("summary", w.whole["summary"]) <= SLACK_MS, (
        f"the summary was seen {w.seen['summary']} ms of {w.whole['summary'] // 1000}")
    assert w.short("countdown", 3_000_000) <= SLACK_MS, f"the 3-2-1 was seen {w.seen['countdown']} ms of 3000"
    assert w.short("check", w.whole["check"]) <= SLACK_MS, (
        f"seat 1's dice check was seen {w.seen['check']} ms of {w.whole['check'] // 1000}")


def test_esc_just_before_the_round_ends_keeps_the_summary_its_whole_time(table, tmp_path):
    """The same game, Esc 0.2 s before the bot's last move ends round 4
    (found on a first table without Esc): the bot's move waits for the
    question, and the summary, the 3-2-1 and the check stand their whole
    time after it went."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = _retrograde(table, tmp_path / "a")
    w = _Watch(first)
    w.until(_round_ended)
    end_ms = first.t_ms
    first.close()
    t = _retrograde(table, tmp_path / "b")
    w = _Watch(t)
    w.until(lambda w: w.t.t_ms >= end_ms - 200)
    assert w.s.game.view(None)["round"] == 4
    _esc_and_lapse(w)
    w.until(lambda w: w.check_ended, max_passes=800)
    assert not w.moved_held and not w.said_held, (w.moved_held, w.said_held)
    assert w.short("summary", w.whole["summary"]) <= SLACK_MS, w.seen
    assert w.short("countdown", 3_000_000) <= SLACK_MS, w.seen
    assert w.short("check", w.whole["check"]) <= SLACK_MS, w.seen


def _result_stands(w):
    """A result or a round's summary stands: the banner says "next N"."""
    return w.s.countdown.startswith("next")


@pytest.mark.parametrize("game_id,players", [("cha-dango", 2), ("cryptid-cafe", 2), ("ginza", 2), ("retrograde", 2)])
def test_esc_as_a_result_appears_keeps_it_its_whole_time_in_every_game(table, game_id, players):
    """Every game with a result or round summary that holds the next move
    (Cha dango's race result, CAB-7; the round summaries of Cryptid Cafe,
    Ginza and Retrograde, CAB-10), bots at every seat: Esc the moment it
    appears, let lapse; it is seen its whole time (the "next N" it began
    with) and no move is made under the question."""
    t = table(game_id, players, bots=set(range(players)), seed=3, pass_ms=PASS_MS)
    w = _Watch(t)
    w.until(_result_stands, max_passes=20000)
    _esc_and_lapse(w)
    w.until(lambda w: not w.s.countdown.startswith("next"), max_passes=800)
    assert not w.moved_held, w.moved_held
    assert w.short("banner", w.whole["banner"]) <= SLACK_MS, (
        f"{game_id}: the result was seen {w.seen['banner']} ms of {w.whole['banner'] // 1000}")
