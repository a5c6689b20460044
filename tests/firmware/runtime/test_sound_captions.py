"""Issue "How people play": sound captions.  Under a virtual display nobody
hears the cabinet, and some players cannot: each sound asked for comes
with a short line ("\u266a race start", "\u266a a die to nudge (seat 2)")
that the window shows for 1.5 s.  Pure words here, and every game's run
by bots: each cue the recording twin was asked for has its caption, at the
same time on the game's clock."""
from __future__ import annotations

import pytest

from firmware.app.session import Session, SessionOptions
from firmware.runtime import config
from firmware.runtime.sound_captions import CAPTION_US, CUE_WORDS, SHOWN_AT_ONCE, CaptionLog, caption_lines
from firmware.runtime.sounds import EVENT_CAPTIONS, EVENT_CUES, Snapshot, cues
from hardware.audio import SOUNDS


def snap(**kw):
    base = dict(players=3, people=frozenset({0, 2}))
    base.update(kw)
    return Snapshot(**base)


def lines(game_id, before, after, events=()):
    return caption_lines(EVENT_CUES[game_id], before, after, list(events), cues(game_id, before, after, events))


def test_every_sound_has_words():
    assert set(CUE_WORDS) == set(SOUNDS)


def test_the_countdown_says_its_second_then_the_race_starts():
    assert lines("retrograde", snap(banner=""), snap(banner="3")) == ["\u266a countdown 3"]
    assert lines("retrograde", snap(banner="1"), snap(banner="roll!")) == ["\u266a race start"]
    assert lines("cha-dango", snap(), snap(), [{"type": "order", "player": 1}]) == ["\u266a race start (seat 2)"]


def test_a_caption_names_the_seats_it_is_about():
    assert lines("retrograde", snap(), snap(nudges=1, prompts={1: "nudge 1 unread die"})) == \
        ["\u266a a die to nudge (seat 2)"]
    assert lines("ginza", snap(), snap(prompts={2: "not now: no dice left"})) == ["\u266a press refused (seat 3)"]
    assert lines("ginza", snap(active=(1,)), snap(active=(2,))) == ["\u266a your turn (seat 3)"]
    assert lines("cha-dango", snap(), snap(), [{"type": "customer_won", "player": 0},
                                               {"type": "wrong_hit", "player": 1}, {"type": "wrong_hit", "player": 2}]) \
        == ["\u266a won (seat 1)", "\u266a lost (seats 2, 3)"]
    assert lines("ginza", snap(dice_read=0), snap(dice_read=5)) == ["\u266a dice read"]      # no seat known


def test_a_second_nudge_with_the_same_words_still_names_its_seat():
    """Play-tester (Retrograde, camera dice): "a die to nudge" with no seat
    next to "a die to nudge (seat 2)": the second nudge's prompt said the
    same words as the first, so no prompt was new."""
    asked = {1: "nudge 1 unread die"}
    assert lines("retrograde", snap(nudges=1, nudged={1: 1}, prompts=asked),
                 snap(nudges=2, nudged={1: 2}, prompts=dict(asked))) == ["\u266a a die to nudge (seat 2)"]


def test_a_reroll_of_the_unread_dice_is_captioned_as_a_reroll():
    """CAB-17: the third failed reading asks "reroll the unread die"; the
    caption said "a die to nudge", with no seat (the prompt did not start
    with "nudge" or "reroll your dice")."""
    assert lines("retrograde", snap(), snap(prompts={1: "reroll the unread die"})) == \
        ["\u266a a die to reroll (seat 2)"]
    assert lines("ginza", snap(), snap(prompts={0: "reroll the 2 unread dice"})) == \
        ["\u266a dice to reroll (seat 1)"]
    assert lines("retrograde", snap(), snap(prompts={2: "reroll your dice"})) == ["\u266a dice to reroll (seat 3)"]
    assert lines("retrograde", snap(), snap(prompts={1: "reroll the unread die", 2: "nudge 1 unread die"})) == \
        ["\u266a a die to nudge (seats 2, 3)"]       # one cue; a nudge among them: the usual words


