// _tfpp.keras.apply_constraint and apply_regularizer: a built-in constraint or regularizer (from its
// Keras config or name) applied to a weight, what keras.constraints' and keras.regularizers' classes call.
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
  m.def("apply_regularizer", [](nb::handle serialized, nb::handle weight) {
        std::optional<tf::keras::regularizers::Regularizer> regularizer =
            tf::keras::detail::regularizer_from(config_from_python(serialized));
        tf::Tensor w = to_tensor(weight);
        return regularizer ? (*regularizer)(w) : tf::zeros({}, w.dtype());
      }, "serialized"_a, "weight"_a, "The penalty of the regularizer {'class_name': ..., 'config': {...}} on the weight.");
}

}  // namespace tfpp_python
