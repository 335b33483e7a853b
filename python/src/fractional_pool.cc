// tf.nn.fractional_max_pool / fractional_avg_pool's ops for Python, TensorFlow 2's form and
// tf.compat.v1.nn's (python/tfpp/fractional_pool.py checks pooling_ratio as TensorFlow's wrappers do first).
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "ops/nn/fractional_pool.h"
#include "tfpp/fractional_pool.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_fractional_pool(nb::module_& m) {
  nb::module_ nn = nb::borrow<nb::module_>(m.attr("nn"));
  nn.def("_fractional_pool", [](bool max, nb::handle value, std::vector<double> pooling_ratio, bool pseudo_random,
                                bool overlapping, std::int64_t seed, nb::handle name) {
    NodeName named(name);
    const tf::nn::FractionalPoolOptions options{.pseudo_random = pseudo_random, .overlapping = overlapping, .seed = seed};
    const tf::nn::FractionalPoolResult r = max ? tf::nn::fractional_max_pool(to_tensor(value), pooling_ratio, options)
                                               : tf::nn::fractional_avg_pool(to_tensor(value), pooling_ratio, options);
    return nb::make_tuple(r.output, r.row_pooling_sequence, r.col_pooling_sequence);
  }, "max"_a, "value"_a, "pooling_ratio"_a, "pseudo_random"_a, "overlapping"_a, "seed"_a, "name"_a = nb::none(),
     "fractional_max_pool (max) or fractional_avg_pool of value: (output, row and column pooling sequences).");
  nn.def("_fractional_pool_v1", [](bool max, nb::handle value, std::vector<double> pooling_ratio, bool pseudo_random,
                                   bool overlapping, bool deterministic, std::int64_t seed, std::int64_t seed2,
                                   nb::handle name) {
    NodeName named(name);
    const tf::nn::FractionalPoolResult r = tf::ops::nn::fractional_pool(max, to_tensor(value), pooling_ratio, pseudo_random,
                                                                        overlapping, deterministic, seed, seed2);
    return nb::make_tuple(r.output, r.row_pooling_sequence, r.col_pooling_sequence);
  }, "max"_a, "value"_a, "pooling_ratio"_a, "pseudo_random"_a, "overlapping"_a, "deterministic"_a, "seed"_a, "seed2"_a,
     "name"_a = nb::none(), "The op with its own attributes (tf.compat.v1.nn's fractional pools).");
}

}  // namespace tfpp_python
