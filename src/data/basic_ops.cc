// Element-wise stages that need no buffers or threads: filter, repeat, take, skip,
// concatenate, shard, enumerate, and the reduce fold.
#include "data/node.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"

namespace tf::data {
namespace detail {
namespace {

using NodePtr = std::shared_ptr<const DatasetNode>;

class FilterNode final : public DatasetNode {
 public:
  FilterNode(NodePtr input, PredicateFn pred) : input_(std::move(input)), pred_(std::move(pred)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  struct It final : IteratorImpl {
    explicit It(const FilterNode* n) : input(n->input_->make_iterator()), pred(n->pred_) {}
    bool next(Element& out) override {
      while (input->next(out)) {
        bool keep;
        try {
          keep = pred(out);
        } catch (...) {
          rethrow_with_context("[Dataset.filter] the predicate failed on element " + std::to_string(index) + ": ");
        }
        ++index;
        if (keep) return true;
      }
      return false;
    }
    std::unique_ptr<IteratorImpl> input;
    PredicateFn pred;  // a copy per pass: a stateful callable never runs on two passes at once
    std::int64_t index = 0;
  };
  NodePtr input_;
  PredicateFn pred_;
};

class RepeatNode final : public DatasetNode {
 public:
  RepeatNode(NodePtr input, std::int64_t count) : input_(std::move(input)), count_(count) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }
  std::int64_t cardinality() const override {
    const std::int64_t n = input_->cardinality();
    if (count_ == 0 || n == 0) return 0;
    if (count_ < 0) return INFINITE_CARDINALITY;
    return n < 0 ? n : n * count_;
  }

 private:
  struct It final : IteratorImpl {
    explicit It(const RepeatNode* n) : node(n) {}
    bool next(Element& out) override {
      while (node->count_ < 0 || pass < node->count_) {
        if (!input) input = node->input_->make_iterator(), produced = false;
        if (input->next(out)) {
          produced = true;
          return true;
        }
        input.reset();
        ++pass;
        if (!produced) return false;  // an empty input would otherwise repeat forever
      }
      return false;
    }
    const RepeatNode* node;
    std::unique_ptr<IteratorImpl> input;
    std::int64_t pass = 0;
    bool produced = false;
  };
  NodePtr input_;
  std::int64_t count_;
};

class TakeNode final : public DatasetNode {
 public:
  TakeNode(NodePtr input, std::int64_t count) : input_(std::move(input)), count_(count) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }
  std::int64_t cardinality() const override {
    const std::int64_t n = input_->cardinality();
    if (count_ < 0) return n;
    if (n == INFINITE_CARDINALITY) return count_;
    return n < 0 ? n : std::min(n, count_);
  }

 private:
  struct It final : IteratorImpl {
    explicit It(const TakeNode* n) : node(n), input(n->input_->make_iterator()) {}
    bool next(Element& out) override {
      if (node->count_ >= 0 && taken >= node->count_) return false;
      if (!input->next(out)) return false;
      ++taken;
      return true;
    }
    const TakeNode* node;
    std::unique_ptr<IteratorImpl> input;
    std::int64_t taken = 0;
  };
  NodePtr input_;
  std::int64_t count_;
};

class SkipNode final : public DatasetNode {
 public:
  SkipNode(NodePtr input, std::int64_t count) : input_(std::move(input)), count_(count) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }
  std::int64_t cardinality() const override {
    const std::int64_t n = input_->cardinality();
    if (n < 0) return n == INFINITE_CARDINALITY && count_ >= 0 ? n : (count_ < 0 ? 0 : n);
    return count_ < 0 ? 0 : std::max<std::int64_t>(0, n - count_);
  }

 private:
  struct It final : IteratorImpl {
    explicit It(const SkipNode* n) : node(n), input(n->input_->make_iterator()) {}
    bool next(Element& out) override {
      if (node->count_ < 0) return false;
      for (; skipped < node->count_; ++skipped)
        if (!input->next(out)) return false;
      return input->next(out);
    }
    const SkipNode* node;
    std::unique_ptr<IteratorImpl> input;
    std::int64_t skipped = 0;
  };
  NodePtr input_;
  std::int64_t count_;
};

class ConcatenateNode final : public DatasetNode {
 public:
  ConcatenateNode(NodePtr first, NodePtr second) : first_(std::move(first)), second_(std::move(second)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }
  std::int64_t cardinality() const override {
    const std::int64_t a = first_->cardinality(), b = second_->cardinality();
    if (a == INFINITE_CARDINALITY || b == INFINITE_CARDINALITY) return INFINITE_CARDINALITY;
    return a < 0 || b < 0 ? UNKNOWN_CARDINALITY : a + b;
  }

