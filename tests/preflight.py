"""A print shop's preflight of a PDF, read back with pypdf: what a CMYK file for a press must hold.

Read from the file's own objects, not from printgen's code: every content stream (pages and the
forms they use, at any depth) and every image, for colours set in RGB; every colour set in CMYK
and every CMYK image pixel, for total ink; every font, for an embedded font file; the catalog,
for the OutputIntent; every page, for its TrimBox and BleedBox. Rasterising would not do: pdfium
renders to RGB only, so ink can only be measured from the colours the file asks for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

RGB_OPERATORS = {b"rg", b"RG"}


@dataclass
class Preflight:
    rgb: list[str] = field(default_factory=list)         # where an RGB colour or image was found
    fonts: dict[str, bool] = field(default_factory=dict)  # font name -> embedded
    max_ink: float = 0.0                                 # percent, vector colours
    max_image_ink: float = 0.0                           # percent, CMYK image pixels
    cmyk_colours: int = 0
    cmyk_images: int = 0
    grey_colours: int = 0
    pages_without_boxes: list[int] = field(default_factory=list)
    output_intent: dict | None = None
    pdfx_version: str | None = None
    trapped: str | None = None


def preflight(pdf: Path) -> Preflight:
    from pypdf import PdfReader

    reader = PdfReader(str(pdf))
    found = Preflight()
    seen: set[int] = set()
    for number, page in enumerate(reader.pages, 1):
        if "/TrimBox" not in page or "/BleedBox" not in page:
            found.pages_without_boxes.append(number)
        _stream(page.get_contents(), page.get("/Resources"), f"page {number}", found, seen)
    root = reader.trailer["/Root"]
    intents = root.get("/OutputIntents")
    if intents:
        intent = intents[0].get_object()
        profile = intent["/DestOutputProfile"].get_object()
        found.output_intent = {"S": str(intent["/S"]), "condition": str(intent["/OutputConditionIdentifier"]),
                               "N": int(profile["/N"]), "profile": profile.get_data()}
    info = reader.trailer.get("/Info")
    if info is not None:
        info = info.get_object()
        found.pdfx_version = str(info["/GTS_PDFXVersion"]) if "/GTS_PDFXVersion" in info else None
        found.trapped = str(info["/Trapped"]) if "/Trapped" in info else None
    return found


# A content stream's tokens: strings (skipped whole, so words in them are not read as operators),
# names, numbers, and operators. pypdf's own parser reads every operand of every operator and is
# ten times slower; the colour operators need only their numbers.
_TOKEN = re.compile(rb"\((?:\\.|[^\\()])*\)|<<|>>|<[0-9A-Fa-f\s]*>|/[^\s/\[\]()<>{}%]*|[-+]?(?:\d+\.?\d*|\.\d+)"
                    rb"|[A-Za-z'\"*]+[0-9]?\*?|%[^\r\n]*|[\[\]{}]")


def _operations(data: bytes):
    """(operands, operator) of a content stream, operands as bytes tokens."""
    operands: list[bytes] = []
    for match in _TOKEN.finditer(data):
        token = match.group()
        first = token[:1]
        if first.isalpha() or first in (b"'", b'"'):
            yield operands, token
            operands = []
        elif first != b"%":
            operands.append(token)


def _stream(stream, resources, where: str, found: Preflight, seen: set[int]) -> None:
    if stream is None:
        return
    resources = resources.get_object() if resources is not None else {}
    _resources(resources, where, found, seen)
    for operands, operator in _operations(stream.get_data()):
        if operator in RGB_OPERATORS:
            found.rgb.append(f"{where}: {operator.decode()} {[float(v) for v in operands]}")
        elif operator in (b"k", b"K"):
            found.cmyk_colours += 1
            found.max_ink = max(found.max_ink, 100 * sum(float(v) for v in operands))
        elif operator in (b"g", b"G"):
            found.grey_colours += 1
            found.max_ink = max(found.max_ink, 100 * (1 - float(operands[0])))
        elif operator in (b"cs", b"CS") and operands and operands[0] in (b"/DeviceRGB", b"/CalRGB"):
            found.rgb.append(f"{where}: colour space {operands[0].decode()}")
        elif operator in (b"sc", b"scn", b"SC", b"SCN"):
            found.rgb.append(f"{where}: a colour in a colour space of its own ({operator.decode()}), not checked")
        elif operator == b"BI":
            found.rgb.append(f"{where}: an inline image, not checked")


def _resources(resources, where: str, found: Preflight, seen: set[int]) -> None:
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        found.fonts[str(font.get("/BaseFont"))] = _embedded(font)
    for name, ref in (resources.get("/XObject") or {}).items():
        key = ref.idnum if hasattr(ref, "idnum") else id(ref)
        if key in seen:
            continue
        seen.add(key)
        xobject = ref.get_object()
        if xobject["/Subtype"] == "/Image":
            _image(xobject, f"{where}, image {name}", found)
        elif xobject["/Subtype"] == "/Form":
            _stream(xobject, xobject.get("/Resources"), f"{where}, form {name}", found, seen)


def _image(image, where: str, found: Preflight) -> None:
    space = image["/ColorSpace"]
    space = space.get_object() if hasattr(space, "get_object") else space
    name = str(space if not isinstance(space, list) else space[0])
    if name in ("/DeviceRGB", "/CalRGB") or (name == "/ICCBased" and int(space[1].get_object()["/N"]) == 3):
        found.rgb.append(f"{where}: {name}")
        return
    if name == "/DeviceCMYK":
        from PIL import Image

        found.cmyk_images += 1
        size = (int(image["/Width"]), int(image["/Height"]))
        pixels = Image.frombytes("CMYK", size, image.get_data())
        bands = pixels.split()
        from PIL import ImageMath

        total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=bands[0], m=bands[1],
                                      y=bands[2], k=bands[3])
        found.max_image_ink = max(found.max_image_ink, total.getextrema()[1] / 255 * 100)


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
