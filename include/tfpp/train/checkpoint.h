// Checkpoints in TensorFlow's format (tf.train.Checkpoint, tf.train.load_checkpoint).
//
//   tf::train::Checkpoint ckpt({{"model", model}, {"optimizer", optimizer}});
//   std::string path = ckpt.save("/tmp/run/ckpt");          // "/tmp/run/ckpt-1"
//   ckpt.restore(path).assert_consumed();
//   auto reader = tf::train::load_checkpoint(path);  reader.get_tensor("model/w/.ATTRIBUTES/VARIABLE_VALUE");
//
// A checkpoint is a tensor bundle (`<prefix>.index` + `<prefix>.data-00000-of-00001`) holding each
// variable under the path of attribute names that reaches it from the root
// (`model/dense/kernel/.ATTRIBUTES/VARIABLE_VALUE`), plus the object graph under
// `_CHECKPOINTABLE_OBJECT_GRAPH`. Restoring walks that graph by names, so TensorFlow 2.21 restores
// what tfpp writes into the same structure and the other way round. What is tracked:
//  - tf::Variable (a leaf);
//  - tf::Module, so Keras layers and models: their variables and submodules by attribute name;
//  - Keras optimizers, with Keras 3's names: `_iterations`, `_learning_rate`, `_variables/N` (every
//    optimizer variable, slots included) and `_trainable_variables/N` (what it updates);
//  - lookup tables (tf::lookup::*; on a Module through tf::lookup::track_table): a
//    MutableHashTable's or DenseHashTable's entries under `<path>/.ATTRIBUTES/table-keys` and
//    `table-values`, as TensorFlow saves them; static tables keep nothing (their initializer
//    rebuilds them);
//  - nested maps of these;
//  - `save_counter`, created by the first save() (or by restoring a checkpoint that has one).
// Restoring into a layer that has not built its weights yet defers the values: they are assigned
// when the layer creates those weights (its first call).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "tfpp/dtype.h"
#include "tfpp/errors.h"
#include "tfpp/keras/optimizers.h"
#include "tfpp/lookup/tables.h"
#include "tfpp/module.h"
#include "tfpp/tensor.h"
#include "tfpp/variable.h"

namespace tf {

/// A check on a result failed, e.g. a checkpoint restore that did not match (Python's
/// AssertionError, which CheckpointLoadStatus' assertions raise).
class AssertionError : public Error {
 public:
  using Error::Error;
};

}  // namespace tf

namespace tf::checkpoint {
class BundleReader;
struct RestoreState;
}  // namespace tf::checkpoint

namespace tf::train {

/// Something a Checkpoint tracks: a variable, a module (layers and models too), a Keras
/// optimizer, a lookup table, or a map of named trackables.
class Trackable {
 public:
  /// A map of named children.
  using Map = std::map<std::string, Trackable>;
  /// A variable.
  Trackable(const Variable& variable);  // NOLINT: implicit, so maps of trackables read naturally
  /// A module, layer or model.
  Trackable(const Module& module);  // NOLINT
  /// A Keras optimizer.
  Trackable(const keras::optimizers::Optimizer& optimizer);  // NOLINT
  /// A lookup table (a MutableHashTable, DenseHashTable, StaticHashTable, ...).
  Trackable(const lookup::LookupTableBase& table);  // NOLINT
  /// A nested map.
  Trackable(Map children);  // NOLINT
  /// What it holds.
  using Value = std::variant<Variable, Module, keras::optimizers::Optimizer, std::shared_ptr<const Map>, lookup::LookupTableBase>;
  /// What it holds (tfpp internals).
  const Value& value() const { return value_; }

 private:
  Value value_;
};

/// The result of Checkpoint::restore: checks of how well the checkpoint matched the objects.
class CheckpointLoadStatus {
 public:
  /// Throws AssertionError unless every value in the checkpoint was restored and every variable
  /// reachable from the root got a value (deferred values count once assigned).
  const CheckpointLoadStatus& assert_consumed() const;
  /// Throws AssertionError unless every variable that exists now got a value from the checkpoint.
  const CheckpointLoadStatus& assert_existing_objects_matched() const;
  /// Accepts a partial match (TensorFlow then stops warning about unused values).
  const CheckpointLoadStatus& expect_partial() const;
  /// Status state (tfpp internals).
  explicit CheckpointLoadStatus(std::shared_ptr<checkpoint::RestoreState> state) : state_(std::move(state)) {}

 private:
  std::shared_ptr<checkpoint::RestoreState> state_;
};

/// Saves and restores a graph of trackable objects (tf.train.Checkpoint).
class Checkpoint {
 public:
  /// A checkpoint of the named objects: Checkpoint({{"model", model}, {"optimizer", opt}}).
  explicit Checkpoint(Trackable::Map objects);
  /// Writes the objects to `file_prefix` (no counter, no numbering); returns the prefix.
  std::string write(const std::string& file_prefix);
  /// Increments save_counter and writes `<file_prefix>-<save_counter>`; returns that prefix.
  std::string save(const std::string& file_prefix);
  /// Restores the values saved at `save_path` into the objects (matched by the stored object
  /// graph's names); values for unbuilt layers are deferred. Throws NotFoundError if there is
  /// no checkpoint there, InvalidArgumentError if a value's shape or dtype differs.
  CheckpointLoadStatus restore(const std::string& save_path);
  /// restore(), as TensorFlow's read() (the pair of write()).
  CheckpointLoadStatus read(const std::string& save_path);
  /// The number of save() calls so far (an int64 variable, created by the first save()).
  Variable save_counter();
  /// The tracked objects, save_counter included once it exists (tfpp internals).
  Trackable::Map root_children() const;

 private:
  Trackable::Map objects_;
  Variable save_counter_;
};

/// Reads a checkpoint by key (tf.train.load_checkpoint's CheckpointReader).
class CheckpointReader {
 public:
  /// Opens the checkpoint at `prefix` (or, for a directory, its latest checkpoint).
  explicit CheckpointReader(const std::string& prefix);
  /// True if the checkpoint holds `key`.
  bool has_tensor(const std::string& key) const;
  /// The tensor under `key`; NotFoundError if absent.
  Tensor get_tensor(const std::string& key) const;
  /// Every key with its shape.
  std::map<std::string, std::vector<std::int64_t>> get_variable_to_shape_map() const;
  /// Every key with its dtype.
  std::map<std::string, DType> get_variable_to_dtype_map() const;

 private:
  std::shared_ptr<checkpoint::BundleReader> reader_;
};

/// A reader of the checkpoint at `ckpt_dir_or_file` (a prefix, or a directory with a `checkpoint` file).
CheckpointReader load_checkpoint(const std::string& ckpt_dir_or_file);
/// Every (key, shape) in the checkpoint, sorted by key, as tf.train.list_variables gives them.
std::vector<std::pair<std::string, std::vector<std::int64_t>>> list_variables(const std::string& ckpt_dir_or_file);
/// The prefix of the latest checkpoint the `checkpoint` file in `checkpoint_dir` names, if that
/// checkpoint exists.
std::optional<std::string> latest_checkpoint(const std::string& checkpoint_dir);

}  // namespace tf::train
