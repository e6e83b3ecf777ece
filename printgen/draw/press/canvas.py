"""A ReportLab canvas made to print in CMYK: every colour set on it and every picture drawn on
it separated by a Press, and the PDF marked for a print shop when it is saved.

Why on the canvas and not in each drawing routine: the cards, their art, the marks and the
margin words all draw on one canvas through ReportLab's colour setters, so converting there
leaves no colour behind, however the drawing code changes. ReportLab calls a canvas's
`_enforceColorSpace` with every colour given to setFillColor and setStrokeColor (text objects
copy it); grey levels and pictures take their own routes, covered here too.

What the saved PDF says (PDF/X-3:2003, ISO 15930-6): an OutputIntent naming the press profile
and carrying it whole as the /DestOutputProfile, `GTS_PDFXVersion` and `Trapped` in the document
information, and on every page a TrimBox and BleedBox (pdfcanvas.set_boxes). PDF/X-3 allows no
transparency: a picture with a transparent part keeps it (as a soft mask), and then the file
does not claim PDF/X at all; `claims_pdfx` says which, for the build's warning.
"""

from __future__ import annotations

from typing import Any

from printgen.draw.press.convert import Press

PDFX_VERSION = "PDF/X-3:2003"
CONDITION = "CGATS TR 001"      # SWOP on coated stock, the printing condition the profile models


def install(canvas, press: Press) -> None:
    """Make `canvas` draw through `press` from now on."""
    from reportlab.lib.colors import CMYKColor, Color, toColor

    def separate(colour):
        if isinstance(colour, CMYKColor):
            return CMYKColor(*press.cmyk((colour.cyan, colour.magenta, colour.yellow, colour.black)))
        if isinstance(colour, str):
            colour = toColor(colour)
        if isinstance(colour, Color):
            return CMYKColor(*press.rgb(colour.red, colour.green, colour.blue))
        if isinstance(colour, (tuple, list)) and len(colour) == 3:
            return CMYKColor(*press.rgb(*colour))
        if isinstance(colour, (tuple, list)) and len(colour) == 4:
            return CMYKColor(*press.cmyk(tuple(colour)))
        return colour

    canvas._enforceColorSpace = separate
    canvas.setFillGray = lambda gray, alpha=None: canvas.setFillColor(CMYKColor(*press.grey(gray)), alpha)
    canvas.setStrokeGray = lambda gray, alpha=None: canvas.setStrokeColor(CMYKColor(*press.grey(gray)), alpha)
    draw_image = canvas.drawImage

    def draw_separated(image, *args, **kwargs):
        return draw_image(_separated_reader(press, image, canvas), *args, **kwargs)

    canvas.drawImage = draw_separated
    canvas._printgen_press = press
    canvas._printgen_soft_masks = 0


def _separated_reader(press: Press, image, canvas):
    """An ImageReader of the picture's CMYK pixels, its transparency kept as a separate band."""
    from reportlab.lib.utils import ImageReader

    source: Any = image if isinstance(image, ImageReader) else ImageReader(image)
    cmyk, alpha = press.picture(source._image)
    reader: Any = ImageReader(cmyk)
    reader._data = cmyk.tobytes()          # read as they are: ReportLab's own reading would
    reader.mode = "CMYK"                   # drop the alpha band it is given here
    reader._dataA = ImageReader(alpha) if alpha is not None else None
    if alpha is not None:
        canvas._printgen_soft_masks += 1
        press.transparent += 1
    return reader


def claims_pdfx(canvas) -> bool:
    """Whether the canvas's PDF can be marked PDF/X-3: nothing transparent was drawn on it."""
    return getattr(canvas, "_printgen_soft_masks", 0) == 0


def mark_for_press(canvas) -> None:
    """Before saving: the OutputIntent with the embedded profile, and the PDF/X markers."""
    from reportlab.pdfbase.pdfdoc import (
        PDFArray,
        PDFCatalog,
        PDFDictionary,
        PDFName,
        PDFStream,
        PDFString,
        PDFZCompress,
    )

    press: Press = canvas._printgen_press
    doc = canvas._doc
    profile = PDFStream(PDFDictionary({"N": 4}), press.profile.data, filters=[PDFZCompress])
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(CONDITION),
        "OutputCondition": PDFString(f"{press.profile.name}, total ink at most {press.ink_limit:g} %"),
        "RegistryName": PDFString("http://www.color.org"),
        "Info": PDFString(press.profile.name),
        "DestOutputProfile": doc.Reference(profile),
    })
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*PDFCatalog.__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray([intent])
    doc.info.trapped = "False"
    if claims_pdfx(canvas):
        doc.info = _pdfx_info(doc.info)


def _pdfx_info(info):
    """The document information with the entry a PDF/X file adds: ReportLab's PDFInfo writes a
    fixed set of keys, so this one writes them and GTS_PDFXVersion."""
    from reportlab.pdfbase.pdfdoc import PDFDate, PDFDictionary, PDFInfo, PDFName, PDFString

    class PdfxInfo(PDFInfo):
        def format(self, document):
            date = PDFDate(ts=document._timeStamp, dateFormatter=getattr(self, "_dateFormatter", None))
            entries = {"Title": PDFString(self.title), "Author": PDFString(self.author), "CreationDate": date,
                       "ModDate": date, "Producer": PDFString(self.producer), "Creator": PDFString(self.creator),
                       "Subject": PDFString(self.subject), "Keywords": PDFString(self.keywords),
                       "Trapped": PDFName(self.trapped), "GTS_PDFXVersion": PDFString(PDFX_VERSION)}
            return PDFDictionary(entries).format(document)

    made = PdfxInfo()
    made.__dict__.update(info.__dict__)
    return made
