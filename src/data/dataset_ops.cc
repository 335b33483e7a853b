// Dataset transformations as graph ops, over the C++ pipeline's own transformations.
// Note [Dataset function inputs]: MapDataset's and FilterDataset's inputs are the dataset, then
// the tensors their function captures; the kernel appends each element to them, so that the
// function's arguments (element, captures) all index one vector, as ReduceDataset's do.
#include "data/dataset_ops.h"

#include <functional>
#include <memory>
#include <string>

#include "data/bound_function.h"
#include "data/node.h"
#include "data/transformations.h"
#include "function/traced_body.h"
#include "graph/function_body.h"
#include "ops/execute.h"
#include "ops/op_def.h"

namespace tf::data::detail {
namespace {

using graph::FunctionBody;
using BodyPtr = std::shared_ptr<const FunctionBody>;

std::string describe(DType dtype, const TensorShape& shape) {
  return std::string(dtype_name(dtype)) + shape.debug_string();
}

// Checks input `i` is a scalar of `dtype` (or a dataset variant); the output is a dataset.
void check_scalar(ops::ShapeContext& ctx, std::size_t i, DType dtype, const char* what) {
  const Tensor& t = ctx.input(i);
  if (t.dtype() != dtype || !t.shape().is_compatible_with(TensorShape{}))
    ctx.fail(std::string(what) + " must be a scalar of dtype " + std::string(dtype_name(dtype)) + ", got " +
             describe(t.dtype(), t.shape()));
}

void dataset_and_int64_shape(ops::ShapeContext& ctx) {
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  check_scalar(ctx, 1, DType::kInt64, "the count");
  ctx.add_output(DType::kVariant, TensorShape{});
}

void prefetch_shape(ops::ShapeContext& ctx) {
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  check_scalar(ctx, 1, DType::kInt64, "buffer_size");
  ctx.add_output(DType::kVariant, TensorShape{});
}

void window_shape(ops::ShapeContext& ctx) {
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  check_scalar(ctx, 1, DType::kInt64, "size");
  check_scalar(ctx, 2, DType::kInt64, "shift");
  check_scalar(ctx, 3, DType::kInt64, "stride");
  check_scalar(ctx, 4, DType::kBool, "drop_remainder");
  ctx.add_output(DType::kVariant, TensorShape{});
}

void batch_shape(ops::ShapeContext& ctx) {
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  check_scalar(ctx, 1, DType::kInt64, "batch_size");
  check_scalar(ctx, 2, DType::kBool, "drop_remainder");
  ctx.add_output(DType::kVariant, TensorShape{});
}

// PaddedBatchDatasetV2's inputs, as TensorFlow orders them: the dataset, batch_size, N padded
// shapes, N padding values and drop_remainder.
void padded_batch_shape(ops::ShapeContext& ctx) {
  const std::size_t n = ctx.num_inputs() < 3 ? 0 : (ctx.num_inputs() - 3) / 2;
  if (ctx.num_inputs() < 5 || ctx.num_inputs() != 2 * n + 3)
    ctx.fail("takes the dataset, batch_size, N padded shapes, N padding values and drop_remainder (N >= 1), got " +
             std::to_string(ctx.num_inputs()) + " inputs");
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  check_scalar(ctx, 1, DType::kInt64, "batch_size");
  for (std::size_t c = 0; c < n; ++c) {
    const Tensor& shape = ctx.input(2 + c);
    if (shape.dtype() != DType::kInt64 || !shape.shape().is_compatible_with(TensorShape{None}))
      ctx.fail("padded shape " + std::to_string(c) + " must be an int64 vector, got " +
               describe(shape.dtype(), shape.shape()));
    check_scalar(ctx, 2 + n + c, ctx.input(2 + n + c).dtype(), ("padding value " + std::to_string(c)).c_str());
  }
  check_scalar(ctx, 2 + 2 * n, DType::kBool, "drop_remainder");
  ctx.add_output(DType::kVariant, TensorShape{});
}

// Ops whose only input, apart from their function's captures, is the dataset.
void dataset_shape(ops::ShapeContext& ctx) {
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  ctx.add_output(DType::kVariant, TensorShape{});
}

// Inputs: the dataset, buffer_size and, when seeded, the seed.
void shuffle_shape(ops::ShapeContext& ctx) {
  if (ctx.num_inputs() != 2 && ctx.num_inputs() != 3)
    ctx.fail("takes the dataset, buffer_size and an optional seed, got " + std::to_string(ctx.num_inputs()) +
             " inputs");
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  check_scalar(ctx, 1, DType::kInt64, "buffer_size");
  if (ctx.num_inputs() == 3) check_scalar(ctx, 2, DType::kInt64, "the seed");
  ctx.add_output(DType::kVariant, TensorShape{});
}

void cache_shape(ops::ShapeContext& ctx) {
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  check_scalar(ctx, 1, DType::kString, "the filename");
  ctx.add_output(DType::kVariant, TensorShape{});
}

// ConcatenateDataset's and ZipDataset's inputs: datasets only.
void datasets_shape(ops::ShapeContext& ctx) {
  if (ctx.num_inputs() == 0) ctx.fail("needs at least one dataset");
  for (std::size_t i = 0; i < ctx.num_inputs(); ++i)
    check_scalar(ctx, i, DType::kVariant, ("dataset " + std::to_string(i)).c_str());
  ctx.add_output(DType::kVariant, TensorShape{});
}

void shard_shape(ops::ShapeContext& ctx) {
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  check_scalar(ctx, 1, DType::kInt64, "num_shards");
  check_scalar(ctx, 2, DType::kInt64, "index");
  ctx.add_output(DType::kVariant, TensorShape{});
}

void cardinality_shape(ops::ShapeContext& ctx) {
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  ctx.add_output(DType::kInt64, TensorShape{});
}

const Dataset& input_dataset(ops::KernelContext& ctx) { return dataset_of(ctx.input(0), ctx.op().name); }

void take_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).take(ctx.input(1).item<std::int64_t>()));
}

