// tf::RegisterGradient: user gradients run through one registered gradient function, which
// finds the user's std::function by op (the registry holds plain function pointers).
#include "tfpp/register_gradient.h"

#include <map>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <string>

#include "autodiff/gradient_registry.h"
#include "autodiff/unregistered_gradients.h"

namespace tf {
namespace {

struct UserGradients {
  std::shared_mutex mutex;
  std::map<const ops::OpDef*, GradientFunction> functions;
  std::set<std::string, std::less<>> left_to_users;  // op names
};

UserGradients& user_gradients() {
  static auto* gradients = new UserGradients;  // lives until exit: ops point at its entries
  return *gradients;
}

// Throws unless `g` can be the gradient of the op's input i.
void check_user_gradient(const autodiff::GradientContext& ctx, std::size_t i, const Tensor& g) {
  if (!g.defined()) return;
  if (g.dtype() != ctx.input_dtype(i) || !g.shape().is_compatible_with(ctx.input_shape(i)))
    throw InvalidArgumentError("[RegisterGradient] the gradient of " + ctx.op().name + " for input " + std::to_string(i) +
                               " has " + std::string(dtype_name(g.dtype())) + g.shape().debug_string() +
                               ", but the input is " + std::string(dtype_name(ctx.input_dtype(i))) +
                               ctx.input_shape(i).debug_string());
}

autodiff::Grads call_user_gradient(const autodiff::GradientContext& ctx, std::span<const Tensor> grads) {
  GradientFunction fn;
  {
    UserGradients& user = user_gradients();
    std::shared_lock lock(user.mutex);
    fn = user.functions.at(&ctx.op());
  }
  std::vector<Tensor> outputs;
  for (std::size_t i = 0; i < grads.size(); ++i) outputs.push_back(ctx.output(i));
  const Operation op(ctx.op().name, std::vector<Tensor>(ctx.inputs().begin(), ctx.inputs().end()), std::move(outputs));
  std::vector<Tensor> result = fn(op, std::vector<Tensor>(grads.begin(), grads.end()));
  if (result.size() != ctx.num_inputs())
    throw InvalidArgumentError("[RegisterGradient] the gradient of " + ctx.op().name + " returned " +
                               std::to_string(result.size()) + " gradients for " + std::to_string(ctx.num_inputs()) +
                               " inputs");
  autodiff::Grads input_grads;
  for (std::size_t i = 0; i < result.size(); ++i) {
    check_user_gradient(ctx, i, result[i]);
    input_grads.push_back(std::move(result[i]));
  }
  return input_grads;
}

}  // namespace

namespace autodiff {

bool leave_gradient_to_users(std::string_view name) {
  UserGradients& user = user_gradients();
  std::unique_lock lock(user.mutex);
  user.left_to_users.emplace(name);
  return true;
}

bool gradient_left_to_users(std::string_view name) {
  UserGradients& user = user_gradients();
  std::shared_lock lock(user.mutex);
  return user.left_to_users.contains(name);
}

}  // namespace autodiff

void RegisterGradient(const std::string& op_type, GradientFunction fn) {
  if (!fn) throw InvalidArgumentError("[RegisterGradient] the gradient function given for " + op_type + " is empty");
  const ops::OpDef* op = ops::find_op(op_type);
  if (op == nullptr) throw NotFoundError("[RegisterGradient] no op is named '" + op_type + "'");
  UserGradients& user = user_gradients();
  std::unique_lock lock(user.mutex);
  if (op->gradient != nullptr || op->no_gradient)
    throw LookupError("[RegisterGradient] Registering two gradients for op '" + op_type + "': it " +
                      (op->no_gradient ? "is marked not differentiable" : "has a gradient already"));
  user.functions.emplace(op, std::move(fn));
  autodiff::register_gradient(op_type, &call_user_gradient);
}

}  // namespace tf
