"""tf.experimental.ExtensionType: fields declared by annotations (tensors, Python values, shapes,
dtypes, tuples, mappings, unions, optional and nested extension types, forward references),
converted and checked by the generated constructor or after a custom one; repr, ==, __validate__,
immutability, the nested Spec (its repr, construction, a Spec written in the class), subclasses;
extension types through tf.function (trace counts, concrete signatures), tf.cond, tf.while_loop,
AutoGraph's if and for, tf.map_fn, tf.nest with expand_composites, and Keras layer calls."""
from typing import Mapping, Optional, Tuple, Union

from harness import show, tf


class Interval(tf.experimental.ExtensionType):
    """Closed intervals [lo, hi], elementwise."""
    lo: tf.Tensor
    hi: tf.Tensor

    def __validate__(self):
        self.lo.shape.assert_is_compatible_with(self.hi.shape)
        assert self.lo.dtype == self.hi.dtype, "lo and hi differ in dtype"

    @property
    def dtype(self):
        return self.lo.dtype

    def width(self):
        return self.hi - self.lo

    def shifted(self, by):
        return Interval(self.lo + by, self.hi + by)


print("== fields and construction")
a = Interval([1.0, 2.0], [3.0, 5.0])
print(a)
print(repr(a.width()), repr(a.dtype))
show("keywords", lambda: Interval(hi=[2], lo=[1]))
show("None for a tensor", lambda: Interval([1.0], None))
show("a list of strings and numbers", lambda: Interval(["a", 1], [1, 2]))
show("missing field", lambda: Interval([1.0]))
show("too many", lambda: Interval([1.0], [2.0], [3.0]))
show("unknown keyword", lambda: Interval([1.0], [2.0], mid=[1.5]))
show("validate shapes", lambda: Interval([1.0, 2.0], [3.0]))
show("validate dtypes", lambda: Interval([1.0], [2]))


class Tagged(tf.experimental.ExtensionType):
    name: str
    weight: float = 1.0
    dims: Tuple[int, ...] = ()
    pair: Tuple[int, str] = (0, "")
    extra: Mapping[str, tf.Tensor] = {}
    maybe: Optional[tf.Tensor] = None
    shape: tf.TensorShape = None
    dtype: tf.DType = tf.float32
    either: Union[int, str] = 0
    flag: bool = False


print("== Python fields")
t = Tagged("t", dims=[2, 3], extra={"k": [1, 2]}, shape=[None, 4], dtype="int64", either="x", pair=[1, "b"])
print(t)
print(type(t.dims).__name__, type(t.extra).__name__, repr(t.shape), repr(t.dtype))
print(t._type_spec)
print(tf.type_spec_from_value(t).extra)
show("int for float", lambda: Tagged("t", weight=1))
show("bool for int", lambda: Tagged("t", dims=[True]))
show("int for bool", lambda: Tagged("t", flag=1))
show("tuple element", lambda: Tagged("t", dims=[1, 2.5]))
show("tuple length", lambda: Tagged("t", pair=(1,)))
show("not a tuple", lambda: Tagged("t", dims=3))
show("mapping key", lambda: Tagged("t", extra={1: 2}))
show("not a mapping", lambda: Tagged("t", extra=[1]))
show("union", lambda: Tagged("t", either=2.5))
show("shape", lambda: Tagged("t", shape="abc"))
show("dtype", lambda: Tagged("t", dtype="no such dtype"))
show("dtype by number", lambda: Tagged("t", dtype=9).dtype)
show("mapping is read-only", lambda: t.extra.__setitem__("k", 3))


def bad_class(annotation):
    class Bad(tf.experimental.ExtensionType):
        __annotations__ = {"field": annotation}
    return Bad


show("list annotation", lambda: bad_class(list))
show("dict annotation", lambda: bad_class(dict))
show("bad default", lambda: type("BadDefault", (tf.experimental.ExtensionType,),
                                 {"__annotations__": {"f": float}, "f": 2}))

print("== equality, immutability")
b = Interval([1.0, 2.0], [3.0, 6.0])
print(a == a, a == b, a != b, a == Interval([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]), a == 3, a == a.lo)
show("hash", lambda: hash(a))
show("set a field", lambda: setattr(a, "lo", [0.0]))
show("set another attribute", lambda: setattr(a, "mid", 1))
show("delete a field", lambda: delattr(a, "hi"))


class Tree(tf.experimental.ExtensionType):
    value: tf.Tensor
    kids: Tuple["Tree", ...] = ()


class Priced(tf.experimental.ExtensionType):
    item: str
    price: tf.Tensor

    def __init__(self, item, price, discount=0.0):
        self.item = item
        self.price = tf.convert_to_tensor(price) * (1.0 - discount)


class Incomplete(tf.experimental.ExtensionType):
    x: tf.Tensor
    y: int

    def __init__(self, x):
        self.x = x


class Interval3(Interval):
    mid: tf.Tensor


print("== forward references, custom constructors, subclasses, private fields")
print(Tree(1, [Tree(2), Tree(3, (Tree(4),))]))
print(Priced("pen", 2.0, discount=0.25))
show("missing field after __init__", lambda: Incomplete(1))
print(Interval3([0.0], [2.0], [1.0]))
print([f.name for f in Interval3._tf_extension_type_fields()])


