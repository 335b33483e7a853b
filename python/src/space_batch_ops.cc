// tf.space_to_batch_nd (tf.space_to_batch, tf.nn.space_to_batch) and tf.batch_to_space for
// Python, over tfpp's SpaceToBatchND and BatchToSpaceND ops.
#include "bindings.h"
#include "tfpp/space_batch_ops.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_space_batch_ops(nb::module_& m) {
  const auto space_to_batch = [](nb::handle input, nb::handle block_shape, nb::handle paddings, nb::handle name) {
    NodeName named(name);
    return tf::space_to_batch_nd(to_tensor(input), to_tensor(block_shape), to_tensor(paddings));
  };
  m.def("space_to_batch_nd", space_to_batch, "input"_a, "block_shape"_a, "paddings"_a, "name"_a = nb::none());
  m.def("space_to_batch", space_to_batch, "input"_a, "block_shape"_a, "paddings"_a, "name"_a = nb::none());
  m.def("batch_to_space", [](nb::handle input, nb::handle block_shape, nb::handle crops, nb::handle name) {
    NodeName named(name);
    // A Python int is the block size of both spatial dimensions of an image batch, as in TensorFlow.
    tf::Tensor block = nb::isinstance<nb::int_>(block_shape)
                           ? tf::constant(std::vector<std::int64_t>(2, nb::cast<std::int64_t>(block_shape)))
                           : to_tensor(block_shape);
    return tf::batch_to_space_nd(to_tensor(input), block, to_tensor(crops));
  }, "input"_a, "block_shape"_a, "crops"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python
