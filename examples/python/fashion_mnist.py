"""Fashion-MNIST with Keras' fit from Python: the main job of examples/fashion_mnist.cc written
against `tf.keras` (the seed's model: Reshape 28·28 -> Dense 100 relu -> Dense 100 relu -> Dense 10,
Adam, SparseCategoricalCrossentropy from logits, accuracy, batch 32, 5 epochs), then evaluate on
the test set and a few predictions with their class names. Runs with tfpp, or with TensorFlow for
comparison:

    .venv-tfpp/bin/python examples/python/fashion_mnist.py [--epochs N]
    .venv-ref/bin/python examples/python/fashion_mnist.py --tensorflow

(.venv-tfpp imports the package built in build/python; scripts/make_python_env.sh makes it.)
"""
import argparse
import importlib
import time

import numpy as np

CLASS_NAMES = ["T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag",
               "Ankle boot"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--tensorflow", action="store_true", help="run with TensorFlow 2.21 instead of tfpp")
    args = parser.parse_args()
    tf = importlib.import_module("tensorflow" if args.tensorflow else "tfpp")

    (x_train, y_train), (x_test, y_test) = tf.keras.datasets.fashion_mnist.load_data()
    x_train = x_train.astype(np.float32) / 255
    x_test = x_test.astype(np.float32) / 255

    model = tf.keras.Sequential([tf.keras.layers.Reshape((28 * 28,), input_shape=(28, 28)),
                                 tf.keras.layers.Dense(100, activation="relu"),
                                 tf.keras.layers.Dense(100, activation="relu"),
                                 tf.keras.layers.Dense(10)])
    model.summary()
    model.compile(optimizer=tf.keras.optimizers.Adam(),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    start, cpu_start = time.perf_counter(), time.process_time()
    model.fit(x_train, y_train, batch_size=32, epochs=args.epochs)
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
    print("fit: %d epochs in %.2f s (%.3f epochs/s), CPU %.2f s" % (args.epochs, seconds, args.epochs / seconds,
                                                                    cpu_seconds))

    loss, accuracy = model.evaluate(x_test, y_test, verbose=2)
    print("Test loss %.4f, test accuracy %.4f" % (loss, accuracy))

    guesses = np.argmax(model.predict(x_test[:5], verbose=0), axis=1)
    for i, (guess, label) in enumerate(zip(guesses, y_test[:5])):
        print("test image %d: predicted %-11s  true %s" % (i, CLASS_NAMES[guess], CLASS_NAMES[label]))


if __name__ == "__main__":
    main()
