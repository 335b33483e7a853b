"""tf.Module and tf.train.Checkpoint / CheckpointManager, following TensorFlow's guides
"Introduction to modules" and "Training checkpoints": variables found through attributes, the
checkpoint's keys, save / restore / write / read, the save counter, the latest checkpoint, a
manager keeping the newest ones, and restores that do not match."""
import os
import tempfile

from harness import show_error, tf


class Dense(tf.Module):
    def __init__(self, in_features, out_features, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.reshape(tf.range(in_features * out_features, dtype=tf.float32),
                                        [in_features, out_features]), name="w")
        self.b = tf.Variable(tf.zeros([out_features]), name="b")

    def __call__(self, x):
        return tf.nn.relu(tf.matmul(x, self.w) + self.b)


class SequentialModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense(in_features=3, out_features=3)
        self.dense_2 = Dense(in_features=3, out_features=2)
        self.extras = [tf.Variable(1, name="count"), {"scale": tf.Variable(0.5, trainable=False)}]
        self._hidden = tf.Variable([1.0, 2.0])

    def __call__(self, x):
        return self.dense_2(self.dense_1(x))


model = SequentialModule(name="the_model")
print(model.name, Dense(1, 1).name)
print(model(tf.constant([[2.0, 2.0, 2.0]])))
print([v.shape.as_list() for v in model.variables])
print(len(model.trainable_variables), len(model.non_trainable_variables))
print([m.name for m in model.submodules])
show_error("an invalid module name", lambda: tf.Module(name="not a name"))

directory = tempfile.mkdtemp()
step = tf.Variable(7, dtype=tf.int64)
checkpoint = tf.train.Checkpoint(model=model, step=step)
print(checkpoint.save_counter.numpy())
path = checkpoint.save(os.path.join(directory, "ckpt"))
print(os.path.basename(path), checkpoint.save_counter.numpy())
for key, shape in tf.train.list_variables(path):
    print(key, shape)
print(os.path.basename(tf.train.latest_checkpoint(directory)))
print(tf.train.load_checkpoint(path).get_tensor("model/dense_2/w/.ATTRIBUTES/VARIABLE_VALUE"))

model.dense_1.w.assign(tf.zeros([3, 3]))
step.assign(0)
model.extras[1]["scale"].assign(9.0)
status = checkpoint.restore(path)
status.assert_consumed()
print(model.dense_1.w.numpy()[1], step.numpy(), model.extras[1]["scale"].numpy())
print(os.path.basename(checkpoint.save(os.path.join(directory, "ckpt"))), checkpoint.save_counter.numpy())
print(sorted(os.listdir(directory)))

written = checkpoint.write(os.path.join(directory, "plain"))
print(os.path.basename(written), checkpoint.save_counter.numpy())
other = SequentialModule()
tf.train.Checkpoint(model=other, step=tf.Variable(0, dtype=tf.int64)).read(written).assert_existing_objects_matched()
print(other.dense_2.w.numpy().tolist())

# A restore into fewer objects: assert_consumed fails, a partial match is accepted.
partial = tf.train.Checkpoint(model=Dense(3, 3))
show_error("assert_consumed of a partial restore", lambda: partial.restore(path).assert_consumed())
partial.restore(path).expect_partial()
show_error("restore of a missing checkpoint", lambda: checkpoint.restore(os.path.join(directory, "missing-3")))
show_error("a Python number in a checkpoint", lambda: tf.train.Checkpoint(value=3))

# ---- CheckpointManager ----
managed = tempfile.mkdtemp()
counter = tf.Variable(0)
manager = tf.train.CheckpointManager(tf.train.Checkpoint(counter=counter), managed, max_to_keep=2)
print(manager.latest_checkpoint)
for _ in range(4):
    counter.assign_add(1)
    print(os.path.basename(manager.save()))
print([os.path.basename(p) for p in manager.checkpoints])
print(os.path.basename(manager.latest_checkpoint), os.path.basename(tf.train.latest_checkpoint(managed)))
print(sorted(os.listdir(managed)))
print(os.path.basename(manager.save(checkpoint_number=100)))
counter.assign(0)
again = tf.train.CheckpointManager(tf.train.Checkpoint(counter=counter), managed, max_to_keep=2)
print([os.path.basename(p) for p in again.checkpoints])
again.checkpoint.restore(again.latest_checkpoint)
print(counter.numpy())
