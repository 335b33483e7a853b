"""Peak RSS of the main job against TensorFlow's: examples/fashion_mnist (tfpp's Keras fit of the
seed's MLP) and the same Keras program on TensorFlow 2.21 (the same files, pixels scaled to
[0, 1] as float32, Reshape 784 -> Dense 100 relu -> Dense 100 relu -> Dense 10, summary, Adam,
sparse categorical crossentropy from logits, accuracy, batch 32, fit, evaluate, 5 predictions),
each under /usr/bin/time -v in its own process. Prints both maxima and tfpp / TensorFlow.

Usage: .venv-ref/bin/python bench/fashion_mnist_peak_rss.py [--build build] [--epochs 5]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

DATA = "/usr/share/datasets/fashion-mnist"

KERAS_PROGRAM = r'''
import gzip, os, sys
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import numpy as np
import keras
epochs = int(sys.argv[1])
def idx(name, offset):
    with gzip.open(os.path.join("%s", name)) as f:
        return np.frombuffer(f.read(), np.uint8, offset=offset)
x_train = idx("train-images-idx3-ubyte.gz", 16).reshape(-1, 28, 28)
y_train = idx("train-labels-idx1-ubyte.gz", 8)
x_test = idx("t10k-images-idx3-ubyte.gz", 16).reshape(-1, 28, 28)
y_test = idx("t10k-labels-idx1-ubyte.gz", 8)
x_train = x_train.astype(np.float32) / 255
x_test = x_test.astype(np.float32) / 255
model = keras.Sequential([keras.Input((28, 28)), keras.layers.Reshape((784,)),
                          keras.layers.Dense(100, activation="relu"), keras.layers.Dense(100, activation="relu"),
                          keras.layers.Dense(10)])
model.summary()
model.compile(optimizer=keras.optimizers.Adam(),
              loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
model.fit(x_train, y_train, batch_size=32, epochs=epochs)
loss, accuracy = model.evaluate(x_test, y_test, verbose=2)
print("Test loss %%.4f, test accuracy %%.4f" %% (loss, accuracy))
print(np.argmax(model.predict(x_test[:5], verbose=0), axis=1))
''' % DATA


def peak_rss_mib(command, log):
    """Runs `command` under /usr/bin/time -v and returns its maximum resident set size in MiB."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as times:
        with open(log, "w") as out:
            subprocess.run(["/usr/bin/time", "-v", "-o", times.name] + command, stdout=out, stderr=subprocess.STDOUT,
                           check=True)
        text = times.read()
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
    if not match:
        sys.exit("no 'Maximum resident set size' in /usr/bin/time's report:\n" + text)
    return int(match.group(1)) / 1024


def accuracy_of(log):
    with open(log) as f:
        found = re.findall(r"test accuracy ([0-9.]+)", f.read())
    return found[-1] if found else "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build", help="tfpp's build directory (with -DTFPP_BUILD_EXAMPLES=ON)")
    parser.add_argument("--epochs", type=int, default=5)
    args = parser.parse_args()
    example = os.path.join(args.build, "examples", "fashion_mnist")
    if not os.path.exists(example):
        sys.exit(example + " is missing: configure with -DTFPP_BUILD_EXAMPLES=ON and build it")
    logs = tempfile.mkdtemp(prefix="fashion_mnist_rss_")
    tfpp_log, keras_log = os.path.join(logs, "tfpp.log"), os.path.join(logs, "keras.log")
    tfpp = peak_rss_mib([example, "--epochs", str(args.epochs)], tfpp_log)
    print("tfpp   examples/fashion_mnist     peak RSS %7.1f MiB  test accuracy %s" % (tfpp, accuracy_of(tfpp_log)),
          flush=True)
    keras = peak_rss_mib([sys.executable, "-c", KERAS_PROGRAM, str(args.epochs)], keras_log)
    print("Keras  3 on TensorFlow 2.21       peak RSS %7.1f MiB  test accuracy %s" % (keras, accuracy_of(keras_log)))
    print("tfpp / TensorFlow: %.3f (the aim: at most 0.5)" % (tfpp / keras))
    print("outputs in " + logs)


if __name__ == "__main__":
    main()
