// tf::map_fn, scan, foldl and foldr: TensorArrays and one loop over the first dimension, as
// TensorFlow's functional_ops.py and map_fn.py build them (see tfpp/functional_ops.h).
#include "tfpp/functional_ops.h"

#include <string>

#include "tfpp/array_ops.h"
#include "tfpp/control_flow.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/name_scope.h"
#include "tfpp/tensor_array.h"

namespace tf {
namespace {

// The state of the loop: the index, the tensors carried (accumulators) and the TensorArrays
// written (results).
struct LoopState {
  Tensor i;
  std::vector<Tensor> carried;
  std::vector<TensorArray> arrays;
};

// Repeats state = body(state) while cond(state.i): eagerly a C++ loop, traced one While node
// whose variables are [i, carried..., the arrays' flows...].
LoopState run_loop(const char* op, const std::function<Tensor(const Tensor&)>& cond,
                   const std::function<LoopState(const LoopState&)>& body, const LoopState& init) {
  if (!detail::tracing()) {
    LoopState s = init;
    while (detail::eager_predicate(cond(s.i), op)) s = body(s);
    return s;
  }
  LoopState latest = init;  // the body's latest arrays carry the static facts (element shapes)
  const std::size_t carried = init.carried.size();
  auto unflat = [&](const std::vector<Tensor>& v) {
    LoopState s{v.at(0), std::vector<Tensor>(v.begin() + 1, v.begin() + 1 + static_cast<std::ptrdiff_t>(carried)), {}};
    for (std::size_t k = 0; k < latest.arrays.size(); ++k) s.arrays.push_back(latest.arrays[k].with_flow(v.at(1 + carried + k)));
    return s;
  };
  auto flatten = [](const LoopState& s) {
    std::vector<Tensor> v{s.i};
    v.insert(v.end(), s.carried.begin(), s.carried.end());
    for (const TensorArray& a : s.arrays) v.push_back(a.flow());
    return v;
  };
  detail::FlatFn flat_cond = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    return std::vector<Tensor>{cond(v.at(0))};
  };
  detail::FlatFn flat_body = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    LoopState next = body(unflat(v));
    latest = next;
    return flatten(next);
  };
  return unflat(detail::while_flat(flat_cond, flat_body, flatten(init), {}));
}

// The elements unstacked into TensorArrays, and their common first dimension (a static value
// when known, else -1) and its tensor.
struct Elements {
  std::vector<TensorArray> arrays;
  std::int64_t n = -1;
  Tensor n_tensor;
};

Elements unstack_elements(const char* op, const std::vector<Tensor>& elems) {
  if (elems.empty()) throw InvalidArgumentError(std::string("[") + op + "] elems must hold at least one tensor");
  Elements out;
  for (const Tensor& e : elems) {
    if (e.shape().has_unknown_rank() || e.rank() == 0)
      throw InvalidArgumentError(std::string("[") + op + "] Elements in elems must be 1+ dimensional Tensors, not scalars");
    const std::int64_t d = e.shape().dim(0);
    if (out.n >= 0 && d >= 0 && d != out.n)
      throw InvalidArgumentError(std::string("[") + op + "] Dimensions " + std::to_string(out.n) + " and " +
                                 std::to_string(d) + " are not compatible");
    if (out.n < 0) out.n = d;
  }
  out.n_tensor = out.n >= 0 ? constant(static_cast<std::int32_t>(out.n)) : strided_slice(shape(elems[0]), {0}, {1}, {1}, {.shrink_axis_mask = 1});
  for (const Tensor& e : elems) {
    TensorShape row = e.shape();
    row.remove_dim(0);
    out.arrays.push_back(TensorArray(e.dtype(), {.size = std::max<std::int64_t>(out.n, 0), .dynamic_size = out.n < 0,
                                                 .element_shape = row}).unstack(e));
  }
  return out;
}

std::vector<Tensor> read_all(const std::vector<TensorArray>& arrays, const Tensor& i) {
  std::vector<Tensor> out;
  for (const TensorArray& a : arrays) out.push_back(a.read(i));
  return out;
}

// Result arrays of these dtypes, sized like the elements.
std::vector<TensorArray> result_arrays(const Elements& e, const std::vector<DType>& dtypes, bool infer_shape) {
  std::vector<TensorArray> out;
  for (DType d : dtypes)
    out.push_back(TensorArray(d, {.size = std::max<std::int64_t>(e.n, 0), .dynamic_size = e.n < 0, .infer_shape = infer_shape}));
  return out;
}

void check_count(const char* op, const char* what, std::size_t got, std::size_t want) {
  if (got != want)
    throw InvalidArgumentError(std::string("[") + op + "] fn returned " + std::to_string(got) + " tensors for " +
                               std::to_string(want) + " " + what);
}

std::vector<Tensor> stack_all(const std::vector<TensorArray>& arrays) {
  std::vector<Tensor> out;
  for (const TensorArray& a : arrays) out.push_back(a.stack());
  return out;
}

// foldl and foldr: the accumulator carried from slice `first` towards the other end.
std::vector<Tensor> fold(const char* op, const AccumulateFn& fn, const std::vector<Tensor>& elems,
                         const std::optional<std::vector<Tensor>>& initializer, bool reverse) {
  name_scope scope(op);
  const Elements e = unstack_elements(op, elems);
  const Tensor one = constant(std::int32_t{1});
  LoopState init;
  if (initializer) {
    init.carried = *initializer;
    init.i = reverse ? e.n_tensor : constant(std::int32_t{0});
  } else {
    init.i = reverse ? e.n_tensor - one : constant(std::int32_t{1});
    init.carried = read_all(e.arrays, reverse ? init.i : constant(std::int32_t{0}));
  }
  const std::size_t count = init.carried.size();
  auto cond = [&](const Tensor& i) { return reverse ? greater(i, constant(std::int32_t{0})) : less(i, e.n_tensor); };
  auto body = [&](const LoopState& s) {
    const Tensor at = reverse ? s.i - one : s.i;
    std::vector<Tensor> acc = fn(s.carried, read_all(e.arrays, at));
    check_count(op, "accumulators", acc.size(), count);
    return LoopState{reverse ? at : s.i + one, std::move(acc), {}};
  };
  return run_loop(op, cond, body, init).carried;
}

