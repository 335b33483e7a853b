"""tf.train.SequenceExample (with FeatureLists and FeatureList) and tf.io.parse_single_sequence_example /
parse_sequence_example as TensorFlow's API documentation describes them: messages built by keyword, their
bytes (deterministic serialization), FromString / ParseFromString, and bytes TensorFlow 2.21 wrote read back;
context features as FixedLenFeature (with defaults) and VarLenFeature (a SparseTensor), feature lists as
FixedLenSequenceFeature (allow_missing, a batch padded to its longest list, the lengths) and VarLenFeature;
parsing eagerly, inside tf.function and in Dataset.map over a TFRecordDataset. Errors: wrong list kinds,
wrong value counts, missing required features and lists, damaged bytes, and the specs TensorFlow's Python
rejects, with their messages."""
import os
import re
import tempfile

import numpy as np
from harness import tf

F = tf.train.Feature


def ints(*v):
    return F(int64_list=tf.train.Int64List(value=v))


def floats(*v):
    return F(float_list=tf.train.FloatList(value=v))


def strings(*v):
    return F(bytes_list=tf.train.BytesList(value=v))


def sequence(context, lists):
    return tf.train.SequenceExample(
        context=tf.train.Features(feature=context),
        feature_lists=tf.train.FeatureLists(feature_list={k: tf.train.FeatureList(feature=v) for k, v in lists.items()}))


def show(label, value):
    """A tensor or SparseTensor's dtype, shape and values, or a dict of them in its own order."""
    if isinstance(value, tuple):
        print(label, "tuple of", len(value))
        for i, part in enumerate(value):
            show("  %s[%d]" % (label, i), part)
    elif isinstance(value, dict):
        print(label, "keys:", list(value))
        for key in value:
            show("  %s[%s]" % (label, key), value[key])
    elif isinstance(value, tf.SparseTensor):
        print(label, "SparseTensor", value.dtype.name, "indices", value.indices.numpy().tolist(),
              "values", value.values.numpy().tolist(), "dense_shape", value.dense_shape.numpy().tolist())
    else:
        print(label, value.dtype.name, tuple(value.shape), np.asarray(value.numpy()).tolist())


