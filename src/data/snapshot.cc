// Dataset.save / Dataset.load in TensorFlow's snapshot format: Note [Snapshot layout] in
// data/snapshot.h.
#include "data/snapshot.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>
#include <thread>

#include "data/dataset_variant.h"
#include "data/node.h"
#include "io/file_stream.h"
#include "io/tfrecord_reader.h"
#include "proto/snapshot.pb.h"
#include "proto/tensor_proto.h"
#include "saving/saved_model/structured_value_proto.h"
#include "tfpp/errors.h"
#include "tfpp/io/tfrecord.h"

namespace tf::data::detail {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSpecFile = "dataset_spec.pb";
constexpr const char* kMetadataFile = "snapshot.metadata";
constexpr std::int64_t kVersion = 2;

std::string numbered(std::int64_t n, const char* suffix) {
  char name[32];
  std::snprintf(name, sizeof name, "%08lld.%s", static_cast<long long>(n), suffix);
  return name;
}

std::string read_whole(const std::string& path, const std::string& what) {
  std::unique_ptr<io::InputStream> in = io::InputStream::open(path, "", what);
  std::string bytes, chunk(1 << 16, '\0');
  while (std::size_t n = in->read(chunk.data(), chunk.size())) bytes.append(chunk.data(), n);
  return bytes;
}

void write_whole(const std::string& path, const std::string& bytes) {
  io::OutputStream out(path, "", "[Dataset.save]");
  out.write(bytes.data(), bytes.size());
  out.close();
}

// The shape both `a` and `b` fit, keeping what they agree on.
TensorShape common_shape(const TensorShape& a, const TensorShape& b) {
  if (a.has_unknown_rank() || b.has_unknown_rank() || a.rank() != b.rank()) return TensorShape::unknown_rank();
  std::vector<std::int64_t> dims;
  for (int i = 0; i < a.rank(); ++i) dims.push_back(a.dim(i) == b.dim(i) ? a.dim(i) : std::int64_t{None});
  return TensorShape(std::span<const std::int64_t>(dims));
}

// Dataset::save's element_spec: one TensorSpec, a tuple of them, or a dict by element_names().
StructuredValue derived_spec(const std::vector<TensorSpec>& specs, const std::vector<std::string>& names) {
  std::vector<StructuredValue> items;
  for (const TensorSpec& s : specs) items.push_back(StructuredValue::spec(s));
  if (!names.empty() && names.size() == items.size()) return StructuredValue::dict(names, std::move(items));
  if (items.size() == 1) return items[0];
  return StructuredValue::tuple(std::move(items));
}

// The TFRecord chunk files of the shards, one writer per shard, created as elements arrive.
class ShardWriters {
 public:
  ShardWriters(fs::path run_dir, std::string compression)
      : run_dir_(std::move(run_dir)), compression_(std::move(compression)) {}
  io::TFRecordWriter& shard(std::int64_t index) {
    auto it = writers_.find(index);
    if (it != writers_.end()) return *it->second;
    const fs::path dir = run_dir_ / numbered(index, "shard");
    fs::create_directories(dir);
    const std::string file = (dir / numbered(0, "snapshot")).string();
    auto writer = std::make_unique<io::TFRecordWriter>(file, io::TFRecordOptions{compression_});
    return *writers_.emplace(index, std::move(writer)).first->second;
  }
  void close() {
    for (auto& [index, writer] : writers_) writer->close();
  }

