"""Never lose a game, part 2 (issue 39, 2 and 3): power-cut tails keep the
longest valid prefix (the line being written at most is lost), and a
damaged resume copy is never dropped silently for an older original.

The power-cut tail sweep cuts the last lines of a journal at every byte
(a sample of them in the short profile; every one with
``CABINET_TEST_PROFILE=long``) and puts nothing, zeros, 0xFF or stale
journal bytes after the cut.
"""
from __future__ import annotations

import random
import secrets
import warnings

import pytest

from cabinet_profile import LONG
from firmware.runtime import journal, journal_writer
from test_journal_safety import play_and_journal, state


def read_quietly(path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return journal.read(path)


def test_whole_last_line_followed_by_zeros_keeps_every_line(tmp_path):
    """Issue 39, 3: "line 60 is damaged" refused the 59 good lines; now all
    lines are kept, the zeros are named in words, and going on writes a
    copy (the original is not changed)."""
    path = tmp_path / "g.jsonl"
    game = play_and_journal(path, 60)
    damaged = path.read_bytes() + b"\0" * 3000
    path.write_bytes(damaged)
    with pytest.warns(journal.TruncatedJournalWarning, match="power cut"):
        contents = journal.read(path)
    assert len(contents.actions) == damaged.count(b"\n") - 1
    g2, _, writer = journal.open_for_resume(path)
    writer.close()
    assert state(g2) == state(game) and writer.path != path and path.read_bytes() == damaged


@pytest.mark.parametrize("fill", [b"\0", b"\xff"])
def test_zeroed_or_erased_newline_keeps_the_last_line(tmp_path, fill):
    path = tmp_path / "g.jsonl"
    game = play_and_journal(path, 40)
    path.write_bytes(path.read_bytes()[:-1] + fill * 700)
    with pytest.warns(journal.TruncatedJournalWarning):
        g2, _ = journal.replay(path)
    assert state(g2) == state(game)


def test_stale_blocks_after_the_last_line_keep_the_prefix(tmp_path):
    """A stale disk block after the last whole line (old bytes of this
    journal, whole lines among them) is a power-cut tail, not damage in the
    middle of the game."""
    path = tmp_path / "g.jsonl"
    game = play_and_journal(path, 60)
    data = path.read_bytes()
    stale = data[len(data) // 3: len(data) // 3 + 900]
    path.write_bytes(data + stale)
    with pytest.warns(journal.TruncatedJournalWarning, match="damaged"):
        g2, contents = journal.replay(path)
    assert state(g2) == state(game) and contents.needs_copy


def test_damage_in_the_middle_is_still_refused(tmp_path):
    path = tmp_path / "g.jsonl"
    play_and_journal(path, 40)
    lines = path.read_bytes().split(b"\n")
    lines[10] = lines[10][:20] + b"\0" * 10 + lines[10][30:]
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(journal.JournalError, match="line 11 is damaged"):
        journal.read(path)


def _cut_and_played_on_in_a_copy(path, steps=20):
    """A 30-action game journaled at ``path``, cut by a power cut (its last
    line half written), resumed (into a copy) and played on ``steps``
    actions by a random bot; returns the copy's path and the game as
    played."""
    from bots.random_bot import RandomBot
    play_and_journal(path, 30)
    path.write_bytes(path.read_bytes()[:-4])                      # a cut: the next game goes on in a copy
    game, _, writer = journal.open_for_resume(path)
    bot = RandomBot(2)
    for _ in range(steps):
        if game.is_terminal():
            break
        a = bot.next_action(game)
        game.apply(dict(a))
        writer.append(a)
    writer.close()
    return writer.path, game


def test_damaged_copy_is_never_dropped_silently_for_the_older_original(tmp_path):
    """Issue 39, 2: a resume copy whose middle is damaged is not passed
    over for the older original without a word: resume refuses, naming
    the copy, how many actions the original would lose, and the fix."""
    path = tmp_path / "g.jsonl"
    copy, _ = _cut_and_played_on_in_a_copy(path)
    lines = copy.read_bytes().split(b"\n")
    lines[5] = lines[5].replace(b'"', b"'", 1)
    copy.write_bytes(b"\n".join(lines))
    with pytest.raises(journal.JournalError, match=r"g.resumed-1.jsonl: line 6 is damaged.*newer than g.jsonl.*\d+ actions.*nothing was resumed"):
        journal.resolve(path)


def test_copy_whose_last_newline_was_zeroed_is_resumed_in_full(tmp_path):
    """The issue's case: a copy of 237 actions whose last newline was zeroed
    went back to the original's 99; now the copy is read whole."""
    path = tmp_path / "g.jsonl"
    copy, game = _cut_and_played_on_in_a_copy(path)
    data = copy.read_bytes()
    copy.write_bytes(data[:-1] + b"\0")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        chosen, _, again = journal.resolve(path)
    assert chosen == copy and state(again) == state(game)


# ----------------------------------------------------------- the sweep
SWEEP: dict[str, int] = {}
#: the last lines a power cut is put into, one at a time
LINES = 12 if LONG else 3


def _cases(data: bytes, rng: random.Random, every: int):
    """``(good line count, file bytes, tail kind)`` for a power cut while
    writing each of the last :data:`LINES` lines, cut after every ``every``-th byte,
    with nothing, zeros, 0xFF or stale journal bytes after the cut."""
    ends = [i + 1 for i, b in enumerate(data) if b == 0x0A]
    for w in range(len(ends) - LINES, len(ends)):          # index of the line being written
        start, end = ends[w - 1], ends[w]
        for cut in range(start, end + 1, every):
            base = data[:cut]
            for kind in ("none", "zero", "ff", "stale"):
                if kind == "none":
                    tail = b""
                elif kind == "zero":
                    tail = b"\0" * rng.choice([1, 7, 512, 4096 - cut % 4096])
                elif kind == "ff":
                    tail = b"\xff" * rng.choice([1, 7, 512, 4096 - cut % 4096])
                else:
                    a = rng.randrange(len(data))
                    tail = data[a: a + rng.randrange(1, 1200)]
                yield w - 1, base + tail, kind          # w - 1 actions were written whole before it


def test_power_cut_tail_sweep(tmp_path, monkeypatch):
    """Every cut of the last lines with each kind of tail: the file is
    replayed with at least every line written before the cut line (the line
    being written is the most a power cut loses) or refused, never replayed
    as a different game; refusals are counted.  (A stale block that starts
    exactly at a line boundary with whole old lines of this journal reads
    as lines; their replay is then refused as illegal.)"""
    monkeypatch.setattr(secrets, "token_hex", lambda n: "5eed" * (n // 2))   # the same bytes every run
    path = tmp_path / "g.jsonl"
    play_and_journal(path, 80)
    data = path.read_bytes()
    actions = read_quietly(path).actions
    rng = random.Random(39)
    counts = {"cases": 0, "kept": 0, "refused": 0, "lost_beyond": 0}
    for good, blob, kind in _cases(data, rng, 1 if LONG else 9):
        path.write_bytes(blob)
        counts["cases"] += 1
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                got = journal.replay(path)[1].actions
        except journal.JournalError:
            counts["refused"] += 1
            counts[f"refused_{kind}"] = counts.get(f"refused_{kind}", 0) + 1
            continue
        counts["kept"] += 1
        assert got == actions[:len(got)], f"{kind} tail read as a different game"
        if len(got) < good:
            counts["lost_beyond"] += 1
    SWEEP.update(counts)
    print(f"power-cut tail sweep: {counts}")
    assert counts["lost_beyond"] == 0
    assert counts["kept"] >= 0.9 * counts["cases"], counts


# ----------------------------------------------------------- issue 39, 4 and 5
def _cfg(tmp_path):
    from firmware.runtime import config
    return config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})


def test_clock_jump_back_still_resumes_the_game_played_last(tmp_path):
    """Issue 39, 4: the game played last is resumed even when the clock
    jumped back after a power cut (fake-hwclock restores a time up to an
    hour old), so its file looks older than an abandoned game's."""
    import os

    from firmware.cli.play import find_unfinished
    folder = tmp_path / "journals"
    folder.mkdir()
    abandoned = folder / "a.jsonl"
    play_and_journal(abandoned, 6, seed=1)
    last = folder / "b.jsonl"
    play_and_journal(last, 6, seed=2)
    os.utime(abandoned, (2_000_000_000, 2_000_000_000))   # written "later" by a clock that ran ahead
    os.utime(last, (1_999_996_400, 1_999_996_400))        # an hour earlier after the jump back
    assert find_unfinished(_cfg(tmp_path)) == last
    # resuming the abandoned game makes it the one played last
    _, _, writer = journal.open_for_resume(abandoned)
    writer.close()
    os.utime(abandoned, (1_000_000_000, 1_000_000_000))
    assert journal.family_root(find_unfinished(_cfg(tmp_path))) == abandoned


def test_the_menus_resume_rows_put_the_game_played_last_first_after_a_clock_jump(tmp_path):
    """Issue 39, 4, in the menu too: its Resume rows (one per unfinished
    game, newest first) follow the journals' play sequence, as ``cabinet
    resume`` does, not the file times a clock jump scrambled."""
    import os

    from firmware.app.menu_saves import unfinished_games
    folder = tmp_path / "journals"
    folder.mkdir()
    abandoned, last = folder / "a.jsonl", folder / "b.jsonl"
    play_and_journal(abandoned, 6, seed=1)
    play_and_journal(last, 6, seed=2)
    os.utime(abandoned, (2_000_000_000, 2_000_000_000))
    os.utime(last, (1_999_996_400, 1_999_996_400))
    rows, problem = unfinished_games(_cfg(tmp_path), now=2_000_000_000.0)
    assert problem == ""
    assert [journal.family_root(p) for p, _ in rows] == [last, abandoned]


@pytest.mark.parametrize("lock_dir", ["temp", "state"])
def test_two_copies_of_one_game_cannot_both_be_resumed(tmp_path, monkeypatch, lock_dir):
    """Issue 39, 5: the original moved away (as the troubleshooting page
    advises for a damaged save) and its copy: two resumes naming the two
    files are one game; the second is refused.  The locks live in the
    system's temporary folder, or in the state folder (the session's
    choice: a systemd service has a private /tmp)."""
    import shutil
    monkeypatch.setattr(journal_writer, "LOCK_DIR", None)
    if lock_dir == "state":
        journal.use_lock_dir(tmp_path / "state" / "locks")
    path = tmp_path / "g.jsonl"
    play_and_journal(path, 10)
    path.write_bytes(path.read_bytes()[:-3])
    _, _, w1 = journal.open_for_resume(path)
    w1.close()
    moved = tmp_path / "kept" / "g.jsonl"
    moved.parent.mkdir()
    shutil.move(path, moved)
    _, _, first = journal.open_for_resume(w1.path)
    try:
        with pytest.raises(journal.JournalLocked, match="another cabinet process"):
            journal.open_for_resume(moved)
    finally:
        first.close()
    _, _, again = journal.open_for_resume(moved)             # free once the first is closed
    again.close()
    if lock_dir == "state":
        assert list((tmp_path / "state" / "locks").glob("*.lock"))
