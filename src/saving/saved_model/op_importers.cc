#include "saving/saved_model/op_importers.h"

#include <unordered_map>

#include "autodiff/resource_variable_ops.h"
#include "function/tensor_list.h"
#include "ops/execute.h"
#include "ops/random/random_seed.h"
#include "proto/tensor_proto.h"
#include "saving/saved_model/function_importer.h"
#include "saving/saved_model/table_importers.h"
#include "tfpp/array_ops.h"
#include "tfpp/control_flow.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/statistics_ops.h"
#include "tfpp/variable.h"
#include "tfpp/variable_scatter.h"

namespace tf::saving {

const Tensor& ImportedNode::input(std::size_t i) const {
  if (i >= inputs_.size())
    fail("expects at least " + std::to_string(i + 1) + " inputs, got " + std::to_string(inputs_.size()));
  return inputs_[i];
}

bool ImportedNode::has_attr(const std::string& name) const {
  if (node_.attr().contains(name)) return true;
  if (op_def_)
    for (const auto& a : op_def_->attr())
      if (a.name() == name && a.has_default_value()) return true;
  return false;
}

const proto::AttrValue& ImportedNode::attr(const std::string& name) const {
  if (auto it = node_.attr().find(name); it != node_.attr().end()) return it->second;
  if (op_def_)
    for (const auto& a : op_def_->attr())
      if (a.name() == name && a.has_default_value()) return a.default_value();
  fail("has no attribute '" + name + "'");
}

std::vector<std::int64_t> ImportedNode::constant_ints(std::size_t i, const char* what) const {
  const Tensor& t = input(i);
  if (t.is_symbolic()) fail(std::string("needs a constant ") + what + " (input " + std::to_string(i) + "), got one computed at run time");
  if (t.dtype() == DType::kInt32) {
    std::vector<std::int64_t> out;
    for (std::int32_t v : t.numpy<std::int32_t>()) out.push_back(v);
    return out;
  }
  if (t.dtype() == DType::kInt64) return t.numpy<std::int64_t>();
  fail(std::string(what) + " must be int32 or int64, got " + std::string(dtype_name(t.dtype())));
}

void ImportedNode::fail(const std::string& message) const {
  throw InvalidArgumentError("[" + node_.op() + " '" + node_.name() + "'] " + message);
}

namespace {

using Importer = std::vector<Tensor> (*)(ImportedNode&);

DType dtype_attr(const ImportedNode& n, const std::string& name) {
  return proto_convert::from_data_type(n.attr(name).type());
}

TensorShape shape_of_constant(const ImportedNode& n, std::size_t i) {
  // A TensorList element shape: -1 (a scalar) is an unknown rank; -1 entries are unknown dims.
  std::vector<std::int64_t> dims = n.constant_ints(i, "element shape");
  if (n.input(i).shape().rank() == 0) return dims.at(0) == -1 ? TensorShape::unknown_rank() : TensorShape{};
  TensorShape shape;
  for (std::int64_t d : dims) shape.append(d < 0 ? None : d);
  return shape;
}

Variable variable_of(const ImportedNode& n, std::size_t i) {
  const Tensor& h = n.input(i);
  if (h.dtype() != DType::kResource || h.is_symbolic())
    n.fail("input " + std::to_string(i) + " must be a variable of the SavedModel, got a " +
           std::string(dtype_name(h.dtype())) + (h.is_symbolic() ? " computed at run time" : ""));
  return Variable(autodiff::handle_variable(h));
}

std::vector<Tensor> one(Tensor t) { return {std::move(t)}; }

std::vector<Tensor> import_const(ImportedNode& n) {
  return one(proto_convert::from_tensor_proto(n.attr("value").tensor()));
}
std::vector<Tensor> import_no_op(ImportedNode&) { return {}; }
std::vector<Tensor> import_identity_n(ImportedNode& n) {
  std::vector<Tensor> out;
  for (const Tensor& t : n.inputs()) out.push_back(identity(t));
  return out;
}
std::vector<Tensor> import_read(ImportedNode& n) { return one(variable_of(n, 0).read_value()); }
std::vector<Tensor> import_assign(ImportedNode& n) {
  variable_of(n, 0).assign(n.input(1));
  return {};
}
std::vector<Tensor> import_assign_add(ImportedNode& n) {
  variable_of(n, 0).assign_add(n.input(1));
  return {};
}
std::vector<Tensor> import_assign_sub(ImportedNode& n) {
  variable_of(n, 0).assign_sub(n.input(1));
  return {};
}

// ResourceScatter*(resource, indices, updates), by the scatter of the same name.
template <Variable& (*scatter)(Variable&, const Tensor&, const Tensor&)>
std::vector<Tensor> import_scatter(ImportedNode& n) {
  Variable v = variable_of(n, 0);
  scatter(v, n.input(1), n.input(2));
  return {};
}

std::vector<Tensor> import_select(ImportedNode& n) {
  const Tensor& c = n.input(0);
  const Tensor& x = n.input(1);
  // Select's 1-D condition picks rows of higher-rank x and y.
  if (c.shape().rank() == 1 && x.shape().rank() > 1) {
    std::vector<std::int64_t> shape(static_cast<std::size_t>(x.shape().rank()), 1);
    shape[0] = -1;
    return one(where(reshape(c, shape), x, n.input(2)));
  }
  return one(where(c, x, n.input(2)));
}

template <Tensor (*Reduce)(const Tensor&, const Axes&, const ReduceOptions&)>
std::vector<Tensor> import_reduce(ImportedNode& n) {
  return one(Reduce(n.input(0), Axes(n.constant_ints(1, "reduction axis")), {.keepdims = n.attr("keep_dims").b()}));
}

std::int64_t scalar_axis(const ImportedNode& n, std::size_t i) {
  std::vector<std::int64_t> v = n.constant_ints(i, "axis");
  if (v.size() != 1) n.fail("axis must be a scalar");
  return v[0];
}

std::vector<Tensor> import_argmax(ImportedNode& n) {
  return one(argmax(n.input(0), scalar_axis(n, 1), dtype_attr(n, "output_type")));
}
std::vector<Tensor> import_argmin(ImportedNode& n) {
  return one(argmin(n.input(0), scalar_axis(n, 1), dtype_attr(n, "output_type")));
}
std::vector<Tensor> import_cumsum(ImportedNode& n) {
  return one(cumsum(n.input(0), scalar_axis(n, 1), {.exclusive = n.attr("exclusive").b(), .reverse = n.attr("reverse").b()}));
}
std::vector<Tensor> import_cumprod(ImportedNode& n) {
  return one(math::cumprod(n.input(0), scalar_axis(n, 1), {.exclusive = n.attr("exclusive").b(), .reverse = n.attr("reverse").b()}));
}
std::vector<Tensor> import_cumulative_logsumexp(ImportedNode& n) {
  return one(math::cumulative_logsumexp(n.input(0), scalar_axis(n, 1),
                                        {.exclusive = n.attr("exclusive").b(), .reverse = n.attr("reverse").b()}));
}
std::vector<Tensor> import_top_k(ImportedNode& n) {
  auto [values, indices] = math::top_k(n.input(0), n.input(1), n.attr("sorted").b());
  if (dtype_attr(n, "index_type") != DType::kInt32) indices = cast(indices, dtype_attr(n, "index_type"));
  return {values, indices};
}

// Seeded random ops continue their streams from call to call, as TensorFlow's kernels do (Note
// [Random streams]).
std::vector<Tensor> import_random_uniform_int(ImportedNode& n) {
  const ops::OpDef& op = *ops::find_op("RandomUniformInt");
  const std::int64_t seed = n.attr("seed").i(), seed2 = n.attr("seed2").i();
  const ops::AttrValue attrs[] = {seed, seed2, ops::random_stream(op, n.input(1).dtype(), seed, seed2, n.input(0).dtype())};
  return one(ops::execute1(op, {n.input(0), n.input(1), n.input(2)}, attrs));
}
std::vector<Tensor> import_float_random(ImportedNode& n) {
  const ops::OpDef& op = *ops::find_op(n.node().op());
  const DType dtype = dtype_attr(n, "dtype");
  const std::int64_t seed = n.attr("seed").i(), seed2 = n.attr("seed2").i();
  const ops::AttrValue attrs[] = {dtype, seed, seed2, ops::random_stream(op, dtype, seed, seed2, n.input(0).dtype())};
  return one(ops::execute1(op, {n.input(0)}, attrs));
}

// FusedBatchNorm in inference form (is_training false): y, then the moments it used.
std::vector<Tensor> import_fused_batch_norm(ImportedNode& n) {
  if (n.attr("is_training").b()) n.fail("is_training=true is not supported (a SavedModel serves inference)");
  const std::string format = n.attr("data_format").s();
  if (format != "NHWC" && format != "NDHWC") n.fail("data_format " + format + " is not supported");
  const Tensor& x = n.input(0);
  Tensor y = nn::batch_normalization(x, cast(n.input(3), x.dtype()), cast(n.input(4), x.dtype()),
                                     cast(n.input(2), x.dtype()), cast(n.input(1), x.dtype()), n.attr("epsilon").f());
  std::vector<Tensor> out{y, n.input(3), n.input(4), n.input(3), n.input(4)};
  if (n.node().op() == "FusedBatchNormV3") out.push_back(zeros_like(n.input(4)));
  return out;
}

// ---- TensorList ops: TensorFlow passes element shapes as tensors, tfpp as attributes ----

std::vector<Tensor> import_list_reserve(ImportedNode& n) {
  return one(function_ops::list_reserve(n.input(1), dtype_attr(n, "element_dtype"), shape_of_constant(n, 0)));
}
std::vector<Tensor> import_list_from_tensor(ImportedNode& n) {
  return one(function_ops::list_from_tensor(n.input(0), shape_of_constant(n, 1)));
}
std::vector<Tensor> import_list_get_item(ImportedNode& n) {
  return one(function_ops::list_get_item(n.input(0), n.input(1), dtype_attr(n, "element_dtype"), shape_of_constant(n, 2)));
}
std::vector<Tensor> import_list_stack(ImportedNode& n) {
  return one(function_ops::list_stack(n.input(0), dtype_attr(n, "element_dtype"), shape_of_constant(n, 1)));
}
std::vector<Tensor> import_list_gather(ImportedNode& n) {
  return one(function_ops::list_gather(n.input(0), n.input(1), dtype_attr(n, "element_dtype"), shape_of_constant(n, 2)));
}

// ---- Function calls and control flow ----

constexpr int kMaxCallDepth = 64;

std::vector<Tensor> call(const ImportedNode& n, const std::string& function, std::vector<Tensor> args) {
  if (n.depth() >= kMaxCallDepth) n.fail("function calls nest deeper than " + std::to_string(kMaxCallDepth));
  return call_function(n.library(), function, args);
}

const std::string& function_attr(const ImportedNode& n, const std::string& name) {
  const proto::AttrValue& a = n.attr(name);
  if (!a.has_func()) n.fail("attribute '" + name + "' must name a function");
  if (!n.library().find(a.func().name())) n.fail("calls " + a.func().name() + ", which the library does not define");
  return a.func().name();
}

std::vector<Tensor> import_call(ImportedNode& n) { return call(n, function_attr(n, "f"), n.inputs()); }

std::vector<Tensor> import_if(ImportedNode& n) {
  const Tensor pred = n.input(0);
  std::vector<Tensor> args(n.inputs().begin() + 1, n.inputs().end());
  const std::string then_fn = function_attr(n, "then_branch"), else_fn = function_attr(n, "else_branch");
  if (!detail::tracing()) return call(n, detail::eager_predicate(pred, "If") ? then_fn : else_fn, args);
  auto branch = [&](const std::string& fn) -> detail::FlatFn {
    return [&, fn](const std::vector<Tensor>&, std::vector<std::string>&) { return call(n, fn, args); };
  };
  std::vector<std::string> keys;
  return detail::cond_flat(pred, branch(then_fn), branch(else_fn), keys);
}

// Resource loop variables (variables the body uses) stay out of the loop: the body returns them
// unchanged, and each iteration sees the handle itself.
std::vector<Tensor> import_while(ImportedNode& n) {
  const std::string cond_fn = function_attr(n, "cond"), body_fn = function_attr(n, "body");
  const std::vector<Tensor>& all = n.inputs();
  std::vector<std::size_t> carried;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].dtype() != DType::kResource) carried.push_back(i);
  auto full = [&](const std::vector<Tensor>& vars) {
    std::vector<Tensor> args = all;
    for (std::size_t k = 0; k < carried.size(); ++k) args[carried[k]] = vars[k];
    return args;
  };
  std::vector<Tensor> init;
  WhileOptions options;
  const bool has_shapes = n.has_attr("output_shapes") && n.attr("output_shapes").list().shape_size() == static_cast<int>(all.size());
  for (std::size_t i : carried) {
    init.push_back(all[i]);
    if (has_shapes) {
      TensorShape s = proto_convert::from_shape_proto(n.attr("output_shapes").list().shape(static_cast<int>(i)));
      options.shape_invariants.push_back(s.is_compatible_with(all[i].shape()) ? s : TensorShape::unknown_rank());
    } else {
      options.shape_invariants.push_back(TensorShape::unknown_rank());
    }
  }
  detail::FlatFn cond = [&](const std::vector<Tensor>& vars, std::vector<std::string>&) {
    std::vector<Tensor> out = call(n, cond_fn, full(vars));
    if (out.size() != 1) n.fail("cond returns " + std::to_string(out.size()) + " tensors, not one");
    if (out[0].dtype() != DType::kBool) out[0] = not_equal(out[0], zeros_like(out[0]));
    return out;
  };
  detail::FlatFn body = [&](const std::vector<Tensor>& vars, std::vector<std::string>&) {
    std::vector<Tensor> out = call(n, body_fn, full(vars));
    if (out.size() != all.size())
      n.fail("body returns " + std::to_string(out.size()) + " tensors for " + std::to_string(all.size()) + " loop variables");
    std::vector<Tensor> next;
    for (std::size_t i : carried) next.push_back(out[i]);
    return next;
  };
  return full(detail::while_flat(cond, body, init, options));
}

