"""Send only the pages of an SSD1306 / SH1106 frame that changed (issue 36).

An SSD1306 or SH1106 keeps its 128 x 64 pixels in 8 *pages* of 128 bytes
(a byte is a column of 8 pixels, its bit 0 the top one).  luma.oled's
``display()`` sends every page of every frame: 1,026 data bytes, 23 ms at
400 kHz I2C.  A seat's cursor moving changes one or two pages; these few
functions send only those, with the same commands luma uses:

- SSD1306 (horizontal addressing, as luma sets it up): ``COLUMNADDR``
  start/end then ``PAGEADDR`` first/last page for each run of changed
  pages, then their bytes;
- SH1106 (page addressing): per changed page ``0xB0 + page``, the column
  offset, then its 128 bytes (as luma's own ``display`` does per page).

Any other device (luma's ``dummy``) is given the whole frame.
"""
from __future__ import annotations

from typing import Any

import numpy as np

#: pixel rows per page
PAGE_ROWS = 8


def frame_pages(image: Any) -> np.ndarray:
    """The GDDRAM bytes of a 1-bit frame, shape ``(height // 8, width)``
    uint8, bit ``k`` of a byte = row ``8 * page + k`` (lit = 1).

    Raises:
        ValueError: the height is not a whole number of pages.
    """
    px = np.asarray(image.convert("1"), dtype=np.uint8) & 1    # (h, w): 1 = lit
    h, w = px.shape
    if h % PAGE_ROWS:
        raise ValueError(f"a frame {h} px high is not a whole number of {PAGE_ROWS}-row pages")
    bits = (1 << np.arange(PAGE_ROWS, dtype=np.uint16))[None, :, None]
    return (px.reshape(h // PAGE_ROWS, PAGE_ROWS, w) * bits).sum(axis=1).astype(np.uint8)


def _kind(device: Any) -> str | None:
    try:
        from luma.oled.device import sh1106, ssd1306
    except ImportError:     # luma.oled not installed: whole frames only
        return None
    if isinstance(device, ssd1306):
        return "ssd1306"
    if isinstance(device, sh1106):
        return "sh1106"
    return None


def changed_runs(pages: np.ndarray, before: np.ndarray | None) -> list[tuple[int, int]]:
    """Runs ``(first, last)`` (inclusive page numbers) of the pages that
    differ from ``before`` (all pages when ``before`` is None or another
    shape)."""
    n = pages.shape[0]
    if before is None or before.shape != pages.shape:
        return [(0, n - 1)]
    diff = np.any(pages != before, axis=1)
    runs, start = [], None
    for p in range(n):
        if diff[p] and start is None:
            start = p
        if not diff[p] and start is not None:
            runs.append((start, p - 1))
            start = None
    if start is not None:
        runs.append((start, n - 1))
    return runs


def send_changed(device: Any, image: Any, before: np.ndarray | None) -> np.ndarray | None:
    """Show ``image`` (1-bit, the device's size) on a luma ``device``,
    sending only the pages that differ from ``before`` (the pages this
    function returned last time for the same device; None = send all).

    Returns:
        the frame's pages (pass them as ``before`` next time), or None when
        the device is not an SSD1306 / SH1106 (it was given the whole
        frame by its ``display``).

    Raises:
        whatever the device's serial interface raises (an OSError when the
        display stops answering): the caller sends the whole frame after it
        reopens the display (``before=None``).
    """
    kind = _kind(device)
    if kind is None:
        device.display(image)
        return None
    pages = frame_pages(device.preprocess(image))
    for first, last in changed_runs(pages, before):
        if kind == "ssd1306":
            c = device._const
            device.command(c.COLUMNADDR, device._colstart, device._colend - 1, c.PAGEADDR, first, last)
            device.data(list(pages[first:last + 1].tobytes()))
        else:
            for p in range(first, last + 1):
                device.command(0xB0 + p, device._page_address_offset, 0x10)
                device.data(list(pages[p].tobytes()))
    return pages
