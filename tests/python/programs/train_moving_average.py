"""tf.train.ExponentialMovingAverage (eagerly and inside tf.function), load_variable,
get_checkpoint_state and checkpoints_iterator, as TensorFlow 2.21 behaves."""
import os
import tempfile

from harness import show_error, show_error_message, tf

weights = tf.Variable([1.0, 2.0], name="weights")
bias = tf.Variable(0.5, dtype=tf.float64, name="bias")
ema = tf.train.ExponentialMovingAverage(0.9)
print(ema.name, ema.average_name(weights), ema.average(weights))
print(ema.apply([weights, bias]))
average = ema.average(weights)
print(average.name, average.trainable, average.numpy(), ema.average(bias).dtype)
weights.assign([3.0, 4.0])
bias.assign(1.5)
ema.apply([weights, bias])
print(average.numpy(), ema.average(bias).numpy(), ema.average_name(weights))
print(sorted(ema.variables_to_restore([weights]).keys()))
print(ema.apply())
show_error_message("a tensor", lambda: ema.apply([tf.constant(1.0)]))
show_error_message("an integer variable", lambda: ema.apply([tf.Variable(1, name="count")]))

# num_updates caps the decay at (1 + n) / (10 + n).
step = tf.Variable(0, name="step")
capped = tf.train.ExponentialMovingAverage(0.999, num_updates=step, name="capped")
value = tf.Variable(10.0, name="value")
capped.apply([value])
for target in (20.0, 30.0):
    step.assign_add(1)
    value.assign(target)
    capped.apply([value])
    print(step.numpy(), round(float(capped.average(value).numpy()), 5))
print(capped.average(value).name)

# apply inside a tf.function: the average is created once, outside the trace.
tracked = tf.Variable([0.0, 0.0], name="tracked")
in_function = tf.train.ExponentialMovingAverage(0.5, name="fn_ema")


@tf.function
def train_step(delta):
    tracked.assign_add(delta)
    in_function.apply([tracked])
    return in_function.average(tracked).read_value()


print(train_step(tf.constant([2.0, 4.0])))
print(train_step(tf.constant([2.0, 4.0])))
print(in_function.average(tracked).name)

# ---- checkpoint state and reading ----
directory = tempfile.mkdtemp()
print(tf.train.get_checkpoint_state(directory))
checkpoint = tf.train.Checkpoint(w=weights)
checkpoint.save(os.path.join(directory, "ckpt"))
weights.assign([5.0, 6.0])
checkpoint.save(os.path.join(directory, "ckpt"))
state = tf.train.get_checkpoint_state(directory)
print(os.path.basename(state.model_checkpoint_path), [os.path.basename(p) for p in state.all_model_checkpoint_paths])
print(os.path.dirname(state.model_checkpoint_path) == directory)
print(tf.train.load_variable(directory, "w/.ATTRIBUTES/VARIABLE_VALUE"))
print(tf.train.load_variable(os.path.join(directory, "ckpt-1"), "w/.ATTRIBUTES/VARIABLE_VALUE"))
show_error("load_variable of a missing key", lambda: tf.train.load_variable(directory, "nothing"))

manager = tf.train.CheckpointManager(checkpoint, os.path.join(directory, "managed"), max_to_keep=2)
for _ in range(3):
    manager.save()
state = tf.train.get_checkpoint_state(os.path.join(directory, "managed"))
print(os.path.basename(state.model_checkpoint_path), [os.path.basename(p) for p in state.all_model_checkpoint_paths])
print(len(state.all_model_checkpoint_timestamps), state.last_preserved_timestamp > 0)
print([os.path.basename(p) for p in tf.train.checkpoints_iterator(directory, timeout=0.1)])
timeouts = []
print([os.path.basename(p) for p in tf.train.checkpoints_iterator(
    os.path.join(directory, "managed"), timeout=0.1, timeout_fn=lambda: timeouts.append(1) or len(timeouts) > 1)])
print(timeouts)
