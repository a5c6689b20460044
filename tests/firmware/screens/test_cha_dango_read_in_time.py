"""The play-test of the cabinet's Cha dango (a fresh tester, simulator
window): the wrong-hit rule's words tell the cabinet's rule from the book's;
a race's result stays long enough to read, with a hint that the moves can
be read again; one word for each thing ("Seat", "background")."""
from __future__ import annotations

from test_cha_dango_helpers import wrong_hit_then_sips, CARDS, T0, down, find, lift, reveal, settle, slap, table

from firmware.app.menu import Menu
from firmware.screens import cha_dango as cd_screen
from firmware.screens.draw import default_measure, hdmi_screen
from firmware.screens.menu_scene import focus_words
from firmware.screens.moves_log import move_words
from firmware.runtime.controls import SeatControls

from test_cha_dango_helpers import NOTHING, NOTHING2  # an order nothing matches (CD-9)
from test_cha_dango_helpers import NOTHING_R as R, NOTHING_REST as REST, NOTHING_TOP as TOP, NOTHING_USED as USED
VP = [c.id for c in CARDS if c.id not in USED | {TOP} | set(REST)][:5]
BACKGROUND_TOP = next(c.id for c in CARDS if c.back == "background" and not c.start and c.id not in USED)


def _said(lines) -> str:
    return " / ".join(lines).replace("\u00a0", " ")


# ------------------------------------------------------------ 2. the wrong-hit rule's words
def test_the_wrong_hit_row_says_the_book_costs_nothing_and_a_cost_is_a_house_rule():
    """The tester read "VP cards a seat gives up for hitting the wrong
    customer (the book: 4)"; the book says such a hit just wins nothing,
    which is the cabinet's default since a hit names its customer (ruling
    CD-12); a cost is a house rule, said so."""
    menu = Menu(games=["cha-dango"])
    menu.focus = [label for label, _ in menu.rows()].index("Wrong hit costs")
    assert dict(menu.rows())["Wrong hit costs"] == "nothing more"
    title, words = focus_words(menu)
    said = " ".join(words)
    assert "the book: 4" not in said, said
    assert "The book: a hit on a customer that does not match wins nothing" in said, said
    assert "house rule" in said, said
    menu.press()
    menu.press()                                             # 2 VP cards: the note follows the row
    assert "A house rule: a wrong hit also costs 2 VP cards" in " ".join(focus_words(menu)[1])
    from firmware.screens.draw import default_measure
    from firmware.screens.menu_scene import menu_scene
    for size in ((1920, 1080), (800, 480)):                  # every word drawn, on the small screen too
        drawn = " ".join(menu_scene(menu, size, default_measure()).texts())
        assert all(w in drawn for w in " ".join(focus_words(menu)[1]).split()), (size, drawn)


def test_the_how_to_page_says_what_a_hit_costs_by_the_book():
    """Ruling CD-12: a wrong customer wins nothing (the book), and a hit
    when nothing matches is no sip (the hitter is the slowest); no page
    says a wrong hit costs VP cards (only the menu's house rule does)."""
    from firmware.screens.howto import PAGES
    captions = [t.caption for p in PAGES["cha-dango"] for t in p.tiles]
    none = [c for c in captions if "none matches" in c and c.startswith("Hit")]
    assert none and "slowest" in none[0], captions
    assert any("wrong customer wins nothing" in c for c in captions), captions
    assert not any(("wrong" in c or "none matches" in c) and "VP card" in c for c in captions), captions


def _wrong_hit_then_sips(players: int, hitter_vp: list[int]):
    g, events = wrong_hit_then_sips(players, hitter_vp)
    return g, events


def test_a_wrong_hitter_with_no_vp_card_is_told_once_in_plain_words():
    """/tmp/pt-65a: "Seat 1: wrong hit, nothing matched" and then "Seat 1
    hit when nothing matched, so Seat 1 is slowest but has no VP card to
    lose; Seat 2 keeps its cards": the same hit told twice, and "is slowest"
    for a seat that never sipped."""
    g, events = _wrong_hit_then_sips(3, [])
    for lines in (cd_screen.result_lines(g.view(None), events), cd_screen.result_lines(g.view(None), [])):
        said = _said(lines)
        assert sum("Seat 1" in t and "nothing matched" in t for t in lines) == 1, said
        assert ("Seat 1 hit, but nothing matched, so Seat 1 counts as slowest: it has no VP card to give, "
                "and Seat 3, last to sip, keeps its cards") in said, said


# ------------------------------------------------------------ 3. the result stays long enough to read
def _sip_tie(g):
    g.vp[0], g.vp[1] = [VP[0]], [VP[1]]
    events = [e["text"] for e in reveal(g)]
    events += [e["text"] for e in lift(g, 0, T0 + 500_000)] + [e["text"] for e in lift(g, 1, T0 + 500_000)]
    events += [e["text"] for e in down(g, 0, T0 + 1_600_000)] + [e["text"] for e in down(g, 1, T0 + 1_600_000)]
    while g.phase != "reveal":
        events += [e["text"] for e in settle(g)]
        if g.phase == "place_vp":
            seat = g.active_players()[0]
            events += [e["text"] for e in g.apply(g.legal_actions(seat)[0])]
    return events


