"""keras.name_scope("block") starts the paths of the variables made inside it, as Keras 3 does: a
layer's weights get "block/dense/kernel" when the layer builds inside the scope (wherever it was
made), nested scopes join ("block/inner/v"), the innermost name is not repeated, and layer names
themselves do not change."""
import numpy as np

from harness import tf

keras = tf.keras

with keras.name_scope("block"):
    dense = keras.layers.Dense(2)
    dense.build((None, 3))
    print(dense.name, [v.path for v in dense.weights])
    with keras.name_scope("inner"):
        v = keras.Variable(np.zeros(2), name="v")
        print(v.path, v.name)
        conv = keras.layers.Conv2D(1, 1)
        conv.build((None, 4, 4, 1))
        print([w.path for w in conv.weights])
    with keras.name_scope("block"):
        print(keras.Variable(1.0, name="same").path)
late = keras.layers.Dense(2)
with keras.name_scope("late"):
    late.build((None, 3))
print([v.path for v in late.weights])
print(keras.Variable(1.0, name="outside").path)

with keras.name_scope("outer"):
    inputs = keras.Input((3,))
    outputs = keras.layers.Dense(1, name="head", kernel_initializer="ones")(inputs)
model = keras.Model(inputs, outputs)
print([v.path for v in model.weights], model.layers[-1].name)
print(np.asarray(model(np.ones((1, 3), np.float32))).tolist())
