"""Exclusive locks on folders, so that two printgen commands writing into one folder take turns.

The lock is an flock on the folder itself (an open descriptor of the folder), not a lock file:
nothing is ever left in a deck or output folder, and the system drops the lock when its holder
dies, however it dies (kill -9 included), so a stale lock never blocks anyone. Every holder takes
its folders in one global order (sorted real paths), so two processes can never each hold one
folder while waiting for the other's. Where locks are not available (Windows, a file system
without them) printgen carries on unlocked.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Callable
from pathlib import Path


class FolderLocks:
    """The folders one publish holds. `timeout` builds the error raised after `wait_s` seconds
    of waiting for a folder that another process holds."""

    def __init__(self, wait_s: float, timeout: Callable[[Path], Exception]) -> None:
        self.held: dict[str, int] = {}    # real path -> open descriptor holding the lock
        self.wait_s = wait_s
        self.timeout = timeout

    def take(self, folders: set[str]) -> None:
        """Hold `folders` (real paths) too. Taking one that sorts before a folder already held
        could wait in a circle, so then every lock is let go and all are taken again in order."""
        missing = folders - set(self.held)
        if self.held and missing and min(missing) < max(self.held):
            self.release()
            missing = folders
        deadline = time.monotonic() + self.wait_s
        for folder in sorted(missing):
            try:
                fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
            except OSError:
                continue                 # gone, or not ours to read: nothing there to keep consistent
            self.held[folder] = fd
            self._lock(fd, folder, deadline)

    def release(self) -> None:
        for fd in self.held.values():
            os.close(fd)                 # closing the descriptor drops its lock
        self.held.clear()

    def _lock(self, fd: int, folder: str, deadline: float) -> None:
        try:
            import fcntl
        except ImportError:              # Windows: no flock
            return
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise self.timeout(Path(folder)) from None
                time.sleep(0.02)
            except OSError as exc:
                if exc.errno in (errno.ENOLCK, errno.EINVAL, errno.EOPNOTSUPP):
                    return               # a file system without locks
                raise
