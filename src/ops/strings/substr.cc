// Substr: the substring of each string at pos (from the end when negative) of at most len bytes
// or UTF-8 characters. pos and len have one shape, which broadcasts with the input's.
#include <mutex>

#include "kernels/cpu/broadcast.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/string_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void substr_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0);
  const DType index = ctx.input(1).dtype();
  if (!is_index_dtype(index)) ctx.fail("pos has dtype " + std::string(dtype_name(index)) + "; expected int32 or int64");
  if (ctx.input(2).dtype() != index)
    ctx.fail("len has dtype " + std::string(dtype_name(ctx.input(2).dtype())) + "; expected " +
             std::string(dtype_name(index)) + " as pos");
  const std::string& unit = ctx.attr<std::string>(0);
  if (unit != "BYTE" && unit != "UTF8_CHAR") ctx.fail("unit must be \"BYTE\" or \"UTF8_CHAR\", got \"" + unit + "\"");
  const TensorShape &pos = ctx.input(1).shape(), &len = ctx.input(2).shape();
  if (!pos.is_compatible_with(len))
    ctx.fail("pos and len should have the same shape, got: " + pos.debug_string() + " vs. " + len.debug_string());
  ctx.add_output(string, ops::broadcast_shapes(ctx, ctx.input(0).shape(), pos.is_fully_defined() ? pos : len));
}

// The byte offset `chars` UTF-8 characters into s from `from`, forwards (stopping at the end); a
// character starts at every byte that does not continue one (10xxxxxx).
std::size_t forward_utf8(const std::string& s, std::size_t from, std::int64_t chars) {
  std::size_t at = from;
  for (; chars > 0 && at < s.size(); --chars)
    do ++at;
    while (at < s.size() && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80);
  return at;
}

// The number of UTF-8 characters in s.
std::int64_t count_utf8(const std::string& s) {
  std::int64_t chars = 0;
  for (unsigned char c : s) chars += (c & 0xC0) != 0x80;
  return chars;
}

// As TensorFlow: pos must lie in [-n, n] for a string of n
// units (pos == n gives ""); a negative len takes the rest of the string in bytes and nothing in
// UTF-8 characters, and a len past the end stops there.
template <class T>
void substr_kernel(KernelContext& ctx) {
  const Tensor &input = ctx.input(0), &pos = ctx.input(1), &len = ctx.input(2);
  Tensor& out = ctx.output(0);
  const bool utf8 = ctx.attr<std::string>(0) == "UTF8_CHAR";
  const std::string* s = input.data<std::string>();
  const T *p = pos.data<T>(), *l = len.data<T>();
  std::string* o = out.mutable_data<std::string>();
  const kernels::BroadcastPlan plan = kernels::plan_broadcast(input.shape(), pos.shape(), out.shape());
  // Pool threads cannot throw: the first out-of-range element's error is kept and raised after.
  std::mutex mutex;
  std::int64_t first_bad = -1;
  std::string error;
  kernels::for_each_row(plan, 32, [&](const std::array<std::int64_t, 2>& offsets, std::int64_t out_offset, std::int64_t n) {
    const std::int64_t step_s = plan.rank ? plan.strides[0][plan.rank - 1] : 0;
    const std::int64_t step_p = plan.rank ? plan.strides[1][plan.rank - 1] : 0;
    for (std::int64_t k = 0; k < n; ++k) {
      const std::string& text = s[offsets[0] + k * step_s];
      const std::int64_t at = offsets[1] + k * step_p;
      std::int64_t start = p[at];
      const std::int64_t size = utf8 ? count_utf8(text) : static_cast<std::int64_t>(text.size());
      if (start > size || start < -size) {
        const std::lock_guard<std::mutex> lock(mutex);
        if (first_bad < 0 || out_offset + k < first_bad) {
          first_bad = out_offset + k;
          error = "pos " + std::to_string(start) + " out of range for string " + (utf8 ? "" : "b'" + text + "' ") +
                  "at index " + std::to_string(first_bad);
        }
        continue;
      }
      if (start < 0) start += size;
      if (!utf8) {
        o[out_offset + k] = l[at] < 0 ? text.substr(start) : text.substr(start, l[at]);
        continue;
      }
      const std::size_t begin = forward_utf8(text, 0, start);
      o[out_offset + k] = text.substr(begin, forward_utf8(text, begin, l[at]) - begin);
    }
  });
  if (first_bad >= 0) ctx.fail(error);
}

// Dispatched on the input (string); pos's dtype picks the index type.
void dispatch_kernel(KernelContext& ctx) {
  if (ctx.input(1).dtype() == int32) substr_kernel<std::int32_t>(ctx);
  else substr_kernel<std::int64_t>(ctx);
}

const OpDef& kSubstr = OpBuilder("Substr").inputs(3).attrs({"unit"}).shape(substr_shape)
    .kernel(string, dispatch_kernel).no_gradient();

}  // namespace

namespace strings {

Tensor substr(const Tensor& input, const Tensor& pos, const Tensor& len, const SubstrOptions& options) {
  const std::array<ops::AttrValue, 1> attrs{options.unit};
  return std::move(ops::execute(kSubstr, {input, pos, len}, attrs)[0]);
}

}  // namespace strings
}  // namespace tf
