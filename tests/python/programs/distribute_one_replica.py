"""tf.distribute with one replica on the CPU: the default strategy and its replica context,
MirroredStrategy / OneDeviceStrategy scopes, run, reduce, gather, local results, distributed
datasets (from a dataset and from a function), replica contexts' all_reduce and merge_call, values
from a function, ReduceOp and InputContext with their errors, and the custom training loop of
TensorFlow's distributed training tutorial, whose losses and weights match TensorFlow's."""
import numpy as np

from harness import show_error, tf

d = tf.distribute
print(d.has_strategy(), d.in_cross_replica_context(), d.get_strategy().num_replicas_in_sync)
rc = d.get_replica_context()
print(rc.replica_id_in_sync_group, rc.num_replicas_in_sync, d.get_replica_context().all_reduce("SUM", 3.0))
print(d.get_replica_context().merge_call(lambda strategy, x: x * 10, args=(2,)))

strategy = d.MirroredStrategy()
print(type(strategy).__name__, strategy.num_replicas_in_sync, strategy.extended.worker_devices)
with strategy.scope():
    print(d.has_strategy(), d.in_cross_replica_context(), d.get_strategy() is strategy, d.get_replica_context())
    show_error("mixing strategies", lambda: d.OneDeviceStrategy("/cpu:0").scope().__enter__())


def step(x):
    ctx = d.get_replica_context()
    print("in run", d.in_cross_replica_context(), ctx.replica_id_in_sync_group, ctx.num_replicas_in_sync)
    return x * 2, ctx.all_reduce(d.ReduceOp.SUM, x)


doubled, summed = strategy.run(step, args=(tf.constant([1.0, 2.0]),))
print(doubled, summed)
print(strategy.reduce(d.ReduceOp.SUM, doubled, axis=0), strategy.reduce("MEAN", doubled, axis=None),
      strategy.reduce(d.ReduceOp.MEAN, doubled, axis=0))
print(strategy.gather(doubled, axis=0), strategy.experimental_local_results(doubled))
print(strategy.run(lambda a, b: a + b, args=(1,), kwargs={"b": 2}))
print(strategy.run(lambda: d.get_replica_context().merge_call(lambda s, x: s is strategy, args=(2,))))
print(strategy.experimental_distribute_values_from_function(lambda ctx: ctx.replica_id_in_sync_group))
print([x.numpy().tolist() for x in strategy.experimental_distribute_dataset(tf.data.Dataset.range(4).batch(2))])
from_fn = strategy.distribute_datasets_from_function(
    lambda ctx: tf.data.Dataset.range(ctx.num_input_pipelines + 2).batch(ctx.get_per_replica_batch_size(4)))
print([x.numpy().tolist() for x in from_fn])
iterator = iter(strategy.experimental_distribute_dataset(tf.data.Dataset.range(3)))
print(next(iterator), iterator.get_next(), iterator.element_spec)
one = d.OneDeviceStrategy("/cpu:0")
print(one.num_replicas_in_sync, one.run(lambda: tf.constant(3)), one.extended.worker_devices)
print(repr(d.ReduceOp.SUM), d.ReduceOp("MEAN"), list(d.ReduceOp))
show_error("ReduceOp MAX", lambda: d.ReduceOp("MAX"))
show_error("reduce MAX", lambda: strategy.reduce("MAX", tf.constant(1.0), axis=None))
context = d.InputContext(num_input_pipelines=2, input_pipeline_id=1, num_replicas_in_sync=4)
print(context.num_input_pipelines, context.input_pipeline_id, context.get_per_replica_batch_size(8))
show_error("batch not divisible", lambda: context.get_per_replica_batch_size(7))
print(d.ReductionToOneDevice().reduce("SUM", tf.constant(2.0), destinations="/cpu:0"))

# TensorFlow's custom training loop with a strategy.
GLOBAL_BATCH = 4
x_data = np.arange(16, dtype=np.float32).reshape(8, 2) / 10.0
y_data = (x_data @ np.array([[1.0], [-2.0]], np.float32)) + 0.5
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
    optimizer = tf.keras.optimizers.SGD(0.1)
    loss_object = tf.keras.losses.MeanSquaredError(reduction="none")
print("model strategy", model.distribute_strategy is strategy)
dataset = strategy.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices((x_data, y_data)).batch(GLOBAL_BATCH))


def train_step(inputs):
    x, y = inputs
    with tf.GradientTape() as tape:
        loss = tf.nn.compute_average_loss(loss_object(y, model(x)), global_batch_size=GLOBAL_BATCH)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


@tf.function
def distributed_train_step(inputs):
    return strategy.reduce(d.ReduceOp.SUM, strategy.run(train_step, args=(inputs,)), axis=None)


for epoch in range(3):
    total = 0.0
    for batch in dataset:
        total += float(distributed_train_step(batch))
    print("epoch", epoch, round(total, 5))
print(np.round(model.get_weights()[0], 5).tolist(), np.round(model.get_weights()[1], 5).tolist())
