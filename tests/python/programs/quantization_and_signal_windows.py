"""tf.quantization's fake quantization (every function: Args, Vars and VarsPerChannel, their
*_gradient functions, the tape's gradients through them, in tf.function, their errors),
quantize_and_dequantize_v2 and quantize_and_dequantize (ranges, grids, axes, gradients, errors) and
tf.signal's Kaiser, Kaiser-Bessel-derived and Vorbis windows and mdct / inverse_mdct (defaults,
window functions, norms, the round trip, gradients), as TensorFlow 2.21 prints them."""
import numpy as np

from harness import rounded, show_error, tf

q = tf.quantization
x = tf.constant([-7.0, -6.1, -3.3, -0.01, 0.0, 0.02, 1.7, 5.95, 6.2, 100.0])
print(q.fake_quant_with_min_max_args(x))
print(q.fake_quant_with_min_max_args(x, min=-1.3, max=2.1, num_bits=4, narrow_range=True))
print(q.fake_quant_with_min_max_args(x, -1, 3, 16))
print(q.fake_quant_with_min_max_args_gradient(tf.ones_like(x) * 2, x, min=-1.3, max=2.1))
print(q.fake_quant_with_min_max_vars(x, -1.3, 2.1, num_bits=5))
print(q.fake_quant_with_min_max_vars(x, tf.constant(0.0), tf.constant(0.0)))
g = q.fake_quant_with_min_max_vars_gradient(tf.range(10, dtype=tf.float32), x, -1.3, 2.1)
print(g)
print(g.backprops_wrt_input, g.backprop_wrt_min, g.backprop_wrt_max, type(g).__name__)
m = tf.reshape(x, [5, 2])
print(q.fake_quant_with_min_max_vars_per_channel(m, [-1.0, -2.0], [1.0, 3.0], num_bits=6, narrow_range=True))
pg = q.fake_quant_with_min_max_vars_per_channel_gradient(tf.ones_like(m), m, [-1.0, -2.0], [1.0, 3.0])
print(pg, type(pg).__name__)

lo, hi = tf.Variable(-1.0), tf.Variable(2.0)
with tf.GradientTape() as tape:
    y = q.fake_quant_with_min_max_vars(x, lo, hi)
    loss = tf.reduce_sum(y * tf.range(10, dtype=tf.float32))
print([t.numpy() for t in tape.gradient(loss, [lo, hi])])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = q.fake_quant_with_min_max_args(x, min=-2.0, max=2.0)
print(tape.gradient(y, x))
los, his = tf.Variable([-1.0, -2.0]), tf.Variable([1.0, 3.0])
with tf.GradientTape() as tape:
    tape.watch(m)
    loss = tf.reduce_sum(tf.square(q.fake_quant_with_min_max_vars_per_channel(m, los, his, num_bits=4)))
print([(t + 0.0).numpy().tolist() for t in tape.gradient(loss, [m, los, his])])  # + 0.0: no -0.0


@tf.function
def quantized_step(v):
    with tf.GradientTape() as tape:
        tape.watch(v)
        out = q.fake_quant_with_min_max_vars(v, lo, hi, num_bits=3)
        loss = tf.reduce_sum(out * tf.range(10, dtype=tf.float32))
    return out, tape.gradient(loss, [v, lo, hi])


print(quantized_step(x))
show_error("args min >= max", lambda: q.fake_quant_with_min_max_args(x, min=1.0, max=1.0))
show_error("args num_bits 17", lambda: q.fake_quant_with_min_max_args(x, num_bits=17))
show_error("vars num_bits 1", lambda: q.fake_quant_with_min_max_vars(x, -1.0, 1.0, num_bits=1))
show_error("vars min of rank 1", lambda: q.fake_quant_with_min_max_vars(x, [-1.0], 1.0))
show_error("per-channel min of the wrong size", lambda: q.fake_quant_with_min_max_vars_per_channel(m, [-1.0], [1.0, 2.0]))
show_error("gradient of another shape", lambda: q.fake_quant_with_min_max_vars_gradient(x[:3], x, -1.0, 1.0))

