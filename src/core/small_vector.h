// A vector that keeps its first N elements inline, so the common case (an op with one or
// two outputs) allocates nothing.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <utility>
#include <vector>

namespace tf::core {

template <class T, std::size_t N>
class SmallVector {
 public:
  SmallVector() = default;
  SmallVector(std::initializer_list<T> values) {
    for (const T& v : values) push_back(v);
  }
  explicit SmallVector(std::size_t n) { resize(n); }

  void push_back(T value) {
    if (size_ < N) inline_[size_] = std::move(value);
    else {
      if (size_ == N) spill();
      heap_.push_back(std::move(value));
    }
    ++size_;
  }
  void resize(std::size_t n) {
    while (size_ < n) push_back(T{});
    while (size_ > n) pop_back();
  }
  void pop_back() {
    --size_;
    if (!heap_.empty()) {
      heap_.pop_back();
      if (size_ == N) unspill();
    } else {
      inline_[size_] = T{};
    }
  }
  void clear() { resize(0); }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return heap_.empty() ? inline_.data() : heap_.data(); }
  const T* data() const { return heap_.empty() ? inline_.data() : heap_.data(); }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T& front() { return data()[0]; }
  T& back() { return data()[size_ - 1]; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }

 private:
  // Moves the inline elements to the heap once the inline capacity is exceeded.
  void spill() {
    heap_.reserve(2 * N + 1);
    for (auto& v : inline_) heap_.push_back(std::exchange(v, T{}));
  }
  void unspill() {
    for (std::size_t i = 0; i < N; ++i) inline_[i] = std::move(heap_[i]);
    heap_.clear();
  }

  std::array<T, N> inline_{};
  std::vector<T> heap_;
  std::size_t size_ = 0;
};

}  // namespace tf::core
