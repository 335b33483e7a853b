// The regularized Gramian's Cholesky factor that lstsq and MatrixSolveLs's gradient share.
#pragma once

#include "tfpp/tensor.h"

namespace tf::ops::linalg {

/// cholesky(a^T a + l2 I) (`first_kind`) or cholesky(a a^T + l2 I); l2 a scalar of a's dtype.
Tensor regularized_gramian_cholesky(const Tensor& a, const Tensor& l2, bool first_kind);

}  // namespace tf::ops::linalg
