"""Keras 3's side of tests/keras/saving/lookup_layers_keras_test.cc: .keras files of adapted
lookup and text layers, exchanged with tfpp.

    python lookup_layers_reference.py save DIR          # adapts each model and saves DIR/KIND.keras
    python lookup_layers_reference.py load FILE KIND    # keras.models.load_model(FILE)

Both print, per model, "KIND v1 v2 ..." (the outputs on the kind's queries, floats as %g) and,
for lookup layers, "vocab KIND t1 t2 ..." (the vocabulary, special tokens included).
"""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")

import numpy as np  # noqa: E402
import keras  # noqa: E402
from keras import layers  # noqa: E402

# kind: (layer arguments, input shape and dtype, adapt data, queries); the C++ test has the same.
KINDS = {
    "string_lookup": (lambda: layers.StringLookup(), (3,), "string",
                      np.array(["a", "b", "b", "c", "c", "c", "d"]), np.array([["c", "a", "zz"], ["b", "d", "a"]])),
    "integer_lookup": (lambda: layers.IntegerLookup(output_mode="multi_hot"), (3,), "int64",
                       np.array([3, 3, 7, 9, 9, 9]), np.array([[3, 9, 4], [7, 7, 0]])),
    "string_lookup_tf_idf": (lambda: layers.StringLookup(output_mode="tf_idf"), (2,), "string",
                             np.array([["a", "b"], ["b", "b"], ["c", "a"]]), np.array([["a", "b"], ["x", "c"]])),
    "text_vectorization_tf_idf": (lambda: layers.TextVectorization(output_mode="tf_idf", max_tokens=6), (1,), "string",
                                  np.array(["the cat sat", "the dog", "a cat"]),
                                  np.array([["the cat"], ["dog dog sat"], ["new words"]])),
    "text_vectorization_int": (lambda: layers.TextVectorization(output_sequence_length=5), (1,), "string",
                               np.array(["The cat sat.", "The dog ate!", "a cat"]),
                               np.array([["the cat ate"], ["a bird sat down"]])),
    "discretization": (lambda: layers.Discretization(num_bins=4), (3,), "float32",
                       np.array([0.5, 1.0, 2.5, 3.0, 4.5, 6.0, 7.5, 9.0]), np.array([[0.1, 2.6, 8.0], [3.0, 4.9, 12.0]])),
}


def text(v):
    if isinstance(v, bytes):
        return v.decode()
    if isinstance(v, float):
        return "%g" % v
    return str(v)


def report(kind, model):
    queries = KINDS[kind][4]
    out = keras.ops.convert_to_numpy(model(queries))
    print(kind, " ".join(text(v) for v in out.reshape(-1).tolist()))
    layer = model.layers[-1]
    if hasattr(layer, "get_vocabulary"):
        print("vocab", kind, " ".join(text(t) for t in layer.get_vocabulary()))


def main():
    if sys.argv[1] == "save":
        directory = sys.argv[2]
        for kind, (make, shape, dtype, data, _) in KINDS.items():
            layer = make()
            layer.adapt(data)
            inputs = keras.Input(shape=shape, dtype=dtype)
            model = keras.Model(inputs, layer(inputs))
            model.save(os.path.join(directory, kind + ".keras"))
            report(kind, model)
    else:
        report(sys.argv[3], keras.models.load_model(sys.argv[2]))


if __name__ == "__main__":
    main()
