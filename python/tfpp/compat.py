"""tf.compat: of TensorFlow's TF1 API (tf.compat.v1), the protocol-buffer messages of event files
(Event, Summary, ...), tf.compat.v1.train.summary_iterator that reads them, and the GraphDef
message that tf.summary.graph takes; tf.compat.dimension_value and tf.compat.dimension_at_index, and
tf.compat.v1.Dimension, what TensorShape.dims lists."""

import sys
import types

from . import protos
from .data.readers import TFRecordDatasetV2
from . import tensor_shape as _tensor_shape
from .tensor_shape import dimension_at_index, dimension_value


def summary_iterator(path):
    """The Event messages of the event file at `path`, in order."""
    for record in TFRecordDatasetV2(path):
        yield protos.Event.FromString(record.numpy())


class _V1(types.ModuleType):
    """tf.compat.v1, whose message classes come from tfpp.protos when first used."""

    _MESSAGES = ("Event", "SessionLog", "Summary", "SummaryMetadata", "HistogramProto", "TensorProto", "GraphDef",
                 "NodeDef", "AttrValue")

    def __getattr__(self, name):
        if name not in self._MESSAGES:
            raise AttributeError("module 'tfpp.compat.v1' has no attribute %r" % name)
        return getattr(protos, name)


v1 = _V1("tfpp.compat.v1", "tf.compat.v1: event-file messages and GraphDef.")
v1.Dimension, v1.TensorShape = _tensor_shape.Dimension, _tensor_shape.TensorShape
v1.dimension_value, v1.dimension_at_index = dimension_value, dimension_at_index
v1.train = types.ModuleType("tfpp.compat.v1.train", "tf.compat.v1.train: reading event files.")
v1.train.summary_iterator = summary_iterator
sys.modules[__name__ + ".v1"] = v1
sys.modules[__name__ + ".v1.train"] = v1.train
