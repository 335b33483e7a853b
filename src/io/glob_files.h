// File-name patterns (*, ?, [...]) expanded on the local file system, for MatchingFiles and
// Dataset::list_files.
#pragma once

#include <string>
#include <vector>

namespace tf::io {

/// The paths matching `pattern`, sorted (none when nothing matches); throws InvalidArgumentError
/// naming `op` when the pattern cannot be expanded.
std::vector<std::string> glob_files(const std::string& pattern, const std::string& op);

}  // namespace tf::io
