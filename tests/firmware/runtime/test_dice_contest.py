"""Ruling CAB-6 (issue 21, item 4): a seat sees the dice the camera read
for it and may reject the reading with its big button; the station asks
for a reroll, then for hand entry; the engine only ever gets accepted
values; rejections and hand entries are journaled (resume restores them)
and counted in the session report; the screens fit at both sizes."""
from __future__ import annotations

import json

import pytest

from engines import new_game
from engines.registry import is_available
from firmware.runtime import config
from firmware.runtime import journal as journal_mod
from firmware.rulings import ACCEPTED_WORDS, LONG_PRESS_US, LOOK_FIRST_US, check_window_us
from firmware.runtime.dice_contest import CONTESTS_BEFORE_ENTRY
from firmware.runtime.dice_station import DiceStation
from firmware.runtime.dice_table import COMMON, SimTable
from firmware.runtime.journal import replay
from firmware.screens.draw import default_measure, hdmi_screen, oled_frame
from firmware.app.session import Session, SessionOptions
from firmware.ui.kit import NEED
from screen_checks import SIZES, context, play_states, scene_problems

NOT_A_PI = None
needs_rg = pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")


def cfg_for(tmp_path, **vision):
    return config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"},
                            "vision": vision})


def solo(tmp_path, seed=5, name="g.jsonl", **vision):
    """A solo Retrograde played by a person (no bot): only the seat's own
    readings change the engine."""
    opts = SessionOptions(headless=True, size=(800, 480), bots=set())
    return Session.new(cfg_for(tmp_path, **vision), "retrograde", 1, seed, None, tmp_path / name, opts,
                       model=NOT_A_PI)


def state(game):
    return json.dumps(game.to_json(), sort_keys=True)


def run_until(s, cond, limit_us=60_000_000):
    rt = s.runtime
    end = rt.now_us + limit_us
    while not cond() and rt.now_us < end:
        nxt = rt.next_event_us()
        rt.step(max(nxt if nxt is not None else rt.now_us + 50_000, rt.now_us + 1))
    assert cond(), "the condition never held"


def press(s, seat, hold_us):
    """The seat presses its big button (mock pin) for ``hold_us`` and the
    cabinet runs until the release has been handled."""
    rt = s.runtime
    t = rt.now_us + 1000
    rt.timeline.press(seat, t, hold_us)
    run_until(s, lambda: rt.now_us >= t + hold_us + 50_000, limit_us=hold_us + 1_000_000)


def look(s):
    """The seat looks at its dice check before it presses: the cabinet runs
    past CAB-12's guard (a press sooner only shows the check, CAB-6)."""
    rt = s.runtime
    rt.step(rt.now_us + LOOK_FIRST_US)


def journal_lines(path):
    return journal_mod.read(path).lines()


def notes(path):
    return [ln for ln in journal_lines(path) if "note" in ln]


