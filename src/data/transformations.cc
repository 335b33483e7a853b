// Dataset.take_while, unique, choose_from_datasets and scan: stages that stop early, remember
// what they have seen, pick among their inputs, or thread a state through the elements.
#include "data/transformations.h"

#include <set>
#include <string>

#include "data/node.h"
#include "tfpp/errors.h"

namespace tf::data::detail {
namespace {

using NodePtr = std::shared_ptr<const DatasetNode>;

class TakeWhileNode final : public DatasetNode {
 public:
  TakeWhileNode(NodePtr input, PredicateFn predicate) : input_(std::move(input)), predicate_(std::move(predicate)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  struct It final : IteratorImpl {
    explicit It(const TakeWhileNode* n) : input(n->input_->make_iterator()), predicate(n->predicate_) {}
    bool next(Element& out) override {
      if (done || !input->next(out)) return false;
      bool keep;
      try {
        keep = predicate(out);
      } catch (...) {
        rethrow_with_context("[Dataset.take_while] the predicate failed on element " + std::to_string(index) + ": ");
      }
      ++index;
      done = !keep;
      return keep;
    }
    std::unique_ptr<IteratorImpl> input;
    PredicateFn predicate;
    std::int64_t index = 0;
    bool done = false;
  };
  NodePtr input_;
  PredicateFn predicate_;
};

// An element as a key: its dtype, shape and values (int32 and int64 widened, strings as bytes).
struct UniqueKey {
  DType dtype;
  std::vector<std::int64_t> shape, numbers;
  std::vector<std::string> strings;
  auto operator<=>(const UniqueKey&) const = default;
};

UniqueKey key_of(const Tensor& t) {
  const auto dims = t.shape().dims();
  UniqueKey key{t.dtype(), {dims.begin(), dims.end()}, {}, {}};
  const auto n = static_cast<std::size_t>(t.num_elements());
  if (t.dtype() == string) {
    const std::string* p = t.data<std::string>();
    key.strings.assign(p, p + n);
  } else if (t.dtype() == int32) {
    const std::int32_t* p = t.data<std::int32_t>();
    key.numbers.assign(p, p + n);
  } else {
    const std::int64_t* p = t.data<std::int64_t>();
    key.numbers.assign(p, p + n);
  }
  return key;
}

class UniqueNode final : public DatasetNode {
 public:
  explicit UniqueNode(NodePtr input) : input_(std::move(input)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  struct It final : IteratorImpl {
    explicit It(const UniqueNode* n) : input(n->input_->make_iterator()) {}
    bool next(Element& out) override {
      while (input->next(out)) {
        if (out.size() != 1)
          throw InvalidArgumentError("[Dataset.unique] UniqueDataset only supports inputs with a single component, got " +
                                     std::to_string(out.size()));
        const DType d = out[0].dtype();
        if (d != int32 && d != int64 && d != string)
          throw InvalidArgumentError("[Dataset.unique] supports int32, int64 and string elements, got " +
                                     std::string(dtype_name(d)));
        if (seen.insert(key_of(out[0])).second) return true;
      }
      return false;
    }
    std::unique_ptr<IteratorImpl> input;
    std::set<UniqueKey> seen;
  };
  NodePtr input_;
};

class ChooseNode final : public DatasetNode {
 public:
  ChooseNode(std::vector<Dataset> datasets, NodePtr choices, bool stop_on_empty)
      : datasets_(std::move(datasets)), choices_(std::move(choices)), stop_on_empty_(stop_on_empty) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  struct It final : IteratorImpl {
    explicit It(const ChooseNode* n) : node(n), choices(n->choices_->make_iterator()), live(n->datasets_.size()) {
      for (const Dataset& d : n->datasets_) inputs.push_back(d.node()->make_iterator());
    }
    bool next(Element& out) override {
      Element choice;
      while (live > 0 && choices->next(choice)) {
        const Tensor& c = choice.at(0);
        if (c.dtype() != int64 || c.num_elements() != 1)
          throw InvalidArgumentError("[Dataset.choose_from_datasets] choices must be int64 scalars, got " +
                                     std::string(dtype_name(c.dtype())) + c.shape().debug_string());
        const std::int64_t i = c.item<std::int64_t>();
        if (i < 0 || i >= static_cast<std::int64_t>(inputs.size()))
          throw InvalidArgumentError("[Dataset.choose_from_datasets] Selector index out of range: " + std::to_string(i) +
                                     " >= " + std::to_string(inputs.size()));
        if (!inputs[i]) continue;
        if (inputs[i]->next(out)) return true;
        if (node->stop_on_empty_) return false;
        inputs[i].reset();
        --live;
      }
      return false;
    }
    const ChooseNode* node;
    std::unique_ptr<IteratorImpl> choices;
    std::vector<std::unique_ptr<IteratorImpl>> inputs;  // null once exhausted
    std::size_t live;  // datasets not yet exhausted
  };
  std::vector<Dataset> datasets_;
  NodePtr choices_;
  bool stop_on_empty_;
};

class ScanNode final : public DatasetNode {
 public:
  using ScanFn = std::function<std::vector<Tensor>(const Element&, const Element&)>;
  ScanNode(NodePtr input, Element initial_state, ScanFn fn)
      : input_(std::move(input)), initial_state_(std::move(initial_state)), fn_(std::move(fn)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }
  std::int64_t cardinality() const override { return input_->cardinality(); }

