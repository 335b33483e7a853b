"""tf.image.ssim_multiscale: values for float and uint8 images (odd sizes padded before pooling),
leading batch dimensions, custom power factors and filters, the gradient through it, traced
shapes and errors."""
import numpy as np

from harness import rounded, show_error, tf

rng = np.random.RandomState(3)
a = rng.uniform(size=(2, 181, 177, 3)).astype(np.float32)
noise = rng.normal(scale=0.1, size=a.shape).astype(np.float32)
b = np.clip(a * 0.8 + 0.1 + noise, 0, 1).astype(np.float32)
smooth = tf.nn.avg_pool2d(tf.constant(a), 5, 1, "SAME")

print("float", rounded(tf.image.ssim_multiscale(a, b, 1.0), 4))
print("smooth", rounded(tf.image.ssim_multiscale(smooth, tf.constant(b), 1.0), 4))
print("same", rounded(tf.image.ssim_multiscale(a, a, 1.0), 4))
ua, ub = (a * 255).astype(np.uint8), (b * 255).astype(np.uint8)
print("uint8", rounded(tf.image.ssim_multiscale(tf.constant(ua), tf.constant(ub), 255), 4))
print("three scales", rounded(tf.image.ssim_multiscale(a[:, :60, :50], b[:, :60, :50], 1.0, power_factors=(0.2, 0.3, 0.5),
                                                       filter_size=7, filter_sigma=1.0, k1=0.02, k2=0.05), 4))
print("batch dims", rounded(tf.image.ssim_multiscale(a[None, :, :50, :45], b[None, :, :50, :45], 1.0, power_factors=(0.5, 0.5),
                                                     filter_size=11), 4))

x = tf.Variable(a[:1, :90, :95])
target = tf.constant(b[:1, :90, :95])
with tf.GradientTape() as tape:
    value = tf.reduce_sum(tf.image.ssim_multiscale(x, target, 1.0, power_factors=(0.3, 0.3, 0.4), filter_size=9))
grad = tape.gradient(value, x)
print("gradient", grad.shape, round(float(tf.reduce_sum(grad)), 3), round(float(tf.reduce_sum(tf.abs(grad))), 3))
print("gradient sample", np.round(grad.numpy()[0, 40:42, 50:52, 0], 4).tolist())


@tf.function
def traced(p, q):
    v = tf.image.ssim_multiscale(p, q, 1.0, power_factors=(0.5, 0.5))
    print("traced", v.shape)
    return v


print("traced value", rounded(traced(a[:, :30, :30], b[:, :30, :30]), 4))
show_error("too small", lambda: tf.image.ssim_multiscale(a[:, :100], b[:, :100], 1.0))
show_error("shape mismatch", lambda: tf.image.ssim_multiscale(a, b[:, :, :176], 1.0))
