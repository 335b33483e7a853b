"""A functional model's operations as Keras 3 lists them: its layers and the keras.ops nodes
under Keras' op classes (Multiply, Add, Relu) and modules, all keras.Operation objects."""
from harness import tf

keras = tf.keras
inputs = keras.Input((3,))
y = keras.layers.Dense(2)(inputs)
z = keras.ops.multiply(y, 2.0) + 1.0
w = keras.ops.relu(z)
outputs = keras.ops.concatenate([w, keras.ops.exp(y)], axis=-1)
model = keras.Model(inputs, outputs)
for op in model.operations:
    print(type(op).__name__, op.name, isinstance(op, keras.Operation))
print([type(op).__module__ for op in model.operations[2:]])
print(repr(model.operations[2]), str(model.operations[4]))
print([layer.name for layer in model.layers])
print(isinstance(model.layers[1], keras.Operation), issubclass(keras.layers.Layer, keras.Operation))
print(type(model.operations[2]) is type(keras.Model(inputs, keras.ops.multiply(inputs, 3.0)).operations[1]))
