// Dataset.shuffle: TensorFlow's buffered shuffle. The buffer holds up to buffer_size
// elements; each output is a uniformly chosen buffer entry, replaced by the next input.
//
// Note [Shuffling rows]: directly after from_tensor_slices, the buffer holds row numbers
// instead of elements, and a row is sliced when it is returned. An entry is then 8 bytes
// instead of an element's vector and tensor handles (allocated when the row entered the
// buffer, thousands of rows ago, and long gone from the cache), and where a row's data lies is
// known without reading anything. The random draws are the same, so the order is too.
#include <algorithm>
#include <atomic>
#include <random>
#include <utility>

#include "data/node.h"
#include "data/tensor_copy.h"
#include "tfpp/errors.h"

namespace tf::data {
namespace detail {
namespace {

using NodePtr = std::shared_ptr<const DatasetNode>;

// splitmix64's finalizer: turns (seed, pass) into well-spread generator seeds.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// At most this many bytes of an element's tensor data are prefetched.
constexpr std::size_t kPrefetchBytes = 8192;

class ShuffleNode final : public DatasetNode {
 public:
  ShuffleNode(NodePtr input, std::int64_t buffer_size, std::uint64_t seed, bool reshuffle)
      : input_(std::move(input)), buffer_size_(buffer_size), seed_(seed), reshuffle_(reshuffle) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override {
    // Each pass gets the next pass number, so passes differ yet the sequence is reproducible.
    const std::uint64_t pass = reshuffle_ ? passes_.fetch_add(1) : 0;
    const std::uint64_t seed = mix(seed_ ^ mix(pass));
    if (const std::vector<Tensor>* tensors = sliced_tensors(*input_)) return std::make_unique<RowsIt>(this, *tensors, seed);
    return std::make_unique<It>(this, seed);
  }
  std::int64_t cardinality() const override { return input_->cardinality(); }

 private:
  // Where an element's memory lies, noted while the element is fresh in cache: the buffer's
  // entries are picked at random from thousands, so without a prefetch each output costs a
  // chain of cache misses (the element's vector, each tensor's impl, its data).
  struct Hint {
    static constexpr std::size_t kTensors = 4;
    const void* vector = nullptr;
    const void* impls[kTensors] = {};
    const char* data[kTensors] = {};
    std::size_t bytes[kTensors] = {};
  };

  struct It final : IteratorImpl {
    It(const ShuffleNode* n, std::uint64_t seed) : node(n), input(n->input_->make_iterator()), rng(seed), ahead(rng()) {}
    bool next(Element& out) override {
      if (!filled) {
        Element e;
        while (static_cast<std::int64_t>(buffer.size()) < node->buffer_size_ && input->next(e)) {
          buffer.push_back(std::move(e));
          hints.push_back(hint_of(buffer.back()));
        }
        filled = true;
        if (!buffer.empty()) pick();
      }
      if (buffer.empty()) return false;
      // Swapping keeps out's storage in the buffer for the next input element to reuse.
      std::swap(out, buffer[picked]);
      if (input->next(buffer[picked])) {
        hints[picked] = hint_of(buffer[picked]);
      } else {
        buffer[picked] = std::move(buffer.back());
        hints[picked] = hints.back();
        buffer.pop_back();
        hints.pop_back();
      }
      if (!buffer.empty()) pick();
      return true;
    }
    // Draws the next output now (the same draw the next call would make: nothing changes the
    // buffer in between) so that its memory can be fetched while the caller works. The random
    // number for the pick after that is drawn too, to fetch the hint that pick will read.
    void pick() {
      picked = static_cast<std::size_t>(ahead % buffer.size());
      ahead = rng();
      const char* next_hint = reinterpret_cast<const char*>(&hints[ahead % buffer.size()]);
      __builtin_prefetch(next_hint);
      __builtin_prefetch(next_hint + sizeof(Hint) - 1);
      const Hint& h = hints[picked];
      __builtin_prefetch(h.vector);
      for (std::size_t c = 0; c < Hint::kTensors; ++c) {
        __builtin_prefetch(h.impls[c]);
        // Into L2 only (locality 1): the first-level miss buffers would fill up and stall here.
        for (std::size_t b = 0; b < h.bytes[c]; b += 64) __builtin_prefetch(h.data[c] + b, 0, 1);
      }
    }
    static Hint hint_of(const Element& e) {
      Hint h;
      h.vector = e.data();
      std::size_t budget = kPrefetchBytes;
      for (std::size_t c = 0; c < std::min(e.size(), Hint::kTensors); ++c) {
        const Tensor& t = e[c];
        if (!t.defined() || t.is_symbolic()) continue;
        h.impls[c] = t.impl().get();
        h.data[c] = static_cast<const char*>(t.raw_data());
        h.bytes[c] = std::min(budget, static_cast<std::size_t>(t.num_elements()) * dtype_size(t.dtype()));
        budget -= h.bytes[c];
      }
      return h;
    }
    const ShuffleNode* node;
    std::unique_ptr<IteratorImpl> input;
    std::mt19937_64 rng;
    std::uint64_t ahead;      // the random number of the pick after `picked`
    std::vector<Element> buffer;
    std::vector<Hint> hints;  // hints[i] describes buffer[i]
    std::size_t picked = 0;   // the buffer entry the next call returns
    bool filled = false;
  };

