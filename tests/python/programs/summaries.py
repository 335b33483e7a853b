"""tf.summary as TensorFlow's API documentation describes it: file writers (as_default,
set_as_default, flush, close, a no-op writer), scalar, histogram, image, text, audio and write,
eagerly and inside tf.function (a default step that is a number or a variable, set_step, record_if
with a bool, a tensor and a callable), and the seed notes' summary blocks (trace_on / trace_export
of a function's graph, unchanged; the TF1 scalar and histogram blocks in TF2's API), custom summary
ops named by tf.summary.experimental.summary_scope, and tf.summary.graph. The event files
are then read back in pure Python (event_files.py) and printed: tags, steps, plugins, values,
histogram buckets, decoded image pixels and audio samples."""
import os
import tempfile

import numpy as np

from event_files import fields, read_events
from harness import show_error, tf
from media_files import decode_png, decode_wav

root = tempfile.mkdtemp()
os.chdir(root)  # the seed's block writes to "tensorboard2" in the working directory


def graph_ops(run_metadata):
    """The AddV2 nodes (name, op) of the function graphs a trace_export wrote (RunMetadata's
    function_graphs, each pre-optimization graph's nodes)."""
    nodes = set()
    for number, function_graphs in fields(run_metadata):
        for kind, graph in fields(function_graphs) if number == 4 else []:
            for field, node in fields(graph) if kind == 2 else []:
                attributes = dict(fields(node)) if field == 1 else {}
                if attributes.get(2) == b"AddV2":
                    nodes.add((attributes[1].decode(), "AddV2"))
    return sorted(nodes)


def describe(summary):
    """One summary's value as text, by the plugin that shows it."""
    t, plugin = summary["tensor"], summary["plugin"]
    if plugin == "scalars":
        return "%s %r" % (t.dtype, float(t))
    if plugin == "histograms":
        edges = "" if t.size == 0 else " edges %.6f..%.6f" % (t[0, 0], t[-1, 1])
        return "%s%s%s counts %s" % (t.dtype, t.shape, edges, t[:, 2].astype(int).tolist())
    if plugin == "images":
        pictures = [decode_png(p) for p in t[2:]]
        return "size %s, %d images %s, pixel sums %s" % (
            [s.decode() for s in t[:2]], len(pictures), [p.shape for p in pictures], [int(p.sum()) for p in pictures])
    if plugin == "audio":
        clips = [decode_wav(c) for c in t[:, 0]]
        return "content %r, labels %r, clips %s" % (summary["content"], t[:, 1].tolist(), [
            (rate, samples.shape, np.round(samples[:4, 0], 4).tolist()) for rate, samples in clips])
    if plugin == "text":
        return "%s %s" % (t.shape, t.tolist())
    if plugin == "graph_run_metadata_graph":
        return "content %r, %s" % (summary["content"], graph_ops(t.item()))
    return "%s%s %s" % (t.dtype, t.shape, np.round(t, 6).tolist())


def show(logdir):
    """Prints every summary in `logdir`'s event files: step, tag, plugin, description and value."""
    files = sorted(os.listdir(logdir))
    print("%s: %d file(s), suffix %s" % (os.path.basename(logdir), len(files), files[0].rsplit(".", 1)[-1]))
    for event in read_events(logdir):
        if event["file_version"]:
            print("  file_version", event["file_version"])
        for s in event["summaries"]:
            print("  %d %s [%s%s] %s" % (event["step"], s["tag"], s["plugin"],
                                         ", " + s["description"] if s["description"] else "", describe(s)))


def image_data():
    x = np.arange(2 * 4 * 5 * 3, dtype=np.float32).reshape(2, 4, 5, 3)
    return (x / x.max() * 1.2 - 0.1).astype(np.float32)


def audio_data():
    t = np.arange(100, dtype=np.float32) / 8000.0
    return np.sin(2 * np.pi * 440 * t).reshape(1, 100, 1).astype(np.float32)


