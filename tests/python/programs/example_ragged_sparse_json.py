"""tf.io.RaggedFeature (every partition kind, several partitions, row_splits_dtype, validate) and
tf.io.SparseFeature (one and two index keys, already_sorted) in tf.io.parse_example and
parse_single_example, as TensorFlow's API documentation describes them: eagerly, inside tf.function and
in Dataset.map over a TFRecordDataset; the specs TensorFlow rejects and the data its parser rejects;
tf.io.decode_compressed (ZLIB, GZIP, none) and tf.io.decode_json_example, with their errors."""
import gzip
import os
import re
import tempfile
import zlib

import numpy as np
from harness import tf

F = tf.train.Feature
RF = tf.io.RaggedFeature


def ints(*v):
    return F(int64_list=tf.train.Int64List(value=v))


def floats(*v):
    return F(float_list=tf.train.FloatList(value=v))


def strings(*v):
    return F(bytes_list=tf.train.BytesList(value=v))


def example(**features):
    return tf.train.Example(features=tf.train.Features(feature=features)).SerializeToString()


def show(label, value):
    """A tensor's, RaggedTensor's or SparseTensor's dtype, shape and values; a dict's in key order."""
    if isinstance(value, dict):
        print(label, "keys:", sorted(value))
        for key in sorted(value):
            show("  %s[%s]" % (label, key), value[key])
    elif isinstance(value, tf.RaggedTensor):
        print(label, "RaggedTensor", value.dtype.name, "ragged_rank", value.ragged_rank, "splits",
              value.row_splits.dtype.name, value.to_list())
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
        text = re.sub(r" \[Op:\w+\]( name: \S*)?$", "", text)
        text = re.sub(r"^\[\w+\] ", "", text)
        print("%s: %s: %s" % (label, type(e).__name__, text if message else "(message not compared)"))
    else:
        print("%s: no error" % label)


# --- The documentation's example: RowSplits, one and two partitions ---
batch = [example(v=ints(3, 1, 4, 1, 5, 9), s1=ints(0, 2, 3, 3, 6), s2=ints(0, 2, 3, 4)),
         example(v=ints(2, 7, 1, 8, 2, 8, 1), s1=ints(0, 3, 4, 5, 7), s2=ints(0, 1, 1, 4))]
doc_features = {
    "f1": RF(value_key="v", dtype=tf.int64),
    "f2": RF(value_key="v", dtype=tf.int64, partitions=[RF.RowSplits("s1")]),
    "f3": RF(value_key="v", dtype=tf.int64, partitions=[RF.RowSplits("s2"), RF.RowSplits("s1")]),
}
show("doc single", tf.io.parse_single_example(batch[0], doc_features))
show("doc batch", tf.io.parse_example(batch, doc_features))

# --- Every partition kind, on one example and on a batch ---
parts = [example(v=floats(1, 2, 3, 4, 5, 6), lengths=ints(2, 0, 4), starts=ints(0, 2, 2), limits=ints(2, 2, 6),
                 rowids=ints(0, 0, 2, 2, 2, 2), name=strings(b"a", b"bc")),
         example(v=floats(7, 8), lengths=ints(1, 1), starts=ints(0, 1), limits=ints(1, 2), rowids=ints(1, 3)),
         example(lengths=ints(), name=strings(b"d"))]
kinds = {
    "lengths": RF(tf.float32, "v", [RF.RowLengths("lengths")]),
    "starts": RF(tf.float32, "v", [RF.RowStarts("starts")]),
    "limits": RF(tf.float32, "v", [RF.RowLimits("limits")]),
    "rowids": RF(tf.float32, "v", [RF.ValueRowIds("rowids")]),
    "uniform": RF(tf.float32, "v", [RF.UniformRowLength(2)]),
    "name": RF(tf.string, row_splits_dtype=tf.int64),
}
for i, record in enumerate(parts[:2]):
    show("kinds single %d" % i, tf.io.parse_single_example(record, kinds))
