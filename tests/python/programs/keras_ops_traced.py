"""tf.keras.ops inside a tf.function whose input has an unknown batch size: the ops trace (sizes
known only while running come from ops.shape) and give the eager results."""
import numpy as np

from harness import tf
from keras_ops_harness import ops, show


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def f(x):
    outs = {}
    outs["mean"] = ops.mean(x, axis=0)
    outs["softmax"] = ops.softmax(x)
    outs["take"] = ops.take(x, [0, -1], axis=1)
    outs["take0"] = ops.take(x, 0, axis=0)
    outs["where"] = ops.where(x > 0, x, 0.0)
    outs["reshape"] = ops.reshape(x, (-1,))
    outs["moments"] = ops.moments(x, axes=[0])[1]
    outs["ln"] = ops.layer_normalization(x)
    outs["onehot"] = ops.one_hot(ops.argmax(x, axis=1), 3)
    outs["norm"] = ops.norm(x, axis=1)
    outs["topk"] = ops.top_k(x, 2)[0]
    outs["matmul"] = ops.matmul(x, ops.transpose(x))
    outs["max"] = ops.max(x)
    outs["argmax"] = ops.argmax(x)
    outs["concat"] = ops.concatenate([x, x], axis=0)
    outs["expand"] = ops.expand_dims(x, (0, 2))
    outs["squeeze"] = ops.squeeze(ops.expand_dims(x, 1), 1)
    outs["tile"] = ops.tile(x, (2, 1))
    outs["repeat"] = ops.repeat(x, 2, axis=0)
    outs["cumsum"] = ops.cumsum(x)
    outs["flip"] = ops.flip(x)
    outs["roll"] = ops.roll(x, 1)
    outs["pad"] = ops.pad(x, [[1, 1], [0, 0]])
    outs["tril"] = ops.tril(ops.matmul(x, ops.transpose(x)))
    outs["split"] = ops.split(x, 3, axis=1)[1]
    outs["shape0"] = ops.shape(x)[0] * 1
    outs["zeros"] = ops.zeros_like(x)
    outs["full_like"] = ops.full_like(x, 2)
    outs["ones"] = ops.ones((ops.shape(x)[0], 2))
    outs["sce"] = ops.sparse_categorical_crossentropy(ops.argmax(x, axis=1), ops.softmax(x))
    outs["median"] = ops.median(x, axis=1)
    outs["std"] = ops.std(x)
    outs["take_along"] = ops.take_along_axis(x, ops.argsort(x, axis=1), axis=1)
    outs["diff"] = ops.diff(x, axis=1)
    outs["logsumexp"] = ops.logsumexp(x, axis=1)
    outs["switch"] = ops.switch(ops.argmax(x[0]), [lambda a: a * 2.0, lambda a: a - 1.0, lambda a: -a], x[0])
    outs["fori_loop"] = ops.fori_loop(0, 3, lambda k, acc: acc + ops.cast(k, "float32") * x[1], ops.zeros((3,)))
    outs["while_loop"] = ops.while_loop(lambda v: ops.sum(v) < 100.0, lambda v: v * 2.0, ops.abs(x[0]) + 1.0)
    return outs



res = f(tf.constant(np.arange(-3, 9, dtype=np.float32).reshape(4, 3)))
for k in sorted(res):
    show(k, res[k])
