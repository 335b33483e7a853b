// Dataset.random: endless uint32 draws of Philox4x32-10 as int64 scalars, one number of each
// block at a time, as TensorFlow's RandomDataset (a SingleSampleAdapter over PhiloxRandom(seed,
// seed2)) gives them; and the RandomDataset op.
#include <atomic>
#include <random>
#include <string>

#include "data/dataset_source_ops.h"
#include "data/node.h"
#include "kernels/cpu/philox.h"
#include "ops/execute.h"
#include "ops/op_def.h"
#include "tfpp/constant.h"
#include "tfpp/random_ops.h"

namespace tf::data {
namespace detail {
namespace {

class RandomNode final : public DatasetNode {
 public:
  RandomNode(std::uint64_t seed, std::uint64_t seed2, bool rerandomize)
      : seed_(seed), seed2_(seed2), rerandomize_(rerandomize) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override {
    // Note: with rerandomize_each_iteration, pass k > 0 continues the generator's counter past
    // what k earlier passes could reach (2^32 blocks each), so passes never repeat one another.
    const std::uint64_t pass = rerandomize_ ? passes_.fetch_add(1) : 0;
    return std::make_unique<It>(seed_, seed2_, pass);
  }
  std::int64_t cardinality() const override { return INFINITE_CARDINALITY; }

 private:
  struct It final : IteratorImpl {
    It(std::uint64_t seed, std::uint64_t seed2, std::uint64_t pass) : philox(seed, seed2) {
      philox.skip(pass << 32);
    }
    bool next(Element& out) override {
      if (used == block.size()) {
        block = philox();
        used = 0;
      }
      out.assign(1, constant(static_cast<std::int64_t>(block[used++])));
      return true;
    }
    kernels::Philox philox;
    kernels::Philox::Block block{};
    std::size_t used = 4;  // no block drawn yet
  };
  std::uint64_t seed_, seed2_;
  bool rerandomize_;
  mutable std::atomic<std::uint64_t> passes_{0};
};

// TensorFlow's RandomSeeds: (0, 0) asks for fresh nondeterministic seeds.
Dataset random_from_seeds(std::int64_t seed, std::int64_t seed2, bool rerandomize) {
  auto s = static_cast<std::uint64_t>(seed), s2 = static_cast<std::uint64_t>(seed2);
  if (s == 0 && s2 == 0) {
    std::random_device device;
    s = (std::uint64_t{device()} << 32) | device();
    s2 = (std::uint64_t{device()} << 32) | device();
  }
  return Dataset(std::make_shared<RandomNode>(s, s2, rerandomize));
}

void random_shape(ops::ShapeContext& ctx) {
  const char* names[] = {"seed", "seed2"};
  for (std::size_t i = 0; i < 2; ++i) {
    const Tensor& t = ctx.input(i);
    if (t.dtype() != DType::kInt64 || !t.shape().is_compatible_with(TensorShape{}))
      ctx.fail(std::string(names[i]) + " must be an int64 scalar, got " + std::string(dtype_name(t.dtype())) +
               t.shape().debug_string());
  }
  ctx.add_output(DType::kVariant, TensorShape{});
}

void random_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(
      random_from_seeds(ctx.input(0).item<std::int64_t>(), ctx.input(1).item<std::int64_t>(), ctx.attr<bool>(0)));
}

// Stateful: without seeds every run picks new ones, which constant folding must not share.
const ops::OpDef& kRandomDataset = [] {
  ops::OpBuilder b("RandomDataset");
  b.inputs(2).attrs({"rerandomize_each_iteration"}).kernel_allocates_outputs().stateful().no_gradient();
  b.shape(random_shape).kernel(DType::kInt64, random_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

}  // namespace

Tensor random_dataset(std::optional<std::int64_t> seed, bool rerandomize_each_iteration) {
  const auto [s, s2] = random::get_seed(seed);
  const Tensor inputs[] = {constant(s), constant(s2)};
  const ops::AttrValue attrs[] = {rerandomize_each_iteration};
  return ops::execute(kRandomDataset, std::span<const Tensor>(inputs), attrs)[0];
}

}  // namespace detail

Dataset Dataset::random(std::optional<std::int64_t> seed, bool rerandomize_each_iteration) {
  const auto [s, s2] = random::get_seed(seed);
  return detail::random_from_seeds(s, s2, rerandomize_each_iteration);
}

}  // namespace tf::data
