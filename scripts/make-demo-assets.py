#!/usr/bin/env python3
"""Draws the images of livery's demo targets (targets/*/assets) with the Python
standard library only, so they can be made again byte for byte.

    scripts/make-demo-assets.py [REPO_ROOT]

Writes, per client: a logo (SVG), a banner PNG with @2x/@3x siblings of exactly
2x/3x its size, a splash PNG with a -dark variant, and a 1024x1024 app icon
(RGB, no alpha). The base target gets a shared placeholder image.
"""
import os
import struct
import sys
import zlib

CLIENTS = {
    # id: (brand RGB, accent RGB, monogram, name)
    "acme-bank": ((0x1F, 0x4F, 0xD1), (0xF2, 0xB7, 0x05), "A", "Acme Bank"),
    "harbor-credit-union": ((0x0B, 0x6E, 0x6E), (0xF4, 0x8C, 0x5F), "H", "Harbor"),
    "verde-grocers": ((0x2E, 0x7D, 0x32), (0xFF, 0xD5, 0x4F), "V", "Verde"),
}

# 5x7 bitmaps for the monogram letters, drawn as blocks on the icon.
GLYPHS = {
    "A": ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
    "H": ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
    "V": ["10001", "10001", "10001", "10001", "01010", "01010", "00100"],
    "L": ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
}


def png(width, height, pixel):
    """An 8-bit RGB PNG; pixel(x, y) -> (r, g, b). Rows repeat often, so it compresses well."""
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for x in range(width):
            raw += bytes(pixel(x, y))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


def mix(a, b, t):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def icon(brand, accent, letter):
    size = 1024
    cell = 64
    glyph = GLYPHS[letter]
    gx0 = (size - 5 * cell) // 2
    gy0 = (size - 7 * cell) // 2
    centre = size / 2
    radius2 = 400 * 400

    def pixel(x, y):
        col, row = (x - gx0) // cell, (y - gy0) // cell
        if 0 <= row < 7 and 0 <= col < 5 and glyph[row][col] == "1":
            return (255, 255, 255)
        if (x - centre) ** 2 + (y - centre) ** 2 <= radius2:
            return mix(brand, accent, 0.25)
        return brand

    return png(size, size, pixel)


def banner(brand, accent, scale):
    width, height = 320 * scale, 120 * scale
    return png(width, height, lambda x, y: mix(brand, accent, x / (width - 1)))


def splash(top, bottom):
    width, height = 390, 844
    return png(width, height, lambda x, y: mix(top, bottom, y / (height - 1)))


def logo(brand, accent, name):
    r, g, b = brand
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64">\n'
            '  <rect x="0" y="0" width="64" height="64" rx="14" fill="#%02X%02X%02X"/>\n'
            '  <circle cx="32" cy="32" r="14" fill="#%02X%02X%02X"/>\n'
            '  <text x="76" y="42" font-family="sans-serif" font-size="26" font-weight="700" fill="#%02X%02X%02X">%s</text>\n'
            '</svg>\n' % (r, g, b, accent[0], accent[1], accent[2], r, g, b, name)).encode()


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    targets = os.path.join(root, "targets")
    for target, (brand, accent, letter, name) in CLIENTS.items():
        assets = os.path.join(targets, target, "assets")
        write(os.path.join(assets, "logo.svg"), logo(brand, accent, name))
        write(os.path.join(assets, "AppIcon.png"), icon(brand, accent, letter))
        write(os.path.join(assets, "banner.png"), banner(brand, accent, 1))
        write(os.path.join(assets, "banner@2x.png"), banner(brand, accent, 2))
        write(os.path.join(assets, "banner@3x.png"), banner(brand, accent, 3))
        write(os.path.join(assets, "splash.png"), splash(mix(brand, (255, 255, 255), 0.85), (255, 255, 255)))
        write(os.path.join(assets, "splash-dark.png"), splash(mix(brand, (0, 0, 0), 0.7), (16, 17, 21)))
    base = os.path.join(targets, "base", "assets")
    write(os.path.join(base, "placeholder.png"), png(96, 96, lambda x, y: (0xE5, 0xE7, 0xEB) if (x // 12 + y // 12) % 2 else (0xD1, 0xD5, 0xDB)))
    write(os.path.join(base, "placeholder@2x.png"), png(192, 192, lambda x, y: (0xE5, 0xE7, 0xEB) if (x // 24 + y // 24) % 2 else (0xD1, 0xD5, 0xDB)))
    templates = os.path.join(root, "templates")
    for template, brand, letter in (("bank", (0x0B, 0x5F, 0xFF), "L"), ("retail", (0xE6, 0x4A, 0x19), "L")):
        assets = os.path.join(templates, template, "assets")
        write(os.path.join(assets, "AppIcon.png"), icon(brand, (255, 255, 255), letter))
        write(os.path.join(assets, "logo.svg"), logo(brand, (255, 255, 255), "Logo"))


if __name__ == "__main__":
    main()
