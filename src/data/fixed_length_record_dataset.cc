// FixedLengthRecordDataset: fixed-size records of files read one after another.
#include "tfpp/data/fixed_length_record_dataset.h"

#include <filesystem>
#include <system_error>

#include "core/tensor_impl.h"
#include "data/node.h"
#include "io/file_stream.h"
#include "tfpp/errors.h"

namespace tf::data {
namespace detail {
namespace {

constexpr const char* kWhat = "[FixedLengthRecordDataset]";

class FixedLengthRecordNode final : public DatasetNode {
 public:
  FixedLengthRecordNode(std::vector<std::string> files, std::int64_t record_bytes, FixedLengthRecordOptions options)
      : files_(std::move(files)), record_(record_bytes), options_(std::move(options)) {
    if (record_ <= 0) throw InvalidArgumentError(std::string(kWhat) + " `record_bytes` must be > 0");
    if (options_.header_bytes < 0) throw InvalidArgumentError(std::string(kWhat) + " `header_bytes` must be >= 0");
    if (options_.footer_bytes < 0) throw InvalidArgumentError(std::string(kWhat) + " `footer_bytes` must be >= 0");
    const std::string& c = options_.compression_type;
    if (!c.empty() && c != "GZIP" && c != "ZLIB")
      throw InvalidArgumentError(std::string(kWhat) + " unknown compression_type '" + c +
                                 "' (use \"\", \"GZIP\" or \"ZLIB\")");
  }
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  // The error for a body that is not a whole number of records, as TensorFlow words it.
  std::string uneven_body(const std::string& path, std::int64_t body) const {
    return std::string(kWhat) + " Excluding the header (" + std::to_string(options_.header_bytes) +
           " bytes) and footer (" + std::to_string(options_.footer_bytes) + " bytes), input file \"" + path +
           "\" has body length " + std::to_string(body) + " bytes, which is not an exact multiple of the record length (" +
           std::to_string(record_) + " bytes).";
  }

  // One pass. Uncompressed files are measured first; a compressed file's end is found by reading
  // a record and the footer ahead, so the footer is never taken for a record.
  struct It final : IteratorImpl {
    explicit It(const FixedLengthRecordNode* n) : node(n) {}

    bool next(Element& out) override {
      const std::size_t record = static_cast<std::size_t>(node->record_);
      for (;;) {
        if (!in && !open_next()) return false;
        if (in && fill(record + footer())) {
          Tensor t = core::empty(string, TensorShape{});
          t.mutable_data<std::string>()->assign(ahead.data(), record);
          ahead.erase(ahead.begin(), ahead.begin() + static_cast<std::ptrdiff_t>(record));
          out.assign(1, std::move(t));
          return true;
        }
        finish_file();
      }
    }

   private:
    std::size_t footer() const { return static_cast<std::size_t>(node->options_.footer_bytes); }

    bool open_next() {
      if (file == node->files_.size()) return false;
      const std::string& path = node->files_[file++];
      const auto& options = node->options_;
      in = io::InputStream::open(path, options.compression_type, kWhat);
      if (options.compression_type.empty()) check_size(path);
      ahead.clear();
      if (!fill(static_cast<std::size_t>(options.header_bytes))) uneven_end();
      ahead.clear();
      return true;
    }

    void check_size(const std::string& path) const {
      std::error_code error;
      const auto size = static_cast<std::int64_t>(std::filesystem::file_size(path, error));
      if (error) throw NotFoundError(std::string(kWhat) + " cannot measure '" + path + "': " + error.message());
      const std::int64_t body = size - node->options_.header_bytes - node->options_.footer_bytes;
      if (body < 0 || body % node->record_ != 0) throw InvalidArgumentError(node->uneven_body(path, body));
    }

    // Reads until `ahead` holds n bytes; false if the file ends first.
    bool fill(std::size_t n) {
      const std::size_t have = ahead.size();
      if (have >= n) return true;
      ahead.resize(n);
      const std::size_t got = in->read(ahead.data() + have, n - have);
      ahead.resize(have + got);
      return ahead.size() == n;
    }

    // At a file's end `ahead` holds exactly its footer, unless the body was uneven.
    void finish_file() {
      if (ahead.size() != footer()) uneven_end();
      in.reset();
    }

    [[noreturn]] void uneven_end() const {
      const auto body = static_cast<std::int64_t>(in->offset()) - node->options_.header_bytes -
                        node->options_.footer_bytes;
      throw DataLossError(node->uneven_body(in->path(), body));
    }

    const FixedLengthRecordNode* node;
    std::unique_ptr<io::InputStream> in;
    std::vector<char> ahead;  // read, not yet returned: the next record and the footer
    std::size_t file = 0;
  };

  std::vector<std::string> files_;
  std::int64_t record_;
  FixedLengthRecordOptions options_;
};

}  // namespace
}  // namespace detail

FixedLengthRecordDataset::FixedLengthRecordDataset(std::vector<std::string> filenames, std::int64_t record_bytes,
                                                   FixedLengthRecordOptions options)
    : Dataset(std::make_shared<detail::FixedLengthRecordNode>(std::move(filenames), record_bytes,
                                                              std::move(options))) {}

}  // namespace tf::data
