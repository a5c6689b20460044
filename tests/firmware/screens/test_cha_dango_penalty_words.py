"""Issue #34 (played as people play), Cha dango: a penalty says why.
"Seat 3 lost 5 VP cards" did not say what for (rulings CD-9, CD-12: a wrong
hit is no sip and may cost VP cards; CD-10: the slowest sipper places one), nor that the
slowest sipper keeps its cards when a wrong hitter counts as slowest."""
from __future__ import annotations

from test_cha_dango_helpers import wrong_hit_then_sips, CARDS, T0, down, find, lift, reveal, settle, slap, table

from firmware.screens.cha_dango_words import result_lines

from test_cha_dango_helpers import NOTHING, NOTHING2  # an order nothing matches (CD-9)
from test_cha_dango_helpers import NOTHING_R as R, NOTHING_REST as REST, NOTHING_TOP as TOP, NOTHING_USED as USED
VP = [c.id for c in CARDS if c.id not in USED | {TOP} | set(REST)][:5]


def _wrong_hit_then_sips(players: int, hitter_vp: list[int], **options):
    g, events = wrong_hit_then_sips(players, hitter_vp, **options)
    assert g.phase == "reveal", g.phase
    return g, events


def _said(lines: list[str]) -> str:
    return " / ".join(lines).replace("\u00a0", " ")


def test_five_vp_cards_lost_say_four_for_the_wrong_hit_and_one_as_slowest():
    """A house that sets a cost for a wrong hit (ruling CD-12: none by
    default) hears it counted apart."""
    g, events = _wrong_hit_then_sips(2, VP, wrong_hit_vp_cards=4)
    assert g.vp[0] == []
    for lines in (result_lines(g.view(None), events), result_lines(g.view(None), [])):   # live, resumed
        said = _said(lines)
        assert "Seat 1: 4 VP cards for a wrong hit, 1 as slowest to sip" in said, said
        assert "Seat 1 lost 5 VP cards" not in said, said


def test_the_slowest_sipper_keeps_its_cards_when_a_wrong_hitter_counts_as_slowest():
    g, events = _wrong_hit_then_sips(3, VP[:1])
    for lines in (result_lines(g.view(None), events), result_lines(g.view(None), [])):
        said = _said(lines)
        assert ("Seat 1 hit, but nothing matched, so Seat 1 counts as slowest: it gives the card, and Seat 3, "
                "last to sip, keeps its cards") in said, said


def test_a_wrong_hitter_with_no_vp_card_is_told_so_and_the_slowest_sipper_keeps_its_cards():
    g, events = _wrong_hit_then_sips(2, [])
    for lines in (result_lines(g.view(None), events), result_lines(g.view(None), [])):
        said = _said(lines)
        assert ("Seat 1 hit, but nothing matched, so Seat 1 counts as slowest: it has no VP card to give, "
                "and Seat 2, last to sip, keeps its cards") in said, said
