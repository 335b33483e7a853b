"""tf.strings and tf.io as TensorFlow's API documentation describes them: length, join, reduce_join,
unsorted_segment_join, split (of a scalar), to_number, format, lower/upper, strip, substr, as_string, regex_replace and
regex_full_match on string tensors, eagerly and inside tf.function; decode_raw; read_file and
write_file; serialize_tensor and parse_tensor; TFRecordWriter (plain, GZIP, ZLIB) read back with
tf.data.TFRecordDataset; tf.train.Example records parsed with parse_single_example / parse_example
(FixedLenFeature, with defaults, and VarLenFeature as a SparseTensor). Errors: wrong dtypes, bad values, mismatched shapes, placeholder
counts, missing features and missing files."""
import os
import tempfile

from harness import show_error, tf

words = tf.constant(["Hello", "wörld", ""])
print(tf.strings.length(words))
print(tf.strings.length(words, unit="UTF8_CHAR"))
print(tf.strings.join(["a", tf.constant(["x", "y"])], separator="-"))
print(tf.strings.join([tf.constant([["p"], ["q"]]), "=", tf.constant([["1"], ["2"]])]))
grid = tf.constant([["a", "b", "c"], ["d", "e", "f"]])
print(tf.strings.reduce_join(grid))
print(tf.strings.reduce_join(grid, axis=1, separator=","))
print(tf.strings.reduce_join(grid, axis=-2, keepdims=True))
print(tf.strings.reduce_join(grid, axis=[0, 1], separator="."))
print(tf.strings.reduce_join(grid, axis=[1, 0], separator=".", keepdims=True))
cube = tf.reshape(tf.strings.join([tf.constant(list("abcdefgh"))]), [2, 2, 2])
print(tf.strings.reduce_join(cube, axis=[0, 2], separator="."))
print(tf.strings.reduce_join(cube, axis=[2, 0], separator=".", keepdims=True))
print(tf.strings.unsorted_segment_join(["a", "b", "c", "d"], [1, 0, 1, 3], 5, separator=":"))
print(tf.strings.unsorted_segment_join(grid, tf.constant([1, 1], tf.int64), tf.constant(2, tf.int64), separator="+"))
print(tf.function(lambda s, i: tf.strings.unsorted_segment_join(s, i, 3))(cube, tf.constant([[2, 0], [2, 2]])))
show_error("segment id out of range", lambda: tf.strings.unsorted_segment_join(["a", "b"], [0, 2], 2))
show_error("negative segment id", lambda: tf.strings.unsorted_segment_join(["a", "b"], [0, -1], 2))
show_error("segment ids too short", lambda: tf.strings.unsorted_segment_join(["a", "b"], [0], 2))
print(tf.strings.split("a b  c"))
print(tf.strings.split(tf.constant("a,b,,c"), sep=","))
print(tf.strings.split("a,b,,c", sep=",", maxsplit=2))
print(tf.strings.to_number(["1.5", "-2", " 3e2"]))
print(tf.strings.to_number("7", out_type=tf.int64))
print(tf.strings.to_number(tf.constant(["12", "-4"]), tf.int32))
print(tf.strings.to_number("0.1", out_type=tf.float64))
print(tf.strings.format("x={} y={}", (tf.constant([1, 2]), 3.5)))
print(tf.strings.format("v: {}", tf.range(10), summarize=2))
print(tf.strings.format("v: <>", [tf.constant("q")], placeholder="<>"))
print(tf.strings.format("{} and {}", [tf.constant([[1.5, 2.0]]), True]))
print(tf.io.decode_raw(tf.constant([b"\x01\x00\x00\x00\x02\x00\x00\x00"]), tf.int32))
print(tf.io.decode_raw(b"\x00\x00\x80\x3f", tf.float32))
print(tf.io.decode_raw(b"\x00\x00\x00\x00\x00\x00\x00\x05", tf.int64, little_endian=False))