class Hidden(tf.experimental.ExtensionType):
    _secret: tf.Tensor
    shown: int = 1


print(Hidden(_secret=5), Hidden(5)._type_spec)
print(tf.experimental.extension_type.as_dict(Hidden(5)))


class Masked(tf.experimental.BatchableExtensionType):
    values: tf.Tensor
    mask: tf.Tensor

    shape = property(lambda self: self.values.shape)

    def filled(self, fill):
        return tf.where(self.mask, self.values, fill)

    class Spec:
        def __init__(self, shape, dtype=tf.float32):
            self.values = tf.TensorSpec(shape, dtype)
            self.mask = tf.TensorSpec(shape, tf.bool)

        shape = property(lambda self: self.values.shape)


print("== Spec")
m = Masked([[1.0, 2.0], [3.0, 4.0]], [[True, False], [False, True]])
print(m._type_spec, type(m._type_spec).__name__, type(m._type_spec).__qualname__)
print(Interval.Spec(tf.TensorSpec([None]), tf.TensorSpec([None])))
show("Spec field", lambda: Interval.Spec(3, tf.TensorSpec([])))
show("Spec arguments", lambda: Interval.Spec(tf.TensorSpec([])))
spec = Masked.Spec([None, 2])
print(spec, spec.shape, spec.values)
print(a._type_spec == b._type_spec, a._type_spec == Interval([1.0], [2.0])._type_spec)
print(spec.is_compatible_with(m), spec.is_compatible_with(Masked([1.0], [True])))
print(Interval.Spec(tf.TensorSpec([2]), tf.TensorSpec([2])).most_specific_common_supertype(
    [Interval([1.0, 2.0, 3.0], [4.0, 5.0, 6.0])._type_spec]))
show("Spec is immutable", lambda: setattr(spec, "values", 1))

print("== tf.function")


@tf.function
def widen(interval, by):
    print("tracing widen with", interval._type_spec, by)
    return Interval(interval.lo - by, interval.hi + by)


print(widen(a, 1.0))
print(widen(b, 2.0))
print(widen(Interval([0.0], [1.0]), 1.0))
print(widen(Interval([0], [1]), 1))
print(widen.experimental_get_tracing_count())
concrete = widen.get_concrete_function(Interval.Spec(tf.TensorSpec([None]), tf.TensorSpec([None])), 1.0)
print(concrete.structured_input_signature)
print(concrete.structured_outputs)
print(concrete(Interval([5.0, 6.0, 7.0], [8.0, 9.0, 10.0]), 1.0))
print(widen.pretty_printed_concrete_signatures())


@tf.function(input_signature=[Masked.Spec([None])])
def fill_with_zero(masked):
    return masked.filled(0.0)


print(fill_with_zero(Masked([1.0, 2.0, 3.0], [True, False, True])))
show("wrong spec", lambda: fill_with_zero(Interval([1.0], [2.0])), width=29)  # TensorFlow's message names a KeyError

print("== control flow")
print(tf.cond(tf.constant(False), lambda: a, lambda: Interval([7.0, 8.0, 9.0], [9.0, 9.0, 9.0])))
print(tf.while_loop(lambda i, iv: i < 3, lambda i, iv: (i + 1, iv.shifted(10.0)), [0, a])[1])


@tf.function
def flip_or_grow(x, flip):
    if flip:
        interval = Interval(-x, x)
    else:
        interval = Interval(x, 2 * x)
    for _ in tf.range(3 if flip else 1):
        interval = interval.shifted(0.5)
    return interval


print(flip_or_grow(tf.constant([1.0, 2.0]), tf.constant(True)))
print(flip_or_grow(tf.constant([1.0, 2.0]), tf.constant(False)))
show("different types in cond", lambda: tf.cond(tf.constant(True), lambda: a, lambda: m))

print("== map_fn, nest")
print(tf.map_fn(lambda row: Masked(row.values * 10.0, tf.logical_not(row.mask)), m))
print(tf.map_fn(lambda row: row.filled(-1.0), m, fn_output_signature=tf.float32))
print(tf.nest.flatten({"a": a, "n": None, "z": 3}, expand_composites=True))
print(tf.nest.flatten({"a": a, "n": None}))
print(tf.nest.map_structure(lambda x: x * 2.0, a, expand_composites=True))
print(tf.nest.pack_sequence_as([a, 1], [tf.constant([0.0, 0.0]), tf.constant([1.0, 1.0]), 2], expand_composites=True))
show("assert_same_structure", lambda: tf.nest.assert_same_structure(a, m, expand_composites=True))

print("== Keras layer calls")


class Widen(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs.shifted(1.0) if isinstance(inputs, Interval) else inputs + 1.0


class IntervalModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self._allow_non_tensor_positional_args = True
        self.widen = Widen()

    def call(self, inputs):
        return self.widen(inputs=inputs)


print(Widen()(inputs=a))
show("positional extension type", lambda: Widen()(a))
print(IntervalModel()(a))
print(Widen()(tf.constant([1.0])))
