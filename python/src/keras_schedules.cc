// _tfpp.keras learning-rate schedules: the C++ ones (built from their Keras config) and
// PythonSchedule, a C++ schedule calling a Python keras.optimizers.schedules.LearningRateSchedule
// subclass, so that optimizers take either as their learning rate.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>

#include "keras/optimizers/optimizer_state.h"
#include "keras_bindings.h"
#include "tfpp/keras/optimizers/schedules_serialization.h"
#include "tfpp/keras/saving.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace optimizers = tf::keras::optimizers;
namespace schedules = tf::keras::optimizers::schedules;
using SchedulePtr = std::shared_ptr<schedules::LearningRateSchedule>;

// A layer-style config value as an optimizer config value (what LearningRateSchedule::get_config returns).
optimizers::ConfigValue optimizer_value(const tf::keras::ConfigValue& v) {
  if (v.is_null()) return nullptr;
  if (v.holds<bool>()) return v.get<bool>();
  if (v.holds<std::int64_t>()) return v.get<std::int64_t>();
  if (v.holds<double>()) return v.get<double>();
  if (v.holds<std::string>()) return v.get<std::string>();
  if (v.holds<tf::keras::Config>()) {
    optimizers::Config c;
    for (const auto& [key, value] : v.get<tf::keras::Config>()) c[key] = optimizer_value(value);
    return c;
  }
  std::vector<double> numbers;
  for (const tf::keras::ConfigValue& x : v.get<tf::keras::ConfigValue::List>()) numbers.push_back(x.as_double());
  return numbers;
}

// A Python schedule object behind the C++ interface: called with the step tensor (symbolic inside
// fit's traced step, so its ops become part of the step's graph).
class PythonSchedule : public schedules::LearningRateSchedule {
 public:
  explicit PythonSchedule(nb::object schedule) : schedule_(std::move(schedule)) {}
  ~PythonSchedule() override {
    nb::gil_scoped_acquire gil;
    schedule_.reset();
  }

  tf::Tensor operator()(const tf::Tensor& step) const override {
    nb::gil_scoped_acquire gil;
    tf::Tensor rate = to_tensor(schedule_(step));
    return tf::is_floating(rate.dtype()) && rate.dtype() != tf::float32 ? rate : tf::cast(rate, tf::float32);
  }
  std::string class_name() const override {
    nb::gil_scoped_acquire gil;
    return nb::cast<std::string>(schedule_.type().attr("__name__"));
  }
  optimizers::Config get_config() const override {
    nb::gil_scoped_acquire gil;
    return std::get<optimizers::Config>(optimizer_value(config_from_python(schedule_.attr("get_config")())));
  }

 private:
  nb::object schedule_;
};

}  // namespace

void bind_keras_schedules(nb::module_& m) {
  nb::class_<schedules::LearningRateSchedule>(m, "LearningRateSchedule", "A C++ learning-rate schedule.")
      .def("__call__", [](const schedules::LearningRateSchedule& s, nb::handle step) { return s(to_tensor(step)); },
           "step"_a, "The learning rate at `step`, a float32 scalar.");
  m.def("deserialize_schedule", [](nb::handle serialized) -> SchedulePtr {
        return std::const_pointer_cast<schedules::LearningRateSchedule>(schedules::deserialize(config_from_python(serialized)));
      }, "serialized"_a, "A built-in schedule from {'class_name': ..., 'config': {...}}.");
  m.def("python_schedule", [](nb::object schedule) -> SchedulePtr { return std::make_shared<PythonSchedule>(std::move(schedule)); },
        "schedule"_a, "A C++ schedule calling the Python schedule object.");
  m.def("register_schedule_class", [](const std::string& class_name, std::optional<std::string> module,
                                      const std::string& registered_name, nb::object cls) {
        auto holder = std::shared_ptr<nb::object>(new nb::object(std::move(cls)), release_python_object);
        schedules::register_schedule_class(class_name, schedules::ScheduleClass{
            .factory = [holder](const tf::keras::Config& config) -> std::shared_ptr<const schedules::LearningRateSchedule> {
              nb::gil_scoped_acquire gil;
              return std::make_shared<PythonSchedule>(holder->attr("from_config")(config_to_python(config)));
            },
            .module = std::move(module),
            .registered_name = registered_name});
      }, "class_name"_a, "module"_a.none(), "registered_name"_a, "cls"_a,
      "Lets optimizer configs (and .keras files) name the Python schedule class `cls`.");
  m.def("deserialize_optimizer_with_schedule", [](nb::handle serialized, SchedulePtr schedule) {
        // The C++ deserializer knows only built-in schedules: make the optimizer with a stand-in
        // one (so that it creates no learning-rate variable), then give it the real schedule.
        tf::keras::Config config = config_from_python(serialized).get<tf::keras::Config>();
        tf::keras::Config inner = config.at("config").get<tf::keras::Config>();
        inner["learning_rate"] = tf::keras::Config{{"class_name", "ExponentialDecay"}, {"config", tf::keras::Config{}}};
        config["config"] = inner;
        optimizers::Optimizer optimizer = optimizers::deserialize(config);
        optimizer.state()->options.learning_rate = optimizers::LearningRate(std::move(schedule));
        return optimizer;
      }, "serialized"_a, "schedule"_a, "An optimizer from its config with `schedule` as its learning rate.");
}

}  // namespace tfpp_python
