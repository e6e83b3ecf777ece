"""Write tests/module-seconds.json from the test times pytest's cache holds (after a full run).

Why: the suite starts its slowest modules first (tests/conftest.py), by the times of the last run
in this checkout; a fresh clone has none, and its first run (CI's) would fall back to an order by
test count and leave one worker alone with a long module at the end. This file gives it the order
of a recent run. It only orders the modules: a stale file makes a run slower, never different.

    python -m pytest -q && python tests/module_seconds.py
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = HERE.parent / ".pytest_cache" / "v" / "printgen" / "test-seconds"
OUT = HERE / "module-seconds.json"


def current_ids() -> set[str]:
    """The ids of the tests the suite has now: the cache keeps those of removed or renamed tests."""
    import subprocess
    import sys

    listed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0"], cwd=HERE.parent,
                            capture_output=True, text=True, check=True).stdout
    return {line.strip() for line in listed.splitlines() if "::" in line}


def main() -> None:
    seconds = json.loads(CACHE.read_text())
    now = current_ids()
    modules: Counter[str] = Counter()
    for nodeid, value in seconds.items():
        if nodeid in now:
            modules[nodeid.split("::")[0]] += value
    OUT.write_text(json.dumps({m: round(s, 1) for m, s in sorted(modules.items())}, indent=0) + "\n")
    print(f"{OUT}: {len(modules)} modules, {sum(modules.values()):.0f} s in all")


if __name__ == "__main__":
    main()
