#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <tfpp/tfpp.h>

#include "io/crc32c.h"
#include "io/tfrecord_reader.h"

namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("tfpp_io_test_" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

std::string read_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary);
  f << bytes;
}

std::vector<std::string> records(const tf::data::Dataset& ds) {
  std::vector<std::string> v;
  for (const auto& e : ds) v.push_back(e[0].item<std::string>());
  return v;
}

std::string error_of(const tf::data::Dataset& ds) {
  try {
    records(ds);
  } catch (const tf::DataLossError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Crc32c, KnownValuesAndBothImplementationsAgree) {
  EXPECT_EQ(tf::io::crc32c("123456789", 9), 0xe3069283u);
  EXPECT_EQ(tf::io::crc32c("", 0), 0u);
  std::string big(100003, '\0');
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 131 + 7);
  EXPECT_EQ(tf::io::crc32c(big.data(), big.size()), tf::io::detail::crc32c_extend_portable(0, big.data(), big.size()));
  // Extending in pieces equals one pass.
  EXPECT_EQ(tf::io::crc32c_extend(tf::io::crc32c(big.data(), 1000), big.data() + 1000, big.size() - 1000),
            tf::io::crc32c(big.data(), big.size()));
  EXPECT_EQ(tf::io::unmask_crc(tf::io::mask_crc(0x12345678u)), 0x12345678u);
}

TEST(TFRecord, WriterProducesKnownBytes) {
  TempDir dir;
  {
    tf::io::TFRecordWriter w(dir.file("a.tfrecord"));
    w.write("hello");
  }
  const unsigned char want[] = {0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xea, 0xb2, 0x04,
                                0x3e, 0x68, 0x65, 0x6c, 0x6c, 0x6f, 0xbb, 0x1f, 0x1c, 0x19};
  EXPECT_EQ(read_bytes(dir.file("a.tfrecord")), std::string(reinterpret_cast<const char*>(want), sizeof want));
}

TEST(TFRecord, RoundTripsPlainAndCompressedManyFiles) {
  TempDir dir;
  std::vector<std::string> want;
  for (int i = 0; i < 300; ++i) want.push_back(std::string(static_cast<std::size_t>(i * 37), static_cast<char>('a' + i % 26)));
  want.push_back("");
  want.push_back(std::string(1 << 20, 'z'));  // larger than any buffer
  for (std::string type : {"", "GZIP", "ZLIB"}) {
    const std::string path = dir.file("r" + type);
    tf::io::TFRecordWriter w(path, {.compression_type = type});
    for (const std::string& r : want) w.write(r);
    w.close();
    EXPECT_THROW(w.write("late"), tf::DataLossError);
    EXPECT_EQ(records(tf::data::TFRecordDataset(path, {.compression_type = type})), want) << type;
  }
  // Several files are read in order; a dataset of names works too.
  std::vector<std::string> both = want;
  both.insert(both.end(), want.begin(), want.end());
  EXPECT_EQ(records(tf::data::TFRecordDataset(std::vector<std::string>{dir.file("r"), dir.file("r")})), both);
  auto names = tf::data::Dataset::from_tensor_slices(tf::constant(std::vector<std::string>{dir.file("r"), dir.file("r")}));
  EXPECT_EQ(records(tf::data::TFRecordDataset(names)), both);
  // Compressed data read as plain, or under a made-up type, fails clearly.
  EXPECT_THROW(records(tf::data::TFRecordDataset(dir.file("rGZIP"))), tf::DataLossError);
  EXPECT_THROW(records(tf::data::TFRecordDataset(dir.file("r"), {.compression_type = "LZ4"})), tf::InvalidArgumentError);
  EXPECT_THROW(tf::io::TFRecordWriter(dir.file("x"), {.compression_type = "LZ4"}), tf::InvalidArgumentError);
}

