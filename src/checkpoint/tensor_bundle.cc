// The tensor bundle writer and reader (tensor_bundle.h).
#include "checkpoint/tensor_bundle.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "checkpoint/table_format.h"
#include "checkpoint/varint.h"
#include "core/tensor_impl.h"
#include "io/crc32c.h"
#include "io/errno_error.h"
#include "io/file_stream.h"
#include "proto/tensor_bundle.pb.h"
#include "proto/tensor_proto.h"
#include "tfpp/errors.h"

namespace tf::checkpoint {
namespace {

constexpr int kBundleVersion = 1;  // kTensorBundleVersion: what TensorFlow writes and reads

std::size_t element_size(DType dtype) { return dtype == DType::kBool ? 1 : dtype_size(dtype); }

// The bytes a string tensor takes in a data file and their masked CRC (TensorFlow's
// WriteStringTensor): varint64 lengths, the masked CRC32C of the lengths (each as uint32, or
// uint64 past 4 GiB), then the strings' bytes.
std::uint32_t append_strings(std::string& out, const Tensor& tensor) {
  const std::string* s = tensor.data<std::string>();
  const auto n = static_cast<std::size_t>(tensor.num_elements());
  std::uint32_t crc = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t size = s[i].size();
    put_varint64(out, size);
    if (size > 0xffffffffull) {
      crc = io::crc32c_extend(crc, &size, 8);
    } else {
      const auto size32 = static_cast<std::uint32_t>(size);
      crc = io::crc32c_extend(crc, &size32, 4);
    }
  }
  const std::uint32_t length_checksum = io::mask_crc(crc);
  put_fixed32(out, length_checksum);
  crc = io::crc32c_extend(crc, &length_checksum, 4);
  for (std::size_t i = 0; i < n; ++i) {
    out.append(s[i]);
    crc = io::crc32c_extend(crc, s[i].data(), s[i].size());
  }
  return io::mask_crc(crc);
}

std::string errno_text() { return std::strerror(errno); }

}  // namespace

std::string index_filename(const std::string& prefix) { return prefix + ".index"; }

std::string data_filename(const std::string& prefix, int shard, int num_shards) {
  char suffix[40];
  std::snprintf(suffix, sizeof suffix, ".data-%05d-of-%05d", shard, num_shards);
  return prefix + suffix;
}

// ---- BundleWriter ----------------------------------------------------------------------------

struct BundleWriter::Impl {
  std::string prefix;
  std::map<std::string, Tensor> tensors;  // sorted, as the index needs
  bool finished = false;
};

BundleWriter::BundleWriter(std::string prefix) : impl_(std::make_unique<Impl>()) { impl_->prefix = std::move(prefix); }
BundleWriter::~BundleWriter() = default;

void BundleWriter::add(const std::string& key, const Tensor& tensor) {
  if (impl_->finished) throw FailedPreconditionError("[BundleWriter] add after finish");
  if (key.empty()) throw InvalidArgumentError("[BundleWriter] the empty key is reserved for the bundle header");
  if (!tensor.defined() || tensor.is_symbolic())
    throw InvalidArgumentError("[BundleWriter] the value of \"" + key + "\" is not a concrete tensor");
  if (tensor.dtype() == DType::kResource || tensor.dtype() == DType::kVariant)
    throw InvalidArgumentError("[BundleWriter] cannot save \"" + key + "\": a " + std::string(dtype_name(tensor.dtype())) + " tensor");
  if (!impl_->tensors.emplace(key, tensor).second)
    throw InvalidArgumentError("[BundleWriter] key \"" + key + "\" added twice");
}

