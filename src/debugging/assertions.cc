// tf::debugging's comparison, rank and shape assertions, as TensorFlow 2.21's check_ops: eagerly
// they raise at once with TensorFlow's eager text; inside a trace they add an Assert node, named
// and given data as TensorFlow's graph has them ("assert_less/Assert/AssertGuard/Assert",
// "x (args_0:0) = "). Checks the static shapes decide raise while tracing, as TensorFlow's
// ValueErrors do (tfpp raises InvalidArgumentError for those, README's deviations).
#include <algorithm>
#include <limits>
#include <map>
#include <optional>

#include "debugging/assert_support.h"
#include "function/control_flow_ops.h"
#include "graph/tracer.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/debugging.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/name_scope.h"
#include "tfpp/reduction_ops.h"

namespace tf::debugging {
namespace detail {

// TensorFlow's _message_prefix: "msg.  ", or nothing.
std::string message_prefix(const std::string& message) { return message.empty() ? "" : message + ".  "; }

// The trace being recorded on this thread, or null when running eagerly.
graph::Tracer* tracing() { return graph::Tracer::current(); }

// Opens a name scope as TensorFlow's graph name_scope does: "base", or "base_1" when the graph
// already used that name in the current scope.
std::string unique_scope(graph::Tracer& tracer, const std::string& base) {
  const std::string& outer = graph::current_name_scope();
  return tracer.graph().unique_name(outer + base).substr(outer.size());
}

// A tensor's graph name, "args_0:0", as TensorFlow's Tensor.name.
std::string graph_name(graph::Tracer& tracer, const Tensor& t) {
  const graph::NodeOutput out = tracer.resolve(t);
  return tracer.graph().node(out.node).name + ":" + std::to_string(out.index);
}

// A constant node named `name` in the current scope ("assert_near/rtol"), as convert_to_tensor(v, name=...).
Tensor named_constant(graph::Tracer& tracer, const Tensor& value, const std::string& name) {
  return graph::make_symbolic(tracer.graph(), {tracer.graph().add_const(value, graph::current_name_scope() + name), 0});
}

// control_flow_assert.Assert in a graph: in a scope "Assert", an Assert node, inside a cond named
// AssertGuard unless every data tensor is a string or int32 (the node is named as TensorFlow's
// lowered graph reports it, "Assert/AssertGuard/Assert"; the cond itself is left out, as the
// Assert node only formats its data when the condition fails).
void graph_assert(graph::Tracer& tracer, const Tensor& condition, std::vector<Tensor> data) {
  name_scope scope(unique_scope(tracer, "Assert"));
  const bool plain = std::all_of(data.begin(), data.end(), [](const Tensor& t) {
    return t.dtype() == DType::kString || t.dtype() == DType::kInt32;
  });
  std::optional<name_scope> guard;
  if (!plain) guard.emplace(unique_scope(tracer, "AssertGuard"));
  graph::NodeNameOverride name("Assert");
  function_ops::assert_that(condition, "assertion failed:", std::move(data), kSummarize);
}

// The first n elements of a flattened concrete tensor, printed as NumPy prints an array.
std::string first_elements(const Tensor& t, std::int64_t n) {
  return slice(reshape(t, {-1}), {0}, {n}).values_string();
}

// TensorFlow's eager message of a failed elementwise comparison x <sym> y.
std::string comparison_report(const Tensor& x, const Tensor& y, const Tensor& holds, const std::string& sym,
                              const std::string& message) {
  std::string text = message.empty() ? "" : message + "\n";
  text += "Condition x " + sym + " y did not hold.\n";
  if (x.shape() == y.shape() && x.shape().rank() > 0) {
    const Tensor mask = logical_not(holds);
    const Tensor indices = where(mask);
    const std::int64_t n = std::min(kSummarize, indices.shape().dim(0));
    text += "Indices of first " + std::to_string(n) + " different values:\n";
    text += slice(indices, {0, 0}, {n, -1}).values_string() + "\n";
    text += "Corresponding x values:\n" + first_elements(boolean_mask(x, mask), n) + "\n";
    text += "Corresponding y values:\n" + first_elements(boolean_mask(y, mask), n) + "\n";
  }
  const std::int64_t nx = std::min(kSummarize, x.num_elements()), ny = std::min(kSummarize, y.num_elements());
  text += "First " + std::to_string(nx) + " elements of x:\n" + first_elements(x, nx) + "\n";
  text += "First " + std::to_string(ny) + " elements of y:\n" + first_elements(y, ny);
  return text;
}

using Compare = Tensor (*)(const Tensor&, const Tensor&);

// check_ops._binary_assert: scope `opname`, then the eager report or the graph's Assert.
void assert_comparison(const Tensor& x, const Tensor& y, Compare compare, const std::string& sym,
                       const std::string& opname, const std::string& message) {
  graph::Tracer* tracer = tracing();
  if (!tracer) {
    const Tensor holds = compare(x, y);
    if (!reduce_all(holds).item<bool>()) throw InvalidArgumentError(comparison_report(x, y, holds, sym, message));
    return;
  }
  if (opname == "assert_equal") unique_scope(*tracer, opname);  // TensorFlow's assert_equal opens its scope twice
  name_scope scope(unique_scope(*tracer, opname));
  std::vector<Tensor> data;
  if (!message.empty()) data.push_back(constant(message));
  data.insert(data.end(), {constant("Condition x " + sym + " y did not hold element-wise:"),
                           constant("x (" + graph_name(*tracer, x) + ") = "), x,
                           constant("y (" + graph_name(*tracer, y) + ") = "), y});
  graph_assert(*tracer, reduce_all(compare(x, y)), std::move(data));
}

// Python's repr of a bytes object, as TensorFlow's eager Assert shows its string data: b'text'.
std::string bytes_repr(const std::string& s) {
  const char quote = s.find('\'') != std::string::npos && s.find('"') == std::string::npos ? '"' : '\'';
  std::string out = std::string("b") + quote;
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (ch == quote || ch == '\\') out += std::string("\\") + ch;
    else if (ch == '\n') out += "\\n";
    else if (ch == '\r') out += "\\r";
    else if (ch == '\t') out += "\\t";
    else if (c < 0x20 || c >= 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += std::string("\\x") + kHex[c >> 4] + kHex[c & 15];
    } else {
      out += ch;
    }
  }
  return out + quote;
}

// control_flow_assert._summarize_eager: the first `summarize` elements as NumPy's str of each, ", "-joined.
std::string summarize_eager(const Tensor& t, std::int64_t summarize) {
  const Tensor flat = reshape(t, {-1});
  const std::int64_t n = std::min(summarize, flat.num_elements());
  std::string out;
  for (std::int64_t i = 0; i < n; ++i) out += (i ? ", " : "") + reshape(slice(flat, {i}, {1}), {}).values_string();
  if (t.shape().rank() > 0 && n < flat.num_elements()) out += ", ...";
  return out;
}

std::string shape_and_dtype(const Tensor& t) {
  return "shape=" + t.shape().to_string() + " dtype=" + std::string(dtype_name(t.dtype()));
}

// A dimension's size: its static size, or a scalar int32 tensor read from the shape when the graph runs.
struct DimSize {
  std::int64_t known = -1;
  Tensor dynamic;
};

// check_ops._dimension_sizes, one dimension (negative: from the end): a scalar counts as shape (1,).
DimSize dimension_size(const Tensor& x, std::int64_t dim) {
  const TensorShape& shape = x.shape();
  if (shape.rank() == 0) return {1, {}};
  if (shape.rank() > 0) {
    const std::int64_t d = dim < 0 ? dim + shape.rank() : dim;
    if (shape.dim(static_cast<int>(d)) >= 0) return {shape.dim(static_cast<int>(d)), {}};
    return {-1, reshape(slice(tf::shape(x), {d}, {1}), {})};
  }
  const Tensor index = dim < 0 ? tf::rank(x) + constant(static_cast<std::int32_t>(dim)) : constant(static_cast<std::int32_t>(dim));
  return {-1, gather(tf::shape(x), index)};
}

Tensor as_tensor(const DimSize& size) {
  return size.dynamic.defined() ? size.dynamic : constant(static_cast<std::int32_t>(size.known));
}

// assert_rank (ranks {r}) or assert_rank_in (`in`), as check_ops writes them: static ranks
// raise at once, unknown ranks get an Assert node.
void rank_check(const Tensor& x, const std::vector<int>& ranks, const std::string& message, bool in) {
  const std::string opname = in ? "assert_rank_in" : "assert_rank";
  graph::Tracer* tracer = tracing();
  std::optional<name_scope> scope;
  if (tracer) scope.emplace(unique_scope(*tracer, opname));
  const std::string name = tracer ? graph_name(*tracer, x) : "";
  const int actual = x.shape().rank();
  if (actual >= 0) {
    if (std::find(ranks.begin(), ranks.end(), actual) != ranks.end()) return;
    std::string expected = std::to_string(ranks[0]);
    if (in) {  // a Python tuple: (0, 2), or (0,)
      for (std::size_t i = 1; i < ranks.size(); ++i) expected += ", " + std::to_string(ranks[i]);
      expected = "in (" + expected + (ranks.size() == 1 ? ",)" : ")");
    }
    throw InvalidArgumentError(message_prefix(message) + "Tensor " + name + " must have rank " + expected +
                               ".  Received rank " + std::to_string(actual) + ", shape " + x.shape().to_string());
  }
  std::vector<Tensor> data = {constant(message_prefix(message)),
                              constant("Tensor " + name + " must have rank" + (in ? " in" : ""))};
  Tensor holds = constant(false);
  for (const int r : ranks) {
    const Tensor want = named_constant(*tracer, constant(static_cast<std::int32_t>(r)), "rank");
    data.push_back(want);
    holds = logical_or(holds, equal(tf::rank(x), want));
  }
  data.insert(data.end(), {constant("Received shape: "), tf::shape(x)});
  graph_assert(*tracer, holds, std::move(data));
}

}  // namespace detail

