// Dataset.shuffle: TensorFlow's buffered shuffle. The buffer holds up to buffer_size
// elements; each output is a uniformly chosen buffer entry, replaced by the next input.
#include <atomic>
#include <random>

#include "data/node.h"
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

class ShuffleNode final : public DatasetNode {
 public:
  ShuffleNode(NodePtr input, std::int64_t buffer_size, std::uint64_t seed, bool reshuffle)
      : input_(std::move(input)), buffer_size_(buffer_size), seed_(seed), reshuffle_(reshuffle) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override {
    // Each pass gets the next pass number, so passes differ yet the sequence is reproducible.
    const std::uint64_t pass = reshuffle_ ? passes_.fetch_add(1) : 0;
    return std::make_unique<It>(this, mix(seed_ ^ mix(pass)));
  }
  std::int64_t cardinality() const override { return input_->cardinality(); }

 private:
  struct It final : IteratorImpl {
    It(const ShuffleNode* n, std::uint64_t seed) : node(n), input(n->input_->make_iterator()), rng(seed) {}
    bool next(Element& out) override {
      if (!filled) {
        Element e;
        while (static_cast<std::int64_t>(buffer.size()) < node->buffer_size_ && input->next(e))
          buffer.push_back(std::move(e));
        filled = true;
      }
      if (buffer.empty()) return false;
      const std::size_t i = static_cast<std::size_t>(rng() % buffer.size());
      out = std::move(buffer[i]);
      if (!input->next(buffer[i])) {
        buffer[i] = std::move(buffer.back());
        buffer.pop_back();
      }
      return true;
    }
    const ShuffleNode* node;
    std::unique_ptr<IteratorImpl> input;
    std::mt19937_64 rng;
    std::vector<Element> buffer;
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
