"""Cha dango in the window: every customer keeps its place (issue 34,
"Played as people play" again, c11 -> c13: the fox was served, the tanuki
after it moved into its place and the new customer was put at the end; a
person remembers where a customer sits).  A new customer takes the place
of the one served, as a person puts a card into the gap; the seat's cursor
steps in the screen's reading order and stays on its customer (ruling
CD-12)."""
from __future__ import annotations

from test_cha_dango_helpers import aimed, table_view


def _places(t) -> dict[int, tuple[int, int]]:
    """Customer card id -> where the HDMI draws it in the dining area (x,
    y of its card; the revealed card drawn beside the deck is left out)."""
    out = {}
    dining = {c["id"] for c in table_view(t)["dining_area"]}
    for node in t.scene().nodes:      # (each card one keyed group)
        if node.key and node.key.startswith("cust:") and int(node.key[5:]) in dining:
            out[int(node.key[5:])] = (node.rect.x, node.rect.y)
    return out


def _reading_order(places: dict[int, tuple[int, int]]) -> list[int]:
    return sorted(places, key=lambda c: (places[c][1], places[c][0]))


def _play_to_a_serve(t, max_orders=12):
    """Seat 1 (a person) reveals on its turn and answers nothing; the bots
    play.  Returns (places when the order came out, the race's record,
    places once the revealed card joined) of the first order a customer
    was served in."""
    rt = t.session.runtime
    for _ in range(max_orders):
        t.run_until(lambda t: table_view(t)["phase"] == "race" or (
            table_view(t)["phase"] == "reveal" and table_view(t)["current"] == 0
            and rt.not_before.get("reveal", -1) + 800_000 < rt.now_us), max_passes=2000, ms=50)
        if table_view(t)["phase"] == "reveal":
            t.press(0, "button")
            t.run_until(lambda t: table_view(t)["phase"] == "race", max_passes=200)
        t.step(2, ms=30)
        before = _places(t)
        t.run_until(lambda t: table_view(t)["phase"] == "reveal", max_passes=2000, ms=50)
        t.step(2, ms=30)
        last = table_view(t)["last_race"]
        if last and last["won"]:
            return before, last, _places(t)
    raise AssertionError("no customer was served")


def test_cd12_a_new_customer_takes_the_served_ones_place_and_the_others_stay(table):
    t = table("cha-dango", players=3, bots={1, 2}, seed=5)
    before, last, after = _play_to_a_serve(t)
    served = [w["card"] for w in last["won"]]
    stayed = [c for c in before if c not in served]
    moved = {c: (before[c], after.get(c)) for c in stayed if after.get(c) != before[c]}
    assert not moved, f"customers moved when {served} was served: {moved}"
    new = [c for c in after if c not in before]
    assert new, "the revealed card did not join the dining area"
    assert after[new[0]] == before[served[0]], "the new customer did not take the served one's place"


def test_cd12_the_cursor_steps_in_reading_order_and_stays_on_its_customer(table):
    t = table("cha-dango", players=3, bots={1, 2}, seed=5)
    before, last, after = _play_to_a_serve(t)
    order = _reading_order(after)
    assert [c["id"] for c in table_view(t)["dining_area"]] == order, "the cursor's order is not the screen's"
    t.press(0, "right", hold_passes=1)                      # aim ahead, then step through every customer
    seen = [aimed(t, 0)]
    for _ in range(len(order) - 1):
        t.press(0, "right", hold_passes=1)
        seen.append(aimed(t, 0))
    start = order.index(seen[0])
    assert seen == [order[(start + k) % len(order)] for k in range(len(order))], (seen, order)
    kept = seen[-1]
    before, last, after = _play_to_a_serve(t)
    assert kept in after and kept not in [w["card"] for w in last["won"]], "pick a seed where it stays"
    t.press(0, "right", hold_passes=1)                      # the aim shown again: one step on and back
    t.press(0, "left", hold_passes=1)
    assert aimed(t, 0) == kept, "the cursor left its customer when another was served"
