// tf.data.experimental.assert_cardinality: a dataset that claims a known number of elements (so
// that Keras' fit shows a progress bar and cardinality() answers) and checks the claim as it runs.
#include <string>

#include "data/node.h"
#include "data/transformations.h"
#include "tfpp/errors.h"

namespace tf::data::detail {
namespace {

using NodePtr = std::shared_ptr<const DatasetNode>;

class AssertCardinalityNode final : public DatasetNode {
 public:
  AssertCardinalityNode(NodePtr input, std::int64_t expected) : input_(std::move(input)), expected_(expected) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }
  std::int64_t cardinality() const override { return expected_; }

 private:
  static std::string count(std::int64_t n) { return std::to_string(n) + (n == 1 ? " element" : " elements"); }
  std::string expected_text() const {
    return expected_ == INFINITE_CARDINALITY ? "an infinite number of elements" : count(expected_);
  }

  struct It final : IteratorImpl {
    explicit It(const AssertCardinalityNode* n) : node(n), input(n->input_->make_iterator()) {}
    bool next(Element& out) override {
      if (!input->next(out)) {
        if (node->expected_ != produced)
          throw FailedPreconditionError("Input dataset was expected to contain " + node->expected_text() +
                                        " but contained only " + count(produced) + ".");
        return false;
      }
      ++produced;
      if (node->expected_ != INFINITE_CARDINALITY && produced > node->expected_)
        throw FailedPreconditionError("Input dataset was expected to contain " + node->expected_text() +
                                      " but contained at least " + count(produced) + ".");
      return true;
    }
    const AssertCardinalityNode* node;
    std::unique_ptr<IteratorImpl> input;
    std::int64_t produced = 0;
  };
  NodePtr input_;
  std::int64_t expected_;
};

}  // namespace

Dataset assert_cardinality(const Dataset& input, std::int64_t expected) {
  if (expected < 0 && expected != INFINITE_CARDINALITY)
    throw InvalidArgumentError("[assert_cardinality] expected cardinality must be a non-negative count or "
                               "INFINITE_CARDINALITY, got " + std::to_string(expected));
  return Dataset(std::make_shared<AssertCardinalityNode>(input.node(), expected), input.element_names());
}

}  // namespace tf::data::detail
