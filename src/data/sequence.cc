// Dataset::from_sequence: the batches of a Keras Sequence, get(0) .. get(size()-1) per pass.
#include "data/node.h"
#include "tfpp/errors.h"
#include "tfpp/keras/sequence.h"

namespace tf::data {
namespace detail {
namespace {

class SequenceNode final : public DatasetNode {
 public:
  explicit SequenceNode(std::shared_ptr<keras::utils::Sequence> seq) : seq_(std::move(seq)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(seq_.get()); }
  std::int64_t cardinality() const override { return seq_->size(); }

 private:
  struct It final : IteratorImpl {
    explicit It(keras::utils::Sequence* s) : seq(s), size(s->size()) {}
    bool next(Element& out) override {
      if (index == size) {
        seq->on_epoch_end();
        ++index;
        return false;
      }
      if (index > size) return false;
      try {
        out = seq->get(index);
      } catch (...) {
        rethrow_with_context("[Dataset.from_sequence] get(" + std::to_string(index) + ") failed: ");
      }
      ++index;
      return true;
    }
    keras::utils::Sequence* seq;
    std::int64_t size, index = 0;
  };
  std::shared_ptr<keras::utils::Sequence> seq_;
};

}  // namespace
}  // namespace detail

Dataset Dataset::from_sequence(std::shared_ptr<keras::utils::Sequence> sequence) {
  if (!sequence) throw InvalidArgumentError("[Dataset.from_sequence] the sequence is null");
  return Dataset(std::make_shared<detail::SequenceNode>(std::move(sequence)));
}

}  // namespace tf::data
