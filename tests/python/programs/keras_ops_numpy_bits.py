"""tf.keras.ops' integer and miscellaneous functions: bitwise operations and shifts, gcd / lcm, ldexp,
nextafter, i0, get_item, cdist, corrcoef, complex views and the FFTs over (real, imag) pairs."""
import numpy as np

from harness import show_error, tf
from keras_ops_harness import attempt, ops, show

a = tf.constant([12, -7, 0, 255])
b = tf.constant([10, 3, 5, 1])
for name in ("bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift", "bitwise_left_shift",
             "bitwise_right_shift"):
    show(name, getattr(ops, name)(a, b if "shift" not in name else tf.constant([1, 2, 3, 0])))
show("bitwise_and uint8", ops.bitwise_and(tf.constant([200, 15], tf.uint8), tf.constant([100, 255], tf.uint8)))
show("bitwise_and scalar", ops.bitwise_and(a, 6))
show("bitwise_invert", ops.bitwise_invert(a))
show("bitwise_not uint8", ops.bitwise_not(tf.constant([0, 200], tf.uint8)))
show("gcd", ops.gcd(tf.constant([12, -18, 0, 7]), tf.constant([8, 12, 5, 0])))
show("gcd broadcast", ops.gcd(tf.constant([[12], [9]]), tf.constant([4, 6, 15])))
show("lcm", ops.lcm(tf.constant([4, -6, 0, 7]), tf.constant([6, 4, 3, 5])))
show("ldexp", ops.ldexp(tf.constant([1.0, -3.0, 0.5]), tf.constant([3, -1, 2])))
show("ldexp int", ops.ldexp(tf.constant([1, 3]), tf.constant([2, 1])))
show("nextafter", ops.nextafter(tf.constant([1.0, 0.0]), tf.constant([2.0, -1.0])) - tf.constant([1.0, 0.0]))
show("i0", ops.i0(tf.constant([0.0, 1.0, -2.5])))
show("isreal", ops.isreal(tf.constant([1.0, 2.0])))
show("get_item", ops.get_item(tf.reshape(tf.range(6), [2, 3]), 1))
show("get_item slice", ops.get_item(tf.reshape(tf.range(6), [2, 3]), (slice(None), 1)))
points = tf.constant([[0.0, 0.0], [3.0, 4.0], [1.0, 1.0]])
show("cdist", ops.cdist(points, tf.constant([[0.0, 0.0], [1.0, 0.0]])))
show("corrcoef", ops.corrcoef(tf.constant([[1.0, 2.0, 3.0, 4.0], [2.0, 1.0, 4.0, 3.0], [4.0, 3.0, 2.0, 1.0]])))
show("corrcoef int", ops.corrcoef(tf.constant([[1, 2, 4], [3, 1, 0]])))
show("view_as_real", ops.view_as_real(ops.view_as_complex(tf.constant([[1.0, 2.0], [3.0, -4.0]]))))
signal = tf.constant([[1.0, 2.0, 0.0, -1.0], [0.5, 0.5, 1.0, 3.0]])
zeros = tf.zeros_like(signal)
show("fft", ops.fft((signal, zeros)))
show("fft2", ops.fft2((signal, signal)))
show("ifft2 real part", ops.ifft2(ops.fft2((signal, zeros)))[0])
show("rfft", ops.rfft(signal))
show("rfft fft_length", ops.rfft(signal, fft_length=6))
show("irfft", ops.irfft(ops.rfft(signal)))
show("irfft fft_length", ops.irfft(ops.rfft(signal), fft_length=4))

show_error("gcd of floats", lambda: ops.gcd(tf.constant([1.0]), tf.constant([2.0])))
show_error("ldexp of a float exponent", lambda: ops.ldexp(tf.constant([1.0]), tf.constant([2.0])))
show_error("fft of a single tensor", lambda: ops.fft(signal))
show_error("fft of int parts", lambda: ops.fft((tf.constant([1]), tf.constant([0]))))
show_error("view_as_complex of a wrong last axis", lambda: ops.view_as_complex(tf.ones([2, 3])))
attempt("nextafter int", lambda: ops.nextafter(tf.constant([1]), tf.constant([2])))
