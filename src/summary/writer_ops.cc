// FlushSummaryWriter and CloseSummaryWriter: a writer's flush() and close() as stateful ops
// (TensorFlow's ops of the same names), so that inside a tf::function they run at every call,
// in program order with the summaries, rather than once while tracing. Neither has tensor inputs
// or outputs: the writer is named by its id attribute, and the kernels register under
// DType::kResource, the dispatch dtype of such ops (TensorFlow passes the writer as a resource).
#include "ops/execute.h"
#include "summary/summary_ops.h"
#include "summary/writer_state.h"

namespace tf::summary::detail {
namespace {

void flush_kernel(ops::KernelContext& ctx) {
  find_writer(ctx.attr<std::int64_t>(0), "FlushSummaryWriter")->file().flush();
}

// Closing deletes the writer: later summaries, flushes and closes raise NotFoundError.
void close_kernel(ops::KernelContext& ctx) {
  const std::int64_t id = ctx.attr<std::int64_t>(0);
  find_writer(id, "CloseSummaryWriter")->file().close();
  unregister_writer(id);
}

void no_outputs_shape(ops::ShapeContext&) {}

const ops::OpDef& writer_op(const char* name, ops::KernelFn kernel) {
  ops::OpBuilder b(name);
  b.inputs(0).attrs({"writer"}).shape(no_outputs_shape).stateful().no_gradient();
  b.kernel(DType::kResource, kernel);
  return b;
}

const ops::OpDef& kFlushSummaryWriter = writer_op("FlushSummaryWriter", flush_kernel);
const ops::OpDef& kCloseSummaryWriter = writer_op("CloseSummaryWriter", close_kernel);

}  // namespace

const ops::OpDef& flush_summary_writer_op() { return kFlushSummaryWriter; }
const ops::OpDef& close_summary_writer_op() { return kCloseSummaryWriter; }

void execute_writer_op(const ops::OpDef& op, const WriterState& writer) {
  const ops::AttrValue attrs[] = {writer.id()};
  ops::execute(op, std::span<const Tensor>(), attrs);
}

}  // namespace tf::summary::detail
