"""TensorFlow's "Introduction to modules" guide as a program: tf.Module's variables and submodules,
a module built on first call, checkpoints and a SavedModel of a module with a tf.function; and names
under tf.name_scope: a module's name_scope (the full scope it was made in, entered wherever its
methods run, Module.with_name_scope), variables named under the current scope, inside tf.function
too, and a name copied from another variable keeping its ":0"."""
import os
import tempfile

from harness import tf


class SimpleModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.a_variable = tf.Variable(5.0, name="train_me")
        self.non_trainable_variable = tf.Variable(5.0, trainable=False, name="do_not_train_me")

    def __call__(self, x):
        return self.a_variable * x + self.non_trainable_variable


simple_module = SimpleModule(name="simple")
print(simple_module(tf.constant(5.0)))
print("trainable variables:", simple_module.trainable_variables)
print("all variables:", simple_module.variables)


class Dense(tf.Module):
    def __init__(self, in_features, out_features, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.ones([in_features, out_features]), name="w")
        self.b = tf.Variable(tf.zeros([out_features]), name="b")

    def __call__(self, x):
        return tf.nn.relu(tf.matmul(x, self.w) + self.b)


class SequentialModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense(in_features=3, out_features=3)
        self.dense_2 = Dense(in_features=3, out_features=2)

    @tf.function
    def __call__(self, x):
        return self.dense_2(self.dense_1(x))


my_model = SequentialModule(name="the_model")
print("Model results:", my_model(tf.constant([[2.0, 2.0, 2.0]])))
print("Submodules:", [type(m).__name__ + " " + m.name for m in my_model.submodules])
for var in my_model.variables:
    print(var)


class FlexibleDenseModule(tf.Module):
    def __init__(self, out_features, name=None):
        super().__init__(name=name)
        self.is_built = False
        self.out_features = out_features

    def __call__(self, x):
        if not self.is_built:
            self.w = tf.Variable(tf.ones([x.shape[-1], self.out_features]), name="w")
            self.b = tf.Variable(tf.zeros([self.out_features]), name="b")
            self.is_built = True
        return tf.nn.relu(tf.matmul(x, self.w) + self.b)


flexible = FlexibleDenseModule(3)
print(flexible(tf.ones([1, 4])), [v.name for v in flexible.variables])

directory = tempfile.mkdtemp()
path = os.path.join(directory, "my_checkpoint")
checkpoint = tf.train.Checkpoint(model=my_model)
print(os.path.basename(checkpoint.write(path)))
print(sorted(name for name, _ in tf.train.list_variables(path)))
restored = SequentialModule()
status = tf.train.Checkpoint(model=restored).restore(path)
print(type(status).__name__, restored(tf.constant([[2.0, 2.0, 2.0]])))
tf.saved_model.save(my_model, os.path.join(directory, "saved"))
loaded = tf.saved_model.load(os.path.join(directory, "saved"))
print(isinstance(loaded, SequentialModule), loaded([[2.0, 2.0, 2.0]]))

with tf.name_scope("outer"):
    scoped = SimpleModule()
print(scoped.name, scoped.name_scope.name, scoped.a_variable.name, scoped.non_trainable_variable.name)
with tf.name_scope("a"):
    print(tf.Variable(1.0).name, tf.Variable(1.0, name="b").name)
    with tf.name_scope("c"):
        print(tf.Variable(1.0, name="d:0").name, tf.Variable(1.0, name=scoped.a_variable.name).name)


class Scoped(tf.Module):
    @tf.Module.with_name_scope
    def __call__(self, x):
        return tf.identity(x, name="out")


with tf.name_scope("deep"):
    inner = Scoped(name="inner")
made_in_function = []


@tf.function
def run(x):
    with tf.name_scope("elsewhere"):
        y = inner(x)
    print("traced", y.name, inner.name_scope.name)
    if not made_in_function:
        with tf.name_scope("inside"):
            made_in_function.append(tf.Variable(2.0, name="w"))
        made_in_function.append(tf.Variable(3.0, name="z"))
    return y + made_in_function[0]


print(run(tf.constant(1.0)).numpy(), [v.name for v in made_in_function])
