// Dataset.map: inline, or on worker threads that keep the input order unless told otherwise.
// Note [Parallel map]: a worker takes a chunk of consecutive input elements under input_mu_
// (chunks are numbered in input order), applies the function to them outside any lock, and
// files the chunk's results by chunk number; the consumer takes whole chunks in order (or as
// they finish when deterministic is false) and hands their elements out without locking.
// Chunks are sized from the measured cost of the function so that one takes ~200 us: a thread
// hand-off (a lock, a wake-up, a context switch) then costs a few percent of the work instead
// of more than a cheap function itself. When a batch follows the map, a chunk is one batch,
// which the worker stacks itself (map_batch.h). At most 2 chunks per worker (plus a following
// prefetch's buffer) are in flight, which bounds memory.
#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include "data/batch_stacker.h"
#include "data/map_batch.h"
#include "data/node.h"
#include "data/threads.h"
#include "tfpp/errors.h"

namespace tf::data {
namespace detail {
namespace {

using NodePtr = std::shared_ptr<const DatasetNode>;

std::string failure_context(std::int64_t index) {
  return "[Dataset.map] the function failed on element " + std::to_string(index) + ": ";
}

class MapNode final : public DatasetNode {
 public:
  MapNode(NodePtr input, ElementFn fn, MapOptions options)
      : input_(std::move(input)), fn_(std::move(fn)), options_(options) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override {
    if (!parallel()) return std::make_unique<SequentialIt>(this);
    return std::make_unique<ParallelIt>(this);
  }
  /// Whether passes apply the function on worker threads.
  bool parallel() const { return options_.num_parallel_calls != 0 && options_.num_parallel_calls != 1; }
  /// A parallel pass whose workers also batch their results.
  std::unique_ptr<IteratorImpl> make_batching_iterator(std::int64_t batch_size, bool drop_remainder,
                                                       std::int64_t extra_ahead) const {
    return std::make_unique<ParallelIt>(this, batch_size, drop_remainder, extra_ahead);
  }
  std::int64_t cardinality() const override { return input_->cardinality(); }

 private:
  struct SequentialIt final : IteratorImpl {
    explicit SequentialIt(const MapNode* n) : input(n->input_->make_iterator()), fn(n->fn_) {}
    bool next(Element& out) override {
      if (!input->next(in)) return false;
      try {
        out = fn(in);
      } catch (...) {
        rethrow_with_context(failure_context(index++));
      }
      ++index;
      return true;
    }
    std::unique_ptr<IteratorImpl> input;
    ElementFn fn;  // a copy per pass: stateful callables never run on two passes at once
    Element in;
    std::int64_t index = 0;
  };

  // Consecutive results, from element `first` on; `error` belongs to the element after them.
  // `failures` are errors of elements the function failed on, each with the number of results
  // before it: the pass raises them in place and goes on after them (as ignore_errors needs).
  struct Chunk {
    std::int64_t first = 0;
    std::vector<Element> elements;
    std::vector<std::pair<std::size_t, std::exception_ptr>> failures;
    std::exception_ptr error;
  };

  class ParallelIt final : public IteratorImpl {
   public:
    // With batch_size > 0 the workers also batch their results (see make_map_and_batch_iterator).
    // `extra_ahead` more chunks may be in flight (for a prefetch after the batch).
    explicit ParallelIt(const MapNode* n, std::int64_t batch_size = 0, bool drop_remainder = false,
                        std::int64_t extra_ahead = 0)
        : node_(n), input_(n->input_->make_iterator()), batch_size_(batch_size), drop_remainder_(drop_remainder),
          ordered_(n->options_.deterministic), max_workers_(resolve_parallelism(n->options_.num_parallel_calls)) {
      max_in_flight_ = 2 * max_workers_ + extra_ahead;
      // AUTOTUNE starts with one worker and adds one when the consumer had to wait for half of
      // its last 8 chunks (a pipeline's first chunks are always waited for): a training step
      // that consumes slowly keeps one pipeline thread, not one per core, busy beside it
      // (every extra runnable thread can preempt the step's intra-op threads).
      const int initial = n->options_.num_parallel_calls == AUTOTUNE ? 1 : max_workers_;
      for (int i = 0; i < initial; ++i) add_worker();
    }
    ~ParallelIt() override {
      {
        std::lock_guard lock(mu_);
        cancelled_ = true;
      }
      worker_cv_.notify_all();
      for (std::thread& t : workers_) t.join();
    }

