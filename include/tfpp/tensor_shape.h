// The shape of a tensor: a list of dimension sizes, any of which may be unknown (tf::None),
// or an entirely unknown rank. Concrete tensors always have fully defined shapes; traced
// (symbolic) tensors and TensorSpecs may not.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <span>
#include <string>

namespace tf {

/// The type of tf::None: converts to the dimension size -1, and stands alone for an unknown
/// rank where an API accepts it (TensorSpec(tf::None, tf::float32)).
struct NoneType {
  explicit constexpr NoneType(int) {}
  constexpr operator std::int64_t() const { return -1; }
};

/// An unknown dimension, as Python's None in a TensorShape.
inline constexpr NoneType None{0};

/// Shapes are stored inline (no heap allocation); this is the largest rank tfpp supports.
inline constexpr int kMaxRank = 8;

/// A possibly partly unknown tensor shape.
class TensorShape {
 public:
  /// A scalar shape: rank 0.
  TensorShape() = default;
  /// A shape from its dimensions; tf::None marks an unknown one.
  TensorShape(std::initializer_list<std::int64_t> dims);
  /// A shape from a span of dimensions.
  explicit TensorShape(std::span<const std::int64_t> dims);
  /// A shape whose rank is unknown.
  static TensorShape unknown_rank();

  /// The number of dimensions, or -1 when the rank is unknown.
  int rank() const { return rank_; }
  /// True when not even the rank is known.
  bool has_unknown_rank() const { return rank_ < 0; }
  /// True when the rank and every dimension are known.
  bool is_fully_defined() const;
  /// The size of dimension i (negative i counts from the end); tf::None if unknown.
  std::int64_t dim(int i) const { return dims_[i < 0 ? i + rank_ : i]; }
  std::int64_t operator[](int i) const { return dim(i); }
  /// All dimensions (empty for scalars and unknown rank).
  std::span<const std::int64_t> dims() const { return {dims_.data(), static_cast<std::size_t>(rank_ < 0 ? 0 : rank_)}; }
  /// The product of the dimensions; -1 if any is unknown.
  std::int64_t num_elements() const;

  /// Appends a dimension.
  void append(std::int64_t dim);
  /// Changes dimension i.
  void set_dim(int i, std::int64_t size) { dims_[i < 0 ? i + rank_ : i] = size; }
  /// Removes dimension i.
  void remove_dim(int i);
  /// Inserts a dimension before position i (0 <= i <= rank).
  void insert_dim(int i, std::int64_t size);

  /// True if some fully defined shape could match both (unknowns match anything).
  bool is_compatible_with(const TensorShape& other) const;
  /// "(2, 3)" as TensorFlow prints shapes; "(None, 3)" for unknown dims, "<unknown>" for unknown rank.
  std::string to_string() const;
  /// "[2,3]", the compact form used in error messages ("[?,3]" for unknown dims).
  std::string debug_string() const;

  friend bool operator==(const TensorShape& a, const TensorShape& b);

 private:
  int rank_ = 0;
  std::array<std::int64_t, kMaxRank> dims_{};
};

std::ostream& operator<<(std::ostream& os, const TensorShape& shape);

}  // namespace tf
