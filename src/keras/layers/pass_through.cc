#include "tfpp/keras/layers/pass_through.h"

#include "keras/layers/config_util.h"
#include "tfpp/errors.h"

namespace tf::keras::layers {

Identity::Identity(PassThroughOptions options) : Layer(layer_options(options, "Identity")) { set_supports_masking(); }
Tensor Identity::call(const Tensor& x, bool) { return x; }
Identity Identity::from_config(const Config& c) {
  PassThroughOptions o;
  detail::read_common(c, o);
  return Identity(o);
}

ActivityRegularization::ActivityRegularization(double l1, double l2, PassThroughOptions options)
    : Layer(layer_options(options, "ActivityRegularization")), l1_(l1), l2_(l2) {
  if (l1 < 0 || l2 < 0)
    throw InvalidArgumentError("[" + name() + "] l1 and l2 must be >= 0, got l1=" + std::to_string(l1) +
                               ", l2=" + std::to_string(l2));
  set_activity_regularizer(regularizers::L1L2(l1, l2));
  set_supports_masking();
}
Tensor ActivityRegularization::call(const Tensor& x, bool) { return x; }
Config ActivityRegularization::get_config() const {
  Config c = Layer::get_config();
  c.erase("activity_regularizer");
  c["l1"] = l1_;
  c["l2"] = l2_;
  return c;
}
ActivityRegularization ActivityRegularization::from_config(const Config& c) {
  PassThroughOptions o;
  detail::read_common(c, o);
  o.activity_regularizer.reset();
  double l1 = 0.0, l2 = 0.0;
  detail::read_if_present(c, "l1", l1, [](const ConfigValue& v) { return v.as_double(); });
  detail::read_if_present(c, "l2", l2, [](const ConfigValue& v) { return v.as_double(); });
  return ActivityRegularization(l1, l2, o);
}

}  // namespace tf::keras::layers
