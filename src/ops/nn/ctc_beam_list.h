// The beam of CTC beam search: at most `limit` entries, the best by a score that changes while
// they sit in the list.
//
// Note [Matching TensorFlow's beam order]
// TensorFlow keeps its beam in gtl::TopN. Which of two equally scored prefixes stays in the beam,
// and the order of equally scored top paths, follow from exactly when that list appends, swaps
// its worst entry to the front, heapifies and sorts. BeamList makes the same moves with the same
// standard algorithms (append until full; on the first overflow make a min-heap and drop its top;
// `bottom()` moves the worst entry to the front of an unordered list), so ties resolve as there.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace tf::ops {

/// A bounded list of the best entries under `Better` (a strict "scores higher than").
template <class Entry, class Better>
class BeamList {
 public:
  BeamList(std::size_t limit, Better better) : limit_(limit), better_(better) {}

  std::size_t size() const { return entries_.size(); }

  /// Adds `entry`; once more than `limit` were added, the worst one is dropped.
  void push(Entry entry) {
    if (limit_ == 0) return;
    if (order_ == Order::kHeap) {
      if (!better_(entry, entries_.front())) return;
      std::pop_heap(entries_.begin(), entries_.end(), better_);
      entries_.back() = std::move(entry);
      std::push_heap(entries_.begin(), entries_.end(), better_);
      return;
    }
    entries_.push_back(std::move(entry));
    if (entries_.size() == limit_ + 1) {
      std::make_heap(entries_.begin(), entries_.end(), better_);
      std::pop_heap(entries_.begin(), entries_.end(), better_);
      entries_.pop_back();
      order_ = Order::kHeap;
    } else if (order_ == Order::kWorstFirst && !better_(entries_.back(), entries_.front())) {
      std::swap(entries_.front(), entries_.back());  // the new entry is the worst
    }
  }

  /// The worst entry (moved to the front of an unordered list first).
  const Entry& worst() {
    if (order_ == Order::kUnordered) {
      std::size_t worst = 0;
      for (std::size_t i = 1; i < entries_.size(); ++i)
        if (better_(entries_[worst], entries_[i])) worst = i;
      if (worst != 0) std::swap(entries_[0], entries_[worst]);
      order_ = Order::kWorstFirst;
    }
    return entries_.front();
  }

  /// The entries, best first; the list is left empty.
  std::vector<Entry> take_sorted() {
    std::vector<Entry> out;
    out.swap(entries_);
    if (order_ == Order::kHeap) std::sort_heap(out.begin(), out.end(), better_);
    else std::sort(out.begin(), out.end(), better_);
    order_ = Order::kUnordered;
    return out;
  }

  /// The entries in the list's own order.
  std::span<const Entry> unsorted() const { return entries_; }

 private:
  enum class Order { kUnordered, kWorstFirst, kHeap };

  std::vector<Entry> entries_;
  std::size_t limit_;
  Better better_;
  Order order_ = Order::kUnordered;
};

}  // namespace tf::ops
