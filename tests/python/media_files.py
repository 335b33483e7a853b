"""Decodes the PNG images and WAV clips that image and audio summaries hold, in pure Python, so a
conformance program compares pixels and samples rather than encoder output (PNG compression
settings differ between encoders; the pixels must not)."""

import struct
import zlib

import numpy as np

_CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # PNG color type -> channels


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def decode_png(data):
    """An 8-bit, non-interlaced PNG as a [height, width, channels] uint8 array."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        (length,), kind = struct.unpack(">I", data[pos:pos + 4]), data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or interlace:
                raise ValueError("only 8-bit, non-interlaced PNGs are decoded")
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = _CHANNELS[color]
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous = [], [0] * stride
    for y in range(height):
        kind, line = raw[y * (stride + 1)], list(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, up_left = previous[i], previous[i - channels] if i >= channels else 0
            predictor = (0, left, up, (left + up) // 2, _paeth(left, up, up_left))[kind]
            line[i] = (line[i] + predictor) & 0xFF
        rows.append(line)
        previous = line
    return np.array(rows, dtype=np.uint8).reshape(height, width, channels)


def decode_wav(data):
    """A 16-bit PCM WAV file as (sample rate, [frames, channels] float32 samples in [-1, 1])."""
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise ValueError("not a WAV file")
    pos, rate, channels, samples = 12, None, None, None
    while pos < len(data):
        kind, (length,) = data[pos:pos + 4], struct.unpack("<I", data[pos + 4:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"fmt ":
            _, channels, rate, _, _, bits = struct.unpack("<HHIIHH", body[:16])
            if bits != 16:
                raise ValueError("only 16-bit WAV files are decoded")
        elif kind == b"data":
            samples = np.frombuffer(body, dtype="<i2").reshape(-1, channels).astype(np.float32) / 32768.0
        pos += 8 + length + (length & 1)
    return rate, samples
