#include "ops/op_def.h"

#include "ops/allowed_dtypes.h"
#include "ops/late_kernels.h"

#include <map>
#include <memory>
#include <mutex>
#include <set>

namespace tf::ops {
namespace {

struct Registry {
  std::mutex mutex;
  std::vector<std::unique_ptr<OpDef>> ops;
  // Gradient facts for ops not registered yet (gradients may register first).
  std::map<std::string, const GradientDef*, std::less<>> pending_gradients;
  std::set<std::string, std::less<>> pending_no_gradient;
  // Kernels added from outside an op's declaration (ops/late_kernels.h) before it registered.
  std::multimap<std::string, std::pair<DType, KernelFn>, std::less<>> pending_kernels;
  struct Wrap {
    DType dtype;
    KernelFn wrapper;
    KernelFn* original;
  };
  std::multimap<std::string, Wrap, std::less<>> pending_wraps;
};

void apply_wrap(OpDef& op, const Registry::Wrap& w) {
  *w.original = op.kernels[static_cast<int>(w.dtype)];
  op.kernels[static_cast<int>(w.dtype)] = w.wrapper;
}

OpDef* find_locked(Registry& r, std::string_view name) {
  for (const auto& op : r.ops)
    if (op->name == name) return op.get();
  return nullptr;
}

Registry& registry() {
  static Registry* instance = new Registry;  // ops are referenced until exit
  return *instance;
}

}  // namespace

void OpContext::fail(const std::string& message) const { throw InvalidArgumentError("[" + op_.name + "] " + message); }

void OpContext::expect_input_dtype(std::size_t i, DType expected) const {
  const DType actual = input(i).dtype();
  if (actual != expected)
    fail("cannot compute " + op_.name + " as input #" + std::to_string(i) + "(zero-based) was expected to be a " +
         tensorflow_type_name(expected) + " tensor but is a " + tensorflow_type_name(actual) + " tensor");
}

OpBuilder::OpBuilder(std::string name) { def_.name = std::move(name); }
OpBuilder& OpBuilder::inputs(int n) {
  def_.num_inputs = n;
  return *this;
}
OpBuilder& OpBuilder::variadic_inputs() { return inputs(-1); }
OpBuilder& OpBuilder::attrs(std::vector<std::string> names) {
  def_.attr_names = std::move(names);
  return *this;
}
OpBuilder& OpBuilder::shape(ShapeFn fn) {
  def_.shape_fn = fn;
  return *this;
}
OpBuilder& OpBuilder::kernel(DType dtype, KernelFn fn) {
  def_.kernels[static_cast<int>(dtype)] = fn;
  return *this;
}
OpBuilder& OpBuilder::kernel_allocates_outputs() {
  def_.kernel_allocates_outputs = true;
  return *this;
}
OpBuilder& OpBuilder::stateful() {
  def_.stateful = true;
  return *this;
}
OpBuilder& OpBuilder::no_gradient() {
  def_.no_gradient = true;
  return *this;
}

OpBuilder::operator const OpDef&() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (find_locked(r, def_.name)) throw InternalError("[OpRegistry] op " + def_.name + " is registered twice");
  if (auto it = r.pending_gradients.find(def_.name); it != r.pending_gradients.end()) {
    def_.gradient = it->second;
    r.pending_gradients.erase(it);
  }
  if (r.pending_no_gradient.erase(def_.name)) def_.no_gradient = true;
  for (auto [it, end] = r.pending_kernels.equal_range(def_.name); it != end; ++it)
    def_.kernels[static_cast<int>(it->second.first)] = it->second.second;
  r.pending_kernels.erase(def_.name);
  for (auto [it, end] = r.pending_wraps.equal_range(def_.name); it != end; ++it) apply_wrap(def_, it->second);
  r.pending_wraps.erase(def_.name);
  r.ops.push_back(std::make_unique<OpDef>(std::move(def_)));
  return *r.ops.back();
}

void set_gradient(std::string_view name, const GradientDef* gradient) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  OpDef* op = find_locked(r, name);
  const bool taken = op ? op->gradient != nullptr : r.pending_gradients.count(name) > 0;
  if (taken) throw InternalError("[OpRegistry] op " + std::string(name) + " has two gradients registered");
  if (op) op->gradient = gradient;
  else r.pending_gradients.emplace(std::string(name), gradient);
}

void set_no_gradient(std::string_view name) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (OpDef* op = find_locked(r, name)) op->no_gradient = true;
  else r.pending_no_gradient.emplace(name);
}

bool add_kernel(std::string_view name, DType dtype, KernelFn fn) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (OpDef* op = find_locked(r, name)) op->kernels[static_cast<int>(dtype)] = fn;
  else r.pending_kernels.emplace(std::string(name), std::pair{dtype, fn});
  return true;
}

void wrap_kernel(std::string_view name, DType dtype, KernelFn wrapper, KernelFn* original) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  const Registry::Wrap w{dtype, wrapper, original};
  if (OpDef* op = find_locked(r, name)) apply_wrap(*op, w);
  else r.pending_wraps.emplace(std::string(name), w);
}

const OpDef* find_op(std::string_view name) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return find_locked(r, name);
}

std::vector<const OpDef*> all_ops() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::vector<const OpDef*> result;
  for (const auto& op : r.ops) result.push_back(op.get());
  return result;
}

KernelFn kernel_for(const OpDef& op, DType dtype) {
  KernelFn fn = op.kernels[static_cast<int>(dtype)];
  if (!fn)
    throw InvalidArgumentError("[" + op.name + "] no kernel for dtype " + std::string(dtype_name(dtype)));
  return fn;
}

}  // namespace tf::ops
