// StringNGrams: the n-grams of each row of a ragged string tensor (values + row splits), with
// optional padding, as TensorFlow's kernel builds them; tf::strings::ngrams for dense tensors.
#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/string_ngrams.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

enum Attr { kSeparator, kWidths, kLeftPad, kRightPad, kPadWidth, kPreserveShort };

void ngrams_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0, "data");
  if (!is_index_dtype(ctx.input(1).dtype())) ctx.fail("data_splits must be int32 or int64");
  for (std::int64_t w : ctx.attr<std::vector<std::int64_t>>(kWidths))
    if (w < 1) ctx.fail("Ngram width must be positive, got " + std::to_string(w));
  ctx.add_output(string, TensorShape({-1}));
  ctx.add_output(ctx.input(1).dtype(), ctx.input(1).shape());
}

template <class Index>
std::vector<std::int64_t> splits_of(const Tensor& t) {
  std::vector<std::int64_t> out;
  for (Index v : t.numpy<Index>()) out.push_back(v);
  return out;
}

void ngrams_kernel(KernelContext& ctx) {
  const std::vector<std::string> data = ctx.input(0).numpy<std::string>();
  const std::vector<std::int64_t> splits =
      ctx.input(1).dtype() == int32 ? splits_of<std::int32_t>(ctx.input(1)) : splits_of<std::int64_t>(ctx.input(1));
  const std::string& sep = ctx.attr<std::string>(kSeparator);
  const auto& widths = ctx.attr<std::vector<std::int64_t>>(kWidths);
  const std::string &left = ctx.attr<std::string>(kLeftPad), &right = ctx.attr<std::string>(kRightPad);
  const std::int64_t pad_attr = ctx.attr<std::int64_t>(kPadWidth);
  const bool preserve_short = ctx.attr<bool>(kPreserveShort);
  if (!splits.empty() && (splits.front() != 0 || splits.back() != static_cast<std::int64_t>(data.size())))
    ctx.fail("Invalid split value: the splits must start at 0 and end at the number of values " + std::to_string(data.size()));
  for (std::size_t i = 1; i < splits.size(); ++i)
    if (splits[i] < splits[i - 1]) ctx.fail("Invalid split value: the splits must not decrease");
  // Each n-gram of width w at position i is padded by up to `pad` tokens on each side.
  auto pad_of = [&](std::int64_t w) { return pad_attr >= 0 ? std::min(pad_attr, w - 1) : w - 1; };
  auto count = [&](std::int64_t length, std::int64_t w) { return std::max<std::int64_t>(0, length + 2 * pad_of(w) - w + 1); };
  std::vector<std::string> out;
  std::vector<std::int64_t> out_splits{0};
  // Appends n n-grams of width w (padded with `pad` tokens) of tokens [begin, begin + length).
  auto make = [&](std::int64_t begin, std::int64_t length, std::int64_t n, std::int64_t w, std::int64_t pad) {
    for (std::int64_t g = 0; g < n; ++g) {
      const std::int64_t left_pads = std::max<std::int64_t>(0, pad - g);
      const std::int64_t right_pads = std::max<std::int64_t>(0, pad - (n - (g + 1)));
      const std::int64_t tokens = w - (left_pads + right_pads);
      const std::int64_t first = left_pads > 0 ? 0 : g - pad;
      std::string gram;
      std::int64_t parts = 0;
      auto add = [&](const std::string& s) { gram += (parts++ ? sep : "") + s; };
      for (std::int64_t k = 0; k < left_pads; ++k) add(left);
      for (std::int64_t k = 0; k < tokens && first + k < length; ++k) add(data[begin + first + k]);
      for (std::int64_t k = 0; k < right_pads; ++k) add(right);
      out.push_back(std::move(gram));
    }
  };
  for (std::size_t row = 0; row + 1 < splits.size(); ++row) {
    const std::int64_t begin = splits[row], length = splits[row + 1] - begin;
    std::int64_t total = 0;
    for (std::int64_t w : widths) {
      const std::int64_t n = count(length, w);
      make(begin, length, n, w, pad_of(w));
      total += n;
    }
    if (preserve_short && length > 0 && total == 0) {  // one n-gram of the whole (padded) row
      const std::int64_t pad = std::max<std::int64_t>(pad_attr, 0);
      make(begin, length, 1, length + 2 * pad, pad);
    }
    out_splits.push_back(static_cast<std::int64_t>(out.size()));
  }
  Tensor grams = core::empty(string, TensorShape({static_cast<std::int64_t>(out.size())}));
  std::move(out.begin(), out.end(), grams.mutable_data<std::string>());
  Tensor row_splits = core::empty(ctx.input(1).dtype(), TensorShape({static_cast<std::int64_t>(out_splits.size())}));
  for (std::size_t i = 0; i < out_splits.size(); ++i)
    if (row_splits.dtype() == int32) row_splits.mutable_data<std::int32_t>()[i] = static_cast<std::int32_t>(out_splits[i]);
    else row_splits.mutable_data<std::int64_t>()[i] = out_splits[i];
  ctx.output(0) = std::move(grams);
  ctx.output(1) = std::move(row_splits);
}

const OpDef& kStringNGrams = OpBuilder("StringNGrams").inputs(2)
    .attrs({"separator", "ngram_widths", "left_pad", "right_pad", "pad_width", "preserve_short_sequences"})
    .shape(ngrams_shape).kernel(string, ngrams_kernel).kernel_allocates_outputs().no_gradient();

}  // namespace

namespace strings {

std::pair<Tensor, Tensor> ngrams_of_rows(const Tensor& values, const Tensor& row_splits, const std::vector<std::int64_t>& widths,
                                         const NGramsOptions& options) {
  const std::array<ops::AttrValue, 6> attrs{options.separator, widths, options.left_pad, options.right_pad,
                                            options.pad_width, options.preserve_short_sequences};
  ops::Outputs out = ops::execute(kStringNGrams, {values, row_splits}, attrs);
  return {std::move(out[0]), std::move(out[1])};
}

Tensor ngrams(const Tensor& data, const std::vector<std::int64_t>& widths, const NGramsOptions& options) {
  const TensorShape& shape = data.shape();
  if (shape.has_unknown_rank() || shape.rank() < 1 || shape.rank() > 2 || !shape.is_fully_defined())
    throw InvalidArgumentError("[StringNGrams] ngrams of a dense tensor needs a vector or matrix of known shape, got " +
                               shape.to_string());
  const std::int64_t rows = shape.rank() == 1 ? 1 : shape.dim(0), cols = shape.dim(-1);
  auto [grams, splits] = ngrams_of_rows(reshape(data, {-1}), range(0, rows * cols + 1, cols == 0 ? 1 : cols, int64)
                                                                 , widths, options);
  if (shape.rank() == 1) return grams;
  return reshape(grams, {rows, -1});
}

}  // namespace strings
}  // namespace tf
