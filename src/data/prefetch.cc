// Dataset.prefetch: a background thread computes elements ahead into a bounded queue.
// The thread belongs to the iterator; destroying the iterator (e.g. leaving a range-for
// early) cancels and joins it.
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include "data/node.h"
#include "data/threads.h"
#include "tfpp/errors.h"

namespace tf::data {
namespace detail {
namespace {

using NodePtr = std::shared_ptr<const DatasetNode>;

class PrefetchNode final : public DatasetNode {
 public:
  PrefetchNode(NodePtr input, std::int64_t buffer_size) : input_(std::move(input)), buffer_size_(buffer_size) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override {
    // A parallel map and batch computes ahead already: another thread handing its batches on
    // would only add a hand-off per batch and a runnable thread beside the training step.
    if (auto ahead = input_->make_prefetching_iterator(buffer_size_)) return ahead;
    return std::make_unique<It>(this);
  }
  std::int64_t cardinality() const override { return input_->cardinality(); }

 private:
  struct Slot {
    Element element;
    std::exception_ptr error;
    bool end = false;
  };

  class It final : public IteratorImpl {
   public:
    explicit It(const PrefetchNode* n) : input_(n->input_->make_iterator()), capacity_(n->buffer_size_) {
      producer_ = start_pipeline_thread([this] { produce(); });
    }
    ~It() override {
      {
        std::lock_guard lock(mu_);
        cancelled_ = true;
      }
      cv_.notify_all();
      producer_.join();
    }
    bool next(Element& out) override {
      if (finished_) return false;
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return !queue_.empty(); });
      Slot s = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      cv_.notify_all();
      if (s.end || s.error) finished_ = true;
      if (s.error) std::rethrow_exception(s.error);
      if (s.end) return false;
      out = std::move(s.element);
      return true;
    }

   private:
    void produce() {
      for (;;) {
        {
          std::unique_lock lock(mu_);
          cv_.wait(lock, [&] { return cancelled_ || static_cast<std::int64_t>(queue_.size()) < capacity_; });
          if (cancelled_) return;
        }
        Slot s;
        try {
          s.end = !input_->next(s.element);
        } catch (...) {
          s.error = pipeline_error();
        }
        const bool last = s.end || s.error;
        {
          std::lock_guard lock(mu_);
          queue_.push_back(std::move(s));
        }
        cv_.notify_all();
        if (last) return;
      }
    }

    std::unique_ptr<IteratorImpl> input_;  // used only by the producer thread
    const std::int64_t capacity_;
    std::mutex mu_;
    std::condition_variable cv_;
    std::deque<Slot> queue_;
    bool cancelled_ = false;
    bool finished_ = false;  // consumer side only
    std::thread producer_;   // last: starts after every other member exists
  };

  NodePtr input_;
  std::int64_t buffer_size_;
};

}  // namespace
}  // namespace detail

Dataset Dataset::prefetch(std::int64_t buffer_size) const {
  if (buffer_size < AUTOTUNE)
    throw InvalidArgumentError("[Dataset.prefetch] buffer_size must be >= 0 or AUTOTUNE, got " + std::to_string(buffer_size));
  if (buffer_size == 0) return *this;
  // AUTOTUNE: two elements ahead keep a consumer fed without holding many batches in memory.
  const std::int64_t size = buffer_size == AUTOTUNE ? 2 : buffer_size;
  return Dataset(std::make_shared<detail::PrefetchNode>(node_, size), names_);
}

}  // namespace tf::data
