// tf::debugging's checks of ranks, dtypes and scalars, which TensorFlow decides from static
// facts (raising ValueError / TypeError, whose texts these InvalidArgumentErrors carry); an
// unknown rank in a trace becomes an Assert node, as in TensorFlow.
#include <optional>

#include "debugging/assert_support.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/debugging_asserts.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/name_scope.h"

namespace tf::debugging {
namespace {

using namespace detail;

std::string dtype_repr(DType d) { return "<dtype: '" + std::string(dtype_name(d)) + "'>"; }

}  // namespace

void assert_rank_at_least(const Tensor& x, int rank, const std::string& message) {
  graph::Tracer* tracer = tracing();
  std::optional<name_scope> scope;
  if (tracer) scope.emplace(unique_scope(*tracer, "assert_rank_at_least"));
  const std::string name = tracer ? graph_name(*tracer, x) : "";
  const int actual = x.shape().rank();
  if (actual >= 0) {
    if (actual >= rank) return;
    throw InvalidArgumentError(message_prefix(message) + "Tensor " + name + " must have rank at least " +
                               std::to_string(rank) + ".  Received rank " + std::to_string(actual) + ", shape " +
                               x.shape().to_string());
  }
  const Tensor want = constant(static_cast<std::int32_t>(rank));
  graph_assert(*tracer, greater_equal(tf::rank(x), want),
               {constant(message_prefix(message)), constant("Tensor " + name + " must have rank at least"), want,
                constant("Received shape: "), tf::shape(x)});
}

void assert_rank_in(const Tensor& x, const std::vector<int>& ranks, const std::string& message) {
  if (ranks.empty()) throw InvalidArgumentError("[assert_rank_in] ranks must not be empty");
  rank_check(x, ranks, message, true);
}

void assert_integer(const Tensor& x, const std::string& message) {
  if (is_index_dtype(x.dtype()) || x.dtype() == uint8) return;
  throw InvalidArgumentError(message_prefix(message) + "Expected \"x\" to be integer type.  Found: tensor of dtype " +
                             dtype_repr(x.dtype()));
}

void assert_type(const Tensor& x, DType dtype, const std::string& message) {
  if (x.dtype() == dtype) return;
  throw InvalidArgumentError(message_prefix(message) + "tensor must be of type tf." + std::string(dtype_name(dtype)) +
                             "; got tf." + std::string(dtype_name(x.dtype())));
}

void assert_scalar(const Tensor& x, const std::string& message) {
  if (x.shape().rank() == 0) return;
  throw InvalidArgumentError(message_prefix(message) + "Expected scalar shape, saw shape: " + x.shape().to_string() + ".");
}

bool is_numeric_tensor(const Tensor& x) {
  return is_floating(x.dtype()) || is_index_dtype(x.dtype()) || x.dtype() == uint8;
}

DType assert_same_float_dtype(const std::vector<Tensor>& tensors, std::optional<DType> dtype) {
  for (const Tensor& t : tensors) {
    if (!dtype) {
      dtype = t.dtype();
    } else if (t.dtype() != *dtype) {
      throw InvalidArgumentError(t.to_string() + ", type=" + dtype_repr(t.dtype()) + ", must be of the same type (" +
                                 dtype_repr(*dtype) + ") as " + tensors.front().to_string() + ".");
    }
  }
  if (!dtype) return float32;
  if (!is_floating(*dtype)) throw InvalidArgumentError("Expected floating point type, got " + dtype_repr(*dtype) + ".");
  return *dtype;
}

}  // namespace tf::debugging