void skip_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).skip(ctx.input(1).item<std::int64_t>()));
}

void repeat_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).repeat(ctx.input(1).item<std::int64_t>()));
}

void prefetch_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).prefetch(ctx.input(1).item<std::int64_t>()));
}

void batch_kernel(ops::KernelContext& ctx) {
  ctx.output(0) =
      dataset_variant(input_dataset(ctx).batch(ctx.input(1).item<std::int64_t>(), ctx.input(2).item<bool>()));
}

void window_kernel(ops::KernelContext& ctx) {
  const WindowOptions options{.shift = ctx.input(2).item<std::int64_t>(), .stride = ctx.input(3).item<std::int64_t>(),
                              .drop_remainder = ctx.input(4).item<bool>()};
  ctx.output(0) = dataset_variant(window_datasets(input_dataset(ctx), ctx.input(1).item<std::int64_t>(), options));
}

void padded_batch_kernel(ops::KernelContext& ctx) {
  const std::size_t n = (ctx.num_inputs() - 3) / 2;
  PaddedBatchOptions options{.drop_remainder = ctx.input(2 + 2 * n).item<bool>()};
  for (std::size_t c = 0; c < n; ++c) {
    const Tensor& shape = ctx.input(2 + c);
    const auto* dims = static_cast<const std::int64_t*>(shape.raw_data());
    options.padded_shapes.emplace_back(std::span<const std::int64_t>(dims, shape.num_elements()));
    options.padding_values.push_back(ctx.input(2 + n + c));
  }
  ctx.output(0) = dataset_variant(input_dataset(ctx).padded_batch(ctx.input(1).item<std::int64_t>(), options));
}

void shuffle_kernel(ops::KernelContext& ctx) {
  ShuffleOptions options{.reshuffle_each_iteration = ctx.attr<bool>(0)};
  if (ctx.num_inputs() == 3) options.seed = static_cast<std::uint64_t>(ctx.input(2).item<std::int64_t>());
  ctx.output(0) = dataset_variant(input_dataset(ctx).shuffle(ctx.input(1).item<std::int64_t>(), options));
}

