"""tf.strings.unicode_script: ICU's script code of each code point (-1 outside Unicode), with
unicode_decode as a TensorFlow program uses it, ragged inputs, tf.function and the dtype error."""
from harness import tf

print(tf.strings.unicode_script([72, 1041, 0x4E2D, 0x0627, 0x05D0, 32, 48, -1, 0x110000, 0x1F600, 0x0915, 0x3042]))
print(tf.strings.unicode_script(tf.constant([[72, 1041], [0x4E2D, 7]])))
print(tf.strings.unicode_script(tf.constant([], tf.int32)))
words = tf.strings.unicode_decode(["Hello", "Привет", "你好", "مرحبا"], "UTF-8")
scripts = tf.ragged.map_flat_values(tf.strings.unicode_script, words)
print(scripts)
print(tf.reduce_max(scripts, axis=1))


@tf.function
def script_of_first(text):
    return tf.strings.unicode_script(tf.strings.unicode_decode(text, "UTF-8")[0])


print(script_of_first(tf.constant("Ωmega")))
print(script_of_first.get_concrete_function(tf.TensorSpec([], tf.string)).structured_outputs)
try:
    tf.strings.unicode_script(tf.constant([72], tf.int64))
except Exception as e:  # noqa: BLE001 - class and message are what is compared
    print(type(e).__name__, "expected to be a int32 tensor but is a int64 tensor" in str(e))
