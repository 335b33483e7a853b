// StringFormat and the text of TensorFlow's Tensor::SummarizeValue with print_v2 (its
// PrintOneDimV2 and PrintOneElement): elements as TensorFlow's StrCat writes them (float
// "%.6g" widened to "%.9g", double "%.15g" widened to "%.17g" when the shorter text does not
// read back, bools as 1/0), strings quoted with C escapes.
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/visit_integer_dtype.h"
#include "ops/execute.h"
#include "ops/string_format.h"

namespace tf::ops {
namespace {

std::string float_text(float v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*g", FLT_DIG, static_cast<double>(v));
  if (std::strtof(buffer, nullptr) != v) std::snprintf(buffer, sizeof buffer, "%.*g", FLT_DIG + 3, static_cast<double>(v));
  return buffer;
}

std::string double_text(double v) {
  char buffer[32];
  bool full = true;
  if (std::fabs(v) <= DBL_MAX / 1.000000000000001) {
    std::snprintf(buffer, sizeof buffer, "%.*g", DBL_DIG, v);
    full = std::strtod(buffer, nullptr) != v;
  }
  if (full) std::snprintf(buffer, sizeof buffer, "%.*g", DBL_DIG + 2, v);
  return buffer;
}

// absl::Utf8SafeCEscape: \n \r \t \" \' \\ escaped, other bytes below 0x20 and 0x7f as octal;
// bytes from 0x80 (UTF-8) pass through.
std::string c_escape(const std::string& s) {
  std::string out;
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '"': out += "\\\""; break;
      case '\'': out += "\\'"; break;
      case '\\': out += "\\\\"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char octal[5];
          std::snprintf(octal, sizeof octal, "\\%03o", c);
          out += octal;
        } else {
          out += ch;
        }
    }
  }
  return out;
}

template <class T>
std::string element_text(const T& v, bool print_v2 = true) {
  if constexpr (std::is_same_v<T, float>) return float_text(v);
  else if constexpr (std::is_same_v<T, double>) return double_text(v);
  else if constexpr (std::is_same_v<T, bool>) return v ? "1" : "0";
  else if constexpr (std::is_same_v<T, std::string>) return print_v2 ? "\"" + c_escape(v) + "\"" : c_escape(v);
  else return std::to_string(v);
}

void dim_spacing(int dim, int dims, std::string& out) {
  if (dim == dims - 1) {
    out += ' ';
    return;
  }
  out.append(static_cast<std::size_t>(dims - dim - 1), '\n');
  out.append(static_cast<std::size_t>(dim + 1), ' ');
}

template <class T>
void print_dim(int dim, const std::vector<std::int64_t>& shape, std::int64_t at_ends, const T* data,
               std::int64_t index, std::string& out) {
  const int dims = static_cast<int>(shape.size());
  if (dim == dims) {
    out += element_text(data[index]);
    return;
  }
  out += '[';
  const std::int64_t count = shape[static_cast<std::size_t>(dim)];
  const std::int64_t start_of_end = std::max(at_ends, count - at_ends);
  std::int64_t stride = 1;
  for (int i = dim + 1; i < dims; ++i) stride *= shape[static_cast<std::size_t>(i)];
  for (std::int64_t i = 0; i < at_ends && i < count; ++i) {
    if (i > 0) dim_spacing(dim, dims, out);
    print_dim(dim + 1, shape, at_ends, data, index + stride * i, out);
  }
  if (count > 2 * at_ends) {
    dim_spacing(dim, dims, out);
    out += "...";
  }
  for (std::int64_t i = start_of_end; i < count; ++i) {
    dim_spacing(dim, dims, out);
    print_dim(dim + 1, shape, at_ends, data, index + stride * i, out);
  }
  out += ']';
}

// TensorFlow's PrintOneDim: elements in row order until `limit` are printed, each dimension's
// brackets opened only while elements remain, "..." where an inner row is cut short.
template <class T>
void print_dim_v1(int dim, const std::vector<std::int64_t>& shape, std::int64_t limit, const T* data,
                  std::int64_t& index, std::string& out) {
  if (index >= limit) return;
  const std::int64_t count = shape[static_cast<std::size_t>(dim)];
  if (dim == static_cast<int>(shape.size()) - 1) {
    for (std::int64_t i = 0; i < count; ++i) {
      if (index >= limit) {
        if (dim != 0) out += "...";
        return;
      }
      if (i > 0) out += ' ';
      out += element_text(data[index++], false);
    }
    return;
  }
  for (std::int64_t i = 0; i < count; ++i) {
    const bool opened = index < limit;
    if (opened) out += '[';
    print_dim_v1(dim + 1, shape, limit, data, index, out);
    if (index < limit || opened) out += ']';
  }
}

