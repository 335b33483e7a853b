"""Dataset.window from Python, as TensorFlow's tf.data guide uses it for time series: windows as
datasets (DatasetSpec), flat_map(lambda w: w.batch(n)), shift, stride, drop_remainder,
structured elements (a window per component), windows inside tf.function and the errors."""
from harness import show_error, tf

windows = tf.data.Dataset.range(7).window(3, shift=2)
print(windows)
print(windows.element_spec)
for window in windows:
    print(window, list(window.as_numpy_iterator()))
print(list(windows.flat_map(lambda window: window.batch(3)).as_numpy_iterator()))

# The guide's sliding windows of a time series: features are a window, labels the next step.
series = tf.data.Dataset.range(12)
batches = series.window(5, shift=1, drop_remainder=True).flat_map(lambda window: window.batch(5))
print(batches.cardinality().numpy())
print(list(batches.map(lambda window: (window[:-1], window[-1:])).take(3).as_numpy_iterator()))
print(list(series.window(3, shift=1, stride=3, drop_remainder=True).flat_map(lambda w: w.batch(3))
           .as_numpy_iterator()))

pairs = tf.data.Dataset.from_tensor_slices(({"a": [1, 2, 3, 4, 5]}, [[5.0], [6.0], [7.0], [8.0], [9.0]]))
structured = pairs.window(2, drop_remainder=True)
print(structured.element_spec)
for features, labels in structured:
    print(list(features["a"].as_numpy_iterator()), list(labels.as_numpy_iterator()))
zipped = structured.flat_map(lambda features, labels: tf.data.Dataset.zip((features["a"].batch(2), labels.batch(2))))
print(zipped.element_spec)
print(list(zipped.as_numpy_iterator()))
print(list(tf.data.Dataset.range(4).window(2).map(lambda w: w.reduce(tf.constant(0, tf.int64), lambda s, x: s + x))
           .as_numpy_iterator()))


@tf.function
def window_sums(n):
    return tf.data.Dataset.range(n).window(3).reduce(
        tf.constant(0, tf.int64), lambda total, w: total + w.reduce(tf.constant(0, tf.int64), lambda s, x: s + x * x))


print(window_sums(tf.constant(5, tf.int64)).numpy(), window_sums(tf.constant(7, tf.int64)).numpy())
show_error("size 0", lambda: list(tf.data.Dataset.range(3).window(0)))
show_error("shift -1", lambda: list(tf.data.Dataset.range(3).window(2, shift=-1)))