void unbatch_kernel(ops::KernelContext& ctx) { ctx.output(0) = dataset_variant(input_dataset(ctx).unbatch()); }

void cache_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).cache(ctx.input(1).item<std::string>()));
}

void concatenate_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).concatenate(dataset_of(ctx.input(1), ctx.op().name)));
}

void zip_kernel(ops::KernelContext& ctx) {
  std::vector<Dataset> datasets;
  for (const Tensor& t : ctx.inputs()) datasets.push_back(dataset_of(t, ctx.op().name));
  ctx.output(0) = dataset_variant(Dataset::zip(datasets));
}

void unique_kernel(ops::KernelContext& ctx) { ctx.output(0) = dataset_variant(unique(input_dataset(ctx))); }

void assert_cardinality_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(assert_cardinality(input_dataset(ctx), ctx.input(1).item<std::int64_t>()));
}

// DirectedInterleaveDataset's inputs: the choices, then the datasets.
void directed_interleave_kernel(ops::KernelContext& ctx) {
  std::vector<Dataset> datasets;
  for (std::size_t i = 1; i < ctx.num_inputs(); ++i) datasets.push_back(dataset_of(ctx.input(i), ctx.op().name));
  ctx.output(0) = dataset_variant(choose_from_datasets(std::move(datasets), input_dataset(ctx), ctx.attr<bool>(0)));
}

void shard_kernel(ops::KernelContext& ctx) {
  const auto num_shards = ctx.input(1).item<std::int64_t>(), index = ctx.input(2).item<std::int64_t>();
  if (num_shards < 1) ctx.fail("num_shards must be >= 1, got " + std::to_string(num_shards));
  if (index < 0 || index >= num_shards)
    ctx.fail("index must be between 0 and " + std::to_string(num_shards - 1) + ", got " + std::to_string(index));
  ctx.output(0) = dataset_variant(input_dataset(ctx).shard(num_shards, index));
}

void cardinality_kernel(ops::KernelContext& ctx) {
  *static_cast<std::int64_t*>(ctx.output(0).raw_mutable_data()) = input_dataset(ctx).cardinality();
}

void map_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).map([f = bind(ctx)](const Element& e) { return f(e); }));
}

void parallel_map_kernel(ops::KernelContext& ctx) {
  const MapOptions options{.num_parallel_calls = ctx.attr<std::int64_t>(1), .deterministic = ctx.attr<bool>(2)};
  ctx.output(0) =
      dataset_variant(input_dataset(ctx).map([f = bind(ctx)](const Element& e) { return f(e); }, options));
}

// The dataset the function returns for an element.
std::function<Dataset(const Element&)> dataset_function(ops::KernelContext& ctx) {
  return [f = bind(ctx), op = ctx.op().name](const Element& e) { return dataset_of(f(e).at(0), op); };
}

void flat_map_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).flat_map(dataset_function(ctx)));
}

void interleave_kernel(ops::KernelContext& ctx) {
  const InterleaveOptions options{.cycle_length = ctx.attr<std::int64_t>(1), .block_length = ctx.attr<std::int64_t>(2)};
  ctx.output(0) = dataset_variant(input_dataset(ctx).interleave(dataset_function(ctx), options));
}

void take_while_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(take_while(input_dataset(ctx), [f = bind(ctx)](const Element& e) {
    return static_cast<bool>(f(e).at(0));
  }));
}

void filter_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).filter([f = bind(ctx)](const Element& e) { return f(e).at(0); }));
}

// A dataset op whose kernel makes the output dataset; num_inputs < 0 for a variadic list.
ops::OpBuilder dataset_op_builder(const char* name, int num_inputs, ops::ShapeFn shape, ops::KernelFn kernel) {
  ops::OpBuilder b(name);
  if (num_inputs < 0) {
    b.variadic_inputs();
  } else {
    b.inputs(num_inputs);
  }
  b.kernel_allocates_outputs().no_gradient().shape(shape).kernel(DType::kVariant, kernel);
  return b;
}

