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