show("kinds batch", tf.io.parse_example(parts, {k: v for k, v in kinds.items() if k != "rowids"}))
show("rowids batch", tf.io.parse_example(parts[:2], {"rowids": kinds["rowids"]}))
deep = {"d": RF(tf.float32, "v", [RF.RowLengths("lengths"), RF.UniformRowLength(2)]),
        "u": RF(tf.float32, "v", [RF.UniformRowLength(3), RF.UniformRowLength(1)])}
show("deep single", tf.io.parse_single_example(parts[0], deep))
show("deep batch", tf.io.parse_example(parts[:1], deep))
show("empty batch", tf.io.parse_example(tf.constant([], tf.string), {"v": RF(tf.int64, row_splits_dtype=tf.int64)}))

# --- SparseFeature ---
sparse_batch = [example(ix=ints(3, 1, 0), val=floats(0.5, 1.5, 2.5), iy=ints(1, 0, 2), label=ints(7)),
                example(ix=ints(2), val=floats(7), iy=ints(0), label=ints(8))]
sparse_features = {"sp": tf.io.SparseFeature("ix", "val", tf.float32, 4),
                   "sp2": tf.io.SparseFeature(["ix", "iy"], "val", tf.float32, [4, 3]),
                   "label": tf.io.FixedLenFeature([], tf.int64)}
show("sparse single", tf.io.parse_single_example(sparse_batch[0], sparse_features))
show("sparse batch", tf.io.parse_example(sparse_batch, sparse_features))
show("sparse sorted", tf.io.parse_single_example(
    sparse_batch[0], {"sp": tf.io.SparseFeature("ix", "val", tf.float32, 4, already_sorted=True)}))
mixed = {"val": tf.io.VarLenFeature(tf.float32), "sp": tf.io.SparseFeature("ix", "val", tf.float32, 4),
         "r": RF(tf.int64, "label")}
show("sparse beside its value key", tf.io.parse_example(sparse_batch, mixed))


# --- Inside tf.function and Dataset.map over a TFRecordDataset ---
@tf.function
def parse_batch(serialized):
    out = tf.io.parse_example(serialized, {"f2": doc_features["f2"], "sp": sparse_features["sp"]})
    return out["f2"].flat_values, out["f2"].nested_row_splits[1], out["sp"].indices


show("traced", dict(zip(("values", "inner_splits", "sparse_indices"),
                        parse_batch(tf.constant([batch[0], sparse_batch[0]])))))
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "records.tfrecord")
    with tf.io.TFRecordWriter(path) as writer:
        for record in batch:
            writer.write(record)
    dataset = tf.data.TFRecordDataset(path).map(lambda r: tf.io.parse_single_example(r, doc_features))
    for i, element in enumerate(dataset):
        show("dataset %d" % i, element)
    batched = tf.data.TFRecordDataset(path).batch(2).map(
        lambda r: tf.io.parse_example(r, {"f2": doc_features["f2"], "sp": tf.io.SparseFeature("s2", "s2", tf.int64, 9)}))
    for element in batched:
        show("dataset batch", element)

# --- Specs TensorFlow rejects ---
show_error("ragged dtype", lambda: RF(tf.int32))
show_error("ragged splits dtype", lambda: RF(tf.int64, row_splits_dtype=tf.float32))
show_error("ragged value_key", lambda: RF(tf.int64, value_key=""))
show_error("ragged partitions", lambda: RF(tf.int64, partitions=RF.RowSplits("a")), message=False)
show_error("ragged validate", lambda: RF(tf.int64, validate=1))
show_error("conflicting ragged types", lambda: tf.io.parse_example(batch, {"a": RF(tf.int64, "v"), "b": RF(tf.float32, "v")}))
show_error("conflicting split types", lambda: tf.io.parse_example(
    batch, {"a": RF(tf.int64, "v"), "b": RF(tf.int64, "v", row_splits_dtype=tf.int64)}))
show_error("conflicting sparse types", lambda: tf.io.parse_example(
    sparse_batch, {"a": tf.io.SparseFeature("ix", "val", tf.float32, 4), "val": tf.io.VarLenFeature(tf.string)}))
show_error("dense and ragged", lambda: tf.io.parse_example(
    batch, {"v": tf.io.FixedLenFeature([], tf.int64), "r": RF(tf.int64, "v")}), message=False)
