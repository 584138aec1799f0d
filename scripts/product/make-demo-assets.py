#!/usr/bin/env python3
"""Draw the images of livery's demo targets and templates.

    scripts/product/make-demo-assets.py [--root DIR] [--check]

Writes the PNG and SVG files under targets/*/assets/ and templates/*/assets/
(app icons, logos, cards, banners, splash screens, avatars), drawn from simple
shapes: gradients, circles, rounded rectangles and monograms made of round
strokes. Only the Python standard library is used (zlib and struct write the
PNGs). The drawing is deterministic; PNG bytes also depend on the zlib build,
so --check compares decoded pixels, not bytes, and exits 1 when a file is
missing or out of date.

App icons are 1024×1024 RGB PNGs without alpha, as App Store Connect wants.
Android adaptive-icon layers (verde-grocers) are 432×432: the foreground and the
monochrome silhouette are RGBA with the emblem inside the middle 264 px, the
background is RGB.
Scaled images are written at exactly 1×, 2× and 3× (name.png, name@2x.png,
name@3x.png). Fonts and their licences are not drawn here: they are copies of
SIL Open Font Licence fonts and are committed as they are.
"""
import argparse
import math
import os
import struct
import sys
import zlib

# ---------------------------------------------------------------------------
# Colours


def rgb(text):
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


def mix(a, b, t):
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


WHITE = (255, 255, 255)

# ---------------------------------------------------------------------------
# Signed distance functions (negative inside), in pixels of the canvas.


def circle(cx, cy, r):
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def ring(cx, cy, r, width):
    return lambda x, y: abs(math.hypot(x - cx, y - cy) - r) - width / 2


def segment(ax, ay, bx, by, r):
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy or 1e-9

    def sdf(x, y):
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
        return math.hypot(x - ax - t * dx, y - ay - t * dy) - r
    return sdf


def rounded_rect(x0, y0, x1, y1, r):
    cx, cy, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2

    def sdf(x, y):
        qx, qy = abs(x - cx) - hw + r, abs(y - cy) - hh + r
        return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r
    return sdf