const ops::OpDef& dataset_op(const char* name, int num_inputs, ops::ShapeFn shape, ops::KernelFn kernel) {
  return dataset_op_builder(name, num_inputs, shape, kernel);
}

// A dataset op running a function (attribute 0, "f") on the elements.
const ops::OpDef& function_dataset_op(const char* name, ops::KernelFn kernel, std::vector<std::string> more_attrs = {}) {
  more_attrs.insert(more_attrs.begin(), "f");
  return dataset_op_builder(name, -1, dataset_shape, kernel).attrs(std::move(more_attrs));
}

// Shuffling and caching are stateful: every run starts a new order or cache, which constant
// folding must not turn into one dataset that all calls share.
const ops::OpDef& stateful_dataset_op(const char* name, int num_inputs, ops::ShapeFn shape, ops::KernelFn kernel,
                                      std::vector<std::string> attrs = {}) {
  return dataset_op_builder(name, num_inputs, shape, kernel).attrs(std::move(attrs)).stateful();
}

const ops::OpDef& kTakeDataset = dataset_op("TakeDataset", 2, dataset_and_int64_shape, take_kernel);
const ops::OpDef& kSkipDataset = dataset_op("SkipDataset", 2, dataset_and_int64_shape, skip_kernel);
const ops::OpDef& kRepeatDataset = dataset_op("RepeatDataset", 2, dataset_and_int64_shape, repeat_kernel);
const ops::OpDef& kPrefetchDataset = dataset_op("PrefetchDataset", 2, prefetch_shape, prefetch_kernel);
const ops::OpDef& kBatchDatasetV2 = dataset_op("BatchDatasetV2", 3, batch_shape, batch_kernel);
const ops::OpDef& kPaddedBatchDatasetV2 = dataset_op("PaddedBatchDatasetV2", -1, padded_batch_shape,
                                                    padded_batch_kernel);
const ops::OpDef& kWindowDataset = dataset_op("WindowDataset", 5, window_shape, window_kernel);
const ops::OpDef& kMapDataset = function_dataset_op("MapDataset", map_kernel);
const ops::OpDef& kParallelMapDatasetV2 =
    function_dataset_op("ParallelMapDatasetV2", parallel_map_kernel, {"num_parallel_calls", "deterministic"});
const ops::OpDef& kFilterDataset = function_dataset_op("FilterDataset", filter_kernel);
const ops::OpDef& kFlatMapDataset = function_dataset_op("FlatMapDataset", flat_map_kernel);
const ops::OpDef& kInterleaveDataset =
    function_dataset_op("InterleaveDataset", interleave_kernel, {"cycle_length", "block_length"});
const ops::OpDef& kShuffleDataset =
    stateful_dataset_op("ShuffleDataset", -1, shuffle_shape, shuffle_kernel, {"reshuffle_each_iteration"});
const ops::OpDef& kUnbatchDataset = dataset_op("UnbatchDataset", 1, dataset_shape, unbatch_kernel);
const ops::OpDef& kCacheDataset = stateful_dataset_op("CacheDataset", 2, cache_shape, cache_kernel);
const ops::OpDef& kConcatenateDataset = dataset_op("ConcatenateDataset", 2, datasets_shape, concatenate_kernel);
const ops::OpDef& kZipDataset = dataset_op("ZipDataset", -1, datasets_shape, zip_kernel);
const ops::OpDef& kShardDataset = dataset_op("ShardDataset", 3, shard_shape, shard_kernel);
const ops::OpDef& kTakeWhileDataset = function_dataset_op("TakeWhileDataset", take_while_kernel);
const ops::OpDef& kUniqueDataset = dataset_op("UniqueDataset", 1, dataset_shape, unique_kernel);
const ops::OpDef& kAssertCardinalityDataset =
    dataset_op("AssertCardinalityDataset", 2, dataset_and_int64_shape, assert_cardinality_kernel);
const ops::OpDef& kDirectedInterleaveDataset =
    dataset_op_builder("DirectedInterleaveDataset", -1, datasets_shape, directed_interleave_kernel)
        .attrs({"stop_on_empty_dataset"});
