// The serialized Event of one summary value, written straight in protobuf's wire format.
#pragma once

#include <cstdint>
#include <string>

#include "tfpp/tensor.h"

namespace tf::summary::detail {

/// Serializes Event{wall_time, step, summary{value{tag, tensor, metadata}}} into `out` with the
/// bytes protobuf writes for that message; `metadata` is a serialized SummaryMetadata, or empty.
void serialize_summary_event(double wall_time, std::int64_t step, const std::string& tag, const Tensor& tensor,
                             const std::string& metadata, std::string& out);

}  // namespace tf::summary::detail
