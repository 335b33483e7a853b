"""Reads the event files tfpp wrote with TensorBoard's own event processing, writes the same
summaries with TensorFlow 2.21, and compares them tag by tag. Prints one line per problem, then
"OK" if there was none.

Usage: compare_with_tensorflow.py TFPP_LOGDIR SCRATCH_DIR [subset]
With "subset", tfpp may have written only some of the tags; those must match.
The data below must stay the same as tests/summary/summary_test.cc's.
"""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np
import tensorflow as tf
from tensorboard.backend.event_processing import event_accumulator
from tensorboard.compat.proto import config_pb2


def histogram_data(step):
    return (np.arange(1500, dtype=np.float64).reshape(50, 30) % (37 + step)) / 7.0 - 2.0


def image_data():
    x = np.arange(2 * 4 * 5 * 3, dtype=np.float32).reshape(2, 4, 5, 3)
    return (x / x.max() * 1.2 - 0.1).astype(np.float32)


def gray_data():
    return (np.arange(3 * 2 * 3) % 7 / 6.0).reshape(3, 2, 3, 1).astype(np.float32)


def rgba_data():
    return (np.arange(16) / 15.0).reshape(1, 2, 2, 4).astype(np.float32)


def byte_data():
    return (np.arange(2 * 3 * 2 * 3) * 11 % 256).reshape(2, 3, 2, 3).astype(np.uint8)


def int32_image_data():
    return np.array([-2**31, -1, 0, 2**23 - 1, 2**23, 2**30, 2**31 - 1, 12345678], np.int32).reshape(1, 2, 4, 1)


def audio_data():
    t = np.arange(100, dtype=np.float32) / 8000.0
    return np.sin(2 * np.pi * 440 * t).reshape(1, 100, 1).astype(np.float32)


def write_reference(logdir):
    writer = tf.summary.create_file_writer(logdir)
    with writer.as_default():
        for step in range(3):
            tf.summary.scalar("loss", 0.5 * step + 0.25, step=step)
            tf.summary.histogram("weights", histogram_data(step), step=step)
        with tf.name_scope("train"):
            tf.summary.scalar("accuracy", 0.75, step=7)
        tf.summary.histogram("constant", np.full([6], 3.5), step=0)
        tf.summary.histogram("empty", np.zeros([0]), step=0)
        tf.summary.text("notes", "hello **world**", step=1)
        tf.summary.image("pictures", image_data(), step=2, max_outputs=1)
        tf.summary.audio("sound", audio_data(), 8000, step=3)
        tf.summary.image("gray", gray_data(), step=4, max_outputs=2)
        tf.summary.image("rgba", rgba_data(), step=5)
        tf.summary.image("bytes", byte_data(), step=5, max_outputs=2)
        tf.summary.image("int32", int32_image_data(), step=5)
        tf.summary.histogram("byte_values", byte_data(), step=5)
        tf.summary.write("raw", tf.constant([[1, 2], [3, 4]]), step=6)
    writer.close()


def load(logdir):
    acc = event_accumulator.EventAccumulator(logdir, size_guidance={event_accumulator.TENSORS: 0})
    acc.Reload()
    return acc


def main(tfpp_dir, scratch, subset=False):
    ref_dir = os.path.join(scratch, "tensorflow")
    write_reference(ref_dir)
    ours, ref = load(tfpp_dir), load(ref_dir)
    problems = []
    ours_tags, ref_tags = set(ours.Tags()["tensors"]), set(ref.Tags()["tensors"])
    if (ours_tags - {"func2"} - ref_tags) if subset else (ours_tags - {"func2"} != ref_tags):
        problems.append(f"tags differ: tfpp {sorted(ours_tags)}, tensorflow {sorted(ref_tags)}")
    for tag in sorted(ref_tags & ours_tags):
        a, b = ours.Tensors(tag), ref.Tensors(tag)
        if [e.step for e in a] != [e.step for e in b]:
            problems.append(f"{tag}: steps {[e.step for e in a]} vs {[e.step for e in b]}")
            continue
        # a tensor written without metadata has none (TensorBoard: "oddly not associated with a plugin")
        mine, theirs = (acc.summary_metadata.get(tag) for acc in (ours, ref))
        if (mine and mine.plugin_data) != (theirs and theirs.plugin_data):
            problems.append(f"{tag}: plugin data {mine and mine.plugin_data} vs {theirs and theirs.plugin_data}")
        for x, y in zip(a, b):
            u, v = tf.make_ndarray(x.tensor_proto), tf.make_ndarray(y.tensor_proto)
            if u.dtype != v.dtype or u.shape != v.shape:
                problems.append(f"{tag} step {x.step}: {u.dtype}{u.shape} vs {v.dtype}{v.shape}")
            elif tag in ("pictures", "gray", "rgba", "bytes", "int32"):  # compare decoded pixels, not PNG bytes (encoder settings differ)
                if list(u[:2]) != list(v[:2]):
                    problems.append(f"{tag}: size {u[:2]} vs {v[:2]}")
                for p, q in zip(u[2:], v[2:]):
                    if not np.array_equal(tf.io.decode_png(p).numpy(), tf.io.decode_png(q).numpy()):
                        problems.append(f"{tag}: decoded pixels differ")
            elif tag == "sound":
                for p, q in zip(u[:, 0], v[:, 0]):
                    if not np.array_equal(tf.audio.decode_wav(p)[0].numpy(), tf.audio.decode_wav(q)[0].numpy()):
                        problems.append(f"{tag}: decoded samples differ")
            elif u.dtype.kind == "f":
                if not np.allclose(u, v, rtol=1e-12, atol=0):
                    problems.append(f"{tag} step {x.step}: values {u} vs {v}")
            elif not np.array_equal(u, v):
                problems.append(f"{tag} step {x.step}: values {u} vs {v}")
    if "func2" in ours_tags:  # the graph dashboard's view of tfpp's trace
        event = ours.Tensors("func2")[0]
        run_metadata = config_pb2.RunMetadata.FromString(tf.make_ndarray(event.tensor_proto).item())
        nodes = [n for g in run_metadata.function_graphs for n in g.pre_optimization_graph.node]
        print("GRAPH", event.step, ours.SummaryMetadata("func2").plugin_data.plugin_name,
              " ".join(f"{n.name}:{n.op}" for n in nodes))
    for p in problems:
        print(p)
    print("OK" if not problems else "FAILED")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], len(sys.argv) > 3 and sys.argv[3] == "subset")