const ops::OpDef& kDatasetCardinality = [] {
  ops::OpBuilder b("DatasetCardinality");
  b.inputs(1).no_gradient().shape(cardinality_shape).kernel(DType::kVariant, cardinality_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

Tensor run(const ops::OpDef& op, std::vector<Tensor> inputs, std::span<const ops::AttrValue> attrs = {}) {
  return ops::execute(op, std::span<const Tensor>(inputs), attrs)[0];
}

// What a dataset op's function returns: any element, a predicate's scalar bool or a dataset.
enum class FunctionResult { kElement, kPredicate, kDataset };

// Traces `fn` over the element and adds the op running it on `dataset`: the node's inputs are the
// dataset and the captures (Note [Dataset function inputs]), its attributes the traced function
// and `more_attrs`. Returns the new dataset.
Tensor function_dataset(const ops::OpDef& op, const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                        const tf::detail::FlatFn& fn, const char* name, FunctionResult result,
                        std::vector<ops::AttrValue> more_attrs = {}) {
  std::vector<ops::TensorInfo> specs;
  for (const TensorSpec& s : element_specs) specs.push_back({s.dtype, s.shape});
  tf::detail::TracedBody traced = tf::detail::trace_body(specs, fn, name);
  const graph::Graph& g = *traced.graph;
  const bool one_scalar = g.outputs().size() == 1 && g.info(g.outputs()[0]).shape.is_compatible_with(TensorShape{});
  if (result == FunctionResult::kPredicate && !(one_scalar && g.info(g.outputs()[0]).dtype == DType::kBool))
    throw InvalidArgumentError("[" + op.name + "] the predicate must return one scalar bool tensor");
  if (result == FunctionResult::kDataset && !(one_scalar && g.info(g.outputs()[0]).dtype == DType::kVariant))
    throw InvalidArgumentError("[" + op.name + "] the function must return one dataset (a variant scalar)");
  std::vector<Tensor> inputs{dataset};
  std::vector<int> sources(specs.size(), -1);
  sources = tf::detail::wire_captures(inputs, traced, std::move(sources), 1);
  for (std::size_t j = 0; j < specs.size(); ++j) sources[j] = static_cast<int>(inputs.size() + j);
  more_attrs.insert(more_attrs.begin(), std::make_shared<const FunctionBody>(traced.graph, std::move(sources)));
  return run(op, std::move(inputs), more_attrs);
}

}  // namespace

Tensor take_dataset(const Tensor& dataset, const Tensor& count) { return run(kTakeDataset, {dataset, count}); }

Tensor skip_dataset(const Tensor& dataset, const Tensor& count) { return run(kSkipDataset, {dataset, count}); }

Tensor repeat_dataset(const Tensor& dataset, const Tensor& count) { return run(kRepeatDataset, {dataset, count}); }

Tensor prefetch_dataset(const Tensor& dataset, const Tensor& buffer_size) {
  return run(kPrefetchDataset, {dataset, buffer_size});
}

Tensor batch_dataset(const Tensor& dataset, const Tensor& batch_size, const Tensor& drop_remainder) {
  return run(kBatchDatasetV2, {dataset, batch_size, drop_remainder});
}

Tensor window_dataset(const Tensor& dataset, const Tensor& size, const Tensor& shift, const Tensor& stride,
                      const Tensor& drop_remainder) {
  return run(kWindowDataset, {dataset, size, shift, stride, drop_remainder});
}

Tensor padded_batch_dataset(const Tensor& dataset, const Tensor& batch_size, const std::vector<Tensor>& padded_shapes,
                            const std::vector<Tensor>& padding_values, const Tensor& drop_remainder) {
  std::vector<Tensor> inputs{dataset, batch_size};
  inputs.insert(inputs.end(), padded_shapes.begin(), padded_shapes.end());
  inputs.insert(inputs.end(), padding_values.begin(), padding_values.end());
  inputs.push_back(drop_remainder);
  return run(kPaddedBatchDatasetV2, std::move(inputs));
}

Tensor map_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs, const tf::detail::FlatFn& fn) {
  return function_dataset(kMapDataset, dataset, element_specs, fn, "map_fn", FunctionResult::kElement);
}

