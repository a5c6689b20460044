"""Seat OLED views: a seat's private state and prompts as a 128 x 64
1-bit image (PIL mode "1"), for luma devices (real or ``dummy``)."""
from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

OLED_SIZE = (128, 64)
_FONT = None


def _font():
    global _FONT
    if _FONT is None:
        _FONT = ImageFont.load_default()
    return _FONT


def oled_image(lines: list[str], invert_first: bool = False) -> Image.Image:
    """Render up to 5 text lines into a 128 x 64 mode-"1" image.

    Args:
        lines: text lines (about 21 characters fit a line).
        invert_first: draw the first line inverted (a prompt header).
    """
    img = Image.new("1", OLED_SIZE, 0)
    d = ImageDraw.Draw(img)
    font = _font()
    for i, text in enumerate(lines[:5]):
        y = i * 12 + 1
        if i == 0 and invert_first:
            d.rectangle((0, 0, OLED_SIZE[0] - 1, 11), fill=1)
            d.text((2, y), text[:21], font=font, fill=0)
        else:
            d.text((2, y), text[:21], font=font, fill=1)
    return img


def wrap(text: str, width: int = 21, max_lines: int | None = 2) -> list[str]:
    """Word-wrap ``text`` into OLED lines of at most ``width`` characters
    (a longer word is split); at most ``max_lines`` lines (None: all)."""
    words, lines, cur = text.split(), [], ""
    for w in words:
        while len(w) > width:
            if cur:
                lines.append(cur)
                cur = ""
            lines.append(w[:width])
            w = w[width:]
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return lines if max_lines is None else lines[:max_lines]


# ------------------------------------------------------------ drawn frames
_FONTS: dict[int, object] = {}

#: Pip positions (3 x 3 grid) per die face, for the OLED's dice.
_PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
         5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def oled_font(size: int):
    """The OLED's fonts, built into Pillow (no font file needed on the
    Pi): at ``size`` <= 11 Pillow's pixel font (6 x 11, crisp digits on a
    one-bit screen: a 5 is never an S), above that its scalable font."""
    f = _FONTS.get(size)
    if f is None:
        f = ImageFont.load_default_imagefont() if size <= 11 else ImageFont.load_default(size=size)
        _FONTS[size] = f
    return f


_WIDTHS: dict[tuple[str, int], int] = {}
_MASKS: dict[tuple[str, int], tuple] = {}


def _spaced(text: str, size: int) -> str:
    """``text`` as drawn: Pillow's scalable font hints a space at 12-20 px
    to 3 px, so "Seat 2 wins" read "Seat 2wins" (issue 34); above the
    pixel font each space is drawn double."""
    return text.replace(" ", "  ") if size > 11 else text


def _glyphs(text: str, size: int):
    """``(mask, dx, dy)``: the 1-bit rendering of ``text`` at ``size`` as
    Pillow draws it at (0, 0), cropped to its ink, and the ink's offset
    (rendering a text costs about half a millisecond; a frame pastes it)."""
    k = (text, size)
    got = _MASKS.get(k)
    if got is None:
        font = oled_font(size)
        text = _spaced(text, size)
        img = Image.new("1", (int(font.getlength(text)) + 2 * size + 4, 2 * size + 4), 0)
        ImageDraw.Draw(img).text((0, 0), text, font=font, fill=1)
        box = img.getbbox()
        got = (None, 0, 0) if box is None else (img.crop(box), box[0], box[1])
        if len(_MASKS) > 4000:
            _MASKS.clear()
        _MASKS[k] = got
    return got


