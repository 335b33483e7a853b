// Timestamp: a stateful op with no inputs, so that a traced function reads the clock at each call.
#include <chrono>

#include "ops/execute.h"
#include "tfpp/constant.h"
#include "tfpp/timestamp.h"

namespace tf {
namespace {

void timestamp_shape(ops::ShapeContext& ctx) { ctx.add_output(float64, TensorShape({})); }

void timestamp_kernel(ops::KernelContext& ctx) {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  *ctx.output(0).mutable_data<double>() = std::chrono::duration<double>(now).count();
}

const ops::OpDef& kTimestamp =
    ops::OpBuilder("Timestamp").inputs(0).shape(timestamp_shape).kernel(float64, timestamp_kernel).stateful().no_gradient();

}  // namespace

Tensor timestamp() { return ops::execute1(kTimestamp, {}); }

}  // namespace tf