@needs_rg
def test_a_seat_rejects_its_reading_reroll_asked_engine_unchanged(tmp_path):
    """The reading is held for the seat: the engine does not have it; a
    long press rejects it, the station asks for a reroll ("rejected:
    reroll" on the seat's screens), the engine still has nothing; the next
    reading accepted with a short press is what the engine gets."""
    s = solo(tmp_path)
    rt, g, station = s.runtime, s.game, s.dice
    run_until(s, lambda: 0 in station.held)
    before = state(g)
    first = list(station.held[0]["values"])
    assert g.view(None)["seats"][0]["dice"] is None and g.chance_requests()
    ctx = s.context()
    # the OLED says what "wrong" leads to before the seat holds (play-test: a full reroll surprised)
    assert oled_frame(g, 0, rt.controls[0], ctx).texts[-3:] == ["press: dice ok", "6 s", "hold: wrong, nudge"]
    look(s)
    throws = station.table.trays[0].throws
    hold = station.held[0]["window"] + 500_000    # longer than the window (CAB-6: it grows with the dice)
    t_down = rt.now_us + 1000
    rt.timeline.press(0, t_down, hold)
    run_until(s, lambda: station.held[0]["down"], limit_us=100_000)
    rt.step(t_down + LONG_PRESS_US // 2)
    assert "keep holding: wrong" in oled_frame(g, 0, rt.controls[0], s.context()).texts
    rt.step(station.held[0]["until"] + 1)
    assert 0 in station.held, "the window does not run out while the button is down"
    assert "let go: wrong, nudge" in oled_frame(g, 0, rt.controls[0], s.context()).texts
    run_until(s, lambda: rt.now_us >= t_down + hold + 50_000)
    assert state(g) == before, "a rejected reading must never reach the engine"
    assert station.stats.contested == 1 and station.stats.contest_rerolls == 1
    assert station.table.trays[0].throws == throws, "the station asks for a nudge, never a reroll (PT29)"
    ctx = s.context()
    assert ctx["readings"][0]["state"] == "rejected"
    assert "REJECTED" in oled_frame(g, 0, rt.controls[0], ctx).texts
    scene = hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure())
    assert scene.facts["contest"] == "Seat 1 rejected its dice: Seat 1 nudges them"
    assert notes(s.writer.path) == [{"note": "contest", "player": 0, "by": 0, "values": first,
                                     "t_us": notes(s.writer.path)[0]["t_us"], "then": "nudge"}]
    assert state(replay(s.writer.path)[0]) == state(g)
    run_until(s, lambda: 0 in station.held)
    look(s)
    second = list(station.held[0]["values"])
    assert state(g) == before
    texts = oled_frame(g, 0, rt.controls[0], s.context()).texts
    at = texts.index("press: dice ok")
    assert texts[at:at + 3] == ["press: dice ok", "6 s", "hold: wrong, by hand"], texts
    assert "dice read again" in texts, texts              # the new look says what it is (PT31)
    press(s, 0, 100_000)                                   # a short press: ok
    assert g.view(None)["seats"][0]["dice"] == second
    assert state(replay(s.writer.path)[0]) == state(g)


@needs_rg
def test_a_tap_on_a_check_says_what_letting_go_does_not_only_wrong(tmp_path):
    """PT43 (a fresh play-tester): an ordinary tap on a dice check flashed
    "keep holding: wrong" while the button was down, as if the tap were
    rejecting the dice.  While held short of a long press the OLED says
    what each way does: letting go accepts ("let go: dice ok"), holding
    on rejects ("keep holding: wrong")."""
    s = solo(tmp_path)
    rt, g, station = s.runtime, s.game, s.dice
    run_until(s, lambda: 0 in station.held)
    look(s)
    t_down = rt.now_us + 1000
    rt.timeline.press(0, t_down, 200_000)
    run_until(s, lambda: station.held[0]["down"], limit_us=100_000)
    rt.step(t_down + 100_000)
    texts = oled_frame(g, 0, rt.controls[0], s.context()).texts
    assert "let go: dice ok" in texts and "keep holding: wrong" in texts, texts


def test_the_window_runs_out_and_the_reading_is_accepted(tmp_path):
    """Nobody objects within ``contest_ms``: the reading goes in, stamped
    with its settle time."""
    s = solo(tmp_path, contest_ms=1000)
    station, g = s.dice, s.game
    run_until(s, lambda: 0 in station.held)
    held = station.held[0]
    assert held["until"] - held["frame_t"] == check_window_us(1000, len(held["values"]))   # 0.5 s a die over 2
    run_until(s, lambda: g.view(None)["seats"][0]["dice"] is not None)
    assert g.view(None)["seats"][0]["dice"] == held["values"]
    assert s.runtime.now_us >= held["until"]
    assert station.stats.contested == 0 and notes(s.writer.path) == []


@needs_rg
def test_no_window_when_contest_ms_is_zero(tmp_path):
    s = solo(tmp_path, contest_ms=0)
    run_until(s, lambda: s.game.view(None)["seats"][0]["dice"] is not None)
    assert not s.dice.held


def enter_by_hand(s, seat, wanted):
    """Turn each die to its wanted value (navigation), press to move on,
    press on "ok" to confirm; returns the values entered."""
    rt, station = s.runtime, s.dice
    key = station.tray_of(seat)
    entry = station.entries[key]
    for i, v in enumerate(wanted):
        assert entry["cursor"] == i
        rt.nav(seat, v - entry["values"][i])
        press(s, seat, 100_000)
    assert entry["cursor"] == len(wanted)
    press(s, seat, 100_000)
    return wanted


