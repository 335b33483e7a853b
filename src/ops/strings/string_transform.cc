// Ops that map each string to another of the same shape: StringLower, StringUpper (ASCII, or all
// of Unicode through ICU when the encoding is "utf-8", as TensorFlow) and StringStrip.
#include <unicode/locid.h>
#include <unicode/unistr.h>

#include "kernels/cpu/parallel.h"
#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/string_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// StringLower and StringUpper: attr encoding.
void case_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0);
  const std::string& encoding = ctx.attr<std::string>(0);
  if (!encoding.empty() && encoding != "utf-8")
    ctx.fail("only utf-8 or '' (no encoding) is supported, received " + encoding);
  ctx.add_output(string, ctx.input(0).shape());
}

// Applies `fn` to every string, in parallel.
template <class Fn>
void map_strings(KernelContext& ctx, Fn fn) {
  const std::string* in = ctx.input(0).data<std::string>();
  std::string* out = ctx.output(0).mutable_data<std::string>();
  kernels::parallel_for(ctx.output(0).num_elements(), 64, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) out[i] = fn(in[i]);
  });
}

template <bool kUpper>
void case_kernel(KernelContext& ctx) {
  if (ctx.attr<std::string>(0).empty()) {
    return map_strings(ctx, [](const std::string& s) {
      std::string t = s;
      for (char& c : t)
        if (kUpper ? (c >= 'a' && c <= 'z') : (c >= 'A' && c <= 'Z')) c = static_cast<char>(c ^ 0x20);
      return t;
    });
  }
  // Full Unicode case mapping in the root locale (so "ß" uppercases to "SS"); invalid UTF-8
  // becomes U+FFFD, as ICU's conversion does in TensorFlow.
  map_strings(ctx, [](const std::string& s) {
    icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<std::int32_t>(s.size())));
    if constexpr (kUpper) u.toUpper(icu::Locale::getRoot());
    else u.toLower(icu::Locale::getRoot());
    std::string t;
    return u.toUTF8String(t);
  });
}

const OpDef& kStringLower = OpBuilder("StringLower").inputs(1).attrs({"encoding"}).shape(case_shape)
    .kernel(string, case_kernel<false>).no_gradient();
const OpDef& kStringUpper = OpBuilder("StringUpper").inputs(1).attrs({"encoding"}).shape(case_shape)
    .kernel(string, case_kernel<true>).no_gradient();

void strip_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0);
  ctx.add_output(string, ctx.input(0).shape());
}

// C's isspace in the "C" locale: space, \t, \n, \v, \f, \r.
bool is_ascii_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

void strip_kernel(KernelContext& ctx) {
  map_strings(ctx, [](const std::string& s) {
    std::size_t begin = 0, end = s.size();
    while (begin < end && is_ascii_space(s[begin])) ++begin;
    while (end > begin && is_ascii_space(s[end - 1])) --end;
    return s.substr(begin, end - begin);
  });
}

const OpDef& kStringStrip = OpBuilder("StringStrip").inputs(1).shape(strip_shape).kernel(string, strip_kernel)
    .no_gradient();

}  // namespace

namespace strings {

Tensor lower(const Tensor& input, const std::string& encoding) {
  const std::array<ops::AttrValue, 1> attrs{encoding};
  return std::move(ops::execute(kStringLower, {input}, attrs)[0]);
}

Tensor upper(const Tensor& input, const std::string& encoding) {
  const std::array<ops::AttrValue, 1> attrs{encoding};
  return std::move(ops::execute(kStringUpper, {input}, attrs)[0]);
}

Tensor strip(const Tensor& input) { return std::move(ops::execute(kStringStrip, {input}, {})[0]); }

}  // namespace strings
}  // namespace tf
