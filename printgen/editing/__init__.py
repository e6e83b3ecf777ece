"""Editing a deck without YAML: new decks and copies (scaffold, copying), spreadsheets (sheets/),
the web editor (web/), and rebuilding when the files change (watch). Every change is written into
deck.yaml through roundtrip.py, which keeps its comments and order.
"""
