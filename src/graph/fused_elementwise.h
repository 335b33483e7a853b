// A fused region of elementwise ops, run tile by tile without generating code.
//
// Note [Tiled elementwise fusion]: a chain such as ((x * c + c) - c) / c makes every op write
// and re-read a full tensor. The fused node instead walks its region's shape in tiles of
// kFusedTile elements; each tile flows through the region's ops in order, intermediates living
// in per-thread scratch tiles that stay in L1/L2. Every op runs its own registered kernel (or
// the SIMD row function that kernel calls), so results equal unfused execution bit for bit.
// Big regions split their tiles across threads.
#pragma once

#include <array>
#include <vector>

#include "core/small_vector.h"
#include "kernels/cpu/elementwise.h"
#include "ops/op_def.h"

namespace tf::graph {

/// Elements per tile: small enough that a region's scratch tiles stay in cache.
inline constexpr std::int64_t kFusedTile = 2048;

/// A value of a fused region: a region input, a scratch tile, or a region output.
struct FusedValue {
  enum class Place { kInput, kScratch, kOutput };
  DType dtype = DType::kFloat32;
  Place place = Place::kInput;
  int index = 0;        ///< input number, scratch slot or output number
  bool scalar = false;  ///< a one-element input broadcast over the region
  std::int64_t advance = 0;  ///< bytes per element for values that move with the tile; 0 for scratch and scalars
};

/// One op of a fused region.
struct FusedStep {
  /// How the step runs: the SIMD row function its float kernel applies, or the kernel itself
  /// on tensor views of the tile.
  enum class Kind { kUnaryFloat, kUnaryDouble, kBinaryFloat, kBinaryDouble, kKernel };
  Kind kind = Kind::kKernel;
  int row_op = 0;                          ///< kernels::UnaryOp or BinaryOp, for row kinds
  std::array<std::int64_t, 2> steps{1, 1};  ///< binary rows: 0 for a broadcast scalar operand
  /// For row kinds: the SIMD loop, resolved when the program is compiled (one indirect call per
  /// tile and step, which matters for tiny tensors).
  union {
    kernels::UnaryLoop<float> unary_float;
    kernels::UnaryLoop<double> unary_double;
    kernels::BinaryLoop<float> binary_float;
    kernels::BinaryLoop<double> binary_double;
  } loop{};
  const ops::OpDef* op = nullptr;
  ops::KernelFn kernel = nullptr;
  std::vector<ops::AttrValue> attrs;
  core::SmallVector<int, 3> inputs;  ///< value ids
  int output = 0;                    ///< value id
};

/// The compiled region a FusedElementwise node runs.
struct FusedProgram : ops::OpPayload {
  TensorShape shape;                ///< the shape of every non-scalar value
  int num_inputs = 0;               ///< values [0, num_inputs) are the node's inputs
  std::vector<FusedValue> values;
  std::vector<FusedStep> steps;
  std::vector<DType> scratch;       ///< dtype of each scratch slot
  std::vector<ops::TensorInfo> outputs;
  std::int64_t cost = 1;            ///< work per element, summed over steps (1 for an add)
  bool needs_views = false;         ///< some step runs its kernel on tensor views of the tiles
};

/// True for ops whose kernels compute output element i from input elements at i (or from
/// broadcast ones) alone: the ops elementwise fusion takes, for any dtype.
bool is_elementwise_op(const ops::OpDef& op);

/// The op of fused nodes: attribute 0 is the shared FusedProgram. Graph passes create it;
/// it runs only on the inference path (it has no gradient; see ConcreteFunction).
const ops::OpDef& fused_elementwise_op();

}  // namespace tf::graph
