"""What a Keras layer call takes positionally, as Keras 3's Layer.__call__: the preprocessing (data)
layers take a Python list of strings or numbers as one tensor; other layers refuse Python values
(ValueError) and cast floating inputs, NumPy arrays and tensors alike, to their compute dtype
(float64 data into a float32 Dense gives float32; a float64 layer takes float32 data), while
Embedding keeps its integer inputs; further positional tensors reach a Python layer's call as
further arguments."""
import numpy as np

from harness import tf

keras = tf.keras
layers = keras.layers


def show(label, fn):
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 - the class and message start are compared
        print(label, "raises", type(e).__name__, str(e)[:60])
    else:
        print(label, repr(r))


show("Dense on a list", lambda: layers.Dense(2, kernel_initializer="ones")([[1., 2.]]))
show("StringLookup", lambda: layers.StringLookup(vocabulary=["a", "b"])(["a", "c", "b"]))
show("TextVectorization", lambda: layers.TextVectorization(vocabulary=["a", "b"])(["a b", "c a"]))
show("IntegerLookup", lambda: layers.IntegerLookup(vocabulary=[3, 4])([3, 5]))
show("Hashing", lambda: layers.Hashing(num_bins=3)(["x", "y"]))
show("Dense on float64 data", lambda: layers.Dense(2, kernel_initializer="ones")(np.ones((1, 2))))
show("Dense on a float64 tensor", lambda: layers.Dense(2, kernel_initializer="ones")(tf.ones((1, 2), tf.float64)).dtype)
show("float64 Dense on float32 data",
     lambda: layers.Dense(2, kernel_initializer="ones", dtype="float64")(np.ones((1, 2), "float32")).dtype)
show("Add on float64 arrays", lambda: layers.Add()([np.ones((1, 2)), np.ones((1, 2))]))
show("Embedding on a list", lambda: layers.Embedding(4, 2, embeddings_initializer="ones")([[1, 2]]))
show("Embedding on int64 data", lambda: layers.Embedding(4, 2, embeddings_initializer="ones")(np.array([[1, 2]])).dtype)
show("Rescaling on int32 data", lambda: layers.Rescaling(2.)(np.ones((1, 2), "int32")).dtype)
show("Activation on a number", lambda: layers.Activation("relu")(3.0))


class Scale(layers.Layer):
    def call(self, inputs):
        return inputs * 2.0


show("a Python layer on float64 data", lambda: Scale()(np.ones((2,))).dtype)


class WeightedSum(layers.Layer):
    def call(self, values, weights, bias=None):
        total = tf.reduce_sum(values * weights, axis=-1)
        return total if bias is None else total + bias


layer = WeightedSum()
print("two tensors:", layer(tf.constant([[1.0, 2.0]]), tf.constant([[3.0, 4.0]])).numpy())
print("three:", layer(tf.constant([[1.0, 2.0]]), tf.constant([[3.0, 4.0]]), tf.constant([0.5])).numpy())
values = keras.Input((2,))
weights = keras.Input((2,))
model = keras.Model([values, weights], WeightedSum()(values, weights))
print("in a model:", model([np.array([[1.0, 1.0]]), np.array([[2.0, 5.0]])]).numpy())