@needs_rg
def test_after_two_rejections_the_seat_enters_the_dice_by_hand(tmp_path):
    """CAB-5/CAB-6: after CONTESTS_BEFORE_ENTRY rejections the seat's OLED
    asks for the values; navigation sets a die, a press moves on, a long
    press goes back; the engine gets exactly the entered values; both
    notes are journaled and the report counts them."""
    s = solo(tmp_path, seed=9)
    rt, g, station = s.runtime, s.game, s.dice
    for k in range(CONTESTS_BEFORE_ENTRY):
        run_until(s, lambda: 0 in station.held)
        look(s)
        press(s, 0, LONG_PRESS_US + 100_000)
    assert 0 in station.entries and station.stats.contest_rerolls == CONTESTS_BEFORE_ENTRY - 1
    before = state(g)
    ctx = s.context()
    frame = oled_frame(g, 0, rt.controls[0], ctx)
    assert "enter by hand" in frame.texts
    press(s, 0, 100_000)                       # next die
    press(s, 0, LONG_PRESS_US + 100_000)       # back
    assert station.entries[0]["cursor"] == 0
    rt.nav(0, -1)                              # 1 -> 6 wraps
    assert 1 <= station.entries[0]["values"][0] <= 6
    wanted = [6, 5, 4, 3, 2, 1][:g.dice_count(0)] + [1] * (g.dice_count(0) - 6)
    assert state(g) == before
    enter_by_hand(s, 0, wanted)
    assert g.view(None)["seats"][0]["dice"] == wanted
    kinds = [n["note"] for n in notes(s.writer.path)]
    assert kinds == ["contest"] * CONTESTS_BEFORE_ENTRY + ["entered"]
    lines = journal_lines(s.writer.path)
    i = next(k for k, ln in enumerate(lines) if ln.get("note") == "entered")
    assert lines[i + 1]["type"] == "dice" and lines[i + 1]["values"] == wanted, "the note comes before the answer"
    d = s.report()["dice"]
    assert (d["contested"], d["contest_rerolls"], d["hand_entries"], d["entered"]) == \
        (CONTESTS_BEFORE_ENTRY, CONTESTS_BEFORE_ENTRY - 1, 1, len(wanted))
    assert state(replay(s.writer.path)[0]) == state(g)


@needs_rg
def test_kill_after_a_rejection_and_resume_replays_the_same(tmp_path, capsys):
    """Kill after one rejection: the journal replays to the same engine
    state (the rejected values never went in), the counts come back, and
    the next rejection of the same request goes to hand entry as it would
    have without the kill."""
    s = solo(tmp_path, seed=4)
    run_until(s, lambda: 0 in s.dice.held)
    look(s)
    press(s, 0, LONG_PRESS_US + 100_000)
    at_kill, counts = state(s.game), s.dice.stats.as_dict()
    s.writer.close()                           # killed: the OS closes the files
    resumed = Session.resume(cfg_for(tmp_path), tmp_path / "g.jsonl",
                             SessionOptions(headless=True, size=(800, 480)), model=NOT_A_PI)
    assert state(resumed.game) == at_kill
    d = resumed.dice.stats
    assert (d.contested, d.contest_rerolls) == (counts["contested"], counts["contest_rerolls"]) == (1, 1)
    assert resumed.dice.contests == {0: 1}
    run_until(resumed, lambda: 0 in resumed.dice.held)
    look(resumed)
    press(resumed, 0, LONG_PRESS_US + 100_000)
    assert 0 in resumed.dice.entries, "the second rejection of the request asks for hand entry"
    wanted = enter_by_hand(resumed, 0, [2] * resumed.game.dice_count(0))
    assert resumed.game.view(None)["seats"][0]["dice"] == wanted
    assert state(replay(tmp_path / "g.jsonl")[0]) == state(resumed.game)
    resumed.writer.close()


