"""GIF and BMP files written byte by byte (TensorFlow encodes neither), so conformance programs can
decode the same files under TensorFlow and tfpp."""

import struct


def _lzw_codes(indices, min_bits):
    """(code, bit width) pairs of GIF's LZW: a dictionary of strings growing the code width up to
    12 bits, and a clear code when it is full."""
    clear = 1 << min_bits
    codes, bits = [(clear, min_bits + 1)], min_bits + 1
    table, next_code, current = {}, clear + 2, ()
    for v in indices:
        if current + (v,) in table or not current:
            current += (v,)
            continue
        codes.append((table.get(current, current[0]), bits))
        if next_code == 4096:
            codes.append((clear, bits))
            table, next_code, bits = {}, clear + 2, min_bits + 1
        else:
            table[current + (v,)] = next_code
            if next_code == 1 << bits:
                bits += 1
            next_code += 1
        current = (v,)
    codes.append((table.get(current, current[0]), bits))
    return codes + [(clear + 1, bits)]


def _lzw(indices, min_bits=8):
    acc = nbits = 0
    packed = bytearray()
    for code, bits in _lzw_codes(list(indices), min_bits):
        acc |= code << nbits
        nbits += bits
        while nbits >= 8:
            packed.append(acc & 255)
            acc, nbits = acc >> 8, nbits - 8
    if nbits:
        packed.append(acc)
    out = bytearray([min_bits])
    for i in range(0, len(packed), 255):
        out += bytes([len(packed[i:i + 255])]) + packed[i:i + 255]
    return bytes(out + b"\0")


def _color_table(colors, size_bits):
    colors = list(colors) + [(0, 0, 0)] * ((2 << size_bits) - len(colors))
    return bytes(v for color in colors for v in color)


def gif(width, height, frames, global_colors=None, size_bits=7):
    """A GIF89a file. Each frame is a dict: `pixels` (rows of color indices) and optionally `left`,
    `top`, `colors` (a local color table), `transparent` (an index), `disposal`, `interlaced`."""
    out = bytearray(b"GIF89a" + struct.pack("<HH", width, height))
    out += bytes([(0x80 | 0x70 | size_bits) if global_colors is not None else 0x70, 0, 0])
    if global_colors is not None:
        out += _color_table(global_colors, size_bits)
    for f in frames:
        rows = f["pixels"]
        if "transparent" in f or "disposal" in f:
            t = f.get("transparent")
            flags = (f.get("disposal", 0) << 2) | (t is not None)
            out += bytes([0x21, 0xF9, 4, flags, 10, 0, t or 0, 0])
        out += b"," + struct.pack("<HHHH", f.get("left", 0), f.get("top", 0), len(rows[0]), len(rows))
        interlaced = f.get("interlaced", False)
        out += bytes([(0x80 | size_bits if "colors" in f else 0) | (0x40 if interlaced else 0)])
        if "colors" in f:
            out += _color_table(f["colors"], size_bits)
        order = list(range(len(rows)))
        if interlaced:
            order = order[0::8] + order[4::8] + order[2::4] + order[1::2]
        out += _lzw([v for r in order for v in rows[r]])
    return bytes(out + b";")


def bmp(rows, bits=24, top_down=False, pixel_offset=54):
    """An uncompressed BMP of rows of pixels (tuples of 1, 3 or 4 bytes, in RGB(A) order)."""
    channels = bits // 8
    width, height = len(rows[0]), len(rows)
    row_size = (width * channels + 3) // 4 * 4
    data = bytearray()
    for row in (rows if top_down else rows[::-1]):
        line = bytearray()
        for px in row:
            line += bytes(px) if channels == 1 else bytes([px[2], px[1], px[0]] + list(px[3:]))
        data += line + bytes(row_size - len(line))
    header = b"BM" + struct.pack("<IHHI", pixel_offset + len(data), 0, 0, pixel_offset)
    info = struct.pack("<IiiHHIIiiII", 40, width, -height if top_down else height, 1, bits, 0, len(data), 2835, 2835, 0, 0)
    return bytes(header + info + bytes(pixel_offset - 54) + data)
