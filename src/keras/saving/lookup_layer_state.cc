#include "keras/saving/lookup_layer_state.h"

#include <charconv>

#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/text_vectorization.h"

namespace tf::keras::saving::detail {
namespace {

constexpr const char* kIdfWeights = "idf_weights";

// Python's str.splitlines after reading in text mode, which Keras' load_assets uses: lines end at
// \n, \r\n, \r, \v, \f, \x1c-\x1e, U+0085, U+2028 and U+2029 (UTF-8 encoded).
std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  bool open = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::size_t skip = 0;  // bytes of a line break at i, beyond the first
    bool is_break = c == '\n' || c == '\r' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e);
    if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') skip = 1;
    if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x85) is_break = true, skip = 1;
    if (c == 0xe2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
        (static_cast<unsigned char>(text[i + 2]) == 0xa8 || static_cast<unsigned char>(text[i + 2]) == 0xa9))
      is_break = true, skip = 2;
    if (!is_break) {
      line.push_back(text[i]);
      open = true;
      continue;
    }
    lines.push_back(std::move(line));
    line.clear();
    open = false;
    i += skip;
  }
  if (open) lines.push_back(std::move(line));
  return lines;
}

// Python's int() of a line: an optional sign and digits, surrounded by whitespace.
bool parse_int(const std::string& line, std::int64_t& value) {
  std::size_t begin = line.find_first_not_of(" \t\v\f");
  const std::size_t end = line.find_last_not_of(" \t\v\f");
  if (begin == std::string::npos) return false;
  if (line[begin] == '+') ++begin;
  const char* first = line.data() + begin;
  const char* last = line.data() + end + 1;
  const auto [ptr, ec] = std::from_chars(first, last, value);
  return ec == std::errc() && ptr == last;
}

// The vocabulary file's text: the tokens joined by "\n", as Keras writes it.
std::string vocabulary_text(const layers::IndexLookup& lookup) {
  const Tensor vocabulary = lookup.vocabulary_tensor(true);
  std::string text;
  for (std::int64_t i = 0; i < vocabulary.num_elements(); ++i) {
    if (i) text += '\n';
    text += vocabulary.dtype() == string ? vocabulary.data<std::string>()[i]
                                         : std::to_string(vocabulary.data<std::int64_t>()[i]);
  }
  return text;
}

// The tokens of a vocabulary file (trailing empty lines dropped, as Keras' load_assets).
Tensor vocabulary_of(const std::string& text, DType dtype, const std::string& where) {
  std::vector<std::string> lines = split_lines(text);
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  const TensorShape shape({static_cast<std::int64_t>(lines.size())});
  if (dtype == string) return constant(lines, shape);
  std::vector<std::int64_t> values(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (!parse_int(lines[i], values[i]))
      throw DataLossError(where + " line " + std::to_string(i + 1) + " is not an integer: '" + lines[i] + "'");
  return constant(values, shape);
}

}  // namespace

const layers::IndexLookup* lookup_of(const Layer& layer) {
  if (const auto* text = dynamic_cast<const layers::TextVectorization*>(&layer)) return &text->lookup_layer();
  return dynamic_cast<const layers::IndexLookup*>(&layer);
}

std::vector<std::string> lookup_dataset_names(const layers::IndexLookup& lookup) {
  if (lookup.output_mode() == "tf_idf") return {kIdfWeights};
  return {};
}

std::string vocabulary_member(const std::string& path) {
  return "assets/" + (path.empty() ? std::string() : path + "/") + "vocabulary.txt";
}

void save_lookup_state(const layers::IndexLookup& lookup, H5Writer& file, const std::string& group, const std::string& path,
                       std::vector<std::pair<std::string, std::string>>* assets) {
  if (const Tensor idf = lookup.idf_weights(); idf.defined() && lookup.output_mode() == "tf_idf")
    file.write_dataset(group, kIdfWeights, idf);
  if (assets && !lookup.has_input_vocabulary()) assets->emplace_back(vocabulary_member(path), vocabulary_text(lookup));
}

std::function<void()> read_lookup_state(const layers::IndexLookup& lookup, const H5Reader& file, const std::string& group,
                                        const std::string& path, const ZipReader* archive, const std::string& prefix) {
  const bool tf_idf = lookup.output_mode() == "tf_idf";
  std::vector<double> idf;
  const std::string idf_path = group + "/" + kIdfWeights;
  const bool has_idf = tf_idf && file.has_group(group) && [&] {
    for (const std::string& k : file.keys(group))
      if (k == kIdfWeights) return true;
    return false;
  }();
  if (has_idf) {
    const H5DatasetInfo info = file.dataset_info(idf_path);
    if (!info.is_float || info.shape.size() != 1)
      throw DataLossError(prefix + idf_path + " must be a vector of floats, got shape " + TensorShape(info.shape).to_string() +
                          (info.is_float ? "" : " of integers"));
    for (float w : file.read_dataset(idf_path, float32, info).numpy<float>()) idf.push_back(w);
  }
  // The vocabulary: from the archive's asset when the config does not keep it; else (load_weights,
  // or a vocabulary in the config) the layer's own, to go with new TF-IDF weights.
  Tensor vocabulary;
  std::string where = prefix + "the layer's vocabulary";
  if (archive && !lookup.has_input_vocabulary()) {
    const std::string member = vocabulary_member(path);
    where = prefix + member;
    if (!archive->has(member))
      throw NotFoundError(prefix + "the archive has no " + member + " for the vocabulary of layer '" + lookup.name() + "'");
    vocabulary = vocabulary_of(archive->read(member), lookup.vocabulary_tensor().dtype(), where);
  } else if (has_idf) {
    vocabulary = lookup.vocabulary_tensor(true);
  } else {
    return [] {};
  }
  if (tf_idf && !has_idf)
    throw DataLossError(prefix + "the file has no " + idf_path + " for the TF-IDF weights of layer '" + lookup.name() + "'");
  // Keras pads the weights to max_tokens with pad_to_max_tokens; one weight per token is what is set.
  if (idf.size() > static_cast<std::size_t>(vocabulary.num_elements())) idf.resize(static_cast<std::size_t>(vocabulary.num_elements()));
  // The layer belongs to the model being loaded, which the caller holds mutably.
  auto& target = const_cast<layers::IndexLookup&>(lookup);
  return [&target, vocabulary, idf, where] {
    try {
      target.set_vocabulary(vocabulary, idf);
    } catch (const InvalidArgumentError& e) {
      throw InvalidArgumentError(where + ": " + e.what());
    }
  };
}

}  // namespace tf::keras::saving::detail
