"""The model: decks, layouts, abilities, pieces and their kinds, where they go on the paper, and table layouts, read and checked from their files."""
