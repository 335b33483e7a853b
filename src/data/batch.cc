// Stages that group or split elements: batch, padded_batch, unbatch, window.
#include <algorithm>

#include "data/batch_stacker.h"
#include "data/dataset_variant.h"
#include "data/map_batch.h"
#include "data/node.h"
#include "data/tensor_copy.h"
#include "tfpp/errors.h"

namespace tf::data {
namespace detail {
namespace {

using NodePtr = std::shared_ptr<const DatasetNode>;

std::int64_t batched_cardinality(std::int64_t n, std::int64_t size, bool drop_remainder) {
  if (n < 0) return n;
  return drop_remainder ? n / size : (n + size - 1) / size;
}

class BatchNode final : public DatasetNode {
 public:
  BatchNode(NodePtr input, std::int64_t size, bool drop, std::optional<PaddedBatchOptions> padding)
      : input_(std::move(input)), size_(size), drop_(drop), padding_(std::move(padding)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override {
    if (!padding_)
      if (auto fused = make_map_and_batch_iterator(*input_, size_, drop_)) return fused;
    return std::make_unique<It>(this);
  }
  std::int64_t cardinality() const override { return batched_cardinality(input_->cardinality(), size_, drop_); }
  std::unique_ptr<IteratorImpl> make_prefetching_iterator(std::int64_t buffer_size) const override {
    if (padding_) return nullptr;
    return make_map_and_batch_iterator(*input_, size_, drop_, buffer_size);
  }

 private:
  struct It final : IteratorImpl {
    explicit It(const BatchNode* n) : node(n), input(n->input_->make_iterator()), stacker(n->size_, "[Dataset.batch]") {
      if (n->padding_) rows.reserve(n->size_);
    }
    bool next(Element& out) override {
      if (node->padding_) return next_padded(out);
      // Each row is copied into the batch on arrival and `row` is then reused for the next
      // one (Note [Row-by-row stacking]).
      stacker.clear();
      while (stacker.size() < node->size_ && input->next(row)) stacker.add(row);
      row.clear();
      if (stacker.size() == 0 || (node->drop_ && stacker.size() < node->size_)) return false;
      stacker.take(out);
      return true;
    }
    bool next_padded(Element& out) {
      rows.clear();
      Element e;
      while (static_cast<std::int64_t>(rows.size()) < node->size_ && input->next(e)) rows.push_back(std::move(e));
      if (rows.empty() || (node->drop_ && static_cast<std::int64_t>(rows.size()) < node->size_)) return false;
      pad(out);
      return true;
    }
    void pad(Element& out) const {
      const PaddedBatchOptions& opt = *node->padding_;
      const std::size_t n = rows[0].size();
      if (!opt.padded_shapes.empty() && opt.padded_shapes.size() != n)
        throw InvalidArgumentError("[Dataset.padded_batch] " + std::to_string(opt.padded_shapes.size()) +
                                   " padded_shapes for elements of " + std::to_string(n) + " components");
      if (!opt.padding_values.empty() && opt.padding_values.size() != n)
        throw InvalidArgumentError("[Dataset.padded_batch] " + std::to_string(opt.padding_values.size()) +
                                   " padding_values for elements of " + std::to_string(n) + " components");
      std::vector<const Tensor*> parts(rows.size());
      out.resize(n);
      for (std::size_t c = 0; c < n; ++c) {
        const std::string what = "[Dataset.padded_batch] component " + std::to_string(c);
        for (std::size_t r = 0; r < rows.size(); ++r) {
          if (rows[r].size() != n) throw InvalidArgumentError(what + ": elements differ in their number of components");
          parts[r] = &rows[r][c];
        }
        // Unknown dims (or no padded shape at all) pad to the longest in this batch.
        TensorShape shape = opt.padded_shapes.empty() ? TensorShape::unknown_rank() : opt.padded_shapes[c];
        if (shape.has_unknown_rank()) {
          std::vector<std::int64_t> dims(parts[0]->rank(), None);
          shape = TensorShape(dims);
        }
        if (shape.rank() != parts[0]->rank())
          throw InvalidArgumentError(what + ": padded shape " + shape.debug_string() + " has rank " +
                                     std::to_string(shape.rank()) + " but the element has shape " +
                                     parts[0]->shape().debug_string());
        for (int d = 0; d < shape.rank(); ++d) {
          if (shape.dim(d) != None) continue;
          std::int64_t longest = 0;
          for (const Tensor* p : parts)
            if (p->rank() == shape.rank()) longest = std::max(longest, p->shape().dim(d));
          shape.set_dim(d, longest);
        }
        const Tensor pad_value = opt.padding_values.empty() ? Tensor() : opt.padding_values[c];
        out[c] = pad_stack(parts, shape, pad_value, what);
      }
    }
    const BatchNode* node;
    std::unique_ptr<IteratorImpl> input;
    BatchStacker stacker;
    Element row;
    std::vector<Element> rows;  // padded_batch's
  };
  NodePtr input_;
  std::int64_t size_;
  bool drop_;
  std::optional<PaddedBatchOptions> padding_;
};

class UnbatchNode final : public DatasetNode {
 public:
  explicit UnbatchNode(NodePtr input) : input_(std::move(input)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  struct It final : IteratorImpl {
    explicit It(const UnbatchNode* n) : input(n->input_->make_iterator()) {}
    bool next(Element& out) override {
      while (row >= rows) {
        if (!input->next(batch)) return false;
        row = 0;
        rows = -1;
        for (std::size_t c = 0; c < batch.size(); ++c) {
          const Tensor& t = batch[c];
          if (t.rank() < 1)
            throw InvalidArgumentError("[Dataset.unbatch] component " + std::to_string(c) +
                                       " is a scalar; unbatch needs rank >= 1");
          if (rows >= 0 && t.shape().dim(0) != rows)
            throw InvalidArgumentError("[Dataset.unbatch] components differ in their first dimension: " +
                                       std::to_string(rows) + " versus " + t.shape().debug_string());
          rows = t.shape().dim(0);
        }
      }
      out.resize(batch.size());
      for (std::size_t c = 0; c < batch.size(); ++c) out[c] = slice_row(batch[c], row);
      ++row;
      return true;
    }
    std::unique_ptr<IteratorImpl> input;
    Element batch;
    std::int64_t row = 0, rows = 0;
  };
  NodePtr input_;
};

// Windows of an input's elements, each made one element by `combine` from its members.
class WindowNode final : public DatasetNode {
 public:
  using CombineFn = void (*)(std::vector<Element>& members, Element& out);
  WindowNode(NodePtr input, std::int64_t size, WindowOptions o, CombineFn combine)
      : input_(std::move(input)), size_(size), opt_(o), combine_(combine) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  // Keeps the elements a future window can still use; `first` is the position of buffer[0].
  struct It final : IteratorImpl {
    explicit It(const WindowNode* n) : node(n), input(n->input_->make_iterator()) {}
    bool next(Element& out) override {
      const std::int64_t span = (node->size_ - 1) * node->opt_.stride + 1;
      while (!exhausted && static_cast<std::int64_t>(buffer.size()) < start - first + span) {
        Element e;
        if (input->next(e)) buffer.push_back(std::move(e));
        else exhausted = true;
      }
      std::vector<Element> members;
      for (std::int64_t p = start; p < start + span; p += node->opt_.stride)
        if (p - first < static_cast<std::int64_t>(buffer.size())) members.push_back(buffer[p - first]);
      if (members.empty() || (node->opt_.drop_remainder && static_cast<std::int64_t>(members.size()) < node->size_))
        return false;
      node->combine_(members, out);
      start += node->opt_.shift;
      const std::int64_t drop = std::min<std::int64_t>(start - first, buffer.size());
      buffer.erase(buffer.begin(), buffer.begin() + drop);
      first += drop;
      return true;
    }
    const WindowNode* node;
    std::unique_ptr<IteratorImpl> input;
    std::vector<Element> buffer;
    std::int64_t first = 0, start = 0;
    bool exhausted = false;
  };
  NodePtr input_;
  std::int64_t size_;
  WindowOptions opt_;
  CombineFn combine_;
};

// A window as one element: each component the members' components stacked.
void stack_window(std::vector<Element>& members, Element& out) { stack_elements(members, "[Dataset.window]", out); }

// A window as one element: each component a dataset (a variant scalar) of the members' components.
void window_of_datasets(std::vector<Element>& members, Element& out) {
  out.clear();
  for (std::size_t c = 0; c < members.front().size(); ++c) {
    std::vector<Element> column;
    for (const Element& member : members) column.push_back({member[c]});
    out.push_back(dataset_variant(Dataset(elements_node(std::move(column)))));
  }
}

WindowOptions checked_window_options(std::int64_t size, WindowOptions options) {
  if (options.shift == 0) options.shift = size;
  if (size < 1 || options.shift < 1 || options.stride < 1)
    throw InvalidArgumentError("[Dataset.window] size, shift and stride must be >= 1, got " + std::to_string(size) +
                               ", " + std::to_string(options.shift) + ", " + std::to_string(options.stride));
  return options;
}

void check_batch_size(std::int64_t n, const char* op) {
  if (n < 1) throw InvalidArgumentError(std::string(op) + " batch_size must be >= 1, got " + std::to_string(n));
}

}  // namespace
}  // namespace detail

Dataset Dataset::batch(std::int64_t batch_size, bool drop_remainder) const {
  detail::check_batch_size(batch_size, "[Dataset.batch]");
  return Dataset(std::make_shared<detail::BatchNode>(node_, batch_size, drop_remainder, std::nullopt), names_);
}

Dataset Dataset::padded_batch(std::int64_t batch_size, PaddedBatchOptions options) const {
  detail::check_batch_size(batch_size, "[Dataset.padded_batch]");
  const bool drop = options.drop_remainder;
  return Dataset(std::make_shared<detail::BatchNode>(node_, batch_size, drop, std::move(options)), names_);
}

Dataset Dataset::unbatch() const { return Dataset(std::make_shared<detail::UnbatchNode>(node_), names_); }

Dataset Dataset::rebatch(std::int64_t batch_size, bool drop_remainder) const {
  detail::check_batch_size(batch_size, "[Dataset.rebatch]");
  return unbatch().batch(batch_size, drop_remainder);
}

Dataset Dataset::window(std::int64_t size, WindowOptions options) const {
  return Dataset(std::make_shared<detail::WindowNode>(node_, size, detail::checked_window_options(size, options),
                                                      detail::stack_window),
                 names_);
}

namespace detail {

Dataset window_datasets(const Dataset& input, std::int64_t size, WindowOptions options) {
  return Dataset(std::make_shared<WindowNode>(input.node(), size, checked_window_options(size, options),
                                              window_of_datasets));
}

}  // namespace detail

}  // namespace tf::data