void BundleWriter::finish() {
  if (impl_->finished) throw FailedPreconditionError("[BundleWriter] finish called twice");
  impl_->finished = true;
  std::vector<TableEntry> entries;
  proto::BundleHeaderProto header;
  header.set_num_shards(1);
  header.mutable_version()->set_producer(kBundleVersion);
  entries.push_back({"", header.SerializeAsString()});

  io::OutputStream data(data_filename(impl_->prefix, 0, 1), "", "[BundleWriter]");
  std::int64_t offset = 0;
  std::string bytes;
  for (const auto& [key, tensor] : impl_->tensors) {
    proto::BundleEntryProto entry;
    entry.set_dtype(proto_convert::to_data_type(tensor.dtype()));
    proto_convert::to_shape_proto(tensor.shape(), entry.mutable_shape());
    entry.set_offset(offset);
    std::uint32_t masked_crc;
    if (tensor.dtype() == DType::kString) {
      bytes.clear();
      masked_crc = append_strings(bytes, tensor);
      data.write(bytes.data(), bytes.size());
      entry.set_size(static_cast<std::int64_t>(bytes.size()));
    } else {
      const std::size_t size = static_cast<std::size_t>(tensor.num_elements()) * element_size(tensor.dtype());
      masked_crc = io::mask_crc(io::crc32c(tensor.raw_data(), size));
      data.write(tensor.raw_data(), size);
      entry.set_size(static_cast<std::int64_t>(size));
    }
    entry.set_crc32c(masked_crc);
    offset += entry.size();
    entries.push_back({key, entry.SerializeAsString()});
  }
  data.close();
  io::OutputStream index(index_filename(impl_->prefix), "", "[BundleWriter]");
  const std::string table = build_table(entries);
  index.write(table.data(), table.size());
  index.close();
}

// ---- BundleReader ----------------------------------------------------------------------------

namespace {

struct StoredEntry {
  BundleEntryInfo info;
  int shard_id = 0;
  std::uint64_t offset = 0, size = 0;
  std::uint32_t masked_crc = 0;
  std::uint64_t entry_offset = 0;  // of its BundleEntryProto in the index
};

// An open data shard.
struct DataFile {
  std::string path;
  int fd = -1;
  std::uint64_t size = 0;
  ~DataFile() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

struct BundleReader::Impl {
  std::string prefix;
  int num_shards = 1;
  std::map<std::string, StoredEntry> entries;
  mutable std::map<int, std::unique_ptr<DataFile>> shards;

  [[noreturn]] static void fail(const std::string& path, std::uint64_t offset, const std::string& what) {
    throw DataLossError("[BundleReader] " + path + ": " + what + " at offset " + std::to_string(offset));
  }

  const DataFile& shard(int id) const {
    auto& file = shards[id];
    if (file) return *file;
    auto f = std::make_unique<DataFile>();
    f->path = data_filename(prefix, id, num_shards);
    f->fd = ::open(f->path.c_str(), O_RDONLY | O_CLOEXEC);
    if (f->fd < 0) {
      const int err = errno;
      io::throw_errno_error(err, "[BundleReader] cannot open the data file " + f->path + ": " + std::strerror(err));
    }
    struct stat st;
    if (::fstat(f->fd, &st) != 0) throw DataLossError("[BundleReader] cannot stat " + f->path + ": " + errno_text());
    f->size = static_cast<std::uint64_t>(st.st_size);
    file = std::move(f);
    return *file;
  }

  // The entry's bytes, after checking that they lie inside the file and match the CRC.
  // (String tensors' CRC runs over their decoded lengths: decode_strings checks it.)
  std::string read_bytes(const std::string& key, const StoredEntry& e) const {
    const DataFile& file = shard(e.shard_id);
    if (e.offset > file.size || e.size > file.size - e.offset)
      fail(file.path, e.offset, "the tensor \"" + key + "\" (" + std::to_string(e.size) + " bytes) runs past the file's end (" +
                                    std::to_string(file.size) + " bytes; truncated?)");
    std::string bytes(e.size, '\0');
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t got = ::pread(file.fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(e.offset + done));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) fail(file.path, e.offset + done, "cannot read the tensor \"" + key + "\"");
      done += static_cast<std::size_t>(got);
    }
    if (e.info.dtype != DType::kString && !io::checksum_matches(io::unmask_crc(e.masked_crc), io::crc32c(bytes.data(), bytes.size())))
      fail(file.path, e.offset, "CRC32C mismatch in the tensor \"" + key + "\"");
    return bytes;
  }