    bool next(Element& out) override {
      for (;;) {
        if (failed_ < current_.failures.size() && current_.failures[failed_].first == pos_)
          std::rethrow_exception(std::exchange(current_.failures[failed_++].second, nullptr));
        if (pos_ < current_.elements.size()) break;
        if (current_.error) {
          std::exception_ptr e = std::exchange(current_.error, nullptr);
          std::rethrow_exception(e);
        }
        if (!take_chunk()) return false;
      }
      out = std::move(current_.elements[pos_++]);
      return true;
    }

   private:
    static constexpr std::int64_t kChunkNanos = 200'000;
    static constexpr std::int64_t kMaxChunk = 256;

    // Replaces current_ with the next finished chunk; false when every chunk has been taken.
    bool take_chunk() {
      std::unique_lock lock(mu_);
      auto ready = [&] { return ordered_ ? results_.count(taken_) > 0 : !results_.empty(); };
      auto done = [&] { return ready() || (chunks_ >= 0 && taken_ >= chunks_); };
      waits_ = (waits_ << 1) | (done() ? 0u : 1u);
      if (std::popcount(waits_ & 0xffu) >= 4 && static_cast<int>(workers_.size()) < max_workers_) {
        waits_ = 0;
        lock.unlock();
        add_worker();
        lock.lock();
      }
      consumer_cv_.wait(lock, done);
      if (!ready()) return false;
      auto it = ordered_ ? results_.find(taken_) : results_.begin();
      current_ = std::move(it->second);
      failed_ = 0;
      results_.erase(it);
      ++taken_;
      --in_flight_;
      lock.unlock();
      worker_cv_.notify_one();
      pos_ = 0;
      return true;
    }

    void add_worker() {
      workers_.push_back(start_pipeline_thread([this, fn = node_->fn_]() mutable { work(fn); }));
    }

    void work(ElementFn& fn) {
      std::vector<Element> inputs;
      BatchStacker stacker(std::max<std::int64_t>(batch_size_, 1), "[Dataset.batch]");
      for (;;) {
        {
          std::unique_lock lock(mu_);
          worker_cv_.wait(lock, [&] { return cancelled_ || chunks_ >= 0 || in_flight_ < max_in_flight_; });
          if (cancelled_ || chunks_ >= 0) return;
          ++in_flight_;
        }
        std::int64_t number;
        Chunk chunk;
        {
          std::lock_guard input_lock(input_mu_);
          if (input_done_) {
            release_slot();
            return;
          }
          number = next_chunk_++;
          chunk.first = next_seq_;
          // Until the function's cost is known, one element at a time.
          const std::int64_t cost = nanos_per_element_;
          const std::int64_t size = batch_size_ > 0 ? batch_size_
                                    : cost == 0     ? 1
                                                    : std::clamp<std::int64_t>(kChunkNanos / cost, 1, kMaxChunk);
          inputs.resize(static_cast<std::size_t>(size));
          std::size_t got = 0;
          try {
            while (got < inputs.size() && input_->next(inputs[got])) ++got;
          } catch (...) {
            chunk.error = pipeline_error();
          }
          next_seq_ += static_cast<std::int64_t>(got);
          inputs.resize(got);
          if (got < static_cast<std::size_t>(size) || chunk.error) {
            input_done_ = true;
            finish_input(number + 1);
          }
        }
        if (batch_size_ == 0) {
          chunk.elements.reserve(inputs.size());
          apply(fn, inputs, chunk.first, [&](Element&& e) { chunk.elements.push_back(std::move(e)); },
                [&](std::exception_ptr e) { chunk.failures.emplace_back(chunk.elements.size(), std::move(e)); });
        } else {
          // Each result is copied into the batch at once (Note [Row-by-row stacking]).
          stacker.clear();
          bool failed = false;
          apply(fn, inputs, chunk.first, [&](Element&& e) { if (!failed) stacker.add(e); },
                [&](std::exception_ptr e) {
                  if (!failed) chunk.error = std::move(e);
                  failed = true;
                });
          stack_rows(stacker, chunk);
        }
        {
          std::lock_guard lock(mu_);
          results_.emplace(number, std::move(chunk));
        }
        consumer_cv_.notify_one();
      }
    }

