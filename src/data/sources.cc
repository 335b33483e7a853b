// In-memory sources: from_tensor_slices, from_tensors, range, from_generator, zip.
#include <utility>

#include "data/node.h"
#include "data/tensor_copy.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"

namespace tf::data {
namespace detail {
namespace {

class SlicesNode final : public DatasetNode {
 public:
  explicit SlicesNode(std::vector<Tensor> tensors) : tensors_(std::move(tensors)) {
    rows_ = tensors_[0].shape().dim(0);
  }
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }
  std::int64_t cardinality() const override { return rows_; }
  const std::vector<Tensor>& tensors() const { return tensors_; }

 private:
  struct It final : IteratorImpl {
    explicit It(const SlicesNode* n) : node(n) {}
    bool next(Element& out) override {
      if (i >= node->rows_) return false;
      out.resize(node->tensors_.size());
      for (std::size_t c = 0; c < out.size(); ++c) out[c] = slice_row(node->tensors_[c], i);
      ++i;
      return true;
    }
    const SlicesNode* node;
    std::int64_t i = 0;
  };
  std::vector<Tensor> tensors_;
  std::int64_t rows_ = 0;
};

// A fixed list of elements: from_tensors' one element, or the members of a window.
class ElementsNode final : public DatasetNode {
 public:
  explicit ElementsNode(std::vector<Element> elements) : elements_(std::move(elements)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }
  std::int64_t cardinality() const override { return static_cast<std::int64_t>(elements_.size()); }

 private:
  struct It final : IteratorImpl {
    explicit It(const ElementsNode* n) : node(n) {}
    bool next(Element& out) override {
      if (position == node->elements_.size()) return false;
      out = node->elements_[position++];
      return true;
    }
    const ElementsNode* node;
    std::size_t position = 0;
  };
  std::vector<Element> elements_;
};

class RangeNode final : public DatasetNode {
 public:
  RangeNode(std::int64_t start, std::int64_t stop, std::int64_t step) : start_(start), stop_(stop), step_(step) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }
  std::int64_t cardinality() const override {
    if (step_ > 0) return stop_ > start_ ? (stop_ - start_ + step_ - 1) / step_ : 0;
    return start_ > stop_ ? (start_ - stop_ - step_ - 1) / -step_ : 0;
  }

 private:
  struct It final : IteratorImpl {
    explicit It(const RangeNode* n) : node(n), value(n->start_) {}
    bool next(Element& out) override {
      if (node->step_ > 0 ? value >= node->stop_ : value <= node->stop_) return false;
      out.assign(1, constant(value));
      value += node->step_;
      return true;
    }
    const RangeNode* node;
    std::int64_t value;
  };
  std::int64_t start_, stop_, step_;
};

class GeneratorNode final : public DatasetNode {
 public:
  GeneratorNode(std::function<Dataset::Generator()> make, std::vector<TensorSpec> signature)
      : make_(std::move(make)), signature_(std::move(signature)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  struct It final : IteratorImpl {
    explicit It(const GeneratorNode* n) : node(n), gen(n->make_()) {}
    bool next(Element& out) override {
      std::optional<Element> e;
      try {
        e = gen();
      } catch (...) {
        rethrow_with_context("[Dataset.from_generator] the generator failed on element " + std::to_string(index) + ": ");
      }
      if (!e) return false;
      check(*e);
      out = std::move(*e);
      ++index;
      return true;
    }
    void check(const Element& e) const {
      const auto& sig = node->signature_;
      if (e.size() != sig.size())
        throw InvalidArgumentError("[Dataset.from_generator] element " + std::to_string(index) + " has " +
                                   std::to_string(e.size()) + " components but the output_signature has " +
                                   std::to_string(sig.size()));
      for (std::size_t c = 0; c < sig.size(); ++c)
        if (!e[c].defined() || !sig[c].is_compatible_with(e[c].dtype(), e[c].shape()))
          throw InvalidArgumentError(
              "[Dataset.from_generator] element " + std::to_string(index) + " component " + std::to_string(c) +
              ": expected " + std::string(dtype_name(sig[c].dtype)) + " " + sig[c].shape.debug_string() + ", got " +
              (e[c].defined() ? std::string(dtype_name(e[c].dtype())) + " " + e[c].shape().debug_string()
                              : std::string("an undefined tensor")));
    }
    const GeneratorNode* node;
    Dataset::Generator gen;
    std::int64_t index = 0;
  };
  std::function<Dataset::Generator()> make_;
  std::vector<TensorSpec> signature_;
};

class ZipNode final : public DatasetNode {
 public:
  explicit ZipNode(std::vector<Dataset> inputs) : inputs_(std::move(inputs)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }
  std::int64_t cardinality() const override {
    std::int64_t n = INFINITE_CARDINALITY;
    for (const Dataset& d : inputs_) {
      const std::int64_t c = d.cardinality();
      if (c == UNKNOWN_CARDINALITY) return UNKNOWN_CARDINALITY;
      if (c != INFINITE_CARDINALITY) n = n == INFINITE_CARDINALITY ? c : std::min(n, c);
    }
    return n;
  }

