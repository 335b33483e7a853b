// UnicodeDecodeWithOffsets, UnicodeEncode and UnicodeTranscode (Note [UTF-8 maximal subparts]
// in unicode_codec.cc says how ill-formed text is split into errors).
#include <array>
#include <vector>

#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "ops/strings/unicode_codec.h"
#include "tfpp/constant.h"
#include "tfpp/unicode_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;
namespace unicode = ops::unicode;

constexpr char kInvalidFormatting[] = "Invalid formatting on input string";

// The attributes every Unicode op reads, at their positions in each op's attribute list.
struct ErrorHandling {
  unicode::Errors errors;
  std::int32_t replacement;
  bool replace_controls;
};

ErrorHandling error_handling(const OpContext& ctx, std::size_t errors_attr, bool has_controls_attr) {
  const std::int64_t replacement = ctx.attr<std::int64_t>(errors_attr + 1);
  if (!unicode::is_scalar_value(replacement))
    ctx.fail("replacement_char " + std::to_string(replacement) + " is not a valid Unicode code point");
  return {unicode::errors_named(ctx, ctx.attr<std::string>(errors_attr)), static_cast<std::int32_t>(replacement),
          has_controls_attr && ctx.attr<bool>(errors_attr + 2)};
}

// Calls emit(code point, byte start) for each code point of `text`, handling errors as asked.
template <typename Emit>
void decode_text(const OpContext& ctx, const std::string& text, unicode::Encoding encoding, const ErrorHandling& h,
                 Emit&& emit) {
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t start = pos;
    std::int32_t cp = unicode::next_code_point(text, pos, encoding);
    if (cp < 0) {
      if (h.errors == unicode::Errors::kStrict) ctx.fail(kInvalidFormatting);
      if (h.errors == unicode::Errors::kIgnore) continue;
      cp = h.replacement;
    } else if (h.replace_controls && cp <= 0x1F) {
      cp = h.replacement;
    }
    emit(cp, static_cast<std::int64_t>(start));
  }
}

// ---- UnicodeDecodeWithOffsets: attrs input_encoding, errors, replacement_char, replace_control_characters ----

void decode_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0);
  unicode::encoding_named(ctx, ctx.attr<std::string>(0), "input_encoding");
  error_handling(ctx, 1, true);
  const TensorShape& shape = ctx.input(0).shape();
  const std::int64_t n = shape.has_unknown_rank() ? None : shape.num_elements();
  ctx.add_output(int64, {n == None ? None : n + 1});
  ctx.add_output(int32, {None});
  ctx.add_output(int64, {None});
}

void decode_kernel(KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  const unicode::Encoding encoding = unicode::encoding_named(ctx, ctx.attr<std::string>(0), "input_encoding");
  const ErrorHandling handling = error_handling(ctx, 1, true);
  std::vector<std::int64_t> splits{0}, starts;
  std::vector<std::int32_t> values;
  const std::string* strings = input.data<std::string>();
  for (std::int64_t i = 0; i < input.num_elements(); ++i) {
    decode_text(ctx, strings[i], encoding, handling, [&](std::int32_t cp, std::int64_t start) {
      values.push_back(cp);
      starts.push_back(start);
    });
    splits.push_back(static_cast<std::int64_t>(values.size()));
  }
  const auto n = static_cast<std::int64_t>(values.size());
  ctx.output(0) = constant(splits, {static_cast<std::int64_t>(splits.size())});
  ctx.output(1) = constant(values, {n});
  ctx.output(2) = constant(starts, {n});
}

const OpDef& kUnicodeDecodeWithOffsets = OpBuilder("UnicodeDecodeWithOffsets").inputs(1)
    .attrs({"input_encoding", "errors", "replacement_char", "replace_control_characters"}).shape(decode_shape)
    .kernel(string, decode_kernel).kernel_allocates_outputs().no_gradient();

// ---- UnicodeEncode: inputs input_values (int32), input_splits (int64); attrs output_encoding, errors, replacement_char ----

void encode_shape(ShapeContext& ctx) {
  const Tensor &values = ctx.input(0), &splits = ctx.input(1);
  if (values.dtype() != int32 || splits.dtype() != int64)
    ctx.fail("input_values must be int32 and input_splits int64, got " + std::string(dtype_name(values.dtype())) +
             " and " + std::string(dtype_name(splits.dtype())));
  if ((!values.shape().has_unknown_rank() && values.rank() != 1) ||
      (!splits.shape().has_unknown_rank() && splits.rank() != 1))
    ctx.fail("input_values and input_splits must be vectors, got shapes " + values.shape().debug_string() + " and " +
             splits.shape().debug_string());
  unicode::encoding_named(ctx, ctx.attr<std::string>(0), "output_encoding");
  error_handling(ctx, 1, false);
  const std::int64_t n = splits.shape().has_unknown_rank() ? None : splits.shape().dim(0);
  ctx.add_output(string, {n == None ? None : std::max<std::int64_t>(n - 1, 0)});
}

