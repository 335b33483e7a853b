// Dataset handles, iteration, and the error context helper.
#include "tfpp/data/dataset.h"

#include <exception>
#include <stdexcept>

#include "data/node.h"
#include "ops/random/random_seed.h"
#include "tfpp/errors.h"

namespace tf::data {

namespace detail {

void throw_arity_mismatch(std::size_t expected, std::size_t got) {
  throw InvalidArgumentError("[Dataset] the function takes " + std::to_string(expected) +
                             " tensors but the element has " + std::to_string(got) + " components");
}

void rethrow_with_context(const std::string& context) {
  try {
    throw;
  } catch (const InvalidArgumentError& e) {
    throw InvalidArgumentError(context + e.what());
  } catch (const NotFoundError& e) {
    throw NotFoundError(context + e.what());
  } catch (const OutOfRangeError& e) {
    throw OutOfRangeError(context + e.what());
  } catch (const FailedPreconditionError& e) {
    throw FailedPreconditionError(context + e.what());
  } catch (const UnimplementedError& e) {
    throw UnimplementedError(context + e.what());
  } catch (const DataLossError& e) {
    throw DataLossError(context + e.what());
  } catch (const InternalError& e) {
    throw InternalError(context + e.what());
  } catch (const LookupError& e) {
    throw LookupError(context + e.what());
  } catch (const std::exception& e) {
    throw InvalidArgumentError(context + e.what());
  }
}

namespace {
// A pass started outside any other: its stages run with its own random stream positions current.
class OutermostPass final : public IteratorImpl {
 public:
  explicit OutermostPass(const DatasetNode& node) {
    ops::RandomStreamPositionsScope scope(&streams_);
    pass_ = node.make_iterator();
  }
  bool next(Element& out) override {
    ops::RandomStreamPositionsScope scope(&streams_);
    return pass_->next(out);
  }

 private:
  ops::RandomStreamPositions streams_;  // outlives pass_, whose threads use it
  std::unique_ptr<IteratorImpl> pass_;
};

// Shared by every default-constructed Dataset.
class EmptyNode final : public DatasetNode {
  struct It final : IteratorImpl {
    bool next(Element&) override { return false; }
  };

 public:
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(); }
  std::int64_t cardinality() const override { return 0; }
};
}  // namespace

std::unique_ptr<IteratorImpl> start_pass(const DatasetNode& node) {
  if (ops::current_random_stream_positions()) return node.make_iterator();
  return std::make_unique<OutermostPass>(node);
}

}  // namespace detail

// ---- Iterator ----

Iterator::Iterator() = default;
Iterator::Iterator(std::shared_ptr<const detail::DatasetNode> node, std::unique_ptr<detail::IteratorImpl> impl)
    : node_(std::move(node)), impl_(std::move(impl)) {}
Iterator::Iterator(Iterator&&) noexcept = default;
Iterator& Iterator::operator=(Iterator&&) noexcept = default;
Iterator::~Iterator() { impl_.reset(); }

bool Iterator::fetch() {
  if (!impl_) return false;
  try {
    if (impl_->next(current_)) return true;
  } catch (...) {
    impl_.reset();  // a failed pass is over; its threads are joined here
    current_.clear();
    throw;
  }
  impl_.reset();
  current_.clear();
  return false;
}

Iterator& Iterator::operator++() {
  fetch();
  return *this;
}

std::optional<Element> Iterator::get_next() {
  if (!fetch()) return std::nullopt;
  return std::move(current_);
}

// ---- Dataset ----

Dataset::Dataset() : node_(std::make_shared<detail::EmptyNode>()) {}

Dataset::Dataset(std::shared_ptr<const detail::DatasetNode> node, std::vector<std::string> names)
    : node_(std::move(node)), names_(std::move(names)) {}

Iterator Dataset::begin() const {
  Iterator it(node_, detail::start_pass(*node_));
  ++it;
  return it;
}

Iterator Dataset::make_iterator() const { return Iterator(node_, detail::start_pass(*node_)); }

std::int64_t Dataset::cardinality() const { return node_->cardinality(); }

std::map<std::string, Tensor> Dataset::as_map(const Element& element) const {
  if (names_.empty()) throw InvalidArgumentError("[Dataset] as_map: the dataset's elements have no names");
  if (names_.size() != element.size())
    throw InvalidArgumentError("[Dataset] as_map: " + std::to_string(names_.size()) + " names but the element has " +
                               std::to_string(element.size()) + " components");
  std::map<std::string, Tensor> m;
  for (std::size_t i = 0; i < names_.size(); ++i) m.emplace(names_[i], element[i]);
  return m;
}

std::int64_t Dataset::key_value(const Tensor& t) {
  if ((t.dtype() != int64 && t.dtype() != int32) || t.num_elements() != 1 || t.shape().rank() != 0)
    throw InvalidArgumentError("[Dataset.group_by_window] keys and window sizes must be int64 scalars, got " +
                               std::string(dtype_name(t.dtype())) + " " + t.shape().debug_string());
  return t.dtype() == int64 ? t.item<std::int64_t>() : t.item<std::int32_t>();
}

bool Dataset::truth(const Tensor& t) {
  if (t.dtype() != bool_ || t.num_elements() != 1)
    throw InvalidArgumentError("[Dataset.filter] the predicate must return a bool scalar, got " +
                               std::string(dtype_name(t.dtype())) + " " + t.shape().debug_string());
  return static_cast<bool>(t);
}

}  // namespace tf::data
