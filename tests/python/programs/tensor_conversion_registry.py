"""tf.register_tensor_conversion_function: a user's class converts through its registered function
in tf.convert_to_tensor, operators and ops, subclasses included, by priority, NotImplemented passing
on to the next; tf.constant does not consult the registry; TensorFlow's errors for bad
registrations and for functions returning something else than a tensor of the asked dtype."""
import numpy as np

from harness import show_error_message, tf


class Meters:
    def __init__(self, value):
        self.value = value


class Feet(Meters):
    pass


asked = []


def to_tensor(value, dtype=None, name=None, as_ref=False):
    asked.append((type(value).__name__, None if dtype is None else dtype.name, as_ref))
    return tf.constant(value.value, dtype=dtype)


tf.register_tensor_conversion_function(Meters, to_tensor)
print("convert", tf.convert_to_tensor(Meters(2.5)))
print("with dtype", tf.convert_to_tensor(Meters(2.5), tf.float64))
print("subclass", tf.convert_to_tensor(Feet([1, 2])))
print("operator", tf.constant(1.0) + Meters(2.0))
print("tf.add", tf.add(Meters(2.0), 1.0))
print("reduce_sum", tf.reduce_sum(Meters([1.0, 2.0])))
print("asked", sorted(set(asked), key=str))


@tf.function
def doubled(m):
    return tf.convert_to_tensor(m) * 2


print("in tf.function", doubled(Meters(3.0)))


class Ranked:
    pass


tf.register_tensor_conversion_function(Ranked, lambda v, dtype=None, name=None, as_ref=False: NotImplemented, priority=1)
tf.register_tensor_conversion_function(Ranked, lambda v, dtype=None, name=None, as_ref=False: tf.constant(7), priority=50)
tf.register_tensor_conversion_function(Ranked, lambda v, dtype=None, name=None, as_ref=False: tf.constant(8), priority=50)
print("priority", tf.convert_to_tensor(Ranked()))


class Declines:
    pass


class NotATensor:
    pass


class OtherDtype:
    pass


tf.register_tensor_conversion_function(Declines, lambda v, dtype=None, name=None, as_ref=False: NotImplemented)
tf.register_tensor_conversion_function(NotATensor, lambda v, dtype=None, name=None, as_ref=False: 3)
tf.register_tensor_conversion_function(OtherDtype, lambda v, dtype=None, name=None, as_ref=False: tf.constant(1))
print("other dtype without one asked", tf.convert_to_tensor(OtherDtype()))


def first_line(label, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - class and the message's stable part are compared
        message = str(e)
        print("%s: %s: %s" % (label, type(e).__name__, message.split(" at 0x")[0].split(" object at")[0]))


first_line("all decline", lambda: tf.convert_to_tensor(Declines()))
first_line("non-tensor", lambda: tf.convert_to_tensor(NotATensor()))
first_line("incompatible dtype", lambda: tf.convert_to_tensor(OtherDtype(), tf.float32))
first_line("tf.constant", lambda: tf.constant(Meters(1.5)))
show_error_message("register float", lambda: tf.register_tensor_conversion_function(float, to_tensor))
show_error_message("register ndarray", lambda: tf.register_tensor_conversion_function(np.ndarray, to_tensor))
show_error_message("register non-type", lambda: tf.register_tensor_conversion_function(3, to_tensor))
show_error_message("register non-callable", lambda: tf.register_tensor_conversion_function(Meters, 3))
show_error_message("register tuple", lambda: tf.register_tensor_conversion_function((Declines, NotATensor), to_tensor))