# ---- eagerly ----
print(tf.summary.scalar("nowhere", 1.0, step=0))  # no default writer: nothing written
print(tf.summary.should_record_summaries())
writer = tf.summary.create_file_writer(os.path.join(root, "eager"))
with writer.as_default() as default:
    print(default is writer, tf.summary.should_record_summaries())
    for step in range(3):
        print(tf.summary.scalar("loss", 0.5 * step + 0.25, step=step))
        tf.summary.histogram("weights", np.arange(60.0).reshape(6, 10) % (7 + step) / 7.0 - 0.5, step=step)
    tf.summary.scalar("integer", 3, step=np.int64(3), description="an int, written as float32")
    tf.summary.scalar("from_variable", tf.Variable(2.5, dtype=tf.float64), step=tf.constant(3, tf.int64))
    tf.summary.histogram("few_buckets", tf.constant([1.0, 2.0, 2.5, 7.0, 9.0]), step=0, buckets=4)
    tf.summary.histogram("constant", np.full([6], 3.5), step=0)
    tf.summary.histogram("empty", np.zeros([0]), step=0)
    tf.summary.text("notes", "hello **world**", step=1)
    tf.summary.text("table", [["a", "b"], ["c", "d"]], step=1, description="a Markdown table")
    tf.summary.image("pictures", image_data(), step=2, max_outputs=1)
    tf.summary.image("gray", (np.arange(18) % 7 / 6.0).reshape(3, 2, 3, 1).astype(np.float32), step=2, max_outputs=2)
    tf.summary.audio("sound", audio_data(), 8000, step=3, encoding="wav")
    tf.summary.write("raw", tf.constant([[1, 2], [3, 4]]), step=4)
    # SummaryMetadata{plugin_data{plugin_name: "custom", content: "c"}}, serialized
    tf.summary.write("lazy", lambda: tf.constant([1.5, 2.5]), step=4, metadata=b"\x0a\x0b\x0a\x06custom\x12\x01c")
    with tf.name_scope("train"):
        tf.summary.scalar("accuracy", 0.5, step=5)  # the kinds prefix the name scope, write does not
        tf.summary.write("unscoped", 1, step=5)
    show_error("a summary without a step", lambda: tf.summary.scalar("no_step", 1.0))
    tf.summary.experimental.set_step(6)
    print(tf.summary.experimental.get_step())
    tf.summary.scalar("default_step", 1.0)
    with writer.as_default(step=7):
        tf.summary.scalar("scope_step", 1.0)
        tf.summary.experimental.set_step(8)
    print(tf.summary.experimental.get_step())  # as_default(step=...) restored the step it replaced
    with tf.summary.record_if(False):
        print(tf.summary.scalar("skipped", 1.0), tf.summary.should_record_summaries())
        tf.summary.experimental.set_step(None)
        print(tf.summary.scalar("skipped_without_step", 1.0))  # not recorded, so no step is needed
        tf.summary.experimental.set_step(6)
    with tf.summary.record_if(tf.constant(False)):
        print(tf.summary.histogram("skipped", [1.0]), tf.summary.should_record_summaries())
    with tf.summary.record_if(lambda: tf.summary.experimental.get_step() > 5):
        print(tf.summary.text("recorded_by_callable", "yes"), tf.summary.should_record_summaries())
    show_error("a vector as a scalar", lambda: tf.summary.scalar("vector", [1.0, 2.0], step=0))
    show_error("text of numbers", lambda: tf.summary.text("numbers", 1.0, step=0))
    show_error("an image of rank 3", lambda: tf.summary.image("rank3", np.zeros([2, 2, 3], np.float32), step=0))
    show_error("audio as mp3", lambda: tf.summary.audio("mp3", audio_data(), 8000, step=0, encoding="mp3"))
    show_error("an int32 tensor step", lambda: tf.summary.scalar("int32_step", 1.0, step=tf.constant(1)))
    show_error("a float step", lambda: tf.summary.scalar("float_step", 1.0, step=1.5))
    show_error("a vector step", lambda: tf.summary.scalar("vector_step", 1.0, step=[1, 2]))
    show_error("float buckets", lambda: tf.summary.histogram("float_buckets", [1.0], step=0, buckets=2.5))
    print(tf.summary.flush())
