# TensorFlow 2.21's tf.strings.ngrams for the cases string_ngrams_test.cc runs, one block each.
import tensorflow as tf

tokens = tf.constant(["a", "b", "c", "d"])
rows = tf.constant([["a", "b", "c"], ["d", "e", "f"]])
ragged = tf.RaggedTensor.from_row_splits(tf.constant(["a", "b", "c", "d", "e", "f"]), tf.constant([0, 1, 1, 4, 6], tf.int64))


def show(name, t):
    print("== " + name)
    if isinstance(t, tf.RaggedTensor):
        print("|".join(v.decode() for v in t.flat_values.numpy()))
        print(" ".join(str(v) for v in t.row_splits.numpy()))
    else:
        print(" ".join(str(d) for d in t.shape))
        print("|".join(v.decode() for v in t.numpy().reshape(-1)))


show("bigrams", tf.strings.ngrams(tokens, 2))
show("widths", tf.strings.ngrams(tokens, (1, 3), separator="_"))
show("padded", tf.strings.ngrams(tokens, 3, pad_values=("<s>", "</s>")))
show("padded_one", tf.strings.ngrams(tokens, 3, pad_values=("<s>", "</s>"), padding_width=1))
show("rows", tf.strings.ngrams(rows, 2))
show("ragged", tf.strings.ngrams(ragged, 2))
show("ragged_short", tf.strings.ngrams(ragged, 3, preserve_short_sequences=True))
show("ragged_short_padded", tf.strings.ngrams(ragged, 4, pad_values="#", padding_width=1, preserve_short_sequences=True))