  Tensor decode_strings(const std::string& key, const StoredEntry& e, std::uint64_t n, const std::string& bytes) const {
    const std::string& path = shard(e.shard_id).path;
    const char* p = bytes.data();
    const char* end = p + bytes.size();
    std::vector<std::uint64_t> lengths(n);
    std::uint32_t crc = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      const char* at = p;
      if (!get_varint(p, end, lengths[i])) fail(path, e.offset + static_cast<std::uint64_t>(at - bytes.data()), "malformed string length in \"" + key + "\"");
      if (lengths[i] > 0xffffffffull) {
        crc = io::crc32c_extend(crc, &lengths[i], 8);
      } else {
        const auto size32 = static_cast<std::uint32_t>(lengths[i]);
        crc = io::crc32c_extend(crc, &size32, 4);
      }
    }
    const std::uint64_t lengths_end = static_cast<std::uint64_t>(p - bytes.data());
    if (end - p < 4) fail(path, e.offset + lengths_end, "the string tensor \"" + key + "\" ends inside its length checksum");
    if (!io::checksum_matches(io::unmask_crc(get_fixed32(p)), crc)) fail(path, e.offset + lengths_end, "string length CRC32C mismatch in \"" + key + "\"");
    crc = io::crc32c_extend(crc, p, 4);
    p += 4;
    Tensor t = core::empty(DType::kString, e.info.shape);
    std::string* out = t.mutable_data<std::string>();
    for (std::uint64_t i = 0; i < n; ++i) {
      if (lengths[i] > static_cast<std::uint64_t>(end - p))
        fail(path, e.offset + static_cast<std::uint64_t>(p - bytes.data()), "string " + std::to_string(i) + " of \"" + key + "\" runs past its entry");
      out[i].assign(p, lengths[i]);
      crc = io::crc32c_extend(crc, p, lengths[i]);
      p += lengths[i];
    }
    if (p != end) fail(path, e.offset + static_cast<std::uint64_t>(p - bytes.data()), "trailing bytes after the strings of \"" + key + "\"");
    if (!io::checksum_matches(io::unmask_crc(e.masked_crc), crc)) fail(path, e.offset, "CRC32C mismatch in the tensor \"" + key + "\"");
    return t;
  }
};

BundleReader::BundleReader(std::string prefix) : impl_(std::make_unique<Impl>()) {
  impl_->prefix = std::move(prefix);
  const std::string path = index_filename(impl_->prefix);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw NotFoundError("[BundleReader] no checkpoint at " + impl_->prefix + ": cannot open " + path);
  std::ostringstream contents;
  contents << in.rdbuf();
  if (in.bad()) throw DataLossError("[BundleReader] cannot read " + path);
  const std::vector<TableEntry> table = read_table(contents.str(), path);

  if (table.empty() || !table.front().key.empty()) Impl::fail(path, 0, "the table has no bundle header (empty key)");
  proto::BundleHeaderProto header;
  const std::uint64_t header_offset = table.front().value_offset;
  if (!header.ParseFromString(table.front().value)) Impl::fail(path, header_offset, "the bundle header is not a BundleHeaderProto");
  if (header.num_shards() < 1) Impl::fail(path, header_offset, "the bundle header names " + std::to_string(header.num_shards()) + " shards");
  if (header.endianness() != proto::BundleHeaderProto::LITTLE)
    throw UnimplementedError("[BundleReader] " + path + " is a big-endian bundle, which tfpp does not read");
  const auto& version = header.version();
  bool bad_consumer = false;
  for (int c : version.bad_consumers()) bad_consumer |= c == kBundleVersion;
  if (version.min_consumer() > kBundleVersion || bad_consumer)
    throw UnimplementedError("[BundleReader] " + path + " needs a bundle reader of version " + std::to_string(version.min_consumer()) +
                             " or newer (tfpp reads version " + std::to_string(kBundleVersion) + ")");
  impl_->num_shards = header.num_shards();

  for (std::size_t i = 1; i < table.size(); ++i) {
    const auto& [key, value, at] = table[i];
    proto::BundleEntryProto proto;
    if (!proto.ParseFromString(value)) Impl::fail(path, at, "the entry of \"" + key + "\" is not a BundleEntryProto");
    StoredEntry e;
    e.info.data_type = proto.dtype();
    try {
      e.info.dtype = proto_convert::from_data_type(proto.dtype());
    } catch (const InvalidArgumentError&) {
      e.info.dtype = DType::kVariant;  // get_tensor says it cannot read it
    }
    if (proto.shape().unknown_rank()) Impl::fail(path, at, "the entry of \"" + key + "\" has a shape of unknown rank");
    std::vector<std::int64_t> dims;
    for (const auto& d : proto.shape().dim()) {
      if (d.size() < 0) Impl::fail(path, at, "the entry of \"" + key + "\" has a negative dimension");
      dims.push_back(d.size());
    }
    e.info.shape = TensorShape(std::span<const std::int64_t>(dims));
    e.info.sliced = proto.slices_size() > 0;
    if (proto.shard_id() < 0 || proto.shard_id() >= header.num_shards() || proto.offset() < 0 || proto.size() < 0)
      Impl::fail(path, at, "the entry of \"" + key + "\" names shard " + std::to_string(proto.shard_id()) + ", offset " +
                              std::to_string(proto.offset()) + ", size " + std::to_string(proto.size()));
    e.shard_id = proto.shard_id();
    e.offset = static_cast<std::uint64_t>(proto.offset());
    e.size = static_cast<std::uint64_t>(proto.size());
    e.masked_crc = proto.crc32c();
    e.entry_offset = at;
    impl_->entries.emplace(key, std::move(e));
  }
}

