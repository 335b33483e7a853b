#include "saving/saved_model/export_directory.h"

#include <fcntl.h>
#include <stdio.h>  // renameat2
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>

#include "io/errno_error.h"
#include "tfpp/errors.h"

namespace tf::saving {
namespace {

namespace fs = std::filesystem;

// What a SavedModel directory holds (python/saved_model/constants.py).
bool is_saved_model_entry(const std::string& name) {
  static const std::set<std::string> names{"saved_model.pb", "saved_model.pbtxt", "saved_model.cpb", "variables", "assets",
                                           "assets.extra", "fingerprint.pb", "keras_metadata.pb", "debug"};
  return names.contains(name);
}

[[noreturn]] void fail_errno(int err, const std::string& what) { io::throw_errno_error(err, what + ": " + std::strerror(err)); }

void sync_directory(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) fail_errno(errno, "[saved_model] cannot open directory " + path);
  const int rc = ::fsync(fd);
  const int err = errno;
  ::close(fd);
  if (rc != 0) throw DataLossError("[saved_model] cannot sync directory " + path + ": " + std::strerror(err));
}

std::string parent_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

}  // namespace

ExportDirectory::ExportDirectory(std::string target) : target_(std::move(target)) {
  while (target_.size() > 1 && target_.back() == '/') target_.pop_back();
  if (target_.empty()) throw InvalidArgumentError("[saved_model] the export directory is empty");
  std::error_code ec;
  if (fs::exists(target_, ec)) {
    if (!fs::is_directory(target_)) throw FailedPreconditionError("[saved_model] " + target_ + " exists and is not a directory");
    for (const auto& entry : fs::directory_iterator(target_))
      if (!is_saved_model_entry(entry.path().filename().string()))
        throw FailedPreconditionError("[saved_model] " + target_ + " holds " + entry.path().filename().string() +
                                      ", which is not part of a SavedModel; choose an empty or new directory");
  }
  fs::create_directories(parent_of(target_));
  static std::atomic<int> counter{0};
  temp_ = target_ + ".saving-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  fs::remove_all(temp_);
  fs::create_directories(temp_ + "/variables");
  fs::create_directories(temp_ + "/assets");
}

ExportDirectory::~ExportDirectory() {
  if (committed_) return;
  std::error_code ec;
  fs::remove_all(temp_, ec);
}

void ExportDirectory::commit() {
  sync_directory(temp_ + "/variables");
  sync_directory(temp_ + "/assets");
  sync_directory(temp_);
  std::error_code ec;
  if (fs::exists(target_, ec)) {
    // Swap the two directories in one step, then remove the old model (now under the temporary name).
    if (::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) != 0)
      fail_errno(errno, "[saved_model] cannot replace " + target_);
    committed_ = true;
    fs::remove_all(temp_, ec);
  } else {
    if (::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, target_.c_str(), RENAME_NOREPLACE) != 0)
      fail_errno(errno, "[saved_model] cannot create " + target_);
    committed_ = true;
  }
  sync_directory(parent_of(target_));
}

}  // namespace tf::saving
