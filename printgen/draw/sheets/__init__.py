"""Sheets of cards and pieces: faces and backs placed on paper, with crop marks and the sheet's lines."""
