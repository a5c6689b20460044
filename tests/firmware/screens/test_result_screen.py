"""The result screen (issue 34 item 3) fits every kind of result at both
screen sizes: six seats, a tie decided by a tie-break, a shared victory, a
solo game against the AI, a solo high score."""
from __future__ import annotations

import pytest

from engines.results import Result, Solo
from firmware.screens.draw import default_measure
from firmware.ui.result_screen import result_scene

RESULTS = {
    "six seats, a tie-break": Result("cha-dango", [8, 13, 16, 16, 7, 2], "VP cards", [[2], [3], [1], [0], [4], [5]],
                                     [2], False, "fewest lost customers: 1 to 2", None),
    "shared": Result("cafe-junior", [19, 19, 4], "points", [[0, 1], [2]], [0, 1], True, None, None),
    "shared after tie-breaks": Result("retrograde", [12, 12], "points", [[0, 1]], [0, 1], True,
                                      "most unspent coins (5 each)", None),
    "solo lost to the AI": Result("cryptid-cafe", [25], "coins", [[0]], [], False, None,
                                  Solo("AI Player 2", 25, False)),
    "solo high score": Result("retrograde", [31], "points", [[0]], [], False, None, None, 49.0),
}


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("name", list(RESULTS))
def test_every_kind_of_result_fits_and_is_named(name, size):
    r = RESULTS[name]
    scene = result_scene(None, r, None, size, default_measure(), bots={4, 5},
                         hint="Press your button to close (or any key)")
    texts = " ".join(scene.texts())
    facts = scene.facts["result"]
    assert facts["title"] in texts and "Press your button to close (or any key)" in texts
    assert [row[1] for row in facts["rows"]] == [s + 1 for g in r.ranking for s in g]
    for seat in range(len(r.scores)):
        assert f"Seat {seat + 1}" in texts
    if r.tie_break:
        assert r.tie_break in facts["detail"] and facts["detail"] in texts.replace("  ", " ") or \
            all(word in texts for word in facts["detail"].split())
    if r.solo is not None:
        assert "AI Player 2" in texts and "a tie goes to the ai" in facts["detail"].lower()
    assert not scene.dropped
    for n in scene.all_nodes():                  # everything on the screen
        assert 0 <= n.rect.x and n.rect.right <= size[0] and 0 <= n.rect.y and n.rect.bottom <= size[1]


class _Tied:
    """The engine contract a result reads, Retrograde's criteria (RG-11)."""
    game_id = "retrograde"
    RANKING_CRITERIA = (("points", 1), ("unspent coins", 1))

    def __init__(self, keys):
        from engines.base import ranking_from_keys
        self.keys, self.num_players = keys, len(keys)
        self.ranking = lambda: ranking_from_keys(keys)

    def scores(self):
        return [k[0] for k in self.keys]

    def ranking_keys(self):
        return self.keys


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_pt12_places_tied_on_points_say_so_and_how_they_were_decided(size):
    """PT12 r65: seats 1 and 2 both 22 points, listed 2nd and 3rd with no
    word of a tie.  The book's tie-break (most unspent coins, RG-11) decided
    2nd place: the card says so; still tied after it, the place is shared
    ("2nd=" on both rows)."""
    from engines.results import game_result
    decided = game_result(_Tied([(22, 1), (22, 0), (26, 0)]))
    scene = result_scene(None, decided, None, size, default_measure(), bots={0, 1, 2}, hint="Press any key to close")
    texts = " ".join(scene.texts())
    assert "Seats 1 and 2 tied on 22 points: Seat 1 is 2nd by most unspent coins: 1 to 0" in texts, texts
    assert not scene.dropped
    shared = game_result(_Tied([(22, 0), (22, 0), (26, 0)]))
    scene = result_scene(None, shared, None, size, default_measure(), bots={0, 1, 2}, hint="Press any key to close")
    texts = " ".join(scene.texts())
    assert texts.count("2nd=") == 2 and "3rd" not in texts, texts
    assert "Seats 1 and 2 share 2nd place: 22 points, most unspent coins (0 each)" in texts, texts
    assert not scene.dropped
