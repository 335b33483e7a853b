// Follows keras/src/callbacks/model_checkpoint.py (Keras 3.15).
#include <filesystem>
#include <iostream>

#include "keras/callbacks/python_format.h"
#include "tfpp/errors.h"
#include "tfpp/keras/callbacks.h"
#include "tfpp/keras/model.h"

namespace tf::keras::callbacks {
namespace {

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

ModelCheckpoint::ModelCheckpoint(std::string filepath, ModelCheckpointOptions options)
    : MonitorCallback("ModelCheckpoint", options.monitor, options.mode, 0),
      filepath_(std::move(filepath)),
      options_(std::move(options)) {
  best_ = options_.initial_value_threshold;
  if (const auto* every = std::get_if<std::int64_t>(&options_.save_freq)) {
    if (*every <= 0)
      throw InvalidArgumentError("[ModelCheckpoint] save_freq must be \"epoch\" or a positive number of batches, got " +
                                 std::to_string(*every));
    save_every_batches_ = *every;
  } else if (std::get<std::string>(options_.save_freq) != "epoch") {
    throw InvalidArgumentError("[ModelCheckpoint] Unrecognized save_freq: " + std::get<std::string>(options_.save_freq) +
                               ". Expected save_freq are 'epoch' or integer values");
  }
  if (!options_.save_weights_only) {
    // Keras also takes ".h5" here (its legacy whole-model format), which tfpp does not write.
    if (!ends_with(filepath_, ".keras"))
      throw InvalidArgumentError("[ModelCheckpoint] The filepath provided must end in `.keras` (Keras model format). Received: filepath=" +
                                 filepath_);
  } else if (!ends_with(filepath_, ".weights.h5")) {
    throw InvalidArgumentError(
        "[ModelCheckpoint] When using `save_weights_only=True` in `ModelCheckpoint`, the filepath provided must end in "
        "`.weights.h5` (Keras weights format). Received: filepath=" + filepath_);
  }
}

void ModelCheckpoint::on_epoch_begin(int epoch, Logs& logs) { current_epoch_ = epoch; }

void ModelCheckpoint::on_epoch_end(int epoch, Logs& logs) {
  if (!save_every_batches_) save_model(epoch, std::nullopt, logs);
}

void ModelCheckpoint::on_train_batch_end(std::int64_t batch, Logs& logs) {
  if (should_save_on_batch(batch)) save_model(current_epoch_, batch, logs);
}

bool ModelCheckpoint::should_save_on_batch(std::int64_t batch) {
  if (!save_every_batches_) return false;
  // Batch numbers restart every epoch and skip ahead with steps_per_execution.
  const std::int64_t added = !last_batch_seen_ || batch <= *last_batch_seen_ ? batch + 1 : batch - *last_batch_seen_;
  batches_since_last_save_ += added;
  last_batch_seen_ = batch;
  if (batches_since_last_save_ < *save_every_batches_) return false;
  batches_since_last_save_ = 0;
  return true;
}

std::string ModelCheckpoint::file_path(int epoch, std::optional<std::int64_t> batch, const Logs& logs) const {
  std::map<std::string, internal::FormatArgument> arguments;
  for (const auto& [name, value] : logs) arguments[name] = value;
  arguments["epoch"] = std::int64_t{epoch} + 1;
  if (batch && !logs.count("batch")) arguments["batch"] = *batch + 1;
  try {
    return internal::python_str_format(filepath_, arguments, "");
  } catch (const InvalidArgumentError& e) {
    std::string reason = e.what();
    if (!reason.empty() && reason.front() == ' ') reason.erase(0, 1);
    throw InvalidArgumentError("[ModelCheckpoint] Failed to format this callback filepath: \"" + filepath_ +
                               "\". Reason: " + reason);
  }
}

bool ModelCheckpoint::should_save_model(int epoch, const Logs& logs, const std::string& path) {
  std::ostream& out = options_.out ? *options_.out : std::cout;
  if (!options_.save_best_only) {
    if (options_.verbose > 0) out << "\nEpoch " << epoch + 1 << ": saving model to " << path << "\n" << std::flush;
    return true;
  }
  const auto found = logs.find(monitor());
  if (found == logs.end()) {
    // Keras warns (once, as Python's warnings do) and saves anyway.
    if (!warned_unavailable_) std::cerr << "UserWarning: Can save best model only with " << monitor() << " available.\n";
    warned_unavailable_ = true;
    return true;
  }
  const double current = found->second;
  const std::string best_text = best_ ? internal::python_fixed(*best_, 5) : "None";
  if (is_improvement(current, best_)) {
    if (options_.verbose > 0) {
      out << "\nEpoch " << epoch + 1 << ": " << monitor() << " improved from " << best_text << " to "
          << internal::python_fixed(current, 5) << ", saving model to " << path << "\n" << std::flush;
    }
    best_ = current;
    return true;
  }
  if (options_.verbose > 0) {
    out << "\nEpoch " << epoch + 1 << ": " << monitor() << " did not improve from " << best_text << "\n" << std::flush;
  }
  return false;
}

void ModelCheckpoint::save_model(int epoch, std::optional<std::int64_t> batch, const Logs& logs) {
  Model& model = model_or_throw(who_);
  const std::string path = file_path(epoch, batch, logs);
  if (!should_save_model(epoch, logs, path)) return;
  namespace fs = std::filesystem;
  if (fs::is_directory(path)) {
    throw InvalidArgumentError(
        "[ModelCheckpoint] Please specify a non-directory filepath for ModelCheckpoint. Filepath used is an existing "
        "directory: " + path);
  }
  const fs::path parent = fs::path(path).parent_path();
  std::error_code error;
  if (!parent.empty() && !fs::exists(parent)) fs::create_directories(parent, error);
  if (options_.save_weights_only) model.save_weights(path);
  else model.save(path);
  if (options_.verbose > 0) {
    std::ostream& out = options_.out ? *options_.out : std::cout;
    out << "\nEpoch " << epoch + 1 << ": finished saving model to " << path << "\n" << std::flush;
  }
}

}  // namespace tf::keras::callbacks