const std::unordered_map<std::string_view, Importer>& importers() {
  static const std::unordered_map<std::string_view, Importer> table{
      {"Const", &import_const},
      {"NoOp", &import_no_op},
      {"IdentityN", &import_identity_n},
      {"ReadVariableOp", &import_read},
      {"AssignVariableOp", &import_assign},
      {"AssignAddVariableOp", &import_assign_add},
      {"AssignSubVariableOp", &import_assign_sub},
      {"ResourceScatterUpdate", &import_scatter<scatter_update>},
      {"ResourceScatterAdd", &import_scatter<scatter_add>},
      {"ResourceScatterSub", &import_scatter<scatter_sub>},
      {"ResourceScatterMul", &import_scatter<scatter_mul>},
      {"ResourceScatterDiv", &import_scatter<scatter_div>},
      {"ResourceScatterMax", &import_scatter<scatter_max>},
      {"ResourceScatterMin", &import_scatter<scatter_min>},
      {"ResourceScatterNdUpdate", &import_scatter<scatter_nd_update>},
      {"ResourceScatterNdAdd", &import_scatter<scatter_nd_add>},
      {"ResourceScatterNdSub", &import_scatter<scatter_nd_sub>},
      {"ResourceScatterNdMax", &import_scatter<scatter_nd_max>},
      {"ResourceScatterNdMin", &import_scatter<scatter_nd_min>},
      {"Select", &import_select},
      {"Sum", &import_reduce<reduce_sum>},
      {"Mean", &import_reduce<reduce_mean>},
      {"Max", &import_reduce<reduce_max>},
      {"Min", &import_reduce<reduce_min>},
      {"Prod", &import_reduce<reduce_prod>},
      {"Any", &import_reduce<reduce_any>},
      {"All", &import_reduce<reduce_all>},
      {"EuclideanNorm", &import_reduce<math::reduce_euclidean_norm>},
      {"ArgMax", &import_argmax},
      {"ArgMin", &import_argmin},
      {"Cumsum", &import_cumsum},
      {"Cumprod", &import_cumprod},
      {"CumulativeLogsumexp", &import_cumulative_logsumexp},
      {"TopKV2", &import_top_k},
      {"RandomUniformInt", &import_random_uniform_int},
      {"RandomUniform", &import_float_random},
      {"RandomStandardNormal", &import_float_random},
      {"TruncatedNormal", &import_float_random},
      {"FusedBatchNorm", &import_fused_batch_norm},
      {"FusedBatchNormV3", &import_fused_batch_norm},
      {"TensorListReserve", &import_list_reserve},
      {"TensorListFromTensor", &import_list_from_tensor},
      {"TensorListGetItem", &import_list_get_item},
      {"TensorListStack", &import_list_stack},
      {"TensorListGather", &import_list_gather},
      {"HashTableV2", &import_hash_table},
      {"MutableHashTableV2", &import_mutable_hash_table},
      {"MutableDenseHashTableV2", &import_mutable_dense_hash_table},
      {"StatefulPartitionedCall", &import_call},
      {"PartitionedCall", &import_call},
      {"If", &import_if},
      {"StatelessIf", &import_if},
      {"While", &import_while},
      {"StatelessWhile", &import_while},
  };
  return table;
}