 private:
  fs::path run_dir_;
  std::string compression_;
  std::map<std::int64_t, std::unique_ptr<io::TFRecordWriter>> writers_;
};

void check_compression(const std::string& compression, const char* op) {
  if (!compression.empty() && compression != "GZIP")
    throw InvalidArgumentError(std::string(op) + " compression must be None or \"GZIP\", got \"" + compression + "\"");
}

// TensorFlow writes a string tensor's elements into tensor_content (its AsProtoTensorContent):
// the n lengths as varints, then the bytes. Moves them to string_val, where tfpp reads them.
void move_string_content(proto::TensorProto& proto, const std::string& file) {
  const std::string content = proto.tensor_content();
  std::int64_t n = 1;
  for (const auto& dim : proto.tensor_shape().dim()) n *= dim.size();
  std::size_t pos = 0;
  std::vector<std::uint64_t> lengths;
  for (std::int64_t i = 0; i < n; ++i) {
    std::uint64_t length = 0;
    for (int shift = 0;; shift += 7) {
      if (pos >= content.size() || shift > 63)
        throw DataLossError("[Dataset.load] a string tensor of " + file + " has a damaged content");
      const auto byte = static_cast<unsigned char>(content[pos++]);
      length |= std::uint64_t{byte & 0x7fu} << shift;
      if (!(byte & 0x80u)) break;
    }
    lengths.push_back(length);
  }
  proto.clear_string_val();
  for (std::uint64_t length : lengths) {
    if (length > content.size() - pos)
      throw DataLossError("[Dataset.load] a string tensor of " + file + " has a damaged content");
    proto.add_string_val(content.substr(pos, length));
    pos += length;
  }
  proto.clear_tensor_content();
}

// One shard's elements: `specs.size()` consecutive records per element, read from its chunk files in order.
class ShardNode final : public DatasetNode {
 public:
  ShardNode(std::vector<std::string> files, std::string compression, std::vector<TensorSpec> specs)
      : files_(std::move(files)), compression_(std::move(compression)), specs_(std::move(specs)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  struct It final : IteratorImpl {
    explicit It(const ShardNode* n) : node(n) {}
    bool next(Element& out) override {
      out.clear();
      std::string record;
      while (out.size() < node->specs_.size()) {
        if (!reader || !reader->read(record)) {
          if (reader && !out.empty())
            throw DataLossError("[Dataset.load] " + node->files_[file - 1] + " ends inside an element");
          if (file == node->files_.size()) return false;
          reader = std::make_unique<io::TFRecordReader>(node->files_[file++], node->compression_, "[Dataset.load]");
          continue;
        }
        proto::TensorProto proto;
        if (!proto.ParseFromString(record))
          throw DataLossError("[Dataset.load] a record of " + node->files_[file - 1] + " is not a TensorProto");
        if (proto.dtype() == proto::DT_STRING && !proto.tensor_content().empty())
          move_string_content(proto, node->files_[file - 1]);
        Tensor t = proto_convert::from_tensor_proto(proto);
        const TensorSpec& spec = node->specs_[out.size()];
        if (t.dtype() != spec.dtype || !spec.shape.is_compatible_with(t.shape()))
          throw DataLossError("[Dataset.load] component " + std::to_string(out.size()) + " in " +
                              node->files_[file - 1] + " is " + std::string(dtype_name(t.dtype())) +
                              t.shape().debug_string() + ", the element_spec says " +
                              std::string(dtype_name(spec.dtype)) + spec.shape.debug_string());
        out.push_back(std::move(t));
      }
      return true;
    }
    const ShardNode* node;
    std::size_t file = 0;  // the next file to open
    std::unique_ptr<io::TFRecordReader> reader;
  };
  std::vector<std::string> files_;
  std::string compression_;
  std::vector<TensorSpec> specs_;
};

// The entries of `dir` named *`suffix`, sorted.
std::vector<fs::path> sorted_entries(const fs::path& dir, const std::string& suffix) {
  std::vector<fs::path> entries;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.size() > suffix.size() && name.ends_with(suffix)) entries.push_back(e.path());
  }
  std::sort(entries.begin(), entries.end());
  return entries;
}

}  // namespace

void save_dataset(const Dataset& dataset, const std::string& path, const SaveOptions& options,
                  const StructuredValue* element_spec) {
  check_compression(options.compression, "[Dataset.save]");
  fs::create_directories(path);
  std::mt19937_64 rng{std::random_device{}()};
  const std::string run_id = std::to_string(rng());
  ShardWriters writers(fs::path(path) / run_id, options.compression);
  std::vector<TensorSpec> specs;
  if (element_spec) specs = saving::flat_specs(*element_spec);
  std::vector<DType> dtypes;
  std::int64_t count = 0;
  for (const Element& element : dataset) {
    if (count == 0 && !element_spec) {
      for (const Tensor& t : element) specs.emplace_back(t.shape(), t.dtype());
    }
    if (element.size() != specs.size())
      throw InvalidArgumentError("[Dataset.save] element " + std::to_string(count) + " has " +
                                 std::to_string(element.size()) + " components, the element_spec " +
                                 std::to_string(specs.size()));
    for (std::size_t c = 0; c < element.size(); ++c) {
      if (element[c].dtype() != specs[c].dtype)
        throw InvalidArgumentError("[Dataset.save] component " + std::to_string(c) + " of element " +
                                   std::to_string(count) + " is " + std::string(dtype_name(element[c].dtype())) +
                                   ", the element_spec says " + std::string(dtype_name(specs[c].dtype)));
      if (!element_spec) specs[c].shape = common_shape(specs[c].shape, element[c].shape());
    }
    std::int64_t shard = 0;
    if (options.shard_func) {
      shard = options.shard_func(element);
      if (shard < 0)
        throw InvalidArgumentError("[Dataset.save] shard_func must return a non-negative shard index, got " +
                                   std::to_string(shard));
    }
    io::TFRecordWriter& writer = writers.shard(shard);
    for (const Tensor& t : element) {
      proto::TensorProto proto;
      proto_convert::to_tensor_proto(t, &proto);
      writer.write(proto.SerializeAsString());
    }
    ++count;
  }
  writers.close();
  const StructuredValue spec = element_spec ? *element_spec : derived_spec(specs, dataset.element_names());
  write_whole((fs::path(path) / kSpecFile).string(), saving::to_proto(spec).SerializeAsString());
  proto::SnapshotMetadataRecord metadata;
  metadata.set_run_id(run_id);
  metadata.set_creation_timestamp(std::chrono::duration_cast<std::chrono::microseconds>(
                                      std::chrono::system_clock::now().time_since_epoch()).count());
  metadata.set_version(kVersion);
  for (const TensorSpec& s : specs) metadata.add_dtype(proto_convert::to_data_type(s.dtype));
  metadata.set_num_elements(count);
  metadata.set_finalized(true);
  write_whole((fs::path(path) / kMetadataFile).string(), metadata.SerializeAsString());
}