def test_several_dice_nudged_are_captioned_as_dice():
    """PT51: after "wrong" to six dice, the simulator nudged them ("dice
    nudged for you") and the caption said "a die to nudge (seat 1)"."""
    assert lines("retrograde", snap(), snap(nudges=1, nudged={0: 1}, prompts={0: "dice nudged for you"})) == \
        ["\u266a dice to nudge (seat 1)"]
    assert lines("retrograde", snap(), snap(nudges=1, nudged={0: 1}, prompts={0: "die nudged for you"})) == \
        ["\u266a a die to nudge (seat 1)"]
    assert lines("retrograde", snap(), snap(nudges=1, nudged={0: 1}, prompts={0: "die rerolled for you"})) == \
        ["\u266a a die to reroll (seat 1)"]


def test_dice_read_say_whose():
    """PT51: "dice read" never said whose dice (six seats' trays and the
    common dice are read in turn)."""
    assert lines("retrograde", snap(dice_read=6, dice_by={0: 6}), snap(dice_read=12, dice_by={0: 6, 1: 6})) == \
        ["\u266a dice read (seat 2)"]
    assert lines("ginza", snap(dice_read=0), snap(dice_read=2, dice_by={-1: 2})) == ["\u266a common dice read"]
    assert lines("ginza", snap(dice_read=0), snap(dice_read=4, dice_by={-1: 2, 0: 2})) == \
        ["\u266a dice read (seat 1)"]


def test_a_bots_press_is_not_captioned_a_persons_is():
    """Play-testers: "press taken (seat 2)" came up at every bot's move
    (noise over the board); a person's own press is still captioned."""
    assert lines("ginza", snap(), snap(), [{"type": "reroll", "player": 1}]) == []          # seat 2: a bot
    assert lines("ginza", snap(), snap(), [{"type": "reroll", "player": 0}]) == ["\u266a press taken (seat 1)"]
    assert lines("ginza", snap(), snap(), [{"type": "reroll", "player": 1}, {"type": "add", "player": 2}]) == \
        ["\u266a press taken (seat 3)"]                                                  # only the person named


def test_a_caption_stays_1_5_s_and_at_most_three_show_at_once():
    log = CaptionLog()
    log.add(1_000_000, ["\u266a countdown 3"])
    assert log.shown(1_000_000) == ["\u266a countdown 3"]
    assert log.shown(1_000_000 + CAPTION_US - 1) == ["\u266a countdown 3"]
    assert log.shown(1_000_000 + CAPTION_US) == []
    assert log.shown(999_999) == []                                  # not yet asked
    log.add(3_000_000, ["\u266a won (seat 1)", "\u266a lost (seat 2)"])
    log.add(3_100_000, ["\u266a press taken (seat 3)", "\u266a your turn (seat 1)"])
    shown = log.shown(3_200_000)
    assert len(shown) == SHOWN_AT_ONCE and shown[-1] == "\u266a your turn (seat 1)"   # the newest kept, last


PLAYERS = {"retrograde": 1, "cha-dango": 2, "ginza": 2, "cryptid-cafe": 1, "cafe-junior": 2}


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_a_games_run_captions_every_sound_it_asked_for(tmp_path, game_id):
    players = PLAYERS[game_id]
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots=set(range(players)))
    s = Session.new(cfg, game_id, players, 1, None, tmp_path / "g.jsonl", opts, model=None)
    try:
        s.sounds.people = {0}
        rt = s.runtime
        rt.step(rt.now_us)
        steps = 0
        while not s.game.is_terminal() and len(s.sounds.player.asked) < 60:
            steps += 1
            assert steps < 200_000
            nxt = rt.next_event_us()
            rt.step(max(nxt if nxt is not None else rt.now_us + 1000, rt.now_us))
        asked = list(s.sounds.player.asked)             # the recording twin: (t_us, cue)
        heard = list(s.sounds.captions.heard)            # (t_us, caption)
        assert asked, f"{game_id} is silent"
        k = 0
        said = tuple(f"\u266a {w}" for w in EVENT_CAPTIONS[game_id].values())   # a game's own words (pt11: "won")
        for t_cue, cue in asked:                         # each sound captioned at its time, but a bot's press
            if k < len(heard) and heard[k][0] == t_cue and heard[k][1].startswith((f"\u266a {CUE_WORDS[cue]}",
                                                                                    *said)):
                k += 1
            else:
                assert cue == "press", (t_cue, cue, heard[k:k + 1])
        assert k == len(heard)
        t, line = heard[-1]
        assert line in s.sounds.captions.shown(t) and line not in s.sounds.captions.shown(t + CAPTION_US)
    finally:
        s.close()


