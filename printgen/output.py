"""Writing results without ever leaving a half-written or missing file behind.

Every file of a build is first written in full to a temporary file beside its target, then all
are renamed into place. A failure before the renames leaves the previous good files untouched.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from printgen.errors import UserError


def publish(files: dict[Path, bytes]) -> None:
    """Write all files or none of them (up to the final renames, which are atomic each)."""
    staged: list[tuple[Path, Path]] = []
    try:
        for target, data in files.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            os.chmod(tmp, _mode_for(target))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            staged.append((Path(tmp), target))
        for tmp, target in staged:
            os.replace(tmp, target)
    except OSError as exc:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise UserError(f"could not write {exc.filename or 'the output'}: {exc.strerror}",
                        hint="check that the output folder is writable and the disk is not full") from None


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; new files get the usual 0666 less the umask
    (mkstemp alone would leave them private to the user)."""
    try:
        return target.stat().st_mode & 0o777
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask
