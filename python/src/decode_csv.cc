// tf.io.decode_csv's op for Python (python/tfpp/csv_decoding.py checks the arguments first, as
// TensorFlow's Python function does).
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "tfpp/decode_csv.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_decode_csv(nb::module_& m) {
  nb::module_ io = nb::borrow<nb::module_>(m.attr("_io"));
  io.def("decode_csv", [](nb::handle records, nb::handle record_defaults, const std::string& field_delim,
                          bool use_quote_delim, const std::string& na_value, const std::vector<std::int64_t>& select_cols,
                          nb::handle name) {
    NodeName named(name);
    std::vector<tf::Tensor> defaults;
    for (nb::handle d : record_defaults) defaults.push_back(to_tensor(d));
    return tf::io::decode_csv(to_tensor(records), defaults,
                              {.field_delim = field_delim, .use_quote_delim = use_quote_delim, .na_value = na_value,
                               .select_cols = select_cols});
  }, "records"_a, "record_defaults"_a, "field_delim"_a, "use_quote_delim"_a, "na_value"_a, "select_cols"_a,
     "name"_a = nb::none());
}

}  // namespace tfpp_python
