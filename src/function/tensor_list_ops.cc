// The TensorList* ops (see tensor_list.h).
#include <cstring>

#include "core/tensor_impl.h"
#include "function/tensor_list.h"
#include "ops/execute.h"

namespace tf::function_ops {
namespace {

const TensorShape kScalar{};

std::string describe(const Tensor& t) { return std::string(dtype_name(t.dtype())) + t.shape().debug_string(); }

std::int64_t scalar_int(const ops::OpContext& ctx, const Tensor& t, const char* what) {
  if (t.num_elements() != 1) ctx.fail(std::string(what) + " must be a scalar, got shape " + t.shape().debug_string());
  return t.dtype() == DType::kInt32 ? t.data<std::int32_t>()[0] : t.data<std::int64_t>()[0];
}

std::vector<std::int64_t> int_vector(const Tensor& t) {
  std::vector<std::int64_t> v(static_cast<std::size_t>(t.num_elements()));
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] = t.dtype() == DType::kInt32 ? t.data<std::int32_t>()[i] : t.data<std::int64_t>()[i];
  return v;
}

void check_int(const ops::ShapeContext& ctx, std::size_t i, const char* what, bool scalar) {
  const Tensor& t = ctx.input(i);
  if (!is_index_dtype(t.dtype()) || (scalar && !t.shape().is_compatible_with(kScalar)))
    ctx.fail(std::string(what) + " must be an int32 or int64 " + (scalar ? "scalar" : "tensor") + ", got " + describe(t));
}

void check_list(const ops::ShapeContext& ctx, std::size_t i) {
  const Tensor& t = ctx.input(i);
  if (t.dtype() != DType::kVariant || !t.shape().is_compatible_with(kScalar))
    ctx.fail("input " + std::to_string(i) + " must be a list (a variant scalar), got " + describe(t));
}

// The shape unwritten elements take: the list's, the op's static one, or a written element's.
TensorShape fill_shape(const ops::OpContext& ctx, const TensorList& list, const TensorShape& attr_shape,
                       std::int64_t index) {
  TensorShape shape;
  if (!merge_shapes(list.element_shape, attr_shape, shape)) shape = list.element_shape;
  for (const Tensor& t : list.items)
    if (!shape.is_fully_defined() && t.defined()) shape = t.shape();
  if (!shape.is_fully_defined())
    ctx.fail("Could not read index " + std::to_string(index) +
             " of the list: it was never written, and the element shape " + shape.debug_string() +
             " is not fully defined (give the TensorArray a full element_shape to read unwritten elements as zeros)");
  return shape;
}

Tensor zero_element(DType dtype, const TensorShape& shape) {
  Tensor t = core::empty(dtype, shape);
  if (dtype == DType::kVariant) {
    for (std::int64_t i = 0; i < t.num_elements(); ++i)
      static_cast<core::Variant*>(t.raw_mutable_data())[i] = std::make_shared<const TensorList>();
    return t;
  }
  if (dtype != DType::kString) std::memset(t.raw_mutable_data(), 0, t.num_elements() * dtype_size(dtype));
  return t;
}

Tensor element_or_zeros(const ops::OpContext& ctx, const TensorList& list, std::int64_t i, const TensorShape& attr_shape) {
  if (i < 0 || i >= static_cast<std::int64_t>(list.items.size()))
    ctx.fail("Trying to access element " + std::to_string(i) + " in a list with " + std::to_string(list.items.size()) +
             " elements");
  const Tensor& t = list.items[i];
  return t.defined() ? t : zero_element(list.element_dtype, fill_shape(ctx, list, attr_shape, i));
}

// Copies `src`'s elements into `dst` starting at element `offset`.
void copy_into(Tensor& dst, std::int64_t offset, const Tensor& src) {
  const std::int64_t n = src.num_elements();
  if (dst.dtype() == DType::kString) {
    std::string* d = dst.mutable_data<std::string>() + offset;
    const std::string* s = src.data<std::string>();
    for (std::int64_t i = 0; i < n; ++i) d[i] = s[i];
    return;
  }
  if (dst.dtype() == DType::kVariant) {
    auto* d = static_cast<core::Variant*>(dst.raw_mutable_data()) + offset;
    const auto* s = static_cast<const core::Variant*>(src.raw_data());
    for (std::int64_t i = 0; i < n; ++i) d[i] = s[i];
    return;
  }
  const std::size_t size = dtype_size(dst.dtype());
  std::memcpy(static_cast<char*>(dst.raw_mutable_data()) + offset * size, src.raw_data(), n * size);
}

// Stacks elements (checked to share one shape) along a new first dimension, or concatenates
// them along their first dimension.
Tensor join(const ops::OpContext& ctx, const std::vector<Tensor>& elements, DType dtype, const TensorShape& empty_shape,
            bool concat) {
  TensorShape shape = elements.empty() ? empty_shape : elements[0].shape();
  std::int64_t first = 0;
  for (const Tensor& e : elements) {
    if (!concat) {
      if (e.shape() != shape)
        ctx.fail("the elements must have one shape, got " + shape.debug_string() + " and " + e.shape().debug_string());
      continue;
    }
    bool fits = e.rank() >= 1 && e.rank() == shape.rank();
    for (int d = 1; fits && d < shape.rank(); ++d) fits = e.shape().dim(d) == shape.dim(d);
    if (!fits)
      ctx.fail("the elements must have rank >= 1 and agree past their first dimension, got " + shape.debug_string() +
               " and " + e.shape().debug_string());
    first += e.shape().dim(0);
  }
  TensorShape out = shape;
  if (concat) {
    if (elements.empty()) out.insert_dim(0, 0);
    else out.set_dim(0, first);
  } else {
    out.insert_dim(0, static_cast<std::int64_t>(elements.size()));
  }
  Tensor result = core::empty(dtype, out);
  std::int64_t offset = 0;
  for (const Tensor& e : elements) {
    copy_into(result, offset, e);
    offset += e.num_elements();
  }
  return result;
}

// Rows [begin, begin + count) of `t` along its first dimension, sharing its buffer.
Tensor rows(const Tensor& t, std::int64_t begin, std::int64_t count, bool keep_dim) {
  TensorShape shape = t.shape();
  std::int64_t row = 1;
  for (int d = 1; d < shape.rank(); ++d) row *= shape.dim(d);
  if (keep_dim) shape.set_dim(0, count);
  else shape.remove_dim(0);
  auto impl = std::make_shared<detail::TensorImpl>(*t.impl());
  impl->shape = shape;
  impl->offset += static_cast<std::size_t>(begin * row);
  return Tensor(std::move(impl));
}

// Sets item i of `list` (a copy), checking dtype and shape.
void set_item(const ops::OpContext& ctx, TensorList& list, std::int64_t i, const Tensor& item, bool resize) {
  if (item.dtype() != list.element_dtype)
    ctx.fail("the list holds " + std::string(dtype_name(list.element_dtype)) + " elements, got " + describe(item));
  TensorShape merged;
  if (!merge_shapes(list.element_shape, item.shape(), merged))
    ctx.fail("Could not write to index " + std::to_string(i) + " because the value shape is " +
             item.shape().debug_string() + " which is incompatible with the element shape " +
             list.element_shape.debug_string());
  list.element_shape = merged;
  const auto size = static_cast<std::int64_t>(list.items.size());
  if (i < 0 || (i >= size && !resize))
    ctx.fail("Tried to write to index " + std::to_string(i) + " but the list is not resizeable and its size is " +
             std::to_string(size));
  if (i >= size) list.items.resize(static_cast<std::size_t>(i) + 1);
  list.items[i] = item;
}

// ---- shape functions and kernels ----

void list_output(ops::ShapeContext& ctx) { ctx.add_output(DType::kVariant, kScalar); }

void reserve_shape(ops::ShapeContext& ctx) {
  check_int(ctx, 0, "num_elements", true);
  list_output(ctx);
}
void reserve_kernel(ops::KernelContext& ctx) {
  const std::int64_t n = scalar_int(ctx, ctx.input(0), "num_elements");
  if (n < 0) ctx.fail("num_elements must be >= 0, got " + std::to_string(n));
  ctx.output(0) = make_list_tensor({ctx.attr<DType>(0), ctx.attr<TensorShape>(1), std::vector<Tensor>(n)});
}

void set_item_shape(ops::ShapeContext& ctx) {
  check_list(ctx, 0);
  check_int(ctx, 1, "index", true);
  list_output(ctx);
}
void set_item_kernel(ops::KernelContext& ctx) {
  TensorList list = list_of(ctx.input(0), ctx.op().name);
  set_item(ctx, list, scalar_int(ctx, ctx.input(1), "index"), ctx.input(2), ctx.attr<bool>(0));
  ctx.output(0) = make_list_tensor(std::move(list));
}

void get_item_shape(ops::ShapeContext& ctx) {
  check_list(ctx, 0);
  check_int(ctx, 1, "index", true);
  ctx.add_output(ctx.attr<DType>(0), ctx.attr<TensorShape>(1));
}
void get_item_kernel(ops::KernelContext& ctx) {
  const TensorList& list = list_of(ctx.input(0), ctx.op().name);
  // A fresh handle: the element must not alias the tensor that was written (gradient tapes
  // tell tensors apart by handle).
  const Tensor t = element_or_zeros(ctx, list, scalar_int(ctx, ctx.input(1), "index"), ctx.attr<TensorShape>(1));
  ctx.output(0) = core::view(t, t.shape());
}

TensorShape with_leading(const TensorShape& element, std::int64_t dim) {
  if (element.has_unknown_rank()) return TensorShape::unknown_rank();
  TensorShape s = element;
  s.insert_dim(0, dim);
  return s;
}

// Every element of the list, unwritten ones as zeros of the op's element shape (attr 1).
std::vector<Tensor> all_elements(const ops::KernelContext& ctx, const TensorList& list) {
  std::vector<Tensor> elements;
  for (std::size_t i = 0; i < list.items.size(); ++i)
    elements.push_back(element_or_zeros(ctx, list, static_cast<std::int64_t>(i), ctx.attr<TensorShape>(1)));
  return elements;
}

// Stacks `elements`; with none, the list's element shape merged with the op's must be fully
// defined, else this fails with `empty_prefix` + that shape + `empty_suffix`.
Tensor stack(const ops::KernelContext& ctx, const TensorList& list, const std::vector<Tensor>& elements,
             const char* empty_prefix, const char* empty_suffix) {
  TensorShape empty_shape;
  if (elements.empty() && (!merge_shapes(list.element_shape, ctx.attr<TensorShape>(1), empty_shape) ||
                           !empty_shape.is_fully_defined()))
    ctx.fail(empty_prefix + empty_shape.debug_string() + empty_suffix);
  return join(ctx, elements, list.element_dtype, empty_shape, false);
}

void stack_shape(ops::ShapeContext& ctx) {
  check_list(ctx, 0);
  ctx.add_output(ctx.attr<DType>(0), with_leading(ctx.attr<TensorShape>(1), None));
}
void stack_kernel(ops::KernelContext& ctx) {
  const TensorList& list = list_of(ctx.input(0), ctx.op().name);
  ctx.output(0) = stack(ctx, list, all_elements(ctx, list), "the list is empty and its element shape ",
                        " is not fully defined, so the stacked shape is unknown");
}

void from_tensor_shape(ops::ShapeContext& ctx) {
  if (ctx.input(0).rank() == 0) ctx.fail("the tensor must have rank >= 1, got " + describe(ctx.input(0)));
  list_output(ctx);
}
void from_tensor_kernel(ops::KernelContext& ctx) {
  const Tensor& t = ctx.input(0);
  TensorList list{t.dtype(), row_shape(t.shape()), {}};
  TensorShape merged;
  if (!merge_shapes(ctx.attr<TensorShape>(0), list.element_shape, merged))
    ctx.fail("the rows of " + describe(t) + " do not match the element shape " + ctx.attr<TensorShape>(0).debug_string());
  for (std::int64_t i = 0; i < t.shape().dim(0); ++i) list.items.push_back(rows(t, i, 1, false));
  ctx.output(0) = make_list_tensor(std::move(list));
}

void gather_shape(ops::ShapeContext& ctx) {
  check_list(ctx, 0);
  check_int(ctx, 1, "indices", false);
  if (ctx.input(1).rank() != 1 && !ctx.input(1).shape().has_unknown_rank())
    ctx.fail("indices must be a vector, got " + describe(ctx.input(1)));
  const std::int64_t k = ctx.input(1).shape().has_unknown_rank() ? None : ctx.input(1).shape().dim(0);
  ctx.add_output(ctx.attr<DType>(0), with_leading(ctx.attr<TensorShape>(1), k));
}
void gather_kernel(ops::KernelContext& ctx) {
  const TensorList& list = list_of(ctx.input(0), ctx.op().name);
  std::vector<Tensor> elements;
  for (std::int64_t i : int_vector(ctx.input(1))) elements.push_back(element_or_zeros(ctx, list, i, ctx.attr<TensorShape>(1)));
  ctx.output(0) = stack(ctx, list, elements, "no indices, and the element shape ", " is not fully defined");
}

void scatter_shape(ops::ShapeContext& ctx) {
  check_list(ctx, 0);
  check_int(ctx, 2, "indices", false);
  list_output(ctx);
}
void scatter_kernel(ops::KernelContext& ctx) {
  TensorList list = list_of(ctx.input(0), ctx.op().name);
  const Tensor& t = ctx.input(1);
  const std::vector<std::int64_t> indices = int_vector(ctx.input(2));
  if (t.rank() < 1 || t.shape().dim(0) != static_cast<std::int64_t>(indices.size()))
    ctx.fail("the tensor must have one row per index: " + std::to_string(indices.size()) + " indices, tensor " +
             describe(t));
  for (std::size_t k = 0; k < indices.size(); ++k)
    set_item(ctx, list, indices[k], rows(t, static_cast<std::int64_t>(k), 1, false), ctx.attr<bool>(0));
  ctx.output(0) = make_list_tensor(std::move(list));
}

void concat_shape(ops::ShapeContext& ctx) {
  check_list(ctx, 0);
  TensorShape s = ctx.attr<TensorShape>(1);
  if (!s.has_unknown_rank() && s.rank() > 0) s.set_dim(0, None);
  ctx.add_output(ctx.attr<DType>(0), s);
  ctx.add_output(DType::kInt64, TensorShape{None});
}
void concat_kernel(ops::KernelContext& ctx) {
  const TensorList& list = list_of(ctx.input(0), ctx.op().name);
  const std::vector<Tensor> elements = all_elements(ctx, list);
  TensorShape empty_shape;
  if (elements.empty() && (!merge_shapes(list.element_shape, ctx.attr<TensorShape>(1), empty_shape) ||
                           empty_shape.has_unknown_rank() || empty_shape.rank() < 1))
    ctx.fail("the list is empty and its element shape " + empty_shape.debug_string() + " has no known rank >= 1");
  if (elements.empty()) {
    for (int d = 1; d < empty_shape.rank(); ++d)
      if (empty_shape.dim(d) == None) ctx.fail("the list is empty and its element shape " + empty_shape.debug_string() + " is not fully defined");
    empty_shape.remove_dim(0);
  }
  ctx.output(0) = join(ctx, elements, list.element_dtype, empty_shape, true);
  Tensor lengths = core::empty(DType::kInt64, TensorShape{static_cast<std::int64_t>(elements.size())});
  for (std::size_t i = 0; i < elements.size(); ++i) lengths.mutable_data<std::int64_t>()[i] = elements[i].shape().dim(0);
  ctx.output(1) = lengths;
}

void split_shape(ops::ShapeContext& ctx) {
  if (ctx.input(0).rank() == 0) ctx.fail("the tensor must have rank >= 1, got " + describe(ctx.input(0)));
  check_int(ctx, 1, "lengths", false);
  list_output(ctx);
}
void split_kernel(ops::KernelContext& ctx) {
  const Tensor& t = ctx.input(0);
  const std::vector<std::int64_t> lengths = int_vector(ctx.input(1));
  std::int64_t total = 0;
  for (std::int64_t n : lengths) {
    if (n < 0) ctx.fail("lengths must be >= 0, got " + std::to_string(n));
    total += n;
  }
  if (total != t.shape().dim(0))
    ctx.fail("the lengths sum to " + std::to_string(total) + " but the tensor is " + describe(t));
  TensorShape element = t.shape();
  element.set_dim(0, None);
  TensorList list{t.dtype(), element, {}};
  std::int64_t begin = 0;
  for (std::int64_t n : lengths) {
    list.items.push_back(rows(t, begin, n, true));
    begin += n;
  }
  ctx.output(0) = make_list_tensor(std::move(list));
}

void length_shape(ops::ShapeContext& ctx) {
  check_list(ctx, 0);
  ctx.add_output(DType::kInt32, kScalar);
}
void length_kernel(ops::KernelContext& ctx) {
  Tensor n = core::empty(DType::kInt32, kScalar);
  n.mutable_data<std::int32_t>()[0] = static_cast<std::int32_t>(list_of(ctx.input(0), ctx.op().name).items.size());
  ctx.output(0) = n;
}

void add_shape(ops::ShapeContext& ctx) {
  check_list(ctx, 0);
  check_list(ctx, 1);
  list_output(ctx);
}
void add_kernel(ops::KernelContext& ctx) {
  const TensorList& a = list_of(ctx.input(0), ctx.op().name);
  const TensorList& b = list_of(ctx.input(1), ctx.op().name);
  TensorList sum{a.element_dtype, a.element_shape, a.items};
  if (b.items.size() > sum.items.size()) sum.items.resize(b.items.size());
  for (std::size_t i = 0; i < b.items.size(); ++i) {
    if (!b.items[i].defined()) continue;
    // Summing with the registry's AddV2 keeps this op free of arithmetic of its own.
    static const ops::OpDef& add_op = *ops::find_op("AddV2");
    const Tensor pair[] = {sum.items[i], b.items[i]};
    sum.items[i] = sum.items[i].defined() ? ops::execute_eagerly(add_op, pair, {})[0] : b.items[i];
  }
  ctx.output(0) = make_list_tensor(std::move(sum));
}

void zeros_like_shape(ops::ShapeContext& ctx) {
  check_list(ctx, 0);
  list_output(ctx);
}
void zeros_like_kernel(ops::KernelContext& ctx) {
  const TensorList& list = list_of(ctx.input(0), ctx.op().name);
  ctx.output(0) = make_list_tensor({list.element_dtype, list.element_shape, std::vector<Tensor>(list.items.size())});
}

const ops::OpDef& list_op(const char* name, int inputs, std::vector<std::string> attrs, ops::ShapeFn shape,
                          ops::KernelFn kernel) {
  ops::OpBuilder b(name);
  b.inputs(inputs).attrs(std::move(attrs)).shape(shape).kernel_allocates_outputs();
  for (int d = 0; d < kNumDTypes; ++d) b.kernel(static_cast<DType>(d), kernel);
  return b;
}

const ops::OpDef& kReserve = list_op("TensorListReserve", 1, {"element_dtype", "element_shape"}, reserve_shape, reserve_kernel);
const ops::OpDef& kSetItem = list_op("TensorListSetItem", 3, {"resize_if_index_out_of_bounds"}, set_item_shape, set_item_kernel);
const ops::OpDef& kGetItem = list_op("TensorListGetItem", 2, {"element_dtype", "element_shape"}, get_item_shape, get_item_kernel);
const ops::OpDef& kStack = list_op("TensorListStack", 1, {"element_dtype", "element_shape"}, stack_shape, stack_kernel);
const ops::OpDef& kFromTensor = list_op("TensorListFromTensor", 1, {"element_shape"}, from_tensor_shape, from_tensor_kernel);
const ops::OpDef& kGather = list_op("TensorListGather", 2, {"element_dtype", "element_shape"}, gather_shape, gather_kernel);
const ops::OpDef& kScatter = list_op("TensorListScatterIntoExistingList", 3, {"resize_if_index_out_of_bounds"},
                                     scatter_shape, scatter_kernel);
const ops::OpDef& kConcat = list_op("TensorListConcatV2", 1, {"element_dtype", "element_shape"}, concat_shape, concat_kernel);
const ops::OpDef& kSplit = list_op("TensorListSplit", 2, {"element_shape"}, split_shape, split_kernel);
const ops::OpDef& kLength = list_op("TensorListLength", 1, {}, length_shape, length_kernel);
const ops::OpDef& kZerosLike = list_op("TensorListZerosLike", 1, {}, zeros_like_shape, zeros_like_kernel);
const ops::OpDef& kAdd = list_op("TensorListAdd", 2, {}, add_shape, add_kernel);

}  // namespace

