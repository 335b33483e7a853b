"""tf.summary's remaining pieces: tf.summary.experimental.write_raw_pb (serialized
tf.compat.v1.Summary protos, V1's hand-built summaries, here built from their wire format, as a
program without the message classes writes them), tf.summary.graph of a tf.compat.v1.GraphDef message,
and a writer's flush() and close() inside tf.function, which are ops there and run at every call.
Eagerly and traced; the event files are read back in pure Python (event_files.py) and printed."""
import glob
import os
import struct
import tempfile

from event_files import fields, records
from harness import show_error, tf

root = tempfile.mkdtemp()


def varint(n):
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def message(number, payload):
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def scalar_summary(tag, value):
    """Summary{value{tag, simple_value}}, serialized."""
    return message(1, message(1, tag.encode()) + varint(2 << 3 | 5) + struct.pack("<f", value))


def histogram_summary(tag, limits, counts):
    """Summary{value{tag, histo{min, max, num, bucket_limit, bucket}}}, serialized."""
    doubles = lambda number, values: message(number, struct.pack("<%dd" % len(values), *values))
    histo = b"".join(varint(n << 3 | 1) + struct.pack("<d", v) for n, v in ((1, 0.0), (2, 1.0), (3, sum(counts))))
    histo += doubles(6, limits) + doubles(7, counts)
    return message(1, message(1, tag.encode()) + message(5, histo))


