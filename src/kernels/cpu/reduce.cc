#include "kernels/cpu/reduce.h"

#include <algorithm>
#include <memory>
#include <type_traits>
#include <vector>

#include "kernels/cpu/parallel.h"
#include "kernels/cpu/reduce_simd.h"
#include "kernels/cpu/reduce_vector.h"

namespace tf::kernels {
namespace {

struct Any {
  static constexpr bool identity() { return false; }
  static bool apply(bool a, bool b) { return a | b; }
};
struct All {
  static constexpr bool identity() { return true; }
  static bool apply(bool a, bool b) { return a & b; }
};

// out[r] = reduce(in[r * n .. r * n + n)) for r in [0, rows).
template <class T, class R>
TFPP_SIMD_CLONES void reduce_rows(const T* in, T* out, std::int64_t rows, std::int64_t n) {
  if (n >= kLanes<T>) {
    for (std::int64_t r = 0; r < rows; ++r) out[r] = reduce_lanes<T, R>(in + r * n, n);
    return;
  }
  for (std::int64_t r = 0; r < rows; ++r) {  // short rows: lanes would cost more than they save
    T acc = R::identity();
    for (std::int64_t j = 0; j < n; ++j) acc = R::apply(acc, in[r * n + j]);
    out[r] = acc;
  }
}

// acc[b] = reduce(acc[b], in[r * stride + b]) for r in [0, rows), b in [0, n).
template <class T, class R>
TFPP_SIMD_CLONES void accumulate_rows(const T* in, std::int64_t stride, T* acc, std::int64_t rows, std::int64_t n) {
  for (std::int64_t r = 0; r < rows; ++r) {
    const T* x = in + r * stride;
    for (std::int64_t b = 0; b < n; ++b) acc[b] = R::apply(acc[b], x[b]);
  }
}

// Like accumulate_rows for contiguous rows (stride n) narrower than a vector: the block is
// walked as one flat array in chunks of a multiple of n, so every lane stays in one column.
template <class T, class R>
TFPP_SIMD_CLONES void accumulate_narrow_rows(const T* in, T* acc, std::int64_t rows, std::int64_t n) {
  constexpr int L = kLanes<T>;
  const std::int64_t width = n * (L / n), total = rows * n;
  T lanes[L];
  for (int j = 0; j < L; ++j) lanes[j] = R::identity();
  std::int64_t i = 0;
  for (; i + width <= total; i += width)
    for (std::int64_t j = 0; j < width; ++j) lanes[j] = R::apply(lanes[j], in[i + j]);
  for (std::int64_t j = 0; i + j < total; ++j) lanes[j] = R::apply(lanes[j], in[i + j]);
  for (std::int64_t j = 0; j < width; ++j) acc[j % n] = R::apply(acc[j % n], lanes[j]);
}

// float32/float64 sum, product, max and min run on the SIMD kernels of reduce_vector.cc.
template <class T, class R>
constexpr bool kVectorized = std::is_floating_point_v<T> && !std::is_same_v<R, Any> && !std::is_same_v<R, All>;

template <class T, class R>
constexpr ReduceOp op_of() {
  if constexpr (std::is_same_v<R, SumReducer<T>>) return ReduceOp::kSum;
  else if constexpr (std::is_same_v<R, ProdReducer<T>>) return ReduceOp::kProd;
  else if constexpr (std::is_same_v<R, MaxReducer<T>>) return ReduceOp::kMax;
  else return ReduceOp::kMin;
}

// Elements in one 512-bit vector: shorter rows do not pay for a SIMD loop.
template <class T>
constexpr std::int64_t kVectorWidth = 64 / sizeof(T);

// out[r] = reduce(row r) for contiguous rows of n.
template <class T, class R>
void rows_of(const T* in, T* out, std::int64_t rows, std::int64_t n) {
  if constexpr (kVectorized<T, R>) {
    if (n >= kVectorWidth<T>) return reduce_rows_vector(op_of<T, R>(), in, out, rows, n);
  }
  reduce_rows<T, R>(in, out, rows, n);
}

// acc[b] = reduce(acc[b], in[r * stride + b]) for r in [0, rows), b in [0, n).
template <class T, class R>
void accumulate(const T* in, std::int64_t stride, T* acc, std::int64_t rows, std::int64_t n) {
  if constexpr (kVectorized<T, R>) {
    if (n >= kVectorWidth<T>) return accumulate_rows_vector(op_of<T, R>(), in, stride, acc, rows, n);
  }
  if (stride == n && n < kLanes<T> / 2) accumulate_narrow_rows<T, R>(in, acc, rows, n);
  else accumulate_rows<T, R>(in, stride, acc, rows, n);
}

// Note [Splitting reductions across threads]: work of at least 2 * kParallelGrain elements is
// split into about kSplitTasks independent tasks (rows, or blocks of columns); when the shape has
// too few of those, the reduced axis itself is cut into pieces whose partial results are combined
// in a fixed order. Column blocks of an input larger than kInCacheBytes are at least
// kStreamColumns wide: each row segment is then a long sequential run that the hardware
// prefetchers follow (short runs left a core at 2/3 of the bandwidth it reaches on long ones).
// Every choice depends on the shape only, never on the thread count, so results are the same on
// any number of threads.
constexpr std::int64_t kSplitTasks = 8, kMinColumns = 128, kStreamColumns = 4096;
constexpr std::int64_t kInCacheBytes = std::int64_t{1} << 20;

// Splits a long reduced axis into this many pieces.
std::int64_t num_pieces(std::int64_t middle, std::int64_t inner) {
  const std::int64_t work = middle * inner;
  return std::clamp<std::int64_t>(work / kParallelGrain, 1, std::min<std::int64_t>(64, middle));
}

// out[a, b] = reduce over m of in[a, m, b]; see Note [Reduction as staged middle-axis reductions].
template <class T, class R>
void reduce_middle(const T* in, T* out, std::int64_t outer, std::int64_t middle, std::int64_t inner) {
  const bool big = outer * middle * inner >= 2 * kParallelGrain;
  if (inner == 1) {
    if (!big || outer >= kSplitTasks) {
      parallel_for(outer, middle, [&](std::int64_t a0, std::int64_t a1) {
        rows_of<T, R>(in + a0 * middle, out + a0, a1 - a0, middle);
      });
      return;
    }
    const std::int64_t pieces = num_pieces(middle, 1);
    std::unique_ptr<T[]> partial(new T[pieces]);  // not std::vector: vector<bool> is packed
    for (std::int64_t a = 0; a < outer; ++a) {
      const T* row = in + a * middle;
      parallel_for(pieces, middle / pieces, [&](std::int64_t p0, std::int64_t p1) {
        for (std::int64_t p = p0; p < p1; ++p) {
          const std::int64_t m0 = middle * p / pieces, m1 = middle * (p + 1) / pieces;
          rows_of<T, R>(row + m0, &partial[p], 1, m1 - m0);
        }
      });
      rows_of<T, R>(partial.get(), out + a, 1, pieces);
    }
    return;
  }
  // Column blocks: a multiple of 64 elements wide, so SIMD loops have no ragged edges inside.
  const bool in_cache = outer * middle * inner * static_cast<std::int64_t>(sizeof(T)) <= kInCacheBytes;
  const std::int64_t max_blocks = std::max<std::int64_t>(inner / (in_cache ? kMinColumns : kStreamColumns), 1);
  const std::int64_t blocks = big ? std::clamp<std::int64_t>((kSplitTasks + outer - 1) / outer, 1, max_blocks) : 1;
  const std::int64_t width = blocks == 1 ? inner : ((inner + blocks - 1) / blocks + 63) / 64 * 64;
  if (!big || outer * blocks >= kSplitTasks / 2) {
    parallel_for(outer * blocks, middle * width, [&](std::int64_t t0, std::int64_t t1) {
      for (std::int64_t t = t0; t < t1; ++t) {
        const std::int64_t a = t / blocks, b0 = t % blocks * width, b1 = std::min(b0 + width, inner);
        if (b0 >= b1) continue;
        std::fill(out + a * inner + b0, out + a * inner + b1, R::identity());
        accumulate<T, R>(in + a * middle * inner + b0, inner, out + a * inner + b0, middle, b1 - b0);
      }
    });
    return;
  }
  // Few, narrow rows with a long reduced axis: per-piece partial rows, then combine them.
  const std::int64_t pieces = num_pieces(middle, inner);
  std::unique_ptr<T[]> partial(new T[pieces * inner]);
  for (std::int64_t a = 0; a < outer; ++a) {
    const T* block = in + a * middle * inner;
    parallel_for(pieces, middle * inner / pieces, [&](std::int64_t p0, std::int64_t p1) {
      for (std::int64_t p = p0; p < p1; ++p) {
        const std::int64_t m0 = middle * p / pieces, m1 = middle * (p + 1) / pieces;
        std::fill_n(&partial[p * inner], inner, R::identity());
        accumulate<T, R>(block + m0 * inner, inner, &partial[p * inner], m1 - m0, inner);
      }
    });
    parallel_for(inner, pieces, [&](std::int64_t b0, std::int64_t b1) {
      std::fill(out + a * inner + b0, out + a * inner + b1, R::identity());
      accumulate<T, R>(&partial[b0], inner, out + a * inner + b0, pieces, b1 - b0);
    });
  }
}

template <class T, class R>
void reduce_staged(const T* in, const TensorShape& shape, std::span<const bool> reduced, T* out) {
  if (shape.num_elements() == 0) {
    std::int64_t kept = 1;
    for (int i = 0; i < shape.rank(); ++i)
      if (!reduced[i]) kept *= shape.dim(i);
    std::fill_n(out, kept, R::identity());
    return;
  }
  // Merge adjacent axes of the same kind, dropping size-1 axes (they change no layout).
  std::vector<std::int64_t> dims;
  std::vector<bool> red;
  for (int i = 0; i < shape.rank(); ++i) {
    if (shape.dim(i) == 1) continue;
    if (!red.empty() && red.back() == reduced[i]) dims.back() *= shape.dim(i);
    else {
      dims.push_back(shape.dim(i));
      red.push_back(reduced[i]);
    }
  }
  std::unique_ptr<T[]> scratch[2];
  const T* src = in;
  for (int stage = 0;; ++stage) {
    const auto last = std::find(red.rbegin(), red.rend(), true);
    if (last == red.rend()) {  // nothing (left) to reduce
      if (src != out) {
        std::int64_t n = 1;
        for (std::int64_t d : dims) n *= d;
        std::copy_n(src, n, out);
      }
      return;
    }
    const std::size_t g = red.size() - 1 - (last - red.rbegin());
    std::int64_t outer = 1, inner = 1;
    for (std::size_t i = 0; i < g; ++i) outer *= dims[i];
    for (std::size_t i = g + 1; i < dims.size(); ++i) inner *= dims[i];
    const bool final_stage = std::count(red.begin(), red.end(), true) == 1;
    T* dst = out;
    if (!final_stage) {
      scratch[stage % 2].reset(new T[outer * inner]);
      dst = scratch[stage % 2].get();
    }
    reduce_middle<T, R>(src, dst, outer, dims[g], inner);
    src = dst;
    // Remove the group, merging the kept groups on either side of it.
    if (g > 0 && g + 1 < dims.size()) {
      dims[g - 1] *= dims[g + 1];
      dims.erase(dims.begin() + g, dims.begin() + g + 2);
      red.erase(red.begin() + g, red.begin() + g + 2);
    } else {
      dims.erase(dims.begin() + g);
      red.erase(red.begin() + g);
    }
    if (final_stage) return;
  }
}

}  // namespace

template <class T>
void reduce(const T* in, const TensorShape& shape, std::span<const bool> reduced, T* out, ReduceOp op) {
  if constexpr (std::is_same_v<T, bool>) {
    if (op == ReduceOp::kAny) reduce_staged<bool, Any>(in, shape, reduced, out);
    else reduce_staged<bool, All>(in, shape, reduced, out);
  } else {
    switch (op) {
      case ReduceOp::kSum: return reduce_staged<T, SumReducer<T>>(in, shape, reduced, out);
      case ReduceOp::kProd: return reduce_staged<T, ProdReducer<T>>(in, shape, reduced, out);
      case ReduceOp::kMax: return reduce_staged<T, MaxReducer<T>>(in, shape, reduced, out);
      case ReduceOp::kMin: return reduce_staged<T, MinReducer<T>>(in, shape, reduced, out);
      case ReduceOp::kAny:
      case ReduceOp::kAll: break;  // the op declarations register these for bool only
    }
  }
}

template void reduce<float>(const float*, const TensorShape&, std::span<const bool>, float*, ReduceOp);
template void reduce<double>(const double*, const TensorShape&, std::span<const bool>, double*, ReduceOp);
template void reduce<std::int32_t>(const std::int32_t*, const TensorShape&, std::span<const bool>, std::int32_t*, ReduceOp);
template void reduce<std::int64_t>(const std::int64_t*, const TensorShape&, std::span<const bool>, std::int64_t*, ReduceOp);
template void reduce<std::uint8_t>(const std::uint8_t*, const TensorShape&, std::span<const bool>, std::uint8_t*, ReduceOp);
template void reduce<std::int8_t>(const std::int8_t*, const TensorShape&, std::span<const bool>, std::int8_t*, ReduceOp);
template void reduce<std::int16_t>(const std::int16_t*, const TensorShape&, std::span<const bool>, std::int16_t*, ReduceOp);
template void reduce<std::uint16_t>(const std::uint16_t*, const TensorShape&, std::span<const bool>, std::uint16_t*, ReduceOp);
template void reduce<std::uint32_t>(const std::uint32_t*, const TensorShape&, std::span<const bool>, std::uint32_t*, ReduceOp);
template void reduce<std::uint64_t>(const std::uint64_t*, const TensorShape&, std::span<const bool>, std::uint64_t*, ReduceOp);
template void reduce<bool>(const bool*, const TensorShape&, std::span<const bool>, bool*, ReduceOp);

}  // namespace tf::kernels
