// PrintV2: the stateful op behind tf::print. String scalars print as raw text, other
// tensors as NumPy prints their values.
#include <cstdio>

#include "ops/execute.h"
#include "tfpp/print.h"

namespace tf {
namespace {

void print_kernel(ops::KernelContext& ctx) {
  std::string line;
  for (std::size_t i = 0; i < ctx.num_inputs(); ++i) {
    const Tensor& t = ctx.input(i);
    if (i) line += " ";
    line += t.dtype() == DType::kString && t.rank() == 0 ? t.item<std::string>() : t.values_string();
  }
  line += "\n";
  std::FILE* out = ctx.attr<std::int64_t>(0) == static_cast<std::int64_t>(PrintStream::kStdout) ? stdout : stderr;
  std::fwrite(line.data(), 1, line.size(), out);
  std::fflush(out);
}

void print_shape(ops::ShapeContext&) {}  // no outputs

const ops::OpDef& kPrintV2 = [] {
  ops::OpBuilder b("PrintV2");
  b.variadic_inputs().attrs({"output_stream"}).shape(print_shape).stateful().no_gradient();
  for (int d = 0; d < kNumDTypes; ++d) b.kernel(static_cast<DType>(d), print_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

}  // namespace

void detail::print_tensors(const std::vector<Tensor>& values, PrintStream stream) {
  const ops::AttrValue attrs[] = {static_cast<std::int64_t>(stream)};
  std::vector<Tensor> inputs = values.empty() ? std::vector<Tensor>{constant("")} : values;
  ops::execute(kPrintV2, std::span<const Tensor>(inputs), attrs);
}

}  // namespace tf
