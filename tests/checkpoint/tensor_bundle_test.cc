// The tensor bundle (src/checkpoint/tensor_bundle.h): round trips, TensorFlow 2.21 reading
// tfpp's bundles and tfpp reading TensorFlow's, and damaged files rejected.
#include "checkpoint/tensor_bundle.h"

#include <unistd.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "reference_env.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"

namespace tf::checkpoint {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("tfpp_bundle_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string hex(const void* data, std::size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back(digits[p[i] >> 4]);
    out.push_back(digits[p[i] & 15]);
  }
  return out;
}

// The line bundle_reference.py prints for a tensor.
std::string describe(const std::string& key, const Tensor& t) {
  std::string shape = "[";
  for (int i = 0; i < t.rank(); ++i) shape += (i ? ", " : "") + std::to_string(t.shape()[i]);
  shape += "]";
  std::string body;
  if (t.dtype() == DType::kString) {
    for (std::int64_t i = 0; i < t.num_elements(); ++i) body += (i ? "," : "") + hex(t.data<std::string>()[i].data(), t.data<std::string>()[i].size());
  } else {
    body = hex(t.raw_data(), static_cast<std::size_t>(t.num_elements()) * (t.dtype() == DType::kBool ? 1 : dtype_size(t.dtype())));
  }
  return key + " " + std::string(dtype_name(t.dtype())) + " " + shape + " " + body;
}

std::string describe_bundle(const std::string& prefix) {
  BundleReader reader(prefix);
  std::string out;
  for (const std::string& key : reader.keys()) out += describe(key, reader.get_tensor(key)) + "\n";
  return out;
}

std::string reference(const std::string& mode, const std::string& prefix) {
  const fs::path script = fs::path(testing::source_dir()) / "tests/checkpoint/bundle_reference.py";
  return testing::run_command(testing::reference_python() + " " + script.string() + " " + mode + " " + prefix);
}

std::map<std::string, Tensor> sample_tensors() {
  std::vector<std::string> strings = {"", "hello", std::string(300, '\xff')};
  strings[1][2] = '\0';
  return {
      {"a/float", constant(std::vector<float>{1.5f, -2.25f, 3.0f, 3.14159274f, 1e-30f, -0.0f}, {2, 3})},
      {"b/double", constant(std::vector<double>{2.718281828459045, -1e300})},
      {"c/int32", constant(std::vector<std::int32_t>{-7, 2147483647}, {2, 1})},
      {"d/int64", constant(std::int64_t{1} << 40)},
      {"e/bool", constant(std::vector<bool>{true, false, true})},
      {"f/string", constant(strings)},
      {"g/empty", constant(std::vector<float>{}, {0, 4})},
      {"h/scalar_string", constant("a scalar")},
      {"i/uint8", constant(std::vector<std::uint8_t>{0, 7, 128, 255}, {2, 2})},
      {"j/complex64", constant(std::vector<std::complex<float>>{{1.5f, -2.0f}, {0.0f, 3e-5f}})},
      {"k/complex128", constant(std::vector<std::complex<double>>{{3.141592653589793, -1e300}}, {1, 1})},
      {"l/float16", cast(constant({0.1f, -65504.f, INFINITY}), float16)},
      {"m/bfloat16", cast(constant({{0.1f, 3e38f}}), bfloat16)},
      {"n/int8", constant(std::vector<std::int8_t>{-128, 127, 0})},
      {"o/int16", constant(std::vector<std::int16_t>{-32768, 32767, 5}, {3, 1})},
      {"p/uint16", constant(std::vector<std::uint16_t>{0, 65535})},
      {"q/uint32", constant(std::vector<std::uint32_t>{0, 4294967295u, 7})},
      {"r/uint64", constant(std::vector<std::uint64_t>{0, ~std::uint64_t{0}, std::uint64_t{1} << 63})},
  };
}