class OledFrame:
    """A seat's 128 x 64 one-bit frame, drawn: text, big glyphs, dice with
    pips, card and cup icons, a cursor.  Keeps every text it drew
    (:attr:`texts`) so tests can check fit and privacy without OCR.

    Text never leaves the frame: :meth:`text` raises ``ValueError`` when a
    text is wider than its room (a layout bug the tests catch).
    """

    W, H = OLED_SIZE

    def __init__(self) -> None:
        self.image = Image.new("1", OLED_SIZE, 0)
        self.draw = ImageDraw.Draw(self.image)
        self.texts: list[str] = []
        #: what was drawn where: ``(what, (x0, y0, x1, y1))`` for every
        #: text (its ink), die and card, inclusive px; see :meth:`overlaps`
        self.boxes: list[tuple[str, tuple[int, int, int, int]]] = []
        #: the areas drawn inverted to mark what the cursor is on (a hand's
        #: guest): ``(what, (x0, y0, x1, y1))``, inclusive px; apart from
        #: :attr:`boxes`, as the things inside them are there
        self.marks: list[tuple[str, tuple[int, int, int, int]]] = []
        #: True when the game's own words took the top bar (what an armed
        #: press does): the runtime's take-back hint leaves it be
        self.bar_taken = False

    def overlaps(self) -> list[tuple[str, str]]:
        """Pairs of drawn things (texts, dice, cards) that share a pixel
        box: each is a layout bug (one drawn over the other)."""
        out = []
        for i, (a, ra) in enumerate(self.boxes):
            for b, rb in self.boxes[i + 1:]:
                if ra[0] <= rb[2] and rb[0] <= ra[2] and ra[1] <= rb[3] and rb[1] <= ra[3]:
                    out.append((a, b))
        return out

    # ------------------------------------------------------------ text
    def width(self, text: str, size: int = 10) -> int:
        """Width of ``text`` in px at ``size`` (cached per text and size)."""
        k = (text, size)
        w = _WIDTHS.get(k)
        if w is None:
            w = int(self.draw.textlength(_spaced(text, size), font=oled_font(size)))
            if len(_WIDTHS) > 4000:
                _WIDTHS.clear()
            _WIDTHS[k] = w
        return w

    def fits(self, text: str, room: int, size: int = 10) -> bool:
        """True when ``text`` is at most ``room`` px wide at ``size``."""
        return self.width(text, size) <= room

    def text(self, x: int, y: int, text: str, size: int = 10, *, room: int | None = None,
             fill: int = 1, align: str = "left") -> int:
        """Draw ``text`` with its top-left at (x, y) (``align="center"``:
        centred in ``room`` from x); returns its width.

        Raises:
            ValueError: the text is wider than ``room`` (default: to the
                frame's right edge).
        """
        room = self.W - x if room is None else room
        w = self.width(text, size)
        if w > room:
            raise ValueError(f"OLED text {text!r} is {w} px, wider than its {room} px")
        if align == "center":
            x += (room - w) // 2
        mask, dx, dy = _glyphs(text, size)
        if mask is not None:
            self.image.paste(fill, (x + dx, y - 1 + dy), mask)
            x0, y0 = x + dx, y - 1 + dy
            self.boxes.append((text, (x0, y0, x0 + mask.size[0] - 1, y0 + mask.size[1] - 1)))
        self.texts.append(text)
        return w

    def best(self, x: int, y: int, options: list[str], size: int = 10, room: int | None = None, **kw) -> str:
        """Draw the first of ``options`` (longest first) that fits."""
        room = self.W - x if room is None else room
        for t in options:
            if self.fits(t, room, size):
                self.text(x, y, t, size, room=room, **kw)
                return t
        raise ValueError(f"none of {options!r} fits {room} px")

    def wrap_px(self, text: str, room: int, size: int = 10, split_long: bool = False) -> list[str]:
        """``text`` word-wrapped into lines at most ``room`` px wide (a word
        wider than ``room`` stands alone on its line, or is split over lines
        with ``split_long``)."""
        lines: list[str] = []
        cur = ""
        for word in text.split():
            while split_long and not self.fits(word, room, size):
                k = len(word)
                while k > 1 and not self.fits(word[:k], room, size):
                    k -= 1
                if cur:
                    lines.append(cur)
                    cur = ""
                lines.append(word[:k])
                word = word[k:]
            trial = f"{cur} {word}" if cur else word
            if cur and not self.fits(trial, room, size):
                lines.append(cur)
                cur = word
            else:
                cur = trial
        return lines + ([cur] if cur else [])

    def message(self, x: int, y: int, text: str, max_lines: int = 1, room: int | None = None,
                size: int = 10, gap: int = 12, **kw) -> int:
        """Draw a message (a prompt such as "not now: seat 2 has no reroll
        left; claim a card") in at most ``max_lines`` lines, never cutting a
        word: when the whole does not fit, its gist does - its clauses
        before the last "; " dropped one by one, then the words before
        its first ": " ("not now: ...") - and only when none of these fits,
        as many whole words as fit and "...".  Returns the y under it."""
        room = self.W - x if room is None else room
        cands = [text]
        parts = text.split("; ")
        cands += ["; ".join(parts[:k]) for k in range(len(parts) - 1, 0, -1)]
        cands += [c.split(": ", 1)[1] for c in list(cands) if ": " in c]
        for cand in cands:
            lines = self.wrap_px(cand, room, size)
            if len(lines) <= max_lines and all(self.fits(t, room, size) for t in lines):
                break
        else:
            words = cands[-1].split()
            while words and (len(self.wrap_px(" ".join(words) + " ...", room, size)) > max_lines
                             or not all(self.fits(t, room, size)
                                        for t in self.wrap_px(" ".join(words) + " ...", room, size))):
                words.pop()
            lines = self.wrap_px(" ".join(words) + " ...", room, size) if words else []
        for i, t in enumerate(lines):
            self.text(x, y + i * gap, t, size, room=room, **kw)
        return y + gap * len(lines)

    def header(self, left: str, right: str = "") -> None:
        """The inverted top bar (12 px): seat and score left, round right."""
        self.draw.rectangle((0, 0, self.W - 1, 11), fill=1)
        rw = self.width(right) if right else 0
        if right:
            self.text(self.W - rw - 2, 1, right, fill=0, room=rw)
        self.text(2, 1, left, fill=0, room=self.W - rw - 6)

    # ------------------------------------------------------------ pictures
    def die(self, x: int, y: int, size: int, value: int | None, *, dim: bool = False,
            rolling: bool = False) -> None:
        """A die face ``size`` px square: pips drawn; ``None`` = unread
        (a hollow die with a question mark), or with ``rolling`` a die
        being rolled and read (hollow, no mark)."""
        d = self.draw
        self.boxes.append((f"die {value}", (x, y, x + size - 1, y + size - 1)))
        d.rounded_rectangle((x, y, x + size - 1, y + size - 1), radius=max(1, size // 5),
                            outline=1, fill=0 if (value is None or dim) else 1)
        if value is None:
            if not rolling:
                self.draw.text((x + size // 2 - 3, y + size // 2 - 6), "?", font=oled_font(10), fill=1)
            return
        step = (size - 1) / 4
        pip = max(2, size // 6)  # square pips: round ones of 3 px merge or turn into crosses
        for gx, gy in _PIPS.get(int(value), []):
            cx, cy = int(x + step * (gx + 1)), int(y + step * (gy + 1))
            d.rectangle((cx - pip // 2, cy - pip // 2, cx - pip // 2 + pip - 1, cy - pip // 2 + pip - 1),
                        fill=1 if dim else 0)

    def card(self, x: int, y: int, w: int, h: int, label: str = "", *, face_down: bool = False) -> None:
        """A card icon; ``label`` (a letter) in its middle, or a hatched
        back when face down."""
        d = self.draw
        self.boxes.append((f"card {label}", (x, y, x + w - 1, y + h - 1)))
        d.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=2, outline=1, fill=0)
        if face_down:
            for k in range(-h, w, 3):
                d.line((x + max(0, k), y + max(0, -k), x + min(w - 1, k + h - 1), y + min(h - 1, h - 1 - max(0, k + h - w))), fill=1)
        elif label:
            size = 10 if h < 18 else 13
            tw = self.width(label, size)
            self.draw.text((x + (w - tw) // 2, y + (h - size) // 2 - 1), label, font=oled_font(size), fill=1)
            self.texts.append(label)

    def glyph(self, x: int, y: int, w: int, text: str, size: int = 22) -> None:
        """A big word or sign centred in ``w`` px (the seat must act)."""
        self.text(x, y, text, size, room=w, align="center")

    def cup(self, x: int, y: int, size: int) -> None:
        """A tea cup icon (the sip race)."""
        d = self.draw
        d.rounded_rectangle((x + 2, y + size // 4, x + size * 3 // 4, y + size - 2), radius=3, fill=1)
        d.ellipse((x + size * 3 // 4 - 3, y + size // 3, x + size - 1, y + size * 2 // 3 + 2), outline=1, width=2)
        for k in (size // 3, size // 2):
            d.line((x + k, y, x + k + 2, y + size // 5), fill=1)

    def hand(self, x: int, y: int, size: int) -> None:
        """An open hand icon (slap a customer): palm, four fingers apart,
        a thumb."""
        d = self.draw
        u = max(1, size // 10)
        palm = (x + 3 * u, y + 5 * u, x + 8 * u, y + size - 1)
        d.rounded_rectangle(palm, radius=u, fill=1)
        tops = (2 * u, 0, u, 3 * u)
        for k in range(4):
            fx = x + 3 * u + k * (5 * u) // 4 + (k * u) // 3
            d.rounded_rectangle((fx, y + tops[k], fx + max(1, u), y + 6 * u), radius=max(1, u // 2), fill=1)
        d.line((x + 3 * u, y + 7 * u, x, y + 4 * u), fill=1, width=max(2, u + 1))

    def choice(self, text: str, index: int, count: int, armed: bool, pos: str | None = None,
               presses: int = 1, wraps: bool = True) -> int:
        """The choice under the cursor at the bottom, between arrows, with
        its position, inverted when armed ("press again to confirm");
        ``wraps`` False (the seat's arrows stop at the row's ends, PT61):
        no left arrow on the first choice, no right arrow on the last.  A
        label too long for one line takes two (never cut).  A lone choice
        says what a press does: "press: reveal the order" (``presses`` 1),
        "press 2x: end turn" (2: armed, then taken, ruling CAB-2).

        Returns:
            The y (px) where the choice area starts.

        Raises:
            ValueError: the label does not fit in two lines.
        """
        if count == 1:  # one thing to do: no arrows, no position
            ask = "press:" if presses == 1 or armed else "press 2x:"
            one = f"{ask} {text}"
            # the ask on a line of its own when both do not fit one (a press count is never dropped)
            lines = [one] if self.fits(one, self.W - 4) else [text] if ask == "press:" else [ask, text]
            top = self.H - 1 - 12 * len(lines)
            if armed:
                self.draw.rectangle((0, top - 1, self.W - 1, self.H - 1), fill=1)
            for k, line in enumerate(lines):
                self.text(2, top + 12 * k, line, fill=0 if armed else 1, room=self.W - 4)
            return top - 1
        pos = f"{index + 1}/{count}" if pos is None else pos     # pos: the game's own count ("" for none)
        pw = self.width(pos)
        room = self.W - pw - 18
        lines = [text]
        if self.width(text) > room:
            words, lines, cur = text.split(), [], ""
            for w in words:
                trial = f"{cur} {w}" if cur else w
                if self.width(trial) <= room:
                    cur = trial
                else:
                    lines.append(cur)
                    cur = w
            lines.append(cur)
            if len(lines) > 2 or any(self.width(t) > room for t in lines):
                raise ValueError(f"OLED choice {text!r} does not fit two lines of {room} px")
        top = self.H - 12 * len(lines) - 1
        if armed:
            self.draw.rectangle((0, top - 1, self.W - 1, self.H - 1), fill=1)
        fill = 0 if armed else 1
        y = self.H - 13
        mid = top + (self.H - top) // 2
        if wraps or index > 0:
            self.draw.polygon([(1, mid), (5, mid - 4), (5, mid + 4)], fill=fill)
        if wraps or index < count - 1:
            self.draw.polygon([(self.W - pw - 8, mid - 4), (self.W - pw - 4, mid), (self.W - pw - 8, mid + 4)],
                              fill=fill)
        if pos:
            self.text(self.W - pw - 1, y, pos, fill=fill, room=pw)
        for i, t in enumerate(lines):
            self.text(8, top + i * 12, t, fill=fill, room=room)
        return top - 1