@tf.function
def string_ops(x):
    return (tf.strings.length(x), tf.strings.join([x, "!"]), tf.strings.to_number(x),
            tf.strings.split(x[0], sep="2"), tf.strings.reduce_join(x, separator="+"), tf.strings.format("{}", [x]))


for t in string_ops(tf.constant(["1", "22"])):
    print("traced:", t)
print("traced:", tf.function(lambda s: tf.strings.length(s, unit="UTF8_CHAR"))(tf.constant("ünï")))

show_error("length of an int tensor", lambda: tf.strings.length(tf.constant(1)))
show_error("length of a Python int", lambda: tf.strings.length(1))
show_error("length with a bad unit", lambda: tf.strings.length("a", unit="CHAR"))
show_error("to_number of text", lambda: tf.strings.to_number("abc"))
show_error("to_number of an overflowing int32", lambda: tf.strings.to_number("99999999999", tf.int32))
show_error("to_number to string", lambda: tf.strings.to_number("1", out_type=tf.string))
show_error("join with an int tensor", lambda: tf.strings.join(["a", tf.constant(1)]))
show_error("join of mismatched shapes", lambda: tf.strings.join([tf.constant(["a", "b"]), tf.constant(["a", "b", "c"])]))
show_error("join of [2,1] and [2]", lambda: tf.strings.join([tf.constant([["p"], ["q"]]), tf.constant(["1", "2"])]))
show_error("reduce_join axis out of range", lambda: tf.strings.reduce_join(tf.constant(["a"]), axis=3))
show_error("format with too few inputs", lambda: tf.strings.format("{} {}", [1]))
show_error("decode_raw of unequal lengths", lambda: tf.io.decode_raw(tf.constant([b"\x00\x00\x00\x01", b"\x00"]),
                                                                     tf.int32))
show_error("traced to_number of text", lambda: tf.function(lambda s: tf.strings.to_number(s))(tf.constant("zz")))
show_error("traced length of an int tensor", lambda: tf.function(lambda s: tf.strings.length(s))(tf.constant(1)))
show_error("traced join of mismatched shapes", lambda: tf.function(lambda a, b: tf.strings.join([a, b]))(
    tf.constant(["a", "b"]), tf.constant(["c", "d", "e"])))

# --- case, strip, substr, as_string, regular expressions ---
mixed = tf.constant(["HeLLo Été", "  Straße\t", "ΣΑΣ"])
print(tf.strings.lower(mixed))
print(tf.strings.upper(mixed))
print(tf.strings.lower(mixed, encoding="utf-8"))
print(tf.strings.upper(mixed, encoding="utf-8"))
print(tf.strings.strip(mixed))
print(tf.strings.strip(" \n x y \r"))
print(tf.strings.substr(tf.constant(["hello", "world"]), 1, 3))
print(tf.strings.substr(tf.constant(["hello", "world"]), [-3, 0], [2, 10]))
print(tf.strings.substr("héllo", 1, 3, unit="UTF8_CHAR"))
print(tf.strings.substr(tf.constant([["hello", "world"]]), [[1], [2]], [[2], [3]]))
print(tf.strings.substr("abcdef", tf.constant(2, tf.int64), 2), tf.strings.substr("héllo", -2, 2, "UTF8_CHAR"))
print(tf.strings.as_string(tf.constant([1.5, -2.25, 1e10])))
print(tf.strings.as_string(tf.constant([1.5, -2.25, 1e10]), precision=2))
print(tf.strings.as_string(tf.constant([3.14159, 0.1], tf.float64), scientific=True))
print(tf.strings.as_string(tf.constant([3.14159, 1e-7]), shortest=True))
print(tf.strings.as_string(tf.constant([7, -42]), width=6, fill="0"))
print(tf.strings.as_string(tf.constant([7, -42], tf.int64), width=6, fill="-"))
print(tf.strings.as_string(tf.constant([200], tf.uint8)), tf.as_string(True), tf.as_string("ab", width=4))
print(tf.strings.regex_replace(["aabb", "abc"], "a+", "X"))
print(tf.strings.regex_replace(["aabb", "abc"], "[ab]", "_", replace_global=False))
print(tf.strings.regex_replace("2024-01-15", r"(\d+)-(\d+)-(\d+)", r"\3/\2/\1"))
print(tf.strings.regex_replace(tf.constant(["aabb", "abc"]), tf.constant("b+"), tf.constant("<\\0>")))
print(tf.strings.regex_full_match(["aabb", "abc", ""], "a*b*"))
print(tf.strings.regex_full_match(tf.constant([["12", "1a"]]), tf.constant("[0-9]+")))