Tensor make_list_tensor(TensorList list) {
  Tensor t = core::empty(DType::kVariant, kScalar);
  *static_cast<core::Variant*>(t.raw_mutable_data()) = std::make_shared<const TensorList>(std::move(list));
  return t;
}

const TensorList& list_of(const Tensor& t, const std::string& op) {
  if (t.dtype() != DType::kVariant || t.num_elements() != 1 || t.is_symbolic())
    throw InvalidArgumentError("[" + op + "] expected a list (a concrete variant scalar), got " + describe(t));
  return *static_cast<const TensorList*>(static_cast<const core::Variant*>(t.raw_data())->get());
}

TensorShape row_shape(const TensorShape& shape) {
  TensorShape s = shape;
  if (!s.has_unknown_rank() && s.rank() > 0) s.remove_dim(0);
  return s;
}

bool merge_shapes(const TensorShape& a, const TensorShape& b, TensorShape& merged) {
  if (a.has_unknown_rank() || b.has_unknown_rank()) {
    merged = a.has_unknown_rank() ? b : a;
    return true;
  }
  if (a.rank() != b.rank()) return false;
  merged = a;
  for (int d = 0; d < a.rank(); ++d) {
    if (a.dim(d) == None) merged.set_dim(d, b.dim(d));
    else if (b.dim(d) != None && b.dim(d) != a.dim(d)) return false;
  }
  return true;
}

