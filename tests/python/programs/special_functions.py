"""tf.math.igamma / igammac / betainc / zeta / lbeta / polyval and the Bessel functions of tf.math
and tf.math.special: values (float32 rounded, float64), gradients, traced shapes and errors."""
from harness import rounded, show_error, tf

a = tf.constant([0.5, 1.5, 3.0])
x = tf.constant([0.3, 2.0, 4.5])
print(rounded(tf.math.igamma(a, x)), rounded(tf.math.igammac(a, x)))
print(rounded(tf.math.igamma(tf.constant([0.5, 2.0], tf.float64), 1.0), 12))
print(rounded(tf.math.zeta([2.0, 3.0, 4.5], x)))
print(rounded(tf.math.betainc(a, 2.0, [0.1, 0.5, 0.9])))
print(rounded(tf.math.lbeta([[1.0, 2.0, 3.0], [0.5, 0.5, 4.0]])), rounded(tf.math.polyval([1.0, 2.0, 3.0], x)))
v = tf.constant([-1.5, 0.5, 2.0])
for name in ["bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e"]:
    print(name, rounded(getattr(tf.math, name)(v)), rounded(getattr(tf.math.special, name)(v)))
w = tf.constant([0.5, 2.0, 7.0], tf.float64)
for name in ["bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e"]:
    print(name, rounded(getattr(tf.math.special, name)(w), 12))

with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, x, v])
    outs = [tf.math.igamma(a, x), tf.math.igammac(a, x), tf.math.zeta(a + 2.0, x), tf.math.betainc(a, 2.0, x / 5.0),
            tf.math.bessel_i1(v), tf.math.special.bessel_k1e(x)]
for out in outs:
    print([None if g is None else rounded(g, 4) for g in tape.gradient(out, [a, x, v])])


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def traced(m):
    outs = tf.math.igamma(m, m), tf.math.special.bessel_j0(m), tf.math.betainc(m, m, m)
    print("static shapes:", [t.shape for t in outs])
    return outs


print([rounded(t) for t in traced(tf.constant([[0.5, 1.0, 2.0]]))])

show_error("igamma ints", lambda: tf.math.igamma([1, 2], [1, 2]))
show_error("betainc shapes", lambda: tf.math.betainc([1.0, 2.0], [1.0, 2.0, 3.0], 0.5))
