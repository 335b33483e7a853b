// tf.edit_distance's op for Python (python/tfpp/sparse_ops.py passes the SparseTensors' parts).
#include "bindings.h"
#include "tfpp/edit_distance.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_edit_distance(nb::module_& m) {
  m.def("_edit_distance", [](nb::handle hi, nb::handle hv, nb::handle hs, nb::handle ti, nb::handle tv, nb::handle ts,
                             bool normalize, nb::handle name) {
    NodeName named(name);
    return tf::edit_distance({to_tensor(hi, tf::int64), to_tensor(hv), to_tensor(hs, tf::int64)},
                             {to_tensor(ti, tf::int64), to_tensor(tv), to_tensor(ts, tf::int64)}, {.normalize = normalize});
  }, "hypothesis_indices"_a, "hypothesis_values"_a, "hypothesis_shape"_a, "truth_indices"_a, "truth_values"_a,
     "truth_shape"_a, "normalize"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python