@tf.function
def text_ops(x, n):
    cleaned = tf.strings.lower(tf.strings.strip(x))
    return (cleaned, tf.strings.upper(x, encoding="utf-8"), tf.strings.substr(cleaned, 0, n),
            tf.strings.as_string(tf.cast(n, tf.float32) / 3, precision=3), tf.strings.regex_replace(cleaned, "[aeiou]", "*"),
            tf.strings.regex_replace(cleaned, tf.strings.join(["^", x[0]]), "#"), tf.strings.regex_full_match(cleaned, "[a-z]+"))


for t in text_ops(tf.constant([" Apple ", "Bé", "CHERRY\n"]), tf.constant(2)):
    print("traced:", t)

show_error("lower with encoding latin1", lambda: tf.strings.lower("a", encoding="latin1"))
show_error("strip of an int", lambda: tf.strings.strip(3))
show_error("substr past the end", lambda: tf.strings.substr(tf.constant(["hello", "ab"]), 3, 1))
show_error("substr before the start", lambda: tf.strings.substr("héllo", -6, 1, unit="UTF8_CHAR"))
show_error("substr with pos and len of two shapes", lambda: tf.strings.substr(["ab", "cd"], [1, 0], 1))
show_error("substr with an int64 pos and int32 len", lambda: tf.strings.substr("ab", tf.constant(1, tf.int64),
                                                                                tf.constant(1)))
show_error("traced substr past the end", lambda: tf.function(lambda s: tf.strings.substr(s, 2, 1))(tf.constant(["a"])))
show_error("as_string of an int with precision", lambda: tf.strings.as_string(tf.constant([1]), precision=2))
show_error("as_string scientific and shortest", lambda: tf.strings.as_string(1.5, scientific=True, shortest=True))
show_error("as_string with a bad fill", lambda: tf.strings.as_string(1.5, fill="x"))
show_error("regex_replace with an invalid pattern", lambda: tf.strings.regex_replace("ab", "(a", "x"))
show_error("regex_replace with an invalid tensor pattern", lambda: tf.strings.regex_replace("ab", tf.constant("(a"), "x"))
show_error("regex_full_match with an invalid pattern", lambda: tf.strings.regex_full_match("ab", "[a"))
show_error("regex_full_match with a vector pattern", lambda: tf.strings.regex_full_match("ab", tf.constant(["a"])))
show_error("traced regex_full_match with an invalid pattern",
           lambda: tf.function(lambda s: tf.strings.regex_full_match(s, "[a"))(tf.constant("a")))

# --- tf.train.Example records in a TFRecord file ---
example = tf.train.Example(features=tf.train.Features(feature={
    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[7])),
    "xy": tf.train.Feature(float_list=tf.train.FloatList(value=[1.5, 2.5])),
    "tags": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"a", b"bc"])),
}))
second = tf.train.Example(features=tf.train.Features(feature={
    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[8])),
    "xy": tf.train.Feature(float_list=tf.train.FloatList(value=[0.0, 1.0])),
}))
serialized = [example.SerializeToString(), second.SerializeToString()]
read_back = tf.train.Example.FromString(serialized[0])
print("round trip:", read_back == example, list(read_back.features.feature["id"].int64_list.value),
      list(read_back.features.feature["xy"].float_list.value), list(read_back.features.feature["tags"].bytes_list.value))
