"""Issue #34 (played as people play): normal-level Cha dango bots slapped
in 285-800 ms, so a person (who finds the match in about 650 ms, ruling
CD-9) could not win a race.  The normal level now reacts like a person who
looks; easy is slower, hard faster."""
from __future__ import annotations

import statistics

from bots.base import Bot
from bots.cha_dango_race import SEEING_MEDIAN_US


def _times(kind: str, n: int = 2000) -> list[int]:
    bot = Bot("cha-dango", kind, seed=5)
    return sorted(bot.reaction_us() for _ in range(n))


def test_a_normal_cha_dango_bot_reacts_like_a_person_who_looks():
    times = _times("normal")
    median = statistics.median(times)
    assert abs(median - SEEING_MEDIAN_US) < 40_000, median
    assert times[len(times) // 20] > 380_000, times[len(times) // 20]      # its fast 5 %: no longer 285 ms


def test_easy_is_slower_and_hard_faster_than_normal():
    med = {k: statistics.median(_times(k)) for k in ("easy", "normal", "hard")}
    assert med["easy"] > med["normal"] > med["hard"] > 350_000, med


def test_other_games_keep_their_levels_reaction_times():
    assert abs(statistics.median(Bot("ginza", "normal", seed=5).reaction_us() for _ in range(2000)) - 500_000) < 40_000