def test_the_pause_after_a_race_grows_with_the_lines_of_its_result():
    """~2 s and 0.8 s a line, never less than cabinet.race_result_ms; 0
    (no pause, a test cabinet) stays 0."""
    g = table(2, dining=[NOTHING], deck=[R, TOP] + REST)
    events = _sip_tie(g)
    lines = cd_screen.result_lines(g.view(None), events)
    assert len(lines) >= 3, lines
    ms = cd_screen.result_pause_ms(g.view(None), events, 2500)
    assert ms == max(2500, 2000 + 800 * len(lines)), (ms, lines)
    assert ms >= 4400
    assert cd_screen.result_pause_ms(g.view(None), events, 0) == 0
    assert cd_screen.result_pause_ms(g.view(None), events, 9000) == 9000


def test_the_session_holds_the_next_order_for_the_scaled_pause(tmp_path):
    """The runtime holds the reveal for the pause the result needs."""
    from firmware.app.session import Session, SessionOptions
    from firmware.runtime import config
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots={0, 1, 2})
    s = Session.new(cfg, "cha-dango", 3, 4, None, tmp_path / "g.jsonl", opts, model=None)
    rt = s.runtime
    phase, holds = s.game.view(None)["phase"], []
    while len(holds) < 3 and not s.game.is_terminal():
        rt.step(max(rt.next_event_us() or rt.now_us + 10_000, rt.now_us + 1))
        now = s.game.view(None)["phase"]
        if now == "reveal" and phase != "reveal":
            lines = cd_screen.result_lines(s.game.view(None), list(rt.events))
            holds.append((rt.not_before["reveal"] - max(rt.now_us, s.game.now_us()), len(lines)))
        phase = now
    assert holds and all(h == max(2500, 2000 + 800 * n) * 1000 for h, n in holds), holds


def test_the_pause_says_the_moves_can_be_read_again():
    g = table(2, dining=[NOTHING], deck=[R, TOP] + REST)
    events = _sip_tie(g)
    ctx = {"last_events": events, "banner": "next 4", "controls": [SeatControls(s) for s in range(2)]}
    texts = " | ".join(hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure()).texts())
    assert "Hold both arrows" in texts and "moves" in texts, texts


# ------------------------------------------------------------ 4. one word for each thing
def test_the_moves_say_seats_never_players():
    """/tmp/pt-201: "Tie for slowest sip between Players 1 and 2; a coin
    flip picks Seat 2"."""
    g = table(2, dining=[NOTHING], deck=[R, TOP] + REST)
    events = _sip_tie(g)
    assert any("Players 1 and 2" in t for t in events), events
    said = " / ".join(move_words("cha-dango", events, g.view(None)))
    assert "Player" not in said and "Seats 1 and 2" in said, said


def test_the_card_back_and_the_order_both_say_background():
    """/tmp/pt-197all: the deck's back said "colour", the order "red
    background"."""
    g = table(2, dining=[NOTHING], deck=[R, BACKGROUND_TOP] + REST)
    reveal(g)
    assert g.view(None)["order"]["attribute"] == "background"
    ctx = {"last_events": [], "controls": [SeatControls(s) for s in range(2)]}
    texts = hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure()).texts()
    assert "background" in texts and "colour" not in texts, texts


def test_a_card_lost_on_a_coin_flip_says_so_on_its_own_line_first():
    """/tmp/pt-197all, pt-201: the tester missed that seat 2 lost its only
    VP card on a coin flip in a tie: the loss and the tie were two lines
    apart, and the small screen dropped the tie.  The loss line says why."""
    g = table(2, dining=[NOTHING], deck=[R, TOP] + REST)
    events = _sip_tie(g)
    lines = [t.replace("\u00a0", " ") for t in cd_screen.result_lines(g.view(None), events)]
    loser = "Seat 2" if g.vp[1] == [] else "Seat 1"
    other = "Seat 1" if loser == "Seat 2" else "Seat 2"
    assert lines[1] == f"{loser}: 1 VP card as slowest to sip (a coin flip in a tie with {other})", lines
    assert not any(t.startswith("Tie") for t in lines) and not any(" slowest: " in t for t in lines), lines
    ctx = {"last_events": events, "banner": "next 5", "controls": [SeatControls(s) for s in range(2)]}
    small = " ".join(hdmi_screen(g, ctx, size=(800, 480), measure=default_measure()).texts()).replace("\u00a0", " ")
    assert "coin flip" in small and "tie with" in small, small


# ------------------------------------------------------------ 5. the race's time is seen
def test_an_open_race_shows_the_seconds_left_to_answer():
    """Play-test round 2 (/tmp/pt31-84a, pt31-86a): a race closed while a
    person had not answered ("Nobody served the fox ... in time") and
    nothing showed how long the hit window lasts (CD-9's sip_timeout_us,
    6 s after the order).  The open order says the seconds left, from the
    view's ``timeout_at_us`` and the clock."""
    g = table(2, dining=[NOTHING], deck=[R, TOP] + REST)
    reveal(g)
    race = g.view(None)["race"]
    ctx = {"last_events": [], "controls": [SeatControls(s) for s in range(2)]}
    for left_s in (6, 3, 1):
        ctx["now_us"] = race["timeout_at_us"] - left_s * 1_000_000 + 1
        texts = " | ".join(hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure()).texts())
        assert f"{left_s} s to answer" in texts, texts
    small = " | ".join(hdmi_screen(g, ctx, size=(800, 480), measure=default_measure()).texts())
    assert "1 s to answer" in small, small