@needs_rg
def test_kill_during_hand_entry_resumes_in_hand_entry(tmp_path):
    s = solo(tmp_path, seed=4)
    for _ in range(CONTESTS_BEFORE_ENTRY):
        run_until(s, lambda: 0 in s.dice.held)
        look(s)
        press(s, 0, LONG_PRESS_US + 100_000)
    last = notes(s.writer.path)[-1]["values"]
    s.writer.close()
    resumed = Session.resume(cfg_for(tmp_path), tmp_path / "g.jsonl",
                             SessionOptions(headless=True, size=(800, 480)), model=NOT_A_PI)
    resumed.runtime.step(resumed.runtime.now_us + 4_000_000)      # past the countdown
    run_until(resumed, lambda: 0 in resumed.dice.entries, limit_us=5_000_000)
    assert resumed.dice.entries[0]["values"] == last, "the entry starts from the last rejected reading"
    assert resumed.dice.stats.contested == CONTESTS_BEFORE_ENTRY
    resumed.writer.close()


@needs_rg
def test_bots_never_contest_a_reading(tmp_path):
    """A bot seat's reading goes straight in: no window, no note."""
    opts = SessionOptions(headless=True, size=(800, 480), bots={0, 1})
    s = Session.new(cfg_for(tmp_path), "retrograde", 2, 3, None, tmp_path / "b.jsonl", opts, model=NOT_A_PI)
    rt = s.runtime
    rt.step(rt.now_us)
    while rt.stats.actions < 40 and not s.game.is_terminal():
        rt.step(max(rt.next_event_us() or rt.now_us + 1000, rt.now_us + 1))
        assert not s.dice.held and not s.dice.entries
    assert s.dice.stats.dice_read > 0 and s.dice.stats.contested == 0
    assert notes(s.writer.path) == []


class _Game:
    num_players = 2

    def __init__(self, player):
        self.req = {"type": "dice", "player": player, "count": 3, "colour": "purple", "faces": 6}

    def chance_requests(self):
        return [self.req]

    def now_us(self):
        return 0


class _Runtime:
    def __init__(self, game, bots=()):
        self.game, self.bots, self.prompts = game, set(bots), {}

    def say(self, seat, words, until_us):
        """As :meth:`RunnerDice.say`: words on ``seat``'s OLED (kept)."""
        self.prompts[seat] = words


def test_common_dice_are_checked_by_the_people_not_the_bots():
    """Ginza's purple common dice (player None): every seat a person plays
    may contest them; a bot seat's press does not act on them."""
    station = DiceStation(2, settle_ms=200, table=SimTable(2, seed=4), contest_ms=1500)
    rt = _Runtime(_Game(None), bots={1})
    t = 0
    while COMMON not in station.held and t < 5_000_000:
        assert station.poll(rt, t) == []
        t = max(t + 1, station.next_us() or t + 1)
    assert station.tray_of(0, rt.bots) == COMMON and station.tray_of(1, rt.bots) is None
    note = station.reject(COMMON, 0, t)
    assert note["player"] is None and note["then"] == "nudge"
    answers = []
    while not answers and t < 20_000_000:
        answers = station.poll(rt, t)
        t = max(t + 1, station.next_us() or t + 1)
    assert answers and len(answers[0]["values"]) == 3, "the window ran out: accepted"
    assert rt.prompts == {0: ACCEPTED_WORDS}, "the person's seat is told, the bot's is not (issue 34)"


def test_bad_contest_window_is_refused_and_the_default_is_the_documented_one():
    from firmware.runtime.dice_contest import CONTEST_MS
    from vision.settings import VISION_SCHEMA
    with pytest.raises(ValueError, match="contest_ms"):
        DiceStation(2, contest_ms=-1)
    assert VISION_SCHEMA["contest_ms"]["default"] == CONTEST_MS == 4000


