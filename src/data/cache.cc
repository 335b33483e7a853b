// Dataset.cache: the first complete pass is recorded, in memory or in a file; later passes
// (and, for a file, later programs) read the record instead of re-running the pipeline.
// Note [Cache file]: a TFRecord file, one record per element (so every element is checksummed):
// uint32 component count, then per component dtype (u8), rank (u8), dims (int64 each) and the
// elements (strings as uint64 length + bytes). It is written under a temporary name and
// renamed when the pass completes, so an interrupted pass leaves no half-written cache.
#include <cstring>
#include <filesystem>
#include <mutex>

#include "core/tensor_impl.h"
#include "data/node.h"
#include "io/tfrecord_reader.h"
#include "tfpp/errors.h"
#include "tfpp/io/tfrecord.h"

namespace tf::data {
namespace detail {
namespace {

using NodePtr = std::shared_ptr<const DatasetNode>;

template <class T>
void put(std::string& s, T v) {
  s.append(reinterpret_cast<const char*>(&v), sizeof v);
}

std::string encode(const Element& e) {
  std::string s;
  put<std::uint32_t>(s, static_cast<std::uint32_t>(e.size()));
  for (const Tensor& t : e) {
    put<std::uint8_t>(s, static_cast<std::uint8_t>(t.dtype()));
    put<std::uint8_t>(s, static_cast<std::uint8_t>(t.rank()));
    for (std::int64_t d : t.shape().dims()) put<std::int64_t>(s, d);
    if (t.dtype() == string) {
      const std::string* p = t.data<std::string>();
      for (std::int64_t i = 0; i < t.num_elements(); ++i) {
        put<std::uint64_t>(s, p[i].size());
        s += p[i];
      }
    } else {
      s.append(static_cast<const char*>(t.raw_data()), t.num_elements() * dtype_size(t.dtype()));
    }
  }
  return s;
}

class Decoder {
 public:
  Decoder(const std::string& s, const std::string& path) : p_(s.data()), end_(s.data() + s.size()), path_(path) {}
  Element element() {
    Element e(get<std::uint32_t>());
    for (Tensor& t : e) {
      const auto dtype = get<std::uint8_t>();
      const int rank = get<std::uint8_t>();
      // Handles and lists (resource, variant) are never cached: their bytes are pointers.
      if (dtype >= kNumDTypes || dtype == static_cast<std::uint8_t>(DType::kResource) ||
          dtype == static_cast<std::uint8_t>(DType::kVariant) || rank > kMaxRank)
        fail();
      std::vector<std::int64_t> dims(rank);
      for (auto& d : dims)
        if ((d = get<std::int64_t>()) < 0) fail();
      t = core::empty(static_cast<DType>(dtype), TensorShape(dims));
      if (t.dtype() == string) {
        std::string* out = t.mutable_data<std::string>();
        for (std::int64_t i = 0; i < t.num_elements(); ++i) out[i] = bytes(get<std::uint64_t>());
      } else {
        const std::size_t n = t.num_elements() * dtype_size(t.dtype());
        if (static_cast<std::size_t>(end_ - p_) < n) fail();
        std::memcpy(t.raw_mutable_data(), p_, n);
        p_ += n;
      }
    }
    if (p_ != end_) fail();
    return e;
  }

 private:
  template <class T>
  T get() {
    if (static_cast<std::size_t>(end_ - p_) < sizeof(T)) fail();
    T v;
    std::memcpy(&v, p_, sizeof v);
    p_ += sizeof v;
    return v;
  }
  std::string bytes(std::uint64_t n) {
    if (static_cast<std::uint64_t>(end_ - p_) < n) fail();
    std::string s(p_, n);
    p_ += n;
    return s;
  }
  [[noreturn]] void fail() const { throw DataLossError("[Dataset.cache] '" + path_ + "' holds a malformed element"); }
  const char* p_;
  const char* end_;
  const std::string& path_;
};

class CacheNode final : public DatasetNode {
 public:
  CacheNode(NodePtr input, std::string filename) : input_(std::move(input)), filename_(std::move(filename)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override {
    if (filename_.empty()) {
      std::lock_guard lock(mu_);
      if (memory_) return std::make_unique<MemoryReader>(memory_);
      return std::make_unique<Recorder>(this);
    }
    if (std::filesystem::exists(filename_)) return std::make_unique<FileReader>(filename_);
    return std::make_unique<Recorder>(this);
  }
  std::int64_t cardinality() const override { return input_->cardinality(); }

 private:
  using Elements = std::vector<Element>;

  struct MemoryReader final : IteratorImpl {
    explicit MemoryReader(std::shared_ptr<const Elements> e) : elements(std::move(e)) {}
    bool next(Element& out) override {
      if (i == elements->size()) return false;
      out = (*elements)[i++];
      return true;
    }
    std::shared_ptr<const Elements> elements;
    std::size_t i = 0;
  };

  struct FileReader final : IteratorImpl {
    explicit FileReader(const std::string& path) : path(path), reader(path, "", "[Dataset.cache]") {}
    bool next(Element& out) override {
      if (!reader.read(record)) return false;
      out = Decoder(record, path).element();
      return true;
    }
    std::string path;
    io::TFRecordReader reader;
    std::string record;
  };

  // Runs the input and records it; the record is kept only if the pass completes.
  struct Recorder final : IteratorImpl {
    explicit Recorder(const CacheNode* n) : node(n), input(n->input_->make_iterator()) {
      if (!n->filename_.empty())
        writer = std::make_unique<io::TFRecordWriter>(partial_name());
      else
        elements = std::make_shared<Elements>();
    }
    ~Recorder() override {
      if (writer && !complete) {
        writer.reset();
        std::error_code ec;
        std::filesystem::remove(partial_name(), ec);
      }
    }
    bool next(Element& out) override {
      if (!input->next(out)) {
        finish();
        return false;
      }
      if (writer) writer->write(encode(out));
      else elements->push_back(out);
      return true;
    }
    std::string partial_name() const {
      return node->filename_ + ".partial" + std::to_string(reinterpret_cast<std::uintptr_t>(this));
    }
    void finish() {
      if (complete) return;
      complete = true;
      if (writer) {
        writer->close();
        std::filesystem::rename(partial_name(), node->filename_);
      } else {
        std::lock_guard lock(node->mu_);
        if (!node->memory_) node->memory_ = std::move(elements);
      }
    }
    const CacheNode* node;
    std::unique_ptr<IteratorImpl> input;
    std::unique_ptr<io::TFRecordWriter> writer;
    std::shared_ptr<Elements> elements;
    bool complete = false;
  };

  NodePtr input_;
  std::string filename_;
  mutable std::mutex mu_;
  mutable std::shared_ptr<const Elements> memory_;
};

}  // namespace
}  // namespace detail

Dataset Dataset::cache(const std::string& filename) const {
  return Dataset(std::make_shared<detail::CacheNode>(node_, filename), names_);
}

}  // namespace tf::data
