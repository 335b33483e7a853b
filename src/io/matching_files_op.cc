// MatchingFiles: glob patterns expanded when the op runs. Not stateful, as in TensorFlow: in a
// function, a constant pattern may be expanded once, when the graph is optimized.
#include "io/glob_files.h"
#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/constant.h"
#include "tfpp/matching_files.h"

namespace tf {
namespace {

void matching_files_shape(ops::ShapeContext& ctx) {
  ops::check_string_input(ctx, 0, "pattern");
  const TensorShape& shape = ctx.input(0).shape();
  if (!shape.has_unknown_rank() && shape.rank() > 1)
    ctx.fail("Input patterns tensor must be scalar or vector, but had shape: " + shape.debug_string());
  ctx.add_output(string, TensorShape({None}));
}

void matching_files_kernel(ops::KernelContext& ctx) {
  const Tensor& patterns = ctx.input(0);
  std::vector<std::string> names;
  for (const std::string& pattern : patterns.numpy<std::string>()) {
    const std::vector<std::string> matched = io::glob_files(pattern, "MatchingFiles");
    names.insert(names.end(), matched.begin(), matched.end());
  }
  ctx.output(0) = constant(names, {static_cast<std::int64_t>(names.size())});
}

const ops::OpDef& kMatchingFiles = ops::OpBuilder("MatchingFiles").inputs(1).shape(matching_files_shape)
    .kernel(string, matching_files_kernel).kernel_allocates_outputs().no_gradient();

}  // namespace

namespace io {

Tensor matching_files(const Tensor& pattern) { return ops::execute1(kMatchingFiles, {pattern}); }

}  // namespace io
}  // namespace tf
