// The If and While ops (and their stateless twins) behind tf::cond and tf::while_loop.
#pragma once

#include <cstdint>
#include <vector>

#include "ops/op_def.h"

namespace tf::function_ops {

/// If(pred, inputs...) {then_branch, else_branch}: runs one branch on the inputs it reads.
const ops::OpDef& if_op(bool stateful);
/// While(loop_vars..., captures...) {num_loop_vars, cond, body, maximum_iterations}.
const ops::OpDef& while_op(bool stateful);

/// Assert(condition, data...) {message, summarize}: fails with InvalidArgumentError "<message>
/// [data0] [data1] ..." when the scalar bool condition is false, each data tensor's first
/// `summarize` values as TensorFlow's Assert kernel writes them (stateful, so it runs wherever it
/// is traced).
void assert_that(const Tensor& condition, const std::string& message, std::vector<Tensor> data = {},
                 std::int64_t summarize = 3);

}  // namespace tf::function_ops
