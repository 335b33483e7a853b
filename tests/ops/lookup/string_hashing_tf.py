# TensorFlow 2.21's hashes of the strings string_hashing_test.cc makes, one block per case.
import numpy as np
import tensorflow as tf

LENGTHS = list(range(0, 71)) + [100, 127, 128, 129, 200, 255, 256, 1000]
strings = [bytes((i * 131 + n * 7 + 13) % 256 for i in range(n)) for n in LENGTHS]


def fingerprints(data):
    raw = tf.fingerprint(data).numpy()
    return " ".join(str(int.from_bytes(bytes(row), "little")) for row in raw)


print("== fingerprint64")
print(fingerprints(tf.constant(strings)))
print("== fast")
print(" ".join(map(str, tf.strings.to_hash_bucket_fast(strings, 2**63 - 1).numpy())))
print("== fast_small")
print(" ".join(map(str, tf.strings.to_hash_bucket_fast(strings, 10).numpy())))
print("== strong")
print(" ".join(map(str, tf.strings.to_hash_bucket_strong(strings, 2**63 - 1, [1, 2]).numpy())))
print("== strong_key")
print(" ".join(map(str, tf.strings.to_hash_bucket_strong(strings, 2**63 - 1, [-7, 1234567890123]).numpy())))
print("== legacy")
print(" ".join(map(str, tf.strings.to_hash_bucket(strings, 2**63 - 1).numpy())))
print("== fingerprint_int32_rows")
print(fingerprints(tf.reshape(tf.range(24), [2, 3, 4])))
print("== fingerprint_float64_rows")
print(fingerprints(tf.constant([[0.5, -1.0], [3.25, 1e300]], tf.float64)))
print("== fingerprint_string_rows")
print(fingerprints(tf.constant([[b"a", b"bb"], [b"", b"hello world"], [strings[40], strings[70]]])))
