// Eigen views of tfpp's row-major matrix buffers, shared by the Eigen kernels of this directory.
#pragma once

#include <Eigen/Core>

namespace tf::kernels::linalg {

template <class T>
using RowMajor = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
/// A read-only view of a row-major matrix buffer.
template <class T>
using ConstMap = Eigen::Map<const RowMajor<T>>;
/// A writable view of a row-major matrix buffer.
template <class T>
using Map = Eigen::Map<RowMajor<T>>;

}  // namespace tf::kernels::linalg