std::string write_sample(const fs::path& dir) {
  const std::string prefix = (dir / "ckpt").string();
  BundleWriter writer(prefix);
  for (const auto& [key, t] : sample_tensors()) writer.add(key, t);
  writer.finish();
  return prefix;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

TEST(TensorBundle, RoundTripsEveryDtype) {
  const std::string prefix = write_sample(fresh_dir("roundtrip"));
  BundleReader reader(prefix);
  const auto expected = sample_tensors();
  ASSERT_EQ(reader.keys().size(), expected.size());
  for (const auto& [key, t] : expected) {
    EXPECT_EQ(reader.entry(key).dtype, t.dtype()) << key;
    EXPECT_EQ(reader.entry(key).shape, t.shape()) << key;
    EXPECT_EQ(describe(key, reader.get_tensor(key)), describe(key, t));
  }
  EXPECT_FALSE(reader.contains("missing"));
  EXPECT_THROW(reader.get_tensor("missing"), NotFoundError);
  EXPECT_FALSE(fs::exists(prefix + ".index.tmp" + std::to_string(getpid())));
}

TEST(TensorBundle, ManyKeysSpanSeveralTableBlocks) {
  const std::string prefix = (fresh_dir("many") / "ckpt").string();
  BundleWriter writer(prefix);
  std::vector<std::string> keys;
  for (int i = 0; i < 3000; ++i) keys.push_back("layer_" + std::to_string(i) + "/" + std::string(100, 'k') + "/.ATTRIBUTES/VARIABLE_VALUE");
  for (std::size_t i = 0; i < keys.size(); ++i) writer.add(keys[i], constant(static_cast<std::int32_t>(i)));
  writer.finish();
  ASSERT_GT(fs::file_size(prefix + ".index"), 262144u * 1.5);
  BundleReader reader(prefix);
  ASSERT_EQ(reader.keys().size(), keys.size());
  for (std::size_t i = 0; i < keys.size(); i += 97) EXPECT_EQ(reader.get_tensor(keys[i]).item<std::int32_t>(), static_cast<std::int32_t>(i));
  const std::string tf_view = reference("read", prefix);
  EXPECT_EQ(tf_view, describe_bundle(prefix));
}

TEST(TensorBundle, WriterRejectsBadKeysAndTensors) {
  BundleWriter writer((fresh_dir("bad") / "ckpt").string());
  EXPECT_THROW(writer.add("", constant(1.0f)), InvalidArgumentError);
  writer.add("x", constant(1.0f));
  EXPECT_THROW(writer.add("x", constant(2.0f)), InvalidArgumentError);
  EXPECT_THROW(BundleReader((fresh_dir("none") / "ckpt").string()), NotFoundError);
}

TEST(TensorBundle, TensorFlowReadsWhatTfppWrites) {
  const std::string prefix = write_sample(fresh_dir("tf_reads"));
  EXPECT_EQ(reference("read", prefix), describe_bundle(prefix));
}

TEST(TensorBundle, TfppReadsWhatTensorFlowWrites) {
  const std::string prefix = (fresh_dir("tf_writes") / "ckpt").string();
  const std::string tf_view = reference("write", prefix);
  ASSERT_NE(tf_view, "");
  EXPECT_EQ(describe_bundle(prefix), tf_view);
}

// Reads the whole bundle; true if it throws DataLossError naming `file` and an offset.
bool rejected(const std::string& prefix, const std::string& file) {
  try {
    describe_bundle(prefix);
  } catch (const DataLossError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(file), std::string::npos) << message;
    EXPECT_NE(message.find("offset"), std::string::npos) << message;
    return true;
  }
  return false;
}

TEST(TensorBundle, EveryBitFlipAndTruncationOfTheIndexIsDataLoss) {
  const std::string prefix = write_sample(fresh_dir("flip_index"));
  const std::string index = prefix + ".index";
  const std::string good = read_file(index);
  for (std::size_t i = 0; i < good.size(); ++i) {
    for (int bit : {0, 7}) {
      std::string bad = good;
      bad[i] = static_cast<char>(bad[i] ^ (1 << ((i + bit) % 8)));
      write_file(index, bad);
      EXPECT_TRUE(rejected(prefix, index)) << "flip at byte " << i;
    }
  }
  for (std::size_t n = 0; n < good.size(); ++n) {
    write_file(index, good.substr(0, n));
    EXPECT_TRUE(rejected(prefix, index)) << "truncated to " << n;
  }
  write_file(index, good);
  EXPECT_NO_THROW(describe_bundle(prefix));
}

TEST(TensorBundle, EveryBitFlipAndTruncationOfTheDataIsDataLoss) {
  const std::string prefix = write_sample(fresh_dir("flip_data"));
  const std::string data = data_filename(prefix, 0, 1);
  const std::string good = read_file(data);
  for (std::size_t i = 0; i < good.size(); ++i) {
    std::string bad = good;
    bad[i] = static_cast<char>(bad[i] ^ (1 << (i % 8)));
    write_file(data, bad);
    EXPECT_TRUE(rejected(prefix, data)) << "flip at byte " << i;
  }
  for (std::size_t n = 0; n < good.size(); ++n) {
    write_file(data, good.substr(0, n));
    EXPECT_TRUE(rejected(prefix, data)) << "truncated to " << n;
  }
}

}  // namespace
}  // namespace tf::checkpoint
