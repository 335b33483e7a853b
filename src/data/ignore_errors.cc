// Dataset.ignore_errors: elements whose computation raised an error are dropped and the pass goes
// on with the next, as TensorFlow's IgnoreErrorsDataset does; and that op.
#include <exception>
#include <iostream>
#include <string>

#include "data/dataset_ops.h"
#include "data/node.h"
#include "ops/execute.h"
#include "ops/op_def.h"

namespace tf::data {
namespace detail {
namespace {

using NodePtr = std::shared_ptr<const DatasetNode>;

class IgnoreErrorsNode final : public DatasetNode {
 public:
  IgnoreErrorsNode(NodePtr input, bool log_warning) : input_(std::move(input)), log_warning_(log_warning) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  struct It final : IteratorImpl {
    explicit It(const IgnoreErrorsNode* n) : input(n->input_->make_iterator()), log_warning(n->log_warning_) {}
    bool next(Element& out) override {
      for (;;) {
        try {
          return input->next(out);
        } catch (const std::exception& e) {
          if (log_warning)
            std::cerr << "W [Dataset.ignore_errors] Error raised with error message " << e.what() << "\n";
        }
      }
    }
    std::unique_ptr<IteratorImpl> input;
    bool log_warning;
  };
  NodePtr input_;
  bool log_warning_;
};

void ignore_errors_kernel(ops::KernelContext& ctx) {
  ctx.output(0) =
      dataset_variant(dataset_of(ctx.input(0), "IgnoreErrorsDataset").ignore_errors(ctx.attr<bool>(0)));
}

void ignore_errors_shape(ops::ShapeContext& ctx) {
  const Tensor& dataset = ctx.input(0);
  if (dataset.dtype() != DType::kVariant || !dataset.shape().is_compatible_with(TensorShape{}))
    ctx.fail("the dataset must be a variant scalar, got " + std::string(dtype_name(dataset.dtype())) +
             dataset.shape().debug_string());
  ctx.add_output(DType::kVariant, TensorShape{});
}

const ops::OpDef& kIgnoreErrorsDataset = [] {
  ops::OpBuilder b("IgnoreErrorsDataset");
  b.inputs(1).attrs({"log_warning"}).kernel_allocates_outputs().no_gradient();
  b.shape(ignore_errors_shape).kernel(DType::kVariant, ignore_errors_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

}  // namespace

Tensor ignore_errors_dataset(const Tensor& dataset, bool log_warning) {
  const ops::AttrValue attrs[] = {log_warning};
  return ops::execute(kIgnoreErrorsDataset, std::span<const Tensor>(&dataset, 1), attrs)[0];
}

}  // namespace detail

Dataset Dataset::ignore_errors(bool log_warning) const {
  return Dataset(std::make_shared<detail::IgnoreErrorsNode>(node_, log_warning), names_);
}

}  // namespace tf::data
