"""Text and categorical features, as TensorFlow's text and structured-data tutorials use them: the
string hashes (to_hash_bucket_fast / _strong / to_hash_bucket, tf.fingerprint), tf.lookup tables
(StaticHashTable, StaticVocabularyTable, MutableHashTable, the key-value and text-file
initializers) eagerly and inside tf.function, and the Keras layers StringLookup, IntegerLookup,
Hashing and CategoryEncoding, with adapt on an array and on a dataset."""
import os
import tempfile

import numpy as np

from harness import show_error, tf

layers = tf.keras.layers


def plain(vocabulary):
    """A vocabulary as plain Python values (Keras returns NumPy scalars for learned tokens)."""
    return [str(v) if isinstance(v, str) else int(v) for v in vocabulary]


def show(label, t):
    a = np.asarray(t)
    if a.dtype == object:
        a = np.vectorize(lambda b: b.decode())(a) if a.size else a
    print(label, t.dtype.name, tuple(t.shape), a.tolist())


words = tf.constant(["the cat", "sat", "on the mat", "", "a much longer sentence of text to hash"])
show("fast", tf.strings.to_hash_bucket_fast(words, 1000))
show("strong", tf.strings.to_hash_bucket_strong(words, 1000, [3, 17]))
show("legacy", tf.strings.to_hash_bucket(words, 1000))
show("fingerprint", tf.fingerprint(words))
show("fingerprint of rows", tf.fingerprint(tf.constant([[1, 2, 3], [4, 5, 6]], tf.int64)))
show("bigrams", tf.strings.ngrams(tf.constant(["the", "cat", "sat", "down"]), 2))
show("padded trigrams", tf.strings.ngrams(tf.constant([["a", "b"], ["c", "d"]]), 3, pad_values=("<s>", "</s>")))
split_ngrams = tf.strings.ngrams(tf.strings.split(tf.constant(["a b c", "d", "e f"])), (1, 2), separator="+")
show("ragged ngrams", split_ngrams.flat_values)
show("ragged ngram splits", split_ngrams.row_splits)
show_error("zero buckets", lambda: tf.strings.to_hash_bucket_fast(words, 0))
show_error("hashing integers", lambda: tf.strings.to_hash_bucket_fast([1, 2], 3))
show_error("a one-element key", lambda: tf.strings.to_hash_bucket_strong(["a"], 3, [1]))
show_error("an unknown fingerprint method", lambda: tf.fingerprint(tf.constant(["a"]), method="md5"))
show_error("a scalar fingerprint", lambda: tf.fingerprint(tf.constant("a")))
show_error("zero-width ngrams", lambda: tf.strings.ngrams(tf.constant(["a"]), 0))
show_error("ngram padding without values", lambda: tf.strings.ngrams(tf.constant(["a"]), 2, padding_width=1))

# tf.lookup
init = tf.lookup.KeyValueTensorInitializer(tf.constant(["emerson", "lake", "palmer"]), tf.constant([0, 1, 2], tf.int64))
table = tf.lookup.StaticHashTable(init, default_value=-1)
queries = tf.constant([["emerson", "lake"], ["and", "palmer"]])
show("static lookup", table.lookup(queries))
show("static size", table.size())
keys, values = table.export()
print("static export", sorted(zip(keys.numpy().tolist(), values.numpy().tolist())))
ragged_ids = table.lookup(tf.strings.split(tf.constant(["emerson lake", "palmer and"])))
show("ragged lookup values", ragged_ids.values)
show("ragged lookup splits", ragged_ids.row_splits)
print("dtypes", table.key_dtype.name, table.value_dtype.name, int(table.default_value))
show_error("static lookup of int32 keys", lambda: table.lookup(tf.constant([1, 2])))

vocab = tf.lookup.StaticVocabularyTable(init, num_oov_buckets=5)
show("vocabulary lookup", vocab.lookup(tf.constant(["emerson", "king", "crimson", "palmer", "yes"])))
show("vocabulary size", vocab.size())
show_error("vocabulary lookup of int64 keys", lambda: vocab.lookup(tf.constant([1], tf.int64)))
show_error("a key with two values", lambda: tf.lookup.StaticHashTable(
    tf.lookup.KeyValueTensorInitializer(["a", "a"], tf.constant([1, 2], tf.int64)), -1))
