#include <atomic>
#include <ostream>

#include "autodiff/autocast_scope.h"
#include "autodiff/resource_variable_ops.h"
#include "autodiff/tape.h"
#include "autodiff/variable_impl.h"
#include "tfpp/math_ops.h"
#include "tfpp/variable.h"

namespace tf {
namespace detail {
namespace {
thread_local VariableCreationScope* tls_creation_scope = nullptr;
}  // namespace

VariableCreationScope::VariableCreationScope(std::string refusal)
    : refusal_(std::move(refusal)), previous_(tls_creation_scope) {
  tls_creation_scope = this;
}
VariableCreationScope::~VariableCreationScope() { tls_creation_scope = previous_; }

void VariableCreationScope::on_create() {
  VariableCreationScope* scope = tls_creation_scope;
  if (!scope) return;
  if (!scope->refusal_.empty()) throw InvalidArgumentError(scope->refusal_);
  ++scope->created_;
}

}  // namespace detail

namespace {

std::atomic<std::uint64_t> next_variable_id{1};

// Runs a write op on the variable's handle: eagerly, or as a graph node while tracing.
void write(const Variable& v, const ops::OpDef& op, std::initializer_list<Tensor> values) {
  std::vector<Tensor> inputs{v.handle()};
  inputs.insert(inputs.end(), values);
  const auto attrs = autodiff::variable_attrs(*v.impl());
  ops::execute(op, inputs, attrs);
}

}  // namespace

Variable::Variable(const Tensor& initial_value, VariableOptions options) {
  if (!initial_value.defined()) throw InvalidArgumentError("[Variable] the initial value of '" + options.name + "' is undefined");
  if (initial_value.is_symbolic())
    throw InvalidArgumentError("[Variable] the initial value of '" + options.name +
                               "' is a symbolic tensor of a tf::function trace; give a variable created inside "
                               "tf::function a concrete initial value (e.g. tf::zeros), or create it outside");
  detail::VariableCreationScope::on_create();
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

Tensor Variable::handle() const {
  const detail::VariableImpl& v = checked();
  std::lock_guard lock(v.handle_mutex);
  if (auto live = v.handle.lock()) return Tensor(std::move(live));
  Tensor h = autodiff::make_handle(impl_);
  v.handle = h.impl();
  return h;
}

Tensor Variable::read_value() const {
  const detail::VariableImpl& v = checked();
  if (const std::optional<DType> to = autodiff::autocast_dtype(); to && *to != v.dtype && is_floating(v.dtype)) {
    const autodiff::AutocastScope plain(std::nullopt);  // the read below, then one Cast
    return cast(read_value(), *to);
  }
  if (ops::current_context()) {  // tracing: the graph reads the variable when it runs
    const auto attrs = autodiff::variable_attrs(v);
    return std::move(ops::execute(autodiff::read_variable_op(), {handle()}, attrs)[0]);
  }
  // Eager fast path: no op, no handle.
  const std::vector<autodiff::Tape*>& tapes = autodiff::recording_tapes();
  if (tapes.empty()) return v.load();
  Tensor value = v.load_as_new_tensor();  // each read is a new tensor for the tapes
  for (autodiff::Tape* tape : tapes) tape->record_read(*this, value);
  return value;
}

Variable& Variable::assign(const Tensor& value) {
  write(*this, autodiff::assign_variable_op(), {value});
  return *this;
}

Variable& Variable::assign_add(const Tensor& delta) {
  write(*this, autodiff::assign_add_variable_op(), {delta});
  return *this;
}

Variable& Variable::assign_sub(const Tensor& delta) {
  write(*this, autodiff::assign_sub_variable_op(), {delta});
  return *this;
}

Variable& Variable::scatter_update(const Tensor& indices, const Tensor& updates) {
  write(*this, autodiff::resource_scatter_op(autodiff::ScatterKind::kUpdate), {indices, updates});
  return *this;
}

std::ostream& operator<<(std::ostream& os, const Variable& v) {
  const Tensor value = v.impl() ? v.impl()->load() : Tensor();
  if (!value.defined()) return os << "<tf.Variable (undefined)>";
  std::string values = numpy_repr(value);
  if (values.find('\n') != std::string::npos) values = "\n" + values;  // as TensorFlow's numpy_text
  return os << "<tf.Variable '" << v.name() << "' shape=" << v.shape().to_string() << " dtype=" << dtype_name(v.dtype())
            << ", numpy=" << values << ">";
}

}  // namespace tf
