"""Café International Junior's HDMI board numbers its rows and columns
(issue 34, PT13 f09/f12: the OLED said "row 2 col 4 right" but the board
had no row or column labels, so a person could not find the table).  The
numbers stand at the grid's edges, each beside its row or column, large
enough to read at a metre, and agree with the words for every table."""
from __future__ import annotations

import random

import pytest

from engines import new_game
from firmware.screens import cafe_junior as cj
from firmware.screens.cafe_junior_oled import table_words
from firmware.screens.draw import default_measure, hdmi_screen

from screen_checks import context


def _games(seed: int = 5, players: int = 3):
    """Views along a random game: a few tables, then many."""
    game = new_game("cafe-junior", players, seed)
    rng = random.Random(seed)
    for step in range(400):
        if game.is_terminal():
            return
        if step % 25 == 0:
            yield game
        acts = game.legal_actions(game.current)
        game.apply(rng.choice(acts))


@pytest.mark.parametrize("size,least_px", [((1920, 1080), 40), ((800, 480), 24)])
def test_pt13_the_board_numbers_rows_and_columns_as_the_words_count_them(size, least_px):
    seen = 0
    for game in _games():
        scene = hdmi_screen(game, context(game, []), size=size, measure=default_measure())
        labels = scene.facts.get("grid_labels")
        assert labels, "no row or column numbers on the board"
        texts = {(n.props["text"], n.rect.x, n.rect.y): n for n in scene.of_kind("text")}
        assert labels["rows"] and labels["cols"]
        for axis in ("rows", "cols"):
            assert [n for n, _ in labels[axis]] == [1, 2, 3, 4], labels[axis]
            for number, r in labels[axis]:
                node = texts.get((str(number), r.x, r.y))
                assert node is not None, f"{axis} {number} not drawn where said"
                assert node.props["size"] >= least_px, f"{axis} {number}: {node.props['size']} px at {size}"
        tops = {n.key[len("table:"):]: n.rect for n in scene.of_kind("tabletop") if n.key}
        view = game.view(None)
        for t in view["tables"]:
            tile = tops[t["table"]]
            cx, cy = tile.center
            row = next(n for n, r in labels["rows"] if r.y <= cy < r.y + r.h)
            col = next(n for n, r in labels["cols"] if r.x <= cx < r.x + r.w)
            assert table_words(t["table"], view, short=True) == f"row {row} col {col}", (t, row, col)
            for _, r in labels["rows"]:          # the numbers stand beside the board, not on a table
                assert r.right <= tile.x or r.x >= tile.right
            seen += 1
    assert seen > 20
