"""tf.init_scope, tf.device, tf.control_dependencies, tf.group, tf.tuple, tf.get_current_name_scope,
tf.inside_function, tf.grad_pass_through, and tf.config's soft placement and visible devices and
tf.debugging's traceback filtering switch, as TensorFlow 2.21 behaves."""
from harness import show_error, show_error_message, tf

# ---- tf.config and tf.debugging settings (before any op runs) ----
tf.config.set_visible_devices([], "GPU")
print(tf.config.get_visible_devices("GPU"), tf.config.get_visible_devices("CPU"))
print(tf.config.get_visible_devices() == tf.config.list_physical_devices())
show_error_message("set_visible_devices of a string", lambda: tf.config.set_visible_devices(["x"]))
print(tf.config.get_soft_device_placement())
tf.config.set_soft_device_placement(False)
print(tf.config.get_soft_device_placement())
tf.config.set_soft_device_placement(True)
print(tf.debugging.is_traceback_filtering_enabled())
tf.debugging.disable_traceback_filtering()
print(tf.debugging.is_traceback_filtering_enabled())
tf.debugging.enable_traceback_filtering()
print(tf.debugging.is_traceback_filtering_enabled())

# ---- name scopes ----
print(repr(tf.get_current_name_scope()))
with tf.name_scope("outer"):
    with tf.name_scope("inner"):
        print(repr(tf.get_current_name_scope()))
print(tf.inside_function())

# ---- tf.device ----
with tf.device("/cpu:0"):
    print(tf.constant([1.0, 2.0]) * 2)
with tf.device("/job:localhost/replica:0/task:0/device:CPU:0"):
    print(tf.reduce_sum(tf.constant([1, 2, 3])))
with tf.device("/gpu:0"):  # no GPU: soft placement runs it on the CPU
    print(tf.constant(3) + 4)
with tf.device(None):
    print(tf.constant(5))
show_error_message("unknown attribute", lambda: tf.device("foo").__enter__())
show_error_message("bad index", lambda: tf.device("/cpu:x").__enter__())
show_error_message("two device types", lambda: tf.device("/device:GPU:2/cpu:0").__enter__())
show_error_message("a function", lambda: tf.device(lambda op: "/cpu:0"))
show_error_message("an int", lambda: tf.device(3).__enter__())

# ---- control dependencies, group and tuple, eagerly ----
calls = []
with tf.control_dependencies([lambda: calls.append("called"), tf.constant(1)]):
    print(tf.constant(2) * 3)
print(calls)
print(tf.group(tf.constant(1), tf.constant(2)), tf.group())
show_error_message("group keyword", lambda: tf.group(tf.constant(1), colour="red"))
print(tf.tuple([tf.constant(1), tf.constant(2.0)]))

# ---- the same inside tf.function ----
counter = tf.Variable(0)


@tf.function
def traced(x):
    print("inside_function while tracing:", tf.inside_function(), tf.executing_eagerly())
    with tf.init_scope():
        print("under init_scope, eagerly:", tf.executing_eagerly())
    with tf.name_scope("block"):
        print("name scope:", repr(tf.get_current_name_scope()))
    update = counter.assign_add(1)
    with tf.control_dependencies([update]):
        y = tf.identity(x) * 2
    with tf.device("/cpu:0"):
        z = y + 1
    tf.group(update)
    return z


print(traced(tf.constant(1.0)))
print(traced(tf.constant(2.0)), counter.numpy())

# tf.init_scope lifts a variable's creation out of the trace: its initial value is concrete.
cache = {}


@tf.function
def scaled(x):
    if "scale" not in cache:
        with tf.init_scope():
            cache["scale"] = tf.Variable(tf.constant(3.0) * 2, name="scale")
            print("initial value is eager:", tf.executing_eagerly(), cache["scale"].numpy())
    return x * cache["scale"]


print(scaled(tf.constant(2.0)), scaled(tf.constant(3.0)))

# ---- tf.grad_pass_through ----
x = tf.Variable(2.0)
moving = tf.Variable(0.0)
with tf.GradientTape() as tape:
    y = tf.grad_pass_through(lambda v: moving.assign(0.5 * v) * 3.0)(x ** 2)
print(y, tape.gradient(y, x))
with tf.GradientTape() as tape:
    rounded = tf.grad_pass_through(tf.round)(x * 1.3)
print(rounded, tape.gradient(rounded, x))


@tf.function
def passed_in_function(v):
    with tf.GradientTape() as t:
        t.watch(v)
        out = tf.grad_pass_through(tf.floor)(v * v)
    return out, t.gradient(out, v)


print(passed_in_function(tf.constant(1.5)))

# ---- tf.is_symbolic_tensor, tf.timestamp, tf.debugging.assert_proper_iterable ----


@tf.function
def symbolic_inside(v):
    print("symbolic while tracing:", tf.is_symbolic_tensor(v))
    return tf.timestamp()


first = symbolic_inside(tf.constant(1))
second = symbolic_inside(tf.constant(1))
print(tf.is_symbolic_tensor(tf.constant(1)), tf.is_symbolic_tensor(3), first.dtype, first.shape,
      bool(second >= first), bool(tf.timestamp() >= second))
show_error_message("assert_proper_iterable of a string", lambda: tf.debugging.assert_proper_iterable("abc"))
show_error_message("assert_proper_iterable of an int", lambda: tf.debugging.assert_proper_iterable(3))
print(tf.debugging.assert_proper_iterable([1, 2]))

# ---- tf.DeviceSpec ----
D = tf.DeviceSpec
print(D(job="j", replica=0, task=1, device_type="CPU", device_index=2).to_string())
print(D(device_type="gpu").to_string(), D(device_type="cpu", device_index=0).device_type)
spec = D.from_string("/job:muu/device:GPU:2")
print(spec.job, spec.device_type, spec.device_index, spec.replica, spec.to_string())
print(D.from_string("cpu:1").to_string(), D.from_string("/replica:1/task:0/cpu:0").to_string())
print(D(job="a", device_type="CPU").make_merged_spec(D(device_index=3, job="b")).to_string())
print(D(job="a").replace(task=2).to_string(), D.from_string("").to_string() == "")
print(D(job="a") == D.from_string("/job:a"), hash(D(job="a")) == hash(D.from_string("/job:a")))
print(D.from_string("/job:a").parse_from_string("/task:3").to_string(), str(D(job="x")))
show_error_message("an unknown attribute", lambda: D.from_string("/foo:1"))
with tf.device(D(device_type="CPU", device_index=0).to_string()):
    print(tf.constant(1) + 1)
