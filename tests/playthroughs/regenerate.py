"""Write the playthrough files again from the games as they play now (tests/playthrough.py has the
list of what is pinned and the format).

    .venv/bin/python tests/playthroughs/regenerate.py [NAME ...]

NAME is a file's name without .txt (conquian-basic); none: every file. Run it after a change meant
to change what a game does, read `git diff tests/playthroughs/` (each moved line is a step, a game
or a total that is no longer the same), and commit the files with the change, saying why they moved.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))     # tests/, where playthrough.py is

from playthrough import PINS, render  # noqa: E402


def main(wanted: list[str]) -> int:
    known = {pin.file.stem: pin for pin in PINS}
    unknown = [name for name in wanted if name not in known]
    if unknown:
        print(f"no playthrough called {', '.join(unknown)}; there are: {', '.join(known)}", file=sys.stderr)
        return 2
    for name in wanted or list(known):
        pin = known[name]
        lines = render(pin)
        pin.file.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{pin.file.name}: {len(lines)} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
