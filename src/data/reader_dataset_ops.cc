// Datasets of files' records as graph ops, over the C++ pipeline's readers.
#include "data/reader_dataset_ops.h"

#include <string>
#include <vector>

#include "ops/execute.h"
#include "ops/op_def.h"
#include "tfpp/data/fixed_length_record_dataset.h"
#include "tfpp/data/readers.h"
#include "tfpp/io/tfrecord.h"

namespace tf::data::detail {
namespace {

// What each input of a reader op must be: a string scalar or vector of file names, or a scalar.
enum class Input { kFilenames, kString, kInt64 };

void check_input(ops::ShapeContext& ctx, std::size_t i, Input kind, const char* name) {
  const Tensor& t = ctx.input(i);
  const DType want = kind == Input::kInt64 ? DType::kInt64 : DType::kString;
  const bool rank_ok = kind == Input::kFilenames ? t.shape().has_unknown_rank() || t.shape().rank() <= 1
                                                 : t.shape().is_compatible_with(TensorShape{});
  if (t.dtype() != want || !rank_ok)
    ctx.fail(std::string(name) + " must be a " + std::string(dtype_name(want)) +
             (kind == Input::kFilenames ? " scalar or vector" : " scalar") + ", got " +
             std::string(dtype_name(t.dtype())) + t.shape().debug_string());
}

// The shape functions: each input as its reader op takes it; the output is a dataset.
void text_or_tfrecord_shape(ops::ShapeContext& ctx) {
  check_input(ctx, 0, Input::kFilenames, "filenames");
  check_input(ctx, 1, Input::kString, "compression_type");
  check_input(ctx, 2, Input::kInt64, "buffer_size");
  ctx.add_output(DType::kVariant, TensorShape{});
}

void fixed_length_record_shape(ops::ShapeContext& ctx) {
  check_input(ctx, 0, Input::kFilenames, "filenames");
  check_input(ctx, 1, Input::kInt64, "header_bytes");
  check_input(ctx, 2, Input::kInt64, "record_bytes");
  check_input(ctx, 3, Input::kInt64, "footer_bytes");
  check_input(ctx, 4, Input::kInt64, "buffer_size");
  check_input(ctx, 5, Input::kString, "compression_type");
  ctx.add_output(DType::kVariant, TensorShape{});
}

std::vector<std::string> filenames_of(const Tensor& t) {
  const std::string* p = t.data<std::string>();
  return {p, p + t.num_elements()};
}

void text_line_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(TextLineDataset(filenames_of(ctx.input(0)), ctx.input(1).item<std::string>()));
}

void tfrecord_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(
      TFRecordDataset(filenames_of(ctx.input(0)), {.compression_type = ctx.input(1).item<std::string>()}));
}

void fixed_length_record_kernel(ops::KernelContext& ctx) {
  const FixedLengthRecordOptions options{.header_bytes = ctx.input(1).item<std::int64_t>(),
                                         .footer_bytes = ctx.input(3).item<std::int64_t>(),
                                         .compression_type = ctx.input(5).item<std::string>()};
  ctx.output(0) = dataset_variant(
      FixedLengthRecordDataset(filenames_of(ctx.input(0)), ctx.input(2).item<std::int64_t>(), options));
}

// Reading files is stateful: constant folding must not read them once for all calls.
const ops::OpDef& reader_op(const char* name, int num_inputs, ops::ShapeFn shape, ops::KernelFn kernel) {
  ops::OpBuilder b(name);
  b.inputs(num_inputs).kernel_allocates_outputs().no_gradient().stateful().shape(shape);
  b.kernel(DType::kString, kernel);
  return b;
}

const ops::OpDef& kTextLineDataset = reader_op("TextLineDataset", 3, text_or_tfrecord_shape, text_line_kernel);
const ops::OpDef& kTFRecordDataset = reader_op("TFRecordDataset", 3, text_or_tfrecord_shape, tfrecord_kernel);
const ops::OpDef& kFixedLengthRecordDatasetV2 =
    reader_op("FixedLengthRecordDatasetV2", 6, fixed_length_record_shape, fixed_length_record_kernel);

Tensor run(const ops::OpDef& op, const std::vector<Tensor>& inputs) {
  return ops::execute(op, std::span<const Tensor>(inputs), {})[0];
}

}  // namespace

Tensor text_line_dataset(const Tensor& filenames, const Tensor& compression_type, const Tensor& buffer_size) {
  return run(kTextLineDataset, {filenames, compression_type, buffer_size});
}

Tensor tfrecord_dataset(const Tensor& filenames, const Tensor& compression_type, const Tensor& buffer_size) {
  return run(kTFRecordDataset, {filenames, compression_type, buffer_size});
}

Tensor fixed_length_record_dataset(const Tensor& filenames, const Tensor& header_bytes, const Tensor& record_bytes,
                                   const Tensor& footer_bytes, const Tensor& buffer_size,
                                   const Tensor& compression_type) {
  return run(kFixedLengthRecordDatasetV2,
             {filenames, header_bytes, record_bytes, footer_bytes, buffer_size, compression_type});
}

}  // namespace tf::data::detail
