"""& | ^ ~ on tensors and variables: logical on bools, bitwise on integers, with Python numbers on
either side, traced; and a dtype compared with None."""
from harness import tf

a, b = tf.constant([1, 2, 12]), tf.constant([4, 3, 10])
print(a | b, a & b, a ^ b, ~a)
print(a | 1, 1 | a, 6 ^ a, a ^ 6, 5 & a)
t, f = tf.constant([True, True, False]), tf.constant([True, False, False])
print(t | f, t & f, t ^ f, ~t, True ^ t)
v = tf.Variable([1, 2, 12])
print(v | b, v ^ b, ~v, b & v)
print(tf.constant([7], tf.uint8) ^ tf.constant([255], tf.uint8), ~tf.constant([0], tf.uint8), ~tf.constant([5], tf.int64))


@tf.function
def operators(x, y):
    return x | y, x & y, x ^ y, ~x


print(operators(a, b))
print(operators(t, f))
print(tf.int32 == None, tf.int32 != None, tf.float32 == "float32", None == tf.int32)  # noqa: E711
try:
    print(tf.constant([1.5]) | tf.constant([2.5]))
except Exception as e:  # noqa: BLE001 - the class is what is compared
    print(type(e).__name__)
