// Dataset::list_files: glob patterns into a dataset of file names.
#include <glob.h>

#include <algorithm>

#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/data/dataset.h"

namespace tf::data {

Dataset Dataset::list_files(const std::vector<std::string>& file_patterns, bool shuffle,
                            std::optional<std::uint64_t> seed) {
  std::vector<std::string> names;
  for (const std::string& pattern : file_patterns) {
    glob_t g{};
    const int rc = ::glob(pattern.c_str(), 0, nullptr, &g);
    if (rc == 0)
      for (std::size_t i = 0; i < g.gl_pathc; ++i) names.emplace_back(g.gl_pathv[i]);
    ::globfree(&g);
    if (rc != 0 && rc != GLOB_NOMATCH)
      throw InvalidArgumentError("[Dataset.list_files] cannot expand the pattern '" + pattern + "'");
  }
  if (names.empty()) {
    std::string all;
    for (const std::string& p : file_patterns) all += (all.empty() ? "" : ", ") + p;
    throw InvalidArgumentError("[Dataset.list_files] No files matched pattern: " + all);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  Dataset ds = from_tensor_slices(constant(names));
  if (!shuffle) return ds;
  return ds.shuffle(static_cast<std::int64_t>(names.size()), {.seed = seed});
}

Dataset Dataset::list_files(const std::string& file_pattern, bool shuffle, std::optional<std::uint64_t> seed) {
  return list_files(std::vector<std::string>{file_pattern}, shuffle, seed);
}

}  // namespace tf::data
