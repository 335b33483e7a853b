"""tf.audio.decode_wav and encode_wav: TensorFlow's bytes for encoded audio (clipping and rounding
to 16 bits, NaN), decoded samples scaled by 1/32768, desired_channels (the last channel repeated,
extra ones dropped) and desired_samples (zero padding, truncation), the chunks TensorFlow skips
before "fmt " and after it, an 18-byte format chunk, its header checks and messages, traced shapes."""
import hashlib
import re
import struct

import numpy as np

from harness import tf


def show(label, fn):
    try:
        result = fn()
    except Exception as e:  # noqa: BLE001 - class and message are compared
        message = re.sub(r"^\[\w+\] ", "", str(e).split(" [Op:")[0].split("}}")[-1].strip())
        print(label, "raises", type(e).__name__, message)
        return
    if isinstance(result, tuple):
        audio, rate = result
        print(label, audio.dtype.name, tuple(audio.shape), np.round(audio.numpy(), 6).ravel().tolist()[:12], int(rate))
    else:
        print(label, hashlib.sha256(result.numpy()).hexdigest()[:16], len(result.numpy()))


def chunk(name, payload):
    return name + struct.pack("<I", len(payload)) + payload


def wav(samples, channels=1, rate=8000, bits=16, fmt=1, fmt_size=16, before=b"", after=b"", align=None, byte_rate=None):
    align = (bits * channels + 7) // 8 if align is None else align
    byte_rate = align * rate if byte_rate is None else byte_rate
    format_chunk = struct.pack("<HHIIHH", fmt, channels, rate, byte_rate, align, bits) + (b"\0\0" if fmt_size == 18 else b"")
    data = struct.pack("<%dh" % len(samples), *samples)
    body = b"WAVE" + before + chunk(b"fmt ", format_chunk) + after + chunk(b"data", data)
    return b"RIFF" + struct.pack("<I", len(body)) + body


stereo = wav([0, 1, -1, 32767, -32768, 16384, 100, -100], channels=2, rate=16000)
mono = wav([1000, -2000, 3000], rate=22050)
show("stereo", lambda: tf.audio.decode_wav(stereo))
show("mono", lambda: tf.audio.decode_wav(mono))
for channels, samples in [(1, -1), (2, -1), (3, -1), (-1, 2), (-1, 6), (2, 5), (1, 0)]:
    show("stereo %d %d" % (channels, samples), lambda: tf.audio.decode_wav(stereo, channels, samples))
    show("mono %d %d" % (channels, samples), lambda: tf.audio.decode_wav(mono, desired_channels=channels, desired_samples=samples))
show("junk first", lambda: tf.audio.decode_wav(wav([5, 6], before=chunk(b"JUNK", b"1234"))))
show("list chunk after", lambda: tf.audio.decode_wav(wav([5, 6], after=chunk(b"LIST", b"abcdef"))))
show("18-byte format", lambda: tf.audio.decode_wav(wav([7, 8, 9], fmt_size=18)))
show("trailing chunk", lambda: tf.audio.decode_wav(mono + chunk(b"cue ", b"12345678")))
show("odd data size", lambda: tf.audio.decode_wav(wav([1, 2, 3], channels=2)))
show("empty data", lambda: tf.audio.decode_wav(wav([])))

show("not riff", lambda: tf.audio.decode_wav(b"RIFX" + stereo[4:]))
show("not wave", lambda: tf.audio.decode_wav(stereo[:8] + b"WAVX" + stereo[12:]))
show("unexpected chunk", lambda: tf.audio.decode_wav(wav([1], before=chunk(b"abcd", b""))))
show("8-bit", lambda: tf.audio.decode_wav(wav([1], bits=8)))
show("float format", lambda: tf.audio.decode_wav(wav([1], fmt=3)))
show("format size", lambda: tf.audio.decode_wav(wav([1])[:16] + struct.pack("<I", 20) + wav([1])[20:]))
show("zero channels", lambda: tf.audio.decode_wav(wav([1], channels=0, align=2)))
show("bad align", lambda: tf.audio.decode_wav(wav([1], align=4)))
show("bad byte rate", lambda: tf.audio.decode_wav(wav([1], byte_rate=3)))
show("no data", lambda: tf.audio.decode_wav(wav([1])[:36]))
show("two data chunks", lambda: tf.audio.decode_wav(mono + chunk(b"data", b"\1\0")))
for cut in [3, 10, 20, 40, len(mono) - 1]:
    show("cut %d" % cut, lambda: tf.audio.decode_wav(mono[:cut]))
show("huge chunk", lambda: tf.audio.decode_wav(mono + b"data" + struct.pack("<I", 2**31 + 5)))
show("vector contents", lambda: tf.audio.decode_wav([mono, mono]))

audio = tf.constant([[0.0, 0.5], [-0.5, 1.0], [1.5, -2.0], [0.25, -0.999], [float("nan"), 3e-5]])
show("encode", lambda: tf.audio.encode_wav(audio, 44100))
show("encode mono", lambda: tf.audio.encode_wav(audio[:, :1], 8000))
show("encode empty", lambda: tf.audio.encode_wav(tf.zeros([0, 2]), 8000))
show("round trip", lambda: tf.audio.decode_wav(tf.audio.encode_wav(audio, 44100)))
print(tf.audio.encode_wav(audio[:2], 100).numpy()[:44].hex())
show("encode rank 1", lambda: tf.audio.encode_wav(tf.zeros([4]), 8000))
show("encode rate vector", lambda: tf.audio.encode_wav(audio, [8000, 1]))
show("encode zero rate", lambda: tf.audio.encode_wav(audio, 0))
show("encode negative rate", lambda: tf.audio.encode_wav(audio, -5))
show("encode no channels", lambda: tf.audio.encode_wav(tf.zeros([3, 0]), 8000))


@tf.function
def traced(contents):
    a = tf.audio.decode_wav(contents)
    b = tf.audio.decode_wav(contents, desired_channels=2, desired_samples=7)
    print("traced", a.audio.shape, a.sample_rate.shape, b.audio.shape, tf.audio.encode_wav(b.audio, b.sample_rate).shape)
    return b.audio


print(traced(tf.constant(stereo)).shape)
decoded = tf.audio.decode_wav(stereo)
print(type(decoded).__name__, decoded._fields, decoded.audio.shape, decoded.sample_rate.dtype.name)