qd = tf.constant([[-3.3, -1.25, 0.0, 0.7, 2.5, 4.1], [0.3, -0.1, 0.25, 0.5, 1.5, -2.5]])
print(q.quantize_and_dequantize_v2(qd, 0.0, 0.0))
print(q.quantize_and_dequantize_v2(qd, -1.0, 2.0, range_given=True, num_bits=3, round_mode="HALF_UP"))
print(q.quantize_and_dequantize_v2(qd, -1.0, 2.0, signed_input=False, range_given=True, num_bits=3, narrow_range=True))
print(q.quantize_and_dequantize_v2(qd, 0.0, 0.0, num_bits=4, axis=0), q.quantize_and_dequantize_v2(qd, 0.0, 0.0, num_bits=4, axis=-1))
print(q.quantize_and_dequantize_v2(tf.cast(qd, tf.float64), -1.0, 2.0, range_given=True, num_bits=5))
print(q.quantize_and_dequantize(qd, -1.0, 2.0, range_given=True, num_bits=3))
lo_q, hi_q = tf.constant(-1.0), tf.constant(2.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch([qd, lo_q, hi_q])
    y2 = q.quantize_and_dequantize_v2(qd, lo_q, hi_q, range_given=True)
    y1 = q.quantize_and_dequantize(qd, lo_q, hi_q, range_given=True)
print(tape.gradient(y2, [qd, lo_q, hi_q]), tape.gradient(y1, [qd, lo_q, hi_q]))
show_error("quantize_and_dequantize_v2 min > max", lambda: q.quantize_and_dequantize_v2(qd, 2.0, 1.0, range_given=True))
show_error("quantize_and_dequantize_v2 num_bits 0", lambda: q.quantize_and_dequantize_v2(qd, 0.0, 0.0, num_bits=0))
show_error("quantize_and_dequantize_v2 axis 2", lambda: q.quantize_and_dequantize_v2(qd, 0.0, 0.0, axis=2))

s = tf.signal
print(rounded(s.kaiser_window(8)), rounded(s.kaiser_window(7, beta=4.5, dtype=tf.float64)), s.kaiser_window(1))
print(rounded(s.kaiser_bessel_derived_window(8)), rounded(s.kaiser_bessel_derived_window(9, 3.0)))
print(rounded(s.vorbis_window(8)), rounded(s.vorbis_window(5, dtype=tf.float64)), s.vorbis_window(0))
n = np.arange(128)
sig = tf.constant(np.stack([np.sin(0.05 * n + 0.002 * n * n), np.cos(0.3 * n)]), tf.float32)
spectra = s.mdct(sig, 16)
print(spectra.shape, spectra.dtype, rounded(spectra[:, :2], 4))
print(rounded(s.mdct(sig, 8, window_fn=s.kaiser_bessel_derived_window, pad_end=True, norm="ortho")[0, -2:], 4))
print(rounded(s.mdct(sig[0, :40], 8, window_fn=None), 4))
back = s.inverse_mdct(s.mdct(tf.pad(sig, [[0, 0], [8, 0]]), 16, pad_end=True))
print(back.shape, np.allclose(back[:, 8:136].numpy(), sig.numpy(), atol=1e-5))
print(rounded(s.inverse_mdct(spectra, window_fn=None, norm="ortho")[:, :6], 4))
print(rounded(s.inverse_mdct(spectra, window_fn=lambda length, dtype: s.vorbis_window(length, dtype=dtype))[1, 20:26], 4))
sig64 = tf.cast(sig, tf.float64)
with tf.GradientTape() as tape:
    tape.watch(sig64)
    loss = tf.reduce_sum(tf.square(s.inverse_mdct(s.mdct(sig64, 16) * 0.5)))
print(rounded(tape.gradient(loss, sig64)[:, 10:14], 6))


@tf.function
def mdct_round_trip(v):
    return s.inverse_mdct(s.mdct(v, 8, norm="ortho"), norm="ortho")


print(rounded(mdct_round_trip(sig)[:, 4:8], 4))
show_error("mdct frame length 6", lambda: s.mdct(sig, 6))
show_error("kaiser window of int32", lambda: s.kaiser_window(4, dtype=tf.int32))
show_error("inverse mdct of rank 1", lambda: s.inverse_mdct(tf.ones([8])))
