// tf.math's incomplete gamma and beta functions, zeta, Bessel functions, lbeta and polyval, and
// tf.math.special's Bessel functions, for Python, with TensorFlow's argument names.
#include <nanobind/stl/string.h>

#include "bindings.h"
#include "tfpp/special_functions.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
using UnaryFn = tf::Tensor (*)(const tf::Tensor&);
using BinaryFn = tf::Tensor (*)(const tf::Tensor&, const tf::Tensor&);

struct Unary {
  const char* name;
  UnaryFn fn;
  bool in_math;  // also tf.math.<name>, not only tf.math.special.<name>
};

const Unary kBessel[] = {
    {"bessel_i0", tf::math::bessel_i0, true},           {"bessel_i0e", tf::math::bessel_i0e, true},
    {"bessel_i1", tf::math::bessel_i1, true},           {"bessel_i1e", tf::math::bessel_i1e, true},
    {"bessel_j0", tf::math::special::bessel_j0, false}, {"bessel_j1", tf::math::special::bessel_j1, false},
    {"bessel_y0", tf::math::special::bessel_y0, false}, {"bessel_y1", tf::math::special::bessel_y1, false},
    {"bessel_k0", tf::math::special::bessel_k0, false}, {"bessel_k0e", tf::math::special::bessel_k0e, false},
    {"bessel_k1", tf::math::special::bessel_k1, false}, {"bessel_k1e", tf::math::special::bessel_k1e, false},
};

struct Binary {
  const char* name;
  const char* first;  // TensorFlow's argument names
  const char* second;
  BinaryFn fn;
};

const Binary kBinary[] = {
    {"igamma", "a", "x", tf::math::igamma},
    {"igammac", "a", "x", tf::math::igammac},
    {"zeta", "x", "q", tf::math::zeta},
};

}  // namespace

void bind_special_functions(nb::module_& math) {
  nb::module_ special = math.def_submodule("special", "tf.math.special: Bessel functions.");
  for (const Unary& u : kBessel) {
    UnaryFn fn = u.fn;
    auto bound = [fn](nb::handle x, nb::handle name) {
      NodeName named(name);
      return fn(to_tensor(x));
    };
    special.def(u.name, bound, "x"_a, "name"_a = nb::none());
    if (u.in_math) math.def(u.name, bound, "x"_a, "name"_a = nb::none());
  }
  for (const Binary& b : kBinary) {
    BinaryFn fn = b.fn;
    math.def(b.name, [fn](nb::handle first, nb::handle second, nb::handle name) {
      NodeName named(name);
      auto [x, y] = binary_operands(first, second);
      return fn(x, y);
    }, nb::arg(b.first), nb::arg(b.second), "name"_a = nb::none());
  }
  math.def("betainc", [](nb::handle a, nb::handle b, nb::handle x, nb::handle name) {
    NodeName named(name);
    return tf::math::betainc(to_tensor(a), to_tensor(b), to_tensor(x));
  }, "a"_a, "b"_a, "x"_a, "name"_a = nb::none());
  math.def("lbeta", [](nb::handle x, nb::handle name) { return tf::math::lbeta(to_tensor(x)); }, "x"_a,
           "name"_a = nb::none());
  math.def("polyval", [](nb::handle coeffs, nb::handle x, nb::handle name) {
    std::vector<tf::Tensor> c;
    for (nb::handle v : nb::iter(coeffs)) c.push_back(to_tensor(v));
    return tf::math::polyval(c, to_tensor(x));
  }, "coeffs"_a, "x"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python
