"""The how-to-play pages say honestly what a hold of the left arrow takes
back and until when, in each game's words (issue 34, the fresh play-test:
one page shared by the three turn-based games promised take-back, "only
in your turn, before dice, cards or others move", where in Ginza and
Cryptid Cafe it was hardly ever possible after a confirmed move: a bot or
the AI moves a second later; ruling CAB-11).  What a page promises, the
engine keeps; what it calls final, the engine never offers back."""
from __future__ import annotations

from bots.random_bot import RandomBot
from engines import engine_class
from firmware.screens.howto import PAGES

#: Each turn-based game's take-back page: the words of what it takes back and until when.
SAYS = {
    "ginza": (("hold your left arrow", "last choice"), ("until the next seat moves", "dice are rolled",
                                                      "a customer comes")),
    "cryptid-cafe": (("hold your left arrow", "serve", "tips", "order"),
                     ("until another seat or the ai moves", "after a server, at once")),
    "cafe-junior": (("hold your left arrow", "guest"), ("until your turn ends", "new guests are drawn")),
}


def _take_back_page(game_id: str):
    return next(p for p in PAGES[game_id] if any("left arrow" in t.caption.lower() for t in p.tiles))


def _kinds(game_id: str, players: tuple[int, ...], seeds: range) -> tuple[set, set]:
    """Random games: the kinds of a seat's choice it could take back at
    once (kept), and those that were final at once (final).  A choice is
    kept only while no other seat may move but in a phase every seat plays
    at once (Cryptid Cafe's serving, the tips' and move choices), and
    never while dice are asked for."""
    kept, final = set(), set()
    cls = engine_class(game_id)
    for n in players:
        for seed in seeds:
            game, bot = cls.new(n, seed, None), RandomBot(seed)
            for _ in range(4000):
                if game.is_terminal():
                    break
                action = bot.next_action(game)
                game.apply(action)
                seat = action.get("player")
                if seat is None or action["type"] == "dice":
                    continue
                if game.can_take_back(seat):
                    kept.add(action["type"])
                    assert not game.chance_requests(), (game_id, action)
                    if game_id != "cryptid-cafe" or action["type"] == "place":    # (a server sent: the next goes)
                        assert game.active_players() == [seat], (game_id, action, game.active_players())
                else:
                    final.add(action["type"])
    return kept, final


def test_what_the_pages_promise_the_engines_keep_and_what_they_call_final_is():
    kept, final = _kinds("ginza", (2, 3), range(4))
    assert not {"choose_card", "pick_bonus"} & kept, kept  # the set-up's choices (issue 34 s17: the first bonus card)
    assert {"serve", "wash", "change", "reroll", "add"} <= final, final    # "until the next seat moves, dice..."
    kept, final = _kinds("cafe-junior", (2, 3), range(3))
    assert kept <= {"place", "discard", "exchange"} and {"place", "discard"} <= kept, kept     # "your last guest"
    assert "end_turn" in final - kept                      # "until your turn ends"
    kept, final = _kinds("cryptid-cafe", (1, 2, 3), range(3))
    assert {"serve", "share_tips", "change_order"} <= kept, kept     # "a serve, tips or an order"
    assert "place" in final


def test_each_turn_based_game_says_in_its_own_words_what_and_until_when():
    pages = {}
    for gid, (what, until) in SAYS.items():
        page = _take_back_page(gid)
        captions = [t.caption.lower() for t in page.tiles]
        assert all(w in captions[0] for w in what), (gid, captions[0])
        assert all(w in captions[1] for w in until), (gid, captions[1])
        assert "hold both arrows" in captions[2]
        pages[gid] = page
    assert len({p.tiles[1].caption for p in pages.values()}) == 3, "a page shared by games of different rules"
    for gid in ("retrograde", "cha-dango"):                # played in real time: no take-back promised
        assert not any("left arrow" in t.caption.lower() for p in PAGES[gid] for t in p.tiles), gid
