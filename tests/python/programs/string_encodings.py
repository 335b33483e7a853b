"""tf.io.encode_base64/decode_base64 and tf.strings.unicode_decode, unicode_decode_with_offsets,
unicode_split_with_offsets, unicode_encode and unicode_transcode, eagerly and inside tf.function,
with TensorFlow 2.21's results and errors."""
from harness import show_error, tf


def show_error_saying(label, fn, text):
    """The class of the error fn() raises and whether its message says `text` (the op prefixes differ)."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - class and message are what is compared
        print("%s: %s, says %r: %s" % (label, type(e).__name__, text, text in str(e)))
    else:
        print("%s: no error" % label)


# ---- base64 ----
raw = tf.constant([b"", b"a", b"ab", b"abc", b"\xff\xfe\xfd\xfc", b"hello, world"])
print(tf.io.encode_base64(raw))
print(tf.io.encode_base64(raw, pad=True))
print(tf.io.encode_base64(tf.constant([[b"x", b"yz"]])))
print(tf.reduce_all(tf.io.decode_base64(tf.io.encode_base64(raw)) == raw))
print(tf.reduce_all(tf.io.decode_base64(tf.io.encode_base64(raw, pad=True)) == raw))
for text in [b"", b"YWJj", b"YWI", b"YWI=", b"YQ", b"YQ==", b"__-_", b"YR", b"YWJjZA"]:
    print(repr(text), tf.io.decode_base64(text).numpy())
for text in [b"YQ=", b"a+b/", b"YW=I", b"YQ==="]:
    show_error_saying(repr(text), lambda: tf.io.decode_base64(text), "Invalid character found in base64.")
for text in [b"Y", b"YWJj\n"]:
    show_error_saying(repr(text), lambda: tf.io.decode_base64(text), "Base64 string length cannot be 1 modulo 4.")
show_error("encode_base64 of integers", lambda: tf.io.encode_base64(tf.constant([1])))
print(tf.function(lambda s: tf.io.decode_base64(tf.io.encode_base64(s, pad=True)))(tf.constant(["graph", "mode"])))

# ---- unicode_decode ----
words = tf.constant(["héllo", "", "€x"])
print(tf.strings.unicode_decode(words, "UTF-8"))
print(tf.strings.unicode_decode("abc", "UTF-8"))
print(tf.strings.unicode_decode(tf.constant([["ab", "c"], ["", "dé"]]), "UTF-8"))
broken = tf.constant([b"a\xffb", b"\xe2\x82", b"\xed\xa0\x80x", b"\xf0\x9f\x98", b"\xf4\x90\x80\x80", b"\xc0\xaf",
                      b"\xe0\x80\xaf", b"\xf0\x9f\x98\x80!"])
print(tf.strings.unicode_decode(broken, "UTF-8"))
print(tf.strings.unicode_decode(broken, "UTF-8", errors="ignore"))
print(tf.strings.unicode_decode(broken, "UTF-8", replacement_char=63))
show_error_saying("strict", lambda: tf.strings.unicode_decode(broken, "UTF-8", errors="strict"),
                  "Invalid formatting on input string")
print(tf.strings.unicode_decode([b"a\x01\x1f\x7f\xc2\x85 b"], "UTF-8", replace_control_characters=True))
print(tf.strings.unicode_decode([b"\x00\x61\xd8\x00\x00\x62\x00"], "UTF-16-BE"))
print(tf.strings.unicode_decode([b"\x00\x00\x00\x61\x00\x11\x00\x00\x00\x00"], "UTF-32-BE"))
show_error("an unknown errors mode", lambda: tf.strings.unicode_decode(["a"], "UTF-8", errors="x"))
print(tf.strings.unicode_decode_with_offsets(["héllo", "€x"], "UTF-8"))
print(tf.strings.unicode_decode_with_offsets([b"a\xffb\xe2\x82"], "UTF-8", errors="ignore"))
print(tf.strings.unicode_split_with_offsets(["héllo", "€x"], "UTF-8"))
print(tf.strings.unicode_split_with_offsets("h€", "UTF-8"))
ragged_words = tf.ragged.constant([["hé", "y"], ["€"]])
print(tf.strings.unicode_decode(ragged_words, "UTF-8"))

# ---- unicode_encode ----
print(tf.strings.unicode_encode(tf.ragged.constant([[104, 233], [8364]]), "UTF-8"))
print(tf.strings.unicode_encode([104, 233, 8364], "UTF-8"))
print(tf.strings.unicode_encode([[104, 233], [8364, 65]], "UTF-8"))
print(tf.strings.unicode_encode([104, -5, 0x110000, 0xD800], "UTF-8"))
print(tf.strings.unicode_encode([104, -5], "UTF-8", errors="ignore"), tf.strings.unicode_encode([104, -5], "UTF-8",
                                                                                                 replacement_char=63))
show_error_saying("strict encode", lambda: tf.strings.unicode_encode([104, -5], "UTF-8", errors="strict"),
                  "Code point is out of range for Unicode, or is a surrogate.")
show_error("UTF-16 without a byte order", lambda: tf.strings.unicode_encode([97], "UTF-16"))
print(tf.strings.unicode_encode([97, 0x10000], "UTF-16-BE"), tf.strings.unicode_encode([97], "UTF-32-BE"))
print(tf.strings.unicode_encode(tf.strings.unicode_decode(words, "UTF-8"), "UTF-8"))
print(tf.strings.unicode_encode(tf.ragged.constant([[[97, 98], [99]], [[100]]]), "UTF-8"))

# ---- unicode_transcode ----
print(tf.strings.unicode_transcode([b"a\xffb", "héllo"], "UTF-8", "UTF-8"))
print(tf.strings.unicode_transcode([b"a\xffb"], "UTF-8", "UTF-8", errors="ignore"))
print(tf.strings.unicode_transcode([b"a\x01"], "UTF-8", "UTF-16-BE", replace_control_characters=True))
print(tf.strings.unicode_transcode("h€", "UTF-8", "UTF-32-BE"))
show_error_saying("transcode strict", lambda: tf.strings.unicode_transcode([b"a\xffb"], "UTF-8", "UTF-8",
                                                                           errors="strict"),
                  "Invalid formatting on input string")


# ---- inside tf.function ----
@tf.function
def round_trip(text):
    return tf.strings.unicode_encode(tf.strings.unicode_decode(text, "UTF-8"), "UTF-16-BE")


print(round_trip(tf.constant(["añb", "€"])))
print(tf.function(lambda t: tf.strings.unicode_transcode(t, "UTF-8", "UTF-8", replacement_char=42))(
    tf.constant([b"x\xff"])))
