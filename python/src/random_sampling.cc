// tf.random's stateless functions, sampling (categorical, shuffle) and seed helpers (split,
// fold_in) for Python, with TensorFlow's argument names and checks.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "bindings.h"
#include "dtype_object.h"
#include "shape_argument.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_distributions.h"
#include "tfpp/random_generator.h"
#include "tfpp/random_index_shuffle.h"
#include "tfpp/random_ops.h"
#include "tfpp/random_sampling.h"
#include "tfpp/random_stateless_shuffle.h"

namespace tfpp_python {

// An `alg` argument as an algorithm tfpp implements; ValueError for others (random_generator.cc).
tf::random::Algorithm algorithm_from(nb::handle alg);
// tf.random.Generator and the global generator (random_generator.cc).
void bind_random_generator(nb::module_& random);

namespace {

using namespace nb::literals;

using StatelessNormalFn = tf::Tensor (*)(const tf::IntArray&, const tf::IntArray&,
                                          const tf::random::StatelessNormalOptions&);

// convert_to_tensor(value, dtype=dtype): a tensor of another dtype is TensorFlow's ValueError.
tf::Tensor converted(nb::handle value, tf::DType dtype) {
  tf::Tensor t = to_tensor(value, dtype);
  if (t.dtype() != dtype)
    throw nb::value_error(("Tensor conversion requested dtype " + std::string(tf::dtype_name(dtype)) +
                           " for Tensor with dtype " + std::string(tf::dtype_name(t.dtype())) + ": " +
                           nb::cast<std::string>(nb::repr(value))).c_str());
  return t;
}

tf::IntArray seed_from(nb::handle seed) { return tf::IntArray(to_tensor(seed)); }

// A float bound computed inside a tf.function, which tf::random::stateless_uniform's numbers cannot hold.
bool symbolic_bound(nb::handle bound) { return is_tensor_like(bound) && to_tensor(bound).is_symbolic(); }

tf::Tensor stateless_uniform(nb::handle shape, nb::handle seed, nb::handle minval, nb::handle maxval, tf::DType dtype) {
  if (dtype == tf::uint32 || dtype == tf::uint64) {  // full-range draws only, as in TensorFlow
    if (!minval.is_none() || !maxval.is_none())
      throw nb::value_error(("Argument `dtype` got invalid value " + nb::cast<std::string>(nb::str(dtype_object(dtype))) +
                             " when argument `minval` is not None. Please don't use unsigned integers in this case.")
                                .c_str());
    return tf::random::stateless_uniform_full_int(shape_argument(shape), seed_from(seed), dtype);
  }
  if (tf::is_index_dtype(dtype)) {
    if (minval.is_none() != maxval.is_none())
      throw nb::value_error(("For integer `dtype` argument " + nb::cast<std::string>(nb::repr(dtype_object(dtype))) +
                             ", argument `minval` and `maxval` must be both None or not None. Got `minval`=" +
                             nb::cast<std::string>(nb::str(minval)) + " and `maxval`=" +
                             nb::cast<std::string>(nb::str(maxval)) + ".").c_str());
    if (minval.is_none()) return tf::random::stateless_uniform_full_int(shape_argument(shape), seed_from(seed), dtype);
    return tf::random::stateless_uniform(shape_argument(shape), seed_from(seed), converted(minval, dtype),
                                         converted(maxval, dtype));
  }
  if (symbolic_bound(minval) || symbolic_bound(maxval)) {  // TensorFlow's rnd * (maxval - minval) + minval, in the dtype
    const tf::Tensor rnd = tf::random::stateless_uniform(shape_argument(shape), seed_from(seed), {.dtype = dtype});
    const tf::Tensor lo = converted(minval.is_none() ? nb::object(nb::int_(0)) : nb::borrow(minval), dtype);
    const tf::Tensor hi = converted(maxval.is_none() ? nb::object(nb::int_(1)) : nb::borrow(maxval), dtype);
    return tf::add(tf::multiply(rnd, tf::subtract(hi, lo)), lo);
  }
  return tf::random::stateless_uniform(
      shape_argument(shape), seed_from(seed),
      {.minval = minval.is_none() ? 0.0 : nb::cast<double>(minval),
       .maxval = maxval.is_none() ? std::nullopt : std::optional(nb::cast<double>(maxval)), .dtype = dtype});
}

}  // namespace

void bind_random_sampling(nb::module_& random) {
  bind_random_generator(random);
  // tf.random.experimental: the generator and the seed helpers under their experimental names.
  nb::module_ experimental = random.def_submodule("experimental", "tf.random.experimental: generators and seed helpers.");
  for (const char* name : {"Algorithm", "Generator", "create_rng_state", "get_global_generator", "set_global_generator"})
    experimental.attr(name) = random.attr(name);
  for (auto [name, fn] : {std::pair<const char*, StatelessNormalFn>{"stateless_normal", tf::random::stateless_normal},
                          {"stateless_truncated_normal", tf::random::stateless_truncated_normal}}) {
    random.def(name, [fn](nb::handle shape, nb::handle seed, double mean, double stddev, nb::handle dtype,
                          nb::handle name, nb::handle alg) {
      algorithm_from(alg);
      NodeName named(name);
      return fn(shape_argument(shape), seed_from(seed), {.mean = mean, .stddev = stddev, .dtype = dtype_from(dtype)});
    }, "shape"_a, "seed"_a, "mean"_a = 0.0, "stddev"_a = 1.0, "dtype"_a = nb::str("float32"), "name"_a = nb::none(),
       "alg"_a.none() = "auto_select");
  }
  random.def("stateless_uniform", [](nb::handle shape, nb::handle seed, nb::handle minval, nb::handle maxval,
                                     nb::handle dtype, nb::handle name, nb::handle alg) {
    algorithm_from(alg);
    NodeName named(name);
    return stateless_uniform(shape, seed, minval, maxval, dtype_from(dtype));
  }, "shape"_a, "seed"_a, "minval"_a.none() = 0, "maxval"_a.none() = nb::none(), "dtype"_a = nb::str("float32"),
     "name"_a = nb::none(), "alg"_a.none() = "auto_select");
  random.def("categorical", [](nb::handle logits, std::int64_t num_samples, nb::handle dtype,
                               std::optional<std::int64_t> seed, nb::handle name) {
    NodeName named(name);
    return tf::random::categorical(to_tensor(logits), num_samples,
                                   {.dtype = dtype.is_none() ? tf::int64 : dtype_from(dtype), .seed = seed});
  }, "logits"_a, "num_samples"_a, "dtype"_a = nb::none(), "seed"_a = nb::none(), "name"_a = nb::none());
  random.def("stateless_categorical", [](nb::handle logits, std::int64_t num_samples, nb::handle seed,
                                         nb::handle dtype, nb::handle name) {
    NodeName named(name);
    return tf::random::stateless_categorical(to_tensor(logits), num_samples, seed_from(seed), dtype_from(dtype));
  }, "logits"_a, "num_samples"_a, "seed"_a, "dtype"_a = nb::str("int64"), "name"_a = nb::none());
  random.def("gamma", [](nb::handle shape, nb::handle alpha, nb::handle beta, nb::handle dtype,
                         std::optional<std::int64_t> seed, nb::handle name) {
    NodeName named(name);
    const tf::DType d = dtype_from(dtype);
    tf::random::GammaOptions options{.seed = seed};
    if (!beta.is_none()) options.beta = converted(beta, d);
    return tf::random::gamma(shape_from(shape), converted(alpha, d), options);
  }, "shape"_a, "alpha"_a, "beta"_a = nb::none(), "dtype"_a = nb::str("float32"), "seed"_a = nb::none(),
     "name"_a = nb::none());
  random.def("stateless_gamma", [](nb::handle shape, nb::handle seed, nb::handle alpha, nb::handle beta,
                                   nb::handle dtype, nb::handle name) {
    NodeName named(name);
    const tf::DType d = dtype_from(dtype);
    return tf::random::stateless_gamma(shape_from(shape), seed_from(seed), converted(alpha, d),
                                       beta.is_none() ? std::nullopt : std::optional(converted(beta, d)));
  }, "shape"_a, "seed"_a, "alpha"_a, "beta"_a = nb::none(), "dtype"_a = nb::str("float32"), "name"_a = nb::none());
  random.def("poisson", [](nb::handle shape, nb::handle lam, nb::handle dtype, std::optional<std::int64_t> seed,
                           nb::handle name) {
    NodeName named(name);
    return tf::random::poisson(shape_from(shape), to_tensor(lam), {.dtype = dtype_from(dtype), .seed = seed});
  }, "shape"_a, "lam"_a, "dtype"_a = nb::str("float32"), "seed"_a = nb::none(), "name"_a = nb::none());
  random.def("stateless_poisson", [](nb::handle shape, nb::handle seed, nb::handle lam, nb::handle dtype,
                                     nb::handle name) {
    NodeName named(name);
    return tf::random::stateless_poisson(shape_from(shape), seed_from(seed), to_tensor(lam), dtype_from(dtype));
  }, "shape"_a, "seed"_a, "lam"_a, "dtype"_a = nb::str("int32"), "name"_a = nb::none());
  random.def("stateless_binomial", [](nb::handle shape, nb::handle seed, nb::handle counts, nb::handle probs,
                                      nb::handle output_dtype, nb::handle name) {
    NodeName named(name);
    const tf::Tensor c = to_tensor(counts);
    return tf::random::stateless_binomial(shape_from(shape), seed_from(seed), c, to_tensor_hinted(probs, tf::float32),
                                          dtype_from(output_dtype));
  }, "shape"_a, "seed"_a, "counts"_a, "probs"_a, "output_dtype"_a = nb::str("int32"), "name"_a = nb::none());
  random.def("shuffle", [](nb::handle value, std::optional<std::int64_t> seed, nb::handle name) {
    NodeName named(name);
    return tf::random::shuffle(to_tensor(value), seed);
  }, "value"_a, "seed"_a = nb::none(), "name"_a = nb::none());
  random.def("split", [](nb::handle seed, std::int64_t num, nb::handle alg) {
    algorithm_from(alg);
    return tf::random::split(to_tensor(seed), num);
  }, "seed"_a, "num"_a = 2, "alg"_a.none() = "auto_select");
  random.def("fold_in", [](nb::handle seed, nb::handle data, nb::handle alg) {
    algorithm_from(alg);
    return tf::random::fold_in(to_tensor(seed), to_tensor(data));
  }, "seed"_a, "data"_a, "alg"_a.none() = "auto_select");
  experimental.def("stateless_shuffle", [](nb::handle value, nb::handle seed, nb::handle alg, nb::handle name) {
    NodeName named(name);
    return tf::random::stateless_shuffle(to_tensor(value), to_tensor(seed), algorithm_from(alg));
  }, "value"_a, "seed"_a, "alg"_a.none() = "auto_select", "name"_a = nb::none());
  experimental.attr("stateless_split") = random.attr("split");
  experimental.attr("stateless_fold_in") = random.attr("fold_in");
  // tf.random_index_shuffle lives at the top level; tfpp/__init__.py moves it there. index and
  // max_index take the dtype of whichever is a tensor, as TensorFlow's args_to_matching_eager.
  random.def("_random_index_shuffle", [](nb::handle index, nb::handle seed, nb::handle max_index, std::int64_t rounds,
                                         nb::handle name) {
    NodeName named(name);
    std::optional<tf::DType> dtype;
    for (nb::handle h : {index, max_index})
      if (!dtype && nb::isinstance<tf::Tensor>(h)) dtype = nb::cast<tf::Tensor>(h).dtype();
    tf::Tensor i = to_tensor(index, dtype);
    return tf::random::random_index_shuffle(i, to_tensor(seed), to_tensor(max_index, i.dtype()), rounds);
  }, "index"_a, "seed"_a, "max_index"_a, "rounds"_a = 4, "name"_a = nb::none());
}

}  // namespace tfpp_python