show_error("a missing vocabulary file", lambda: tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
    "/nonexistent/vocab.txt", tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64,
    tf.lookup.TextFileIndex.LINE_NUMBER), -1))
show_error("line numbers as string keys", lambda: tf.lookup.TextFileInitializer(
    "vocab.txt", tf.string, tf.lookup.TextFileIndex.LINE_NUMBER, tf.int64, tf.lookup.TextFileIndex.WHOLE_LINE))
show_error("no oov buckets", lambda: tf.lookup.StaticVocabularyTable(init, num_oov_buckets=0))

mutable = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=-1)
mutable.insert(tf.constant(["a", "b", "c"]), tf.constant([1, 2, 3], tf.int64))
mutable.remove(tf.constant(["b"]))
show("mutable lookup", mutable.lookup(tf.constant(["a", "b", "c"])))
show("mutable size", mutable.size())
show_error("mutable insert of int32 values", lambda: mutable.insert(tf.constant(["q"]), tf.constant([5])))

dense = tf.lookup.experimental.DenseHashTable(tf.string, tf.int64, default_value=-1, empty_key="", deleted_key="$")
dense.insert(tf.constant(["a", "b"]), tf.constant([1, 2], tf.int64))
dense.erase(tf.constant(["a"]))
show("dense lookup", dense.lookup(tf.constant(["a", "b", "c"])))
show("dense size", dense.size())
show_error("dense insert of the empty key", lambda: dense.insert(tf.constant([""]), tf.constant([1], tf.int64)))
show_error("dense equal reserved keys", lambda: tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, 0))

with tempfile.TemporaryDirectory() as directory:
    path = os.path.join(directory, "vocab.txt")
    with open(path, "w") as f:
        f.write("apple\nbanana\ncherry\n")
    text_init = tf.lookup.TextFileInitializer(path, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64,
                                              tf.lookup.TextFileIndex.LINE_NUMBER)
    fruit = tf.lookup.StaticHashTable(text_init, -1)
    show("text file lookup", fruit.lookup(tf.constant(["cherry", "kiwi", "apple"])))


@tf.function
def count_words(sentence):
    tokens = tf.strings.split(sentence)
    mutable.insert(tokens, vocab.lookup(tokens))
    return table.lookup(tokens), mutable.size()


ids, size = count_words(tf.constant("emerson lake and palmer"))
show("traced static lookup", ids)
show("traced mutable size", size)
ids, size = count_words(tf.constant("lake lake"))
show("traced again", ids)
show("traced mutable size again", size)

# Keras layers
string_lookup = layers.StringLookup()
string_lookup.adapt(tf.constant([["red", "green", "red"], ["blue", "red", "green"], ["yellow", "blue", "red"]]))
print("adapted vocabulary", plain(string_lookup.get_vocabulary()), string_lookup.vocabulary_size())
show("string ids", string_lookup(tf.constant([["red", "purple"], ["blue", "green"]])))
multi_hot = layers.StringLookup(vocabulary=["red", "green", "blue"], output_mode="multi_hot")
show("multi_hot", multi_hot(tf.constant([["red", "blue"], ["green", "green"]])))
inverse = layers.StringLookup(vocabulary=["red", "green", "blue"], invert=True)
show("inverted", inverse(tf.constant([[1, 3], [0, 2]], tf.int64)))
dataset_lookup = layers.StringLookup(max_tokens=4)
dataset_lookup.adapt(tf.data.Dataset.from_tensor_slices(["b", "c", "b", "a", "d", "b", "c"]).batch(3))
print("dataset vocabulary", plain(dataset_lookup.get_vocabulary()))
config = dataset_lookup.get_config()
print("config", {k: config[k] for k in ("max_tokens", "num_oov_indices", "oov_token", "mask_token", "output_mode",
                                          "vocabulary", "vocabulary_size")})