using UnaryFn = std::function<Tensor(const Tensor&)>;
using BinaryFn = std::function<Tensor(const Tensor&, const Tensor&)>;

AccumulateFn flat_accumulate(const BinaryFn& fn) {
  return [fn](const std::vector<Tensor>& acc, const std::vector<Tensor>& x) { return std::vector<Tensor>{fn(acc[0], x[0])}; };
}
std::optional<std::vector<Tensor>> flat_initializer(const std::optional<Tensor>& initializer) {
  if (!initializer) return std::nullopt;
  return std::vector<Tensor>{*initializer};
}

}  // namespace

std::vector<Tensor> map_fn(const SliceFn& fn, const std::vector<Tensor>& elems, const MapFnOptions& options) {
  name_scope scope("map");
  const Elements e = unstack_elements("map_fn", elems);
  std::vector<DType> dtypes = options.fn_output_signature;
  if (dtypes.empty())
    for (const Tensor& t : elems) dtypes.push_back(t.dtype());
  LoopState init{constant(std::int32_t{0}), {}, result_arrays(e, dtypes, options.infer_shape)};
  auto cond = [&](const Tensor& i) { return less(i, e.n_tensor); };
  auto body = [&](const LoopState& s) {
    const std::vector<Tensor> out = fn(read_all(e.arrays, s.i));
    check_count("map_fn", "outputs of fn_output_signature", out.size(), dtypes.size());
    LoopState next{s.i + constant(std::int32_t{1}), {}, {}};
    for (std::size_t k = 0; k < out.size(); ++k) next.arrays.push_back(s.arrays[k].write(s.i, out[k]));
    return next;
  };
  return stack_all(run_loop("map_fn", cond, body, init).arrays);
}

Tensor map_fn(const UnaryFn& fn, const Tensor& elems, std::optional<DType> fn_output_signature) {
  MapFnOptions options;
  if (fn_output_signature) options.fn_output_signature = {*fn_output_signature};
  return map_fn([&fn](const std::vector<Tensor>& x) { return std::vector<Tensor>{fn(x[0])}; }, {elems}, options)[0];
}

std::vector<Tensor> scan(const AccumulateFn& fn, const std::vector<Tensor>& elems,
                         const std::optional<std::vector<Tensor>>& initializer, bool reverse) {
  name_scope scope("scan");
  const Elements e = unstack_elements("scan", elems);
  const Tensor one = constant(std::int32_t{1});
  LoopState init;
  // The first index written: 0 (or n - 1 reversed) with an initializer, else the next one,
  // the first slices being the first results.
  std::int32_t skip = 0;
  if (initializer) {
    init.carried = *initializer;
  } else {
    init.carried = read_all(e.arrays, reverse ? e.n_tensor - one : constant(std::int32_t{0}));
    skip = 1;
  }
  std::vector<DType> dtypes;
  for (const Tensor& a : init.carried) dtypes.push_back(a.dtype());
  init.arrays = result_arrays(e, dtypes, true);
  if (!initializer)
    for (std::size_t k = 0; k < init.arrays.size(); ++k)
      init.arrays[k] = init.arrays[k].write(reverse ? e.n_tensor - one : constant(std::int32_t{0}), init.carried[k]);
  init.i = reverse ? e.n_tensor - one - constant(skip) : constant(skip);
  const std::size_t count = init.carried.size();
  auto cond = [&](const Tensor& i) { return reverse ? greater_equal(i, constant(std::int32_t{0})) : less(i, e.n_tensor); };
  auto body = [&](const LoopState& s) {
    std::vector<Tensor> acc = fn(s.carried, read_all(e.arrays, s.i));
    check_count("scan", "accumulators", acc.size(), count);
    LoopState next{reverse ? s.i - one : s.i + one, acc, {}};
    for (std::size_t k = 0; k < acc.size(); ++k) next.arrays.push_back(s.arrays[k].write(s.i, acc[k]));
    return next;
  };
  return stack_all(run_loop("scan", cond, body, init).arrays);
}

Tensor scan(const BinaryFn& fn, const Tensor& elems, const std::optional<Tensor>& initializer, bool reverse) {
  return scan(flat_accumulate(fn), {elems}, flat_initializer(initializer), reverse)[0];
}

std::vector<Tensor> foldl(const AccumulateFn& fn, const std::vector<Tensor>& elems,
                          const std::optional<std::vector<Tensor>>& initializer) {
  return fold("foldl", fn, elems, initializer, false);
}
Tensor foldl(const BinaryFn& fn, const Tensor& elems, const std::optional<Tensor>& initializer) {
  return foldl(flat_accumulate(fn), {elems}, flat_initializer(initializer))[0];
}
std::vector<Tensor> foldr(const AccumulateFn& fn, const std::vector<Tensor>& elems,
                          const std::optional<std::vector<Tensor>>& initializer) {
  return fold("foldr", fn, elems, initializer, true);
}
Tensor foldr(const BinaryFn& fn, const Tensor& elems, const std::optional<Tensor>& initializer) {
  return foldr(flat_accumulate(fn), {elems}, flat_initializer(initializer))[0];
}

}  // namespace tf
