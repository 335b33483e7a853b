"""tf.RaggedTensor and tf.SparseTensor inputs of Keras' StringLookup, IntegerLookup (invert too),
Hashing and Embedding, as Keras 3 takes them: "int" lookups keep the ragged rows or sparse indices,
"one_hot" gives ragged one-hot rows (sparse fails), "multi_hot", "count" and "tf_idf" give a dense row
per input row; IntegerLookup and Embedding densify sparse inputs. Also in tf.function, the text
generation tutorial's character round trip (tf.strings.reduce_join of ragged strings), and
TextVectorization's rejection of ragged and sparse strings to split."""
import numpy as np

from harness import show_error, tf

layers = tf.keras.layers


def show(label, value):
    if isinstance(value, tf.RaggedTensor):
        print(label, "ragged", value.dtype.name, value.shape, value.to_list())
    elif isinstance(value, tf.SparseTensor):
        print(label, "sparse", value.dtype.name, value.shape, value.indices.numpy().tolist(), value.values.numpy().tolist())
    else:
        print(label, value.dtype.name, value.shape, np.asarray(value).tolist())


words = tf.ragged.constant([["a", "b", "q"], ["c"], []])
sparse_words = tf.sparse.from_dense(tf.constant([["a", "", "q"], ["", "c", "c"]]))
for mode in ("int", "one_hot", "multi_hot", "count", "tf_idf"):
    lookup = layers.StringLookup(vocabulary=["a", "b", "c"], output_mode=mode,
                                 idf_weights=[1.0, 2.0, 3.0] if mode == "tf_idf" else None)
    show("string %s ragged:" % mode, lookup(words))
    if mode == "one_hot":
        show_error("string one_hot sparse", lambda: lookup(sparse_words))
    else:
        show("string %s sparse:" % mode, lookup(sparse_words))
masked = layers.StringLookup(vocabulary=["a", "b"], mask_token="", num_oov_indices=2)
show("masked:", masked(tf.ragged.constant([["a", "", "zz"], ["b"]])))
inverse = layers.StringLookup(vocabulary=["a", "b"], invert=True)
show("invert ragged:", inverse(tf.ragged.constant([[1, 0, 2], [2]], dtype=tf.int64)))
show("invert sparse:", inverse(tf.sparse.from_dense(tf.constant([[1, 0], [0, 2]], dtype=tf.int64))))
int32_splits = tf.RaggedTensor.from_row_splits(tf.constant(["b", "b", "a"]), tf.constant([0, 2, 3], tf.int32))
show("int32 splits:", layers.StringLookup(vocabulary=["a", "b"])(int32_splits))
show("no rows:", layers.StringLookup(vocabulary=["a"], output_mode="multi_hot")(tf.ragged.constant([[]], dtype=tf.string)[:0]))

numbers = tf.ragged.constant([[5, 7, 5], [6]])
sparse_numbers = tf.sparse.from_dense(tf.constant([[5, 5], [0, 7]], dtype=tf.int64))
for mode in ("int", "one_hot", "multi_hot", "count"):
    lookup = layers.IntegerLookup(vocabulary=[5, 6], output_mode=mode)
    show("integer %s ragged:" % mode, lookup(numbers))
    show("integer %s int32:" % mode, lookup(tf.ragged.constant([[6], [5, 9]], dtype=tf.int32)))
    show("integer %s sparse (densified):" % mode, lookup(sparse_numbers))
tf_idf = layers.IntegerLookup(vocabulary=[5, 6], output_mode="tf_idf", idf_weights=[0.5, 4.0])
show("integer tf_idf:", tf_idf(numbers))
integer_inverse = layers.IntegerLookup(vocabulary=[5, 6], invert=True)
show("integer invert ragged:", integer_inverse(tf.ragged.constant([[1, 0, 2], [2]], dtype=tf.int64)))
show("integer invert sparse:", integer_inverse(tf.sparse.from_dense(tf.constant([[1, 0], [0, 2]], dtype=tf.int64))))

hashing = layers.Hashing(num_bins=3)
show("hash ragged:", hashing(tf.ragged.constant([["a", "b"], ["c"]])))
show("hash ragged ints:", hashing(tf.ragged.constant([[1, 2], [3]])))
show("hash sparse:", hashing(tf.sparse.from_dense(tf.constant([["a", ""], ["", "c"]]))))
show("hash salted:", layers.Hashing(num_bins=5, salt=7)(tf.ragged.constant([["x", "y", "z"]])))
for mode in ("one_hot", "multi_hot", "count"):
    encoder = layers.Hashing(num_bins=3, output_mode=mode)
    show("hash %s ragged:" % mode, encoder(tf.ragged.constant([["a", "b", "b"], ["c"]])))
    if mode == "one_hot":
        show_error("hash one_hot sparse", lambda: encoder(tf.sparse.from_dense(tf.constant([["a", ""], ["", "c"]]))))
    else:
        show("hash %s sparse:" % mode, encoder(tf.sparse.from_dense(tf.constant([["a", "b"], ["", "c"]]))))

embedding = layers.Embedding(5, 2)
embedding.build((None,))
embedding.set_weights([np.arange(10, dtype="float32").reshape(5, 2)])
show("embedding ragged:", embedding(tf.ragged.constant([[1, 2], [4], []])))
show("embedding 3-D ragged:", embedding(tf.ragged.constant([[[1], [2, 3]], [[4]]])))
show("embedding sparse (densified):", embedding(tf.sparse.from_dense(tf.constant([[1, 0], [0, 3]]))))


@tf.function
def ids_of(tokens):
    return layers.StringLookup(vocabulary=["a", "b", "c"])(tokens)


counter = layers.StringLookup(vocabulary=["a", "b", "c"], output_mode="count")


@tf.function
def counts_of(tokens):
    counts = counter(tokens)
    print("traced counts:", counts.shape)
    return counts


show("tf.function ragged:", ids_of(words))
show("tf.function count:", counts_of(words))
show("tf.function count sparse:", counts_of(sparse_words))

# The text generation tutorial's characters to ids and back.
texts = ["hello", "abc", ""]
characters = tf.strings.unicode_split(texts, input_encoding="UTF-8")
vocabulary = sorted(set("".join(texts)))
ids_from_chars = layers.StringLookup(vocabulary=list(vocabulary), mask_token=None)
chars_from_ids = layers.StringLookup(vocabulary=ids_from_chars.get_vocabulary(), invert=True, mask_token=None)
ids = ids_from_chars(tf.strings.unicode_split(["held", "cab"], input_encoding="UTF-8"))
show("tutorial ids:", ids)
show("tutorial chars:", chars_from_ids(ids))
show("tutorial texts:", tf.strings.reduce_join(chars_from_ids(ids), axis=-1))
show("round trip:", tf.strings.reduce_join(chars_from_ids(ids_from_chars(characters)), axis=-1))
show("join separator keepdims:", tf.strings.reduce_join(characters, axis=1, keepdims=True, separator="."))
show("join all:", tf.strings.reduce_join(characters, separator="-"))
show("join 3-D:", tf.strings.reduce_join(tf.ragged.constant([[["a", "b"], []], [["c"]]]), axis=-1, separator="+"))

vectorizer = layers.TextVectorization(vocabulary=["x", "y"])
show("vectorize:", vectorizer(tf.constant(["x y z", "y"])))
show_error("vectorize ragged input", lambda: vectorizer(tf.ragged.constant([["x y"], ["y", "z"]])))
show_error("vectorize sparse input", lambda: vectorizer(tf.sparse.from_dense(tf.constant([["x y", ""], ["", "y"]]))))
