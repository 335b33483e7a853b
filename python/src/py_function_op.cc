// EagerPyFunc and PyFunc: graph ops that call back into Python when they run, for tf.py_function
// and tf.numpy_function inside a traced function (python/tfpp/script_ops.py; eagerly those call
// the Python function directly). The op's `token` attr names a registered Python callable, as in
// TensorFlow; the callable returns (True, [tensors]) or (False, (error class, message)).
// EagerPyFunc's gradient is another EagerPyFunc node, whose callable (registered with the
// forward one) runs a GradientTape over the Python function when the backward graph runs.
#include <mutex>
#include <unordered_map>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "autodiff/gradient_registry.h"
#include "bindings.h"
#include "pipeline_gil.h"
#include "ops/execute.h"
#include "ops/op_def.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

// A registered Python function: the forward callable and, for EagerPyFunc, its backward one.
struct Callables {
  std::shared_ptr<SharedPyObject> forward;
  std::shared_ptr<SharedPyObject> backward;  // null: not differentiable
};

std::mutex registry_mutex;
std::unordered_map<std::string, Callables>& callables() {
  static auto* registry = new std::unordered_map<std::string, Callables>;
  return *registry;
}

std::string register_callables(nb::callable forward, nb::handle backward) {
  std::lock_guard<std::mutex> lock(registry_mutex);
  const std::string token = "pyfunc_" + std::to_string(callables().size());
  callables()[token] = {std::make_shared<SharedPyObject>(std::move(forward)),
                        backward.is_none() ? nullptr : std::make_shared<SharedPyObject>(nb::borrow(backward))};
  return token;
}

Callables callables_of(const std::string& token) {
  std::lock_guard<std::mutex> lock(registry_mutex);
  auto it = callables().find(token);
  return it == callables().end() ? Callables{} : it->second;
}

[[noreturn]] void throw_error(const std::string& class_name, const std::string& message) {
  if (class_name == "InvalidArgumentError") throw tf::InvalidArgumentError(message);
  if (class_name == "OutOfRangeError") throw tf::OutOfRangeError(message);
  if (class_name == "ResourceExhaustedError") throw tf::ResourceExhaustedError(message);
  if (class_name == "UnimplementedError") throw tf::UnimplementedError(message);
  if (class_name == "NotFoundError") throw tf::NotFoundError(message);
  if (class_name == "FailedPreconditionError") throw tf::FailedPreconditionError(message);
  throw tf::UnknownError(message);
}

// Attrs: token (string), Tout (the output dtypes, as ints).
void py_func_shape(tf::ops::ShapeContext& ctx) {
  for (std::int64_t dtype : ctx.attr<std::vector<std::int64_t>>(1))
    ctx.add_output(static_cast<tf::DType>(dtype), tf::TensorShape::unknown_rank());
}

void py_func_kernel(tf::ops::KernelContext& ctx) {
  std::shared_ptr<SharedPyObject> fn = callables_of(ctx.attr<std::string>(0)).forward;
  if (!fn) ctx.fail("no Python function is registered as " + ctx.attr<std::string>(0));
  PipelineThreadGil gil;  // also a tf.data map's thread
  nb::list args;
  for (const tf::Tensor& t : ctx.inputs()) args.append(nb::cast(t));
  nb::tuple result = nb::cast<nb::tuple>(fn->get()(*args));
  if (!nb::cast<bool>(result[0])) {
    nb::tuple error = nb::cast<nb::tuple>(result[1]);
    throw_error(nb::cast<std::string>(error[0]), nb::cast<std::string>(error[1]));
  }
  std::vector<tf::Tensor> outputs = nb::cast<std::vector<tf::Tensor>>(result[1]);
  for (std::size_t i = 0; i < outputs.size(); ++i) ctx.output(i) = std::move(outputs[i]);
}

tf::ops::OpBuilder py_func_op(const char* name) {
  tf::ops::OpBuilder op(name);
  op.variadic_inputs().attrs({"token", "Tout"}).shape(py_func_shape).kernel_allocates_outputs().stateful();
  for (int d = 0; d < tf::kNumDTypes; ++d) op.kernel(static_cast<tf::DType>(d), py_func_kernel);
  return op;
}

const tf::ops::OpDef& kEagerPyFunc = py_func_op("EagerPyFunc");
const tf::ops::OpDef& kPyFunc = py_func_op("PyFunc").no_gradient();  // numpy_function: NumPy breaks the chain

tf::ops::Outputs call_py_func(const tf::ops::OpDef& op, const std::string& token, std::vector<tf::Tensor> inputs,
                              const std::vector<tf::DType>& out_types) {
  std::vector<std::int64_t> dtypes;
  for (tf::DType d : out_types) dtypes.push_back(static_cast<std::int64_t>(d));
  const std::array<tf::ops::AttrValue, 2> attrs{token, std::move(dtypes)};
  return tf::ops::execute(op, inputs, attrs);
}

// The floating-point inputs' gradients, from an EagerPyFunc running the backward callable on
// (inputs..., upstream gradients...); none when the function has no backward (a backward's own).
tf::autodiff::Grads py_func_grad(const tf::autodiff::GradientContext& ctx, std::span<const tf::Tensor> grads) {
  tf::autodiff::Grads result(ctx.num_inputs());
  const std::string& token = ctx.attr<std::string>(0);
  std::shared_ptr<SharedPyObject> backward;
  {
    nb::gil_scoped_acquire gil;  // the registry's objects are released with the GIL
    backward = callables_of(token).backward;
  }
  if (!backward) return result;
  std::vector<tf::Tensor> inputs(ctx.inputs().begin(), ctx.inputs().end());
  inputs.insert(inputs.end(), grads.begin(), grads.end());
  std::vector<tf::DType> dtypes;
  for (std::size_t i = 0; i < ctx.num_inputs(); ++i) dtypes.push_back(ctx.input_dtype(i));
  const std::string backward_token = [&] {
    nb::gil_scoped_acquire gil;
    return register_callables(nb::borrow<nb::callable>(backward->get()), nb::none());
  }();
  tf::ops::Outputs out = call_py_func(kEagerPyFunc, backward_token, std::move(inputs), dtypes);
  for (std::size_t i = 0; i < ctx.num_inputs(); ++i)
    if (tf::is_floating(ctx.input_dtype(i))) result[i] = out[i];
  return result;
}

TF_REGISTER_GRADIENT("EagerPyFunc", py_func_grad);

}  // namespace

void bind_py_function_op(nb::module_& m) {
  m.def("_py_func", [](nb::callable fn, nb::handle inputs, nb::handle out_types, bool numpy, nb::handle backward) {
    std::vector<tf::Tensor> in;
    for (nb::handle t : inputs) in.push_back(to_tensor(t));
    std::vector<tf::DType> dtypes;
    for (nb::handle d : out_types) dtypes.push_back(dtype_from(d));
    tf::ops::Outputs out = call_py_func(numpy ? kPyFunc : kEagerPyFunc, register_callables(std::move(fn), backward),
                                        std::move(in), dtypes);
    return std::vector<tf::Tensor>(out.begin(), out.end());
  }, "fn"_a, "inputs"_a, "out_types"_a, "numpy"_a, "backward"_a = nb::none(),
     "Adds a node calling fn(*tensors) -> (True, [tensors]) | (False, (error class, message)) when it runs; "
     "backward(*inputs, *upstream) gives the same for the inputs' gradients.");
}

}  // namespace tfpp_python
