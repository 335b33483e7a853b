"""tf.train.CheckpointOptions with Checkpoint.save / write / read / restore and
CheckpointManager.save: the options' attributes and checks, write callbacks (with and without the
path, after every save and write, the caller's list left as it was), an I/O device that changes
nothing on one host, and async checkpoints (readable once save returns and after sync(), numbered
by a save counter of their own, restores following them)."""
import copy
import os
import tempfile

from harness import show_error, show_error_message, tf

default = tf.train.CheckpointOptions()
print([getattr(default, name) for name in ("experimental_io_device", "experimental_enable_async_checkpoint",
                                          "experimental_write_callbacks", "enable_async",
                                          "experimental_sharding_callback", "experimental_skip_slot_variables")])
print(tf.train.CheckpointOptions(experimental_enable_async_checkpoint=True).enable_async,
      tf.train.CheckpointOptions(enable_async=True).experimental_enable_async_checkpoint)
show_error("a callback of two arguments", lambda: tf.train.CheckpointOptions(experimental_write_callbacks=[lambda a, b: 0]))
show_error_message("a sharding callback of another type",
                   lambda: tf.train.CheckpointOptions(experimental_sharding_callback=3))
show_error("an unknown attribute", lambda: setattr(default, "other", 1))
callbacks = [lambda: None]
copied = copy.copy(tf.train.CheckpointOptions(experimental_io_device="/job:localhost",
                                              experimental_write_callbacks=callbacks))
print(copied.experimental_io_device, copied.experimental_write_callbacks == callbacks,
      copied.experimental_write_callbacks is callbacks)

directory = tempfile.mkdtemp()
step = tf.Variable(3, dtype=tf.int64)
weights = tf.Variable([1.0, 2.0])
checkpoint = tf.train.Checkpoint(step=step, weights=weights)
seen = []
user_callbacks = [lambda path: seen.append((os.path.basename(path), os.path.exists(path + ".index"))),
                  lambda: seen.append("no argument")]
options = tf.train.CheckpointOptions(experimental_io_device="/job:localhost/replica:0/task:0/device:CPU:0",
                                     experimental_write_callbacks=user_callbacks)
path = checkpoint.save(os.path.join(directory, "ckpt"), options=options)
print(os.path.basename(path), checkpoint.save_counter.numpy(), seen, len(options.experimental_write_callbacks))
seen.clear()
written = checkpoint.write(os.path.join(directory, "plain"), options=options)
print(os.path.basename(written), seen)
weights.assign([0.0, 0.0])
checkpoint.read(written, options=options).assert_consumed()
print(weights.numpy().tolist())
weights.assign([5.0, 6.0])
checkpoint.restore(path, options=tf.train.CheckpointOptions(experimental_skip_slot_variables=True)).assert_consumed()
print(weights.numpy().tolist(), os.path.basename(tf.train.latest_checkpoint(directory)))
print(checkpoint.sync())

# Async checkpoints: their own save counter, files complete after sync().
async_dir = tempfile.mkdtemp()
async_written = []  # callbacks of async saves run when the file is written: printed after sync()
async_options = tf.train.CheckpointOptions(enable_async=True, experimental_write_callbacks=[
    lambda path: async_written.append((os.path.basename(path), os.path.exists(path + ".index")))])
saver = tf.train.Checkpoint(step=step, weights=weights)
first = saver.save(os.path.join(async_dir, "ckpt"), options=async_options)
weights.assign([7.0, 8.0])
second = saver.save(os.path.join(async_dir, "ckpt"), options=async_options)
saver.sync()
print(async_written, os.path.basename(first), os.path.basename(second), saver.save_counter.numpy(),
      os.path.basename(tf.train.latest_checkpoint(async_dir)))
print(tf.train.load_checkpoint(first).get_tensor("weights/.ATTRIBUTES/VARIABLE_VALUE").tolist(),
      tf.train.load_checkpoint(second).get_tensor("save_counter/.ATTRIBUTES/VARIABLE_VALUE"))
weights.assign([0.0, 0.0])
status = saver.restore(first)
status.assert_consumed()
print(type(status).__name__, weights.numpy().tolist(), saver.save_counter.numpy())
plain = saver.write(os.path.join(async_dir, "plain"), options=async_options)
saver.sync()
print(async_written[-1], os.path.basename(plain), sorted(os.listdir(async_dir)))

# CheckpointManager.save with options.
managed = tempfile.mkdtemp()
manager = tf.train.CheckpointManager(tf.train.Checkpoint(step=step), managed, max_to_keep=2)
paths = []
manager_options = tf.train.CheckpointOptions(experimental_write_callbacks=[lambda path: paths.append(
    os.path.basename(path))])
for _ in range(3):
    manager.save(options=manager_options)
print(paths, [os.path.basename(p) for p in manager.checkpoints], len(manager_options.experimental_write_callbacks))
print(os.path.basename(manager.save(checkpoint_number=10, options=async_options)))
manager.checkpoint.sync()
print(async_written[-1], sorted(os.listdir(managed)))