// A tfpp op of TensorFlow's name whose attributes TensorFlow's op also has.
const ops::OpDef* direct_op(std::string_view name, const FunctionLibrary& library) {
  const ops::OpDef* op = ops::find_op(name);
  const proto::OpDef* tf_op = library.op_def(name);
  if (!op || !tf_op) return nullptr;
  for (const std::string& attr : op->attr_names) {
    bool found = false;
    for (const auto& a : tf_op->attr()) found = found || a.name() == attr;
    if (!found) return nullptr;
  }
  return op;
}

ops::AttrValue convert_attr(const ImportedNode& n, const std::string& name) {
  const proto::AttrValue& a = n.attr(name);
  switch (a.value_case()) {
    case proto::AttrValue::kS: return a.s();
    case proto::AttrValue::kI: return a.i();
    case proto::AttrValue::kF: return static_cast<double>(a.f());
    case proto::AttrValue::kB: return a.b();
    case proto::AttrValue::kType: return proto_convert::from_data_type(a.type());
    case proto::AttrValue::kShape: return proto_convert::from_shape_proto(a.shape());
    case proto::AttrValue::kList:
      if (a.list().s_size() + a.list().f_size() + a.list().b_size() + a.list().type_size() + a.list().shape_size() +
              a.list().tensor_size() + a.list().func_size() ==
          0)
        return std::vector<std::int64_t>(a.list().i().begin(), a.list().i().end());
      break;
    default: break;
  }
  n.fail("attribute '" + name + "' has a form tfpp's op does not take");
}

