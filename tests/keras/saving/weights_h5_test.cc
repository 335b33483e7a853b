// Model::save_weights / load_weights in Keras 3's .weights.h5 layout: Keras 3 loads tfpp's
// files and tfpp loads Keras' (weights and optimizer variables equal bit for bit, predictions
// equal within float tolerance), and bad files are rejected with errors that name them.
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "error_of.h"
#include "keras/saving/keras_files_models.h"
#include "tfpp/errors.h"

namespace tf::keras {
namespace {

namespace fs = std::filesystem;
namespace layers = keras::layers;

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("tfpp_weights_h5_" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir / name;
}

void expect_near(const std::vector<float>& a, const std::vector<float>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-5f * (1 + std::abs(b[i]))) << "at " << i;
}

std::vector<float> predictions(Model& model, const std::string& kind) {
  return model.predict(testing::saving_inputs(kind, 5, 3), {.verbose = 0}).numpy<float>();
}

class WeightsH5Interop : public ::testing::TestWithParam<std::string> {};

TEST_P(WeightsH5Interop, KerasLoadsWhatTfppSaves) {
  const std::shared_ptr<Model> model = testing::saving_model(GetParam());
  testing::compile_saving_model(*model);
  model->fit(testing::saving_inputs(GetParam(), 8, 0), testing::saving_data({8, 3}, 1),
            {.batch_size = 4, .epochs = 1, .verbose = 0, .shuffle = false});
  const fs::path path = scratch(GetParam() + "_tfpp.weights.h5");
  model->save_weights(path);
  const auto [state, keras_predictions] = testing::split_script_output(testing::run_keras_files_script("weights-load", GetParam(), path));
  EXPECT_EQ(state, testing::describe_state(*model));
  expect_near(keras_predictions, predictions(*model, GetParam()));
}

TEST_P(WeightsH5Interop, TfppLoadsWhatKerasSaves) {
  const fs::path path = scratch(GetParam() + "_keras.weights.h5");
  const auto [state, keras_predictions] = testing::split_script_output(testing::run_keras_files_script("weights-save", GetParam(), path));
  const std::shared_ptr<Model> model = testing::saving_model(GetParam());
  testing::compile_saving_model(*model);
  model->load_weights(path);  // the optimizer is built for the file's slots, as fit would build it
  EXPECT_EQ(testing::describe_state(*model), state);
  expect_near(predictions(*model, GetParam()), keras_predictions);
}

INSTANTIATE_TEST_SUITE_P(Models, WeightsH5Interop, ::testing::Values("mlp", "functional", "conv", "rnn"));

TEST(WeightsH5, RoundTripRestoresWeightsAndOptimizerState) {
  const std::shared_ptr<Model> trained = testing::saving_model("functional");
  testing::compile_saving_model(*trained);
  trained->fit(testing::saving_inputs("functional", 8, 0), testing::saving_data({8, 3}, 1), {.batch_size = 4, .epochs = 2, .verbose = 0});
  const fs::path path = scratch("round_trip.weights.h5");
  trained->save_weights(path);
  const std::shared_ptr<Model> fresh = testing::saving_model("functional");
  testing::compile_saving_model(*fresh);
  fresh->load_weights(path);
  EXPECT_EQ(testing::describe_state(*fresh), testing::describe_state(*trained));
  EXPECT_EQ(fresh->optimizer().iterations().read_value().item<std::int64_t>(), 4);
  // An uncompiled model takes the weights and ignores the optimizer's group.
  const std::shared_ptr<Model> plain = testing::saving_model("functional");
  plain->load_weights(path);
  EXPECT_EQ(predictions(*plain, "functional"), predictions(*trained, "functional"));
}

TEST(WeightsH5, BadNamesAndMissingFilesAreErrors) {
  const std::shared_ptr<Model> model = testing::saving_model("mlp");
  EXPECT_EQ(testing::error_of([&] { model->save_weights(scratch("m.h5")); }),
            "[save_weights] the filename must end in `.weights.h5`. Received: filepath=" + scratch("m.h5").string());
  EXPECT_THROW(model->load_weights(scratch("missing.weights.h5")), NotFoundError);
}

TEST(WeightsH5, AMismatchedLayerIsNamedAndNothingChanges) {
  const std::shared_ptr<Model> saved = testing::saving_model("mlp");
  const fs::path path = scratch("mlp.weights.h5");
  saved->save_weights(path);
  Sequential wider({layers::Dense(9, {.activation = "relu", .input_shape = {4}}), layers::Dropout(0.5), layers::Dense(3)});
  const std::vector<Tensor> before = wider.get_weights();
  try {
    wider.load_weights(path);
    ADD_FAILURE() << "a mismatched shape loaded";
  } catch (const InvalidArgumentError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("[load_weights] '" + path.string() + "'"), std::string::npos) << message;
    EXPECT_NE(message.find("layer '" + wider.layers()[0]->name() + "'"), std::string::npos) << message;
    EXPECT_NE(message.find("shape (4, 9), the file's layers/dense/vars/0 has shape (4, 8)"), std::string::npos) << message;
  }
  for (std::size_t i = 0; i < before.size(); ++i) EXPECT_EQ(testing::hex_bytes(wider.get_weights()[i]), testing::hex_bytes(before[i]));
  Sequential fewer({layers::Dense(8, {.activation = "relu", .input_shape = {4}}), layers::Dense(3, {.use_bias = false})});
  EXPECT_THROW(fewer.load_weights(path), InvalidArgumentError);
}