BundleReader::~BundleReader() = default;

const std::string& BundleReader::prefix() const { return impl_->prefix; }

bool BundleReader::contains(const std::string& key) const { return impl_->entries.count(key) > 0; }

std::vector<std::string> BundleReader::keys() const {
  std::vector<std::string> out;
  for (const auto& [key, e] : impl_->entries) out.push_back(key);
  return out;
}

const BundleEntryInfo& BundleReader::entry(const std::string& key) const {
  auto it = impl_->entries.find(key);
  if (it == impl_->entries.end())
    throw NotFoundError("[BundleReader] key " + key + " not found in checkpoint " + impl_->prefix);
  return it->second.info;
}

Tensor BundleReader::get_tensor(const std::string& key) const {
  entry(key);
  const StoredEntry& e = impl_->entries.at(key);
  const std::string& index_path = index_filename(impl_->prefix);
  if (e.info.sliced) throw UnimplementedError("[BundleReader] \"" + key + "\" is stored as partitioned slices, which tfpp does not read");
  if (e.info.dtype == DType::kResource || e.info.dtype == DType::kVariant)
    throw UnimplementedError("[BundleReader] \"" + key + "\" has DataType " + std::to_string(e.info.data_type) + ", which tfpp cannot read");
  // Elements, checked against the entry's size before anything is allocated.
  std::uint64_t n = 1;
  for (std::int64_t d : e.info.shape.dims())
    if (__builtin_mul_overflow(n, static_cast<std::uint64_t>(d), &n)) Impl::fail(index_path, e.entry_offset, "the shape of \"" + key + "\" overflows");
  if (e.info.dtype == DType::kString) {
    if (n > e.size) Impl::fail(index_path, e.entry_offset, "\"" + key + "\" holds " + std::to_string(n) + " strings in " + std::to_string(e.size) + " bytes");
    return impl_->decode_strings(key, e, n, impl_->read_bytes(key, e));
  }
  std::uint64_t expected;
  if (__builtin_mul_overflow(n, static_cast<std::uint64_t>(element_size(e.info.dtype)), &expected) || expected != e.size)
    Impl::fail(index_path, e.entry_offset, "the entry of \"" + key + "\" holds " + std::to_string(e.size) + " bytes; shape " +
                                  e.info.shape.debug_string() + " of " + std::string(dtype_name(e.info.dtype)) + " needs " +
                                  std::to_string(n) + " elements");
  const std::string bytes = impl_->read_bytes(key, e);
  if (e.info.dtype == DType::kBool) {  // a byte other than 0/1 is not a bool
    for (std::size_t i = 0; i < bytes.size(); ++i)
      if (bytes[i] != 0 && bytes[i] != 1) Impl::fail(impl_->shard(e.shard_id).path, e.offset + i, "a bool of \"" + key + "\" is neither 0 nor 1");
  }
  Tensor t = core::empty(e.info.dtype, e.info.shape);
  if (!bytes.empty()) std::memcpy(t.raw_mutable_data(), bytes.data(), bytes.size());
  return t;
}

}  // namespace tf::checkpoint