def describe_value(value):
    parts = dict(fields(value))
    text = parts.get(1, b"").decode()
    if 2 in parts:
        return "%s=%r" % (text, struct.unpack("<f", parts[2])[0])
    if 5 in parts:
        histo = fields(parts[5])
        plain = [(n, struct.unpack("<d", v)[0]) for n, v in histo if n < 6]
        packed = [(n, list(struct.unpack("<%dd" % (len(v) // 8), v))) for n, v in histo if n >= 6]
        return "%s histo %s %s" % (text, plain, packed)
    return "%s fields %s" % (text, sorted(parts))


def show(logdir):
    """Every event after the first: step and its Summary values, or its graph's nodes."""
    paths = sorted(glob.glob(os.path.join(logdir, "events.out.tfevents.*")))
    print("%s: %d file(s)" % (os.path.basename(logdir), len(paths)))
    for path in paths:
        for record in list(records(path))[1:]:
            event = fields(record)
            step = dict(event).get(2, 0)
            graph = [v for n, v in event if n == 4]
            summaries = [v for n, v in event if n == 5]
            if graph:
                nodes = [dict(fields(node)) for n, node in fields(graph[0]) if n == 1]
                print("  %d graph_def nodes %s" % (step, sorted(
                    (n[1].decode(), n[2].decode()) for n in nodes if n[2] != b"Identity")))
            elif summaries:
                print("  %d %s" % (step, [describe_value(v) for n, v in fields(summaries[0]) if n == 1]))
            else:
                print("  %d no summary" % step)


# ---- write_raw_pb, eagerly ----
raw = tf.summary.experimental.write_raw_pb
print(raw(scalar_summary("nowhere", 1.0), step=0))  # no default writer
eager_dir = os.path.join(root, "raw")
writer = tf.summary.create_file_writer(eager_dir)
with writer.as_default():
    print(raw(scalar_summary("loss", 0.5), step=1))
    print(raw([scalar_summary("a", 1.5), histogram_summary("h", [0.5, 1.0], [1.0, 2.0])], step=2))
    print(raw(tf.constant([[scalar_summary("b", 2.0)], [scalar_summary("c", -3.0)]]), step=3))
    print(raw(tf.zeros([0], tf.string), step=4))  # an event without a summary
    tf.summary.experimental.set_step(5)
    print(raw(scalar_summary("default_step", 5.0)))
    with tf.summary.record_if(False):
        print(raw(scalar_summary("skipped", 0.0)))
        tf.summary.experimental.set_step(None)
        show_error("no step, not recording", lambda: raw(scalar_summary("skipped", 0.0)))
    show_error("no step", lambda: raw(scalar_summary("no_step", 0.0)))
    show_error("a damaged proto", lambda: raw(b"not a summary\xff", step=6))
    show_error("a damaged second proto", lambda: raw([scalar_summary("ok", 1.0), b"\xff"], step=6))
    show_error("a float tensor", lambda: raw(1.0, step=6))
    show_error("an int32 tensor step", lambda: raw(scalar_summary("x", 1.0), step=tf.constant(6)))
    show_error("a vector step", lambda: raw(scalar_summary("x", 1.0), step=[6, 7]))
    with tf.summary.record_if(lambda: tf.constant(True)):
        print(raw(scalar_summary("callable_condition", 7.0), step=7))

# ---- write_raw_pb inside tf.function: at every call, with the step variable's value ----
step = tf.Variable(10, dtype=tf.int64)


@tf.function
def raw_step(serialized):
    print("tracing raw_step")
    with tf.summary.record_if(step % 2 == 0):
        written = raw(serialized, step=step)
    step.assign_add(1)
    return written


with writer.as_default():
    for value in (10.0, 11.0, 12.0):
        print("raw_step", raw_step(tf.constant(scalar_summary("traced", value))).numpy())
print("traces:", raw_step.experimental_get_tracing_count())


@tf.function
def damaged(serialized):
    return raw(serialized, step=1)


@tf.function
def raw_float():
    return raw(1.0, step=1)


with writer.as_default():
    show_error("a damaged proto, traced", lambda: damaged(tf.constant(b"\xff")))
    show_error("a float tensor, traced", raw_float)
writer.close()
show(eager_dir)

# ---- tf.summary.graph of a GraphDef message ----


node = message(1, message(1, b"a") + message(2, b"Const")) + message(1, message(1, b"b") + message(2, b"Identity") +
                                                                    message(3, b"a"))
small = tf.compat.v1.GraphDef()
print(small.ParseFromString(node), [(n.name, n.op, list(n.input)) for n in small.node])
print(tf.compat.v1.GraphDef.FromString(small.SerializeToString()) == small, small == tf.compat.v1.GraphDef())
show_error("GraphDef of damaged bytes", lambda: tf.compat.v1.GraphDef().ParseFromString(b"\xff\xff"))


@tf.function
def graph_inside():
    return tf.summary.graph(small)


graph_dir = os.path.join(root, "graphs")
graphs = tf.summary.create_file_writer(graph_dir)
print("no writer:", tf.summary.graph(small).numpy())
with graphs.as_default():
    print(tf.summary.graph(small).numpy(), tf.summary.graph(tf.compat.v1.GraphDef()).numpy())
    with tf.summary.record_if(False):
        print("not recording:", tf.summary.graph(small).numpy())
    show_error("graph of bytes", lambda: tf.summary.graph(node))
    show_error("graph of a GraphDef inside tf.function", graph_inside)
graphs.close()
show(graph_dir)

# ---- flush and close inside tf.function: ops that run at every call ----
# With a queue no summary fills and no flush interval, events reach the file only by a flush.
flush_dir = os.path.join(root, "flush")
lazy = tf.summary.create_file_writer(flush_dir, max_queue=1000, flush_millis=10 ** 8)


def size():
    return sum(os.path.getsize(p) for p in glob.glob(os.path.join(flush_dir, "*")))


@tf.function
def write_and_flush(x):
    print("tracing write_and_flush")
    with lazy.as_default():  # leaving as_default flushes too
        tf.summary.scalar("x", x, step=1)
    return x


@tf.function
def write_then_flush(x):
    print("tracing write_then_flush")
    tf.summary.scalar("y", x, step=2)
    tf.summary.flush()
    return x


@tf.function
def write_then_writer_flush(x):
    print("tracing write_then_writer_flush")
    tf.summary.scalar("z", x, step=3)
    lazy.flush()
    return x


sizes = [size()]
for f in (write_and_flush, write_then_flush, write_then_writer_flush):
    for value in (1.0, 2.0):
        if f is write_and_flush:
            f(tf.constant(value))
        else:
            with lazy.as_default():
                f(tf.constant(value))
        sizes.append(size())
    print(f.__name__, "traces:", f.experimental_get_tracing_count())
print("each call flushed:", all(b > a for a, b in zip(sizes, sizes[1:])))


@tf.function
def close_writer():
    print("tracing close_writer")
    lazy.close()


lazy.set_as_default()  # leaving as_default would flush the event
tf.summary.scalar("queued", 4.0, step=4)
queued = size()
close_writer.get_concrete_function()
print("tracing closed nothing:", size() == queued)
close_writer()
print("the call closed the writer, writing the queued event:", size() > queued)
show(flush_dir)


# Closing deletes the writer, as TensorFlow deletes its resource: eagerly, entering it again is a
# RuntimeError and its flush and close do nothing; a summary to it raises NotFoundError, also when
# a function closed it.
closed = tf.summary.create_file_writer(tempfile.mkdtemp())
with closed.as_default():
    closed.close()
    show_error("a summary to a closed writer", lambda: tf.summary.scalar("a", 1.0, step=1))
    show_error("flush after close", closed.flush)
    show_error("close after close", closed.close)
    show_error("tf.summary.flush after close", tf.summary.flush)
show_error("entering a closed writer", lambda: closed.as_default().__enter__())

closed_by_call = tf.summary.create_file_writer(tempfile.mkdtemp())


@tf.function
def close_then_write():
    closed_by_call.close()
    return tf.summary.scalar("b", 2.0, step=1)


closed_by_call.set_as_default()
for call in range(2):
    show_error("call %d of a function closing its writer" % call, close_then_write)
show_error("an eager flush after a function closed it", closed_by_call.flush)