tf.summary.experimental.set_step(None)
print(tf.summary.experimental.get_step(), tf.summary.should_record_summaries())
writer.set_as_default(step=9)
tf.summary.scalar("set_as_default", 2.0)
print(writer.init(), writer.flush(), writer.close(), writer.close(), writer.flush())
show_error("as_default of a closed writer", lambda: writer.as_default())
show_error("set_as_default of a closed writer", lambda: writer.set_as_default())
show_error("init of a closed writer", lambda: writer.init())
show_error("flush of a number", lambda: tf.summary.flush(3))
show_error("a writer without a logdir", lambda: tf.summary.create_file_writer(None))
noop = tf.summary.create_noop_writer()
with noop.as_default():
    print(noop.flush(), noop.close())
tf.summary.experimental.set_step(None)
show(os.path.join(root, "eager"))

# ---- inside tf.function: the writes run at every call ----
traced_dir = os.path.join(root, "traced")
traced = tf.summary.create_file_writer(traced_dir, max_queue=2, flush_millis=100, filename_suffix=".run")
step = tf.Variable(0, dtype=tf.int64)


@tf.function
def train_step(x):
    print("tracing train_step")
    loss = tf.reduce_sum(x * x)
    written = tf.summary.scalar("loss", loss)  # the default step: the variable, read at each call
    tf.summary.histogram("x", x, buckets=3)
    tf.summary.image("x_image", tf.reshape(x / 10.0, [1, 1, 3, 1]))
    tf.summary.audio("x_audio", tf.reshape(x / 10.0, [1, 3, 1]), 16000)
    tf.summary.text("x_text", tf.constant("a step"), step=step + 100)
    with tf.summary.record_if(step % 2 == 0):  # a tensor: decided at every call
        even = tf.summary.scalar("even_loss", loss)
    step.assign_add(1)
    return written, even


with traced.as_default(step=step):
    for i in range(4):
        written, even = train_step(tf.constant([1.0, 2.0, float(i)]))
        print(i, written.numpy(), even.numpy())
print("traces:", train_step.experimental_get_tracing_count())


@tf.function
def every_third(x):
    return tf.summary.scalar("every_third", x, step=step)


# A callable condition is called while tracing; the tensor it gives decides at every call.
with traced.as_default(), tf.summary.record_if(lambda: tf.equal(step % 3, 0)):
    for i in range(4):
        print("every_third", every_third(tf.constant(float(i))).numpy())
        step.assign_add(1)


@tf.function
def fixed_step(x):
    tf.summary.experimental.set_step(100)  # a Python number: fixed when traced
    return tf.summary.scalar("fixed", x), tf.summary.should_record_summaries()


with traced.as_default():
    for value in (1.0, 2.0):
        print([t.numpy() for t in fixed_step(tf.constant(value))])
tf.summary.experimental.set_step(None)
# The trace keeps the writer it wrote to: called outside the writer's scope, it still writes.
print("outside the scope:", [t.numpy() for t in fixed_step(tf.constant(3.0))])
traced.close()
show(traced_dir)

# ---- the seed notes' blocks ----


def func1(a, b):
    print('Eager1: ', tf.executing_eagerly())
    return tf.add(a, b)  # if you don't use any tf ops, a graph will not be built


@tf.function  # this function and the ones it calls will be run in graph mode
def func2(a, b):
    with tf.name_scope("Linear_function"):  # name scopes help group ops visually in tensorboard
        result = tf.add(b, func1(a, b))
    print('Inside2: ', a, b, result)
    print('Eager2: ', tf.executing_eagerly())
    return result


res = func2(1, 2)
logdir = "tensorboard2"
writer = tf.summary.create_file_writer(logdir)

tf.summary.trace_on(graph=True)
res = func2(8, 5)  # Call only one tf.function when tracing.
with writer.as_default():
    tf.summary.trace_export(name="func2", step=0)
