"""Reading the files a user hands us (saves, content) without trusting them: regular files only,
and never more than a cap, so that /dev/zero, a FIFO or a huge file cannot hang the program or
eat its memory."""

from __future__ import annotations

import os
import stat
from pathlib import Path

MEBIBYTE = 1024 * 1024


class UnreadableFileError(ValueError):
    """A file that is missing, not a regular file, too large or not UTF-8 text; the message says
    which, in a few words (the caller adds the file's name)."""


def read_user_text(path: Path, limit: int) -> str:
    """The UTF-8 text of the regular file ``path`` (links followed), at most ``limit`` bytes."""
    try:
        # a FIFO would block open() until a writer comes, so look before opening (links followed)
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise UnreadableFileError("is a directory, not a file")
        if not stat.S_ISREG(mode):
            raise UnreadableFileError("not a regular file (a device, a pipe or a socket)")
        with path.open("rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # swapped since we looked
                raise UnreadableFileError("not a regular file")
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise UnreadableFileError("file does not exist") from None
    except OSError as err:
        raise UnreadableFileError(f"cannot read file: {err.strerror or err}") from None
    if len(data) > limit:
        raise UnreadableFileError(f"file is larger than {limit // MEBIBYTE} MiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise UnreadableFileError(f"not UTF-8 text (byte {err.start}: {err.reason})") from None
