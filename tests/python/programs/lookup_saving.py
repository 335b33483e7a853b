"""Saving what lookup tables and the text layers learn: tf.train.Checkpoint of a tf.Module holding
a MutableHashTable and a DenseHashTable (written, changed, restored), and .keras files of adapted
StringLookup, IntegerLookup, TextVectorization (int and TF-IDF) and Discretization models, reloaded
with the same outputs and vocabularies."""
import os
import tempfile

import numpy as np

from harness import tf

layers = tf.keras.layers
keras = tf.keras
directory = tempfile.mkdtemp()


def values(t):
    a = np.asarray(t)
    if a.dtype == object:
        return [v.decode() for v in a.reshape(-1).tolist()]
    return [round(float(v), 5) for v in a.reshape(-1).tolist()]


# --- checkpoints -----------------------------------------------------------------------------
module = tf.Module()
module.counts = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
module.dense = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, default_value=-1.0, empty_key=0,
                                                      deleted_key=-1)
module.counts.insert(tf.constant(["cat", "dog"]), tf.constant([3, 5], tf.int64))
module.dense.insert(tf.constant([4, 8, 15], tf.int64), tf.constant([0.5, 1.5, 2.5]))
checkpoint = tf.train.Checkpoint(model=module)
prefix = checkpoint.write(os.path.join(directory, "tables"))
module.counts.insert(tf.constant(["cat", "emu"]), tf.constant([30, 7], tf.int64))
module.dense.erase(tf.constant([8], tf.int64))
print("changed", values(module.counts.lookup(tf.constant(["cat", "dog", "emu"]))),
      values(module.dense.lookup(tf.constant([4, 8, 15], tf.int64))))
checkpoint.read(prefix).assert_consumed()
print("restored", values(module.counts.lookup(tf.constant(["cat", "dog", "emu"]))),
      values(module.dense.lookup(tf.constant([4, 8, 15], tf.int64))), int(module.counts.size()))
print("keys", sorted(name for name, _ in tf.train.list_variables(prefix)))

# --- .keras files of adapted layers ------------------------------------------------------------
cases = [
    ("string_lookup", layers.StringLookup(), (2,), "string", np.array(["a", "b", "b", "c", "c", "c"]),
     np.array([["c", "a"], ["zz", "b"]])),
    ("integer_lookup", layers.IntegerLookup(output_mode="count"), (3,), "int64", np.array([4, 4, 8, 8, 8, 15]),
     np.array([[4, 8, 8], [15, 0, 4]])),
    ("text_int", layers.TextVectorization(output_sequence_length=4), (1,), "string",
     np.array(["The cat sat.", "the dog sat", "A bird!"]), np.array([["the bird sat"], ["a cat and a dog"]])),
    ("text_tf_idf", layers.TextVectorization(output_mode="tf_idf"), (1,), "string",
     np.array(["red fish blue fish", "one fish", "two fish"]), np.array([["red fish"], ["blue one two"]])),
    ("discretization", layers.Discretization(num_bins=3), (2,), "float32", np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
     np.array([[0.0, 3.5], [5.5, 9.0]])),
]
for name, layer, shape, dtype, data, queries in cases:
    layer.adapt(data)
    inputs = keras.Input(shape=shape, dtype=dtype)
    model = keras.Model(inputs, layer(inputs))
    path = os.path.join(directory, name + ".keras")
    model.save(path)
    loaded = keras.models.load_model(path)
    restored = loaded.layers[-1]
    print(name, values(model(queries)) == values(loaded(queries)), values(loaded(queries)))
    if hasattr(restored, "get_vocabulary"):
        print("  vocabulary", [str(v) for v in restored.get_vocabulary()])
    if name == "discretization":
        print("  bin_boundaries", [round(float(b), 5) for b in restored.bin_boundaries])

# --- a SavedModel serving a vocabulary file and a key-value table ------------------------------
vocabulary_file = os.path.join(directory, "words.txt")
with open(vocabulary_file, "w") as f:
    f.write("cat\ndog\nemu\n")


class Tables(tf.Module):
    def __init__(self):
        super().__init__()
        self.ids = tf.lookup.StaticHashTable(
            tf.lookup.KeyValueTensorInitializer(tf.constant(["a", "b"]), tf.constant([1, 2], tf.int64)), -1)
        self.vocab = tf.lookup.StaticVocabularyTable(
            tf.lookup.TextFileInitializer(vocabulary_file, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64,
                                          tf.lookup.TextFileIndex.LINE_NUMBER), 2)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="x")])
    def serve(self, x):
        return {"ids": self.ids.lookup(x), "vocab": self.vocab.lookup(x)}


tables = Tables()
export_dir = os.path.join(directory, "tables_model")
tf.saved_model.save(tables, export_dir, signatures={"serving_default": tables.serve})
os.remove(vocabulary_file)
print("assets", sorted(os.listdir(os.path.join(export_dir, "assets"))))
restored = tf.saved_model.load(export_dir)
words = tf.constant(["a", "b", "dog", "zebra"])
served = restored.signatures["serving_default"](x=words)
print("served", values(served["ids"]), values(served["vocab"]))
print("called", values(restored.serve(words)["vocab"]))
