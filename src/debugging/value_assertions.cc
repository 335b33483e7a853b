// tf::debugging's sign assertions and tf.debugging.Assert, as TensorFlow 2.21's check_ops and
// control_flow_assert: eagerly they raise at once with TensorFlow's eager text; traced they add
// an Assert node in TensorFlow's scopes ("assert_positive/assert_less/Assert/AssertGuard/Assert").
#include <optional>

#include "debugging/assert_support.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/debugging_asserts.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/name_scope.h"
#include "tfpp/reduction_ops.h"

namespace tf::debugging {
namespace {

using namespace detail;
using Compare = Tensor (*)(const Tensor&, const Tensor&);

// check_ops._pretty_print: a scalar as NumPy's str, else the list of the first `summarize`
// elements' strs (with '...' when there are more), as Python prints a list of strings.
std::string pretty_print(const Tensor& x, std::int64_t summarize) {
  if (x.shape().rank() == 0) return x.values_string();
  const Tensor flat = reshape(x, {-1});
  const std::int64_t n = std::min(summarize, flat.num_elements());
  std::string out = "[";
  for (std::int64_t i = 0; i < n; ++i) out += (i ? ", '" : "'") + reshape(slice(flat, {i}, {1}), {}).values_string() + "'";
  if (n < flat.num_elements()) out += n ? ", '...'" : "'...'";
  return out + "]";
}

// x <sym> 0 through TensorFlow's assert_less / assert_less_equal (`inner`), with zero on the
// side `zero_first` says. TensorFlow's assert_non_positive leaves out one line break.
void sign_check(const Tensor& x, const char* sym, const char* opname, const char* inner, Compare compare,
                bool zero_first, const std::string& message, std::int64_t summarize, bool joined = false) {
  graph::Tracer* tracer = tracing();
  std::optional<name_scope> scope;
  if (tracer) scope.emplace(unique_scope(*tracer, opname));
  const Tensor zero = constant(0.0, x.dtype());
  const Tensor holds = zero_first ? compare(zero, x) : compare(x, zero);
  const std::string condition = std::string("Condition x ") + sym + " 0 did not hold element-wise:";
  if (!tracer) {
    if (reduce_all(holds).item<bool>()) return;
    const std::string name = "x (" + shape_and_dtype(x) + ") = ";
    throw InvalidArgumentError(message_prefix(message) + "\n" + condition + (joined ? "" : "\n") + name + "\n" +
                               pretty_print(x, summarize));
  }
  const std::string name = "x (" + graph_name(*tracer, x) + ") = ";
  std::vector<Tensor> data{constant(message_prefix(message))};
  if (joined) data.push_back(constant(condition + name));
  else data.insert(data.end(), {constant(condition), constant(name)});
  data.push_back(x);
  name_scope inner_scope(unique_scope(*tracer, inner));
  graph_assert(*tracer, reduce_all(holds), std::move(data));
}

}  // namespace

void assert_positive(const Tensor& x, const std::string& message, std::int64_t summarize) {
  sign_check(x, ">", "assert_positive", "assert_less", less, true, message, summarize);
}
void assert_negative(const Tensor& x, const std::string& message, std::int64_t summarize) {
  sign_check(x, "<", "assert_negative", "assert_less", less, false, message, summarize);
}
void assert_non_negative(const Tensor& x, const std::string& message, std::int64_t summarize) {
  sign_check(x, ">=", "assert_non_negative", "assert_less_equal", less_equal, true, message, summarize);
}
void assert_non_positive(const Tensor& x, const std::string& message, std::int64_t summarize) {
  sign_check(x, "<=", "assert_non_positive", "assert_less_equal", less_equal, false, message, summarize, true);
}

void Assert(const Tensor& condition, const std::vector<Tensor>& data, std::int64_t summarize) {
  if (condition.dtype() != bool_ || condition.shape().rank() > 0)
    throw InvalidArgumentError("[Assert] condition must be a scalar bool tensor, got " +
                               std::string(dtype_name(condition.dtype())) + " " + condition.shape().to_string());
  if (graph::Tracer* tracer = tracing()) {
    graph_assert(*tracer, condition, data);
    return;
  }
  if (condition.item<bool>()) return;
  std::string text;
  for (std::size_t i = 0; i < data.size(); ++i) {
    const Tensor& d = data[i];
    text += i ? "\n" : "";
    text += d.dtype() == string && d.shape().rank() == 0 ? bytes_repr(d.item<std::string>()) : summarize_eager(d, summarize);
  }
  throw InvalidArgumentError("Expected '" + condition.to_string() + "' to be true. Summarized data: " + text);
}

}  // namespace tf::debugging
