// WriteRawProtoSummary: writes serialized Summary protos as they are (TensorFlow's op of the same
// name, behind tf.summary.experimental.write_raw_pb), for V1-style summaries built by hand. The
// Values of all the tensor's protos go into one Event, in order.
#include <chrono>

#include "ops/execute.h"
#include "proto/event.pb.h"
#include "summary/summary_ops.h"
#include "summary/writer_state.h"

namespace tf::summary::detail {
namespace {

void write_raw_proto_kernel(ops::KernelContext& ctx) {
  std::shared_ptr<WriterState> writer = find_writer(ctx.attr<std::int64_t>(0), "WriteRawProtoSummary");
  proto::Event event;
  event.set_wall_time(std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count());
  event.set_step(ctx.input(0).item<std::int64_t>());
  const Tensor& protos = ctx.input(1);
  const std::string* serialized = protos.data<std::string>();
  for (std::int64_t i = 0; i < protos.num_elements(); ++i)
    // A Summary is one repeated field, so merging concatenates the Values.
    if (!event.mutable_summary()->MergeFromString(serialized[i]))
      throw DataLossError("[WriteRawProtoSummary] Bad tf.compat.v1.Summary binary proto tensor string at index " +
                          std::to_string(i));
  writer->file().write_event(event.SerializeAsString());
}

void write_raw_proto_shape(ops::ShapeContext& ctx) {
  check_step_input(ctx);
  if (ctx.input(1).dtype() != DType::kString)
    ctx.fail("tensor must be strings (serialized Summary protos), got " +
             std::string(dtype_name(ctx.input(1).dtype())) + ctx.input(1).shape().debug_string());
}

const ops::OpDef& kWriteRawProtoSummary = [] {
  ops::OpBuilder b("WriteRawProtoSummary");
  b.inputs(2).attrs({"writer"}).shape(write_raw_proto_shape).stateful().no_gradient();
  b.kernel(DType::kInt64, write_raw_proto_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

}  // namespace

const ops::OpDef& write_raw_proto_summary_op() { return kWriteRawProtoSummary; }

}  // namespace tf::summary::detail