def test_journal_notes_are_skipped_by_replay_and_kept_by_a_resume_copy(tmp_path):
    """A note line is not an engine action: replay skips it; a resume copy
    (cut-off last line) keeps it in place."""
    g = new_game("ginza", 2, 1) if is_available("ginza") else new_game("cha-dango", 2, 1)
    w = journal_mod.JournalWriter.create(tmp_path / "n.jsonl", g)
    w.append({"note": "contest", "player": 0, "by": 0, "values": [1, 2], "t_us": 5, "then": "reroll"})
    w.close()
    with open(tmp_path / "n.jsonl", "ab") as f:
        f.write(b'{"type": "tic')                      # a power cut mid-line
    game, contents, writer = journal_mod.open_for_resume(tmp_path / "n.jsonl")
    assert contents.actions == [] and contents.notes[0][1]["note"] == "contest"
    assert state(game) == state(g)
    writer.close()
    copy = journal_mod.read(writer.path)
    assert writer.path != tmp_path / "n.jsonl" and copy.notes[:-1] == contents.notes
    assert copy.notes[-1][1]["note"] == "resumed"      # the resume's play sequence note (issue 39)


@pytest.mark.parametrize("game_id,players,seed", [("retrograde", 4, 2), ("retrograde", 2, 1), ("ginza", 4, 3),
                                                   ("ginza", 2, 7)])
def test_contest_screens_fit_at_both_sizes(game_id, players, seed):
    """Every contest state on HDMI (banner words, header) and OLED (the
    dice drawn, check / rejected / hand entry) fits at 1920x1080 and
    800x480."""
    if not is_available(game_id):
        pytest.skip(f"{game_id} not available")
    states = [
        {0: {"state": "rejected", "by": 0, "contests": 1, "limit": 2},
         players - 1: {"state": "check", "values": [6, 5, 4, 3, 2, 1, 6], "window_ms": 1500, "left_ms": 700,
                       "down": False},
         1: {"state": "entry", "values": [3, 3, 1, 6, 2, 4, 5, 1, 2], "cursor": 4, "by": 1}},
        {COMMON: {"state": "rejected", "by": 1, "contests": 0, "limit": 2},
         0: {"state": "entry", "values": [2], "cursor": 1, "by": 0}},
        {COMMON: {"state": "entry", "values": [4, 4], "cursor": 0, "by": 0},
         1: {"state": "check", "values": [1], "window_ms": 1500, "left_ms": 1500, "down": True, "held_ms": 900,
             "by": 1}},
        {COMMON: {"state": "check", "values": [4, 4, 2], "window_ms": 1500, "left_ms": 0, "down": True,
                  "held_ms": 100, "by": 0}},
    ]
    seen = 0
    for game, events in play_states(game_id, players, seed, every=31, limit=200):
        for readings in states:
            ctx = context(game, events, readings=readings)
            for size in SIZES:
                scene = hdmi_screen(game, ctx, size=size, measure=default_measure())
                assert scene_problems(scene) == [], (size, readings)
                assert not [t for p, t in scene.dropped if p == NEED]
            for seat in range(players):
                frame = oled_frame(game, seat, ctx["controls"][seat], ctx)
                assert frame.image.size == (128, 64)
            seen += 1
    assert seen >= 3


@needs_rg
def test_a_bot_rejects_a_misread_reading_and_enters_its_dice_by_hand(tmp_path, monkeypatch):
    """Simulation: a bot sees its own dice; a reading the camera misread is
    rejected with the bot's button (long press), and after the second
    misread the bot enters the true values by hand (navigation + presses).
    The engine never gets a misread value."""
    import firmware.runtime.dice_camera as ds
    real = ds.MultiLook.read  # what the station reads of a frame (its dice over the looks so far)
    state_ = {"n": 0}

    def off_by_one(self, frame, wb=None):      # the first two settled readings are wrong by one pip
        dice = real(self, frame, wb)
        if state_["n"] < 2 and dice and dice[0].value is not None:
            d = dice[0]
            dice[0] = d.__class__(d.value % 6 + 1, d.colour, d.center, d.box, d.confidence)
        return dice

    monkeypatch.setattr(ds.MultiLook, "read", off_by_one)
    opts = SessionOptions(headless=True, size=(800, 480), bots={0})
    s = Session.new(cfg_for(tmp_path), "retrograde", 1, 6, None, tmp_path / "b.jsonl", opts, model=NOT_A_PI)
    station, g = s.dice, s.game
    orig_reject = station.reject

    def counting_reject(*a, **k):
        state_["n"] += 1
        return orig_reject(*a, **k)

    station.reject = counting_reject
    cleared = []
    orig_clear = station.table.clear
    station.table.clear = lambda key: (cleared.append(list(station.table.trays[key].values)), orig_clear(key))
    run_until(s, lambda: g.view(None)["seats"][0]["dice"] is not None)
    truth = sorted(cleared[0])
    assert station.stats.contested == 2 and station.stats.hand_entries == 1
    assert [n["note"] for n in notes(s.writer.path)] == ["contest", "contest", "entered"]
    entered = notes(s.writer.path)[-1]["values"]
    assert g.view(None)["seats"][0]["dice"] == entered
    assert station.stats.misread_accepted == 0
    assert sorted(entered) == truth, "the bot entered the dice in its tray"


