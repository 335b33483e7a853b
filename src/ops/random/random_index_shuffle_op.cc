// RandomIndexShuffle: element-wise TensorFlow's Simon-cipher bijection (kernels/cpu/index_shuffle.h)
// over scalar or [n] indices and max indices, with one [3] seed or a [n, 3] seed per element.
#include "kernels/cpu/index_shuffle.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/random_index_shuffle.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::ShapeContext;
using ops::array::describe;

enum IndexShuffleAttr { kRounds };

bool shuffle_dtype(DType d) { return is_index_dtype(d) || d == uint32 || d == uint64; }

void index_shuffle_shape(ShapeContext& ctx) {
  const Tensor &index = ctx.input(0), &seed = ctx.input(1), &max_index = ctx.input(2);
  for (const Tensor* t : {&index, &seed})
    if (!shuffle_dtype(t->dtype()))
      ctx.fail("needs int32, uint32, int64 or uint64 inputs, got " + describe(*t));
  if (max_index.dtype() != index.dtype())
    ctx.fail("index and max_index must have one dtype, got " + describe(index) + " and " +
             describe(max_index));
  const std::int64_t rounds = ctx.attr<std::int64_t>(kRounds);
  // TensorFlow reads past its round keys for odd or fewer than 4 rounds; tfpp refuses them.
  if (rounds < 4 || rounds % 2 != 0) ctx.fail("rounds must be even and at least 4, got " + std::to_string(rounds));
  const TensorShape &is = index.shape(), &ss = seed.shape(), &ms = max_index.shape();
  if (is.has_unknown_rank() || ss.has_unknown_rank() || ms.has_unknown_rank()) {
    ctx.add_output(index.dtype(), TensorShape({None}));
    return;
  }
  if (is.rank() > 1) ctx.fail("index must be a scalar or a vector, got " + describe(index));
  if (ms.rank() > 1) ctx.fail("max_index must be a scalar or a vector, got " + describe(max_index));
  if (ss.rank() < 1 || ss.rank() > 2 || ss.dim(-1) != 3)
    ctx.fail("seed must be a vector of size [3] or a matrix of size [n, 3], got " + describe(seed));
  if (is.rank() == 0 && ms.rank() == 0 && ss.rank() == 1) {
    ctx.add_output(index.dtype(), TensorShape());
    return;
  }
  // Every vector input (a [n, 3] seed counts as n) has the same known length n.
  std::int64_t n = 1;
  bool known = true;
  for (std::int64_t len : {is.rank() == 1 ? is.dim(0) : 1, ms.rank() == 1 ? ms.dim(0) : 1, ss.rank() == 2 ? ss.dim(0) : 1}) {
    if (len < 0) known = false;
    else n = std::max(n, len);
  }
  const auto check = [&](const Tensor& t, bool vector, std::int64_t len, const char* what) {
    if (vector && len >= 0 && len != n)
      ctx.fail(std::string(what) + " must have " + std::to_string(n) + " rows as the other inputs, got " +
               describe(t));
  };
  check(index, is.rank() == 1, is.rank() == 1 ? is.dim(0) : 1, "index");
  check(max_index, ms.rank() == 1, ms.rank() == 1 ? ms.dim(0) : 1, "max_index");
  check(seed, ss.rank() == 2, ss.rank() == 2 ? ss.dim(0) : 1, "seed");
  ctx.add_output(index.dtype(), known ? TensorShape({n}) : TensorShape({None}));
}

// The seed's element i as a 32-bit key word, truncated as TensorFlow's static_cast.
template <class S>
std::uint32_t seed_word(const Tensor& seed, std::int64_t i) {
  return static_cast<std::uint32_t>(seed.data<S>()[i]);
}

std::uint32_t seed_word_any(const Tensor& seed, std::int64_t i) {
  switch (seed.dtype()) {
    case DType::kInt32: return seed_word<std::int32_t>(seed, i);
    case DType::kUInt32: return seed_word<std::uint32_t>(seed, i);
    case DType::kInt64: return seed_word<std::int64_t>(seed, i);
    default: return seed_word<std::uint64_t>(seed, i);
  }
}

template <class T>
void index_shuffle_kernel(KernelContext& ctx) {
  const Tensor &index = ctx.input(0), &seed = ctx.input(1), &max_index = ctx.input(2);
  const int rounds = static_cast<int>(ctx.attr<std::int64_t>(kRounds));
  Tensor& out = ctx.output(0);
  T* o = out.mutable_data<T>();
  const T* idx = index.data<T>();
  const T* mx = max_index.data<T>();
  const bool index_vec = index.rank() == 1, max_vec = max_index.rank() == 1, seed_rows = seed.rank() == 2;
  for (std::int64_t i = 0; i < out.num_elements(); ++i) {
    const std::int64_t s = seed_rows ? 3 * i : 0;
    const std::array<std::uint32_t, 3> key = {seed_word_any(seed, s), seed_word_any(seed, s + 1), seed_word_any(seed, s + 2)};
    o[i] = static_cast<T>(kernels::index_shuffle(static_cast<std::uint64_t>(idx[index_vec ? i : 0]), key,
                                                 static_cast<std::uint64_t>(mx[max_vec ? i : 0]), rounds));
  }
}

const ops::OpDef& kRandomIndexShuffle = ops::OpBuilder("RandomIndexShuffle").inputs(3).attrs({"rounds"})
    .shape(index_shuffle_shape).no_gradient()
    .kernels<std::int32_t, std::int64_t, std::uint32_t, std::uint64_t>([]<class T>() -> ops::KernelFn { return &index_shuffle_kernel<T>; });

}  // namespace

Tensor random::random_index_shuffle(const Tensor& index, const Tensor& seed, const Tensor& max_index, std::int64_t rounds) {
  const ops::AttrValue attrs[] = {rounds};
  return ops::execute1(kRandomIndexShuffle, {index, seed, max_index}, attrs);
}

}  // namespace tf