TEST(WeightsH5, AFailedSaveLeavesTheEarlierFile) {
  const fs::path path = scratch("kept.weights.h5");
  const std::shared_ptr<Model> saved = testing::saving_model("mlp");
  saved->save_weights(path);
  std::ifstream in(path, std::ios::binary);
  const std::string before((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Sequential failing({layers::Dense(8, {.input_shape = {4}}), testing::BoolState()});
  EXPECT_THROW(failing.save_weights(path), InvalidArgumentError);
  std::ifstream again(path, std::ios::binary);
  EXPECT_EQ(std::string((std::istreambuf_iterator<char>(again)), std::istreambuf_iterator<char>()), before);
  for (const auto& entry : fs::directory_iterator(path.parent_path()))
    EXPECT_EQ(entry.path().string().find(".tmp"), std::string::npos) << "left behind: " << entry.path();
  const std::shared_ptr<Model> loaded = testing::saving_model("mlp");
  loaded->load_weights(path);
  EXPECT_EQ(testing::describe_state(*loaded), testing::describe_state(*saved));
}

TEST(WeightsH5, DamagedFilesAreRejectedNamingTheFile) {
  const std::shared_ptr<Model> saved = testing::saving_model("mlp");
  const fs::path path = scratch("whole.weights.h5");
  saved->save_weights(path);
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const fs::path damaged = scratch("damaged.weights.h5");
  // About a hundred truncation points: the reader never trusts a size it cannot back with bytes.
  for (std::size_t cut = 0; cut < bytes.size(); cut += std::max<std::size_t>(1, bytes.size() / 97)) {
    std::ofstream(damaged, std::ios::binary | std::ios::trunc).write(bytes.data(), static_cast<std::streamsize>(cut));
    const std::shared_ptr<Model> model = testing::saving_model("mlp");
    try {
      model->load_weights(damaged);
      ADD_FAILURE() << "a file cut at " << cut << " of " << bytes.size() << " bytes loaded";
    } catch (const DataLossError& e) {
      EXPECT_NE(std::string(e.what()).find(damaged.string()), std::string::npos) << e.what();
    } catch (const InvalidArgumentError& e) {
      EXPECT_NE(std::string(e.what()).find(damaged.string()), std::string::npos) << e.what();
    }
  }
}

// The bytes of an "mlp" model's weights saved at `path`.
std::string saved_weights_bytes(const fs::path& path) {
  testing::saving_model("mlp")->save_weights(path);
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Writes `image` to `path` and loads it into an "mlp" model: the DataLossError's text, or "no error".
std::string load_error(const fs::path& path, const std::string& image) {
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(image.data(), static_cast<std::streamsize>(image.size()));
  try {
    testing::saving_model("mlp")->load_weights(path);
  } catch (const DataLossError& e) {
    return e.what();
  }
  return "no error";
}

// HDF5 1.10 itself would walk a local heap's looping free list until memory ran out.
TEST(WeightsH5, AHeapWhoseFreeListLoopsIsRejected) {
  const fs::path path = scratch("looping.weights.h5");
  std::string bytes = saved_weights_bytes(path);
  const std::size_t heap = bytes.find(std::string("HEAP\0\0\0\0", 8));
  ASSERT_NE(heap, std::string::npos);
  std::uint64_t data_address = 0;
  std::memcpy(&data_address, bytes.data() + heap + 24, 8);  // after the data size and free-list head
  const std::uint64_t first_block = 0, block_size = 16;
  std::memcpy(bytes.data() + heap + 16, &first_block, 8);   // the list starts at offset 0 ...
  std::memcpy(bytes.data() + data_address, &first_block, 8);  // ... whose next block is itself
  std::memcpy(bytes.data() + data_address + 8, &block_size, 8);
  const std::string message = load_error(path, bytes);
  EXPECT_NE(message.find(path.string()), std::string::npos) << message;
  EXPECT_NE(message.find("free list of the local heap at byte " + std::to_string(heap) + " loops"), std::string::npos)
      << message;
}

// HDF5 1.10 divides by a chunked dataset's chunk sizes when it opens it, without checking them: a
// size of 0, or a layout message too short to hold its sizes (1.10 reads past its end), stopped
// the process with SIGFPE.
TEST(WeightsH5, ChunkLayoutsHdf5WouldDivideByAreRejected) {
  const fs::path path = scratch("chunks.weights.h5");
  const std::string bytes = saved_weights_bytes(path);
  // The first dataset's layout message (type 8, 24 bytes: version 3, contiguous).
  const std::size_t layout = bytes.find(std::string("\x08\x00\x18\x00", 4));
  ASSERT_NE(layout, std::string::npos);
  ASSERT_EQ(bytes.substr(layout + 8, 2), std::string("\x03\x01", 2));
  // Chunked (class 2) with 3 dims (rank 2, plus the element size), the first chunk size 0.
  std::string zero_chunk = bytes;
  const std::uint32_t sizes[] = {0, 8, 4};
  zero_chunk[layout + 9] = 2;
  zero_chunk[layout + 10] = 3;
  std::memcpy(zero_chunk.data() + layout + 8 + 11, sizes, sizeof sizes);
  std::string message = load_error(path, zero_chunk);
  EXPECT_NE(message.find(path.string()), std::string::npos) << message;
  EXPECT_NE(message.find("has a chunk size of 0 in its layout"), std::string::npos) << message;
  // Chunked, but the message ends (8 bytes) before its sizes.
  std::string truncated = zero_chunk;
  truncated[layout + 2] = 8;
  message = load_error(path, truncated);
  EXPECT_NE(message.find("has a chunk layout message too short for its chunk sizes"), std::string::npos) << message;
  // The file as written still loads.
  EXPECT_EQ(load_error(path, bytes), "no error");
}

// HDF5 1.10 copied through a failed allocation when a group's symbol table message named its
// local heap at an address outside the file.
TEST(WeightsH5, AGroupWhoseHeapLiesOutsideTheFileIsRejected) {
  const fs::path path = scratch("stab.weights.h5");
  std::string bytes = saved_weights_bytes(path);
  // A symbol table message (type 0x11, 16 bytes: the B-tree's address, then the heap's).
  const std::size_t table = bytes.find(std::string("\x11\x00\x10\x00", 4));
  ASSERT_NE(table, std::string::npos);
  const std::uint64_t undefined = ~std::uint64_t{0};
  std::memcpy(bytes.data() + table + 16, &undefined, 8);
  const std::string message = load_error(path, bytes);
  EXPECT_NE(message.find(path.string()), std::string::npos) << message;
  EXPECT_NE(message.find("names its local heap at address 18446744073709551615, outside the file"), std::string::npos)
      << message;
}

}  // namespace
}  // namespace tf::keras
