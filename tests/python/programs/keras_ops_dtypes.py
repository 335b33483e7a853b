"""tf.keras.ops' dtype rules (Keras 3's promotion lattice, as JAX's): the result dtype of binary ops
over pairs of dtypes and with Python scalars, and of unary ops and reductions per dtype."""
from harness import tf
from keras_ops_harness import ops

DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64")


def dtype_of(fn):
    try:
        return fn().dtype.name
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        return "raises " + type(e).__name__


def value(dtype):
    return ops.cast(tf.constant([1, 0, 1]), dtype)


for op in ("add", "multiply", "divide", "maximum", "power", "equal"):
    print(op)
    for a in DTYPES:
        print("  %-8s" % a, " ".join("%s" % dtype_of(lambda: getattr(ops, op)(value(a), value(b))) for b in DTYPES))
    for scalar in (2, 2.5):
        print("  %-8r" % scalar, " ".join(dtype_of(lambda: getattr(ops, op)(value(b), scalar)) for b in DTYPES))

for op in ("mean", "sum", "prod", "max", "var", "argmax", "cumsum", "sqrt", "exp", "abs", "square", "floor", "round",
           "sign", "negative", "log1p", "sin", "norm", "relu", "sigmoid", "softmax", "isnan", "logsumexp"):
    print(op, " ".join(dtype_of(lambda: getattr(ops, op)(value(d))) for d in DTYPES))
print("arange", ops.arange(3).dtype.name, ops.arange(3.0).dtype.name, ops.arange(0, 2, 0.5).dtype.name)
print("linspace", ops.linspace(0, 4, 3).dtype.name, ops.linspace(0, 4, 3, dtype="int32").dtype.name)
print("full / zeros / ones / eye", ops.full((2,), 1).dtype.name, ops.zeros((2,)).dtype.name,
      ops.ones((2,), "int8").dtype.name, ops.eye(2).dtype.name)
print("convert_to_tensor", ops.convert_to_tensor(1).dtype.name, ops.convert_to_tensor(1.0).dtype.name,
      ops.convert_to_tensor([True]).dtype.name, ops.convert_to_tensor([1, 2], "float16").dtype.name)
print("one_hot", ops.one_hot(tf.constant([1]), 2).dtype.name, "where", ops.where(tf.constant([True]), 1, 2.0).dtype.name)
print("concatenate", ops.concatenate([value("int8"), value("uint8")]).dtype.name,
      ops.stack([value("int32"), value("float16")]).dtype.name)

# keras.config's floatx and epsilon reach the ops.
tf.keras.config.set_floatx("float64")
print("floatx float64", ops.zeros((2,)).dtype.name, ops.eye(2).dtype.name, ops.linspace(0, 4, 3).dtype.name,
      ops.convert_to_tensor(1.0).dtype.name, ops.mean(value("int32")).dtype.name, ops.add(value("int8"), 2.5).dtype.name)
tf.keras.config.set_floatx("float32")
tf.keras.config.set_epsilon(0.1)
print("epsilon 0.1", [round(float(v), 4) for v in ops.binary_crossentropy(tf.constant([1.0, 0.0]), tf.constant([1.0, 0.0]))])
tf.keras.config.set_epsilon(1e-7)
tf.keras.config.set_floatx("float64")
print("weak at float64", ops.add(2, 3).dtype.name, ops.multiply(2.0, 3).dtype.name, ops.add(value("int8"), 2).dtype.name)
tf.keras.config.set_floatx("float16")
print("weak at float16", ops.add(2.0, 3.0).dtype.name, ops.add(value("float32"), 2.5).dtype.name)
tf.keras.config.set_floatx("float32")
