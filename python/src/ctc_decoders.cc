// tf.nn.ctc_greedy_decoder's op for Python (python/tfpp/ctc_decoders.py makes its SparseTensor).
#include <nanobind/stl/tuple.h>

#include "bindings.h"
#include "tfpp/ctc_decoders.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_ctc_decoders(nb::module_& m) {
  nb::module_ nn = nb::borrow<nb::module_>(m.attr("nn"));
  nn.def("_ctc_greedy_decoder", [](nb::handle inputs, nb::handle sequence_length, bool merge_repeated,
                                   std::int64_t blank_index, nb::handle name) {
    NodeName named(name);
    tf::nn::CtcDecoded d = tf::nn::ctc_greedy_decoder(to_tensor(inputs), to_tensor(sequence_length, tf::int32),
                                                      {.merge_repeated = merge_repeated, .blank_index = blank_index});
    return std::make_tuple(std::move(d.indices), std::move(d.values), std::move(d.dense_shape), std::move(d.log_probability));
  }, "inputs"_a, "sequence_length"_a, "merge_repeated"_a, "blank_index"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python
