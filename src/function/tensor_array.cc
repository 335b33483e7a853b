// tf::TensorArray: a vector of tensors eagerly, TensorList ops on a variant flow when traced.
#include "tfpp/tensor_array.h"

#include "function/tensor_list.h"
#include "tfpp/constant.h"
#include "tfpp/control_flow.h"

namespace tf {

struct TensorArray::Impl {
  DType dtype;
  TensorShape element_shape;
  bool dynamic_size, clear_after_read, infer_shape;
  // Eager state (shared by copies; writes change it in place, as TensorFlow's eager array does).
  std::vector<Tensor> items;
  std::vector<bool> cleared;
  // Traced state: the variant list, or undefined for an eager array.
  Tensor flow;
};

namespace {

using function_ops::merge_shapes;

[[noreturn]] void fail(const std::string& message) { throw InvalidArgumentError("[TensorArray] " + message); }

std::string describe(const Tensor& t) { return std::string(dtype_name(t.dtype())) + t.shape().debug_string(); }

std::int64_t index_value(const Tensor& index) {
  if (!index.defined() || !is_index_dtype(index.dtype()) || index.num_elements() != 1)
    fail("an index must be a scalar int32 or int64 tensor, got " + (index.defined() ? describe(index) : "undefined"));
  return index.dtype() == DType::kInt32 ? index.item<std::int32_t>() : index.item<std::int64_t>();
}

Tensor index_tensor(std::int64_t i) { return constant(static_cast<std::int32_t>(i)); }

// Checks `value` against the array (dtype, element shape) and refines the element shape.
void check_value(TensorArray::Impl& a, std::int64_t index, const Tensor& value) {
  if (!value.defined()) fail("cannot write an undefined tensor");
  if (value.dtype() != a.dtype)
    fail("TensorArray dtype is " + std::string(dtype_name(a.dtype)) + " but Op is trying to write dtype " +
         std::string(dtype_name(value.dtype())));
  if (!a.infer_shape) return;
  TensorShape merged;
  if (!merge_shapes(a.element_shape, value.shape(), merged))
    fail("Could not write to TensorArray index " + (index < 0 ? std::string("?") : std::to_string(index)) +
         " because the value shape is " + value.shape().debug_string() +
         " which is incompatible with the TensorArray's inferred element shape: " + a.element_shape.debug_string() +
         " (consider setting infer_shape=false)");
  a.element_shape = merged;
}

void eager_write(TensorArray::Impl& a, std::int64_t index, const Tensor& value) {
  check_value(a, index, value);
  const auto size = static_cast<std::int64_t>(a.items.size());
  if (index < 0) fail("Tried to write to index " + std::to_string(index) + " but the index must be >= 0");
  if (index >= size) {
    if (!a.dynamic_size)
      fail("Tried to write to index " + std::to_string(index) + " but array is not resizeable and size is: " +
           std::to_string(size));
    a.items.resize(index + 1);
    a.cleared.resize(index + 1);
  }
  a.items[index] = value;
  a.cleared[index] = false;
}

// Element i, or zeros for an unwritten one of fully known shape.
Tensor eager_element(const TensorArray::Impl& a, std::int64_t index) {
  const auto size = static_cast<std::int64_t>(a.items.size());
  if (index < 0 || index >= size)
    fail("Tried to read from index " + std::to_string(index) + " but array size is: " + std::to_string(size));
  if (a.items[index].defined()) return a.items[index];
  if (a.cleared[index])
    fail("Could not read TensorArray index " + std::to_string(index) +
         " twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?)");
  if (!a.element_shape.is_fully_defined())
    fail("Could not read from TensorArray index " + std::to_string(index) +
         ": it was never written and the element shape " + a.element_shape.debug_string() +
         " is not fully defined (give the TensorArray a full element_shape to read unwritten elements as zeros)");
  return zeros(a.element_shape, a.dtype);
}

std::vector<Tensor> eager_elements(const TensorArray::Impl& a, const std::vector<std::int64_t>& indices) {
  std::vector<Tensor> out;
  for (std::int64_t i : indices) out.push_back(eager_element(a, i));
  return out;
}

std::vector<std::int64_t> index_values(const Tensor& t) {
  if (!is_index_dtype(t.dtype()) || t.rank() != 1) fail("indices must be an int32 or int64 vector, got " + describe(t));
  std::vector<std::int64_t> v;
  for (std::int64_t i = 0; i < t.num_elements(); ++i)
    v.push_back(t.dtype() == DType::kInt32 ? t.data<std::int32_t>()[i] : t.data<std::int64_t>()[i]);
  return v;
}

// The empty result of stack/gather: [0, element_shape...], when that shape is known.
Tensor empty_stack(const TensorArray::Impl& a, const char* what) {
  if (!a.element_shape.is_fully_defined())
    fail(std::string("Could not ") + what + " an empty TensorArray: its element shape " + a.element_shape.debug_string() +
         " is not fully defined");
  TensorShape shape = a.element_shape;
  shape.insert_dim(0, 0);
  return zeros(shape, a.dtype);
}

}  // namespace

TensorArray::TensorArray(DType dtype, TensorArrayOptions options)
    : impl_(std::make_shared<Impl>(Impl{dtype, options.element_shape, options.dynamic_size, options.clear_after_read,
                                        options.infer_shape, {}, {}, {}})) {
  if (options.size < 0) fail("size must be >= 0, got " + std::to_string(options.size));
  if (dtype == DType::kVariant) fail("the element dtype cannot be variant");
  if (detail::tracing()) {
    impl_->flow = function_ops::list_reserve(index_tensor(options.size), dtype, options.element_shape);
  } else {
    impl_->items.resize(options.size);
    impl_->cleared.resize(options.size);
  }
}

DType TensorArray::dtype() const { return impl_->dtype; }
const TensorShape& TensorArray::element_shape() const { return impl_->element_shape; }
bool TensorArray::dynamic_size() const { return impl_->dynamic_size; }

Tensor TensorArray::flow() const {
  if (impl_->flow.defined()) return impl_->flow;
  return function_ops::make_list_tensor({impl_->dtype, impl_->element_shape, impl_->items});
}

TensorArray TensorArray::with_flow(const Tensor& flow) const {
  if (!flow.defined() || flow.dtype() != DType::kVariant)
    fail("a TensorArray's flow is a variant tensor, got " + (flow.defined() ? describe(flow) : "undefined"));
  auto impl = std::make_shared<Impl>(*impl_);
  impl->items.clear();
  impl->cleared.clear();
  impl->flow = flow;
  return TensorArray(std::move(impl));
}

std::shared_ptr<TensorArray::Impl> TensorArray::traced() const {
  if (impl_->flow.defined()) return impl_;
  return with_flow(flow()).impl_;
}

TensorArray TensorArray::write(const Tensor& index, const Tensor& value) const {
  if (!impl_->flow.defined() && !detail::tracing()) {
    eager_write(*impl_, index_value(index), value);
    return *this;
  }
  auto impl = std::make_shared<Impl>(*traced());
  check_value(*impl, index.is_symbolic() ? -1 : index_value(index), value);
  impl->flow = function_ops::list_set_item(impl->flow, index, value, impl->dynamic_size);
  return TensorArray(std::move(impl));
}

TensorArray TensorArray::write(std::int64_t index, const Tensor& value) const { return write(index_tensor(index), value); }

Tensor TensorArray::read(const Tensor& index) const {
  if (!impl_->flow.defined() && !detail::tracing()) {
    const std::int64_t i = index_value(index);
    Tensor t = eager_element(*impl_, i);
    if (impl_->clear_after_read) {
      impl_->items[i] = Tensor();
      impl_->cleared[i] = true;
    }
    return t;
  }
  auto impl = traced();
  return function_ops::list_get_item(impl->flow, index, impl->dtype, impl->element_shape);
}

Tensor TensorArray::read(std::int64_t index) const { return read(index_tensor(index)); }

Tensor TensorArray::stack() const {
  if (!impl_->flow.defined() && !detail::tracing()) {
    if (impl_->items.empty()) return empty_stack(*impl_, "stack");
    std::vector<std::int64_t> all(impl_->items.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::int64_t>(i);
    return tf::stack(eager_elements(*impl_, all));
  }
  auto impl = traced();
  return function_ops::list_stack(impl->flow, impl->dtype, impl->element_shape);
}

TensorArray TensorArray::unstack(const Tensor& value) const {
  if (!value.defined() || value.rank() == 0)
    fail("unstack needs a tensor of rank >= 1, got " + (value.defined() ? describe(value) : "undefined"));
  if (!impl_->flow.defined() && !detail::tracing()) {
    std::vector<Tensor> rows = tf::unstack(value);
    for (std::size_t i = 0; i < rows.size(); ++i) eager_write(*impl_, static_cast<std::int64_t>(i), rows[i]);
    return *this;
  }
  auto impl = std::make_shared<Impl>(*traced());
  const TensorShape row = function_ops::row_shape(value.shape());
  TensorShape merged;
  if (impl->infer_shape && !merge_shapes(impl->element_shape, row, merged))
    fail("unstack of " + describe(value) + " does not match the element shape " + impl->element_shape.debug_string());
  if (impl->infer_shape) impl->element_shape = merged;
  impl->flow = function_ops::list_from_tensor(value, impl->element_shape);
  return TensorArray(std::move(impl));
}

Tensor TensorArray::gather(const IntArray& indices) const {
  if (!impl_->flow.defined() && !detail::tracing()) {
    const std::vector<std::int64_t> idx = index_values(indices.tensor());
    return idx.empty() ? empty_stack(*impl_, "gather from") : tf::stack(eager_elements(*impl_, idx));
  }
  auto impl = traced();
  return function_ops::list_gather(impl->flow, indices.tensor(), impl->dtype, impl->element_shape);
}

TensorArray TensorArray::scatter(const IntArray& indices, const Tensor& value) const {
  if (!impl_->flow.defined() && !detail::tracing()) {
    const std::vector<std::int64_t> idx = index_values(indices.tensor());
    if (!value.defined() || value.rank() == 0 || value.shape().dim(0) != static_cast<std::int64_t>(idx.size()))
      fail("scatter needs one row of value per index: " + std::to_string(idx.size()) + " indices, value " +
           (value.defined() ? describe(value) : "undefined"));
    std::vector<Tensor> rows = tf::unstack(value);
    for (std::size_t k = 0; k < idx.size(); ++k) eager_write(*impl_, idx[k], rows[k]);
    return *this;
  }
  auto impl = std::make_shared<Impl>(*traced());
  impl->flow = function_ops::list_scatter(impl->flow, value, indices.tensor(), impl->dynamic_size);
  return TensorArray(std::move(impl));
}

Tensor TensorArray::concat() const {
  if (!impl_->flow.defined() && !detail::tracing()) {
    if (impl_->items.empty()) {
      TensorShape s = impl_->element_shape;
      if (!s.is_fully_defined() || s.rank() < 1)
        fail("Could not concat an empty TensorArray: its element shape " + s.debug_string() +
             " is not fully defined with rank >= 1");
      s.set_dim(0, 0);
      return zeros(s, impl_->dtype);
    }
    std::vector<std::int64_t> all(impl_->items.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::int64_t>(i);
    return tf::concat(eager_elements(*impl_, all), 0);
  }
  auto impl = traced();
  return function_ops::list_concat(impl->flow, impl->dtype, impl->element_shape).first;
}

TensorArray TensorArray::split(const Tensor& value, const IntArray& lengths) const {
  if (!impl_->flow.defined() && !detail::tracing()) {
    const std::vector<std::int64_t> n = index_values(lengths.tensor());
    if (!value.defined() || value.rank() == 0) fail("split needs a tensor of rank >= 1");
    // The parts differ in their first dimension, so the element shape leaves it unknown.
    TensorShape element = value.shape();
    element.set_dim(0, None);
    TensorShape merged;
    if (!merge_shapes(impl_->element_shape, element, merged))
      fail("split of " + describe(value) + " does not match the element shape " + impl_->element_shape.debug_string());
    impl_->element_shape = merged;
    std::vector<Tensor> parts = tf::split(value, n);
    if (parts.size() > impl_->items.size() && !impl_->dynamic_size)
      fail("Cannot split into " + std::to_string(parts.size()) + " parts a TensorArray of static size " +
           std::to_string(impl_->items.size()));
    impl_->items.assign(parts.begin(), parts.end());
    impl_->cleared.assign(parts.size(), false);
    return *this;
  }
  auto impl = std::make_shared<Impl>(*traced());
  TensorShape element = value.shape();
  if (!element.has_unknown_rank() && element.rank() > 0) element.set_dim(0, None);
  TensorShape merged;
  if (!merge_shapes(impl->element_shape, element, merged))
    fail("split of " + describe(value) + " does not match the element shape " + impl->element_shape.debug_string());
  impl->element_shape = merged;
  impl->flow = function_ops::list_split(value, lengths.tensor(), element);
  return TensorArray(std::move(impl));
}

Tensor TensorArray::size() const {
  if (!impl_->flow.defined() && !detail::tracing()) return index_tensor(static_cast<std::int64_t>(impl_->items.size()));
  return function_ops::list_length(traced()->flow);
}

namespace detail {

TensorArray branch_array(const char* op, const std::vector<TensorArray>& branches, const Tensor& flow) {
  auto impl = std::make_shared<TensorArray::Impl>(*branches.at(0).impl_);
  for (const TensorArray& b : branches) {
    if (b.dtype() != impl->dtype)
      throw InvalidArgumentError(std::string("[") + op + "] the branches return TensorArrays of different dtypes: " +
                                 std::string(dtype_name(impl->dtype)) + " and " + std::string(dtype_name(b.dtype())));
    // Keep the dims every branch agrees on.
    const TensorShape& other = b.element_shape();
    TensorShape& shape = impl->element_shape;
    if (shape.has_unknown_rank() || other.has_unknown_rank() || shape.rank() != other.rank()) {
      shape = TensorShape::unknown_rank();
      continue;
    }
    for (int d = 0; d < shape.rank(); ++d)
      if (shape.dim(d) != other.dim(d)) shape.set_dim(d, None);
  }
  impl->items.clear();
  impl->cleared.clear();
  impl->flow = flow;
  return TensorArray(std::move(impl));
}

}  // namespace detail
}  // namespace tf
