// tf.nn.ctc_greedy_decoder's and ctc_beam_search_decoder's ops for Python (python/tfpp/ctc_decoders.py
// makes their SparseTensors).
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "tfpp/ctc_beam_search.h"
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
  // Returns ([(indices, values, dense_shape) per path], log_probability).
  nn.def("_ctc_beam_search_decoder", [](nb::handle inputs, nb::handle sequence_length, std::int64_t beam_width,
                                        std::int64_t top_paths, bool merge_repeated, nb::handle name) {
    NodeName named(name);
    tf::nn::CtcBeamSearchDecoded d = tf::nn::ctc_beam_search_decoder(
        to_tensor(inputs), to_tensor(sequence_length, tf::int32),
        {.beam_width = beam_width, .top_paths = top_paths, .merge_repeated = merge_repeated});
    std::vector<std::tuple<tf::Tensor, tf::Tensor, tf::Tensor>> paths;
    for (tf::SparseTensor& s : d.decoded) paths.emplace_back(std::move(s.indices), std::move(s.values), std::move(s.dense_shape));
    return std::make_tuple(std::move(paths), std::move(d.log_probability));
  }, "inputs"_a, "sequence_length"_a, "beam_width"_a, "top_paths"_a, "merge_repeated"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python