 private:
  struct It final : IteratorImpl {
    explicit It(const ZipNode* n) {
      for (const Dataset& d : n->inputs_) inputs.push_back(d.node()->make_iterator());
    }
    bool next(Element& out) override {
      out.clear();
      for (auto& in : inputs) {
        if (!in->next(part)) return false;
        out.insert(out.end(), part.begin(), part.end());
      }
      return true;
    }
    std::vector<std::unique_ptr<IteratorImpl>> inputs;
    Element part;
  };
  std::vector<Dataset> inputs_;
};

void check_slices(const std::vector<Tensor>& tensors) {
  if (tensors.empty()) throw InvalidArgumentError("[Dataset.from_tensor_slices] needs at least one tensor");
  for (std::size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    if (!t.defined()) throw InvalidArgumentError("[Dataset.from_tensor_slices] tensor " + std::to_string(i) + " is undefined");
    if (t.is_symbolic())
      throw InvalidArgumentError("[Dataset.from_tensor_slices] tensor " + std::to_string(i) + " is symbolic; pass concrete tensors");
    if (t.rank() < 1)
      throw InvalidArgumentError("[Dataset.from_tensor_slices] tensor " + std::to_string(i) +
                                 " is a scalar; slicing needs rank >= 1");
    if (t.shape().dim(0) != tensors[0].shape().dim(0))
      throw InvalidArgumentError("[Dataset.from_tensor_slices] all tensors need the same first dimension: tensor 0 is " +
                                 tensors[0].shape().debug_string() + ", tensor " + std::to_string(i) + " is " +
                                 t.shape().debug_string());
  }
}

}  // namespace

const std::vector<Tensor>* sliced_tensors(const DatasetNode& node) {
  const auto* slices = dynamic_cast<const SlicesNode*>(&node);
  return slices ? &slices->tensors() : nullptr;
}

std::shared_ptr<const DatasetNode> elements_node(std::vector<Element> elements) {
  return std::make_shared<ElementsNode>(std::move(elements));
}

}  // namespace detail

Dataset Dataset::from_tensor_slices(const std::vector<Tensor>& tensors) {
  detail::check_slices(tensors);
  return Dataset(std::make_shared<detail::SlicesNode>(tensors));
}

Dataset Dataset::from_tensor_slices(const Tensor& tensor) { return from_tensor_slices(std::vector<Tensor>{tensor}); }

Dataset Dataset::from_tensor_slices(const std::map<std::string, Tensor>& tensors) {
  std::vector<Tensor> values;
  std::vector<std::string> names;
  for (const auto& [name, t] : tensors) names.push_back(name), values.push_back(t);
  detail::check_slices(values);
  return Dataset(std::make_shared<detail::SlicesNode>(std::move(values)), std::move(names));
}

Dataset Dataset::from_tensors(const std::vector<Tensor>& tensors) {
  for (std::size_t i = 0; i < tensors.size(); ++i)
    if (!tensors[i].defined() || tensors[i].is_symbolic())
      throw InvalidArgumentError("[Dataset.from_tensors] tensor " + std::to_string(i) + " must be a concrete tensor");
  return Dataset(detail::elements_node({tensors}));
}

Dataset Dataset::from_tensors(const Tensor& tensor) { return from_tensors(std::vector<Tensor>{tensor}); }

Dataset Dataset::range(std::int64_t start, std::int64_t stop, std::int64_t step) {
  if (step == 0) throw InvalidArgumentError("[Dataset.range] step must not be 0");
  return Dataset(std::make_shared<detail::RangeNode>(start, stop, step));
}

Dataset Dataset::from_generator(std::function<Generator()> make_generator, std::vector<TensorSpec> output_signature) {
  if (!make_generator) throw InvalidArgumentError("[Dataset.from_generator] the generator factory is empty");
  return Dataset(std::make_shared<detail::GeneratorNode>(std::move(make_generator), std::move(output_signature)));
}

Dataset Dataset::zip(const std::vector<Dataset>& datasets) {
  if (datasets.empty()) throw InvalidArgumentError("[Dataset.zip] needs at least one dataset");
  return Dataset(std::make_shared<detail::ZipNode>(datasets));
}

}  // namespace tf::data
