"""Issue 38, Build 1: the cabinet's sounds.  What asks for which cue
(:func:`firmware.runtime.sounds.cues`, pure), the cues themselves (synthesised in
:mod:`hardware.audio`), volume and mute in the config, and every game
played headless by bots asking for its sounds through the recording twin
(a silent game fails)."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from firmware.runtime import config
from firmware.app.session import Session, SessionOptions
from firmware.runtime.sounds import EVENT_CUES, PRIORITY, Snapshot, cues
from hardware.audio import PEAK, SOUNDS, Audio, RecordingAudio, render


def cfg_for(tmp_path):
    return config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})


# ------------------------------------------------------------ the cues, pure
def snap(**kw):
    base = dict(players=3, people=frozenset({0}))
    base.update(kw)
    return Snapshot(**base)


def test_every_cue_has_a_sound_and_a_priority_and_every_table_names_real_cues():
    assert set(PRIORITY) == set(SOUNDS)
    for game, table in EVENT_CUES.items():
        assert set(table.values()) <= set(SOUNDS), game


def test_the_countdown_ticks_each_second_then_says_go():
    assert cues("retrograde", snap(banner=""), snap(banner="3")) == ["tick"]
    assert cues("retrograde", snap(banner="3"), snap(banner="2")) == ["tick"]
    assert cues("retrograde", snap(banner="1"), snap(banner="roll!")) == ["go"]
    assert cues("retrograde", snap(banner="roll!"), snap(banner="")) == []     # the dice read: no second go
    assert cues("cha-dango", snap(banner="next 2"), snap(banner="next 1")) == []


def test_game_over_is_said_alone_and_once():
    before, after = snap(), snap(over=True)
    assert cues("cha-dango", before, after, [{"type": "customer_won"}, {"type": "game_over"}]) == ["game_over"]
    assert cues("cha-dango", after, after) == []


def test_a_persons_turn_chimes_a_bots_turn_and_a_simultaneous_phase_do_not():
    assert cues("ginza", snap(active=(1,)), snap(active=(0,))) == ["turn"]
    assert cues("ginza", snap(active=(0,)), snap(active=(1,))) == []                 # seat 2 is a bot
    assert cues("ginza", snap(active=()), snap(active=(0, 1, 2))) == []              # everyone at once
    assert cues("ginza", snap(active=(0,)), snap(active=(0,))) == []                 # still my turn


def test_dice_nudges_and_refusals_from_the_dice_station_and_the_prompts():
    assert cues("ginza", snap(dice_read=3), snap(dice_read=8)) == ["dice"]
    assert cues("retrograde", snap(nudges=0), snap(nudges=1, prompts={0: "nudge 1 unread die"})) == ["nudge"]
    assert cues("retrograde", snap(), snap(prompts={2: "reroll your dice"})) == ["nudge"]
    assert cues("ginza", snap(), snap(prompts={1: "not now: no dice left"})) == ["refused"]
    same = snap(prompts={1: "not now: no dice left"})
    assert cues("ginza", same, same) == []                                           # said once


def test_game_events_map_per_game_and_a_press_gives_way_to_a_telling_cue():
    assert cues("cha-dango", snap(), snap(), [{"type": "order"}]) == ["go"]
    assert cues("cha-dango", snap(), snap(), [{"type": "sipped"}]) == ["press"]
    assert cues("cha-dango", snap(), snap(), [{"type": "sipped"}, {"type": "customer_won"}]) == ["won"]
    assert cues("retrograde", snap(), snap(), [{"type": "claim"}, {"type": "claim_lost"}]) == ["lost", "claim"]
    assert cues("cafe-junior", snap(), snap(), [{"type": "placed"}, {"type": "table_complete"}]) == ["claim"]
    assert cues("cafe-junior", snap(), snap(), [{"type": "drew"}]) == []            # not every event sounds
    many = cues("cha-dango", snap(banner="2"), snap(banner="1", dice_read=1), [{"type": "customer_won"},
                                                                              {"type": "wrong_hit"}])
    assert many == ["won", "lost"]                                                  # at most two at once


# -------------------------------------------------------- the sounds themselves
def test_each_cue_is_an_enveloped_sound_not_a_raw_square_wave():
    rate = 22050
    for name, notes in SOUNDS.items():
        x = render(notes, rate)
        assert 0.03 < len(x) / rate < 1.6, name                                    # short
        assert 0.1 < float(np.abs(x).max()) <= PEAK + 1e-6, name
        assert abs(float(x[0])) < 0.05 and abs(float(x[-1])) < 0.05, name           # no click at either end
        loud = np.abs(x) > 0.95 * np.abs(x).max()
        assert loud.mean() < 0.05, name                                             # a square wave sits at its peak
    spectra = {name: np.abs(np.fft.rfft(render(notes, rate), n=rate)) for name, notes in SOUNDS.items()}
    for a in SOUNDS:
        for b in SOUNDS:
            if a < b:
                sa, sb = spectra[a] / np.linalg.norm(spectra[a]), spectra[b] / np.linalg.norm(spectra[b])
                assert float(sa @ sb) < 0.9, (a, b)                                 # distinct


def test_a_press_is_quieter_than_the_fanfare():
    assert np.abs(render(SOUNDS["press"])).max() < np.abs(render(SOUNDS["game_over"])).max()


class Mixer:
    def __init__(self):
        self.played, self.volumes = [], []

    def init(self, **kw):
        pass

    def Sound(self, buffer):
        mixer = self

        class S:
            def play(self):
                mixer.played.append(len(buffer))

            def set_volume(self, v):
                mixer.volumes.append(v)
        return S()


def test_volume_and_mute_reach_the_player_and_every_cue_is_recorded():
    m = Mixer()
    a = Audio(True, 0.5, mixer_loader=lambda: m, mute=True)
    assert not a.muted and a.play("go", 7) is False and m.played == []
    a.mute = False
    assert a.play("go", 9) is True and len(m.played) == 1
    assert set(m.volumes) == {0.5}
    a.set_volume(0.0)
    assert a.play("tick", 10) is False and len(m.played) == 1
    assert list(a.asked) == [(7, "go"), (9, "go"), (10, "tick")]
    with pytest.raises(KeyError, match="unknown sound 'boing'"):
        a.play("boing")
    twin = RecordingAudio()
    assert twin.play("won", 5) is False and list(twin.asked) == [(5, "won")]


def write(tmp_path, text):
    p = tmp_path / "c.toml"
    p.write_text(text)
    return p


def test_volume_and_mute_in_the_config_are_checked_by_name(tmp_path):
    cfg = config.load(write(tmp_path, "[audio]\nvolume = 0.3\nmute = true\n"))
    assert cfg["audio"]["volume"] == 0.3 and cfg["audio"]["mute"] is True
    assert config.validate({})["audio"]["mute"] is False
    with pytest.raises(config.ConfigError, match=r"audio\.mute"):
        config.load(write(tmp_path, '[audio]\nmute = "yes"\n'))
    with pytest.raises(config.ConfigError, match=r"audio\.volume: 1\.5 is above the maximum"):
        config.load(write(tmp_path, "[audio]\nvolume = 1.5\n"))


def test_the_mixer_really_plays_with_sdls_dummy_driver():
    """No sound card (CI): SDL's dummy audio driver still opens the mixer,
    so the real player's path (buffers, volume, play) runs."""
    code = ("from hardware.audio import Audio, SOUNDS\n"
            "a = Audio(True, 0.7)\n"
            "assert not a.muted, a.reason\n"
            "assert all(a.play(n, 0) for n in SOUNDS)\n"
            "print('ok', len(a._sounds))\n")
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["ok", str(len(SOUNDS))]


