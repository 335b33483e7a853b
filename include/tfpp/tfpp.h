// tfpp: TensorFlow 2's programming model in C++. Include this one header; everything lives
// in namespace tf.
#pragma once

#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/data/dataset.h"
#include "tfpp/dtype.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"
#include "tfpp/random_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/softmax_ops.h"
#include "tfpp/string_ops.h"
#include "tfpp/tensor.h"
#include "tfpp/tensor_shape.h"
#include "tfpp/concrete_function.h"
#include "tfpp/function.h"
#include "tfpp/name_scope.h"
#include "tfpp/print.h"
#include "tfpp/control_flow.h"
