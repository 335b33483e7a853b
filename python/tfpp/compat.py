"""tf.compat: of TensorFlow's TF1 API (tf.compat.v1), the GraphDef message that tf.summary.graph
takes."""

import sys
import types

from .graph_def import GraphDef

v1 = types.ModuleType("tfpp.compat.v1", "tf.compat.v1: GraphDef.")
v1.GraphDef = GraphDef
sys.modules[__name__ + ".v1"] = v1
