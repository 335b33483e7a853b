"""model.summary's arguments as Keras 3 takes them: print_fn called once with the whole table,
line_length, positions (fractions of the width), show_trainable's Trainable column (Y, N, - for
layers without weights), expand_nested listing a nested model's layers under it, layer_range
(names or regexes, bounds in either order), and the errors for columns too narrow and bad ranges."""
from harness import show_error, show_error_message, tf

keras = tf.keras

inner = keras.Sequential([keras.layers.Dense(4, name="inner_dense"), keras.layers.Dropout(0.1, name="inner_drop")],
                         name="block")
inputs = keras.Input((3,), name="features")
frozen = keras.layers.Dense(3, name="frozen")
frozen.trainable = False
x = frozen(inputs)
x = inner(x)
model = keras.Model(inputs, keras.layers.Dense(1, name="head")(x), name="nested")

calls = []
model.summary(print_fn=lambda *args, **kwargs: calls.append((len(args), sorted(kwargs))))
print("print_fn calls", calls)


def show(**kwargs):
    print("summary", sorted(kwargs.items()))
    model.summary(print_fn=lambda text: print(text, end=""), **kwargs)


show(show_trainable=True)
show(expand_nested=True)
show(expand_nested=True, show_trainable=True, line_length=76)
show(line_length=70, positions=[0.5, 0.8, 1.0])
show_error("narrow", lambda: model.summary(line_length=10, print_fn=lambda text: None))
show(layer_range=["frozen", "block"])
show(layer_range=("fr.*", "he"), expand_nested=True)
show(layer_range=["head", "froz"])
show_error_message("range unmatched", lambda: model.summary(layer_range=["nothing", "head"], print_fn=lambda text: None))
show_error_message("range length", lambda: model.summary(layer_range=["head"], print_fn=lambda text: None))
show_error_message("range types", lambda: model.summary(layer_range=["head", 3], print_fn=lambda text: None))
