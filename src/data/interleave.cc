// Dataset.interleave / flat_map: cycle_length inner datasets open at once, block_length
// elements from each in turn; an exhausted one is replaced by the next input element's dataset.
#include "data/node.h"
#include "data/threads.h"
#include "tfpp/errors.h"

namespace tf::data {
namespace detail {
namespace {

using NodePtr = std::shared_ptr<const DatasetNode>;
using DatasetFn = std::function<Dataset(const Element&)>;

class InterleaveNode final : public DatasetNode {
 public:
  InterleaveNode(NodePtr input, DatasetFn fn, std::int64_t cycle, std::int64_t block)
      : input_(std::move(input)), fn_(std::move(fn)), cycle_(cycle), block_(block) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  struct It final : IteratorImpl {
    explicit It(const InterleaveNode* n)
        : node(n), input(n->input_->make_iterator()), fn(n->fn_), slots(static_cast<std::size_t>(n->cycle_)) {}
    // TensorFlow's order: a slot found empty is filled from the input; an exhausted one is
    // closed and the cycle moves on (the slot is refilled when the cycle comes back to it).
    bool next(Element& out) override {
      while (!input_done || open_count > 0) {
        auto& slot = slots[current];
        if (slot) {
          if (slot.iterator->next(out)) {
            if (++taken == node->block_) advance();
            return true;
          }
          slot.iterator.reset();  // before the dataset it points into
          slot.dataset = Dataset();
          --open_count;
          advance();
        } else if (!input_done) {
          open(slot);
          if (slot) ++open_count;
        } else {
          advance();
        }
      }
      return false;
    }
    void advance() {
      taken = 0;
      current = (current + 1) % slots.size();
    }
    // An inner pass and the dataset it reads (which the pass points into).
    struct Slot {
      Dataset dataset;
      std::unique_ptr<IteratorImpl> iterator;
      explicit operator bool() const { return iterator != nullptr; }
    };
    void open(Slot& slot) {
      Element e;
      if (!input->next(e)) {
        input_done = true;
        return;
      }
      Dataset d;
      try {
        d = fn(e);
      } catch (...) {
        rethrow_with_context("[Dataset.interleave] the function failed on element " + std::to_string(index) + ": ");
      }
      ++index;
      slot.iterator = d.node()->make_iterator();
      slot.dataset = std::move(d);
    }
    const InterleaveNode* node;
    std::unique_ptr<IteratorImpl> input;
    DatasetFn fn;
    std::vector<Slot> slots;
    std::size_t current = 0;
    std::int64_t taken = 0, index = 0, open_count = 0;
    bool input_done = false;
  };

  NodePtr input_;
  DatasetFn fn_;
  std::int64_t cycle_, block_;
};

}  // namespace
}  // namespace detail

Dataset Dataset::interleave_impl(std::function<Dataset(const Element&)> fn, InterleaveOptions options) const {
  const std::int64_t cycle = options.cycle_length == AUTOTUNE ? detail::resolve_parallelism(AUTOTUNE) : options.cycle_length;
  if (cycle < 1 || options.block_length < 1)
    throw InvalidArgumentError("[Dataset.interleave] cycle_length and block_length must be >= 1, got " +
                               std::to_string(options.cycle_length) + " and " + std::to_string(options.block_length));
  return Dataset(std::make_shared<detail::InterleaveNode>(node_, std::move(fn), cycle, options.block_length));
}

}  // namespace tf::data