void string_format_kernel(KernelContext& ctx) {
  const std::string& tmpl = ctx.attr<std::string>(0);
  const std::string& placeholder = ctx.attr<std::string>(1);
  const std::int64_t summarize = ctx.attr<std::int64_t>(2);
  std::string out;
  std::size_t from = 0;
  for (std::size_t i = 0; i < ctx.num_inputs(); ++i) {
    const std::size_t at = tmpl.find(placeholder, from);
    out.append(tmpl, from, at - from);
    out += summarize_value(ctx.input(i), summarize);
    from = at + placeholder.size();
  }
  out.append(tmpl, from, std::string::npos);
  *ctx.output(0).mutable_data<std::string>() = std::move(out);
}

void string_format_shape(ShapeContext& ctx) {
  const std::string& tmpl = ctx.attr<std::string>(0);
  const std::string& placeholder = ctx.attr<std::string>(1);
  if (placeholder.empty()) ctx.fail("placeholder must not be empty");
  std::size_t count = 0;
  for (std::size_t at = tmpl.find(placeholder); at != std::string::npos; at = tmpl.find(placeholder, at + placeholder.size()))
    ++count;
  if (count != ctx.num_inputs())
    ctx.fail("num placeholders in template and num inputs must match: " + std::to_string(count) + " vs. " +
             std::to_string(ctx.num_inputs()));
  for (std::size_t i = 0; i < ctx.num_inputs(); ++i) {
    const DType d = ctx.input(i).dtype();
    if (d == DType::kResource || d == DType::kVariant)
      ctx.fail("input " + std::to_string(i) + " is a " + std::string(dtype_name(d)) + " tensor, which has no printable values");
  }
  ctx.add_output(DType::kString, TensorShape{});
}

const OpDef& kStringFormat = [] {
  OpBuilder b("StringFormat");
  b.variadic_inputs().attrs({"template", "placeholder", "summarize"}).shape(string_format_shape).no_gradient();
  for (int d = 0; d < kNumDTypes; ++d) b.kernel(static_cast<DType>(d), string_format_kernel);
  return std::ref(static_cast<const OpDef&>(b));
}();

}  // namespace

const OpDef& string_format_op() { return kStringFormat; }

std::string summarize_value(const Tensor& t, std::int64_t summarize) {
  const std::int64_t n = t.num_elements();
  const std::int64_t limit = std::min(summarize < 0 ? n : summarize, n);
  std::vector<std::int64_t> shape(t.shape().dims().begin(), t.shape().dims().end());
  return visit_integer_dtype(t.dtype(), [&](auto tag) -> std::string {
    using T = decltype(tag);
    const T* data = limit > 0 ? t.data<T>() : nullptr;
    std::string out;
    if (shape.empty()) {
      for (std::int64_t i = 0; i < limit; ++i) out += (i ? " " : "") + element_text(data[i]);
      if (n > limit) out += "...";
      return out;
    }
    print_dim(0, shape, limit, data, 0, out);
    return out;
  });
}

std::string summarize_value_v1(const Tensor& t, std::int64_t summarize) {
  const std::int64_t n = t.num_elements();
  const std::int64_t limit = std::min(summarize < 0 ? n : summarize, n);
  std::vector<std::int64_t> shape(t.shape().dims().begin(), t.shape().dims().end());
  return visit_integer_dtype(t.dtype(), [&](auto tag) -> std::string {
    using T = decltype(tag);
    const T* data = limit > 0 ? t.data<T>() : nullptr;
    std::string out;
    if (shape.empty()) {
      for (std::int64_t i = 0; i < limit; ++i) out += (i ? " " : "") + element_text(data[i], false);
    } else {
      std::int64_t index = 0;
      print_dim_v1(0, shape, limit, data, index, out);
    }
    if (n > limit) out += "...";
    return out;
  });
}

}  // namespace tf::ops
