#include "keras/training/batches.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::detail {

namespace {

std::string sizes(const std::vector<Tensor>& ts) {
  std::string s;
  for (const Tensor& t : ts) s += (s.empty() ? "" : ", ") + (t.rank() > 0 ? std::to_string(t.shape()[0]) : std::string("scalar"));
  return s;
}

Tensor rows(const Tensor& t, std::int64_t begin, std::int64_t end) {
  std::vector<std::int64_t> b(t.rank(), 0), size(t.shape().dims().begin(), t.shape().dims().end());
  b[0] = begin;
  size[0] = end - begin;
  return slice(t, b, size);
}

}  // namespace

std::int64_t check_cardinality(const std::string& who, const std::vector<Tensor>& x, const std::vector<Tensor>& y,
                               const Tensor& sample_weight) {
  if (x.empty()) throw InvalidArgumentError("[" + who + "] no input data (x) was given");
  std::int64_t n = -1;
  bool ambiguous = false;
  auto check = [&](const Tensor& t) {
    if (!t.defined()) throw InvalidArgumentError("[" + who + "] an input or target tensor is undefined");
    if (t.rank() == 0) throw InvalidArgumentError("[" + who + "] data must have a batch dimension, got a scalar");
    if (n >= 0 && t.shape()[0] != n) ambiguous = true;
    n = t.shape()[0];
  };
  for (const Tensor& t : x) check(t);
  for (const Tensor& t : y) check(t);
  if (sample_weight.defined()) check(sample_weight);
  if (ambiguous) {
    std::string msg = "[" + who + "] data cardinality is ambiguous: make sure all arrays contain the same number of samples. 'x' sizes: " + sizes(x);
    if (!y.empty()) msg += ", 'y' sizes: " + sizes(y);
    if (sample_weight.defined()) msg += ", 'sample_weight' sizes: " + sizes({sample_weight});
    throw InvalidArgumentError(msg);
  }
  return n;
}

SplitData split_validation(const std::string& who, const std::vector<Tensor>& x, const std::vector<Tensor>& y,
                           const Tensor& sample_weight, double split) {
  if (split <= 0 || split >= 1)
    throw InvalidArgumentError("[" + who + "] validation_split must be in (0, 1), got " + std::to_string(split));
  const std::int64_t n = check_cardinality(who, x, y, sample_weight);
  // Keras: split_at = int(math.floor(num_samples * (1.0 - validation_split))).
  const std::int64_t at = static_cast<std::int64_t>(std::floor(double(n) * (1.0 - split)));
  if (at == 0 || at == n)
    throw InvalidArgumentError("[" + who + "] validation_split " + std::to_string(split) + " leaves no training or validation samples of " + std::to_string(n));
  SplitData s;
  for (const Tensor& t : x) {
    s.x.push_back(rows(t, 0, at));
    s.x_val.push_back(rows(t, at, n));
  }
  for (const Tensor& t : y) {
    s.y.push_back(rows(t, 0, at));
    s.y_val.push_back(rows(t, at, n));
  }
  if (sample_weight.defined()) {
    s.sample_weight = rows(sample_weight, 0, at);
    s.sample_weight_val = rows(sample_weight, at, n);
  }
  return s;
}

TensorBatches::TensorBatches(const std::string& who, std::vector<Tensor> x, std::vector<Tensor> y, Tensor sample_weight,
                             std::int64_t batch_size, bool shuffle, std::optional<std::int64_t> seed,
                             const std::map<std::int64_t, double>& class_weight)
    : x_(std::move(x)), y_(std::move(y)), sample_weight_(std::move(sample_weight)), batch_size_(batch_size), shuffle_(shuffle), seed_(seed) {
  if (batch_size <= 0) throw InvalidArgumentError("[" + who + "] batch_size must be positive, got " + std::to_string(batch_size));
  if (shuffle_ && !seed_) {
    // After tf::random::set_seed (keras.utils.set_random_seed), the order follows from the
    // global seed, as Keras' shuffling does; else it differs from run to run.
    const auto [global, op] = random::get_seed(std::nullopt);
    if (global != 0 || op != 0) seed_ = global * 1000003 + op;
  }
  samples_ = check_cardinality(who, x_, y_, sample_weight_);
  if (!class_weight.empty()) {
    if (y_.size() != 1) throw InvalidArgumentError("[" + who + "] class_weight needs a model with one output");
    const DType yd = y_[0].dtype();
    if (yd != int32 && yd != int64 && yd != float32 && yd != float64)
      throw InvalidArgumentError("[" + who + "] class_weight needs numeric targets");
    std::int64_t classes = 0;
    for (const auto& [cls, w] : class_weight) {
      if (cls < 0) throw InvalidArgumentError("[" + who + "] class_weight has a negative class id " + std::to_string(cls));
      classes = std::max(classes, cls + 1);
    }
    std::vector<float> table(classes, 1.0f);
    for (const auto& [cls, w] : class_weight) table[cls] = static_cast<float>(w);
    class_weights_ = constant(table);
  }
}

