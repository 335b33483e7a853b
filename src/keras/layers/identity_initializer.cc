#include "tfpp/keras/identity_initializer.h"

#include "tfpp/errors.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"

namespace tf::keras::initializers {

Initializer Identity(double gain) {
  return Initializer("Identity", {{"gain", gain}}, [gain](const TensorShape& shape, DType dtype) {
    if (shape.rank() != 2)
      throw InvalidArgumentError("[Identity] the identity initializer makes 2-D matrices only, got shape " +
                                 shape.to_string() + " of rank " + std::to_string(shape.rank()));
    return eye(shape[0], shape[1], dtype) * gain;
  });
}

}  // namespace tf::keras::initializers
