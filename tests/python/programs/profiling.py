"""tf.profiler.experimental from Python, as TensorFlow's profiler guide uses it: start / stop around
training steps marked by Trace events (step_num, _r), the Profile context manager, ProfilerOptions,
Trace keyword arguments and set_metadata, tf.summary.trace_on(profiler=True), and TensorFlow's errors. Each profile is read back in pure
Python (profile_files.py) and printed: where the file is, its planes, the Trace events with their
stats, and whether the tf.function calls and eager ops were recorded."""
import os
import socket
import tempfile

from event_files import fields, read_events
from harness import show_error, tf
from profile_files import profile_files, read_space

root = tempfile.mkdtemp()
experimental = tf.profiler.experimental


def user_events(space, names):
    """The events named in `names`, with their stats, in file order."""
    host = next(p for p in space["planes"] if p["name"] == "/host:CPU")
    return [(e["name"], e["stats"]) for line in host["lines"] for e in line["events"] if e["name"] in names]


def event_names(space):
    return {e["name"] for p in space["planes"] for line in p["lines"] for e in line["events"]}


def show_profile(logdir, names=("train", "step", "outer", "inner", "metadata")):
    files = profile_files(logdir)
    print("files:", len(files))
    path = files[0]
    run, name = path.split(os.sep)[2:]
    print("  %s/<run>/%s, run named by the time: %s" % (
        os.sep.join(path.split(os.sep)[:2]), "<host>.xplane.pb" if name == socket.gethostname() + ".xplane.pb"
        else name, len(run) == 19 and run[4] == run[7] == run[10] == run[13] == run[16] == "_"))
    space = read_space(os.path.join(logdir, path))
    print("  hostnames:", space["hostnames"] == [socket.gethostname()])
    print("  planes:", [p["name"] for p in space["planes"]])
    environment = next(p for p in space["planes"] if p["name"] == "Task Environment")
    print("  task environment:", [s[0] for s in environment["stats"]])
    options = fields(next(v for n, k, v in environment["stats"] if n == "profile_options"))
    print("  profile options: %s, texts are the logdir: %s" % (sorted(o for o in options if isinstance(o[1], int)), [
        v.decode() == logdir for n, v in options if isinstance(v, bytes)]))
    for event, stats in user_events(space, names):
        print("  event %s %s" % (event, [(n, k, round(v, 6) if k == "double" else v) for n, k, v in stats]))
    return space


print(experimental.ProfilerOptions())
print(experimental.ProfilerOptions(host_tracer_level=3, python_tracer_level=1, device_tracer_level=0, delay_ms=5))
print(experimental.ProfilerOptions._fields, experimental.ProfilerOptions(1)[0])
show_error("stop without start", experimental.stop)

# ---- start / stop around training steps ----
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
w = tf.Variable([[0.5], [-0.5]])


@tf.function
def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, w) ** 2)
    w.assign_sub(0.01 * tape.gradient(loss, w))
    return loss


train_step(x)  # traced before profiling
logdir = os.path.join(root, "steps")
print(experimental.start(logdir))
show_error("start twice", lambda: experimental.start(logdir))
for step in range(3):
    with experimental.Trace("train", step_num=step, _r=1) as trace:
        print(type(trace).__name__, round(float(train_step(x)), 4))
with experimental.Trace("step", number=7, ratio=0.25, flag=True, off=False, text="a b", digits="12", none=None,
                        negative=-3, huge=2 ** 64 - 1, larger=2 ** 70) as trace:
    tf.nn.relu(x - 2.0)
    trace.set_metadata(loss=0.5, name="late")
    trace.set_metadata()
with experimental.Trace("outer"):
    with experimental.Trace("inner", depth=2):
        pass
print(experimental.stop())
space = show_profile(logdir)
names = event_names(space)
print("  train_step call recorded:", "train_step" in names)
print("  eager ops recorded:", "EagerExecute" in names)
show_error("stop after stop", experimental.stop)

# ---- the Profile context manager; ProfilerOptions ----
profile_dir = os.path.join(root, "profile")
with experimental.Profile(profile_dir) as entered:
    print("Profile enters as", entered)
    show_error("start inside Profile", lambda: experimental.start(profile_dir))
    with experimental.Trace("metadata") as trace:
        trace.set_metadata(epoch=1)
show_profile(profile_dir)

options_dir = os.path.join(root, "options")
experimental.start(options_dir, options=experimental.ProfilerOptions(host_tracer_level=1, delay_ms=0))
with experimental.Trace("step", step_num=1):
    tf.exp(x)
experimental.stop()
print("host_tracer_level=1, eager ops recorded:", "EagerExecute" in event_names(show_profile(options_dir)))
show_error("options that are not ProfilerOptions", lambda: experimental.start(options_dir, options={"delay_ms": 1}))
unsaved_dir = os.path.join(root, "unsaved")
experimental.start(unsaved_dir)  # the failed start left no profile running
experimental.stop(save=False)
print("stop(save=False) writes nothing:", os.path.exists(unsaved_dir))

# ---- tf.summary.trace_on(profiler=True): the graph summary becomes "graph_run_metadata", the
# profile goes to profiler_outdir (saved by trace_export, or by trace_off without an export) ----
def plugins(logdir):
    return [(s["tag"], s["plugin"]) for e in read_events(logdir) for s in e["summaries"]]


@tf.function
def doubled(v):
    return v * 2.0


trace_dir, trace_logs = os.path.join(root, "trace_profile"), os.path.join(root, "trace_logs")
trace_writer = tf.summary.create_file_writer(trace_logs)
tf.summary.trace_on(graph=True, profiler=True, profiler_outdir=trace_dir)
doubled(tf.constant(1.0))
with trace_writer.as_default():
    tf.summary.trace_export("doubled", step=0)
trace_writer.close()
print("trace_export with the profiler:", plugins(trace_logs), "profiles:", len(profile_files(trace_dir)))
print("  doubled's call recorded:", "doubled" in event_names(read_space(os.path.join(trace_dir,
                                                                                   profile_files(trace_dir)[0]))))
off_dir = os.path.join(root, "trace_off_profile")
tf.summary.trace_on(profiler=True, profiler_outdir=off_dir)
show_error("start while a trace profiles", lambda: experimental.start(off_dir))
tf.summary.trace_off()
print("trace_off saves the profile too:", len(profile_files(off_dir)))

# ---- a Trace outside a profile records nothing and raises nothing ----
with experimental.Trace("unprofiled", step_num=1) as trace:
    trace.set_metadata(x=1)
print("done")
