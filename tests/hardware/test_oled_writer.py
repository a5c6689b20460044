"""Issue 36: the seats' OLED frames go beside the loop (hardware.oled_writer)
and only their changed pages go on the wire (hardware.oled_pages)."""
from __future__ import annotations

import threading

from PIL import Image, ImageDraw

from hardware.oled_pages import changed_runs, frame_pages, send_changed
from hardware.oled_writer import OledWriter


class GatedOled:
    """A display whose ``show`` waits for the test to open a gate."""

    def __init__(self, log: list, seat: int, gate: threading.Event) -> None:
        self.log, self.seat, self.gate = log, seat, gate

    def show(self, frame) -> bool:
        self.gate.wait(5)
        self.log.append((self.seat, frame))
        return True


def _frame(text: str, y: int = 0) -> Image.Image:
    img = Image.new("1", (128, 64))
    ImageDraw.Draw(img).text((2, y), text, fill=1)
    return img


def test_submit_never_waits_newest_frame_replaces_a_waiting_one_and_the_moved_seat_goes_first():
    log: list = []
    gate = threading.Event()
    oleds = {s: GatedOled(log, s, gate) for s in range(4)}
    w = OledWriter(oleds, lambda seat: "bus 1", threaded=True)
    try:
        w.submit(0, "a0", tag=1)          # taken by the thread at once, held at the gate
        for _ in range(200):
            if w.waiting() == 0:
                break
            threading.Event().wait(0.005)
        w.submit(1, "b0", tag=1)
        w.submit(2, "c0", tag=1)
        w.submit(1, "b1", tag=2)          # replaces b0, keeps its place and its tags
        w.submit(3, "d0", first=True, tag=2)   # the seat whose cursor moved
        assert w.waiting() == 3, "submit waited for the bus"
        ends = []
        w.listeners.append(lambda seat, tags, t, ok: ends.append((seat, tags)))
        gate.set()
        assert w.flush(5)
    finally:
        w.close()
    assert [f for _, f in log] == ["a0", "d0", "b1", "c0"]
    assert (1, [1, 2]) in ends and w.replaced == 1


class Wire:
    """A luma serial interface recording what goes on the wire."""

    def __init__(self) -> None:
        self.cmds: list = []
        self.data_bytes = 0

    def command(self, *cmd) -> None:
        self.cmds.append(cmd)

    def data(self, data) -> None:
        self.data_bytes += len(data)

    def cleanup(self) -> None:
        pass


def test_a_cursor_move_sends_only_its_changed_pages_to_ssd1306_and_sh1106():
    from luma.oled.device import sh1106, ssd1306
    before, after = _frame("> Reveal  ", 0), _frame("> Reveal  ", 0)
    ImageDraw.Draw(after).rectangle((0, 20, 127, 27), fill=1)    # the cursor's bar: page 2 and 3
    assert changed_runs(frame_pages(after), frame_pages(before)) == [(2, 3)]
    for cls, per_page in ((ssd1306, None), (sh1106, 128)):
        wire = Wire()
        dev = cls(wire)
        wire.data_bytes = 0
        pages = send_changed(dev, before, None)
        assert wire.data_bytes == 1024, f"{cls.__name__}: a first frame goes whole"
        wire.data_bytes = 0
        send_changed(dev, after, pages)
        assert wire.data_bytes == 256, f"{cls.__name__}: {wire.data_bytes} bytes for 2 changed pages"
        wire.data_bytes = 0
        dev.display(after)     # luma itself would have sent the whole frame
        assert wire.data_bytes == 1024


def test_the_pages_sent_rebuild_the_frame_luma_would_have_sent():
    from luma.oled.device import ssd1306

    class Ram(Wire):        # an SSD1306's GDDRAM in horizontal addressing
        def __init__(self) -> None:
            super().__init__()
            self.ram = bytearray(1024)
            self.at = 0

        def command(self, *cmd) -> None:
            if cmd and cmd[0] == 0x21:          # COLUMNADDR c0 c1 PAGEADDR p0 p1
                self.at = cmd[4] * 128 + cmd[1]

        def data(self, data) -> None:
            self.ram[self.at:self.at + len(data)] = bytes(data)
            self.at += len(data)

    ram = Ram()
    dev = ssd1306(ram)
    a, b = _frame("Seat 2: 3 VP", 4), _frame("Seat 2: 4 VP", 4)
    pages = send_changed(dev, a, None)
    send_changed(dev, b, pages)
    assert bytes(ram.ram) == frame_pages(b).tobytes()
