// Slicing and stacking tensors for tf.data: direct buffer copies (strings are copied element
// by element), so batching does not go through the op registry.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::data::detail {

/// Row i of `t` along dimension 0, sharing t's buffer.
Tensor slice_row(const Tensor& t, std::int64_t i);
/// Rows [begin, end) of `t` along dimension 0, sharing t's buffer.
Tensor slice_rows(const Tensor& t, std::int64_t begin, std::int64_t end);
/// Stacks the components of `rows` (elements of equal structure) into `out`; `op` names the
/// caller in errors, e.g. "[Dataset.batch]".
void stack_elements(const std::vector<std::vector<Tensor>>& rows, const char* op, std::vector<Tensor>& out);
/// Stacks `parts` (equal dtype and shape) along a new first dimension. `what` names the
/// caller in errors, e.g. "[Dataset.batch] component 1".
Tensor stack(std::span<const Tensor* const> parts, const std::string& what);
/// Stacks `parts` (equal dtype and rank) along a new first dimension, each padded at the end
/// of every dimension to `shape` with the scalar `pad` (undefined: zero or "").
Tensor pad_stack(std::span<const Tensor* const> parts, const TensorShape& shape, const Tensor& pad,
                 const std::string& what);
/// Copies n elements of dtype from src to dst (strings are assigned).
void copy_elements(DType dtype, const void* src, void* dst, std::int64_t n);

}  // namespace tf::data::detail
