"""tf.train.Checkpoint over Keras objects, as custom training loops use it: a model and its
optimizer by name (Checkpoint(model=..., optimizer=...)), a built model as the root
(Checkpoint(model)), a Keras layer held by a tf.Module, and CheckpointManager; what is restored
(weights, the optimizer's iteration count and slots) and the load status checks."""
import os
import tempfile

import numpy as np

from harness import tf

keras = tf.keras
directory = tempfile.mkdtemp()


def pattern(shape, seed):
    return np.sin(0.37 * np.arange(int(np.prod(shape))) + seed).astype(np.float32).reshape(shape)


def model_with_weights(seed):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(2)])
    model.set_weights([pattern(w.shape, seed + i) for i, w in enumerate(model.get_weights())])
    return model


def train_steps(model, optimizer, steps):
    x, y = pattern((8, 3), 1), pattern((8, 2), 2)
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
    return float(loss)


def same_weights(a, b):
    return all(np.array_equal(x, y) for x, y in zip(a.get_weights(), b.get_weights()))


print("== a model and its optimizer by name")
model, optimizer = model_with_weights(0), keras.optimizers.Adam(0.01)
print("loss", round(train_steps(model, optimizer, 3), 4))
checkpoint = tf.train.Checkpoint(model=model, optimizer=optimizer)
path = checkpoint.save(os.path.join(directory, "ckpt"))
print(os.path.basename(path), int(checkpoint.save_counter))
restored_model, restored_optimizer = model_with_weights(10), keras.optimizers.Adam(0.01)
print("same before restore", same_weights(model, restored_model))
status = tf.train.Checkpoint(model=restored_model, optimizer=restored_optimizer).restore(path)
print("same after restore", same_weights(model, restored_model))
print("iterations", int(restored_optimizer.iterations))
# The optimizer's moments are restored once it builds them for the model's variables; then both
# continue to the same loss.
print("continued", round(train_steps(model, optimizer, 2), 4), round(train_steps(restored_model, restored_optimizer, 2), 4))
status.assert_consumed()
print("consumed")

print("== a built model as the root")
root_path = tf.train.Checkpoint(model).write(os.path.join(directory, "root"))
other = model_with_weights(20)
tf.train.Checkpoint(other).read(root_path).assert_existing_objects_matched()
print("same", same_weights(model, other))

print("== a Keras layer inside a tf.Module")


class Holder(tf.Module):
    def __init__(self, layer):
        super().__init__()
        self.layer = layer
        self.scale = tf.Variable(2.0)


layer = keras.layers.Dense(3)
layer.build((None, 2))
layer.set_weights([pattern((2, 3), 5), pattern((3,), 6)])
holder_path = tf.train.Checkpoint(holder=Holder(layer)).write(os.path.join(directory, "holder"))
fresh = keras.layers.Dense(3)
fresh.build((None, 2))
fresh_holder = Holder(fresh)
fresh_holder.scale.assign(0.0)
tf.train.Checkpoint(holder=fresh_holder).read(holder_path).assert_consumed()
print("layer", all(np.array_equal(a, b) for a, b in zip(layer.get_weights(), fresh.get_weights())),
      "scale", float(fresh_holder.scale))

print("== CheckpointManager")
manager = tf.train.CheckpointManager(tf.train.Checkpoint(model=model, optimizer=optimizer),
                                     os.path.join(directory, "managed"), max_to_keep=2)
for _ in range(3):
    train_steps(model, optimizer, 1)
    saved = manager.save()
print([os.path.basename(p) for p in manager.checkpoints], os.path.basename(manager.latest_checkpoint))
latest_model, latest_optimizer = model_with_weights(30), keras.optimizers.Adam(0.01)
tf.train.Checkpoint(model=latest_model, optimizer=latest_optimizer).restore(manager.latest_checkpoint)
print("same", same_weights(model, latest_model), "iterations", int(latest_optimizer.iterations))