def show_error(label, fn, message=True):
    """The class and (unless `message` is False) the message of the error `fn` raises, without
    TensorFlow's node prefix and op suffix or tfpp's op prefix."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - class and message are what is compared
        text = re.sub(r"^\{\{function_node [^}]*\}\} ", "", str(e))
        text = re.sub(r" \[Op:\w+\]$", "", text)
        text = re.sub(r"^\[ParseSequenceExample\] ", "", text)
        print("%s: %s: %s" % (label, type(e).__name__, text if message else "(message not compared)"))
    else:
        print("%s: no error" % label)


# --- Messages ---
first = sequence({"id": ints(7), "w": floats(1.5, -2.5), "tags": strings(b"x", b"yz")},
                 {"tok": [ints(1, 2), ints(3, -4), ints(300, 6)], "s": [strings(b"a"), strings(), strings(b"b", b"c")],
                  "f": [floats(0.5)]})
second = sequence({"id": ints(8), "w": floats(3.5, 4.5)}, {"tok": [ints(9, 10)], "f": [floats(2.0), floats(-1.0)]})
records = [first.SerializeToString(deterministic=True), second.SerializeToString(deterministic=True)]
print("first:", records[0].hex())
print("second:", records[1].hex())
print("empty:", tf.train.SequenceExample().SerializeToString(),
      tf.train.SequenceExample(feature_lists=tf.train.FeatureLists(feature_list={"a": tf.train.FeatureList()}))
      .SerializeToString())
back = tf.train.SequenceExample.FromString(records[0])
print("round trip:", back == first, back == second)
print("context id:", list(back.context.feature["id"].int64_list.value), back.context.feature["w"].WhichOneof("kind"))
print("tok steps:", [list(f.int64_list.value) for f in back.feature_lists.feature_list["tok"].feature])
print("s steps:", [list(f.bytes_list.value) for f in back.feature_lists.feature_list["s"].feature])
print("f kinds:", [f.WhichOneof("kind") for f in tf.train.SequenceExample.FromString(records[1])
                   .feature_lists.feature_list["f"].feature])
show_error("FromString of truncated bytes", lambda: tf.train.SequenceExample.FromString(records[0][:-3]))
show_error("Example.FromString of damaged bytes", lambda: tf.train.Example.FromString(b"\x0a\x09"))
reread = tf.train.SequenceExample()
print("ParseFromString:", reread.ParseFromString(records[1]), reread == second)

# Bytes TensorFlow 2.21 wrote (its map order, not sorted).
written_by_tensorflow = bytes.fromhex(
    "0a370a0c0a0361676512051a030a011f0a0f0a047573657212070a050a03616e6e0a160a0673636f726573120c120a0a080000803e000080"
    "bf12680a210a05776f72647312180a060a040a0268690a0e0a0c0a0574686572650a03796f750a220a06636c69636b7312180a061a040a02"
    "01000a061a040a0200010a061a040a0201010a1f0a056477656c6c12160a0812060a040000c03f0a000a0812060a0400002040")
theirs = tf.train.SequenceExample.FromString(written_by_tensorflow)
print("theirs:", sorted(theirs.context.feature), sorted(theirs.feature_lists.feature_list))
print("theirs user:", list(theirs.context.feature["user"].bytes_list.value),
      list(theirs.context.feature["scores"].float_list.value))
print("theirs dwell:", [(f.WhichOneof("kind"), list(f.float_list.value))
                        for f in theirs.feature_lists.feature_list["dwell"].feature])
print("theirs again:", theirs.SerializeToString(deterministic=True).hex())

# --- Parsing one sequence ---
print(tf.io.FixedLenSequenceFeature([2], tf.int64), tf.io.FixedLenSequenceFeature([], tf.float32, allow_missing=True))
context_spec = {"id": tf.io.FixedLenFeature([], tf.int64), "w": tf.io.FixedLenFeature([2], tf.float32),
                "tags": tf.io.VarLenFeature(tf.string),
                "fallback": tf.io.FixedLenFeature([2], tf.int64, default_value=[4, 5])}
list_spec = {"tok": tf.io.FixedLenSequenceFeature([2], tf.int64), "s": tf.io.VarLenFeature(tf.string),
             "f": tf.io.FixedLenSequenceFeature([], tf.float32, allow_missing=True),
             "absent": tf.io.FixedLenSequenceFeature([3], tf.string, allow_missing=True),
             "absent_var": tf.io.VarLenFeature(tf.int64)}
context, lists = tf.io.parse_single_sequence_example(records[0], context_spec, list_spec)
show("single context", context)
show("single lists", lists)
context, lists = tf.io.parse_single_sequence_example(written_by_tensorflow, {
    "user": tf.io.FixedLenFeature([], tf.string), "scores": tf.io.VarLenFeature(tf.float32)}, {
    "clicks": tf.io.FixedLenSequenceFeature([2], tf.int64), "dwell": tf.io.VarLenFeature(tf.float32),
    "words": tf.io.VarLenFeature(tf.string)})
show("theirs context", context)
show("theirs lists", lists)
only_lists = tf.io.parse_single_sequence_example(tf.constant(records[1]), sequence_features={
    "tok": tf.io.FixedLenSequenceFeature([1, 2], tf.int64)})
show("only lists", only_lists)

# --- Parsing a batch ---
batch_context = {k: v for k, v in context_spec.items() if k != "tags"}
batch_context["tags"] = tf.io.VarLenFeature(tf.string)
context, lists, lengths = tf.io.parse_sequence_example(tf.constant(records), batch_context, list_spec)
show("batch context", context)
show("batch lists", lists)
show("batch lengths", lengths)
context, lists, lengths = tf.io.parse_sequence_example(records[0], sequence_features={"s": tf.io.VarLenFeature(tf.string)})
show("scalar to the batch function", lists)
context, lists, lengths = tf.io.parse_sequence_example(tf.constant([], tf.string), sequence_features={
    "s": tf.io.VarLenFeature(tf.string), "tok": tf.io.FixedLenSequenceFeature([2], tf.int64)})
show("empty batch lists", lists)
show("empty batch lengths", lengths)

# --- Errors ---
show_error("context list of another kind", lambda: tf.io.parse_single_sequence_example(records[0], {
    "id": tf.io.FixedLenFeature([], tf.float32)}))
show_error("feature list of another kind", lambda: tf.io.parse_single_sequence_example(records[0], None, {
    "tok": tf.io.FixedLenSequenceFeature([2], tf.float32)}))
show_error("a step with too few values", lambda: tf.io.parse_single_sequence_example(records[0], None, {
    "tok": tf.io.FixedLenSequenceFeature([3], tf.int64)}))
show_error("values not a whole number of steps", lambda: tf.io.parse_single_sequence_example(records[0], None, {
    "tok": tf.io.FixedLenSequenceFeature([4], tf.int64)}))
show_error("an empty step", lambda: tf.io.parse_single_sequence_example(records[0], None, {
    "s": tf.io.FixedLenSequenceFeature([], tf.string, allow_missing=True)}))
show_error("a step holding no list", lambda: tf.io.parse_single_sequence_example(written_by_tensorflow, None, {
    "dwell": tf.io.FixedLenSequenceFeature([], tf.float32)}))
show_error("a required list missing", lambda: tf.io.parse_single_sequence_example(records[1], None, {
    "s": tf.io.FixedLenSequenceFeature([], tf.string)}))
show_error("a required list missing in one of a batch", lambda: tf.io.parse_sequence_example(records, None, {
    "s": tf.io.VarLenFeature(tf.string), "g": tf.io.FixedLenSequenceFeature([], tf.string)}))
show_error("a context feature with too few values", lambda: tf.io.parse_single_sequence_example(records[0], {
    "w": tf.io.FixedLenFeature([3], tf.float32)}))
show_error("a required context feature missing", lambda: tf.io.parse_single_sequence_example(records[0], {
    "zz": tf.io.FixedLenFeature([], tf.int64)}))
without_id = sequence({"w": floats(1.0, 2.0)}, {}).SerializeToString()
show_error("a required context feature missing in one of a batch", lambda: tf.io.parse_sequence_example(
    [records[0], without_id], {"id": tf.io.FixedLenFeature([], tf.int64)}))
show_error("an empty list and a default", lambda: tf.io.parse_single_sequence_example(
    sequence({"e": strings()}, {}).SerializeToString(), {"e": tf.io.FixedLenFeature([], tf.string, default_value="d")}))
show_error("damaged bytes", lambda: tf.io.parse_single_sequence_example(b"\x0a\x09abc", {
    "id": tf.io.FixedLenFeature([], tf.int64)}))
show_error("a damaged record in a batch", lambda: tf.io.parse_sequence_example([records[0], records[1][:-3]], {
    "id": tf.io.FixedLenFeature([], tf.int64)}))
show_error("an int32 spec", lambda: tf.io.parse_single_sequence_example(records[0], {
    "id": tf.io.FixedLenFeature([], tf.int32)}), message=False)
show_error("no features", lambda: tf.io.parse_single_sequence_example(records[0]))
show_error("no features in a batch", lambda: tf.io.parse_sequence_example(records, {}, {}))
show_error("FixedLenFeature as a list", lambda: tf.io.parse_single_sequence_example(records[0], None, {
    "tok": tf.io.FixedLenFeature([2], tf.int64)}))
show_error("FixedLenSequenceFeature as context", lambda: tf.io.parse_single_sequence_example(records[0], {
    "tok": tf.io.FixedLenSequenceFeature([2], tf.int64)}))
show_error("a padding default", lambda: tf.io.parse_sequence_example(records, None, {
    "tok": tf.io.FixedLenSequenceFeature([2], tf.int64, default_value=-1)}))
show_error("an unknown context dimension", lambda: tf.io.parse_single_sequence_example(records[0], {
    "w": tf.io.FixedLenFeature([None], tf.float32)}))
show_error("a vector to the single function", lambda: tf.io.parse_single_sequence_example(records, {
    "id": tf.io.FixedLenFeature([], tf.int64)}))

# --- In Dataset.map over a TFRecord file, and in tf.function ---
root = tempfile.mkdtemp()
path = os.path.join(root, "sequences.tfrecord")
with tf.io.TFRecordWriter(path) as writer:
    for i in range(4):
        writer.write(sequence({"id": ints(i), "w": floats(i, -i)},
                              {"tok": [ints(j, j * i) for j in range(i)],
                               "s": [strings(*[b"v%d" % k for k in range(j)]) for j in range(i)]}).SerializeToString())
small_context = {"id": tf.io.FixedLenFeature([], tf.int64), "w": tf.io.FixedLenFeature([2], tf.float32)}
small_lists = {"tok": tf.io.FixedLenSequenceFeature([2], tf.int64), "s": tf.io.VarLenFeature(tf.string)}
dataset = tf.data.TFRecordDataset(path).map(
    lambda r: tf.io.parse_single_sequence_example(r, small_context, small_lists))
for context, lists in dataset:
    print("map:", context["id"].numpy(), context["w"].numpy().tolist(), lists["tok"].numpy().tolist(),
          lists["s"].values.numpy().tolist(), lists["s"].dense_shape.numpy().tolist())
batched = tf.data.TFRecordDataset(path).batch(2).map(
    lambda r: tf.io.parse_sequence_example(r, small_context, small_lists))
for context, lists, lengths in batched:
    print("batched map:", context["id"].numpy().tolist(), lists["tok"].numpy().tolist(), lengths["tok"].numpy().tolist(),
          lists["s"].indices.numpy().tolist())


@tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
def parse_in_function(serialized):
    context, lists, lengths = tf.io.parse_sequence_example(serialized, small_context, small_lists)
    print("traced shapes:", context["w"].shape, lists["tok"].shape, lengths["tok"].shape, lists["s"].indices.shape)
    return context["w"] * 2, lists["tok"], lengths["tok"], lists["s"].dense_shape


for t in parse_in_function(tf.constant([r.numpy() for r in tf.data.TFRecordDataset(path)])):
    print("in tf.function:", t.numpy().tolist())


@tf.function
def parse_one(serialized):
    return tf.io.parse_single_sequence_example(serialized, small_context, small_lists)[1]["tok"]


print("single in tf.function:", parse_one(tf.constant(records[0])).numpy().tolist())