def convex_polygon(points):
    """A convex polygon; the distance is the largest distance outside any edge's line."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    edges = []
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        nx, ny = by - ay, ax - bx
        length = math.hypot(nx, ny)
        nx, ny = nx / length, ny / length
        if (cx - ax) * nx + (cy - ay) * ny > 0:  # make the normal point outwards
            nx, ny = -nx, -ny
        edges.append((ax, ay, nx, ny))
    return lambda x, y: max((x - ax) * nx + (y - ay) * ny for ax, ay, nx, ny in edges)


def union(*sdfs):
    return lambda x, y: min(f(x, y) for f in sdfs)


def intersect(*sdfs):
    return lambda x, y: max(f(x, y) for f in sdfs)


def subtract(a, b):
    return lambda x, y: max(a(x, y), -b(x, y))


def leaf(cx, cy, length, width, angle):
    """A lens (two intersecting circles) centred at cx, cy along `angle` radians."""
    half_l, half_w = length / 2, width / 2
    radius = (half_l * half_l + half_w * half_w) / (2 * half_w)
    offset = radius - half_w
    nx, ny = -math.sin(angle), math.cos(angle)
    return intersect(circle(cx + nx * offset, cy + ny * offset, radius),
                     circle(cx - nx * offset, cy - ny * offset, radius))


# Monograms: round strokes in a unit box (x right, y down).
LETTERS = {
    "A": [((0.0, 1.0), (0.5, 0.0)), ((0.5, 0.0), (1.0, 1.0)), ((0.24, 0.6), (0.76, 0.6))],
    "H": [((0.0, 0.0), (0.0, 1.0)), ((1.0, 0.0), (1.0, 1.0)), ((0.0, 0.5), (1.0, 0.5))],
    "V": [((0.0, 0.0), (0.5, 1.0)), ((0.5, 1.0), (1.0, 0.0))],
    "B": [((0.0, 0.0), (0.0, 1.0)), ((0.0, 0.0), (0.62, 0.0)), ((0.0, 0.48), (0.66, 0.48)),
          ((0.0, 1.0), (0.68, 1.0))],
}


def monogram(letter, x, y, w, h, stroke):
    return union(*[segment(x + ax * w, y + ay * h, x + bx * w, y + by * h, stroke / 2)
                   for (ax, ay), (bx, by) in LETTERS[letter]])


# ---------------------------------------------------------------------------
# A canvas of RGB pixels


class Canvas:
    def __init__(self, width, height, color=WHITE):
        self.width, self.height = width, height
        self.rows = [bytearray(bytes(color) * width) for _ in range(height)]

    def vertical_gradient(self, top, bottom):
        for y, row in enumerate(self.rows):
            t = y / max(1, self.height - 1)
            row[:] = bytes(mix(top, bottom, t)) * self.width

    def diagonal_gradient(self, start, end):
        span = max(1, self.width + self.height - 2)
        for y, row in enumerate(self.rows):
            for x in range(self.width):
                row[3 * x:3 * x + 3] = bytes(mix(start, end, (x + y) / span))

    def fill(self, sdf, color, box, opacity=1.0):
        """Blends `color` where sdf < 0, anti-aliased over one pixel; box bounds the work."""
        x0, y0, x1, y1 = box
        for y in range(max(0, int(y0) - 1), min(self.height, int(math.ceil(y1)) + 1)):
            row = self.rows[y]
            for x in range(max(0, int(x0) - 1), min(self.width, int(math.ceil(x1)) + 1)):
                coverage = 0.5 - sdf(x + 0.5, y + 0.5)
                if coverage <= 0:
                    continue
                a = min(1.0, coverage) * opacity
                i = 3 * x
                if a >= 1.0:
                    row[i:i + 3] = bytes(color)
                else:
                    row[i] = int(round(row[i] + (color[0] - row[i]) * a))
                    row[i + 1] = int(round(row[i + 1] + (color[1] - row[i + 1]) * a))
                    row[i + 2] = int(round(row[i + 2] + (color[2] - row[i + 2]) * a))

    def png(self):
        raw = bytearray()
        for row in self.rows:
            # Filter type 1 (Sub): flat colour and vertical gradients become runs of zeros.
            raw.append(1)
            raw += bytes(row[:3])
            raw += bytes((row[i] - row[i - 3]) & 0xFF for i in range(3, len(row)))
        return encode_png(self.width, self.height, bytes(raw))


class LayerCanvas:
    """A transparent square of RGBA pixels: a layer of Android's adaptive icon."""

    def __init__(self, size):
        self.width = self.height = size
        self.rows = [bytearray(4 * size) for _ in range(size)]

    def fill(self, sdf, color, box):
        """Paints `color` over what is there where sdf < 0, anti-aliased over one pixel."""
        x0, y0, x1, y1 = box
        for y in range(max(0, int(y0) - 1), min(self.height, int(math.ceil(y1)) + 1)):
            row = self.rows[y]
            for x in range(max(0, int(x0) - 1), min(self.width, int(math.ceil(x1)) + 1)):
                a = min(1.0, 0.5 - sdf(x + 0.5, y + 0.5))
                if a <= 0:
                    continue
                i = 4 * x
                below = row[i + 3] / 255 * (1 - a)
                alpha = a + below
                for k in range(3):
                    row[i + k] = int(round((color[k] * a + row[i + k] * below) / alpha))
                row[i + 3] = int(round(alpha * 255))

    def png(self):
        raw = bytearray()
        for row in self.rows:
            raw.append(1)
            raw += bytes(row[:4])
            raw += bytes((row[i] - row[i - 4]) & 0xFF for i in range(4, len(row)))
        return encode_png(self.width, self.height, bytes(raw), color_type=6)


class Shifted:
    """Draws on `canvas` with every shape moved by (dx, dy): an emblem drawn for a
    square of `size` placed inside a larger layer."""

    def __init__(self, canvas, dx, dy):
        self.canvas, self.dx, self.dy = canvas, dx, dy

    def fill(self, sdf, color, box):
        dx, dy = self.dx, self.dy
        self.canvas.fill(lambda x, y: sdf(x - dx, y - dy), color, (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy))


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def encode_png(width, height, filtered, color_type=2):
    ihdr = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)  # 8-bit RGB (2) or RGBA (6)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(filtered, 9)) + chunk(b"IEND", b""))


