"""Writes with TensorFlow 2.21 what tests/summary/raw_summary_test.cc writes with tfpp (raw Summary
protos eagerly and from a tf.function, and a GraphDef), reads both folders with TensorFlow's own
event reader (tf.compat.v1.train.summary_iterator) and prints their events, one line each:

  raw_summaries.py TFPP_LOGDIR SCRATCH_DIR
prints "== tfpp", tfpp's events, "== tensorflow", TensorFlow's (wall times left out).
"""
import glob
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf

Summary = tf.compat.v1.Summary


def scalar(tag, value):
    return Summary(value=[Summary.Value(tag=tag, simple_value=value)]).SerializeToString()


def histogram():
    histo = tf.compat.v1.HistogramProto(min=0, max=1, num=2, sum=1, sum_squares=1, bucket_limit=[0.5, 1], bucket=[1, 1])
    return Summary(value=[Summary.Value(tag="h", histo=histo)]).SerializeToString()


def graph_def():
    graph = tf.compat.v1.GraphDef()
    graph.node.add(name="a", op="Const")
    graph.node.add(name="b", op="Identity", input=["a"])
    return graph


def write_with_tensorflow(logdir):
    writer = tf.summary.create_file_writer(logdir)
    step = tf.Variable(10, dtype=tf.int64)

    @tf.function
    def traced(serialized):
        tf.summary.experimental.write_raw_pb(serialized, step=step)
        step.assign_add(1)

    with writer.as_default():
        tf.summary.experimental.write_raw_pb(scalar("a", 1.5), step=1)
        tf.summary.experimental.write_raw_pb([scalar("b", -2.0), histogram()], step=2)
        tf.summary.experimental.write_raw_pb(tf.zeros([0], tf.string), step=3)
        for value in (10.0, 11.0):
            traced(tf.constant(scalar("t", value)))
        tf.summary.graph(graph_def())
    writer.close()


def events(logdir):
    lines = []
    for path in sorted(glob.glob(os.path.join(logdir, "events.out.tfevents.*"))):
        for event in tf.compat.v1.train.summary_iterator(path):
            if event.file_version:
                lines.append(f"file_version {event.file_version}")
            elif event.graph_def:
                nodes = tf.compat.v1.GraphDef.FromString(event.graph_def).node
                lines.append(f"{event.step} graph {[(n.name, n.op, list(n.input)) for n in nodes]}")
            else:
                lines.append(f"{event.step} {event.HasField('summary')} " + " ".join(str(event.summary).split()))
    return lines


def main(tfpp_dir, scratch):
    ref_dir = os.path.join(scratch, "tensorflow")
    write_with_tensorflow(ref_dir)
    for side, logdir in (("tfpp", tfpp_dir), ("tensorflow", ref_dir)):
        print("== " + side)
        print("\n".join(events(logdir)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
