"""Reading a small file the cabinet is given (its config, a game's journal)
without hanging on a FIFO or a device and without reading a huge file into
memory: one place for what the config and the journal both need."""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Callable


def read_regular(p: Path, limit: int, refuse: Callable[[str, object], Exception]) -> bytes:
    """The bytes of ``p``, a regular file of at most ``limit`` bytes (a FIFO
    or a device would block or never end: it is refused at once).

    ``refuse(why, detail)`` makes the caller's error, raised here:
    ``why`` is "unreadable" (``detail``: the OSError), "not a file" or
    "too large" (``detail``: the size in bytes, the file's or the bytes read).
    """
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)   # a FIFO must not block the open
    except OSError as exc:
        raise refuse("unreadable", exc) from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise refuse("not a file", None)
        if st.st_size > limit:
            raise refuse("too large", st.st_size)
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise refuse("unreadable", exc) from exc
    finally:
        os.close(fd)
    if len(data) > limit:          # it grew while read
        raise refuse("too large", len(data))
    return data
