// tf::einsum, composed from Sum, Transpose, Reshape and BatchMatMulV2 (no kernel of its own).
//
// Note [Einsum as pairwise batched matmuls]: subscripts that only one operand has and the
// output lacks are summed away first. Operands are then combined left to right: for a pair,
// each subscript is a batch dimension (in both, still needed), contracted (in both, not
// needed later) or free (in one). Each side is transposed to [batch, free, contracted] or
// [batch, contracted, free], reshaped to one matrix per batch, multiplied, and reshaped back.
// A final transpose puts the subscripts in the output's order. An ellipsis stands for the
// leading dimensions that the letters do not name; they broadcast like matmul batch dimensions.
#include <algorithm>
#include <numeric>

#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/matrix_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf {
namespace {

[[noreturn]] void fail(const std::string& equation, const std::string& message) {
  throw InvalidArgumentError("[Einsum] " + message + " (equation \"" + equation + "\")");
}

// A tensor together with the subscript of each of its dimensions.
struct Labeled {
  Tensor tensor;
  std::string labels;
};

// Labels standing for ellipsis dimensions: characters that are never subscript letters.
constexpr char kEllipsisLabels[] = "01234567";

std::int64_t product(const std::vector<std::int64_t>& dims) {
  std::int64_t p = 1;
  for (std::int64_t d : dims) {
    if (d == None) return None;
    p *= d;
  }
  return p;
}

Tensor reshape_to(const std::string& eq, const Tensor& t, std::vector<std::int64_t> dims) {
  // Unknown sizes are -1 already, which reshape infers, but only one of them.
  if (std::count(dims.begin(), dims.end(), std::int64_t{-1}) > 1)
    fail(eq, "more than one unknown dimension would be merged for shape " + t.shape().debug_string());
  return reshape(t, dims);
}

Tensor transpose_to(const Labeled& x, const std::string& order) {
  if (order == x.labels) return x.tensor;
  std::vector<std::int64_t> perm;
  for (char c : order) perm.push_back(static_cast<std::int64_t>(x.labels.find(c)));
  return transpose(x.tensor, perm);
}

// Sums away the labels of x that `keep` lacks.
Labeled sum_unneeded(const Labeled& x, const std::string& keep) {
  std::vector<std::int64_t> axes;
  std::string rest;
  for (std::size_t i = 0; i < x.labels.size(); ++i) {
    if (keep.find(x.labels[i]) == std::string::npos) axes.push_back(static_cast<std::int64_t>(i));
    else rest += x.labels[i];
  }
  if (axes.empty()) return x;
  return {reduce_sum(x.tensor, axes), rest};
}

std::int64_t dim_of(const Labeled& x, char c) { return x.tensor.shape().dim(static_cast<int>(x.labels.find(c))); }

// Contracts a and b, keeping the labels in `keep`; see Note [Einsum as pairwise batched matmuls].
Labeled contract(const std::string& eq, const Labeled& a_in, const Labeled& b_in, const std::string& keep) {
  const Labeled a = sum_unneeded(a_in, keep + b_in.labels), b = sum_unneeded(b_in, keep + a_in.labels);
  std::string batch, contracted, free_a, free_b;
  for (char c : a.labels) {
    const bool in_b = b.labels.find(c) != std::string::npos, kept = keep.find(c) != std::string::npos;
    (in_b ? (kept ? batch : contracted) : free_a) += c;
  }
  for (char c : b.labels)
    if (a.labels.find(c) == std::string::npos) free_b += c;
  std::vector<std::int64_t> a_dims, b_dims, out_dims, fa, fb, k;
  for (char c : batch) {
    const std::int64_t da = dim_of(a, c), db = dim_of(b, c);
    a_dims.push_back(da);
    b_dims.push_back(db);
    out_dims.push_back(da == 1 ? db : da);
  }
  for (char c : free_a) fa.push_back(dim_of(a, c));
  for (char c : free_b) fb.push_back(dim_of(b, c));
  for (char c : contracted) k.push_back(dim_of(a, c));
  a_dims.push_back(product(fa));
  a_dims.push_back(product(k));
  b_dims.push_back(product(k));
  b_dims.push_back(product(fb));
  const Tensor am = reshape_to(eq, transpose_to(a, batch + free_a + contracted), a_dims);
  const Tensor bm = reshape_to(eq, transpose_to(b, batch + contracted + free_b), b_dims);
  out_dims.insert(out_dims.end(), fa.begin(), fa.end());
  out_dims.insert(out_dims.end(), fb.begin(), fb.end());
  return {reshape_to(eq, matmul(am, bm), out_dims), batch + free_a + free_b};
}

bool is_label(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Splits "ab,bc->ac" into operand subscripts and the output (with `explicit_output` false when
// there is no "->"), replacing each "..." by ellipsis labels sized by the operands' ranks.
std::vector<std::string> parse(const std::string& eq, const std::vector<Tensor>& inputs, std::string& output) {
  std::string spec;
  for (char c : eq)
    if (c != ' ') spec += c;
  const std::size_t arrow = spec.find("->");
  const bool explicit_output = arrow != std::string::npos;
  const std::string lhs = spec.substr(0, arrow);
  std::vector<std::string> operands(1);
  for (char c : lhs) {
    if (c == ',') operands.emplace_back();
    else operands.back() += c;
  }
  if (operands.size() != inputs.size())
    fail(eq, "the equation has " + std::to_string(operands.size()) + " operands but " + std::to_string(inputs.size()) +
                 " inputs were given");
  int ellipsis_rank = 0;
  for (std::size_t i = 0; i < operands.size(); ++i) {
    std::string& s = operands[i];
    const int rank = inputs[i].shape().rank();
    if (rank < 0) fail(eq, "operand " + std::to_string(i) + " has an unknown rank");
    const std::size_t dots = s.find("...");
    const std::string letters = dots == std::string::npos ? s : s.substr(0, dots) + s.substr(dots + 3);
    for (char c : letters)
      if (!is_label(c)) fail(eq, std::string("invalid subscript '") + c + "' in operand " + std::to_string(i));
    const int named = static_cast<int>(letters.size());
    if (dots == std::string::npos ? named != rank : named > rank)
      fail(eq, "operand " + std::to_string(i) + " has subscripts '" + s + "' for a tensor of shape " +
                   inputs[i].shape().debug_string());
    if (dots != std::string::npos) {
      const int k = rank - named;
      ellipsis_rank = std::max(ellipsis_rank, k);
      s = s.substr(0, dots) + std::string(kEllipsisLabels + 8 - k, k) + s.substr(dots + 3);
    }
  }
  const std::string ellipsis(kEllipsisLabels + 8 - ellipsis_rank, ellipsis_rank);
  if (explicit_output) {
    output = spec.substr(arrow + 2);
    const std::size_t dots = output.find("...");
    if (dots != std::string::npos) output = output.substr(0, dots) + ellipsis + output.substr(dots + 3);
    for (char c : output) {
      if (!is_label(c) && ellipsis.find(c) == std::string::npos)
        fail(eq, std::string("invalid output subscript '") + c + "'");
      if (std::count(output.begin(), output.end(), c) > 1) fail(eq, std::string("output subscript '") + c + "' repeats");
      if (std::none_of(operands.begin(), operands.end(), [c](const std::string& s) { return s.find(c) != std::string::npos; }))
        fail(eq, std::string("output subscript '") + c + "' does not appear in any operand");
    }
  } else {  // implicit: the ellipsis, then letters used exactly once, alphabetically
    std::string all;
    for (const auto& s : operands) all += s;
    std::string once;
    for (char c : all)
      if (is_label(c) && std::count(all.begin(), all.end(), c) == 1) once += c;
    std::sort(once.begin(), once.end());
    output = ellipsis + once;
  }
  return operands;
}

// An operand naming a subscript twice ("bxby") stands for its diagonal along those two dimensions:
// they are moved last and MatrixDiagPart takes it, leaving the subscript once, last.
Labeled take_diagonals(const std::string& eq, Labeled x) {
  for (std::size_t i = 0; i < x.labels.size(); ++i) {
    const std::size_t j = x.labels.find(x.labels[i], i + 1);
    if (j == std::string::npos) continue;
    const char c = x.labels[i];
    const std::int64_t di = x.tensor.shape().dim(static_cast<int>(i)), dj = x.tensor.shape().dim(static_cast<int>(j));
    if (di != None && dj != None && di != dj)
      fail(eq, std::string("subscript '") + c + "' names dimensions of sizes " + std::to_string(di) + " and " +
                   std::to_string(dj) + " in one operand");
    std::vector<std::int64_t> perm;
    std::string labels;
    for (std::size_t k = 0; k < x.labels.size(); ++k)
      if (k != i && k != j) {
        perm.push_back(static_cast<std::int64_t>(k));
        labels += x.labels[k];
      }
    perm.push_back(static_cast<std::int64_t>(i));
    perm.push_back(static_cast<std::int64_t>(j));
    x = {linalg::diag_part(transpose(x.tensor, perm)), labels + c};
    i = static_cast<std::size_t>(-1);  // look again from the start: a subscript may repeat more
  }
  return x;
}

// Checks that each letter has one size wherever it appears (ellipsis dimensions may broadcast).
void check_sizes(const std::string& eq, const std::vector<Labeled>& xs) {
  for (std::size_t i = 0; i < xs.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      for (char c : xs[i].labels) {
        if (xs[j].labels.find(c) == std::string::npos) continue;
        const std::int64_t di = dim_of(xs[i], c), dj = dim_of(xs[j], c);
        const bool broadcast = !is_label(c) && (di == 1 || dj == 1);
        if (di != None && dj != None && di != dj && !broadcast)
          fail(eq, std::string("subscript '") + (is_label(c) ? std::string(1, c) : "...") + "' has size " +
                       std::to_string(dj) + " in operand " + std::to_string(j) + " but " + std::to_string(di) +
                       " in operand " + std::to_string(i));
      }
}

}  // namespace

Tensor einsum(const std::string& equation, const std::vector<Tensor>& inputs) {
  if (inputs.empty()) fail(equation, "needs at least one input");
  std::string output;
  const std::vector<std::string> subscripts = parse(equation, inputs, output);
  std::vector<Labeled> xs;
  for (std::size_t i = 0; i < inputs.size(); ++i) xs.push_back(take_diagonals(equation, {inputs[i], subscripts[i]}));
  check_sizes(equation, xs);
  // Labels needed after operand i: the output's and those of the operands after i.
  std::vector<std::string> needed_after(xs.size());
  std::string needed = output;
  for (std::size_t i = xs.size(); i-- > 0;) {
    needed_after[i] = needed;
    needed += xs[i].labels;
  }
  Labeled acc = sum_unneeded(xs[0], needed_after[0] + (xs.size() > 1 ? xs[1].labels : ""));
  for (std::size_t i = 1; i < xs.size(); ++i) acc = contract(equation, acc, xs[i], needed_after[i]);
  acc = sum_unneeded(acc, output);
  return transpose_to(acc, output);
}

}  // namespace tf
