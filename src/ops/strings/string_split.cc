// StringSplitV2: splits each string of a vector, producing TensorFlow's sparse form
// (indices [n, 2], values [n], dense_shape [2]); tf::strings::split turns that into rows.
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/string_ops.h"

#include "core/tensor_impl.h"
#include "ops/execute.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

// The pieces of `s`: on runs of whitespace (dropping empty pieces) when sep is empty, else on
// each occurrence of sep (keeping empty pieces), with at most `maxsplit` splits when >= 0:
// Python's str.split, which TensorFlow follows.
std::vector<std::string> split_string(const std::string& s, const std::string& sep, std::int64_t maxsplit) {
  std::vector<std::string> pieces;
  std::size_t pos = 0;
  if (sep.empty()) {
    while (true) {
      while (pos < s.size() && is_space(s[pos])) ++pos;
      if (pos == s.size()) break;
      if (maxsplit >= 0 && static_cast<std::int64_t>(pieces.size()) == maxsplit) {
        pieces.push_back(s.substr(pos));  // the rest, trailing whitespace included, as Python's str.split
        break;
      }
      std::size_t end = pos;
      while (end < s.size() && !is_space(s[end])) ++end;
      pieces.push_back(s.substr(pos, end - pos));
      pos = end;
    }
    return pieces;
  }
  while (maxsplit < 0 || static_cast<std::int64_t>(pieces.size()) < maxsplit) {
    const std::size_t next = s.find(sep, pos);
    if (next == std::string::npos) break;
    pieces.push_back(s.substr(pos, next - pos));
    pos = next + sep.size();
  }
  pieces.push_back(s.substr(pos));
  return pieces;
}

void split_shape(ShapeContext& ctx) {
  const Tensor &input = ctx.input(0), &sep = ctx.input(1);
  if (input.dtype() != string || sep.dtype() != string)
    ctx.fail("input and sep must be strings, got " + std::string(dtype_name(input.dtype())) + " and " +
             std::string(dtype_name(sep.dtype())));
  if (!input.shape().has_unknown_rank() && input.rank() != 1)
    ctx.fail("input must be a vector, got shape " + input.shape().debug_string());
  if (!sep.shape().has_unknown_rank() && sep.rank() != 0)
    ctx.fail("sep must be a scalar, got shape " + sep.shape().debug_string());
  ctx.add_output(int64, {None, 2});
  ctx.add_output(string, {None});
  ctx.add_output(int64, {2});
}

void split_kernel(KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  const std::string& sep = ctx.input(1).item<std::string>();
  const std::string* strings = input.data<std::string>();
  std::vector<std::int64_t> indices;
  std::vector<std::string> values;
  std::int64_t widest = 0;
  for (std::int64_t row = 0; row < input.num_elements(); ++row) {
    std::vector<std::string> pieces = split_string(strings[row], sep, ctx.attr<std::int64_t>(0));
    widest = std::max<std::int64_t>(widest, pieces.size());
    for (std::size_t j = 0; j < pieces.size(); ++j) {
      indices.insert(indices.end(), {row, static_cast<std::int64_t>(j)});
      values.push_back(std::move(pieces[j]));
    }
  }
  const std::int64_t n = static_cast<std::int64_t>(values.size());
  ctx.output(0) = constant(indices, {n, 2});
  ctx.output(1) = constant(values, {n});
  ctx.output(2) = constant(std::vector<std::int64_t>{input.num_elements(), widest});
}

const OpDef& kStringSplitV2 = OpBuilder("StringSplitV2").inputs(2).attrs({"maxsplit"}).shape(split_shape)
    .kernel(string, split_kernel).kernel_allocates_outputs().no_gradient();

}  // namespace

namespace strings {

SplitResult::operator Tensor() const {
  if (!scalar_input_)
    throw InvalidArgumentError("[StringSplitV2] the input was a vector of " + std::to_string(rows_.size()) +
                               " strings: take the result as a std::vector<tf::Tensor>, one row per string");
  return rows_[0];
}

SplitResult split(const Tensor& input, const SplitOptions& options) {
  const bool scalar = input.shape().rank() == 0;
  const std::array<ops::AttrValue, 1> attrs{options.maxsplit};
  const Tensor vector = scalar ? reshape(input, {1}) : input;
  ops::Outputs out = ops::execute(kStringSplitV2, {vector, constant(options.sep.value_or(""))}, attrs);
  if (scalar) return SplitResult({out[1]}, true);
  if (out[1].is_symbolic())
    throw InvalidArgumentError("[StringSplitV2] splitting a vector into rows needs its values; inside tf::function "
                               "split scalars, or use the op's sparse outputs");
  // Cut the values into one tensor per input string, using the row of each piece.
  const std::int64_t rows = input.num_elements(), pieces = out[1].num_elements();
  const std::int64_t* indices = out[0].data<std::int64_t>();
  const std::string* values = out[1].data<std::string>();
  std::vector<Tensor> result;
  std::int64_t next = 0;
  for (std::int64_t row = 0; row < rows; ++row) {
    std::vector<std::string> row_values;
    while (next < pieces && indices[2 * next] == row) row_values.push_back(values[next++]);
    result.push_back(constant(row_values, {static_cast<std::int64_t>(row_values.size())}));
  }
  return SplitResult(std::move(result), false);
}

}  // namespace strings
}  // namespace tf
