#include <atomic>
#include <ostream>

#include "autodiff/tape.h"
#include "autodiff/variable_impl.h"
#include "tfpp/variable.h"

namespace tf {
namespace {

std::atomic<std::uint64_t> next_variable_id{1};

[[noreturn]] void throw_mismatch(const detail::VariableImpl& v, const char* what, const Tensor& value) {
  throw InvalidArgumentError("[Variable] cannot " + std::string(what) + " variable '" + v.name + ":0' of dtype " +
                             std::string(dtype_name(v.dtype)) + " and shape " + v.shape.to_string() +
                             " a value of dtype " + std::string(dtype_name(value.dtype())) + " and shape " +
                             value.shape().to_string());
}

}  // namespace

Variable::Variable(const Tensor& initial_value, VariableOptions options) {
  if (!initial_value.defined()) throw InvalidArgumentError("[Variable] the initial value of '" + options.name + "' is undefined");
  impl_ = std::make_shared<detail::VariableImpl>();
  impl_->name = std::move(options.name);
  impl_->trainable = options.trainable;
  impl_->dtype = initial_value.dtype();
  impl_->shape = initial_value.shape();
  impl_->id = next_variable_id.fetch_add(1, std::memory_order_relaxed);
  impl_->value = initial_value;
}

const detail::VariableImpl& Variable::checked() const {
  if (!impl_) throw FailedPreconditionError("[Variable] the variable handle is undefined");
  return *impl_;
}

std::string Variable::name() const { return checked().name + ":0"; }
DType Variable::dtype() const { return checked().dtype; }
const TensorShape& Variable::shape() const { return checked().shape; }
bool Variable::trainable() const { return checked().trainable; }
std::uint64_t Variable::id() const { return checked().id; }

Tensor Variable::read_value() const {
  Tensor value = checked().load();
  if (autodiff::any_tape_recording()) {
    value = core::view(value, value.shape());  // each read is a new tensor for the tapes
    for (autodiff::Tape* tape : autodiff::recording_tapes()) tape->record_read(*this, value);
  }
  return value;
}

Variable& Variable::assign(const Tensor& value) {
  const detail::VariableImpl& v = checked();
  if (!value.defined() || value.dtype() != v.dtype || value.shape() != v.shape) {
    if (!value.defined()) throw InvalidArgumentError("[Variable] cannot assign an undefined tensor to '" + v.name + ":0'");
    throw_mismatch(v, "assign to", value);
  }
  std::lock_guard lock(v.mutex);
  impl_->value = value;
  return *this;
}

Variable& Variable::assign_add(const Tensor& delta) {
  const detail::VariableImpl& v = checked();
  if (!delta.defined() || delta.dtype() != v.dtype) {
    if (!delta.defined()) throw InvalidArgumentError("[Variable] cannot add an undefined tensor to '" + v.name + ":0'");
    throw_mismatch(v, "add to", delta);
  }
  autodiff::SuspendTapes no_recording;  // an update is not differentiable
  Tensor sum = add(v.load(), delta);
  if (sum.shape() != v.shape) throw_mismatch(v, "add to", delta);
  return assign(sum);
}

Variable& Variable::assign_sub(const Tensor& delta) {
  const detail::VariableImpl& v = checked();
  if (!delta.defined() || delta.dtype() != v.dtype) {
    if (!delta.defined()) throw InvalidArgumentError("[Variable] cannot subtract an undefined tensor from '" + v.name + ":0'");
    throw_mismatch(v, "subtract from", delta);
  }
  autodiff::SuspendTapes no_recording;
  Tensor difference = subtract(v.load(), delta);
  if (difference.shape() != v.shape) throw_mismatch(v, "subtract from", delta);
  return assign(difference);
}

std::ostream& operator<<(std::ostream& os, const Variable& v) {
  const Tensor value = v.impl() ? v.impl()->load() : Tensor();
  if (!value.defined()) return os << "<tf.Variable (undefined)>";
  return os << "<tf.Variable '" << v.name() << "' shape=" << v.shape().to_string() << " dtype=" << dtype_name(v.dtype())
            << ", numpy=" << value.values_string() << ">";
}

}  // namespace tf
