"""Writes SavedModels with TensorFlow 2.21 and what its saved_model_cli prints for them, for
check_saved_model_cli.sh. Usage: python saved_model_cli_reference.py WORK_DIR

WORK_DIR/models/<name>: mlp, control (tf.cond + tf.while_loop), keras_dense (Keras 3 export),
identity (one identity signature per dtype .npy files hold).
WORK_DIR/expected/<name>.<mode>: saved_model_cli show's output per mode (tags, keys, signature,
all; the set of ops sorted, as Python prints a set in hash order).
WORK_DIR/inputs/*.npy and WORK_DIR/expected/run_<name>.txt + run_<name>/: saved_model_cli run."""
import contextlib
import io
import os
import re
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np
import tensorflow as tf
from tensorflow.python.tools import saved_model_cli as cli

work = sys.argv[1]
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "saving"))
import make_saved_models  # noqa: E402

models, expected, inputs = (os.path.join(work, d) for d in ("models", "expected", "inputs"))
for d in (models, expected, inputs):
    os.makedirs(d, exist_ok=True)

make_saved_models.mlp(os.path.join(models, "mlp"))
make_saved_models.control(os.path.join(models, "control"))
make_saved_models.keras_dense(os.path.join(models, "keras_dense"))


class Identity(tf.Module):
    pass


ident = Identity()
signatures = {}
for dtype in (tf.float32, tf.float64, tf.int32, tf.int64, tf.bool):
    fn = tf.function(lambda x: {"y": tf.identity(x)}, input_signature=[tf.TensorSpec(None, dtype, name="x")])
    setattr(ident, dtype.name, fn)
    signatures[dtype.name] = fn.get_concrete_function()
tf.saved_model.save(ident, os.path.join(models, "identity"), signatures=signatures)


def sorted_ops(text):
    return re.sub(r"contains the following ops: \{(.*)\}",
                  lambda m: "contains the following ops: {" + ", ".join(sorted(m.group(1).split(", "))) + "}", text)


def capture(fn, *args):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn(*args)
    return out.getvalue()


for name in ("mlp", "control", "keras_dense", "identity"):
    d = os.path.join(models, name)
    sig = "serve" if name == "keras_dense" else ("int64" if name == "identity" else "serving_default")
    outputs = {
        "tags": capture(cli._show_tag_sets, d),
        "keys": capture(cli._show_signature_def_map_keys, d, "serve"),
        "signature": capture(cli._show_inputs_outputs, d, "serve", sig),
        "all": sorted_ops(capture(cli._show_all, d)),
    }
    for mode, text in outputs.items():
        with open(os.path.join(expected, name + "." + mode), "w") as f:
            f.write(text)

# Inputs for run, and saved_model_cli run's output (the outdir written as OUTDIR).
x = make_saved_models.inputs([5, 3])
np.save(os.path.join(inputs, "mlp_x.npy"), x)
np.save(os.path.join(inputs, "control_n.npy"), np.int64(3))  # fed to an int32 input: converted
np.save(os.path.join(inputs, "control_x.npy"), np.linspace(-1, 2, 7).astype(np.float64))  # float64 -> float32
runs = {"mlp": ("serving_default", "x=" + os.path.join(inputs, "mlp_x.npy")),
        "control": ("serving_default", "n=" + os.path.join(inputs, "control_n.npy") + ";x=" + os.path.join(inputs, "control_x.npy"))}
for name, (sig, spec) in runs.items():
    feed = cli.load_inputs_from_input_arg_string(spec, "", "")
    outdir = os.path.join(expected, "run_" + name)
    text = capture(cli.run_saved_model_with_feed_dict, os.path.join(models, name), "serve", sig, feed, outdir, True)
    with open(os.path.join(expected, "run_" + name + ".txt"), "w") as f:
        f.write(text.replace(outdir, "OUTDIR"))

# .npy variants np.save / np.lib.format write: each dtype, Fortran order, big-endian, versions 2.0 and 3.0.
rng = np.random.default_rng(5)
variants = {
    "float32": rng.standard_normal([3, 4]).astype(np.float32),
    "float64": rng.standard_normal([2, 3, 2]),
    "int32": np.arange(-5, 7, dtype=np.int32).reshape(3, 4),
    "int64": np.array([2**40, -3, 0, 7], dtype=np.int64),
    "bool": np.array([[True, False, True], [False, False, True]]),
    "scalar": np.float32(2.5),
    "empty": np.zeros([0, 3], np.float32),
    "fortran": np.asfortranarray(np.arange(24, dtype=np.float32).reshape(2, 3, 4)),
    "bigendian": np.arange(6, dtype=">i4").reshape(2, 3),
}
for key, value in variants.items():
    np.save(os.path.join(inputs, "v_" + key + ".npy"), value)
for version in ((2, 0), (3, 0)):
    with open(os.path.join(inputs, "v_version%d.npy" % version[0]), "wb") as f:
        np.lib.format.write_array(f, variants["float64"], version=version)
