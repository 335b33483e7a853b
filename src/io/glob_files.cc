#include "io/glob_files.h"

#include <glob.h>

#include <algorithm>

#include "tfpp/errors.h"

namespace tf::io {

std::vector<std::string> glob_files(const std::string& pattern, const std::string& op) {
  std::vector<std::string> names;
  glob_t g{};
  const int rc = ::glob(pattern.c_str(), 0, nullptr, &g);
  if (rc == 0)
    for (std::size_t i = 0; i < g.gl_pathc; ++i) names.emplace_back(g.gl_pathv[i]);
  ::globfree(&g);
  if (rc != 0 && rc != GLOB_NOMATCH) throw InvalidArgumentError("[" + op + "] cannot expand the pattern '" + pattern + "'");
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace tf::io
