"""The journal: a game saved as its seed, options and the actions applied.

File format (JSON Lines, ASCII): the first line is the header
``{"journal": 2, "game": ID, "num_players": N, "seed": S, "options": {...}}``;
every further line is one applied action (chance inputs and ticks included)
or a cabinet *note*: a line with a ``note`` member and no ``type`` (a dice
reading a seat contested, dice entered by hand; ruling CAB-6).  Replay
skips notes (the engine only ever got the accepted values); resume reads
them to restore the contest counts.
Every line is a JSON object whose last member is ``"crc":"xxxxxxxx"``: the
CRC-32 (8 lower-case hex digits) of the line's bytes without that member
(``{...}`` with sorted keys and no spaces, as written).  A CRC-32 detects
every 1-, 2- and 3-bit error and every burst up to 32 bits, so a flipped bit
anywhere in a line is refused rather than replayed.  Format 1 journals (no
``crc``) are still read; going on after one writes a format 2 continuation.

Writing: each line is written whole and fsynced before the game moves on,
so a power cut loses at most the action being written.  A file that resume
may choose is never visible half-written: a new journal and a resume copy
are written under a temporary name, fsynced, renamed to their final name,
and the folder is fsynced.  A journal being written is locked (``flock``,
exclusive) so that a second ``cabinet resume`` is refused instead of
interleaving its lines; the lock dies with the process, so a killed game
can be resumed at once.

Reading never modifies the file.  A last line cut off by a power cut (no
newline, and not a whole line) is dropped with a warning; a whole last line
that lost only its newline is kept; blank lines at the end (an editor's)
are ignored; any other damage is refused with :class:`JournalError` naming
the file and the line.

Resume copies: when a journal cannot be appended to as it is (a cut-off or
unterminated last line, trailing blank lines, format 1), going on writes
the valid lines to ``ROOT.resumed-K.jsonl`` beside it and keeps the damaged
original untouched.  The original and its copies form a *family*;
:func:`resolve` picks the member with the longest valid continuation
(most actions that read cleanly), never a partial copy.

Which game was played last is what the journals say, not file times (a Pi
has no real-time clock; after a power cut it may restart an hour in the
past): a new journal's header carries ``seq``, one more than any play
sequence number in its folder, and every resume appends a note
``{"note": "resumed", "seq": N}`` the same way (:func:`play_seq`).  The
header also carries the game's identity ``id``: the lock is on the game
(:func:`game_key`), so two resumes naming two copies of one game, even in
different folders, cannot both run.

The code: :mod:`firmware.runtime.journal_lines` (format and reading),
:mod:`firmware.runtime.journal_files` (replay, families, resolve, play
sequence), :mod:`firmware.runtime.journal_writer` (writing, locks); this
module is their API.
"""
from __future__ import annotations

from firmware.runtime.journal_files import (  # noqa: F401 - the journal's API, in one place
    family, families_newest_first, family_root, file_seq, glob_escape, play_seq, replay, replay_contents, resolve)
from firmware.runtime.journal_lines import (  # noqa: F401
    FORMAT_VERSION, MAX_DEPTH, MAX_JOURNAL_BYTES, MAX_LINE_BYTES, READABLE_FORMATS, JournalContents, JournalError,
    JournalLocked, JournalWriteError, TruncatedJournalWarning, decode_line, encode_line, is_note, read)
from firmware.runtime.journal_writer import (  # noqa: F401
    JournalWriter, game_key, open_for_resume, remove_stale_temps, use_lock_dir)