print("list kinds:", sorted((k, f.WhichOneof("kind")) for k, f in read_back.features.feature.items()))

print(tf.io.FixedLenFeature([], tf.int64), tf.io.VarLenFeature(tf.string))
spec = {"id": tf.io.FixedLenFeature([], tf.int64), "xy": tf.io.FixedLenFeature([2], tf.float32),
        "tags": tf.io.VarLenFeature(tf.string), "label": tf.io.FixedLenFeature([], tf.int64, default_value=-1),
        "name": tf.io.FixedLenFeature([1], tf.string, default_value="none")}
single = tf.io.parse_single_example(serialized[0], spec)
for key in sorted(single):
    print("single", key, single[key])
batch = tf.io.parse_example(tf.constant(serialized), spec)
for key in sorted(batch):
    print("batch", key, batch[key])
print("tags dtype:", batch["tags"].dtype, "shape:", batch["tags"].shape)

show_error("a missing required feature", lambda: tf.io.parse_single_example(serialized[1], {
    "zz": tf.io.FixedLenFeature([], tf.int64)}))
show_error("a feature of another type", lambda: tf.io.parse_single_example(serialized[0], {
    "id": tf.io.FixedLenFeature([], tf.float32)}))
show_error("a feature with too few values", lambda: tf.io.parse_single_example(serialized[0], {
    "xy": tf.io.FixedLenFeature([3], tf.float32)}))
show_error("a spec with dtype int32", lambda: tf.io.parse_single_example(serialized[0], {
    "id": tf.io.FixedLenFeature([], tf.int32)}))

root = tempfile.mkdtemp()
path = os.path.join(root, "records.tfrecord")
with tf.io.TFRecordWriter(path) as writer:
    for record in serialized:
        writer.write(record)
    writer.write(b"raw bytes")
    writer.write("text")
dataset = tf.data.TFRecordDataset(path)
print(dataset)
records = list(dataset.as_numpy_iterator())
print(len(records), records[0] == serialized[0], records[2:])
parsed = [tf.io.parse_single_example(r, spec)["id"] for r in dataset.take(2)]
print("ids:", parsed)
for compression in ("GZIP", "ZLIB"):
    packed = os.path.join(root, "packed." + compression.lower())
    writer = tf.io.TFRecordWriter(packed, options=tf.io.TFRecordOptions(compression_type=compression))
    writer.write(b"first")
    writer.write(b"second")
    writer.close()
    print(compression, list(tf.data.TFRecordDataset([packed], compression_type=compression).as_numpy_iterator()))
written = os.path.join(root, "string_options.tfrecord")
writer = tf.io.TFRecordWriter(written, "GZIP")
writer.write(b"z")
writer.flush()
writer.close()
print(list(tf.data.TFRecordDataset(written, compression_type="GZIP").map(tf.strings.length).as_numpy_iterator()))


@tf.function
def total_length(ds):
    total = tf.constant(0)
    for record in ds:
        total += tf.strings.length(record)
    return total


print("total length:", total_length(dataset))

# --- whole files ---
text_path = os.path.join(root, "sub", "dir", "text.bin")
print(tf.io.write_file(text_path, b"first\x00line\n"))
print(tf.io.read_file(text_path))
print(tf.io.read_file(tf.constant(text_path)).shape)


# A read after a write in the same function is left out: TensorFlow merges two reads of one file
# into one that may run before the write, tfpp orders them as written.
@tf.function
def append(name, suffix):
    tf.io.write_file(name, tf.strings.join([tf.io.read_file(name), suffix]))