 private:
  struct It final : IteratorImpl {
    explicit It(const ConcatenateNode* n) : node(n), input(n->first_->make_iterator()) {}
    bool next(Element& out) override {
      if (input->next(out)) return check(out);
      if (on_second) return false;
      on_second = true;
      input = node->second_->make_iterator();
      return input->next(out) && check(out);
    }
    // Both datasets must yield elements of one structure.
    bool check(const Element& e) {
      if (!on_second) {
        if (first_dtypes.empty())
          for (const Tensor& t : e) first_dtypes.push_back(t.dtype());
        return true;
      }
      bool same = first_dtypes.empty() || e.size() == first_dtypes.size();
      for (std::size_t i = 0; same && i < first_dtypes.size(); ++i) same = e[i].dtype() == first_dtypes[i];
      if (!same)
        throw InvalidArgumentError("[Dataset.concatenate] the datasets' elements differ in structure: " +
                                   std::to_string(first_dtypes.size()) + " components versus " + std::to_string(e.size()) +
                                   " or different dtypes");
      return true;
    }
    const ConcatenateNode* node;
    std::unique_ptr<IteratorImpl> input;
    bool on_second = false;
    std::vector<DType> first_dtypes;
  };
  NodePtr first_, second_;
};

class ShardNode final : public DatasetNode {
 public:
  ShardNode(NodePtr input, std::int64_t num, std::int64_t index) : input_(std::move(input)), num_(num), index_(index) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }
  std::int64_t cardinality() const override {
    const std::int64_t n = input_->cardinality();
    return n < 0 ? n : n / num_ + (index_ < n % num_ ? 1 : 0);
  }

 private:
  struct It final : IteratorImpl {
    explicit It(const ShardNode* n) : node(n), input(n->input_->make_iterator()) {}
    bool next(Element& out) override {
      while (input->next(out))
        if (position++ % node->num_ == node->index_) return true;
      return false;
    }
    const ShardNode* node;
    std::unique_ptr<IteratorImpl> input;
    std::int64_t position = 0;
  };
  NodePtr input_;
  std::int64_t num_, index_;
};

class EnumerateNode final : public DatasetNode {
 public:
  EnumerateNode(NodePtr input, std::int64_t start) : input_(std::move(input)), start_(start) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }
  std::int64_t cardinality() const override { return input_->cardinality(); }

 private:
  struct It final : IteratorImpl {
    explicit It(const EnumerateNode* n) : input(n->input_->make_iterator()), position(n->start_) {}
    bool next(Element& out) override {
      if (!input->next(out)) return false;
      out.insert(out.begin(), constant(position++));
      return true;
    }
    std::unique_ptr<IteratorImpl> input;
    std::int64_t position;
  };
  NodePtr input_;
  std::int64_t start_;
};

}  // namespace
}  // namespace detail

Dataset Dataset::filter_impl(detail::PredicateFn predicate) const {
  return Dataset(std::make_shared<detail::FilterNode>(node_, std::move(predicate)), names_);
}

Dataset Dataset::repeat(std::int64_t count) const {
  if (count < -1) throw InvalidArgumentError("[Dataset.repeat] count must be >= -1, got " + std::to_string(count));
  return Dataset(std::make_shared<detail::RepeatNode>(node_, count), names_);
}

Dataset Dataset::take(std::int64_t count) const {
  if (count < -1) throw InvalidArgumentError("[Dataset.take] count must be >= -1, got " + std::to_string(count));
  return Dataset(std::make_shared<detail::TakeNode>(node_, count), names_);
}

Dataset Dataset::skip(std::int64_t count) const {
  if (count < -1) throw InvalidArgumentError("[Dataset.skip] count must be >= -1, got " + std::to_string(count));
  return Dataset(std::make_shared<detail::SkipNode>(node_, count), names_);
}

Dataset Dataset::concatenate(const Dataset& other) const {
  return Dataset(std::make_shared<detail::ConcatenateNode>(node_, other.node_), names_);
}

Dataset Dataset::shard(std::int64_t num_shards, std::int64_t index) const {
  if (num_shards < 1 || index < 0 || index >= num_shards)
    throw InvalidArgumentError("[Dataset.shard] needs num_shards >= 1 and 0 <= index < num_shards, got num_shards " +
                               std::to_string(num_shards) + ", index " + std::to_string(index));
  return Dataset(std::make_shared<detail::ShardNode>(node_, num_shards, index), names_);
}

Dataset Dataset::enumerate(std::int64_t start) const {
  std::vector<std::string> names;
  if (!names_.empty()) {
    names.push_back("index");
    names.insert(names.end(), names_.begin(), names_.end());
  }
  return Dataset(std::make_shared<detail::EnumerateNode>(node_, start), std::move(names));
}

Element Dataset::reduce_impl(Element state, std::function<Element(const Element&, const Element&)> fn) const {
  auto it = node_->make_iterator();
  Element e;
  for (std::int64_t index = 0; it->next(e); ++index) {
    try {
      state = fn(state, e);
    } catch (...) {
      detail::rethrow_with_context("[Dataset.reduce] the function failed on element " + std::to_string(index) + ": ");
    }
  }
  return state;
}

}  // namespace tf::data
