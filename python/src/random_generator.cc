// tf.random.Generator, tf.random.Algorithm, create_rng_state and the global generator for
// Python, over tf::random::Generator, with TensorFlow's argument names.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "argument_errors.h"
#include "bindings.h"
#include "tfpp/random_generator.h"

namespace tfpp_python {

using tf::random::Algorithm;

// An `alg` argument (None, "philox", "threefry", "auto_select", an int or a tf.random.Algorithm)
// as an algorithm tfpp implements: ValueError for others (used by random_sampling.cc too).
Algorithm algorithm_from(nb::handle alg) {
  if (alg.is_none()) return Algorithm::kPhilox;
  std::int64_t id = -1;
  if (nb::isinstance<nb::str>(alg)) {
    const std::string name = nb::cast<std::string>(alg);
    id = name == "philox" ? 1 : name == "threefry" ? 2 : name == "auto_select" ? 3 : -1;
    if (id < 0)
      throw nb::value_error(("Argument `alg` got unsupported value " + name +
                             ". Supported values are philox for the Philox algorithm, threefry for the ThreeFry "
                             "algorithm, and auto_select for auto-selection.").c_str());
  } else {
    id = nb::cast<std::int64_t>(nb::hasattr(alg, "value") ? alg.attr("value") : nb::borrow(alg));
  }
  if (id != 1 && id != 3)
    throw nb::value_error(("Algorithm " + std::to_string(id) +
                           " is not available in tfpp, which implements Philox (1, also picked by auto_select).").c_str());
  return static_cast<Algorithm>(id);
}

namespace {

using namespace nb::literals;
using tf::random::Generator;

std::optional<double> optional_bound(nb::handle value) {
  if (value.is_none()) return std::nullopt;
  return nb::cast<double>(value);
}

template <class Fn>
auto generator_errors(Fn&& fn) {
  return python_argument_errors("Generator.uniform", std::forward<Fn>(fn));
}

}  // namespace

void bind_random_generator(nb::module_& random) {
  nb::enum_<Algorithm>(random, "Algorithm", "tf.random.Algorithm: the ids of the counter-based generators.")
      .value("PHILOX", Algorithm::kPhilox)
      .value("THREEFRY", Algorithm::kThreefry)
      .value("AUTO_SELECT", Algorithm::kAutoSelect);
  random.def("create_rng_state", [](std::int64_t seed, nb::handle alg) {
    return tf::random::create_rng_state(seed, algorithm_from(alg));
  }, "seed"_a, "alg"_a);

  nb::class_<Generator>(random, "Generator", "tf.random.Generator: random numbers from a state variable.")
      .def("__init__", [](Generator* self, nb::handle copy_from, nb::handle state, nb::handle alg) {
        if (!copy_from.is_none()) new (self) Generator(nb::cast<Generator>(copy_from));
        else if (!state.is_none()) new (self) Generator(to_tensor(state, tf::int64), algorithm_from(alg));
        else throw nb::value_error("Generator needs `copy_from` or `state` (use from_seed or from_non_deterministic_state)");
      }, "copy_from"_a = nb::none(), "state"_a = nb::none(), "alg"_a = nb::none())
      .def_static("from_seed", [](std::int64_t seed, nb::handle alg) { return Generator::from_seed(seed, algorithm_from(alg)); },
                  "seed"_a, "alg"_a = nb::none())
      .def_static("from_non_deterministic_state", [](nb::handle alg) {
        return Generator::from_non_deterministic_state(algorithm_from(alg));
      }, "alg"_a = nb::none())
      .def_static("from_state", [](nb::handle state, nb::handle alg) {
        return Generator(to_tensor(state, tf::int64), algorithm_from(alg));
      }, "state"_a, "alg"_a)
      .def_prop_ro("state", &Generator::state)
      .def_prop_ro("algorithm", [](const Generator& g) { return static_cast<int>(g.algorithm()); })
      .def_prop_ro("key", [](Generator& g) { return tf::strided_slice(g.state().read_value(), {2}, {3}, {1}, {.shrink_axis_mask = 1}); })
      .def("normal", [](Generator& g, nb::handle shape, double mean, double stddev, nb::handle dtype, nb::handle name) {
        NodeName named(name);
        return g.normal(shape_from(shape), mean, stddev, dtype_from(dtype));
      }, "shape"_a, "mean"_a = 0.0, "stddev"_a = 1.0, "dtype"_a = nb::str("float32"), "name"_a = nb::none())
      .def("truncated_normal", [](Generator& g, nb::handle shape, double mean, double stddev, nb::handle dtype,
                                  nb::handle name) {
        NodeName named(name);
        return g.truncated_normal(shape_from(shape), mean, stddev, dtype_from(dtype));
      }, "shape"_a, "mean"_a = 0.0, "stddev"_a = 1.0, "dtype"_a = nb::str("float32"), "name"_a = nb::none())
      .def("uniform", [](Generator& g, nb::handle shape, nb::handle minval, nb::handle maxval, nb::handle dtype,
                         nb::handle name) {
        NodeName named(name);
        const tf::DType d = dtype_from(dtype);
        if (tf::is_index_dtype(d) && minval.is_none() != maxval.is_none())
          throw nb::value_error(("For integer dtype " + nb::cast<std::string>(nb::repr(dtype)) +
                                 ", minval and maxval must be both `None` or both non-`None`; got minval=" +
                                 nb::cast<std::string>(nb::str(minval)) + " and maxval=" +
                                 nb::cast<std::string>(nb::str(maxval))).c_str());
        return generator_errors([&] { return g.uniform(shape_from(shape), optional_bound(minval), optional_bound(maxval), d); });
      }, "shape"_a, "minval"_a.none() = 0, "maxval"_a.none() = nb::none(), "dtype"_a = nb::str("float32"),
         "name"_a = nb::none())
      .def("uniform_full_int", [](Generator& g, nb::handle shape, nb::handle dtype, nb::handle name) {
        NodeName named(name);
        return g.uniform_full_int(shape_from(shape), dtype_from(dtype));
      }, "shape"_a, "dtype"_a = nb::str("int64"), "name"_a = nb::none())
      .def("make_seeds", &Generator::make_seeds, "count"_a = 1)
      .def("split", &Generator::split, "count"_a = 1)
      .def("skip", &Generator::skip, "delta"_a)
      .def("reset_from_seed", &Generator::reset_from_seed, "seed"_a)
      .def("reset", [](Generator& g, nb::handle state) { g.reset(to_tensor(state, tf::int64)); }, "state"_a);

  random.def("get_global_generator", [] { return tf::random::get_global_generator(); });
  random.def("set_global_generator", [](const Generator& g) { tf::random::set_global_generator(g); }, "generator"_a);
}

}  // namespace tfpp_python
