// The default names of metrics: Keras' constructors either default the name to a fixed one or
// leave it None, which gives the metric an auto_name ("precision", then "precision_1", ...).
#pragma once

#include <string>

namespace tf::keras::metrics::naming {

/// `given`, or `fallback` when it is empty.
std::string default_name(const std::string& given, const char* fallback);
/// `given`, or utils::auto_name(`base`) when it is empty.
std::string given_or_auto_name(const std::string& given, const char* base);

}  // namespace tf::keras::metrics::naming
