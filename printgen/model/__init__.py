"""The model: decks, layouts, abilities, pieces and their kinds, where they go on the paper, and
table layouts, read from their files and checked, with the file and line of every problem.

Everything above reads these objects; nothing above reads the YAML again.
"""