show_error("ragged and sparse", lambda: tf.io.parse_example(
    batch, {"v": tf.io.VarLenFeature(tf.int64), "r": RF(tf.int64, "v")}), message=False)
show_error("missing index_key", lambda: tf.io.parse_example(batch, {"s": tf.io.SparseFeature([], "v", tf.int64, 3)}),
           message=False)

# --- Data TensorFlow's parser rejects ---
show_error("ragged kind", lambda: tf.io.parse_example(batch, {"r": RF(tf.float32, "v")}))
show_error("ragged kind single", lambda: tf.io.parse_single_example(parts[0], {"r": RF(tf.string, "lengths")}))
show_error("sparse kind", lambda: tf.io.parse_example(sparse_batch, {"s": tf.io.SparseFeature("val", "ix", tf.int64, 3)}),
           message=False)
show_error("validated splits", lambda: tf.io.parse_single_example(
    example(v=ints(1, 2), s=ints(0, 3)), {"r": RF(tf.int64, "v", [RF.RowSplits("s")], validate=True)}), message=False)
show_error("validated lengths", lambda: tf.io.parse_single_example(
    example(v=ints(1, 2), s=ints(-1, 3)), {"r": RF(tf.int64, "v", [RF.RowLengths("s")], validate=True)}), message=False)
show_error("damaged record", lambda: tf.io.parse_example([batch[0], b"\x0a\x05ab"], doc_features), message=False)
show_error("damaged single", lambda: tf.io.parse_single_example(batch[0][:-2], doc_features), message=False)

# --- decode_compressed ---
text = b"hello hello hello " * 5
z, g = zlib.compress(text), gzip.compress(b"gzipped!", mtime=0)
show("zlib", tf.io.decode_compressed([z, zlib.compress(b"")], "ZLIB"))
show("gzip", tf.io.decode_compressed(tf.constant([[g]]), "GZIP"))
show("gzip members", tf.io.decode_compressed(g + gzip.compress(b"+more", mtime=0), "GZIP"))
show("none", tf.io.decode_compressed(g))
show("truncated zlib", tf.io.decode_compressed(z[:-3], "ZLIB"))
show("zlib then junk", tf.io.decode_compressed(z + b"xx", "ZLIB"))
show("traced zlib", tf.function(lambda x: tf.io.decode_compressed(x, compression_type="ZLIB"))(tf.constant([z])))
show_error("zlib read as gzip", lambda: tf.io.decode_compressed(z, "GZIP"))
show_error("garbage", lambda: tf.io.decode_compressed(b"garbage", "ZLIB"))
show_error("gzip then junk", lambda: tf.io.decode_compressed(g + b"junk", "GZIP"))
show_error("unknown compression", lambda: tf.io.decode_compressed(z, "LZ4"), message=False)
show_error("not strings", lambda: tf.io.decode_compressed(3, "ZLIB"), message=False)

# --- decode_json_example ---
json = ['{"features": {"feature": {"a": {"int64List": {"value": ["1", 2, "-3"]}}, "b": {"bytesList": {"value": ["aGk="]}},'
        ' "c": {"floatList": {"value": [1.5, -0.25]}}, "d": {}}}}', "{}", '{"features": {}}']
decoded = tf.io.decode_json_example(json)
show("json", decoded)
print("json parses back:", tf.train.Example.FromString(decoded.numpy()[0]) == tf.train.Example(features=tf.train.Features(
    feature={"a": ints(1, 2, -3), "b": strings(b"hi"), "c": floats(1.5, -0.25), "d": F()})))
show("json parsed", tf.io.parse_single_example(decoded[0], {"a": RF(tf.int64), "b": tf.io.VarLenFeature(tf.string)}))
show("json traced", tf.function(tf.io.decode_json_example)(tf.constant([[json[1]]])))
for bad in ("not json", '{"features": 3}', '{"nope": 3}', '{"features": {"feature": {"a": {"int64List": {"value": ["x"]}}}}}'):
    show_error("json " + bad, lambda: tf.io.decode_json_example(bad), message=False)
