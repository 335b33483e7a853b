// The TridiagonalSolve op itself, for tf::linalg::tridiagonal_solve and its gradient.
#pragma once

#include "tfpp/tensor.h"

namespace tf::ops::linalg {

/// Op TridiagonalSolve: diagonals [..., 3, M] (compact format), rhs [..., M, K], same batch dimensions.
Tensor tridiagonal_solve_op(const Tensor& diagonals, const Tensor& rhs, bool partial_pivoting, bool perturb_singular);

}  // namespace tf::ops::linalg
