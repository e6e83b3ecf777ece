"""Pictures of a deck for elsewhere than the home printer: a print shop's card images
(`images.py`) and Tabletop Simulator's card sheets and saved object (`tts.py`), every one drawn
by the sheet pipeline's own forms (`sides.py`) so the shop's card and the table's are the printed card."""
