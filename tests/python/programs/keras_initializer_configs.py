"""Keras initializers' configs as Keras 3 writes them: get_config (the seed first), serialize and
keras.utils.serialize_keras_object ({"module", "class_name", "config", "registered_name"}) of the
built-in classes and of a program's own classes, registered or not; deserialize and get of each
form (a registered class found by its registered name) and clone."""
from harness import tf

keras = tf.keras
I = keras.initializers

for init in (I.GlorotUniform(seed=1), I.Zeros(), I.Constant(2.0), I.RandomNormal(0.0, 2.0), I.Orthogonal(),
             I.he_normal(), I.STFT(), I.TruncatedNormal(seed=2), I.RandomUniform(maxval=2.0), I.LecunUniform(),
             I.VarianceScaling(seed=4), I.Identity()):
    print(type(init).__name__, init.get_config())
    print(" ", I.serialize(init))
    print(" ", keras.utils.serialize_keras_object(init) == I.serialize(init))


class Mine(keras.initializers.Initializer):
    def __call__(self, shape, dtype=None):
        return tf.zeros(shape)


@keras.utils.register_keras_serializable("pkg")
class Registered(keras.initializers.Initializer):
    def __init__(self, scale=1.0):
        self.scale = scale

    def __call__(self, shape, dtype=None):
        return tf.fill(shape, self.scale)

    def get_config(self):
        return {"scale": self.scale}


print(I.serialize(Mine()), Mine().get_config(), keras.utils.serialize_keras_object(Mine()))
print(I.serialize(Registered(2.0)), keras.utils.serialize_keras_object(Registered(3.0)))
restored = I.deserialize(I.serialize(Registered(2.0)))
print(type(restored).__name__, restored.get_config(), restored((2,)))
print(type(I.deserialize(I.serialize(Mine()), custom_objects={"Mine": Mine})).__name__)
print(I.Initializer().get_config(), type(I.Initializer.from_config({})).__name__)
print(I.get("glorot_uniform").get_config(), type(I.get(I.serialize(I.Zeros()))).__name__)
print(I.GlorotUniform.from_config({"seed": 3}).get_config(), I.Constant(2.0).clone().get_config())
clone = I.RandomNormal(stddev=3.0, seed=5).clone()
print(type(clone).__name__, clone.get_config())
