// keras.backend.get_uid: the count of objects named after a prefix.
#pragma once

#include <string>

namespace tf::keras::utils {

/// Counts one more object named after `prefix` and returns the count (1 the first time); shares
/// auto_name's counts (auto_name.h), which clear_session resets.
int get_uid(const std::string& prefix);

}  // namespace tf::keras::utils
