// _tfpp.keras mixed precision: dtype policies by name, the global policy, layers' policies and
// LossScaleOptimizer, which python/tfpp/keras/mixed_precision.py wraps in Keras' classes.
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>

#include "keras_bindings.h"
#include "tfpp/keras/mixed_precision.h"

namespace tfpp_python {

using namespace nb::literals;
namespace mp = tf::keras::mixed_precision;

void bind_keras_mixed_precision(nb::module_& m) {
  m.def("policy_dtypes", [](const std::string& name) {
        const mp::Policy p(name);
        return std::pair{std::string(tf::dtype_name(p.compute_dtype())), std::string(tf::dtype_name(p.variable_dtype()))};
      }, "name"_a, "(compute dtype, variable dtype) of the policy `name`; InvalidArgumentError if it names none.");
  m.def("set_global_policy", nb::overload_cast<const std::string&>(&mp::set_global_policy), "name"_a);
  m.def("global_policy_name", [] { return mp::global_policy().name(); });
  m.def("layer_policy_name", [](const tf::keras::Layer& layer) { return mp::dtype_policy(layer).name(); }, "layer"_a);
  m.def("set_layer_policy", [](tf::keras::Layer& layer, const std::string& name) { mp::set_dtype_policy(layer, mp::Policy(name)); },
        "layer"_a, "name"_a);
  m.def("loss_scale_optimizer", [](const tf::keras::optimizers::Optimizer& inner, double initial_scale,
                                   std::int64_t dynamic_growth_steps, const std::string& name) {
        return tf::keras::optimizers::Optimizer(mp::LossScaleOptimizer(
            inner, {.initial_scale = initial_scale, .dynamic_growth_steps = dynamic_growth_steps, .name = name}));
      }, "inner_optimizer"_a, "initial_scale"_a, "dynamic_growth_steps"_a, "name"_a);
  m.def("loss_scale_inner", [](const tf::keras::optimizers::Optimizer& o) { return mp::LossScaleOptimizer(o, nullptr).inner_optimizer(); });
  m.def("loss_scale_settings", [](const tf::keras::optimizers::Optimizer& o) {
        const mp::LossScaleOptimizer lso(o, nullptr);
        return std::pair{lso.initial_scale(), lso.dynamic_growth_steps()};
      });
  m.def("loss_scale_variables", [](const tf::keras::optimizers::Optimizer& o) {
        const mp::LossScaleOptimizer lso(o, nullptr);
        return std::pair{lso.dynamic_scale(), lso.step_counter()};
      });
  m.def("scale_loss", [](const tf::keras::optimizers::Optimizer& o, nb::handle loss) {
        return mp::LossScaleOptimizer(o, nullptr).scale_loss(to_tensor(loss));
      });
}

}  // namespace tfpp_python
