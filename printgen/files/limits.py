"""How much input printgen reads before it calls a file broken or hostile.

Every limit sits far above what a real deck, layout, sheet or board needs (the shipped Cromwell
deck is 15 KB, about 600 values, four levels deep, its longest caption under 100 characters),
so a teacher never meets one; a runaway or malicious file meets one in milliseconds instead of
hanging the build or exhausting memory. They live here, by name, so other readers (rule
sheets, pictures) can share them and messages can quote them.
"""

from __future__ import annotations

# A deck, layout, sheet or board file. A 1,000-card deck is about 200 KB.
MAX_FILE_BYTES = 2_000_000

# Cards in one deck, generated and listed (a spreadsheet holds as many rows). A real deck has a few
# hundred at most; 200 suits x 1,000 ranks would take minutes and gigabytes to build.
MAX_CARDS = 5_000

# One text value (a caption, a title, a block of sheet text). A caption is under 1,000 characters.
MAX_TEXT_CHARS = 10_000

# Values in one file once every alias ('*name') is expanded: what later checks must walk.
# A 1,000-card deck holds about 25,000.
MAX_VALUES = 100_000

# Lists and settings inside one another ('[' or '{' or indentation), counting through aliases.
# The shipped files go four or five levels deep.
MAX_DEPTH = 50


def describe_bytes(size: int) -> str:
    """A file size as a teacher reads it: '2 MB', '1.5 MB', '900 KB'."""
    if size >= 1_000_000_000:
        return f"{size / 1_000_000_000:.1f} GB".replace(".0 GB", " GB")
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB".replace(".0 MB", " MB")
    return f"{max(1, round(size / 1000))} KB"

# A number on a card (a Power, a score) or in a group (a rank's value). A real deck's are small;
# this only stops an extra zero, 1e308 or .inf reaching the layouts and the simulator.
MAX_NUMBER = 1_000_000
