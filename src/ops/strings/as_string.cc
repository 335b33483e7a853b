// AsString: each number, bool or string as text, through a printf format built from the attrs
// precision, scientific, shortest, width and fill, as TensorFlow builds it.
#include <cinttypes>
#include <cstdio>

#include "kernels/cpu/parallel.h"
#include "ops/execute.h"
#include "tfpp/string_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

enum AsStringAttr { kPrecision, kScientific, kShortest, kWidth, kFill };

void as_string_shape(ShapeContext& ctx) {
  const DType dtype = ctx.input(0).dtype();
  const std::string& fill = ctx.attr<std::string>(kFill);
  const bool scientific = ctx.attr<bool>(kScientific), shortest = ctx.attr<bool>(kShortest);
  if (fill.size() > 1) ctx.fail("Fill string must be one or fewer characters");
  if (scientific && shortest) ctx.fail("Cannot select both scientific and shortest notation");
  if (!fill.empty() && std::string_view(" +-#0").find(fill[0]) == std::string_view::npos)
    ctx.fail("Fill argument not supported: \"" + fill + "\"");
  if (is_integer(dtype) || dtype == bool_) {
    if (ctx.attr<std::int64_t>(kPrecision) > -1)
      ctx.fail("precision not supported for datatype " + std::string(dtype_name(dtype)));
    if (scientific || shortest)
      ctx.fail("scientific and shortest format not supported for datatype " + std::string(dtype_name(dtype)));
  } else if (!is_floating(dtype) && dtype != string) {
    ctx.fail("input has dtype " + std::string(dtype_name(dtype)) +
             "; expected a number (float32, float64, int32, int64, uint8), bool or string");
  }
  ctx.add_output(string, ctx.input(0).shape());
}

// "%" + fill flag + width + .precision (floats) + the conversion of T.
template <class T>
std::string format_of(const KernelContext& ctx) {
  std::string format = "%";
  format += ctx.attr<std::string>(kFill);
  if (const std::int64_t width = ctx.attr<std::int64_t>(kWidth); width > -1) format += std::to_string(width);
  if constexpr (std::is_floating_point_v<T>) {
    if (const std::int64_t precision = ctx.attr<std::int64_t>(kPrecision); precision > -1)
      format.append(".").append(std::to_string(precision));  // not "." + ...: GCC 12 warns falsely (-Wrestrict)
    format += ctx.attr<bool>(kScientific) ? "e" : ctx.attr<bool>(kShortest) ? "g" : "f";
  } else if constexpr (std::is_same_v<T, std::string>) {
    format += "s";
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    format += PRId64;
  } else if constexpr (std::is_same_v<T, std::uint64_t>) {
    format += PRIu64;
  } else if constexpr (std::is_unsigned_v<T>) {
    format += "u";  // unsigned, so the '+' flag adds no sign, as in TensorFlow
  } else {
    format += "d";
  }
  return format;
}

// printf of one value; bools are "true"/"false" whatever the format, as in TensorFlow.
template <class T>
std::string text_of(const std::string& format, const T& value) {
  if constexpr (std::is_same_v<T, bool>) {
    return value ? "true" : "false";
  } else {
    auto arg = [&] {
      if constexpr (std::is_same_v<T, std::string>) return value.c_str();
      else if constexpr (std::is_floating_point_v<T>) return static_cast<double>(value);
      else if constexpr (std::is_same_v<T, std::int64_t>) return value;
      else if constexpr (std::is_same_v<T, std::uint64_t>) return value;
      else if constexpr (std::is_unsigned_v<T>) return static_cast<unsigned>(value);
      else return static_cast<int>(value);
    }();
    char buffer[64];  // one printf call for all but very wide or long results
    const int n = std::snprintf(buffer, sizeof buffer, format.c_str(), arg);
    if (n < static_cast<int>(sizeof buffer)) return std::string(buffer, static_cast<std::size_t>(n));
    std::string out(static_cast<std::size_t>(n), '\0');
    std::snprintf(out.data(), out.size() + 1, format.c_str(), arg);
    return out;
  }
}

template <class T>
void as_string_kernel(KernelContext& ctx) {
  const std::string format = format_of<T>(ctx);
  const T* in = ctx.input(0).data<T>();
  std::string* out = ctx.output(0).mutable_data<std::string>();
  kernels::parallel_for(ctx.output(0).num_elements(), 64, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) out[i] = text_of(format, in[i]);
  });
}

const OpDef& kAsString = OpBuilder("AsString").inputs(1)
    .attrs({"precision", "scientific", "shortest", "width", "fill"}).shape(as_string_shape)
    .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, bool, std::string>(
        []<class T>() -> ops::KernelFn { return &as_string_kernel<T>; })
    .kernels<std::int8_t, std::int16_t, std::uint16_t, std::uint32_t, std::uint64_t>(
        []<class T>() -> ops::KernelFn { return &as_string_kernel<T>; })
    .no_gradient();

}  // namespace

namespace strings {

Tensor as_string(const Tensor& input, const AsStringOptions& options) {
  const std::array<ops::AttrValue, 5> attrs{options.precision, options.scientific, options.shortest, options.width,
                                            options.fill};
  return std::move(ops::execute(kAsString, {input}, attrs)[0]);
}

}  // namespace strings
}  // namespace tf
