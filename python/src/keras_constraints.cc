// _tfpp.keras.apply_constraint: a built-in constraint (from its Keras config or name) applied to a
// weight, what keras.constraints' classes call.
#include "keras/layers/config_util.h"
#include "keras_bindings.h"

namespace tfpp_python {

void bind_keras_constraints(nb::module_& m) {
  using namespace nb::literals;
  m.def("apply_constraint", [](nb::handle serialized, nb::handle weight) {
        std::optional<tf::keras::constraints::Constraint> constraint =
            tf::keras::detail::constraint_from(config_from_python(serialized));
        tf::Tensor w = to_tensor(weight);
        return constraint ? (*constraint)(w) : w;
      }, "serialized"_a, "weight"_a, "The weight projected by the constraint {'class_name': ..., 'config': {...}}.");
}

}  // namespace tfpp_python
