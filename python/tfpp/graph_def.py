"""tf.compat.v1.GraphDef: the serializable description of a graph, as TensorFlow's protocol buffer
message (tfpp.protos), for tf.summary.graph.

    graph_def = tf.compat.v1.GraphDef.FromString(serialized)
    tf.summary.graph(graph_def)
"""

from .protos import DecodeError, GraphDef, NodeDef  # noqa: F401
