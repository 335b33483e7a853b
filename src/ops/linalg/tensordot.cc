// tf::tensordot, written as the einsum equation it stands for.
#include <algorithm>

#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"

namespace tf {
namespace {

[[noreturn]] void fail(const Tensor& a, const Tensor& b, const std::string& message) {
  throw InvalidArgumentError("[Tensordot] " + message + " (a is " + a.shape().debug_string() + ", b is " +
                             b.shape().debug_string() + ")");
}

// Normalizes the axes of one side: in range, each at most once.
std::vector<int> normalize(const Tensor& a, const Tensor& b, const char* side, const Tensor& t,
                           const std::vector<std::int64_t>& axes) {
  const int rank = t.shape().rank();
  std::vector<int> out;
  for (std::int64_t axis : axes) {
    if (axis < -rank || axis >= rank)
      fail(a, b, std::string("axis ") + std::to_string(axis) + " of " + side + " is out of range");
    const int n = static_cast<int>(axis < 0 ? axis + rank : axis);
    if (std::find(out.begin(), out.end(), n) != out.end())
      fail(a, b, std::string("axis ") + std::to_string(n) + " of " + side + " is listed twice");
    out.push_back(n);
  }
  return out;
}

}  // namespace

Tensor tensordot(const Tensor& a, const Tensor& b, const TensordotAxes& axes) {
  if (a.shape().has_unknown_rank() || b.shape().has_unknown_rank()) fail(a, b, "needs inputs of known rank");
  if (axes.a.size() != axes.b.size())
    fail(a, b, "the axes lists differ in length: " + std::to_string(axes.a.size()) + " and " + std::to_string(axes.b.size()));
  const std::vector<int> ca = normalize(a, b, "a", a, axes.a), cb = normalize(a, b, "b", b, axes.b);
  // Letters a.. for a's dimensions; b's contracted dimensions reuse a's letters.
  std::string sa, sb(b.shape().rank(), ' '), out;
  for (int i = 0; i < a.shape().rank(); ++i) sa += static_cast<char>('a' + i);
  for (std::size_t j = 0; j < ca.size(); ++j) {
    const std::int64_t da = a.shape().dim(ca[j]), db = b.shape().dim(cb[j]);
    if (da != None && db != None && da != db)
      fail(a, b, "contracted dimensions differ: a axis " + std::to_string(ca[j]) + " has size " + std::to_string(da) +
                     ", b axis " + std::to_string(cb[j]) + " has size " + std::to_string(db));
    sb[cb[j]] = sa[ca[j]];
  }
  char next = 'A';
  for (char& c : sb)
    if (c == ' ') c = next++;
  for (int i = 0; i < a.shape().rank(); ++i)
    if (std::find(ca.begin(), ca.end(), i) == ca.end()) out += sa[i];
  for (int j = 0; j < b.shape().rank(); ++j)
    if (std::find(cb.begin(), cb.end(), j) == cb.end()) out += sb[j];
  return einsum(sa + "," + sb + "->" + out, {a, b});
}

Tensor tensordot(const Tensor& a, const Tensor& b, std::int64_t axes) {
  const int ra = a.shape().rank(), rb = b.shape().rank();
  if (axes < 0 || axes > ra || axes > rb)
    fail(a, b, "axes must be between 0 and the smaller rank, got " + std::to_string(axes));
  TensordotAxes pairs;
  for (std::int64_t i = 0; i < axes; ++i) {
    pairs.a.push_back(ra - axes + i);
    pairs.b.push_back(i);
  }
  return tensordot(a, b, pairs);
}

}  // namespace tf
