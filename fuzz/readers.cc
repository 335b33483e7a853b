// The fuzz targets' bodies: each feeds one input to one of tfpp's file readers. The libFuzzer
// targets (fuzz_<target>.cc) call them, and so does tests/fuzz/fuzz_targets_test.cc, on the
// seed files damaged in fixed ways.
#include "readers.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/npy.h"
#include "io/tfrecord_reader.h"
#include "tfpp/constant.h"
#include "tfpp/image_codecs.h"
#include "tfpp/image_gif_bmp.h"
#include "tfpp/io/decode_and_crop_jpeg.h"
#include "tfpp/io/parsing.h"
#include "tfpp/keras/keras_tensor.h"
#include "tfpp/keras/layers/core.h"
#include "tfpp/keras/layers/normalization.h"
#include "tfpp/keras/model.h"
#include "tfpp/keras/saving.h"
#include "tfpp/module.h"
#include "tfpp/saved_model.h"
#include "tfpp/train/checkpoint.h"

#include "fuzz_util.h"

namespace tf::fuzz {
namespace {

// Zeros for each input spec, or nothing when a spec is not a small numeric tensor.
std::optional<std::vector<tf::Tensor>> zero_arguments(const tf::saved_model::LoadedFunction& f) {
  std::vector<tf::Tensor> args;
  for (const tf::TensorSpec& spec : f.input_specs()) {
    std::vector<std::int64_t> dims;
    std::int64_t count = 1;
    if (spec.shape.has_unknown_rank()) return std::nullopt;
    for (std::int64_t d : spec.shape.dims()) {
      dims.push_back(d < 0 ? 2 : d);
      if (dims.back() > 64) return std::nullopt;
      count *= dims.back();
    }
    if (count > 4096 || dims.size() > 6 || !tf::is_numeric(spec.dtype)) return std::nullopt;
    args.push_back(tf::zeros(tf::TensorShape(std::span<const std::int64_t>(dims)), spec.dtype));
  }
  return args;
}

}  // namespace

// .npy files (io::parse_npy, what read_npy and `tfpp saved_model run --inputs` use). A file
// that parses must also survive a round trip through serialize_npy.
void read_npy(const std::uint8_t* data, std::size_t size) {
  tf::fuzz::run([&] {
    const tf::Tensor t = tf::io::parse_npy(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.npy");
    const tf::Tensor again = tf::io::parse_npy(tf::io::serialize_npy(t), "round trip");
    if (again.dtype() != t.dtype() || again.shape() != t.shape())
      throw std::logic_error("[npy] the round trip through serialize_npy changed the dtype or shape");
  });
}

// Checkpoints (tensor bundles): the input is `<prefix>.index` and `<prefix>.data-00000-of-00001`
// (fuzz_util.h's split). Reads every tensor by key, as tf.train.load_checkpoint, then restores
// the checkpoint into the object graph TensorFlow wrote the seeds for (scripts/make_fuzz_corpus.py).
void read_checkpoint(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> files = tf::fuzz::split(data, size, 2);
  const std::string prefix = tf::fuzz::scratch_dir() + "/ckpt";
  tf::fuzz::write_file(prefix + ".index", files[0]);
  tf::fuzz::write_file(prefix + ".data-00000-of-00001", files[1]);
  tf::fuzz::run([&] {
    const tf::train::CheckpointReader reader(prefix);
    for (const auto& entry : reader.get_variable_to_shape_map()) tf::fuzz::run([&] { reader.get_tensor(entry.first); });
  });
  tf::fuzz::run([&] {
    tf::Module model("model"), inner("inner");
    model.add_variable("w", tf::zeros({2, 3}));
    model.add_variable("step", tf::constant(std::int64_t{0}));
    inner.add_variable("k", tf::zeros({3}));
    model.add_module("inner", inner);
    tf::train::Checkpoint ckpt({{"model", model}});
    ckpt.restore(prefix).assert_consumed();
  });
}

// SavedModels: the input is saved_model.pb, variables/variables.index and
// variables/variables.data-00000-of-00001 (fuzz_util.h's split). Loads the directory, then calls
// every signature and restored function once with zeros of its input specs (small, fully known
// shapes only), which imports the function bodies into tfpp's graphs and runs them.
void read_saved_model(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> files = tf::fuzz::split(data, size, 3);
  const std::string dir = tf::fuzz::scratch_dir() + "/saved_model";
  std::filesystem::create_directories(dir + "/variables");
  tf::fuzz::write_file(dir + "/saved_model.pb", files[0]);
  tf::fuzz::write_file(dir + "/variables/variables.index", files[1]);
  tf::fuzz::write_file(dir + "/variables/variables.data-00000-of-00001", files[2]);
  tf::fuzz::run([&] {
    const tf::saved_model::Loaded loaded = tf::saved_model::load(dir);
    std::vector<tf::saved_model::LoadedFunction> functions;
    for (const auto& [key, f] : loaded.signatures) functions.push_back(f);
    for (const std::string& path : loaded.function_paths()) functions.push_back(loaded.function(path));
    for (const tf::saved_model::LoadedFunction& f : functions)
      if (auto args = zero_arguments(f)) tf::fuzz::run([&] { f(*args); });
  });
}

// Keras .weights.h5 files (Model::load_weights, HDF5 through Debian's libhdf5) loaded into the
// model Keras wrote the seeds for (scripts/make_fuzz_corpus.py): Dense, BatchNormalization, Dense.
void read_keras_weights(const std::uint8_t* data, std::size_t size) {
  namespace layers = tf::keras::layers;
  static tf::keras::Sequential model({layers::Dense(8, {.activation = "relu", .input_shape = {4}}),
                                      layers::BatchNormalization(), layers::Dense(3)});
  const std::string path = tf::fuzz::scratch_dir() + "/model.weights.h5";
  tf::fuzz::write_file(path, std::string(reinterpret_cast<const char*>(data), size));
  tf::fuzz::run([&] { model.load_weights(path); });
}

// Keras .keras files (models::load_model: the zip archive through libzip, config.json and
// metadata.json, the weights' HDF5 file). A model that loads is called once on zeros when its
// input shape is small and known but for the batch.
void read_keras_model(const std::uint8_t* data, std::size_t size) {
  const std::string path = tf::fuzz::scratch_dir() + "/model.keras";
  tf::fuzz::write_file(path, std::string(reinterpret_cast<const char*>(data), size));
  tf::fuzz::run([&] {
    tf::keras::Model model = tf::keras::models::load_model(path);
    const std::vector<tf::keras::KerasTensor>& inputs = model.inputs();
    if (inputs.size() != 1) return;
    tf::TensorShape shape = inputs[0].shape();
    if (shape.has_unknown_rank() || shape.rank() == 0 || shape.rank() > 5) return;
    shape.set_dim(0, 2);
    const std::int64_t count = shape.num_elements();
    if (count < 0 || count > 4096 || !tf::is_numeric(inputs[0].dtype())) return;
    model(tf::zeros(shape, inputs[0].dtype()));
  });
}

// TFRecord files (TFRecordDataset's reader; TensorBoard's event files are TFRecord files too):
// the first byte picks the compression ("", ZLIB, GZIP), the rest is the file. Every record is
// then parsed as a tf.train.Example (io::parse_single_example).
void read_tfrecord(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  static const char* const kCompression[] = {"", "ZLIB", "GZIP"};
  const std::string compression = kCompression[data[0] % 3];
  const std::string path = tf::fuzz::scratch_dir() + "/records";
  tf::fuzz::write_file(path, std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  const std::map<std::string, tf::io::FeatureSpec> features = {
      {"x", tf::io::VarLenFeature{tf::float32}},
      {"label", tf::io::FixedLenFeature{{}, tf::int64, tf::constant(std::int64_t{-1})}},
      {"name", tf::io::VarLenFeature{tf::string}},
      {"pair", tf::io::FixedLenFeature{{2}, tf::float32, tf::constant(0.0f)}}};
  tf::fuzz::run([&] {
    tf::io::TFRecordReader reader(path, compression, "[fuzz]");
    std::string record;
    while (reader.read(record)) tf::fuzz::run([&] { tf::io::parse_single_example(tf::constant(record), features); });
  });
}

// An image file (first byte: how to decode it), decoded as decode_image, decode_png or
// decode_jpeg would from a user's file. What decodes must have the asked-for channels and
// survive a PNG round trip unchanged.
void read_image(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  static const std::int64_t kChannels[] = {0, 1, 3, 4};
  const std::int64_t channels = kChannels[data[0] & 3];
  const bool truncated_ok = data[0] & 4;
  const std::int64_t ratio = std::int64_t{1} << ((data[0] >> 3) & 3);
  const tf::Tensor contents = tf::constant(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  // A header may legally claim hundreds of megapixels. Decoding such an image again, or its PNG
  // round trip, checks nothing a small one does not and takes longer than the fuzzer's timeout.
  bool large = false;
  tf::fuzz::run([&] {
    const tf::Tensor pixels = tf::io::decode_image(contents, {.channels = channels, .expand_animations = false});
    if (pixels.rank() != 3 || (channels != 0 && pixels.shape()[2] != channels))
      throw std::logic_error("[decode_image] decoded to shape " + pixels.shape().to_string());
    large = pixels.num_elements() > (std::int64_t{1} << 22);
    if (large) return;
    const tf::Tensor again = tf::io::decode_png(tf::io::encode_png(pixels));
    if (again.shape() != pixels.shape() || again.numpy<std::uint8_t>() != pixels.numpy<std::uint8_t>())
      throw std::logic_error("[decode_png] a PNG round trip changed the pixels");
  });
  tf::fuzz::run([&] {
    const tf::Tensor frames = tf::io::decode_gif(contents);
    if (frames.rank() != 4 || frames.shape()[3] != 3) throw std::logic_error("[decode_gif] decoded to shape " + frames.shape().to_string());
  });
  if (channels == 4 || large) return;  // decode_jpeg takes 0, 1 or 3
  const tf::io::DecodeJpegOptions jpeg{.channels = channels, .ratio = ratio, .try_recover_truncated = truncated_ok,
                                       .acceptable_fraction = truncated_ok ? 0.5 : 1.0};
  std::optional<tf::TensorShape> whole;
  tf::fuzz::run([&] { whole = tf::io::decode_jpeg(contents, jpeg).shape(); });
  if (!whole) return;
  // The middle of the image, whose window starts off the MCU grid for most sizes.
  const std::int32_t height = static_cast<std::int32_t>((*whole)[0]), width = static_cast<std::int32_t>((*whole)[1]);
  const std::vector<std::int32_t> window{height / 4, width / 3, std::max(1, height / 2), std::max(1, width / 2)};
  tf::fuzz::run([&] {
    const tf::Tensor crop = tf::io::decode_and_crop_jpeg(contents, tf::constant(window), jpeg);
    if (crop.shape() != tf::TensorShape{window[2], window[3], (*whole)[2]})
      throw std::logic_error("[decode_and_crop_jpeg] decoded to shape " + crop.shape().to_string());
  });
}

}  // namespace tf::fuzz
