// What a traced 1-D int tensor holding a shape is known to hold, as TensorFlow's shape inference
// reads it (InferenceContext::MakeShapeFromShapeTensor): ops that take an output shape as a
// tensor (Fill, Reshape, the random ops) get static dims from it where the graph tells them.
#pragma once

#include <optional>

#include "tfpp/tensor.h"

namespace tf::graph {

/// For a symbolic int32 / int64 vector of the trace running on this thread: the shape it holds,
/// with the dims the graph does not tell unknown. Known are constants, a Shape op's static
/// shape (`tf.shape(x)`), a Pack of scalars, each a constant or a dim of a Shape
/// (`[tf.shape(x)[0], 4]`), a ConcatV2 of such parts, a slice of a Shape (`tf.shape(x)[1:]`) and
/// a Cast of any of these. nullopt when not even the length is known, or for other tensors.
std::optional<TensorShape> shape_value(const Tensor& t);

}  // namespace tf::graph
