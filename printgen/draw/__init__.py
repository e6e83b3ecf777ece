"""Drawing: a deck's cards and pieces on sheets (sheets/), its documents (documents/: rule sheets,
score sheets, boards, table drawings, the validate report's charts), and what both draw with:
templates resolved to operations, text fitted in fonts, pictures prepared. build.py, preview.py
and calibrate.py make the PDFs and PNGs the commands ask for.
"""