Tensor parallel_map_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                            const tf::detail::FlatFn& fn, std::int64_t num_parallel_calls, bool deterministic) {
  if (num_parallel_calls < 1 && num_parallel_calls != AUTOTUNE)
    throw InvalidArgumentError("[ParallelMapDatasetV2] num_parallel_calls must be positive or AUTOTUNE (-1), got " +
                               std::to_string(num_parallel_calls));
  return function_dataset(kParallelMapDatasetV2, dataset, element_specs, fn, "map_fn", FunctionResult::kElement,
                          {num_parallel_calls, deterministic});
}

Tensor take_while_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                          const tf::detail::FlatFn& predicate) {
  return function_dataset(kTakeWhileDataset, dataset, element_specs, predicate, "take_while_fn",
                          FunctionResult::kPredicate);
}

Tensor unique_dataset(const Tensor& dataset) { return run(kUniqueDataset, {dataset}); }

Tensor assert_cardinality_dataset(const Tensor& dataset, const Tensor& cardinality) {
  return run(kAssertCardinalityDataset, {dataset, cardinality});
}

Tensor directed_interleave_dataset(const Tensor& choices, const std::vector<Tensor>& datasets, bool stop_on_empty) {
  std::vector<Tensor> inputs{choices};
  inputs.insert(inputs.end(), datasets.begin(), datasets.end());
  const ops::AttrValue attrs[] = {stop_on_empty};
  return run(kDirectedInterleaveDataset, std::move(inputs), attrs);
}

Tensor filter_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                      const tf::detail::FlatFn& predicate) {
  return function_dataset(kFilterDataset, dataset, element_specs, predicate, "filter_fn", FunctionResult::kPredicate);
}

Tensor flat_map_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                        const tf::detail::FlatFn& fn) {
  return function_dataset(kFlatMapDataset, dataset, element_specs, fn, "flat_map_fn", FunctionResult::kDataset);
}

Tensor interleave_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                          const tf::detail::FlatFn& fn, std::int64_t cycle_length, std::int64_t block_length) {
  if ((cycle_length < 1 && cycle_length != AUTOTUNE) || block_length < 1)
    throw InvalidArgumentError("[InterleaveDataset] cycle_length must be positive or AUTOTUNE (-1) and block_length "
                               "positive, got " + std::to_string(cycle_length) + " and " + std::to_string(block_length));
  return function_dataset(kInterleaveDataset, dataset, element_specs, fn, "interleave_fn", FunctionResult::kDataset,
                          {cycle_length, block_length});
}

Tensor shuffle_dataset(const Tensor& dataset, const Tensor& buffer_size, const std::optional<Tensor>& seed,
                       bool reshuffle_each_iteration) {
  std::vector<Tensor> inputs{dataset, buffer_size};
  if (seed) inputs.push_back(*seed);
  const ops::AttrValue attrs[] = {reshuffle_each_iteration};
  return run(kShuffleDataset, std::move(inputs), attrs);
}

Tensor unbatch_dataset(const Tensor& dataset) { return run(kUnbatchDataset, {dataset}); }

Tensor cache_dataset(const Tensor& dataset, const Tensor& filename) { return run(kCacheDataset, {dataset, filename}); }

Tensor concatenate_dataset(const Tensor& dataset, const Tensor& other) {
  return run(kConcatenateDataset, {dataset, other});
}

Tensor zip_dataset(const std::vector<Tensor>& datasets) { return run(kZipDataset, datasets); }

Tensor shard_dataset(const Tensor& dataset, const Tensor& num_shards, const Tensor& index) {
  return run(kShardDataset, {dataset, num_shards, index});
}

Tensor dataset_cardinality(const Tensor& dataset) { return run(kDatasetCardinality, {dataset}); }

}  // namespace tf::data::detail
