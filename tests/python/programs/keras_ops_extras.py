"""tf.keras.ops' adaptive pooling (1-D and 2-D, both data formats), stft (centered or not, hann,
hamming or given windows) and jvp (with aux outputs), with error cases."""
import numpy as np

from harness import show_error, tf
from keras_ops_harness import ops, show



def show_spectrum(label, parts):
    """FFT results to 3 decimals, without the sign of zeros (they differ in the last bits)."""
    for k, part in enumerate(parts):
        values = np.asarray(part)
        text = " ".join("%.3f" % v for v in (np.round(values, 3) + 0.0).ravel())
        print("%s[%d] %s%s %s" % (label, k, part.dtype.name, tuple(part.shape), text))


rng = np.random.RandomState(5)
images = tf.constant(rng.uniform(-1, 1, (2, 5, 7, 3)).astype(np.float32))
show("adaptive_average_pool", ops.adaptive_average_pool(images, (2, 3)))
show("adaptive_max_pool", ops.adaptive_max_pool(images, 3))
show("adaptive_average_pool same size", ops.adaptive_average_pool(images, (5, 7)))
show("adaptive_max_pool channels_first", ops.adaptive_max_pool(tf.transpose(images, [0, 3, 1, 2]), (4, 2),
                                                               data_format="channels_first"))
show("adaptive_average_pool 1d", ops.adaptive_average_pool(images[:, 0], 4))

signal = tf.constant(rng.uniform(-1, 1, (2, 32)).astype(np.float32))
show_spectrum("stft", ops.stft(signal, 8, 4, 8))
show_spectrum("stft not centered hamming", ops.stft(signal, 6, 3, 8, window="hamming", center=False))
show_spectrum("stft no window", ops.stft(signal, 8, 8, 16, window=None))
show_spectrum("stft given window", ops.stft(signal, 4, 2, 4, window=tf.constant([0.5, 1.0, 1.0, 0.5])))
show("istft", ops.istft(ops.stft(signal, 8, 4, 8), 8, 4, 8))
show("istft length", ops.istft(ops.stft(signal, 8, 4, 8), 8, 4, 8, length=20))
show("istft not centered hamming", ops.istft(ops.stft(signal, 6, 3, 8, window="hamming", center=False), 6, 3, 8,
                                             window="hamming", center=False))
show("istft no window", ops.istft(ops.stft(signal, 8, 8, 16, window=None), 8, 8, 16, window=None))

x = tf.constant([1.0, 2.0, 3.0])
show("jvp", ops.jvp(lambda v: ops.sin(v) * v, (x,), (tf.constant([1.0, 0.0, 2.0]),)))
show("jvp two inputs", ops.jvp(lambda a, b: ops.sum(a * b), (x, 2.0 * x), (tf.ones([3]), tf.ones([3]))))
primal, tangent, aux = ops.jvp(lambda v: (ops.exp(v), ops.sum(v)), (x,), (tf.constant([1.0, 1.0, 1.0]),),
                               has_aux=True)
show("jvp aux", (primal, tangent, aux))

show_error("stft of an int signal", lambda: ops.stft(tf.constant([1, 2, 3, 4]), 2, 1, 2))
show_error("stft of a short fft", lambda: ops.stft(signal, 8, 4, 4))
show_error("stft of a bad window", lambda: ops.stft(signal, 8, 4, 8, window="blackman"))

batch = tf.reshape(tf.range(48), [2, 4, 6])
show("rearrange transpose", ops.rearrange(batch, "b h w -> w b h"))
show("rearrange merge", ops.rearrange(batch, "b h w -> b (h w)"))
show("rearrange merge batch", ops.rearrange(batch, "b h w -> h (b w)"))
show("rearrange split", ops.rearrange(batch, "b (h1 h) w -> (b h1) h w", h1=2))
show("rearrange space to depth", ops.rearrange(batch, "b (h h1) (w w1) -> b h (w h1 w1)", h1=2, w1=3))

nchw = tf.reshape(tf.range(2 * 2 * 4 * 5, dtype=tf.float32), [2, 2, 4, 5])
show("unfold", ops.unfold(nchw, 2))
show("unfold stride padding dilation", ops.unfold(nchw, (2, 3), dilation=(1, 2), padding=1, stride=(2, 1)))
show("fold", ops.fold(ops.unfold(nchw, 2), (4, 5), 2))
show("fold stride", ops.fold(ops.unfold(nchw, 2, stride=2), (4, 5), 2, stride=2))
show("fold padding", ops.fold(tf.ones([1, 4, 20]), (3, 4), 2, padding=1, stride=1))
