"""TensorFlow's advanced automatic differentiation guide as a program: stop_recording, reset,
stop_gradient, a custom gradient clipping its upstream gradient, several tapes, second derivatives
and a gradient of a gradient's norm through a Dense layer, Jacobians of a scalar source, of a
layer's kernel and of a batch (jacobian and batch_jacobian, with TensorFlow's keyword arguments,
structured sources, unconnected_gradients and the rank errors)."""
from harness import show_error_message, tf
x = tf.Variable(2.0)
y = tf.Variable(3.0)
with tf.GradientTape() as t:
  x_sq = x * x
  with t.stop_recording():
    y_sq = y * y
  z = x_sq + y_sq
grad = t.gradient(z, {'x': x, 'y': y})
print('dz/dx:', grad['x'])
print('dz/dy:', grad['y'])
x = tf.Variable(2.0); y = tf.Variable(3.0); reset = True
with tf.GradientTape() as t:
  y_sq = y * y
  if reset:
    t.reset()
  z = x * x + y_sq
grad = t.gradient(z, {'x': x, 'y': y})
print('dz/dx:', grad['x']); print('dz/dy:', grad['y'])
with tf.GradientTape() as t:
  y_sq = y**2
  z = x**2 + tf.stop_gradient(y_sq)
grad = t.gradient(z, {'x': x, 'y': y})
print('dz/dx:', grad['x']); print('dz/dy:', grad['y'])
@tf.custom_gradient
def clip_gradients(y):
  def backward(dy):
    return tf.clip_by_norm(dy, 0.5)
  return y, backward
v = tf.Variable(2.0)
with tf.GradientTape() as t:
  output = clip_gradients(v * v)
print(t.gradient(output, v))
x0 = tf.constant(0.0); x1 = tf.constant(0.0)
with tf.GradientTape() as tape0, tf.GradientTape() as tape1:
  tape0.watch(x0); tape1.watch(x1)
  y0 = tf.math.sin(x0); y1 = tf.nn.sigmoid(x1)
  y = y0 + y1
  ys = tf.reduce_sum(y)
print(tape0.gradient(ys, x0).numpy(), tape1.gradient(ys, x1).numpy())
x = tf.Variable(1.0)
with tf.GradientTape() as t2:
  with tf.GradientTape() as t1:
    y = x * x * x
  dy_dx = t1.gradient(y, x)
d2y_dx2 = t2.gradient(dy_dx, x)
print('dy_dx:', dy_dx.numpy()); print('d2y_dx2:', d2y_dx2.numpy())
x = tf.random.stateless_normal([7, 5], seed=[1, 2])
layer = tf.keras.layers.Dense(10, activation=tf.nn.relu)
with tf.GradientTape() as t2:
  with tf.GradientTape() as t1:
    t1.watch(x)
    y = layer(x)
    out = tf.reduce_sum(layer(x)**2)
  g1 = t1.gradient(out, x)
  g1_mag = tf.norm(g1)
dg1_mag = t2.gradient(g1_mag, layer.trainable_variables)
print([var.shape for var in dg1_mag])
x = tf.linspace(-10.0, 10.0, 200+1)
delta = tf.Variable(0.0)
with tf.GradientTape() as tape:
  y = tf.nn.sigmoid(x+delta)
dy_dx = tape.jacobian(y, delta)
print(y.shape, dy_dx.shape)
x = tf.random.stateless_normal([7, 5], seed=[3, 4])
layer = tf.keras.layers.Dense(10, activation=tf.nn.relu)
with tf.GradientTape(persistent=True) as tape:
  y = layer(x)
print(y.shape, layer.kernel.shape)
j = tape.jacobian(y, layer.kernel)
print(j.shape)
x = tf.random.stateless_normal([7, 5], seed=[5, 6])
layer1 = tf.keras.layers.Dense(8, activation=tf.nn.elu)
layer2 = tf.keras.layers.Dense(6, activation=tf.nn.elu)
with tf.GradientTape(persistent=True, watch_accessed_variables=False) as tape:
  tape.watch(x)
  y = layer1(x)
  y = layer2(y)
j = tape.jacobian(y, x)
print(j.shape)
jb = tape.batch_jacobian(y, x)
print(jb.shape)
print(tf.reduce_all(tf.abs(tf.einsum('bxby->bxy', j) - jb) < 1e-5).numpy())

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
v = tf.Variable([1.0, 2.0])
with tf.GradientTape(persistent=True) as t:
    t.watch(x)
    y = x * x * v
    z = tf.reduce_sum(y)
print(t.jacobian(y, [x, v])[1].shape, t.jacobian(y, {"a": x})["a"].shape, t.jacobian(y, (x,))[0].shape)
print(t.jacobian(z, x, unconnected_gradients=tf.UnconnectedGradients.ZERO).shape)
print(t.jacobian(y, tf.constant(1.0), unconnected_gradients="zero").shape, t.jacobian(y, tf.constant(1.0)))
print(t.batch_jacobian(y, x))
print(t.batch_jacobian(y, x, experimental_use_pfor=False).shape,
      t.jacobian(y, x, parallel_iterations=4, experimental_use_pfor=False).shape)
show_error_message("batch_jacobian of a vector", lambda: t.batch_jacobian(y, tf.constant([1.0, 2.0, 3.0])))
show_error_message("unknown unconnected_gradients", lambda: t.gradient(z, x, unconnected_gradients="some"))
