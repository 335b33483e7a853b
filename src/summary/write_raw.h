// The general forms of summaries for front ends (the Python tf.summary.write, write_raw_pb and graph of
// a GraphDef message): tags are used as given and messages come serialized, so callers need neither
// name scopes nor protobuf classes.
#pragma once

#include <string>

#include "tfpp/summary.h"

namespace tf::summary::detail {

/// Queues `tensor` under `tag` (no name-scope prefix, as tf.summary.write) with serialized
/// SummaryMetadata on the default writer if should_record_summaries(); returns whether it did.
/// `step` or else the default step must be defined (InvalidArgumentError if not).
bool write_raw(const std::string& tag, const Tensor& tensor, const Step& step, const std::string& metadata);

/// Queues the Values of the serialized Summary protos in a string tensor (any shape) as one event
/// on the default writer if should_record_summaries() (tf.summary.experimental.write_raw_pb, by the
/// WriteRawProtoSummary op); returns whether it did. Needs a step as write_raw does.
bool write_raw_proto(const Tensor& serialized_summaries, const Step& step);

/// Writes a serialized GraphDef as an event at step 0 on the default writer if
/// should_record_summaries() (tf.summary.graph of a GraphDef message; eager only, as graph()):
/// DataLossError if it is not a GraphDef. Returns whether it wrote.
bool write_graph_def(const std::string& serialized_graph_def);

}  // namespace tf::summary::detail
