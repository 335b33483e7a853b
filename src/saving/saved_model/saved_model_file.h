// Reading saved_model.pb (or saved_model.pbtxt) from a SavedModel directory, with TensorFlow's
// messages for a missing directory or file and DataLossError for a damaged one.
#pragma once

#include <string>
#include <string_view>

#include "proto/saved_model.pb.h"

namespace tf::saved_model {

/// Parses the bytes of a binary saved_model.pb; `source` names the file in messages. Throws
/// DataLossError if they do not parse as a SavedModel.
proto::SavedModel parse_saved_model(std::string_view bytes, const std::string& source);

/// Reads `dir`/saved_model.pb, else `dir`/saved_model.pbtxt. Throws NotFoundError for a missing
/// directory or file, InvalidArgumentError for a file over 2 GiB, DataLossError for a damaged one.
proto::SavedModel read_saved_model(const std::string& dir);

}  // namespace tf::saved_model
