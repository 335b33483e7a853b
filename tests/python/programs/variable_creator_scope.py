"""tf.variable_creator_scope: creators see tf.Variable's keyword arguments in TensorFlow's order and
defaults, the innermost scope's creator runs first, a creator may change the arguments or return
something other than a variable, isinstance works inside the scopes, and tf.Variable is itself
again after them."""
from harness import tf

Variable = tf.Variable


def show_arguments(next_creator, **kwargs):
    print(list(kwargs))
    print({key: value for key, value in kwargs.items() if key not in ("initial_value", "synchronization",
                                                                      "aggregation")})
    print(kwargs["synchronization"].name, kwargs["aggregation"].name, kwargs["initial_value"])
    return next_creator(**kwargs)


def renaming(next_creator, **kwargs):
    print("renaming", kwargs["name"])
    kwargs["name"] = "renamed"
    return next_creator(**kwargs)


def outer(next_creator, **kwargs):
    print("outer", kwargs["name"], kwargs["trainable"])
    variable = next_creator(**kwargs)
    print("outer made", variable.name)
    return variable


with tf.variable_creator_scope(show_arguments):
    tf.Variable(1.0)
    tf.Variable([1.0, 2.0], False, name="second", dtype=tf.float64)
with tf.variable_creator_scope(outer):
    with tf.variable_creator_scope(renaming):
        v = tf.Variable(1.0, name="x", trainable=False)
        print(isinstance(v, tf.Variable), v.name, v.trainable)
print(v.name, v.trainable, v.numpy())
with tf.variable_creator_scope(lambda next_creator, **kwargs: tf.constant(5.0)):
    print(tf.Variable(1.0))
print(tf.Variable is Variable, isinstance(tf.Variable(1.0), tf.Variable))
try:
    with tf.variable_creator_scope(outer):
        raise KeyError("inside")
except KeyError as e:
    print("raised", e, tf.Variable is Variable)
