#include "keras/metrics/metric_names.h"

#include "tfpp/keras/auto_name.h"

namespace tf::keras::metrics::naming {

std::string default_name(const std::string& given, const char* fallback) { return given.empty() ? fallback : given; }

std::string given_or_auto_name(const std::string& given, const char* base) {
  return given.empty() ? utils::auto_name(base) : given;
}

}  // namespace tf::keras::metrics::naming
