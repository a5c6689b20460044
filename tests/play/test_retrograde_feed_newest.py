"""PT72 (a fresh play-tester, Retrograde seed 31, seat 1 against a bot):
the phase box said "Seat 2 rolled 2 2 4 4 4 4" while seat 2's dice on the
table were 2 2 4 4 5 3; the feed is newest first (issue 34), and where
the box had room for fewer of its lines it kept the oldest.  The feed
lines the box shows are the newest ones."""
from __future__ import annotations

from firmware.screens.retrograde_plans import card_letters
from firmware.screens.retrograde_sheet import feed_lines


def test_the_phase_box_shows_the_newest_moves(table):
    t = table("retrograde", 2, bots={1}, seed=31)
    s = t.session
    checked = 0
    for _ in range(400):
        t.step(3)
        view = s.game.view(None)
        feed = feed_lines(list(s.runtime.events), card_letters(view), view["phase"])
        texts = t.scene().texts()
        shown = [x for x in feed if x in texts]
        if 0 < len(shown) < len(feed):
            assert shown == feed[:len(shown)], (shown, feed)
            checked += 1
    assert checked > 10
