// PrintV2: the stateful op behind tf::print (TensorFlow's PrintV2: a string scalar written to
// an output stream, then `end`), and tf::print's own part of tf.print: the StringFormat
// template built from the arguments.
#include "ops/print_op.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "ops/execute.h"
#include "ops/string_format.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/print.h"

namespace tf {
namespace {

constexpr char kFilePrefix[] = "file://";

void print_kernel(ops::KernelContext& ctx) {
  const std::string text = ctx.input(0).item<std::string>() + ctx.attr<std::string>(1);
  const std::string& stream = ctx.attr<std::string>(0);
  if (stream.rfind(kFilePrefix, 0) == 0) {
    const std::string path = stream.substr(sizeof kFilePrefix - 1);
    std::FILE* file = std::fopen(path.c_str(), "ab");
    if (!file) throw NotFoundError("[PrintV2] cannot open " + path + " for appending");
    const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    if (std::fclose(file) != 0 || !written) throw DataLossError("[PrintV2] writing " + path + " failed");
    return;
  }
  std::FILE* out = stream == "stdout" ? stdout : stderr;
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
}

void print_shape(ops::ShapeContext& ctx) {
  const Tensor& input = ctx.input(0);
  if (input.dtype() != DType::kString || (!input.shape().has_unknown_rank() && input.shape().rank() != 0))
    ctx.fail("input must be a string scalar, got " + std::string(dtype_name(input.dtype())) + input.shape().debug_string());
  const std::string& stream = ctx.attr<std::string>(0);
  if (stream != "stdout" && stream != "stderr" && stream.rfind(kFilePrefix, 0) != 0)
    ctx.fail("Unknown output stream: " + stream + "; use \"stdout\", \"stderr\" or \"file://<path>\"");
}

const ops::OpDef& kPrintV2 = [] {
  ops::OpBuilder b("PrintV2");
  b.inputs(1).attrs({"output_stream", "end"}).shape(print_shape).stateful().no_gradient();
  b.kernel(DType::kString, print_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

template <class T>
std::string shortest_python_float(T v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buffer[64];
  const double a = std::fabs(static_cast<double>(v));
  const bool scientific = a != 0 && (a >= 1e16 || a < 1e-4);
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, v,
                                 scientific ? std::chars_format::scientific : std::chars_format::fixed).ptr;
  std::string s(buffer, end);
  if (!scientific && s.find('.') == std::string::npos) s += ".0";
  return s;
}

}  // namespace

std::string detail::python_number_text(double v) { return shortest_python_float(v); }
std::string detail::python_number_text(float v) { return shortest_python_float(v); }
std::string detail::python_number_text(long long v) { return std::to_string(v); }
std::string detail::python_number_text(unsigned long long v) { return std::to_string(v); }

void detail::print_items(const std::vector<PrintItem>& items, const PrintOptions& options) {
  const std::string& stream = options.output_stream;
  if (stream != "stdout" && stream != "stderr" && stream.rfind(kFilePrefix, 0) != 0)
    throw InvalidArgumentError("[print] unsupported output stream \"" + stream +
                               "\": use \"stdout\", \"stderr\" or a file as \"file://<filepath>\"");
  Tensor text;
  const Tensor* only = items.size() == 1 ? std::get_if<Tensor>(&items[0]) : nullptr;
  if (only && only->dtype() == DType::kString && only->shape().rank() == 0) {
    text = *only;  // a string scalar alone is printed as it is, unformatted
  } else {
    // The placeholder must not occur in the template's text.
    std::string placeholder = "{}";
    for (bool clash = true; clash;) {
      clash = options.sep.find(placeholder) != std::string::npos;
      for (const PrintItem& item : items)
        if (const auto* s = std::get_if<std::string>(&item); s && s->find(placeholder) != std::string::npos) clash = true;
      if (clash) placeholder += "0";
    }
    std::string tmpl;
    std::vector<Tensor> tensors;
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i) tmpl += options.sep;
      if (const auto* t = std::get_if<Tensor>(&items[i])) {
        tmpl += placeholder;
        tensors.push_back(*t);
      } else {
        tmpl += std::get<std::string>(items[i]);
      }
    }
    const ops::AttrValue attrs[] = {tmpl, placeholder, std::int64_t{options.summarize}};
    text = std::move(ops::execute(ops::string_format_op(), std::span<const Tensor>(tensors), attrs)[0]);
  }
  ops::print_v2(text, stream, options.end);
}

void ops::print_v2(const Tensor& text, const std::string& output_stream, const std::string& end) {
  const ops::AttrValue attrs[] = {output_stream, end};
  ops::execute(kPrintV2, std::span<const Tensor>(&text, 1), attrs);
}

}  // namespace tf