def png_pixels(data):
    """(width, height, unfiltered RGB or RGBA rows) of a PNG this script wrote; None for anything else."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return None
    pos, idat, header = 8, b"", None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if not header or header[2:4] not in ((8, 2), (8, 6)):
        return None
    width, height, n = header[0], header[1], 3 if header[3] == 2 else 4
    raw, stride, rows, previous = zlib.decompress(idat), n * header[0], [], bytearray(n * header[0])
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - n] if i >= n else 0
            b, c = previous[i], previous[i - n] if i >= n else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + b) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, rows


# ---------------------------------------------------------------------------
# Artwork. Every drawing takes a scale so that @2x and @3x are exact multiples.


def draw_stroked(canvas, sdf, color, box):
    canvas.fill(sdf, color, box)


def app_icon(top, bottom, emblem):
    c = Canvas(1024, 1024)
    c.vertical_gradient(top, bottom)
    emblem(c, 1024)
    return c.png()


def emblem_acme(gold, letter=WHITE):
    def draw(c, size):
        s = size / 1024
        c.fill(ring(512 * s, 512 * s, 330 * s, 36 * s), gold, (160 * s, 160 * s, 864 * s, 864 * s))
        c.fill(monogram("A", 352 * s, 330 * s, 320 * s, 340 * s, 76 * s), letter,
               (300 * s, 280 * s, 724 * s, 720 * s))
    return draw


def emblem_harbor(coral):
    def draw(c, size):
        s = size / 1024
        c.fill(ring(512 * s, 480 * s, 300 * s, 44 * s), WHITE, (180 * s, 150 * s, 844 * s, 810 * s))
        c.fill(monogram("H", 392 * s, 350 * s, 240 * s, 260 * s, 64 * s), WHITE,
               (350 * s, 310 * s, 674 * s, 650 * s))
        c.fill(segment(332 * s, 880 * s, 692 * s, 880 * s, 26 * s), coral, (290 * s, 840 * s, 734 * s, 920 * s))
    return draw


def emblem_verde(leaf_color, dot):
    def draw(c, size):
        s = size / 1024
        c.fill(leaf(512 * s, 470 * s, 640 * s, 360 * s, -math.pi / 4), leaf_color,
               (230 * s, 190 * s, 794 * s, 750 * s))
        c.fill(monogram("V", 372 * s, 350 * s, 280 * s, 290 * s, 70 * s), WHITE,
               (320 * s, 300 * s, 704 * s, 690 * s))
        c.fill(circle(512 * s, 840 * s, 40 * s), dot, (460 * s, 790 * s, 564 * s, 890 * s))
    return draw


def emblem_verde_silhouette(c, size):
    """The Verde emblem in one colour for themed icons: the V is cut out of the leaf."""
    s = size / 1024
    shape = subtract(leaf(512 * s, 470 * s, 640 * s, 360 * s, -math.pi / 4), monogram("V", 372 * s, 350 * s, 280 * s, 290 * s, 70 * s))
    c.fill(shape, WHITE, (230 * s, 190 * s, 794 * s, 750 * s))
    c.fill(circle(512 * s, 840 * s, 40 * s), WHITE, (460 * s, 790 * s, 564 * s, 890 * s))


# Adaptive-icon layers are 108 dp square at 4 px per dp; launchers show the middle
# 72 dp through their mask and keep 66 dp (264 px) safe, where the emblem goes.
LAYER = 432
LAYER_EMBLEM = 300


def icon_layer(emblem):
    c = LayerCanvas(LAYER)
    offset = (LAYER - LAYER_EMBLEM) / 2
    emblem(Shifted(c, offset, offset - LAYER_EMBLEM * 0.03), LAYER_EMBLEM)
    return c.png()


def icon_background(top, bottom):
    c = Canvas(LAYER, LAYER)
    c.vertical_gradient(top, bottom)
    return c.png()


def emblem_bank_template(c, size):
    s = size / 1024
    white = WHITE
    roof = convex_polygon([(512 * s, 220 * s), (800 * s, 420 * s), (224 * s, 420 * s)])
    c.fill(roof, white, (220 * s, 226 * s, 804 * s, 424 * s))
    for i in range(4):
        x = (300 + i * 142) * s
        c.fill(rounded_rect(x, 460 * s, x + 70 * s, 720 * s, 12 * s), white, (x, 456 * s, x + 70 * s, 724 * s))
    c.fill(rounded_rect(240 * s, 750 * s, 784 * s, 810 * s, 14 * s), white, (236 * s, 746 * s, 788 * s, 814 * s))


def emblem_retail_template(c, size):
    s = size / 1024
    c.fill(rounded_rect(272 * s, 400 * s, 752 * s, 800 * s, 48 * s), WHITE, (268 * s, 396 * s, 756 * s, 804 * s))
    handle = intersect(ring(512 * s, 400 * s, 130 * s, 40 * s), lambda x, y: y - 400 * s)
    c.fill(handle, WHITE, (360 * s, 248 * s, 664 * s, 404 * s))


def card(scale, start, end, chip, letter, mark):
    w, h = 172 * scale, 108 * scale
    c = Canvas(w, h)
    c.diagonal_gradient(start, end)
    s = scale
    c.fill(circle(150 * s, 18 * s, 60 * s), mix(end, WHITE, 0.12), (90 * s, 0, 172 * s, 78 * s), opacity=0.6)
    c.fill(rounded_rect(16 * s, 38 * s, 42 * s, 58 * s, 4 * s), chip, (16 * s, 38 * s, 42 * s, 58 * s))
    c.fill(monogram(letter, 134 * s, 76 * s, 20 * s, 18 * s, 4 * s), mark, (128 * s, 70 * s, 160 * s, 100 * s))
    for i in range(4):
        x = (16 + i * 22) * s
        c.fill(segment(x, 82 * s, x + 14 * s, 82 * s, 1.5 * s), WHITE, (x - 2 * s, 79 * s, x + 16 * s, 85 * s),
               opacity=0.85)
    return c.png()


def promo_banner(scale, background, stripe, orange, lemon, apple, leaf_color):
    s = scale
    c = Canvas(320 * s, 120 * s, background)
    c.fill(rounded_rect(-20 * s, 88 * s, 340 * s, 140 * s, 0), stripe, (0, 88 * s, 320 * s, 120 * s))
    c.fill(circle(230 * s, 62 * s, 34 * s), orange, (196 * s, 28 * s, 264 * s, 96 * s))
    c.fill(circle(282 * s, 72 * s, 24 * s), apple, (258 * s, 48 * s, 306 * s, 96 * s))
    c.fill(leaf(288 * s, 42 * s, 22 * s, 10 * s, -math.pi / 5), leaf_color, (276 * s, 32 * s, 300 * s, 52 * s))
    c.fill(leaf(186 * s, 84 * s, 48 * s, 30 * s, math.pi / 8), lemon, (160 * s, 66 * s, 212 * s, 102 * s))
    for i in range(3):
        c.fill(circle((28 + i * 18) * s, 30 * s, 5 * s), stripe, (20 * s, 22 * s, 86 * s, 38 * s))
    return c.png()


def avatar(scale, background, figure):
    s = scale
    c = Canvas(48 * s, 48 * s, background)
    c.fill(circle(24 * s, 18 * s, 8.5 * s), figure, (14 * s, 8 * s, 34 * s, 28 * s))
    c.fill(intersect(circle(24 * s, 48 * s, 17 * s), lambda x, y: y - 46 * s), figure, (6 * s, 30 * s, 42 * s, 48 * s))
    return c.png()


def splash(top, bottom, emblem):
    c = Canvas(360, 720)
    c.vertical_gradient(top, bottom)
    # The emblem drawn for a 1024 icon, shrunk into a 240 px square in the middle.
    sub = Canvas(240, 240)
    sub.rows = [bytearray(c.rows[240 + y][60 * 3:300 * 3]) for y in range(240)]
    sub.width, sub.height = 240, 240
    emblem(sub, 240)
    for y in range(240):
        c.rows[240 + y][60 * 3:300 * 3] = sub.rows[y]
    return c.png()


# ---------------------------------------------------------------------------
# SVG


def svg_monogram(letter, x, y, w, h, stroke, color):
    d = " ".join("M%g %gL%g %g" % (x + ax * w, y + ay * h, x + bx * w, y + by * h)
                 for (ax, ay), (bx, by) in LETTERS[letter])
    return ('<path d="%s" fill="none" stroke="%s" stroke-width="%g" stroke-linecap="round" '
            'stroke-linejoin="round"/>' % (d, color, stroke))


def svg_mark(title, mark, background, desc=None):
    """The square mark alone, drawn with paths and shapes only (no text), so
    Android converts it to a VectorDrawable like the other platforms use it."""
    description = "  <desc>%s</desc>\n" % desc if desc else ""
    return ("""<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="%s">
  <title>%s</title>
