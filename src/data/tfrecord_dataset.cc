// TFRecordDataset: records of files read one after another, as string scalars.
#include "core/tensor_impl.h"
#include "data/node.h"
#include "io/tfrecord_reader.h"
#include "tfpp/errors.h"
#include "tfpp/io/tfrecord.h"

namespace tf::data {
namespace detail {
namespace {

class TFRecordNode final : public DatasetNode {
 public:
  TFRecordNode(std::vector<std::string> files, std::string compression)
      : files_(std::move(files)), compression_(std::move(compression)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  struct It final : IteratorImpl {
    explicit It(const TFRecordNode* n) : node(n) {}
    bool next(Element& out) override {
      for (;;) {
        if (!reader) {
          if (file == node->files_.size()) return false;
          reader = std::make_unique<io::TFRecordReader>(node->files_[file++], node->compression_, "[TFRecordDataset]");
        }
        Tensor t = core::empty(string, TensorShape{});
        if (reader->read(*t.mutable_data<std::string>())) {
          out.assign(1, std::move(t));
          return true;
        }
        reader.reset();
      }
    }
    const TFRecordNode* node;
    std::unique_ptr<io::TFRecordReader> reader;
    std::size_t file = 0;
  };
  std::vector<std::string> files_;
  std::string compression_;
};

}  // namespace
}  // namespace detail

TFRecordDataset::TFRecordDataset(std::vector<std::string> filenames, io::TFRecordOptions options)
    : Dataset(std::make_shared<detail::TFRecordNode>(std::move(filenames), std::move(options.compression_type))) {}

TFRecordDataset::TFRecordDataset(const Dataset& filenames, io::TFRecordOptions options)
    : Dataset(filenames.flat_map([options](const Tensor& name) {
        if (name.dtype() != string || name.num_elements() != 1)
          throw InvalidArgumentError("[TFRecordDataset] file names must be string scalars, got " +
                                     std::string(dtype_name(name.dtype())) + " " + name.shape().debug_string());
        return Dataset(TFRecordDataset(name.item<std::string>(), options));
      })) {}

}  // namespace tf::data
