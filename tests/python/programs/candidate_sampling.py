"""tf.random's candidate samplers (also under tf.nn and tf.compat.v1.nn where TensorFlow exports them),
tf.nn.compute_accidental_hits, tf.nn.nce_loss and tf.nn.sampled_softmax_loss (and the compat.v1 forms
with partition_strategy): dtypes, shapes and named tuples; the draws' range, uniqueness and frequencies
(printed as checks, since the numbers drawn are each library's own); expected counts where they do not
depend on the draws; the losses with given sampled values and their tape gradients for the weights (one
table or partitions), biases and inputs, eagerly and traced; TensorFlow's errors."""
import os
import tempfile

import numpy as np

from harness import rounded, show_error, tf


def error(label, fn):
    """Prints the class and message of what fn() raises, without TensorFlow's node and op decorations
    and without the shape tfpp adds to some messages."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - class and message are compared
        message = str(e).split("\n")[0].split(" [Op:")[0].split("}}")[-1].split(", got shape")[0].strip()
        print(label, "raises", type(e).__name__, message[message.find("] ") + 2:] if message.startswith("[") else message)
    else:
        print(label, "no error")


print("tf.nn", [n for n in dir(tf.nn) if not n.startswith("_") and ("sampl" in n or "accidental" in n or n == "nce_loss")])
print("tf.random", [n for n in dir(tf.random) if not n.startswith("_") and "sampl" in n])
print("compat.v1.nn", [n for n in dir(tf.compat.v1.nn) if not n.startswith("_") and ("sampl" in n or "accidental" in n or n == "nce_loss")])

true_classes = tf.constant([[1, 2], [3, 4]], tf.int64)


def describe(label, result):
    print(label, type(result).__name__, result._fields,
          [(t.dtype.name, tuple(t.shape)) for t in result])


describe("uniform", tf.random.uniform_candidate_sampler(true_classes, 2, 5, True, 10, seed=1))
describe("log_uniform", tf.random.log_uniform_candidate_sampler(true_classes, 2, 5, True, 10, seed=1))
describe("learned", tf.random.learned_unigram_candidate_sampler(true_classes, 2, 5, True, 10, seed=1))
describe("fixed", tf.random.fixed_unigram_candidate_sampler(true_classes, 2, 3, True, 5, unigrams=[1, 2, 3, 4, 5],
                                                            seed=1))
describe("all", tf.random.all_candidate_sampler(true_classes, 2, 5, True))
describe("true classes as a list", tf.random.uniform_candidate_sampler([[1, 2]], 2, 3, True, 10, seed=1))

# With replacement, expected counts are p * num_sampled whatever is drawn.
print("uniform counts", rounded(tf.random.uniform_candidate_sampler(true_classes, 2, 7, False, 9, seed=2)[1], 6))
print("log-uniform counts",
      rounded(tf.random.log_uniform_candidate_sampler(true_classes, 2, 7, False, 9, seed=2)[1], 6))
print("fixed counts", rounded(tf.random.fixed_unigram_candidate_sampler(
    true_classes, 2, 3, False, 6, unigrams=[0.5, 2, 3, 7, 1.5], distortion=0.75, num_reserved_ids=1, seed=2)[1], 6))
print("fixed sharded counts", rounded(tf.random.fixed_unigram_candidate_sampler(
    tf.constant([[1, 2]], tf.int64), 2, 2, False, 3, unigrams=[3, 1, 2, 5], num_reserved_ids=3, num_shards=2, shard=1,
    distortion=0.5, seed=3)[1], 6))
vocab = os.path.join(tempfile.mkdtemp(), "vocab.txt")
with open(vocab, "w") as f:
    f.write("a,3\nb, 1 \n\nc,2\nd,5\n")
print("vocab file counts", rounded(tf.random.fixed_unigram_candidate_sampler(
    tf.constant([[1, 2]], tf.int64), 2, 2, False, 5, vocab_file=vocab, num_reserved_ids=1, seed=3)[1], 6))
print("all", [t.numpy().tolist() for t in tf.random.all_candidate_sampler(true_classes, 2, 5, False)])
# The learned sampler counts the true classes it has seen.
learned_classes = tf.constant([[1, 2], [3, 3]], tf.int64)
for call in range(3):
    print("learned call", call, rounded(tf.random.learned_unigram_candidate_sampler(
        learned_classes, 2, 3, False, 10, seed=77)[1], 6))

# Draws: range, uniqueness, and frequencies against the base distribution.
draws = tf.random.uniform_candidate_sampler(true_classes, 2, 30, True, 30, seed=4)
values = draws.sampled_candidates.numpy()
print("unique permutation", sorted(values.tolist()) == list(range(30)))
tries = np.log1p(-draws.sampled_expected_count.numpy()[0]) / np.log1p(-1 / 30)
print("num_tries correction", bool(tries > 30.5 and abs(tries - round(tries)) < 1e-2))
many = tf.random.log_uniform_candidate_sampler(true_classes, 2, 60000, False, 20, seed=5).sampled_candidates.numpy()
zipf = np.log((np.arange(20) + 2.0) / (np.arange(20) + 1.0)) / np.log(21.0)
print("log-uniform frequencies", bool(np.abs(np.bincount(many, minlength=20) / 60000 - zipf).max() < 0.01))
fixed = tf.random.fixed_unigram_candidate_sampler(true_classes, 2, 50000, False, 5, unigrams=[1, 2, 3, 4],
                                                  distortion=0.5, num_reserved_ids=1, seed=6).sampled_candidates.numpy()
weights = np.sqrt([0, 1, 2, 3, 4.0])
print("fixed frequencies", bool(np.abs(np.bincount(fixed, minlength=5) / 50000 - weights / weights.sum()).max() < 0.01))
same = [tf.random.uniform_candidate_sampler(true_classes, 2, 8, True, 1000, seed=7)[0].numpy().tolist() for _ in range(2)]
print("in range", all(0 <= v < 1000 for v in same[0]), "distinct", len(set(same[0])) == 8)

# A sampler's first call with given seeds draws TensorFlow's numbers: the same Philox stream, used as
# TensorFlow's range samplers use it (TensorFlow's kernels then go on along it from call to call, where
# tfpp's call with an op seed is a pure function of its seeds, so only first calls are compared).
first_calls = [
    ("uniform unique", lambda: tf.random.uniform_candidate_sampler(true_classes, 2, 6, True, 12, seed=101)),
    ("log-uniform", lambda: tf.random.log_uniform_candidate_sampler(true_classes, 2, 8, False, 50, seed=102)),
    ("log-uniform unique", lambda: tf.random.log_uniform_candidate_sampler(true_classes, 2, 8, True, 50, seed=103)),
    ("learned", lambda: tf.random.learned_unigram_candidate_sampler(true_classes, 2, 6, True, 40, seed=104)),
    ("fixed", lambda: tf.random.fixed_unigram_candidate_sampler(true_classes, 2, 6, False, 6,
                                                                unigrams=[4, 1, 3, 9, 2], num_reserved_ids=1,
                                                                distortion=0.8, seed=105)),
    ("fixed unique", lambda: tf.random.fixed_unigram_candidate_sampler(true_classes, 2, 4, True, 5,
                                                                       unigrams=[1, 2, 3, 4, 5], seed=106)),
]
for label, fn in first_calls:
    candidates, true_counts, sampled_counts = fn()
    print("first", label, candidates.numpy().tolist(), rounded(true_counts, 6), rounded(sampled_counts, 6))


@tf.function
def traced_sampler(t):
    return tf.random.log_uniform_candidate_sampler(t, 2, 5, True, 30, seed=107)


print("traced", [rounded(v, 6) for v in traced_sampler(true_classes)])

hits = tf.nn.compute_accidental_hits(true_classes, tf.constant([4, 1, 7, 1], tf.int64), 2)
print("hits", type(hits).__name__, hits._fields, [(t.dtype.name, t.numpy().tolist()) for t in hits])
print("no hits", [t.numpy().tolist() for t in tf.nn.compute_accidental_hits(true_classes, [9], 2)])

# Losses with given sampled values, and their gradients.
rng = np.random.RandomState(3)
W = tf.constant(rng.randn(10, 4).astype(np.float32))
b = tf.constant(rng.randn(10).astype(np.float32))
x = tf.constant(rng.randn(3, 4).astype(np.float32))
labels = {1: tf.constant([[1], [3], [7]], tf.int64), 2: tf.constant([[1, 2], [3, 5], [7, 0]], tf.int32)}
true_expected = {1: tf.constant([[0.1], [0.3], [0.7]]), 2: tf.constant([[0.1, 0.2], [0.3, 0.5], [0.7, 0.05]])}
sampled = tf.constant([2, 3, 5, 9], tf.int64)
sampled_expected = tf.constant([0.2, 0.3, 0.5, 0.9])
cases = [
    ("nce", tf.nn.nce_loss, [W], 1, {}),
    ("nce hits", tf.nn.nce_loss, [W], 2, {"remove_accidental_hits": True}),
    ("softmax", tf.nn.sampled_softmax_loss, [W], 1, {}),
    ("softmax kept hits", tf.nn.sampled_softmax_loss, [W], 2, {"remove_accidental_hits": False}),
    ("softmax div", tf.nn.sampled_softmax_loss, [W[0:4], W[4:7], W[7:10]], 2, {}),
    ("v1 softmax mod", tf.compat.v1.nn.sampled_softmax_loss, [W[0::3], W[1::3], W[2::3]], 1,
     {"partition_strategy": "mod"}),
    ("v1 nce mod", tf.compat.v1.nn.nce_loss, [W[0::2], W[1::2]], 2,
     {"partition_strategy": "mod", "remove_accidental_hits": True}),
    ("v1 nce div", tf.compat.v1.nn.nce_loss, [W[0:5], W[5:10]], 1, {"partition_strategy": "div"}),
]
for label, fn, parts, num_true, kw in cases:
    variables = [tf.Variable(p) for p in parts]
    bias = tf.Variable(b)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = fn(variables if len(variables) > 1 else variables[0], bias, labels[num_true], x, 4, 10,
                  num_true=num_true, sampled_values=(sampled, true_expected[num_true], sampled_expected), **kw)
    grads = tape.gradient(loss, variables + [bias, x])
    print(label, rounded(loss, 4))
    for g in grads:
        print("  ", rounded(tf.convert_to_tensor(g), 4))


@tf.function
def traced_nce(inputs):
    return tf.nn.nce_loss(W, b, labels[1], inputs, 4, 10, sampled_values=(sampled, true_expected[1], sampled_expected))


print("traced nce", rounded(traced_nce(x), 4))
# The default sampler: log-uniform without replacement, seeded.
print("seeded softmax", rounded(tf.nn.sampled_softmax_loss(W, b, labels[1], x, 4, 10, seed=3), 0).split(" ")[0])
print("seeded nce finite", bool(np.isfinite(tf.nn.nce_loss(W, b, labels[1], x, 4, 10).numpy()).all()))

error("range too small", lambda: tf.random.uniform_candidate_sampler(true_classes, 2, 11, True, 10))
error("num_true columns", lambda: tf.random.uniform_candidate_sampler(true_classes, 3, 4, True, 10))
error("rank", lambda: tf.random.log_uniform_candidate_sampler(tf.constant([1, 2], tf.int64), 2, 4, True, 10))
error("int32 classes", lambda: tf.random.uniform_candidate_sampler(tf.constant([[1, 2]]), 2, 4, True, 10))
# tfpp's converter names the element it cannot convert, TensorFlow the whole list.
show_error("float classes", lambda: tf.random.uniform_candidate_sampler([[1.0, 2]], 2, 4, True, 10))
error("num_sampled 0", lambda: tf.random.uniform_candidate_sampler(true_classes, 2, 0, True, 10))
error("class out of range", lambda: tf.random.learned_unigram_candidate_sampler(true_classes, 2, 3, True, 4))
error("no unigrams", lambda: tf.random.fixed_unigram_candidate_sampler(true_classes, 2, 3, True, 5))
error("both", lambda: tf.random.fixed_unigram_candidate_sampler(true_classes, 2, 3, True, 5, vocab_file=vocab,
                                                                 unigrams=[1, 2, 3, 4, 5]))
error("range mismatch", lambda: tf.random.fixed_unigram_candidate_sampler(true_classes, 2, 3, True, 4,
                                                                           unigrams=[1, 2, 3, 4, 5]))
error("missing file", lambda: tf.random.fixed_unigram_candidate_sampler(true_classes, 2, 3, True, 5,
                                                                         vocab_file="/nonexistent/vocab.txt"))
error("all out of range", lambda: tf.random.all_candidate_sampler(true_classes, 2, 3, True))
error("hits matrix", lambda: tf.nn.compute_accidental_hits(true_classes, [4], 3))
error("hits vector", lambda: tf.nn.compute_accidental_hits(true_classes, [[4]], 2))
error("softmax range", lambda: tf.nn.sampled_softmax_loss(W, b, labels[1], x, 11, 10))
sampled_values = (sampled, true_expected[1], sampled_expected)
error("unknown strategy", lambda: tf.compat.v1.nn.nce_loss([W[:5], W[5:]], b, labels[1], x, 4, 10,
                                                            sampled_values=sampled_values, partition_strategy="rows"))
print("strategy of one table", rounded(tf.compat.v1.nn.nce_loss(W, b, labels[1], x, 4, 10, sampled_values=sampled_values,
                                                                partition_strategy="rows"), 4))
print("float labels", rounded(tf.nn.nce_loss(W, b, tf.cast(labels[1], tf.float32), x, 4, 10,
                                             sampled_values=sampled_values), 4))
show_error("label out of range", lambda: tf.nn.nce_loss(W, b, tf.constant([[1], [3], [12]], tf.int64), x, 4, 10,
                                                        sampled_values=sampled_values))
