"""The pictures printgen draws from code (Spanish and French suits and courts, backs, the
Coppertwaddle kinds, the piecepack suits, the house emblems) and the registry of the names decks
and layouts call them by (symbols.py).

Why below the model: a deck names its emblems and symbols, and loading it checks each name here;
the art itself knows nothing of decks, only of a canvas and a box.
"""
