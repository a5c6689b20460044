"""Fuzzing the parsers (issue 23): journals, the config file, ``--options``.
Whatever the bytes, a parser either accepts them or raises its own clear
error (JournalError, ConfigError, CliError): never another exception, never
a hang, never a different game from a damaged journal."""
from __future__ import annotations

import json
import warnings
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet_profile import scaled
from engines import GAMES, new_game
from engines.registry import is_available
from firmware.runtime import config
from firmware.runtime import journal
from bots.random_bot import RandomBot
from firmware.runtime.errors import CliError
from firmware.cli.options import parse_options

FUZZED: Counter = Counter()
GAME = next(g for g in ("cafe-junior", "cryptid-cafe", "ginza", "cha-dango", "retrograde") if is_available(g))
EXAMPLES = scaled(150, 3000)


@pytest.fixture(autouse=True, scope="module")
def report_counts():
    yield
    print("\nfuzz inputs per parser:", json.dumps(FUZZED, sort_keys=True))


def _valid_journal(tmp_path_factory) -> tuple[bytes, list]:
    path = tmp_path_factory.mktemp("fuzz") / "g.jsonl"
    game = new_game(GAME, max(2, GAMES[GAME].min_players), 3)
    writer = journal.JournalWriter.create(path, game)
    bot = RandomBot(3)
    for _ in range(25):
        a = bot.next_action(game)
        game.apply(dict(a))
        writer.append(a)
    writer.close()
    return path.read_bytes(), journal.read(path).actions


@pytest.fixture(scope="module")
def valid(tmp_path_factory):
    return _valid_journal(tmp_path_factory)


def _read(path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return journal.read(path)


@settings(max_examples=EXAMPLES)
@given(data=st.binary(max_size=4000))
def test_journal_reader_on_random_bytes(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("r") / "x.jsonl"
    path.write_bytes(data)
    FUZZED["journal (random bytes)"] += 1
    try:
        _read(path)
    except journal.JournalError:
        pass


@settings(max_examples=EXAMPLES)
@given(edit=st.tuples(st.sampled_from(["replace", "insert", "delete", "truncate"]), st.integers(0, 10**9),
                      st.integers(0, 255), st.integers(1, 40)))
def test_damaged_journal_never_gives_a_different_game(tmp_path_factory, valid, edit):
    """Any edit of a valid journal is refused, or reads as a prefix of the
    original actions (a cut-off or an unterminated last line)."""
    data, actions = valid
    kind, pos, byte, length = edit
    pos %= len(data)
    if kind == "replace":
        bad = data[:pos] + bytes([byte]) + data[pos + 1:]
    elif kind == "insert":
        bad = data[:pos] + bytes([byte]) * length + data[pos:]
    elif kind == "delete":
        bad = data[:pos] + data[pos + length:]
    else:
        bad = data[:pos]
    path = tmp_path_factory.mktemp("d") / "x.jsonl"
    path.write_bytes(bad)
    FUZZED["journal (edited)"] += 1
    try:
        got = _read(path).actions
    except journal.JournalError:
        return
    assert got == actions[:len(got)], f"{kind} at {pos} gave a different game"
    if bad != data and kind != "truncate":
        # only edits that touch nothing but the trailing newline / blank lines may pass whole
        assert bad.rstrip() == data.rstrip() or len(got) < len(actions)


@settings(max_examples=EXAMPLES)
@given(header=st.dictionaries(st.sampled_from(["players", "num_players", "seed", "options", "game"]),
                              st.one_of(st.integers(-3, 9), st.text(max_size=12), st.none(),
                                        st.dictionaries(st.text(max_size=8), st.integers(), max_size=3))),
       actions=st.lists(st.dictionaries(st.sampled_from(["type", "player", "t_us", "values", "card", "station"]),
                                        st.one_of(st.integers(-2, 7), st.text(max_size=6),
                                                  st.lists(st.integers(0, 7), max_size=3))), max_size=6))
def test_replay_of_checksummed_nonsense(tmp_path_factory, header, actions):
    """Lines with valid checksums but nonsense content: replay refuses them
    with a JournalError naming the line (never a crash in an engine)."""
    head = {"journal": 2, "game": GAME, "num_players": 2, "seed": 1, "options": {}}
    head.update({k: v for k, v in header.items() if k != "players"})
    path = tmp_path_factory.mktemp("n") / "x.jsonl"
    path.write_bytes(journal.encode_line(head) + b"".join(journal.encode_line(a) for a in actions))
    FUZZED["journal replay (checksummed nonsense)"] += 1
    try:
        journal.replay(path)
    except journal.JournalError:
        pass


TOML_PIECES = st.sampled_from(["[cabinet]", "[gpio]", "[[seats]]", "[seats.oled]", "[vision]", "[[vision.trays]]",
                               "[camera]", "[audio]", "fps = ", "volume = ", "button = ", "bus = ", "seat = ",
                               "polygon = ", "white_balance = ", "backend = ", "width = ", "nan", "inf", "1e999",
                               "[", "]", "{", "}", '"', "'", "=", "\n", "#", "1", "-7", "0.5", "true", "[1, 1, 1]",
                               "[[0,0],[10,0],[10,10]]", '"mock"', "10000000000"])


@settings(max_examples=EXAMPLES)
@given(pieces=st.lists(TOML_PIECES, max_size=40), tail=st.text(max_size=30))
def test_config_loader_only_raises_config_errors(tmp_path_factory, pieces, tail):
    path = tmp_path_factory.mktemp("c") / "cabinet.toml"
    path.write_text("".join(pieces) + tail, encoding="utf-8")
    FUZZED["config file"] += 1
    try:
        config.load(path)
    except config.ConfigError:
        pass


@settings(max_examples=EXAMPLES)
@given(text=st.one_of(st.text(max_size=60), st.builds(lambda d: "[" * d + "]" * d, st.integers(0, 50_000)),
                      st.builds(json.dumps, st.recursive(st.none() | st.integers() | st.text(max_size=5),
                                                         lambda c: st.lists(c) | st.dictionaries(st.text(max_size=5), c),
                                                         max_leaves=10))))
def test_options_parser_only_raises_usage_errors(text):
    FUZZED["--options"] += 1
    try:
        out = parse_options(text)
    except CliError:
        return
    assert out is None or isinstance(out, dict)