@pytest.mark.parametrize("game_id", ["retrograde", "ginza"])
def test_gallery_contest_states_agree_with_the_game_and_cab6(game_id):
    """The gallery's contest pictures (docs/screens/*-contest-*) show a
    state that is really in that phase: every tray held, rejected or
    entered by hand still has its dice request pending in the engine (the
    reading never reached the game), its HDMI shows no accepted values from
    that reading, and a held reading's values on HDMI are the ones its OLED
    shows for checking."""
    if not is_available(game_id):
        pytest.skip(f"{game_id} not available")
    from firmware.app import gallery
    from firmware.screens.readings import reading_for
    st = next(s for s in gallery.STATES[game_id] if s.name == "contest")
    game, events = gallery.find_state(st)
    ctx, controls = gallery.context_for(game, events, st)
    readings = ctx["readings"]
    assert {r["state"] for r in readings.values()} & {"rejected", "entry"}
    pending = {(COMMON if q.get("player") is None else q["player"]): q for q in game.chance_requests()}
    for size in SIZES:
        scene = hdmi_screen(game, ctx, size=size, measure=default_measure())
        held = scene.facts.get("held", {})
        for key, r in readings.items():
            assert key in pending, f"tray {key} is {r['state']} but the engine has its dice already"
            if "values" in r:
                assert len(r["values"]) == pending[key]["count"]
            if key == COMMON:
                assert scene.facts["common_dice"] == []
            elif game_id == "retrograde":
                assert scene.facts["dice"][key] == [], "a seat whose reading is not accepted has no dice yet"
            if r["state"] == "check":
                assert held[key] == r["values"]
            else:
                assert key not in held
    for seat in range(game.num_players):
        shown = reading_for(readings, seat)
        frame = oled_frame(game, seat, controls[seat], ctx)
        if shown is not None and shown[1]["state"] == "check":
            from firmware.screens.readings import oled_frame as reading_frame
            assert frame.image.tobytes() == reading_frame(seat, *shown).image.tobytes()
            assert any(t.startswith("hold: wrong, ") for t in frame.texts)


@needs_rg
def test_report_names_units_and_scopes_after_a_resume(tmp_path):
    """The session report says what it counts (dice vs readings) and over
    what: after ``cabinet resume`` the camera counts are this run's, the
    contest counts the whole game's, and the misread line stays."""
    s = solo(tmp_path, seed=4)
    run_until(s, lambda: 0 in s.dice.held)
    look(s)
    press(s, 0, LONG_PRESS_US + 100_000)
    fresh = "\n".join(s.report_lines(s.report()))
    assert "dice, whole game:" in fresh and "dice entered by hand" in fresh
    assert "readings contested by the seats, whole game: 1 (1 nudge asked after a rejection, 0 readings entered by hand)" in fresh
    s.writer.close()
    resumed = Session.resume(cfg_for(tmp_path), tmp_path / "g.jsonl",
                             SessionOptions(headless=True, size=(800, 480)), model=NOT_A_PI)
    text = "\n".join(resumed.report_lines(resumed.report()))
    assert "dice, this run (since the resume): 0 read by the camera" in text
    assert "readings contested by the seats, whole game: 1 (1 nudge asked after a rejection, 0 readings entered by hand)" in text
    assert "misread dice that reached the game, this run: 0 (none misread)" in text
    resumed.writer.close()