def test_pt12_a_round_ends_gains_are_not_a_press_nor_a_claim():
    """PT12 r19_4: "press taken (seat 1)" under round 1's summary, seat 1
    had not pressed (its power-up card went to its hand at the round's
    end); r61: "claimed (seat 3)" under round 4's summary (seat 3's boss,
    scored at the round's end).  Each says what happened to whom."""
    def lines(game_id, before, after, events):
        return caption_lines(EVENT_CUES[game_id], before, after, list(events), cues(game_id, before, after, events),
                             EVENT_CAPTIONS[game_id])
    end = [{"type": "power_up_kept", "player": 0}, {"type": "boss", "player": 2, "column": 1}]
    said = lines("retrograde", snap(people=frozenset({0, 1, 2})), snap(people=frozenset({0, 1, 2})), end)
    assert not any("press taken" in t or "claimed" in t for t in said), said
    assert "\u266a boss blasted, +3 (seat 3)" in said and "\u266a power-up kept (seat 1)" in said, said
    # Stop (RG-8) is the game's, not the last seat's press
    said = lines("retrograde", snap(people=frozenset({0, 1, 2})), snap(people=frozenset({0, 1, 2})),
                 [{"type": "stop", "player": 1}])
    assert said == ["\u266a Stop! last claim (seat 2)"], said


def test_pt12_every_retrograde_press_caption_follows_that_seats_press(tmp_path):
    """A whole 3-seat game by bots, every seat captioned as a person's:
    "press taken (seat N)" only in a change where seat N's own action was
    applied, and "claimed (seat N)" only where seat N's claim stood."""
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots={0, 1, 2})
    s = Session.new(cfg, "retrograde", 3, 11, None, tmp_path / "g.jsonl", opts, model=None)
    try:
        s.sounds.people = {0, 1, 2}
        rt, sounds = s.runtime, s.sounds
        pressed: set[int] = set()
        claimed: set[int] = set()
        apply = rt.apply

        def applied(action):
            events = apply(action)
            if action.get("type") not in ("dice", "tick") and isinstance(action.get("player"), int):
                pressed.add(action["player"])
            claimed.update(e["player"] for e in events if e.get("type") == "claim")
            return events
        rt.apply = applied
        observe = sounds.observe
        checked = {"press": 0, "claim": 0}

        def watched():
            k = len(sounds.captions.heard)
            out = observe()
            for _, line in list(sounds.captions.heard)[k:]:
                for word, who, key in (("press taken", pressed, "press"), ("claimed", claimed, "claim")):
                    if line.startswith(f"\u266a {word} (seat"):
                        seats = {int(x) - 1 for x in line.split("(seat")[1].strip("s )").split(", ")}
                        assert seats <= who, (line, sorted(who), rt.now_us)
                        checked[key] += 1
            pressed.clear()
            claimed.clear()
            return out
        sounds.observe = watched
        while not s.game.is_terminal():
            nxt = rt.next_event_us()
            rt.step(max(nxt if nxt is not None else rt.now_us + 1000, rt.now_us + 1))
        assert checked["press"] > 20 and checked["claim"] > 10, checked
    finally:
        s.close()


def test_pt45_a_full_table_in_cafe_junior_is_captioned_as_filled_not_claimed():
    """PT45 shot18: "claimed (seat 1)" under a table the seat filled - an
    odd word for Café Junior; the caption says "table filled"."""
    events = [{"type": "placed", "player": 0}, {"type": "table_complete", "player": 0, "table": "T3"}]
    before, after = snap(people=frozenset({0})), snap(people=frozenset({0}))
    said = caption_lines(EVENT_CUES["cafe-junior"], before, after, events, cues("cafe-junior", before, after, events),
                         EVENT_CAPTIONS["cafe-junior"])
    assert "\u266a table filled (seat 1)" in said and not any("claimed" in t for t in said), said
