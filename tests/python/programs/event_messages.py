"""TensorFlow's event-file messages as a TensorBoard user handles them: tf.summary writes an event
file, tf.compat.v1.train.summary_iterator reads it back as Event messages, whose fields, oneofs,
repeated values and tensors (tf.make_ndarray) are printed; Summary and Event messages are built by
hand (constructor, add, CopyFrom, MergeFrom), serialized and parsed, written with
tf.summary.experimental.write_raw_pb; a GraphDef's nodes and attribute maps, also of a traced
function's graph; and misused (wrong types, unknown fields, corrupt bytes)."""
import glob
import os
import tempfile

from harness import tf

root = tempfile.mkdtemp()
writer = tf.summary.create_file_writer(root)
with writer.as_default():
    tf.summary.scalar("loss", 0.25, step=1)
    tf.summary.histogram("weights", [1.0, 2.0, 2.0, 5.0], step=2, buckets=3)
    tf.summary.text("note", "hello", step=3)
    raw = tf.compat.v1.Summary(value=[tf.compat.v1.Summary.Value(tag="raw", simple_value=1.5)])
    tf.summary.experimental.write_raw_pb(raw.SerializeToString(), step=4)
writer.close()

(path,) = glob.glob(os.path.join(root, "events.out.tfevents.*"))
for event in tf.compat.v1.train.summary_iterator(path):
    print("event step", event.step, "holds", event.WhichOneof("what"), type(event.wall_time).__name__)
    if event.HasField("summary"):
        for value in event.summary.value:
            print("  tag", value.tag, "plugin", value.metadata.plugin_data.plugin_name or None,
                  "kind", value.WhichOneof("value"))
            if value.HasField("tensor"):
                array = tf.make_ndarray(value.tensor)
                print("  tensor", array.dtype, array.shape, array.tolist())
            else:
                print("  simple_value", value.simple_value)
    else:
        print("  file_version", event.file_version)

# Messages built by hand.
summary = tf.compat.v1.Summary()
value = summary.value.add(tag="accuracy", simple_value=0.75)
image = summary.value.add(tag="image").image
image.height, image.width, image.colorspace = 2, 3, 1
image.encoded_image_string = b"\x89PNG\r\n"
print(summary)
print(len(summary.value), summary.value[-1].image.width, [v.tag for v in summary.value], value.simple_value)
event = tf.compat.v1.Event(step=7, wall_time=12.5)
event.summary.CopyFrom(summary)
serialized = event.SerializeToString()
parsed = tf.compat.v1.Event.FromString(serialized)
print(len(serialized), parsed == event, parsed.ByteSize() == len(serialized), parsed.summary.value[0].tag)
merged = tf.compat.v1.Event(step=9)
merged.MergeFrom(parsed)
print(merged.step, merged.wall_time, len(merged.summary.value))
merged.summary.value.add(tag="third")
del merged.summary.value[0]
print([v.tag for v in merged.summary.value], [name.name for name, _ in merged.ListFields()])
merged.ClearField("summary")
print(merged.HasField("summary"), merged.WhichOneof("what"), repr(merged))

histogram = tf.compat.v1.HistogramProto(min=0.0, max=4.0, num=3, bucket_limit=[1.0, 4.0], bucket=[1.0, 2.0])
print(histogram.bucket_limit, list(histogram.bucket), histogram.num)
log = tf.compat.v1.SessionLog(status=tf.compat.v1.SessionLog.START, msg="restarted")
print(log, tf.compat.v1.SessionLog.STOP, tf.compat.v1.SessionLog.SessionStatus.Name(log.status))

# TensorProtos as tf.make_tensor_proto lays them out, and back.
for values in [3.5, [[1, 2], [3, 4]], [True, False], [b"a", b"bc"]]:
    proto = tf.make_tensor_proto(values)
    print(str(proto).replace("\n", " | "), tf.make_ndarray(proto).tolist())
print(tf.make_ndarray(tf.make_tensor_proto(2.0, shape=[2, 2])).tolist())
print(tf.compat.v1.Summary.Value(tag="t", tensor=tf.make_tensor_proto([1.0, 2.0])))

# A GraphDef's nodes, with their attribute maps.
node = tf.compat.v1.NodeDef(name="c", op="Const", input=["^init"])
node.attr["dtype"].type = 1
node.attr["value"].tensor.CopyFrom(tf.make_tensor_proto(2.0))
graph = tf.compat.v1.GraphDef.FromString(tf.compat.v1.GraphDef(node=[node]).SerializeToString())
(read_node,) = graph.node
print(read_node.attr["value"], "dtype" in read_node.attr, sorted(read_node.attr.keys()), read_node.attr.get("T"))
print(read_node.attr["dtype"].type, list(read_node.input), read_node.attr == node.attr)

# A traced function's graph as a GraphDef message.
traced = tf.function(lambda x: tf.sin(x) * 2.0).get_concrete_function(tf.TensorSpec([2], tf.float32))
graph_def = traced.graph.as_graph_def()
sine = next(n for n in graph_def.node if n.op == "Sin")
print(type(graph_def).__name__, sine.name, list(sine.input), sine.attr["T"], tf.compat.v1.GraphDef.FromString(
    graph_def.SerializeToString()) == graph_def)

# Misuse raises as protobuf's Python does.
for label, attempt in [
        ("message field assigned", lambda: setattr(event, "summary", summary)),
        ("unknown constructor field", lambda: tf.compat.v1.Event(nope=1)),
        ("float into an int64 field", lambda: setattr(event, "step", 1.5)),
        ("str into a double field", lambda: setattr(event, "wall_time", "x")),
        ("int into a string field", lambda: setattr(event, "file_version", 3)),
        ("int64 overflow", lambda: setattr(event, "step", 2 ** 70)),
        ("unknown enum label", lambda: setattr(log, "status", "NOPE")),
        ("presence of a repeated field", lambda: summary.HasField("value")),
        ("corrupt bytes", lambda: tf.compat.v1.Event.FromString(b"\xff\xff")),
]:
    try:
        attempt()
    except Exception as e:  # noqa: BLE001 - the class and text are what is compared
        print(label, "->", type(e).__name__, e)
print(event.step, "unchanged after the failed assignments")