void encode_kernel(KernelContext& ctx) {
  const Tensor &values = ctx.input(0), &splits = ctx.input(1);
  const unicode::Encoding encoding = unicode::encoding_named(ctx, ctx.attr<std::string>(0), "output_encoding");
  const ErrorHandling handling = error_handling(ctx, 1, false);
  const std::int32_t* cps = values.data<std::int32_t>();
  const std::int64_t* s = splits.data<std::int64_t>();
  const std::int64_t rows = std::max<std::int64_t>(splits.num_elements() - 1, 0);
  if (splits.num_elements() == 0 || s[0] != 0 || s[rows] != values.num_elements())
    ctx.fail("input_splits must start at 0 and end at the number of input_values (" +
             std::to_string(values.num_elements()) + ")");
  std::vector<std::string> out(static_cast<std::size_t>(rows));
  for (std::int64_t r = 0; r < rows; ++r) {
    if (s[r + 1] < s[r]) ctx.fail("input_splits must be non-decreasing");
    for (std::int64_t i = s[r]; i < s[r + 1]; ++i) {
      std::int32_t cp = cps[i];
      if (!unicode::is_scalar_value(cp)) {
        if (handling.errors == unicode::Errors::kStrict)
          ctx.fail("Code point is out of range for Unicode, or is a surrogate.");
        if (handling.errors == unicode::Errors::kIgnore) continue;
        cp = handling.replacement;
      }
      unicode::append_code_point(out[static_cast<std::size_t>(r)], cp, encoding);
    }
  }
  ctx.output(0) = constant(out, {rows});
}

const OpDef& kUnicodeEncode = OpBuilder("UnicodeEncode").inputs(2)
    .attrs({"output_encoding", "errors", "replacement_char"}).shape(encode_shape)
    .kernel(int32, encode_kernel).kernel_allocates_outputs().no_gradient();

// ---- UnicodeTranscode: attrs input_encoding, output_encoding, errors, replacement_char, replace_control_characters ----

void transcode_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0);
  unicode::encoding_named(ctx, ctx.attr<std::string>(0), "input_encoding");
  unicode::encoding_named(ctx, ctx.attr<std::string>(1), "output_encoding");
  error_handling(ctx, 2, true);
  ctx.add_output(string, ctx.input(0).shape());
}

void transcode_kernel(KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  const unicode::Encoding from = unicode::encoding_named(ctx, ctx.attr<std::string>(0), "input_encoding");
  const unicode::Encoding to = unicode::encoding_named(ctx, ctx.attr<std::string>(1), "output_encoding");
  const ErrorHandling handling = error_handling(ctx, 2, true);
  const std::string* in = input.data<std::string>();
  std::string* out = ctx.output(0).mutable_data<std::string>();
  for (std::int64_t i = 0; i < input.num_elements(); ++i) {
    std::string text;
    decode_text(ctx, in[i], from, handling,
                [&](std::int32_t cp, std::int64_t) { unicode::append_code_point(text, cp, to); });
    out[i] = std::move(text);
  }
}

const OpDef& kUnicodeTranscode = OpBuilder("UnicodeTranscode").inputs(1)
    .attrs({"input_encoding", "output_encoding", "errors", "replacement_char", "replace_control_characters"})
    .shape(transcode_shape).kernel(string, transcode_kernel).no_gradient();

}  // namespace

namespace strings {

UnicodeDecodeResult unicode_decode_with_offsets(const Tensor& input, const std::string& input_encoding,
                                                const UnicodeErrorOptions& options) {
  const std::array<ops::AttrValue, 4> attrs{input_encoding, options.errors, options.replacement_char,
                                            options.replace_control_characters};
  ops::Outputs out = ops::execute(kUnicodeDecodeWithOffsets, {input}, attrs);
  return {std::move(out[0]), std::move(out[1]), std::move(out[2])};
}

Tensor unicode_encode(const Tensor& char_values, const Tensor& row_splits, const std::string& output_encoding,
                      const UnicodeErrorOptions& options) {
  const std::array<ops::AttrValue, 3> attrs{output_encoding, options.errors, options.replacement_char};
  return std::move(ops::execute(kUnicodeEncode, {char_values, row_splits}, attrs)[0]);
}

Tensor unicode_transcode(const Tensor& input, const std::string& input_encoding, const std::string& output_encoding,
                         const UnicodeErrorOptions& options) {
  const std::array<ops::AttrValue, 5> attrs{input_encoding, output_encoding, options.errors,
                                            options.replacement_char, options.replace_control_characters};
  return std::move(ops::execute(kUnicodeTranscode, {input}, attrs)[0]);
}

}  // namespace strings
}  // namespace tf