 private:
  struct It final : IteratorImpl {
    explicit It(const ScanNode* n) : input(n->input_->make_iterator()), state(n->initial_state_), fn(n->fn_) {}
    bool next(Element& out) override {
      Element element;
      if (!input->next(element)) return false;
      std::vector<Tensor> results;
      try {
        results = fn(state, element);
      } catch (...) {
        rethrow_with_context("[Dataset.scan] the function failed on element " + std::to_string(index) + ": ");
      }
      ++index;
      const std::size_t n = state.size();
      if (results.size() < n)
        throw InvalidArgumentError("[Dataset.scan] the function returned " + std::to_string(results.size()) +
                                   " tensors for " + std::to_string(n) + " state tensors");
      state.assign(results.begin(), results.begin() + static_cast<std::ptrdiff_t>(n));
      out.assign(results.begin() + static_cast<std::ptrdiff_t>(n), results.end());
      return true;
    }
    std::unique_ptr<IteratorImpl> input;
    Element state;
    ScanFn fn;
    std::int64_t index = 0;
  };
  NodePtr input_;
  Element initial_state_;
  ScanFn fn_;
};

}  // namespace

Dataset take_while(const Dataset& input, PredicateFn predicate) {
  return Dataset(std::make_shared<TakeWhileNode>(input.node(), std::move(predicate)));
}

Dataset unique(const Dataset& input) { return Dataset(std::make_shared<UniqueNode>(input.node())); }

Dataset choose_from_datasets(std::vector<Dataset> datasets, const Dataset& choices, bool stop_on_empty) {
  if (datasets.empty()) throw InvalidArgumentError("[Dataset.choose_from_datasets] `datasets` should not be empty");
  return Dataset(std::make_shared<ChooseNode>(std::move(datasets), choices.node(), stop_on_empty));
}

Dataset scan(const Dataset& input, Element initial_state,
             std::function<std::vector<Tensor>(const Element&, const Element&)> fn) {
  return Dataset(std::make_shared<ScanNode>(input.node(), std::move(initial_state), std::move(fn)));
}

}  // namespace tf::data::detail

namespace tf::data {

Dataset Dataset::take_while_impl(detail::PredicateFn predicate) const {
  return Dataset(detail::take_while(*this, std::move(predicate)).node(), names_);
}

Dataset Dataset::unique() const { return Dataset(detail::unique(*this).node(), names_); }

Dataset Dataset::choose_from_datasets(std::vector<Dataset> datasets, const Dataset& choice_dataset,
                                      bool stop_on_empty_dataset) {
  std::vector<std::string> names = datasets.empty() ? std::vector<std::string>{} : datasets[0].element_names();
  return Dataset(detail::choose_from_datasets(std::move(datasets), choice_dataset, stop_on_empty_dataset).node(),
                 std::move(names));
}

Dataset Dataset::scan_impl(Element initial_state,
                           std::function<std::pair<Element, std::size_t>(const Element&, const Element&)> fn) const {
  const std::size_t n = initial_state.size();
  return detail::scan(*this, std::move(initial_state), [fn = std::move(fn), n](const Element& s, const Element& e) {
    auto [flat, state_size] = fn(s, e);
    if (state_size != n)
      throw InvalidArgumentError("[Dataset.scan] the function returned a state of " + std::to_string(state_size) +
                                 " tensors for an initial state of " + std::to_string(n));
    return std::move(flat);
  });
}

}  // namespace tf::data
