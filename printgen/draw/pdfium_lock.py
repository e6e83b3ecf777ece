"""The one lock every call into pdfium (pypdfium2) is made under.

pdfium may not be called from two threads at once, not even for two different documents
(pypdfium2's documentation, "Incompatibility with Threading"): doing so crashes the process. The
web editor answers each request in a thread of its own, so two previews typed in quick
succession, or a preview during "Make the pictures", would rasterise at the same moment; it did
crash (a segmentation fault in PdfDocument.get_page, seen in tests/test_editor_browser.py).
Everything that renders a page holds this lock while it opens, renders and closes the document.
Re-entrant, so a renderer may call another.
"""

from __future__ import annotations

import threading

PDFIUM = threading.RLock()
