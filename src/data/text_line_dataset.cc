// TextLineDataset: lines of files read one after another.
#include "core/tensor_impl.h"
#include "data/node.h"
#include "io/file_stream.h"
#include "tfpp/data/readers.h"

namespace tf::data {
namespace detail {
namespace {

class TextLineNode final : public DatasetNode {
 public:
  TextLineNode(std::vector<std::string> files, std::string compression)
      : files_(std::move(files)), compression_(std::move(compression)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  struct It final : IteratorImpl {
    explicit It(const TextLineNode* n) : node(n) {}
    bool next(Element& out) override {
      for (;;) {
        if (!in) {
          if (file == node->files_.size()) return false;
          in = io::InputStream::open(node->files_[file++], node->compression_, "[TextLineDataset]");
        }
        Tensor t = core::empty(string, TensorShape{});
        if (in->read_line(*t.mutable_data<std::string>())) {
          out.assign(1, std::move(t));
          return true;
        }
        in.reset();
      }
    }
    const TextLineNode* node;
    std::unique_ptr<io::InputStream> in;
    std::size_t file = 0;
  };
  std::vector<std::string> files_;
  std::string compression_;
};

}  // namespace
}  // namespace detail

TextLineDataset::TextLineDataset(std::vector<std::string> filenames, const std::string& compression_type)
    : Dataset(std::make_shared<detail::TextLineNode>(std::move(filenames), compression_type)) {}

}  // namespace tf::data
