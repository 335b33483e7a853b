// UnicodeScript: each int32 code point's script by ICU's uscript_getScript, as TensorFlow's kernel.
#include <unicode/uscript.h>

#include <string>

#include "ops/execute.h"
#include "tfpp/unicode_script.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void unicode_script_shape(ShapeContext& ctx) {
  ctx.expect_input_dtype(0, int32);
  ctx.add_output(int32, ctx.input(0).shape());
}

void unicode_script_kernel(KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  const std::int32_t* codepoints = input.data<std::int32_t>();
  std::int32_t* scripts = ctx.output(0).mutable_data<std::int32_t>();
  for (std::int64_t i = 0; i < input.num_elements(); ++i) {
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(codepoints[i], &status);
    scripts[i] = U_SUCCESS(status) ? static_cast<std::int32_t>(script) : -1;
  }
}

const OpDef& kUnicodeScript =
    OpBuilder("UnicodeScript").inputs(1).shape(unicode_script_shape).kernel(int32, unicode_script_kernel).no_gradient();

}  // namespace

namespace strings {

Tensor unicode_script(const Tensor& codepoints) { return ops::execute1(kUnicodeScript, {codepoints}); }

}  // namespace strings
}  // namespace tf
