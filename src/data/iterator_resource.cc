// The iterator resource and its ops: AnonymousIteratorV3, MakeIterator and IteratorGetNext.
#include "data/iterator_resource.h"

#include <string>

#include "data/dataset_variant.h"
#include "data/element_specs.h"
#include "ops/execute.h"
#include "tfpp/errors.h"

namespace tf::data::detail {
namespace {

std::string describe(DType dtype, const TensorShape& shape) {
  return std::string(dtype_name(dtype)) + shape.debug_string();
}

void get_next_shape(ops::ShapeContext& ctx) {
  const Tensor& handle = ctx.input(0);
  if (handle.dtype() != DType::kResource || !handle.shape().is_compatible_with(TensorShape{}))
    ctx.fail("the iterator must be a scalar tf.resource handle, got " + describe(handle.dtype(), handle.shape()));
  add_element_outputs(ctx);
}

void get_next_kernel(ops::KernelContext& ctx) {
  std::optional<Element> element = iterator_of(ctx.input(0), "IteratorGetNext").get_next();
  if (!element) throw OutOfRangeError("End of sequence");
  output_element(ctx, std::move(*element));
}

void anonymous_iterator_shape(ops::ShapeContext& ctx) { ctx.add_output(DType::kResource, TensorShape{}); }

void anonymous_iterator_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = core::make_resource_handle(std::make_shared<IteratorResource>());
}

void make_iterator_shape(ops::ShapeContext& ctx) {
  const Tensor &dataset = ctx.input(0), &handle = ctx.input(1);
  if (dataset.dtype() != DType::kVariant || !dataset.shape().is_compatible_with(TensorShape{}))
    ctx.fail("the dataset must be a variant scalar, got " + describe(dataset.dtype(), dataset.shape()));
  if (handle.dtype() != DType::kResource || !handle.shape().is_compatible_with(TensorShape{}))
    ctx.fail("the iterator must be a scalar tf.resource handle, got " + describe(handle.dtype(), handle.shape()));
}

void make_iterator_kernel(ops::KernelContext& ctx) {
  iterator_of(ctx.input(1), "MakeIterator").make(dataset_of(ctx.input(0), "MakeIterator"));
}

const ops::OpDef& kAnonymousIterator = [] {
  ops::OpBuilder b("AnonymousIteratorV3");
  b.inputs(0).kernel_allocates_outputs().stateful().no_gradient().shape(anonymous_iterator_shape);
  b.kernel(DType::kResource, anonymous_iterator_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

const ops::OpDef& kMakeIterator = [] {
  ops::OpBuilder b("MakeIterator");
  b.inputs(2).stateful().no_gradient().shape(make_iterator_shape).kernel(DType::kVariant, make_iterator_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

const ops::OpDef& kIteratorGetNext = [] {
  ops::OpBuilder b("IteratorGetNext");
  b.inputs(1).kernel_allocates_outputs().stateful().no_gradient().attrs({"element_spec"});
  b.shape(get_next_shape).kernel(DType::kResource, get_next_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

}  // namespace

void IteratorResource::make(const Dataset& dataset) {
  Iterator pass = dataset.make_iterator();
  std::lock_guard lock(mutex_);
  iterator_ = std::move(pass);
}

std::optional<Element> IteratorResource::get_next() {
  std::lock_guard lock(mutex_);
  if (!iterator_)
    throw FailedPreconditionError(
        "GetNext() failed because the iterator has not been initialized. Ensure that you have run the initializer "
        "operation for this iterator before getting the next element.");
  return iterator_->get_next();
}

Tensor make_iterator_handle(const Dataset& dataset) {
  return core::make_resource_handle(std::make_shared<IteratorResource>(dataset));
}

IteratorResource& iterator_of(const Tensor& handle, std::string_view op) {
  const std::string prefix = "[" + std::string(op) + "] ";
  if (handle.dtype() != DType::kResource || handle.num_elements() != 1 || handle.is_symbolic())
    throw InvalidArgumentError(prefix + "expected an iterator (a concrete tf.resource scalar), got " +
                               describe(handle.dtype(), handle.shape()));
  auto iterator = std::dynamic_pointer_cast<IteratorResource>(core::resource_of(handle));
  if (!iterator) throw InvalidArgumentError(prefix + "the handle is not an iterator's");
  return *iterator;  // the op's input handle keeps the iterator alive while the kernel runs
}

Tensor anonymous_iterator() { return ops::execute(kAnonymousIterator, std::span<const Tensor>())[0]; }

void make_iterator(const Tensor& dataset, const Tensor& handle) {
  const Tensor inputs[] = {dataset, handle};
  ops::execute(kMakeIterator, std::span<const Tensor>(inputs));
}

std::vector<Tensor> iterator_get_next(const Tensor& handle, const std::vector<TensorSpec>& element_specs) {
  const ops::AttrValue attrs[] = {element_specs_attr(element_specs)};
  ops::Outputs out = ops::execute(kIteratorGetNext, std::span<const Tensor>(&handle, 1), attrs);
  return {out.begin(), out.end()};
}

}  // namespace tf::data::detail