%s  <rect x="2" y="2" width="60" height="60" rx="14" fill="%s"/>
  %s
</svg>
""" % (title, title, description, background, mark)).encode()


TEMPLATE_LOGO = "Replace this logo. Draw it with paths and shapes, without text, so Android can use it too."


def svg_ring(cx, cy, r, width, color):
    return '<circle cx="%g" cy="%g" r="%g" fill="none" stroke="%s" stroke-width="%g"/>' % (cx, cy, r, color, width)


# ---------------------------------------------------------------------------
# The demo


ACME = {"navy": rgb("#0A3D91"), "navyDeep": rgb("#062557"), "gold": rgb("#F2A900"), "night": rgb("#0E1117")}
HARBOR = {"teal": rgb("#0F6E74"), "deep": rgb("#094246"), "coral": rgb("#E4572E"), "sand": rgb("#E9DCC3"),
          "night": rgb("#0F1416")}
VERDE = {"green": rgb("#2E7D32"), "deep": rgb("#1C4B1E"), "leaf": rgb("#82B184"), "citrus": rgb("#F9A825"),
         "cream": rgb("#FFFDF7"), "night": rgb("#101510"), "tomato": rgb("#D84315")}


def scaled(path, draw):
    stem, ext = os.path.splitext(path)
    return {path: lambda: draw(1), "%s@2x%s" % (stem, ext): lambda: draw(2), "%s@3x%s" % (stem, ext): lambda: draw(3)}


def files():
    """Repository path → function returning the file's bytes."""
    out = {}
    # base: a neutral avatar placeholder every client inherits.
    out.update(scaled("targets/base/assets/avatar.png", lambda s: avatar(s, rgb("#E1E3E6"), rgb("#898E99"))))

    a = ACME
    out["targets/acme-bank/assets/AppIcon.png"] = lambda: app_icon(a["navy"], a["navyDeep"], emblem_acme(a["gold"]))
    out["targets/acme-bank/assets/splash.png"] = lambda: splash(WHITE, rgb("#CED8E9"), emblem_acme(a["gold"], a["navy"]))
    out["targets/acme-bank/assets/splash-dark.png"] = lambda: splash(a["night"], a["navyDeep"], emblem_acme(a["gold"]))
    out.update(scaled("targets/acme-bank/assets/card.png",
                      lambda s: card(s, a["navy"], a["navyDeep"], a["gold"], "A", a["gold"])))
    # Logos are drawn with paths and shapes only, so Android draws them as VectorDrawables
    # and the demo builds without a warning (a wordmark set as <text> cannot be converted).
    out["targets/acme-bank/assets/logo.svg"] = lambda: svg_mark(
        "Acme Bank", svg_ring(32, 32, 20, 3.5, "#F2A900") + svg_monogram("A", 22, 21, 20, 22, 5, "#FFFFFF"), "#0A3D91")
    # The mark alone, without the wordmark's text: Android draws it as a VectorDrawable.
    out["targets/acme-bank/assets/mark.svg"] = lambda: svg_mark(
        "Acme Bank", svg_ring(32, 32, 20, 3.5, "#F2A900") + svg_monogram("A", 22, 21, 20, 22, 5, "#FFFFFF"), "#0A3D91")

    h = HARBOR
    out["targets/harbor-credit-union/assets/AppIcon.png"] = lambda: app_icon(h["teal"], h["deep"], emblem_harbor(h["coral"]))
    out["targets/harbor-credit-union/assets/splash.png"] = lambda: splash(rgb("#F1F6F6"), h["sand"], emblem_harbor_light(h))
    out["targets/harbor-credit-union/assets/splash-dark.png"] = lambda: splash(h["night"], h["deep"], emblem_harbor(h["coral"]))
    out.update(scaled("targets/harbor-credit-union/assets/member-card.png",
                      lambda s: card(s, h["teal"], h["deep"], h["sand"], "H", h["coral"])))
    out["targets/harbor-credit-union/assets/logo.svg"] = lambda: svg_mark(
        "Harbor Credit Union", svg_ring(32, 30, 19, 4, "#FFFFFF") + svg_monogram("H", 25, 23, 14, 15, 4, "#FFFFFF")
        + '<path d="M20 55H44" stroke="#E4572E" stroke-width="3" stroke-linecap="round"/>', "#0F6E74")

    v = VERDE
    out["targets/verde-grocers/assets/AppIcon.png"] = lambda: app_icon(v["green"], v["deep"], emblem_verde(v["leaf"], v["citrus"]))
    out["targets/verde-grocers/assets/ic_launcher_foreground.png"] = lambda: icon_layer(emblem_verde(v["leaf"], v["citrus"]))
    out["targets/verde-grocers/assets/ic_launcher_background.png"] = lambda: icon_background(v["green"], v["deep"])
    out["targets/verde-grocers/assets/ic_launcher_monochrome.png"] = lambda: icon_layer(emblem_verde_silhouette)
    out["targets/verde-grocers/assets/splash.png"] = lambda: splash(v["cream"], rgb("#D5E5D6"), emblem_verde(v["green"], v["citrus"]))
    out["targets/verde-grocers/assets/splash-dark.png"] = lambda: splash(v["night"], v["deep"], emblem_verde(v["leaf"], v["citrus"]))
    out.update(scaled("targets/verde-grocers/assets/promo-banner.png",
                      lambda s: promo_banner(s, v["cream"], v["green"], rgb("#F57C00"), v["citrus"], v["tomato"], v["green"])))
    out["targets/verde-grocers/assets/logo.svg"] = lambda: svg_mark(
        "Verde Grocers",
        '<path d="M32 10C46 14 52 28 46 42C40 52 24 54 16 46C8 34 16 14 32 10Z" fill="#82B184"/>'
        + svg_monogram("V", 23, 20, 18, 20, 5, "#FFFFFF") + '<circle cx="32" cy="54" r="3" fill="#F9A825"/>', "#2E7D32")

    # Templates: generic art a new client replaces.
    out["templates/bank/assets/AppIcon.png"] = lambda: app_icon(rgb("#0B5FFF"), rgb("#0842B0"), emblem_bank_template)
    out["templates/bank/assets/logo.svg"] = lambda: svg_mark(
        "Bank logo",
        '<path d="M14 26L32 14L50 26Z" fill="#FFFFFF"/><path d="M18 30V44M27 30V44M37 30V44M46 30V44" '
        'stroke="#FFFFFF" stroke-width="4" stroke-linecap="round"/><rect x="14" y="47" width="36" height="4" rx="2" fill="#FFFFFF"/>',
        "#0B5FFF", TEMPLATE_LOGO)
    out["templates/retail/assets/AppIcon.png"] = lambda: app_icon(rgb("#00796B"), rgb("#004D40"), emblem_retail_template)
    out["templates/retail/assets/logo.svg"] = lambda: svg_mark(
        "Shop logo",
        '<rect x="16" y="24" width="32" height="26" rx="4" fill="#FFFFFF"/>'
        '<path d="M24 24A8 8 0 0 1 40 24" fill="none" stroke="#FFFFFF" stroke-width="3.5"/>',
        "#00796B", TEMPLATE_LOGO)
    return out


