// WriteSummary: the stateful op every summary goes through (TensorFlow's WriteSummary, with the
// writer named by an id attribute instead of a resource input). It serializes one Event with
// the tensor and its plugin metadata and queues it on the writer's file.
#include <chrono>

#include "ops/execute.h"
#include "proto/summary.pb.h"
#include "summary/summary_event.h"
#include "summary/summary_ops.h"
#include "summary/writer_state.h"

namespace tf::summary::detail {
namespace {

void write_summary_kernel(ops::KernelContext& ctx) {
  std::shared_ptr<WriterState> writer = find_writer(ctx.attr<std::int64_t>(0), "WriteSummary");
  const std::string& metadata = ctx.input(3).item<std::string>();
  thread_local std::string last_checked;  // a traced summary passes the same metadata at every step
  if (metadata != last_checked) {
    if (proto::SummaryMetadata parsed; !parsed.ParseFromString(metadata))
      ctx.fail("summary metadata is not a serialized SummaryMetadata");
    last_checked = metadata;
  }
  thread_local std::string event;
  const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  serialize_summary_event(now, ctx.input(0).item<std::int64_t>(), ctx.input(2).item<std::string>(), ctx.input(1),
                          metadata, event);
  writer->file().write_event(event);
}

const ops::OpDef& kWriteSummary = [] {
  ops::OpBuilder b("WriteSummary");
  b.inputs(4).attrs({"writer"}).shape(check_step_input).stateful().no_gradient();
  b.kernel(DType::kInt64, write_summary_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

}  // namespace

void check_step_input(ops::ShapeContext& ctx) {
  if (ctx.input(0).dtype() != DType::kInt64 || ctx.input(0).shape().rank() > 0)
    ctx.fail("step must be an int64 scalar, got " + std::string(dtype_name(ctx.input(0).dtype())) +
             ctx.input(0).shape().debug_string());
}

const ops::OpDef& write_summary_op() { return kWriteSummary; }

}  // namespace tf::summary::detail