std::vector<Tensor> run_direct(const ops::OpDef& op, ImportedNode& n) {
  if (op.num_inputs >= 0 && static_cast<std::size_t>(op.num_inputs) != n.inputs().size())
    n.fail("tfpp's op takes " + std::to_string(op.num_inputs) + " inputs, the node has " + std::to_string(n.inputs().size()));
  std::vector<ops::AttrValue> attrs;
  for (const std::string& name : op.attr_names) attrs.push_back(convert_attr(n, name));
  ops::Outputs out = ops::execute(op, std::span<const Tensor>(n.inputs()), attrs);
  return std::vector<Tensor>(out.begin(), out.end());
}

}  // namespace

bool can_import(std::string_view op, const FunctionLibrary& library) {
  return importers().contains(op) || library.find(op) || direct_op(op, library);
}

// Shape facts known while tracing become constants, and stateless ops on constants run at import
// time: TensorFlow computes reduction axes and shapes in the graph (Range(0, Rank(x))), where tfpp
// takes them as constants.
namespace {

std::vector<Tensor> import_node_now(ImportedNode& n);

bool fold_static(ImportedNode& n, std::vector<Tensor>& out) {
  const std::string& op = n.node().op();
  if (n.inputs().size() != 1 || !n.input(0).is_symbolic()) return false;
  const TensorShape& s = n.input(0).shape();
  const DType out_type = n.has_attr("out_type") ? dtype_attr(n, "out_type") : DType::kInt32;
  if (op == "Rank" && !s.has_unknown_rank()) out = one(constant(static_cast<std::int32_t>(s.rank())));
  else if (op == "Shape" && s.is_fully_defined()) out = one(cast(constant(std::vector<std::int64_t>(s.dims().begin(), s.dims().end())), out_type));
  else if (op == "Size" && s.is_fully_defined()) out = one(cast(constant(static_cast<std::int64_t>(s.num_elements())), out_type));
  else return false;
  return true;
}

bool foldable(const ImportedNode& n) {
  if (n.inputs().empty()) return false;
  for (const Tensor& t : n.inputs())
    if (t.is_symbolic() || t.dtype() == DType::kResource || t.dtype() == DType::kVariant) return false;
  const std::string& op = n.node().op();
  if (op.starts_with("Random") || op.starts_with("Stateless") || op.starts_with("TensorList") || n.library().find(op))
    return false;
  if (importers().contains(op))
    return op != "ReadVariableOp" && !op.starts_with("Assign") && op != "If" && op != "While" && !op.ends_with("Call");
  const ops::OpDef* direct = direct_op(op, n.library());
  return direct && !direct->stateful;
}

}  // namespace

std::vector<Tensor> import_node(ImportedNode& n) {
  if (std::vector<Tensor> out; fold_static(n, out)) return out;
  if (foldable(n) && detail::tracing()) {
    ops::ContextScope eager(nullptr);
    return import_node_now(n);
  }
  return import_node_now(n);
}

namespace {
std::vector<Tensor> import_node_now(ImportedNode& n) {
  const std::string& op = n.node().op();
  if (auto it = importers().find(op); it != importers().end()) return it->second(n);
  if (n.library().find(op)) return call(n, op, n.inputs());
  if (const ops::OpDef* direct = direct_op(op, n.library())) return run_direct(*direct, n);
  n.fail("tfpp has no op " + op);
}
}  // namespace

}  // namespace tf::saving