integer_lookup = layers.IntegerLookup(mask_token=0, num_oov_indices=2)
integer_lookup.adapt(np.array([[7, 7, 3], [3, 7, 9]], np.int64))
print("integer vocabulary", plain(integer_lookup.get_vocabulary()))
show("integer ids", integer_lookup(tf.constant([[7, 0, 3], [100, 101, 9]], tf.int64)))

hashing = layers.Hashing(num_bins=6)
show("hashing", hashing(tf.constant([["red"], ["green"], ["blue"]])))
show("hashing ints", layers.Hashing(num_bins=6, mask_value=0)(tf.constant([[0, 5], [12, 0]])))
show("hashing one_hot", layers.Hashing(num_bins=4, output_mode="one_hot")(tf.constant(["x", "y", "z"])))
encoding = layers.CategoryEncoding(num_tokens=5, output_mode="count")
show("category counts", encoding(tf.constant([[0, 4, 4], [1, 2, 1]])))
show("category weighted", encoding(tf.constant([[0, 4]]), count_weights=tf.constant([[0.5, 2.0]])))
show("category one_hot", layers.CategoryEncoding(num_tokens=3, output_mode="one_hot")(tf.constant([2, 0])))

bins = layers.Discretization(num_bins=4)
bins.adapt(np.array([[1.0], [2.0], [3.0], [4.0], [8.0], [16.0], [32.0], [64.0]], np.float32))
print("bin boundaries", [round(b, 4) for b in bins.bin_boundaries])
show("bucketed", bins(tf.constant([[0.5], [3.5], [100.0]])))
show("bucketed one_hot", layers.Discretization(bin_boundaries=[0.0, 1.0], output_mode="one_hot")(tf.constant([-1.0, 0.5, 2.0])))

# TextVectorization, as the text classification tutorial uses it.
corpus = ["The movie was great!", "The plot was thin; the acting, great.", "Terrible. Just terrible.",
          "great great GREAT movie"]
vectorize = layers.TextVectorization(max_tokens=10, output_sequence_length=5)
vectorize.adapt(tf.data.Dataset.from_tensor_slices(corpus).batch(2))
print("text vocabulary", plain(vectorize.get_vocabulary()), vectorize.vocabulary_size())
show("text ids", vectorize(tf.constant(["a great movie, truly great", "terrible"])))
bag = layers.TextVectorization(output_mode="count", ngrams=2)
bag.adapt(corpus)
print("bag vocabulary size", bag.vocabulary_size())
show("bag of bigrams", bag(tf.constant(["the movie was great"])))
tfidf = layers.TextVectorization(output_mode="tf_idf", max_tokens=6, pad_to_max_tokens=True)
tfidf.adapt(corpus)
print("tf-idf", np.round(np.asarray(tfidf(tf.constant(["great plot", "the the"]))), 4).tolist())
text_config = vectorize.get_config()
print("text config", {k: text_config[k] for k in ("max_tokens", "standardize", "split", "ngrams", "output_mode",
                                                  "output_sequence_length", "vocabulary_size")})

# A model over string features: the lookup's table is captured by the traced step of fit.
inputs = tf.keras.Input(shape=(2,), dtype="string")
features = layers.StringLookup(vocabulary=["red", "green", "blue"], output_mode="multi_hot")(inputs)
outputs = layers.Dense(1, kernel_initializer="ones")(features)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="sgd", loss="mse")
x = tf.constant([["red", "blue"], ["green", "pink"], ["blue", "blue"]])
print("predict", np.round(model.predict(x, verbose=0), 4).tolist())
history = model.fit(x, tf.constant([[1.0], [0.0], [2.0]]), epochs=3, batch_size=3, verbose=0)
print("fit losses", [round(v, 4) for v in history.history["loss"]])
show_error("StringLookup with a repeated token", lambda: layers.StringLookup(vocabulary=["a", "a"]))
show_error("multi_hot before adapt", lambda: layers.StringLookup(output_mode="multi_hot")(tf.constant(["a"])))
