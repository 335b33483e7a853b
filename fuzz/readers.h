// The fuzz targets' bodies (readers.cc), one per file reader. Each swallows the tf:: exceptions
// that reject bad input; anything else escapes.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tf::fuzz {

/// A .npy file (io::parse_npy), then a round trip through serialize_npy.
void read_npy(const std::uint8_t* data, std::size_t size);
/// A checkpoint's index and data file (split()): every tensor by key, then a restore.
void read_checkpoint(const std::uint8_t* data, std::size_t size);
/// A SavedModel's saved_model.pb and variables/ (split()): load, then call each function.
void read_saved_model(const std::uint8_t* data, std::size_t size);
/// A .weights.h5 file loaded into a Dense, BatchNormalization, Dense model.
void read_keras_weights(const std::uint8_t* data, std::size_t size);
/// A .keras file (models::load_model), then one call of the model on zeros.
void read_keras_model(const std::uint8_t* data, std::size_t size);
/// A TFRecord file (first byte: compression), every record parsed as an Example.
void read_tfrecord(const std::uint8_t* data, std::size_t size);
/// A PNG or JPEG file (first byte: channels and decode_jpeg's options), decoded, then a PNG round trip.
void read_image(const std::uint8_t* data, std::size_t size);

}  // namespace tf::fuzz
