// .keras files of adapted StringLookup, IntegerLookup, TextVectorization and Discretization
// layers, exchanged with Keras 3.15 in the same run (lookup_layers_reference.py): Keras keeps a
// learned vocabulary in the archive's assets (`assets/<layer path>/vocabulary.txt`) and TF-IDF
// weights in the weights file (`vars/idf_weights`); tfpp loads Keras' files with the same outputs
// and vocabularies, and Keras loads tfpp's. A missing or damaged vocabulary file is a clear error.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

#include <unistd.h>

#include "keras/saving/file_bytes.h"
#include "keras/saving/zip_archive.h"
#include "reference_env.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/input.h"
#include "tfpp/keras/layers/discretization.h"
#include "tfpp/keras/layers/index_lookup.h"
#include "tfpp/keras/layers/text_vectorization.h"
#include "tfpp/keras/model.h"
#include "tfpp/keras/saving.h"

namespace tf::keras {
namespace {

namespace fs = std::filesystem;

fs::path scratch_dir(const std::string& kind) {
  fs::path dir = fs::temp_directory_path() / ("tfpp_lookup_keras_" + std::to_string(getpid())) / kind;
  fs::create_directories(dir);
  return dir;
}

std::string run_script(const std::string& args) {
  return testing::run_command(testing::reference_python() + " " + testing::source_dir() +
                              "/tests/keras/saving/lookup_layers_reference.py " + args + " 2>/dev/null");
}

// The lines the script prints about `kind`: its outputs, and its vocabulary if it has one.
std::string lines_of(const std::string& out, const std::string& kind) {
  std::istringstream in(out);
  std::string line, found;
  while (std::getline(in, line))
    if (line.rfind(kind + " ", 0) == 0 || line.rfind("vocab " + kind + " ", 0) == 0) found += line + "\n";
  return found;
}

std::string joined(const Tensor& t) {
  std::string out;
  for (std::int64_t i = 0; i < t.num_elements(); ++i) {
    char buf[32];
    if (t.dtype() == string) out += " " + t.data<std::string>()[i];
    else if (t.dtype() == float32) std::snprintf(buf, sizeof buf, " %g", static_cast<double>(t.data<float>()[i])), out += buf;
    else if (t.dtype() == int32) out += " " + std::to_string(t.data<std::int32_t>()[i]);
    else out += " " + std::to_string(t.data<std::int64_t>()[i]);
  }
  return out;
}

// One model of the script: the lookup layer, its input, adapt data and queries.
struct Kind {
  std::function<std::shared_ptr<Layer>()> make;
  std::vector<std::int64_t> input_shape;
  DType dtype;
  Tensor data, queries;
};

Tensor strs(const std::vector<std::string>& v, const TensorShape& shape) { return constant(v, shape); }
Tensor i64(const std::vector<std::int64_t>& v, const TensorShape& shape) { return constant(v, shape); }

const std::map<std::string, Kind>& kinds() {
  static const std::map<std::string, Kind> k{
      {"string_lookup", {[] { return std::make_shared<layers::StringLookup>(); }, {3}, string,
                         strs({"a", "b", "b", "c", "c", "c", "d"}, TensorShape({7})),
                         strs({"c", "a", "zz", "b", "d", "a"}, TensorShape({2, 3}))}},
      {"integer_lookup", {[] { return std::make_shared<layers::IntegerLookup>(layers::IntegerLookupOptions{.output_mode = "multi_hot"}); },
                          {3}, int64, i64({3, 3, 7, 9, 9, 9}, TensorShape({6})), i64({3, 9, 4, 7, 7, 0}, TensorShape({2, 3}))}},
      {"string_lookup_tf_idf", {[] { return std::make_shared<layers::StringLookup>(layers::StringLookupOptions{.output_mode = "tf_idf"}); },
                                {2}, string, strs({"a", "b", "b", "b", "c", "a"}, TensorShape({3, 2})),
                                strs({"a", "b", "x", "c"}, TensorShape({2, 2}))}},
      {"text_vectorization_tf_idf",
       {[] { return std::make_shared<layers::TextVectorization>(layers::TextVectorizationOptions{.max_tokens = 6, .output_mode = "tf_idf"}); },
        {1}, string, strs({"the cat sat", "the dog", "a cat"}, TensorShape({3})),
        strs({"the cat", "dog dog sat", "new words"}, TensorShape({3, 1}))}},
      {"text_vectorization_int",
       {[] { return std::make_shared<layers::TextVectorization>(layers::TextVectorizationOptions{.output_sequence_length = 5}); },
        {1}, string, strs({"The cat sat.", "The dog ate!", "a cat"}, TensorShape({3})),
        strs({"the cat ate", "a bird sat down"}, TensorShape({2, 1}))}},
      {"discretization", {[] { return std::make_shared<layers::Discretization>(layers::DiscretizationOptions{.num_bins = 4}); },
                          {3}, float32, constant({0.5f, 1.0f, 2.5f, 3.0f, 4.5f, 6.0f, 7.5f, 9.0f}),
                          constant({{0.1f, 2.6f, 8.0f}, {3.0f, 4.9f, 12.0f}})}},
  };
  return k;
}

void adapt(Layer& layer, const Tensor& data) {
  if (auto* lookup = dynamic_cast<layers::IndexLookup*>(&layer)) lookup->adapt(data);
  else if (auto* text = dynamic_cast<layers::TextVectorization*>(&layer)) text->adapt(data);
  else dynamic_cast<layers::Discretization&>(layer).adapt(data);
}

// What the script prints for `model`.
std::string report(const std::string& kind, Model& model) {
  std::string out = kind + joined(model(kinds().at(kind).queries)) + "\n";
  const std::shared_ptr<Layer> layer = model.layers().back();
  Tensor vocabulary;
  if (const auto* lookup = dynamic_cast<const layers::IndexLookup*>(layer.get())) vocabulary = lookup->vocabulary_tensor();
  if (const auto* text = dynamic_cast<const layers::TextVectorization*>(layer.get())) vocabulary = text->lookup_layer().vocabulary_tensor();
  if (vocabulary.defined()) out += "vocab " + kind + joined(vocabulary) + "\n";
  return out;
}

Model adapted_model(const std::string& kind) {
  const Kind& k = kinds().at(kind);
  std::shared_ptr<Layer> layer = k.make();
  adapt(*layer, k.data);
  const KerasTensor inputs = Input(k.input_shape, {.dtype = k.dtype});
  return Model(inputs, (*layer)(inputs));
}

TEST(LookupLayersKeras, KerasFilesLoadInTfpp) {
  const fs::path dir = scratch_dir("from_keras");
  const std::string keras_out = run_script("save " + dir.string());
  for (const auto& [kind, k] : kinds()) {
    SCOPED_TRACE(kind);
    ASSERT_NE(lines_of(keras_out, kind), "") << keras_out;
    Model loaded = models::load_model((dir / (kind + ".keras")).string());
    EXPECT_EQ(report(kind, loaded), lines_of(keras_out, kind));
    // tfpp adapts the same data to the same state.
    Model own = adapted_model(kind);
    EXPECT_EQ(report(kind, own), lines_of(keras_out, kind));
  }
}

TEST(LookupLayersKeras, TfppFilesLoadInKeras) {
  const fs::path dir = scratch_dir("from_tfpp");
  for (const auto& [kind, k] : kinds()) {
    SCOPED_TRACE(kind);
    Model model = adapted_model(kind);
    const std::string file = (dir / (kind + ".keras")).string();
    model.save(file);
    EXPECT_EQ(run_script("load " + file + " " + kind), report(kind, model));
    Model reloaded = models::load_model(file);
    EXPECT_EQ(report(kind, reloaded), report(kind, model));
  }
  // The archive's assets are Keras' (a TextVectorization keeps its vocabulary twice, as Keras).
  const saving::detail::ZipReader zip(saving::detail::read_file_bytes((dir / "string_lookup.keras").string(), "[test]"),
                                      "string_lookup.keras", "[test]");
  EXPECT_EQ(zip.read("assets/layers/string_lookup/vocabulary.txt"), "[UNK]\nc\nb\nd\na");
  const saving::detail::ZipReader text(
      saving::detail::read_file_bytes((dir / "text_vectorization_int.keras").string(), "[test]"), "text.keras", "[test]");
  EXPECT_EQ(text.read("assets/layers/text_vectorization/vocabulary.txt"), "\n[UNK]\nthe\ncat\nsat\ndog\nate\na");
  EXPECT_TRUE(text.has("assets/layers/text_vectorization/_lookup_layer/vocabulary.txt"));
}

// A copy of the archive `file` with member `name` replaced by `bytes` (dropped when nullopt).
std::string rewritten(const std::string& file, const std::string& name, std::optional<std::string> bytes) {
  const saving::detail::ZipReader zip(saving::detail::read_file_bytes(file, "[test]"), file, "[test]");
  std::vector<std::pair<std::string, std::string>> members;
  for (const std::string& n : zip.names()) {
    if (n != name) members.emplace_back(n, zip.read(n));
    else if (bytes) members.emplace_back(n, *bytes);
  }
  const std::string out = file + ".rewritten.keras";
  const std::string archive = saving::detail::make_zip(members, out, "[test]");
  std::FILE* f = std::fopen(out.c_str(), "wb");
  std::fwrite(archive.data(), 1, archive.size(), f);
  std::fclose(f);
  return out;
}

TEST(LookupLayersKeras, MissingOrDamagedVocabularyIsAClearError) {
  const fs::path dir = scratch_dir("damaged");
  const std::string strings_file = (dir / "strings.keras").string();
  adapted_model("string_lookup").save(strings_file);
  const std::string member = "assets/layers/string_lookup/vocabulary.txt";
  try {
    models::load_model(rewritten(strings_file, member, std::nullopt));
    ADD_FAILURE() << "no error";
  } catch (const NotFoundError& e) {
    EXPECT_NE(std::string(e.what()).find("has no " + member), std::string::npos) << e.what();
  }
  const std::string ints_file = (dir / "ints.keras").string();
  adapted_model("integer_lookup").save(ints_file);
  const std::string int_member = "assets/layers/integer_lookup/vocabulary.txt";
  try {
    models::load_model(rewritten(ints_file, int_member, std::string("-1\n9\nnine\n7")));
    ADD_FAILURE() << "no error";
  } catch (const DataLossError& e) {
    EXPECT_NE(std::string(e.what()).find(int_member + " line 3 is not an integer: 'nine'"), std::string::npos) << e.what();
  }
  // A vocabulary repeating a token is refused by the layer, naming the file.
  try {
    models::load_model(rewritten(ints_file, int_member, std::string("-1\n9\n9")));
    ADD_FAILURE() << "no error";
  } catch (const InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find(int_member), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("repeated term"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tf::keras
