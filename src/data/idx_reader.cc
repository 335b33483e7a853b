// tf::keras::datasets::{fashion_mnist,mnist}::load_data: read the gzip IDX files of the MNIST
// layout (big-endian magic 0x00000803 for images, 0x00000801 for labels, then the dims, then bytes).
#include <zlib.h>

#include <cstring>
#include <vector>

#include "core/tensor_impl.h"
#include "tfpp/errors.h"
#include "tfpp/keras/datasets.h"
#include "tfpp/keras/datasets/mnist.h"

namespace tf::keras::datasets {
namespace {

using TrainTestSplit = std::pair<std::pair<Tensor, Tensor>, std::pair<Tensor, Tensor>>;

// One dataset of four IDX files: its name in error messages ("mnist") and what to do when a
// file is missing.
struct IdxDataset {
  std::string name;
  std::string missing_hint;
};

std::vector<unsigned char> read_gzip(const IdxDataset& d, const std::string& path) {
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f) throw NotFoundError("[" + d.name + ".load_data] cannot open '" + path + "' (" + d.missing_hint + ")");
  std::vector<unsigned char> out;
  unsigned char buf[1 << 16];
  int n;
  while ((n = gzread(f, buf, sizeof buf)) > 0) out.insert(out.end(), buf, buf + n);
  int err = 0;
  const char* msg = n < 0 ? gzerror(f, &err) : nullptr;
  const std::string why = msg ? msg : "";
  gzclose(f);
  if (n < 0) throw DataLossError("[" + d.name + ".load_data] '" + path + "' is not valid gzip data: " + why);
  return out;
}

std::uint32_t big_endian(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

// Reads an IDX file of unsigned bytes with `rank` dims into a uint8 tensor.
Tensor read_idx(const IdxDataset& d, const std::string& path, int rank) {
  const std::vector<unsigned char> bytes = read_gzip(d, path);
  const std::size_t header = 4 + 4 * static_cast<std::size_t>(rank);
  auto fail = [&](const std::string& why) { throw DataLossError("[" + d.name + ".load_data] '" + path + "': " + why); };
  if (bytes.size() < header) fail("shorter than its header");
  if (big_endian(bytes.data()) != 0x800u + static_cast<std::uint32_t>(rank))
    fail("not an IDX file of unsigned bytes with " + std::to_string(rank) + " dimensions");
  const std::size_t available = bytes.size() - header;
  std::vector<std::int64_t> dims;
  std::size_t count = 1;
  for (int i = 0; i < rank; ++i) {
    dims.push_back(big_endian(bytes.data() + 4 + 4 * i));
    const auto dim = static_cast<std::size_t>(dims.back());
    // Checked before multiplying: a damaged header must not wrap the count around.
    if (dim != 0 && count > available / dim) fail("its dimensions need more than the " + std::to_string(available) + " data bytes it holds");
    count *= dim;
  }
  if (available != count)
    fail("holds " + std::to_string(available) + " data bytes but its dimensions need " + std::to_string(count));
  Tensor t = core::empty(uint8, TensorShape(dims));
  std::memcpy(t.raw_mutable_data(), bytes.data() + header, count);
  return t;
}

TrainTestSplit load_idx_dataset(const IdxDataset& d, const std::string& directory) {
  auto file = [&](const char* name) { return directory + "/" + name; };
  Tensor x_train = read_idx(d, file("train-images-idx3-ubyte.gz"), 3);
  Tensor y_train = read_idx(d, file("train-labels-idx1-ubyte.gz"), 1);
  Tensor x_test = read_idx(d, file("t10k-images-idx3-ubyte.gz"), 3);
  Tensor y_test = read_idx(d, file("t10k-labels-idx1-ubyte.gz"), 1);
  if (x_train.shape().dim(0) != y_train.shape().dim(0) || x_test.shape().dim(0) != y_test.shape().dim(0))
    throw DataLossError("[" + d.name + ".load_data] image and label counts differ in '" + directory + "'");
  return {{x_train, y_train}, {x_test, y_test}};
}

}  // namespace

TrainTestSplit fashion_mnist::load_data(const std::string& directory) {
  return load_idx_dataset({"fashion_mnist", "install dataset-fashion-mnist"}, directory);
}

TrainTestSplit mnist::load_data(const std::string& directory) {
  return load_idx_dataset({"mnist", "Debian packages no MNIST: put its four gzip IDX files in this directory"}, directory);
}

}  // namespace tf::keras::datasets
