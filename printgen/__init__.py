"""printgen: print-and-play PDFs of card decks described in YAML.

Imports are kept lazy across the package: `printgen build` is a whole-process job whose
start-up time is part of what the user waits for.
"""

__version__ = "0.1.0"
