"""A Cha dango journal recorded before a hit named its customer (ruling
CD-12: ``slap`` actions without ``card``) is refused in words on replay and
resume, and the file is left as it was; a journal of today replays."""
from __future__ import annotations

import pytest

from engines import new_game
from firmware.runtime.journal_files import replay
from firmware.runtime.journal_lines import JournalError, encode_line


def _write(path, game, actions):
    header = {"journal": 2, "game": game.game_id, "num_players": game.num_players, "seed": game.seed,
              "options": game.options, "id": "0123456789abcdef", "seq": 1}
    path.write_bytes(b"".join(encode_line(x) for x in [header, *actions]))


def test_cd12_an_old_journals_hit_without_a_customer_is_refused_in_words(tmp_path):
    game = new_game("cha-dango", 2, 3, None)
    reveal = dict(game.legal_actions(game.current)[0], t_us=1_000_000)
    game.apply(reveal)
    old = tmp_path / "old.jsonl"
    _write(old, new_game("cha-dango", 2, 3, None), [reveal, {"type": "slap", "player": 1, "t_us": 1_900_000}])
    before = old.read_bytes()
    with pytest.raises(JournalError, match="recorded before hits named their customer cannot be replayed"):
        replay(old)
    assert old.read_bytes() == before
    new = tmp_path / "new.jsonl"
    card = game.dining[0]
    _write(new, new_game("cha-dango", 2, 3, None),
           [reveal, {"type": "slap", "player": 1, "card": card, "t_us": 1_900_000}])
    replayed, _ = replay(new)
    assert replayed.view(None)["race"]["answers"][1]["t_us"] == 1_900_000
