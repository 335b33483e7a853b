// Model::save_weights / load_weights: Keras 3's ".weights.h5" files.
#include "io/atomic_file.h"
#include "keras/saving/file_bytes.h"
#include "keras/saving/h5_file.h"
#include "keras/saving/weights_store.h"
#include "tfpp/errors.h"
#include "tfpp/keras/model.h"

namespace tf::keras {
namespace {

void check_weights_suffix(const std::string& who, const std::string& filepath) {
  constexpr std::string_view kSuffix = ".weights.h5";
  if (filepath.size() < kSuffix.size() || filepath.compare(filepath.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0)
    throw InvalidArgumentError(who + " the filename must end in `.weights.h5`. Received: filepath=" + filepath);
}

}  // namespace

void Model::save_weights(const std::string& filepath) const {
  check_weights_suffix("[save_weights]", filepath);
  saving::detail::H5Writer writer(filepath);
  saving::detail::save_state(*this, writer);
  io::write_file_atomically(filepath, writer.finish(), "[save_weights]");
}

void Model::load_weights(const std::string& filepath, bool skip_mismatch) {
  check_weights_suffix("[load_weights]", filepath);
  const saving::detail::H5Reader reader(saving::detail::read_file_bytes(filepath, "[load_weights]"), filepath);
  saving::detail::load_state(*this, reader, "[load_weights]", skip_mismatch);
}

}  // namespace tf::keras
