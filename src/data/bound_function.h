// A dataset op's traced function bound to the op's inputs, which a call extends with its own
// arguments (Note [Dataset function inputs] in data/dataset_ops.cc).
#pragma once

#include <memory>
#include <vector>

#include "graph/function_body.h"
#include "ops/op_def.h"
#include "tfpp/data/dataset.h"

namespace tf::data::detail {

/// `body` run on the op's inputs followed by a call's arguments.
struct BoundFunction {
  std::shared_ptr<const graph::FunctionBody> body;
  std::vector<Tensor> inputs;
  std::vector<Tensor> operator()(const Element& args) const {
    std::vector<Tensor> values = inputs;
    values.insert(values.end(), args.begin(), args.end());
    return body->run(values);
  }
};

/// The function of attribute `attr` bound to all of the kernel's inputs.
inline BoundFunction bind(ops::KernelContext& ctx, int attr = 0) {
  return {ctx.attr<std::shared_ptr<const graph::FunctionBody>>(attr),
          std::vector<Tensor>(ctx.inputs().begin(), ctx.inputs().end())};
}

}  // namespace tf::data::detail