size = tf.function(lambda name: tf.strings.length(tf.io.read_file(name)))
append(tf.constant(text_path), tf.constant("+"))
print("traced:", size(tf.constant(text_path)))
append(tf.constant(text_path), tf.constant("++"))
print("traced:", size(tf.constant(text_path)), tf.io.read_file(text_path))
print(sorted(os.listdir(os.path.dirname(text_path))))
show_error("read_file of a missing file", lambda: tf.io.read_file(os.path.join(root, "missing.txt")))
show_error("read_file of a directory", lambda: tf.io.read_file(root))
show_error("read_file of a vector", lambda: tf.io.read_file([text_path]))
show_error("read_file of an int", lambda: tf.io.read_file(3))
show_error("write_file of a vector", lambda: tf.io.write_file(text_path, ["a"]))
show_error("read_file under a file", lambda: tf.io.read_file(os.path.join(text_path, "x")))
show_error("write_file to a full device", lambda: tf.io.write_file("/dev/full", "x"))
print(tf.io.write_file("/dev/null", "discarded"), os.path.exists("/dev/null") and not os.path.isfile("/dev/null"))
show_error("traced read_file of a missing file",
           lambda: tf.function(lambda p: tf.io.read_file(p))(tf.constant(os.path.join(root, "missing.txt"))))

# --- tensors as serialized TensorProtos ---
for value in (tf.constant([[1.5, -2.0]]), tf.constant(7), tf.constant(["a", "bc"]), tf.constant([True]),
              tf.constant(2**40), tf.constant([3], tf.uint8), tf.constant(0.25, tf.float64)):
    packed = tf.io.serialize_tensor(value)
    print(packed.numpy(), tf.io.parse_tensor(packed, value.dtype))
print("traced:", tf.function(lambda x: tf.io.parse_tensor(tf.io.serialize_tensor(x), tf.float32) * 2)(
    tf.constant([1.0, 2.5])))
show_error("parse_tensor of another dtype", lambda: tf.io.parse_tensor(tf.io.serialize_tensor(1.5), tf.int32))
show_error("parse_tensor of garbage", lambda: tf.io.parse_tensor(b"\xff\xff", tf.int32))
show_error("parse_tensor of a vector", lambda: tf.io.parse_tensor([b""], tf.int32))

show_error("a writer in a missing directory", lambda: tf.io.TFRecordWriter(os.path.join(root, "no", "such", "file")))
show_error("reading a missing file", lambda: list(tf.data.TFRecordDataset(os.path.join(root, "missing.tfrecord"))))
show_error("writing an int", lambda: tf.io.TFRecordWriter(os.path.join(root, "int.tfrecord")).write(3))


# ---- parsing Examples inside Dataset.map and tf.function (the ParseExample op) ----
def as_text(value):
    value = value.numpy()
    return value.tolist() if hasattr(value, "tolist") else value


examples_path = os.path.join(root, "examples.tfrecord")
with tf.io.TFRecordWriter(examples_path) as writer:
    for i in range(3):
        writer.write(tf.train.Example(features=tf.train.Features(feature={
            "x": tf.train.Feature(float_list=tf.train.FloatList(value=[i * 1.5, i + 0.5])),
            "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
            "tags": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"t%d" % j for j in range(i)])),
            "name": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"n%d" % i]))})).SerializeToString())
feature_spec = {"x": tf.io.FixedLenFeature([2], tf.float32), "label": tf.io.FixedLenFeature([], tf.int64),
                "name": tf.io.FixedLenFeature([], tf.string)}
for parsed in tf.data.TFRecordDataset(examples_path).map(lambda r: tf.io.parse_single_example(r, feature_spec)):
    print(sorted((k, as_text(v)) for k, v in parsed.items()))
for parsed in tf.data.TFRecordDataset(examples_path).batch(2).map(lambda r: tf.io.parse_example(r, feature_spec)):
    print(sorted((k, as_text(v)) for k, v in parsed.items()))


@tf.function
def parsed_in_function(records):
    parsed = tf.io.parse_example(records, dict(feature_spec, tags=tf.io.VarLenFeature(tf.string)))
    tags = parsed["tags"]
    return parsed["x"] * 2, tags.indices, tags.values, tags.dense_shape


records = tf.constant([r.numpy() for r in tf.data.TFRecordDataset(examples_path)])
print("parsed in tf.function:", [as_text(t) for t in parsed_in_function(records)])
