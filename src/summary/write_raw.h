// tf.summary.write's general form for front ends (the Python tf.summary.write): the tag is used as
// given and the metadata comes serialized, so callers need neither name scopes nor protobuf classes.
#pragma once

#include <string>

#include "tfpp/summary.h"

namespace tf::summary::detail {

/// Queues `tensor` under `tag` (no name-scope prefix, as tf.summary.write) with serialized
/// SummaryMetadata on the default writer if should_record_summaries(); returns whether it did.
/// `step` or else the default step must be defined (InvalidArgumentError if not).
bool write_raw(const std::string& tag, const Tensor& tensor, const Step& step, const std::string& metadata);

}  // namespace tf::summary::detail