# --------------------------------------------- every game asks for its sounds
#: game -> (players, the cues a whole game with bots must ask for, seat 1
#: listened to as a person)
EXPECTED = {
    "retrograde": (1, {"tick", "go", "dice", "press", "claim"}),
    "cha-dango": (2, {"go", "won", "lost", "press", "turn", "game_over"}),
    "ginza": (2, {"dice", "press", "claim", "turn", "game_over"}),
    "cryptid-cafe": (1, {"press", "claim", "game_over"}),
    "cafe-junior": (2, {"press", "claim", "turn", "game_over"}),
}


@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_each_game_played_by_bots_asks_for_its_sounds(tmp_path, game_id):
    players, expected = EXPECTED[game_id]
    opts = SessionOptions(headless=True, size=(800, 480), bots=set(range(players)))
    s = Session.new(cfg_for(tmp_path), game_id, players, 1, None, tmp_path / "g.jsonl", opts, model=None)
    try:
        assert isinstance(s.sounds.player, RecordingAudio)      # headless: no sound device is opened
        s.sounds.people = {0}             # seat 1 listened to as a person would be ("your turn")
        rt = s.runtime
        rt.step(rt.now_us)
        steps = 0
        # Retrograde's camera reads make a whole game slow: it stops once its cues came
        while not s.game.is_terminal() and not (game_id == "retrograde" and expected <= asked(s)):
            steps += 1
            assert steps < 200_000
            nxt = rt.next_event_us()
            rt.step(max(nxt if nxt is not None else rt.now_us + 1000, rt.now_us))
        got = asked(s)
        assert got, f"{game_id} is silent"
        assert expected <= got, f"{game_id} never asked for {sorted(expected - got)}"
        stamps = [t for t, _ in s.sounds.player.asked]
        assert stamps == sorted(stamps) and all(isinstance(t, int) for t in stamps)   # the game's clock, us
        if game_id == "retrograde":       # the countdown: three ticks a second apart, then go
            names = [n for _, n in s.sounds.player.asked]
            i = names.index("go")
            assert names[i - 3:i] == ["tick"] * 3
            ticks = [t for t, n in list(s.sounds.player.asked)[i - 3:i + 1]]
            assert [b - a for a, b in zip(ticks, ticks[1:])] == [1_000_000] * 3
    finally:
        s.close()


def asked(s):
    return {name for _, name in s.sounds.player.asked}