StructuredValue load_element_spec(const std::string& path) {
  const std::string file = (fs::path(path) / kSpecFile).string();
  if (!fs::exists(file)) throw NotFoundError("tf.data snapshot element_spec file not found: " + file + ".");
  proto::StructuredValue proto;
  if (!proto.ParseFromString(read_whole(file, "[Dataset.load]")))
    throw NotFoundError("tf.data snapshot element_spec file not found or invalid: " + file + ".");
  return saving::from_proto(proto, file);
}

std::vector<Dataset> load_shards(const std::string& path, const StructuredValue& element_spec,
                                 const std::string& compression) {
  check_compression(compression, "[Dataset.load]");
  const std::string metadata_file = (fs::path(path) / kMetadataFile).string();
  if (!fs::exists(metadata_file))
    throw NotFoundError("[Dataset.load] no saved dataset at " + path + ": " + metadata_file + " does not exist");
  proto::SnapshotMetadataRecord metadata;
  if (!metadata.ParseFromString(read_whole(metadata_file, "[Dataset.load]")))
    throw DataLossError("[Dataset.load] " + metadata_file + " is not a SnapshotMetadataRecord");
  if (metadata.version() != kVersion)
    throw UnimplementedError("[Dataset.load] snapshot version " + std::to_string(metadata.version()) +
                             " is not supported (only " + std::to_string(kVersion) + ")");
  if (!metadata.finalized())
    throw FailedPreconditionError("[Dataset.load] the dataset at " + path + " was not completely written");
  const std::vector<TensorSpec> specs = saving::flat_specs(element_spec);
  if (static_cast<int>(specs.size()) != metadata.dtype_size())
    throw InvalidArgumentError("[Dataset.load] the element_spec has " + std::to_string(specs.size()) +
                               " components, the saved elements " + std::to_string(metadata.dtype_size()));
  for (std::size_t c = 0; c < specs.size(); ++c) {
    const int saved = metadata.dtype(static_cast<int>(c));
    if (proto_convert::to_data_type(specs[c].dtype) != saved)
      throw InvalidArgumentError("[Dataset.load] component " + std::to_string(c) + " of the element_spec is " +
                                 std::string(dtype_name(specs[c].dtype)) + ", the saved elements' is " +
                                 std::string(dtype_name(proto_convert::from_data_type(saved))));
  }
  std::vector<Dataset> shards;
  const fs::path run_dir = fs::path(path) / metadata.run_id();
  if (!fs::exists(run_dir)) return shards;  // no elements
  for (const fs::path& shard_dir : sorted_entries(run_dir, ".shard")) {
    std::vector<std::string> files;
    for (const fs::path& f : sorted_entries(shard_dir, ".snapshot")) files.push_back(f.string());
    shards.emplace_back(std::make_shared<ShardNode>(std::move(files), compression, specs));
  }
  return shards;
}

Dataset dataset_of_datasets(const std::vector<Dataset>& datasets) {
  std::vector<Element> variants;
  for (const Dataset& d : datasets) variants.push_back({dataset_variant(d)});
  return Dataset(elements_node(std::move(variants)));
}

}  // namespace tf::data::detail

namespace tf::data {

void Dataset::save(const std::string& path, SaveOptions options) const {
  detail::save_dataset(*this, path, options, nullptr);
}

Dataset Dataset::load(const std::string& path, LoadOptions options) {
  const StructuredValue spec = detail::load_element_spec(path);
  std::vector<Dataset> shards = detail::load_shards(path, spec, options.compression);
  if (options.reader_func) return options.reader_func(shards);
  std::vector<std::string> names;
  if (spec.kind == StructuredValue::Kind::kDict) names = spec.keys;
  std::sort(names.begin(), names.end());  // the flat order of a dict's components
  const auto cores = static_cast<std::int64_t>(std::max(1u, std::thread::hardware_concurrency()));
  const Dataset interleaved = detail::dataset_of_datasets(shards).interleave(
      [](const Tensor& shard) { return detail::dataset_of(shard, "Dataset.load"); },
      {.cycle_length = cores, .block_length = 1});
  return Dataset(interleaved.node(), std::move(names));
}

}  // namespace tf::data