  // Shuffles the row numbers of a from_tensor_slices input (Note [Shuffling rows]), with the
  // draws of It.
  struct RowsIt final : IteratorImpl {
    RowsIt(const ShuffleNode* n, const std::vector<Tensor>& tensors, std::uint64_t seed)
        : node(n), tensors(tensors), rows(tensors[0].shape().dim(0)), rng(seed), ahead(rng()) {
      for (const Tensor& t : tensors) {
        std::size_t bytes = dtype_size(t.dtype());
        for (int d = 1; d < t.rank(); ++d) bytes *= static_cast<std::size_t>(t.shape().dim(d));
        data.push_back(static_cast<const char*>(t.raw_data()));
        row_bytes.push_back(bytes);
      }
    }
    bool next(Element& out) override {
      if (!filled) {
        next_row = std::min(node->buffer_size_, rows);
        buffer.resize(static_cast<std::size_t>(next_row));
        for (std::int64_t i = 0; i < next_row; ++i) buffer[static_cast<std::size_t>(i)] = i;
        filled = true;
        if (!buffer.empty()) pick();
      }
      if (buffer.empty()) return false;
      const std::int64_t row = buffer[picked];
      if (next_row < rows) {
        buffer[picked] = next_row++;
      } else {
        buffer[picked] = buffer.back();
        buffer.pop_back();
      }
      if (!buffer.empty()) pick();
      out.resize(tensors.size());
      for (std::size_t c = 0; c < tensors.size(); ++c) out[c] = slice_row(tensors[c], row);
      return true;
    }
    // Draws the next output now and starts fetching its data (into L2, as It does).
    void pick() {
      picked = static_cast<std::size_t>(ahead % buffer.size());
      ahead = rng();
      std::size_t budget = kPrefetchBytes;
      for (std::size_t c = 0; c < data.size() && budget > 0; ++c) {
        const char* p = data[c] + static_cast<std::size_t>(buffer[picked]) * row_bytes[c];
        const std::size_t bytes = std::min(budget, row_bytes[c]);
        for (std::size_t b = 0; b < bytes; b += 64) __builtin_prefetch(p + b, 0, 1);
        budget -= bytes;
      }
    }
    const ShuffleNode* node;
    const std::vector<Tensor>& tensors;  // owned by the input node, which the pass keeps alive
    const std::int64_t rows;
    std::vector<const char*> data;       // per tensor, its first row
    std::vector<std::size_t> row_bytes;  // per tensor
    std::mt19937_64 rng;
    std::uint64_t ahead;
    std::vector<std::int64_t> buffer;    // row numbers
    std::int64_t next_row = 0;           // the row that enters the buffer next
    std::size_t picked = 0;
    bool filled = false;
  };

  NodePtr input_;
  std::int64_t buffer_size_;
  std::uint64_t seed_;
  bool reshuffle_;
  mutable std::atomic<std::uint64_t> passes_{0};
};

}  // namespace
}  // namespace detail

Dataset Dataset::shuffle(std::int64_t buffer_size, ShuffleOptions options) const {
  if (buffer_size < 1)
    throw InvalidArgumentError("[Dataset.shuffle] buffer_size must be >= 1, got " + std::to_string(buffer_size));
  const std::uint64_t seed = options.seed ? *options.seed : std::random_device{}() * 0x100000001ull ^ std::random_device{}();
  return Dataset(std::make_shared<detail::ShuffleNode>(node_, buffer_size, seed, options.reshuffle_each_iteration),
                 names_);
}

}  // namespace tf::data