Tensor list_reserve(const Tensor& num_elements, DType element_dtype, const TensorShape& element_shape) {
  const ops::AttrValue attrs[] = {element_dtype, element_shape};
  return ops::execute1(kReserve, {num_elements}, attrs);
}
Tensor list_set_item(const Tensor& list, const Tensor& index, const Tensor& item, bool resize) {
  const ops::AttrValue attrs[] = {resize};
  return ops::execute1(kSetItem, {list, index, item}, attrs);
}
Tensor list_get_item(const Tensor& list, const Tensor& index, DType element_dtype, const TensorShape& element_shape) {
  const ops::AttrValue attrs[] = {element_dtype, element_shape};
  return ops::execute1(kGetItem, {list, index}, attrs);
}
Tensor list_stack(const Tensor& list, DType element_dtype, const TensorShape& element_shape) {
  const ops::AttrValue attrs[] = {element_dtype, element_shape};
  return ops::execute1(kStack, {list}, attrs);
}
Tensor list_from_tensor(const Tensor& t, const TensorShape& element_shape) {
  const ops::AttrValue attrs[] = {element_shape};
  return ops::execute1(kFromTensor, {t}, attrs);
}
Tensor list_gather(const Tensor& list, const Tensor& indices, DType element_dtype, const TensorShape& element_shape) {
  const ops::AttrValue attrs[] = {element_dtype, element_shape};
  return ops::execute1(kGather, {list, indices}, attrs);
}
Tensor list_scatter(const Tensor& list, const Tensor& t, const Tensor& indices, bool resize) {
  const ops::AttrValue attrs[] = {resize};
  return ops::execute1(kScatter, {list, t, indices}, attrs);
}
std::pair<Tensor, Tensor> list_concat(const Tensor& list, DType element_dtype, const TensorShape& element_shape) {
  const ops::AttrValue attrs[] = {element_dtype, element_shape};
  ops::Outputs out = ops::execute(kConcat, {list}, attrs);
  return {out[0], out[1]};
}
Tensor list_split(const Tensor& t, const Tensor& lengths, const TensorShape& element_shape) {
  const ops::AttrValue attrs[] = {element_shape};
  return ops::execute1(kSplit, {t, lengths}, attrs);
}
Tensor list_length(const Tensor& list) { return ops::execute1(kLength, {list}); }
Tensor list_zeros_like(const Tensor& list) { return ops::execute1(kZerosLike, {list}); }
Tensor list_add(const Tensor& a, const Tensor& b) { return ops::execute1(kAdd, {a, b}); }

}  // namespace tf::function_ops
