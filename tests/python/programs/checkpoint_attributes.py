"""tf.train.Checkpoint as the checkpoint guide uses it: objects read back as attributes
(`ckpt.step`), assigned as attributes after construction (lists and dicts included, filled later),
Checkpoints nested inside Checkpoints to restore part of a saved structure, the save counter across
such assignments, and a CheckpointManager of a checkpoint that gains objects."""
import os
import tempfile

from harness import tf

directory = tempfile.mkdtemp()
os.chdir(directory)

print("== attributes")
ckpt = tf.train.Checkpoint(step=tf.Variable(1))
ckpt.step.assign_add(4)
print(int(ckpt.step))
ckpt.note = "plain value"
print(ckpt.note)
try:
    ckpt.missing
except AttributeError:
    print("AttributeError for an unknown attribute")

print("== lists and dicts assigned later")
save = tf.train.Checkpoint()
save.listed = [tf.Variable(1.0)]
save.listed.append(tf.Variable(2.0))
save.mapped = {"one": save.listed[0]}
save.mapped["two"] = save.listed[1]
first = save.save("./list_example")
second = save.save("./list_example")
print(first, second, int(save.save_counter))
save.extra = tf.Variable(3.0)
print(save.save("./list_example"))
print(sorted(name for name, _ in tf.train.list_variables(second)))

restore = tf.train.Checkpoint()
two = tf.Variable(0.0)
restore.mapped = {"two": two}
status = restore.restore(second)
print(float(two.numpy()))
status.assert_existing_objects_matched()
print("matched")
listed = tf.train.Checkpoint(listed=[tf.Variable(0.0), tf.Variable(0.0)])
listed.restore(second).assert_existing_objects_matched()
print([float(v.numpy()) for v in listed.listed])

print("== nested checkpoints restore part of a structure")
net = tf.Module()
net.l1 = tf.Module()
net.l1.kernel = tf.Variable([[1.0, 2.0]])
net.l1.bias = tf.Variable([0.5, -0.5])
path = tf.train.Checkpoint(net=net, step=tf.Variable(7)).save("./nested/ckpt")
bias = tf.Variable(tf.zeros([2]))
status = tf.train.Checkpoint(net=tf.train.Checkpoint(l1=tf.train.Checkpoint(bias=bias))).restore(path)
print(bias.numpy().tolist())
status.assert_existing_objects_matched()
try:
    status.assert_consumed()
except AssertionError:
    print("assert_consumed: AssertionError (the kernel and step were not restored)")

print("== a manager of a checkpoint that gains objects")
tracked = tf.train.Checkpoint(step=tf.Variable(0))
manager = tf.train.CheckpointManager(tracked, "./managed", max_to_keep=2)
tracked.step.assign(1)
print(os.path.basename(manager.save()))
tracked.weights = tf.Variable([1.0, 2.0, 3.0])
tracked.step.assign(2)
latest = manager.save()
print(os.path.basename(latest), [os.path.basename(p) for p in manager.checkpoints])
print(sorted(name for name, _ in tf.train.list_variables(latest)))
fresh = tf.train.Checkpoint(step=tf.Variable(0), weights=tf.Variable([0.0, 0.0, 0.0]))
fresh.restore(manager.latest_checkpoint).assert_consumed()
print(int(fresh.step), fresh.weights.numpy().tolist(), int(fresh.save_counter))