@pytest.mark.skipif(not is_available("ginza"), reason="Ginza engine not available")
def test_ginza_draws_a_held_reading_in_the_requested_places_only():
    """Ginza (CAB-6): a seat's held reading is drawn in the places of the
    dice it rolls (after the dice it already has), the common dice's in
    the common panel; the accepted dice stay what the engine holds."""
    from firmware.app import gallery
    st = next(s for s in gallery.STATES["ginza"] if s.name == "contest")
    game, events = gallery.find_state(st)
    have = [list(p["dice"]) for p in game.view(None)["players"]]
    count = {q["player"]: q["count"] for q in game.chance_requests()}
    readings = {COMMON: {"state": "check", "values": [2, 5, 6][:count[None]], "window_ms": 1500, "left_ms": 900,
                         "down": False},
                0: {"state": "check", "values": [4, 1, 3, 2, 6][:count[0]], "window_ms": 1500, "left_ms": 900,
                    "down": False}}
    ctx = context(game, events, readings=readings)
    for size in SIZES:
        scene = hdmi_screen(game, ctx, size=size, measure=default_measure())
        assert scene.facts["held"] == {COMMON: readings[COMMON]["values"], 0: readings[0]["values"]}
        assert scene.facts["dice"][0] == have[0] and scene.facts["common_dice"] == []
        assert scene_problems(scene) == []


@needs_rg
def test_pt12_the_reports_reroll_counts_say_what_each_counts(tmp_path):
    """PT12 run1b.log: "0 rerolls" on the dice line and "1 rerolled" on the
    contested line of one report.  They count different things over
    different spans: the rerolls the cabinet asked for because dice stayed
    unread (this run), and those asked after a seat rejected a reading
    (whole game); neither is the game's own rerolls.  Each line names its
    kind, so they no longer read as one count that disagrees."""
    s = solo(tmp_path, seed=4)
    run_until(s, lambda: 0 in s.dice.held)
    look(s)
    press(s, 0, LONG_PRESS_US + 100_000)
    s.writer.close()
    resumed = Session.resume(cfg_for(tmp_path), tmp_path / "g.jsonl",
                             SessionOptions(headless=True, size=(800, 480)), model=NOT_A_PI)
    text = "\n".join(resumed.report_lines(resumed.report()))
    assert "0 rerolls asked for unread dice" in text, text
    assert "(1 nudge asked after a rejection, 0 readings entered by hand)" in text, text
    assert " 0 rerolls," not in text and "1 rerolled" not in text
    resumed.writer.close()


def test_the_hold_on_the_last_check_says_letting_go_leads_to_entry_by_hand():
    """PT35: the second check offered "hold: wrong, by hand", yet with the
    button held it said "let go: wrong, nudge"; rejecting there leads to
    entering the dice by hand (CAB-6), as the line before the hold said."""
    from firmware.rulings import LONG_PRESS_US
    from firmware.screens.readings import oled_frame as reading_frame
    held = LONG_PRESS_US // 1000 + 50
    last = {"state": "check", "values": [1, 2, 3, 4, 5, 6], "window_ms": 6000, "left_ms": 4000,
            "held_ms": held, "by": 0, "contests": 1, "limit": 2}
    said = reading_frame(0, 0, last).texts
    assert "let go: by hand" in said and not any("nudge" in t for t in said), said
    first = dict(last, contests=0)
    assert "let go: wrong, nudge" in reading_frame(0, 0, first).texts


def test_a_rejection_is_journalled_as_the_nudge_the_oled_asks_and_old_journals_still_count():
    """PT51: the journal said ``"then": "reroll"`` where the OLED asked for
    the dice nudged, same faces up (CAB-6: never a reroll).  Now "nudge";
    a journal written before says "reroll", and a resume counts both."""
    from firmware.runtime.dice_station import DiceStation
    station = DiceStation(2)
    station.restore([{"note": "contest", "player": 0, "by": 0, "values": [1, 2], "t_us": 5, "then": "reroll"},
                     {"note": "contest", "player": 1, "by": 1, "values": [3, 4], "t_us": 9, "then": "nudge"}])
    assert station.stats.contested == 2 and station.stats.contest_rerolls == 2
