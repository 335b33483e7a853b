// tf.dynamic_partition and tf.dynamic_stitch for Python, over tfpp's DynamicPartition and
// DynamicStitch ops.
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "list_inputs.h"
#include "tfpp/partition_ops.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_partition_ops(nb::module_& m) {
  m.def("dynamic_partition", [](nb::handle data, nb::handle partitions, std::int64_t num_partitions, nb::handle name) {
    NodeName named(name);
    return tf::dynamic_partition(to_tensor(data), to_tensor(partitions, tf::int32), num_partitions);
  }, "data"_a, "partitions"_a, "num_partitions"_a, "name"_a = nb::none());
  m.def("dynamic_stitch", [](nb::handle indices, nb::handle data, nb::handle name) {
    NodeName named(name);
    std::vector<tf::Tensor> index_tensors;
    for (nb::handle i : indices) index_tensors.push_back(to_tensor(i, tf::int32));
    const std::vector<tf::Tensor> data_tensors = matching_tensors(data);
    return tf::dynamic_stitch(index_tensors, data_tensors);
  }, "indices"_a, "data"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python
