"""Extension types with TensorFlow's APIs: tf.experimental.dispatch_for_api (signatures from
annotations or given, List and Union annotations, plain tensors never dispatching, signature
errors, unregister_dispatch_for), the unary and binary elementwise dispatchers (the API's other
arguments bound), and tf.data with extension type elements (from_tensors, from_tensor_slices and
batch / unbatch of a BatchableExtensionType, from_generator with an output_signature)."""
from typing import List, Union

from harness import show, tf


class Weighted(tf.experimental.BatchableExtensionType):
    """Values, each with a weight."""
    values: tf.Tensor
    weights: tf.Tensor

    def __repr__(self):
        return "Weighted(%s @ %s)" % (self.values.numpy().tolist(), self.weights.numpy().tolist())


def as_weighted(x):
    return x if isinstance(x, Weighted) else Weighted(x, tf.ones_like(x))


print("== dispatch_for_api")


@tf.experimental.dispatch_for_api(tf.math.reduce_sum)
def weighted_sum(input_tensor: Weighted, axis=None, keepdims=False, name=None):
    return tf.reduce_sum(input_tensor.values * input_tensor.weights, axis, keepdims)


x = Weighted([[1.0, 2.0], [3.0, 4.0]], [[1.0, 0.5], [0.0, 2.0]])
print(tf.reduce_sum(x), tf.math.reduce_sum(x, axis=1), tf.reduce_sum(tf.constant([1.0, 2.0])))


@tf.experimental.dispatch_for_api(tf.stack, {"values": List[Union[Weighted, tf.Tensor]]})
def weighted_stack(values, axis=0, name=None):
    values = [as_weighted(v) for v in values]
    return Weighted(tf.stack([v.values for v in values], axis), tf.stack([v.weights for v in values], axis))


print(tf.stack([Weighted([1.0], [2.0]), tf.constant([3.0])]))
print(tf.stack([tf.constant([1.0]), tf.constant([2.0])]))
tf.experimental.unregister_dispatch_for(weighted_stack)
show("after unregister", lambda: tf.stack([Weighted([1.0], [2.0])]), width=30)
show("unregister twice", lambda: tf.experimental.unregister_dispatch_for(weighted_stack), width=40)


def register(api, *signatures):
    def decorate(target):
        return tf.experimental.dispatch_for_api(api, *signatures)(target)
    return decorate


def no_annotations(values, axis=0, name=None):
    return None


def wrong_names(vals: List[Weighted], axis=0):
    return None


def fewer(values: List[Weighted]):
    return None


show("without annotations", lambda: register(tf.stack)(no_annotations))
show("unknown parameter", lambda: register(tf.stack, {"vals": List[Weighted]})(no_annotations))
show("other names", lambda: register(tf.stack)(wrong_names), width=45)
show("fewer parameters", lambda: register(tf.stack)(fewer), width=45)
show("not an API", lambda: register(lambda v: v)(fewer), width=0)

print("== elementwise dispatch")


@tf.experimental.dispatch_for_unary_elementwise_apis(Weighted)
def weighted_unary(api_func, x):
    return Weighted(api_func(x.values), x.weights)


@tf.experimental.dispatch_for_binary_elementwise_apis(Union[Weighted, tf.Tensor], Union[Weighted, tf.Tensor])
def weighted_binary(api_func, x, y):
    x, y = as_weighted(x), as_weighted(y)
    return Weighted(api_func(x.values, y.values), x.weights * y.weights)


w = Weighted([-1.0, 4.0], [2.0, 3.0])
print(tf.abs(w), tf.math.sqrt(tf.abs(w)), tf.nn.relu(w))
print(tf.cast(w, tf.int32).values.dtype, tf.ones_like(w, dtype=tf.int64).values)
print(tf.math.add(w, w), tf.maximum(w, tf.constant([0.0, 5.0])), tf.multiply(tf.constant(2.0), w))
print(tf.add(tf.constant(1.0), tf.constant(2.0)))
show("a Python number does not dispatch", lambda: tf.math.maximum(w, 2.0), width=25)
show("a second unary handler", lambda: tf.experimental.dispatch_for_unary_elementwise_apis(Weighted)(
    lambda api_func, x: x), width=45)

print("== tf.data")
batch = Weighted([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[1.0, 1.0], [0.5, 0.5], [2.0, 0.0]])
rows = tf.data.Dataset.from_tensor_slices(batch)
print(rows.element_spec)
for row in rows:
    print(row)
batched = rows.batch(2)
print(batched.element_spec)
for b in batched:
    print(b)
for row in batched.unbatch():
    print(row)
print(tf.data.Dataset.from_tensors(w).element_spec)
print(iter(tf.data.Dataset.from_tensors(w)).next())
print(list(rows.map(lambda r: tf.reduce_sum(r)).as_numpy_iterator()))


def generate():
    for n in range(1, 4):
        yield Weighted(tf.range(n, dtype=tf.float32), tf.ones([n]))


generated = tf.data.Dataset.from_generator(generate, output_signature=Weighted.Spec(
    tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.float32)))
for g in generated:
    print(g)


class Plain(tf.experimental.ExtensionType):
    v: tf.Tensor


show("batch of a non-batchable type", lambda: tf.data.Dataset.from_tensors(Plain([1])).batch(2), width=0)
print(tf.constant(range(4)), tf.convert_to_tensor(range(2, 8, 3), tf.float32))