using namespace detail;

void assert_equal(const Tensor& x, const Tensor& y, const std::string& message) {
  if (x.impl() == y.impl()) {  // one tensor: TensorFlow skips the check, its scope's name still taken
    if (graph::Tracer* tracer = tracing()) unique_scope(*tracer, "assert_equal");
    return;
  }
  assert_comparison(x, y, equal, "==", "assert_equal", message);
}
void assert_none_equal(const Tensor& x, const Tensor& y, const std::string& message) {
  assert_comparison(x, y, not_equal, "!=", "assert_none_equal", message);
}
void assert_less(const Tensor& x, const Tensor& y, const std::string& message) {
  assert_comparison(x, y, less, "<", "assert_less", message);
}
void assert_less_equal(const Tensor& x, const Tensor& y, const std::string& message) {
  assert_comparison(x, y, less_equal, "<=", "assert_less_equal", message);
}
void assert_greater(const Tensor& x, const Tensor& y, const std::string& message) {
  assert_comparison(x, y, greater, ">", "assert_greater", message);
}
void assert_greater_equal(const Tensor& x, const Tensor& y, const std::string& message) {
  assert_comparison(x, y, greater_equal, ">=", "assert_greater_equal", message);
}

void assert_near(const Tensor& x, const Tensor& y, double rtol, double atol, const std::string& message) {
  if (!is_floating(x.dtype()) || x.dtype() != y.dtype())
    throw InvalidArgumentError("[assert_near] x and y must be float32 or float64 of one dtype, got " +
                               std::string(dtype_name(x.dtype())) + " and " + std::string(dtype_name(y.dtype())));
  const double eps = x.dtype() == DType::kFloat32 ? std::numeric_limits<float>::epsilon()
                                                   : std::numeric_limits<double>::epsilon();
  graph::Tracer* tracer = tracing();
  std::optional<name_scope> scope;
  if (tracer) scope.emplace(unique_scope(*tracer, "assert_near"));
  Tensor rtol_t = constant(rtol < 0 ? 10 * eps : rtol, x.dtype()), atol_t = constant(atol < 0 ? 10 * eps : atol, x.dtype());
  if (tracer) rtol_t = named_constant(*tracer, rtol_t, "rtol"), atol_t = named_constant(*tracer, atol_t, "atol");
  const std::string x_name = tracer ? graph_name(*tracer, x) : shape_and_dtype(x);
  const std::string y_name = tracer ? graph_name(*tracer, y) : shape_and_dtype(y);
  const std::string tolerance =
      "x and y not equal to tolerance rtol = " + rtol_t.to_string() + ", atol = " + atol_t.to_string();
  const Tensor holds = reduce_all(less(abs(x - y), atol_t + rtol_t * abs(y)));
  if (tracer) {
    graph_assert(*tracer, holds,
                 {constant(message_prefix(message)), constant(tolerance), constant("x (" + x_name + ") = "), x,
                  constant("y (" + y_name + ") = "), y});
    return;
  }
  if (holds.item<bool>()) return;
  throw InvalidArgumentError("Expected '" + holds.to_string() + "' to be true. Summarized data: " +
                             bytes_repr(message_prefix(message)) + "\n" + bytes_repr(tolerance) + "\n" +
                             bytes_repr("x (" + x_name + ") = ") + "\n" + summarize_eager(x) + "\n" +
                             bytes_repr("y (" + y_name + ") = ") + "\n" + summarize_eager(y));
}

