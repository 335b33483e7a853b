"""Prints what TensorFlow 2.21's tf.signal Kaiser, Kaiser-Bessel-derived and Vorbis windows and
mdct / inverse_mdct give for the cases of tests/ops/signal/signal_windows_mdct_test.cc, in the
format of tests/ops/complex/complex_reference.py (whose helpers it uses)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "complex"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from complex_reference import case, grad, real_pattern  # noqa: E402
from signal_reference import chirp  # noqa: E402

import tensorflow as tf  # noqa: E402


def window_and_mdct_cases():
    s = tf.signal
    case("kaiser", lambda: s.kaiser_window(8))
    case("kaiser_beta", lambda: s.kaiser_window(9, beta=3.7))
    case("kaiser_one", lambda: s.kaiser_window(1))
    case("kaiser64", lambda: s.kaiser_window(6, beta=8.6, dtype=tf.float64))
    case("kaiser_zero_beta", lambda: s.kaiser_window(5, beta=0.0))
    case("kbd", lambda: s.kaiser_bessel_derived_window(8))
    case("kbd_odd", lambda: s.kaiser_bessel_derived_window(9, beta=4.0))
    case("kbd64", lambda: s.kaiser_bessel_derived_window(10, beta=5.0, dtype=tf.float64))
    case("kbd_one", lambda: s.kaiser_bessel_derived_window(1))
    case("vorbis", lambda: s.vorbis_window(8))
    case("vorbis_odd", lambda: s.vorbis_window(7))
    case("vorbis64", lambda: s.vorbis_window(12, dtype=tf.float64))
    case("vorbis_one", lambda: s.vorbis_window(1))
    case("vorbis_empty", lambda: s.vorbis_window(0))
    sig = chirp([2, 64])
    case("mdct", lambda: s.mdct(sig, 16))
    case("mdct_pad_end", lambda: s.mdct(sig[:, :60], 16, pad_end=True))
    case("mdct_ortho", lambda: s.mdct(sig, 8, norm="ortho"))
    case("mdct_no_window", lambda: s.mdct(tf.cast(sig, tf.float64), 12, window_fn=None))
    case("mdct_kbd", lambda: s.mdct(sig, 16, window_fn=s.kaiser_bessel_derived_window))
    case("mdct_rank1", lambda: s.mdct(sig[0], 32))
    spectra = s.mdct(sig, 16)
    case("inverse_mdct", lambda: s.inverse_mdct(spectra))
    case("inverse_mdct_ortho", lambda: s.inverse_mdct(s.mdct(sig, 8, norm="ortho"), norm="ortho"))
    case("inverse_mdct_no_window", lambda: s.inverse_mdct(tf.cast(spectra, tf.float64), window_fn=None))
    case("inverse_mdct_kbd", lambda: s.inverse_mdct(spectra, window_fn=s.kaiser_bessel_derived_window))
    sig64 = tf.cast(sig, tf.float64)
    case("grad_mdct", lambda: grad(lambda v: s.mdct(v, 16), sig64))
    case("grad_mdct_ortho_kbd", lambda: grad(lambda v: s.mdct(v, 8, window_fn=s.kaiser_bessel_derived_window, norm="ortho"),
                                             sig64))
    case("grad_inverse_mdct", lambda: grad(s.inverse_mdct, real_pattern([2, 5, 8])))
    case("grad_inverse_mdct_ortho", lambda: grad(lambda v: s.inverse_mdct(v, window_fn=None, norm="ortho"),
                                                 real_pattern([3, 6])))
    case("err_kaiser_dtype", lambda: s.kaiser_window(4, dtype=tf.int32))
    case("err_vorbis_dtype", lambda: s.vorbis_window(4, dtype=tf.int32))
    case("err_mdct_frame_length", lambda: s.mdct(sig, 6))
    case("err_mdct_rank", lambda: s.mdct(tf.constant(1.0), 4))
    case("err_inverse_mdct_rank", lambda: s.inverse_mdct(tf.ones([8])))
    case("err_mdct_norm", lambda: s.mdct(sig, 8, norm="forward"))


if __name__ == "__main__":
    window_and_mdct_cases()
