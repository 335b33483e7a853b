"""Prints NumPy's fftn / ifftn / rfftn / irfftn for the cases of tests/ops/signal/fftnd_test.cc, in
the format of tests/ops/complex/complex_reference.py, and what TensorFlow 2.21 does with
tf.signal.fftnd and its kin on the CPU: its FFTND ops have no CPU kernel (NotFoundError), so the
values are NumPy's, whose fft_length (s), axes and norm the TensorFlow functions take over."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "complex"))
from complex_reference import case, complex_pattern, real_pattern  # noqa: E402

import tensorflow as tf  # noqa: E402

c = complex_pattern([2, 3, 4]).numpy()
r = real_pattern([2, 3, 5]).numpy()
f = np.fft
case("fftnd", lambda: f.fftn(c))
case("fftnd_last", lambda: f.fftn(c, axes=[-1]))
case("fftnd_axes", lambda: f.fftn(c, axes=[0, 2]))
case("fftnd_lengths", lambda: f.fftn(c, s=[3, 2], axes=[0, 2]))
case("fftnd_ortho", lambda: f.fftn(c, axes=[1, 2], norm="ortho"))
case("fftnd_forward", lambda: f.fftn(c, axes=[2, 1], norm="forward"))
case("ifftnd", lambda: f.ifftn(c))
case("ifftnd_lengths", lambda: f.ifftn(c, s=[2, 6], axes=[1, 2], norm="ortho"))
case("ifftnd_forward", lambda: f.ifftn(c, axes=[0], norm="forward"))
case("rfftnd", lambda: f.rfftn(r))
case("rfftnd_axes", lambda: f.rfftn(r, axes=[0, 1]))
case("rfftnd_lengths", lambda: f.rfftn(r, s=[2, 6], axes=[1, 2], norm="ortho"))
case("rfftnd_forward", lambda: f.rfftn(r, axes=[-1], norm="forward"))
h = f.rfftn(r, axes=[1, 2])
case("irfftnd", lambda: f.irfftn(h, axes=[1, 2]))
case("irfftnd_lengths", lambda: f.irfftn(h, s=[3, 5], axes=[1, 2]))
case("irfftnd_all", lambda: f.irfftn(c))
case("irfftnd_ortho", lambda: f.irfftn(c, s=[4, 7], axes=[0, 2], norm="ortho"))
case("tf_fftnd", lambda: tf.signal.fftnd(tf.constant(c)))
case("tf_rfftnd", lambda: tf.signal.rfftnd(tf.constant(r)))
