"""sRGB colours and pictures separated into the press profile's CMYK, under an ink limit.

Every colour a deck names is sRGB (files/colours.py); a press prints cyan, magenta, yellow and
black. Each distinct colour goes through littleCMS (Pillow's ImageCms) once, relative
colorimetric with black-point compensation: colours the press can print keep their look, and the
darkest RGB maps to the press's darkest black rather than being clipped. Greys and black are the
exception: a neutral colour prints with black ink alone, at the black that matches its lightness
through the same profile, because text and hairlines in four inks show colour fringes wherever
the plates are a hair out of register. Pictures are photographs, where GCR in the profile is
right: they go through the profile whole.
"""

from __future__ import annotations

import hashlib
import io
from functools import cached_property

from printgen.draw.press.ink import Cmyk, limit_ink, limit_ink_image
from printgen.draw.press.profile import PressProfile


class Press:
    """One build's separation: the profile, the ink limit, and what has been converted so far."""

    def __init__(self, profile: PressProfile, ink_limit: float):
        self.profile = profile
        self.ink_limit = ink_limit
        self._colours: dict[tuple[int, int, int], Cmyk] = {}
        self._pictures: dict[str, tuple[object, object | None]] = {}
        self.transparent = 0            # pictures drawn with a transparent part (no PDF/X-3 then)

    # --- single colours -------------------------------------------------------------------------

    def rgb(self, r: float, g: float, b: float) -> Cmyk:
        """An sRGB colour (0 to 1 a channel) as press CMYK under the ink limit; converted once."""
        red, green, blue = (max(0, min(255, round(v * 255))) for v in (r, g, b))
        key = (red, green, blue)
        found = self._colours.get(key)
        if found is None:
            if red == green == blue:
                found = (0.0, 0.0, 0.0, self.black_for(red))
            else:
                from PIL import Image, ImageCms

                pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), key), self._to_press)
                assert pixel is not None
                c, m, y, k = pixel.getpixel((0, 0))  # type: ignore[misc]
                found = (c / 255.0, m / 255.0, y / 255.0, k / 255.0)
            found = self._colours[key] = limit_ink(found, self.ink_limit)
        return found

    def grey(self, level: float) -> Cmyk:
        """A grey level (0 black, 1 white) as black ink alone."""
        return self.rgb(level, level, level)

    def cmyk(self, cmyk: Cmyk) -> Cmyk:
        """A colour given in CMYK already: only held under the ink limit."""
        return limit_ink(cmyk, self.ink_limit)

    def black_for(self, level: int) -> float:
        """The black ink (0 to 1) whose print is as light as the sRGB grey `level` (0 to 255)."""
        ramp = self._black_ramp
        best = min(range(256), key=lambda k: (abs(ramp[k] - level), k))
        return best / 255.0

    @cached_property
    def _black_ramp(self) -> list[int]:
        """How light each of the 256 amounts of black ink alone prints, as an sRGB grey level."""
        from PIL import Image, ImageCms

        ramp = Image.new("CMYK", (256, 1))
        ramp.putdata([(0, 0, 0, k) for k in range(256)])
        seen = ImageCms.applyTransform(ramp, self._from_press)
        assert seen is not None
        return [seen.getpixel((k, 0))[1] for k in range(256)]  # type: ignore[index]

    # --- pictures -------------------------------------------------------------------------------

    def picture(self, image):
        """A Pillow picture (L, RGB, RGBA or CMYK) as (CMYK picture, alpha band or None), under
        the ink limit; the same pixels are converted once."""
        from PIL import Image, ImageCms

        key = hashlib.sha256(image.mode.encode() + repr(image.size).encode() + image.tobytes()).hexdigest()
        done = self._pictures.get(key)
        if done is None:
            alpha = image.getchannel("A") if image.mode in ("RGBA", "LA") else None
            if image.mode == "CMYK":
                cmyk = image
            elif image.mode in ("L", "LA"):        # grey stays black ink alone, as grey colours do
                ramp = [round(self.black_for(v) * 255) for v in range(256)]
                k = image.getchannel("L").point(ramp)
                zero = Image.new("L", image.size, 0)
                cmyk = Image.merge("CMYK", (zero, zero, zero, k))
            else:
                cmyk = ImageCms.applyTransform(image.convert("RGB"), self._to_press)
            done = self._pictures[key] = (limit_ink_image(cmyk, self.ink_limit), alpha)
        return done

    # --- transforms -----------------------------------------------------------------------------

    @cached_property
    def _press_profile(self):
        from PIL import ImageCms

        return ImageCms.ImageCmsProfile(io.BytesIO(self.profile.data))

    @cached_property
    def _to_press(self):
        from PIL import ImageCms

        return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), self._press_profile, "RGB", "CMYK",
                                       renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                       flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)

    @cached_property
    def _from_press(self):
        from PIL import ImageCms

        return ImageCms.buildTransform(self._press_profile, ImageCms.createProfile("sRGB"), "CMYK", "RGB",
                                       renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                       flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
