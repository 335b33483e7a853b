// saved_model.pb / saved_model.pbtxt -> proto::SavedModel.
#include "saving/saved_model/saved_model_file.h"

#include <google/protobuf/text_format.h>

#include <filesystem>
#include <fstream>

#include "tfpp/errors.h"

namespace tf::saved_model {
namespace {

namespace fs = std::filesystem;

// Files over 2 GiB need TensorFlow's chunked format (saved_model.cpb), which tfpp does not read.
constexpr std::uintmax_t kMaxProtoBytes = (1ull << 31) - 1;

std::string read_whole(const std::string& path) {
  std::error_code ec;
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) throw NotFoundError("[saved_model] cannot read " + path + ": " + ec.message());
  if (size > kMaxProtoBytes)
    throw InvalidArgumentError("[saved_model] " + path + " is " + std::to_string(size) + " bytes, over protobuf's 2 GiB limit");
  std::ifstream in(path, std::ios::binary);
  std::string data(size, '\0');
  if (!in.read(data.data(), static_cast<std::streamsize>(size)))
    throw DataLossError("[saved_model] " + path + " could not be read in full (" + std::to_string(size) + " bytes expected)");
  return data;
}

}  // namespace

proto::SavedModel parse_saved_model(std::string_view bytes, const std::string& source) {
  proto::SavedModel model;
  if (bytes.size() > kMaxProtoBytes || !model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    throw DataLossError("[saved_model] " + source + " is damaged: it does not parse as a SavedModel protocol buffer (" +
                        std::to_string(bytes.size()) + " bytes)");
  return model;
}

proto::SavedModel read_saved_model(const std::string& dir) {
  if (!fs::is_directory(dir)) throw NotFoundError("[saved_model] no SavedModel directory at " + dir);
  const std::string pb = dir + "/saved_model.pb", pbtxt = dir + "/saved_model.pbtxt";
  if (fs::exists(pb)) return parse_saved_model(read_whole(pb), pb);
  if (fs::exists(pbtxt)) {
    proto::SavedModel model;
    if (!google::protobuf::TextFormat::ParseFromString(read_whole(pbtxt), &model))
      throw DataLossError("[saved_model] " + pbtxt + " is damaged: it does not parse as a text SavedModel");
    return model;
  }
  throw NotFoundError("[saved_model] SavedModel file does not exist at: " + dir + "/{saved_model.pbtxt|saved_model.pb}");
}

}  // namespace tf::saved_model