void TensorBatches::begin_epoch() {
  position_ = 0;
  order_.clear();
  if (shuffle_) {
    order_.resize(samples_);
    std::iota(order_.begin(), order_.end(), 0);
    std::mt19937_64 rng(seed_ ? static_cast<std::uint64_t>(*seed_) + static_cast<std::uint64_t>(epoch_) : std::random_device{}());
    std::shuffle(order_.begin(), order_.end(), rng);
  }
  ++epoch_;
}

std::optional<Batch> TensorBatches::next() {
  if (position_ >= samples_) return std::nullopt;
  const std::int64_t end = std::min(samples_, position_ + batch_size_);
  Batch b;
  auto take = [&](const Tensor& t) {
    if (order_.empty()) return rows(t, position_, end);
    std::vector<std::int32_t> idx(order_.begin() + position_, order_.begin() + end);
    return gather(t, constant(idx));
  };
  for (const Tensor& t : x_) b.x.push_back(take(t));
  for (const Tensor& t : y_) b.y.push_back(take(t));
  if (sample_weight_.defined()) b.sample_weight = cast(take(sample_weight_), float32);
  if (class_weights_.defined()) {
    Tensor labels = cast(reshape(b.y[0], {-1}), int32);
    if (b.y[0].rank() == 2 && b.y[0].shape()[1] > 1) labels = argmax(b.y[0], 1, int32);  // one-hot targets
    Tensor w = gather(class_weights_, labels);
    b.sample_weight = b.sample_weight.defined() ? b.sample_weight * w : w;
  }
  position_ = end;
  return b;
}

std::optional<std::int64_t> TensorBatches::steps() const { return (samples_ + batch_size_ - 1) / batch_size_; }

DatasetBatches::DatasetBatches(const std::string& who, data::Dataset dataset, std::size_t num_inputs,
                               std::size_t num_outputs, bool needs_targets)
    : who_(who), dataset_(std::move(dataset)), num_inputs_(num_inputs), num_outputs_(num_outputs), needs_targets_(needs_targets) {}

void DatasetBatches::begin_epoch() { iterator_.emplace(dataset_.make_iterator()); }

std::optional<Batch> DatasetBatches::next() {
  std::optional<data::Element> e = iterator_->get_next();
  if (!e) return std::nullopt;
  const std::vector<Tensor>& t = *e;
  const std::size_t want = num_inputs_ + (needs_targets_ ? num_outputs_ : 0);
  if (t.size() < want || t.size() > num_inputs_ + num_outputs_ + 1)
    throw InvalidArgumentError("[" + who_ + "] dataset elements must hold " + std::to_string(num_inputs_) + " input(s)" +
                               (needs_targets_ ? ", " + std::to_string(num_outputs_) + " target(s) and an optional sample weight" : "") +
                               ", got " + std::to_string(t.size()) + " tensors");
  Batch b;
  b.x.assign(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(num_inputs_));
  if (t.size() >= num_inputs_ + num_outputs_)
    b.y.assign(t.begin() + static_cast<std::ptrdiff_t>(num_inputs_), t.begin() + static_cast<std::ptrdiff_t>(num_inputs_ + num_outputs_));
  if (t.size() == num_inputs_ + num_outputs_ + 1) b.sample_weight = cast(t.back(), float32);
  return b;
}

std::optional<std::int64_t> DatasetBatches::steps() const {
  const std::int64_t c = dataset_.cardinality();
  if (c < 0) return std::nullopt;
  return c;
}

}  // namespace tf::keras::detail