def emblem_harbor_light(h):
    def draw(c, size):
        s = size / 1024
        c.fill(ring(512 * s, 480 * s, 300 * s, 44 * s), h["teal"], (180 * s, 150 * s, 844 * s, 810 * s))
        c.fill(monogram("H", 392 * s, 350 * s, 240 * s, 260 * s, 64 * s), h["teal"],
               (350 * s, 310 * s, 674 * s, 650 * s))
        c.fill(segment(332 * s, 880 * s, 692 * s, 880 * s, 26 * s), h["coral"], (290 * s, 840 * s, 734 * s, 920 * s))
    return draw


def same(path, data):
    if not os.path.exists(path):
        return False
    with open(path, "rb") as f:
        old = f.read()
    if old == data:
        return True
    if path.endswith(".png"):
        return png_pixels(old) is not None and png_pixels(old) == png_pixels(data)
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        help="the repository root (default: this script's repository)")
    parser.add_argument("--check", action="store_true", help="only check that the files are up to date")
    args = parser.parse_args()
    stale = []
    for path, make in sorted(files().items()):
        data = make()
        full = os.path.join(args.root, path)
        if same(full, data):
            continue
        if args.check:
            stale.append(path)
            continue
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)
        print("wrote %s (%d bytes)" % (path, len(data)))
    if stale:
        sys.exit("out of date: " + ", ".join(stale) + "\nrun scripts/product/make-demo-assets.py")


if __name__ == "__main__":
    main()