// A header whose length (its checksum valid) claims 1 TiB before a file that ends 10 bytes later:
// the reader fails naming what it read, having allocated about what the file holds. (It read
// in 256 MiB steps, so each such record cost a 256 MiB allocation, which the fuzz target for
// TFRecord files ran into.) The allocation is checked in a child process whose address space
// may grow by 64 MiB only.
TEST(TFRecord, ALengthPastTheEndAllocatesOnlyWhatTheFileHolds) {
  TempDir dir;
  const std::string path = dir.file("long.tfrecord");
  std::string bytes(12, '\0');
  const std::uint64_t length = std::uint64_t{1} << 40;
  std::memcpy(bytes.data(), &length, 8);
  const std::uint32_t crc = tf::io::mask_crc(tf::io::crc32c(bytes.data(), 8));
  std::memcpy(bytes.data() + 8, &crc, 4);
  write_bytes(path, bytes + "0123456789");
  const std::string msg = error_of(tf::data::TFRecordDataset(path));
  EXPECT_NE(msg.find("truncated data (10 of 1099511627776 bytes) in the record at offset 0"), std::string::npos) << msg;
#if !defined(__SANITIZE_ADDRESS__)  // ASan reserves terabytes of address space
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    long pages = 0;
    std::ifstream("/proc/self/statm") >> pages;
    const rlim_t limit = static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE)) + (rlim_t{64} << 20);
    const rlimit address_space{limit, limit};
    ::setrlimit(RLIMIT_AS, &address_space);
    try {
      tf::io::TFRecordReader reader(path, "", "[test]");
      std::string record;
      reader.read(record);
    } catch (const tf::DataLossError&) {
      ::_exit(0);
    } catch (...) {
      ::_exit(2);
    }
    ::_exit(1);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
#endif
}

TEST(TFRecord, DamagedAndTruncatedFilesNameFileAndOffset) {
  TempDir dir;
  const std::string path = dir.file("d.tfrecord");
  {
    tf::io::TFRecordWriter w(path);
    w.write("first");   // offset 0, 21 bytes
    w.write("second");  // offset 21
  }
  const std::string good = read_bytes(path);
  ASSERT_EQ(good.size(), 43u);

  std::string bad = good;
  bad[21 + 14] ^= 1;  // a data byte of the second record
  write_bytes(path, bad);
  std::string msg = error_of(tf::data::TFRecordDataset(path));
  EXPECT_NE(msg.find("[TFRecordDataset] '" + path + "'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("corrupted data (checksum mismatch) in the record at offset 21"), std::string::npos) << msg;

  bad = good;
  bad[21] ^= 4;  // the second record's length
  write_bytes(path, bad);
  msg = error_of(tf::data::TFRecordDataset(path));
  EXPECT_NE(msg.find("corrupted length (checksum mismatch) in the record at offset 21"), std::string::npos) << msg;

  write_bytes(path, good.substr(0, 30));
  msg = error_of(tf::data::TFRecordDataset(path));
  EXPECT_NE(msg.find("truncated data (6 of 6 bytes)") == std::string::npos ? msg.find("truncated") : 0, std::string::npos);
  EXPECT_NE(msg.find("at offset 21"), std::string::npos) << msg;

  write_bytes(path, good.substr(0, 25));
  msg = error_of(tf::data::TFRecordDataset(path));
  EXPECT_NE(msg.find("truncated header (4 of 12 bytes) in the record at offset 21"), std::string::npos) << msg;

  // The records before the damage are still delivered.
  std::vector<std::string> seen;
  try {
    for (const auto& e : tf::data::TFRecordDataset(path)) seen.push_back(e[0].item<std::string>());
  } catch (const tf::DataLossError&) {
  }
  EXPECT_EQ(seen, std::vector<std::string>{"first"});

  EXPECT_THROW(records(tf::data::TFRecordDataset(dir.file("missing"))), tf::NotFoundError);
  EXPECT_THROW(tf::io::TFRecordWriter(dir.file("no/such/dir/f")), tf::NotFoundError);
}

}  // namespace