print(res)
show_error("trace_export after the trace ended", lambda: tf.summary.trace_export(name="again", step=1))
writer.close()
show(logdir)

# The TF1 scalar and histogram blocks, in TF2's API: y = a*x for 100 integers, one summary per step;
# a 50x30 variable's histogram at each of 50 steps (NumPy draws the data, so both runs share it).
rng = np.random.RandomState(0)
a = tf.constant(5.0, name='a')
data = rng.randint(10, size=100)
scalar_writer = tf.summary.create_file_writer("tensorboard3")
with scalar_writer.as_default():
    for step, val in enumerate(data):
        y = a * float(val)
        tf.summary.scalar("y_scalar_summary", y, step=step)  # Passing the step is important !!!
scalar_writer.close()
b = tf.Variable(rng.uniform(-1, 1, (50, 30)).astype(np.float32), name='b')
histogram_writer = tf.summary.create_file_writer("tensorboard4")
with histogram_writer.as_default():
    for step in range(50):
        b.assign(rng.uniform(-1, 1, (50, 30)).astype(np.float32))  # new random values each step
        tf.summary.histogram("b_tensor_summary", b, step=step)
histogram_writer.close()
for logdir in ("tensorboard3", "tensorboard4"):
    events = [e for e in read_events(logdir) if e["summaries"]]
    print(logdir, len(events), "summaries, steps", events[0]["step"], "to", events[-1]["step"])
    print(" ", describe(events[7]["summaries"][0]))

# ---- summary_scope, for custom summary ops (its docs' example), and tf.summary.graph ----


def my_op(name, my_value, step):
    with tf.summary.experimental.summary_scope(name, "MyOp", [my_value]) as (tag, scope):
        my_value = tf.convert_to_tensor(my_value)
        print("  tag %r, scope %r" % (tag, scope))
        return tf.summary.write(tag, my_value, step=step)


extras_dir = os.path.join(root, "extras")
extras = tf.summary.create_file_writer(extras_dir)
with extras.as_default():
    print(my_op("value", 1.5, step=1).numpy())
    with tf.name_scope("outer"):
        my_op("my value!", [2, 3], step=2)  # the tag keeps what the scope's name drops
        my_op(None, 4.0, step=3)  # the default name
        my_op("!!", 5.0, step=4)  # nothing left for the scope: the default name
        with tf.summary.experimental.summary_scope("") as (tag, scope):
            print("  empty name: %r %r" % (tag, scope))


@tf.function
def scoped_summaries(x):
    for name in ("loss", "loss", "a b"):  # inside a graph the scopes are made unique
        my_op(name, x, step=5)
    with tf.name_scope("inner"):
        my_op("loss", x * 2.0, step=6)
    return x


with extras.as_default():
    scoped_summaries(tf.constant(7.0))
    scoped_summaries(tf.constant(8.0))


@tf.function
def affine(x, w):
    with tf.name_scope("layer"):
        return tf.nn.relu(tf.matmul(x, w) + 1.0)


affine_graph = affine.get_concrete_function(tf.TensorSpec([2, 3]), tf.TensorSpec([3, 4])).graph
with extras.as_default():
    print("graph:", tf.summary.graph(affine_graph).numpy())
    with tf.summary.record_if(False):
        print("graph, not recording:", tf.summary.graph(affine_graph).numpy())
    show_error("graph of a function", lambda: tf.summary.graph(affine))
    show_error("graph inside tf.function", tf.function(lambda: tf.summary.graph(affine_graph)))
extras.close()
show(extras_dir)
for event in read_events(extras_dir):
    if event["graph_def"] is not None:
        nodes = [dict(fields(node)) for number, node in fields(event["graph_def"]) if number == 1]
        # TensorFlow's graphs end in an Identity node per output, which tfpp's do not have.
        print("  step %d graph_def nodes %s" % (event["step"], sorted(
            (n[1].decode(), n[2].decode()) for n in nodes if n[2] != b"Identity")))