Tensor assert_all_finite(const Tensor& tensor, const std::string& message) {
  graph::Tracer* tracer = tracing();
  std::optional<name_scope> scope;
  if (tracer) scope.emplace(unique_scope(*tracer, "VerifyFinite"));
  return check_numerics(tensor, message);
}

void assert_rank(const Tensor& x, int rank, const std::string& message) { rank_check(x, {rank}, message, false); }

void assert_shapes(const std::vector<ShapeConstraint>& shapes, const std::string& message) {
  graph::Tracer* tracer = tracing();
  std::optional<name_scope> scope;
  if (tracer) scope.emplace(unique_scope(*tracer, "assert_shapes"));
  const std::string prefix = message_prefix(message);
  auto tensor_name = [&](const Tensor& t) { return tracer ? graph_name(*tracer, t) : shape_and_dtype(t); };
  struct Entry {
    const Tensor* x;
    bool leading_any;                  // the spec starts with "..." or "*": any number of leading dims
    std::vector<std::string> symbols;  // the dims after it
  };
  std::vector<Entry> entries;
  for (const ShapeConstraint& c : shapes) {
    bool leading_any = false;
    for (std::size_t i = 0; i < c.dims.size(); ++i) {
      if (c.dims[i] != "..." && c.dims[i] != "*") continue;
      if (i != 0)
        throw InvalidArgumentError(prefix + "Tensor " + tensor_name(c.tensor) + " specified shape index " +
                                   std::to_string(i) +
                                   ".  Symbol `...` or `*` for a variable number of unspecified dimensions is only "
                                   "allowed as the first entry");
      leading_any = true;
    }
    entries.push_back({&c.tensor, leading_any,
                       std::vector<std::string>(c.dims.begin() + (leading_any ? 1 : 0), c.dims.end())});
  }
  // Ranks first, for every tensor; a rank of 0 or 1 allows both, a scalar counting as one element.
  for (const Entry& e : entries) {
    const int rank = static_cast<int>(e.symbols.size());
    if (e.leading_any) {
      const int actual = e.x->shape().rank();
      if (rank > 1 && actual >= 0 && actual < rank)
        throw InvalidArgumentError(prefix + "Tensor " + (tracer ? graph_name(*tracer, *e.x) : "") +
                                   " must have rank at least " + std::to_string(rank) + ".  Received rank " +
                                   std::to_string(actual) + ", shape " + e.x->shape().to_string());
      continue;
    }
    rank_check(*e.x, rank <= 1 ? std::vector<int>{0, 1} : std::vector<int>{rank}, message, rank <= 1);
  }
  struct Specified {
    DimSize size;
    const Tensor* by;
    std::int64_t dim;
  };
  std::map<std::string, Specified> specified;
  for (const Entry& e : entries) {
    const auto count = static_cast<std::int64_t>(e.symbols.size());
    for (std::int64_t i = 0; i < count; ++i) {
      const std::string& symbol = e.symbols[static_cast<std::size_t>(i)];
      if (symbol == ".") continue;
      const std::int64_t dim = e.leading_any ? i - count : i;
      const DimSize actual = dimension_size(*e.x, dim);
      const bool number = !symbol.empty() && symbol.find_first_not_of("0123456789") == std::string::npos;
      auto earlier = specified.find(symbol);
      if (!number && earlier == specified.end()) {
        specified.emplace(symbol, Specified{actual, e.x, dim});
        continue;
      }
      const DimSize expected = number ? DimSize{std::stoll(symbol), {}} : earlier->second.size;
      const std::string check = number ? "Specified explicitly"
                                       : "Specified by tensor " + tensor_name(*earlier->second.by) + " dimension " +
                                             std::to_string(earlier->second.dim);
      if (actual.known >= 0 && expected.known >= 0) {
        if (actual.known != expected.known)
          throw InvalidArgumentError(prefix + check + ".  Tensor " + tensor_name(*e.x) + " dimension " +
                                     std::to_string(dim) + " must have size " + std::to_string(expected.known) +
                                     ".  Received size " + std::to_string(actual.known) + ", shape " +
                                     e.x->shape().to_string());
        continue;
      }
      graph_assert(*tracer, equal(as_tensor(actual), as_tensor(expected)),
                   {constant(prefix), constant(check), constant("Tensor " + tensor_name(*e.x) + " dimension"),
                    constant(static_cast<std::int32_t>(dim)), constant("must have size"), as_tensor(expected),
                    constant("Received shape: "), tf::shape(*e.x)});
    }
  }
}

}  // namespace tf::debugging
