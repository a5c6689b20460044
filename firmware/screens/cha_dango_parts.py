"""Cha dango's cards as the HDMI draws them (ruling CD-1): a customer card
(its background, figure and dango; edged and tokened where a person's
cursor stands on it, CD-12), the back of the top ordering card, an order's
value as a picture."""
from __future__ import annotations

from typing import Any

from firmware.ui.kit import FG, INFO, Rect, Scene, seat_colour

#: Card proportions (width / height) of a customer card.
CARD_RATIO = 0.78


def customer_card(scene: Scene, r: Rect, card: dict[str, Any], key: str | None = None, *,
                  ring: tuple[int, int, int] | None = None, aimed: list[int] | None = None) -> None:
    """A customer card drawn as its three attributes (CD-1): the
    background colour (with its pattern) as the card, the figure's
    silhouette, the dango on its skewer; ``ring`` edges it in a seat's
    colour (won); ``aimed``: the seats a person plays whose cursor is on it
    (ruling CD-12: their next press hits it): a thick edge in the first
    one's colour and a numbered token of each seat's colour over the card."""
    start = len(scene.nodes)
    state = "claimed" if ring is not None else "aimed" if aimed else "up"
    colour = ring if ring is not None else seat_colour(aimed[0]) if aimed else None
    scene.add("card", r, None, state=state, seat_colour=colour, fill=(240, 236, 226))
    inner = r.inset(max(3, min(r.w, r.h) // 14))
    scene.add("swatch", inner, None, name=card["background"], radius=max(3, inner.w // 10))
    fig_r, dango_r = inner.cols(0.7, 0.3)
    scene.add("figure", fig_r.inset(max(1, fig_r.w // 14)), None, name=card["figure"])
    scene.add("dango", dango_r.inset(max(1, dango_r.w // 8)), None, name=card["dango"])
    if aimed and ring is None:   # CD-12: who would hit this customer with the next press
        tok = max(8, min(max(12, min(r.w, r.h) // 7), r.w * 3 // 5 // len(aimed) - 2))   # left of the skewer
        x = r.x + max(3, r.w // 20)
        for seat in aimed:
            scene.add("token", Rect(x, r.y + max(3, r.h // 30), tok, tok), None, seat=seat,
                      colour=seat_colour(seat), label=str(seat + 1))
            x += tok + 2
    scene.group(start, r, key)  # one cached picture per card


def _card_back(scene: Scene, r: Rect, attribute: str | None, count: int) -> None:
    """The top ordering card, face down: its back shows the attribute the
    next order asks for (CD-1) as a grey picture: a head, a dango, a
    patterned field."""
    m = scene.metrics
    scene.add("card", r, "deck", state="down")
    if attribute:  # the back names an attribute, never a value: a grey picture of the kind
        pic = r.inset(max(4, r.w // 6))
        pic = Rect(pic.x, pic.y, pic.w, pic.h * 2 // 3).square()
        scene.add("panel", pic.inset(-4), None, fill=(235, 230, 245), radius=6)
        scene.add("back", pic, None, attribute=attribute)
        words = {"figure": "figure", "dango": "dango", "background": "background"}[attribute]   # the order's words
        word_r = Rect(r.x, pic.bottom + 4, r.w, scene.measure("Ag", m.small)[1])
        if word_r.bottom <= r.bottom - scene.measure("Ag", m.small)[1] - 4:
            scene.text(words, word_r, sizes=(m.small,), align="center", priority=INFO)
        scene.facts["asks"] = attribute
    else:
        mid = Rect(r.x, r.y + r.h // 2 - scene.measure("Ag", m.small)[1], r.w, scene.measure("Ag", m.small)[1])
        scene.text("next", mid, sizes=(m.small,), align="center", colour=FG)
    label_r = Rect(r.x, r.bottom - scene.measure("Ag", m.small)[1] - 4, r.w, scene.measure("Ag", m.small)[1])
    if scene.text(f"{count} left", label_r, sizes=(m.small,), align="center", colour=FG, priority=INFO) is None:
        scene.dropped.pop()
        scene.text(str(count), label_r, sizes=(m.small,), align="center", colour=FG)
    scene.facts["deck"] = count


def _value_picture(scene: Scene, r: Rect, attribute: str, value: str) -> None:
    """The order's value as a picture: the figure, the dango, or the
    background colour field."""
    if attribute == "figure":
        scene.add("figure", r.square(), None, name=value)
    elif attribute == "dango":
        scene.add("dango", r.square().inset(r.h // 10), None, name=value)
    else:
        scene.add("swatch", r.square(), None, name=value, radius=8)