    // Maps `inputs` (elements first, first + 1, ...) and passes each result to `sink` and each
    // failure to `fail`, and updates the cost estimate. A batch that failed part-way yields only
    // its first error, as batch() after map() would.
    template <class Sink, class Fail>
    void apply(ElementFn& fn, const std::vector<Element>& inputs, std::int64_t first, Sink&& sink, Fail&& fail) {
      const auto start = std::chrono::steady_clock::now();
      Element result;
      for (std::size_t i = 0; i < inputs.size(); ++i) {
        try {
          result = fn(inputs[i]);
        } catch (...) {
          try {
            rethrow_with_context(failure_context(first + static_cast<std::int64_t>(i)));
          } catch (...) {
            fail(pipeline_error());
          }
          continue;
        }
        sink(std::move(result));
      }
      if (inputs.empty()) return;
      const auto nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start);
      nanos_per_element_ = std::max<std::int64_t>(1, nanos.count() / static_cast<std::int64_t>(inputs.size()));
    }
    // Stacks a batch's rows into the chunk's one element, on the worker that mapped them.
    void stack_rows(BatchStacker& stacker, Chunk& chunk) const {
      if (chunk.error || stacker.size() == 0) return;
      if (drop_remainder_ && stacker.size() < batch_size_) return;
      try {
        chunk.elements.emplace_back();
        stacker.take(chunk.elements.back());
      } catch (...) {
        chunk.elements.clear();
        chunk.error = pipeline_error();
      }
    }
    void release_slot() {
      std::lock_guard lock(mu_);
      --in_flight_;
    }
    void finish_input(std::int64_t chunks) {
      {
        std::lock_guard lock(mu_);
        chunks_ = chunks;
      }
      consumer_cv_.notify_all();
      worker_cv_.notify_all();
    }

    const MapNode* node_;
    std::unique_ptr<IteratorImpl> input_;  // guarded by input_mu_
    const std::int64_t batch_size_;  // > 0: each chunk is one batch of this many elements
    const bool drop_remainder_;
    std::mutex input_mu_;
    bool input_done_ = false;      // guarded by input_mu_
    std::int64_t next_chunk_ = 0;  // guarded by input_mu_
    std::int64_t next_seq_ = 0;    // guarded by input_mu_
    std::atomic<std::int64_t> nanos_per_element_{0};  // the latest chunk's cost per element

    std::mutex mu_;
    std::condition_variable worker_cv_, consumer_cv_;
    std::map<std::int64_t, Chunk> results_;
    std::int64_t taken_ = 0, in_flight_ = 0, max_in_flight_ = 0;
    std::int64_t chunks_ = -1;  // the number of chunks, once the input is exhausted
    bool cancelled_ = false;
    const bool ordered_;
    const int max_workers_;
    std::vector<std::thread> workers_;  // consumer side only
    std::uint32_t waits_ = 0;           // consumer side only: bit i set if the i-th last take waited

    Chunk current_;           // consumer side only
    std::size_t pos_ = 0;     // the next element of current_ to hand out
    std::size_t failed_ = 0;  // the next failure of current_ to raise
  };

  NodePtr input_;
  ElementFn fn_;
  MapOptions options_;
};

}  // namespace

std::unique_ptr<IteratorImpl> make_map_and_batch_iterator(const DatasetNode& input, std::int64_t batch_size,
                                                          bool drop_remainder, std::int64_t extra_ahead) {
  const auto* map = dynamic_cast<const MapNode*>(&input);
  if (!map || !map->parallel()) return nullptr;
  return map->make_batching_iterator(batch_size, drop_remainder, extra_ahead);
}

}  // namespace detail

Dataset Dataset::map_impl(detail::ElementFn fn, MapOptions options) const {
  if (options.num_parallel_calls < AUTOTUNE)
    throw InvalidArgumentError("[Dataset.map] num_parallel_calls must be >= 1, 0 or AUTOTUNE, got " +
                               std::to_string(options.num_parallel_calls));
  return Dataset(std::make_shared<detail::MapNode>(node_, std::move(fn), options));
}

}  // namespace tf::data
