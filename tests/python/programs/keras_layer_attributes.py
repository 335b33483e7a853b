"""Keras layers keep their constructor arguments as attributes: numbers, strings and tuples as
given (Dense.units, Conv2D.kernel_size), activations as functions, initializers as objects, unset
regularizers and constraints as None; loaded layers too; unknown names raise AttributeError."""
from harness import show_error, tf

L = tf.keras.layers
print(L.Dense(3).units, L.Dense(3).use_bias, L.Dense(3, activation="relu").activation.__name__)
print(L.Conv2D(2, 3).kernel_size, L.Conv2D(2, 3, strides=2).strides, L.Conv2D(2, 3).padding, L.Conv2D(2, 3).filters)
print(L.Dropout(0.5).rate, L.Embedding(5, 3).input_dim, L.Embedding(5, 3).output_dim)
print(L.LSTM(4).units, L.LSTM(4).return_sequences, L.LSTM(4).recurrent_activation.__name__)
print(L.Reshape((2, 3)).target_shape, L.BatchNormalization().momentum, L.BatchNormalization().epsilon)
print(L.Hashing(3).num_bins, L.StringLookup(vocabulary=["a"]).num_oov_indices, L.MaxPooling2D().pool_size)
print(type(L.Dense(3).kernel_initializer).__name__, L.Dense(3).kernel_regularizer, L.Dense(3).bias_constraint)
print(type(L.Dense(3, kernel_regularizer="l2").kernel_regularizer).__name__)
model = tf.keras.Sequential([tf.keras.Input((4,)), L.Dense(5, activation="tanh", name="hidden")])
copy = tf.keras.models.model_from_json(model.to_json())
print(copy.get_layer("hidden").units, copy.get_layer("hidden").activation.__name__)
show_error("unknown attribute", lambda: L.Dense(3).not_an_argument)
