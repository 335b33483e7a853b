// Dataset::list_files: glob patterns into a dataset of file names.
#include <algorithm>

#include "io/glob_files.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/data/dataset.h"

namespace tf::data {

Dataset Dataset::list_files(const std::vector<std::string>& file_patterns, bool shuffle,
                            std::optional<std::uint64_t> seed) {
  std::vector<std::string> names;
  for (const std::string& pattern : file_patterns) {
    const std::vector<std::string> matched = io::glob_files(pattern, "Dataset.list_files");
    names.insert(names.end(), matched.begin(), matched.end());
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
