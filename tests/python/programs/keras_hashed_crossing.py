"""keras.layers.HashedCrossing: the bins of crossed string and integer features (FarmHash
fingerprints, so equal to TensorFlow's), one-hot output, scalar and (batch, 1) inputs, a functional
model of two inputs, a tf.data pipeline, configs, and the errors Keras raises."""
import numpy as np

from harness import show_error, tf

layers = tf.keras.layers
keras = tf.keras

cross = layers.HashedCrossing(num_bins=5)
y = cross((np.array(["A", "B", "A", "B", "A"]), np.array([101, 101, 101, 102, 102])))
print("int", y.dtype.name, y.shape, np.asarray(y).tolist())
y = layers.HashedCrossing(num_bins=5, output_mode="one_hot")((tf.constant([["A"], ["B"]]), tf.constant([[101], [102]])))
print("one_hot", y.dtype.name, y.shape, np.asarray(y).tolist())
y = layers.HashedCrossing(num_bins=7)((tf.constant("x"), tf.constant(3)))
print("scalar", y.dtype.name, y.shape, int(y))
y = layers.HashedCrossing(num_bins=100)([tf.constant([[1], [2]]), tf.constant([["a"], ["b"]]), tf.constant([[5], [5]])])
print("three features", y.dtype.name, y.shape, np.asarray(y).tolist())
y = layers.HashedCrossing(num_bins=6, output_mode="one_hot", dtype="float64")((tf.constant([3]), tf.constant([4])))
print("float64 one_hot", y.dtype.name, np.asarray(y).tolist())

a = keras.Input(shape=(1,), dtype="string", name="color")
b = keras.Input(shape=(1,), dtype="int64", name="size")
crossed = layers.HashedCrossing(num_bins=8, output_mode="one_hot", name="color_x_size")((a, b))
model = keras.Model([a, b], keras.layers.Dense(1, kernel_initializer="ones")(crossed))
print("symbolic", crossed.shape, crossed.dtype)
print("model", np.asarray(model([tf.constant([["red"], ["blue"]]), tf.constant([[1], [2]])])).tolist())

ds = tf.data.Dataset.from_tensor_slices(({"a": ["p", "q", "p"], "b": [1, 1, 2]}))
ds = ds.batch(3).map(lambda f: layers.HashedCrossing(num_bins=10)((f["a"], f["b"])))
print("dataset", [np.asarray(t).tolist() for t in ds])

config = layers.HashedCrossing(num_bins=3, output_mode="one_hot", name="hc").get_config()
print("config", sorted((k, v) for k, v in config.items() if k != "dtype"))
copy = layers.deserialize(layers.serialize(layers.HashedCrossing(num_bins=3, name="hc2")))
print("deserialize", type(copy).__name__, copy.name, copy.num_bins if hasattr(copy, "num_bins") else None)

show_error("one input", lambda: layers.HashedCrossing(num_bins=3)([tf.constant([1])]))
show_error("not a list", lambda: layers.HashedCrossing(num_bins=3)(tf.constant([1])))
show_error("unequal shapes", lambda: layers.HashedCrossing(num_bins=3)((tf.constant([1, 2]), tf.constant([1]))))
show_error("rank 2 width 2", lambda: layers.HashedCrossing(num_bins=3)((tf.constant([[1, 2]]), tf.constant([[1, 2]]))))
show_error("float input", lambda: layers.HashedCrossing(num_bins=3)((tf.constant([1.0]), tf.constant([1]))))
show_error("output_mode", lambda: layers.HashedCrossing(num_bins=3, output_mode="count"))
