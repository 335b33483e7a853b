"""Dataset.rejection_resample and tf.data.experimental.rejection_resample: the (class, element)
pairs' element_spec and dataset classes, the deterministic cases (a target equal to the initial
distribution keeps every element, a target of one class keeps exactly that class), the class
proportions after resampling with an initial distribution given, estimated while streaming, for
tuple and dict elements (with a seed, TensorFlow's draws: the same classes in the same order);
errors of a class_func that does not give an integer class."""
import numpy as np

from harness import show_error, tf

labels = np.random.RandomState(0).choice(3, size=6000, p=[0.6, 0.3, 0.1])
counts = np.bincount(labels).tolist()
print("input counts:", counts)
dataset = tf.data.Dataset.from_tensor_slices(labels)


def to_class(x):
    return tf.cast(x, tf.int32)


def one_pass(ds, num_classes=3):
    """The classes, their proportions and the elements of one pass over `ds`."""
    pairs = list(ds.as_numpy_iterator())
    classes = [int(c) for c, _ in pairs]
    return classes, np.bincount(classes, minlength=num_classes) / len(classes), [element for _, element in pairs]


def counts_of(classes):
    return len(classes), np.bincount(classes).tolist(), classes[:20]


def near(actual, target, tolerance=0.05):
    return [bool(abs(a - t) < tolerance) for a, t in zip(actual, target)]


# A target equal to the initial distribution: every element, in order.
same = dataset.rejection_resample(to_class, target_dist=[0.6, 0.3, 0.1], initial_dist=[0.6, 0.3, 0.1], seed=1)
print(type(same).__name__, same.element_spec)
print("cardinality:", same.cardinality().numpy())
pairs = list(same.take(5).as_numpy_iterator())
print("first pairs:", [(int(c), int(x)) for c, x in pairs])
classes, _, _ = one_pass(same)
print("all kept in order:", classes == labels.tolist())

# A target of one class: exactly that class's elements.
only_first = dataset.rejection_resample(to_class, target_dist=[1.0, 0.0, 0.0], initial_dist=[0.6, 0.3, 0.1])
print(type(only_first).__name__, only_first.cardinality().numpy())
classes, _, _ = one_pass(only_first)
print("only class 0:", len(classes) == counts[0], set(classes))

# Resampling with a given initial distribution: rejection mixed with the original data.
target = [1 / 3, 1 / 3, 1 / 3]
uniform = dataset.rejection_resample(to_class, target_dist=target, initial_dist=[0.6, 0.3, 0.1], seed=7)
print(type(uniform).__name__, uniform.element_spec)
print("cardinality:", uniform.cardinality().numpy())
classes, fractions, elements = one_pass(uniform)
print("uniform target within 0.05:", near(fractions, target), counts_of(classes))
print("elements match their classes:", all(c == int(x) for c, x in zip(classes, elements)))

skewed = [0.1, 0.2, 0.7]
classes, fractions, _ = one_pass(dataset.rejection_resample(to_class, skewed, [0.6, 0.3, 0.1], seed=2))
print("skewed target within 0.05:", near(fractions, skewed), counts_of(classes))

# Without an initial distribution it is estimated while streaming.
estimated = dataset.rejection_resample(to_class, target_dist=target, seed=3)
print(type(estimated).__name__, estimated.cardinality().numpy())
classes, fractions, _ = one_pass(estimated)
print("estimated initial within 0.06:", near(fractions, target, 0.06), counts_of(classes))

# The transformation for Dataset.apply, over tuple elements: the element keeps its tuple.
pairs_ds = tf.data.Dataset.from_tensor_slices((labels, labels * 10.0))
applied = pairs_ds.apply(tf.data.experimental.rejection_resample(lambda label, value: to_class(label),
                                                                  target_dist=[0.2, 0.4, 0.4], seed=5))
print(type(applied).__name__, applied.element_spec)
classes, fractions, elements = one_pass(applied)
print("tuple elements agree:", all(c == a and b == 10.0 * a for c, (a, b) in zip(classes, elements)))
print("apply within 0.06:", near(fractions, [0.2, 0.4, 0.4], 0.06), counts_of(classes))

# Dict elements and a two-class float64 target.
binary = tf.data.Dataset.from_tensor_slices({"label": labels % 2, "id": np.arange(6000)})
resampled = binary.rejection_resample(lambda e: tf.cast(e["label"], tf.int32),
                                      target_dist=tf.constant([0.5, 0.5], tf.float64), initial_dist=[0.7, 0.3])
print(resampled.element_spec)
classes, fractions, _ = one_pass(resampled, 2)
print("dict elements within 0.05:", near(fractions, [0.5, 0.5]))

show_error("a float class", lambda: dataset.rejection_resample(lambda x: tf.cast(x, tf.float32), target_dist=target,
                                                               initial_dist=[0.6, 0.3, 0.1]))
show_error("a string target", lambda: dataset.rejection_resample(to_class, target_dist=["a", "b", "c"]))
