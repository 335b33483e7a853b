// Keras 3's TextVectorization (text_vectorization.py) over StringLookup. The split tokens form
// a ragged batch (flat tokens + row splits); they become a [batch, length] matrix padded with
// the mask token "", which StringLookup maps to id 0 ("int") or drops (the vector modes).
#include "tfpp/keras/layers/text_vectorization.h"

#include "keras/layers/config_util.h"
#include "ops/execute.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/counting_ops.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/segment_ops.h"
#include "tfpp/sequence_ops.h"
#include "tfpp/string_ngrams.h"
#include "tfpp/string_ops.h"

namespace tf::keras::layers {
namespace {

// Keras' strip_punctuation pattern.
constexpr const char* kPunctuation = R"([!"#$%&()\*\+,-\./:;<=>?@\[\\\]^_`{|}~\'])";

// The StringLookup config of a TextVectorization: the mask token "" and the shared arguments.
Config lookup_config(const TextVectorizationOptions& o) {
  Config c;
  c["max_tokens"] = o.max_tokens ? ConfigValue(*o.max_tokens) : ConfigValue(nullptr);
  c["mask_token"] = "";
  c["output_mode"] = o.output_mode;
  c["pad_to_max_tokens"] = o.pad_to_max_tokens;
  c["encoding"] = o.encoding;
  if (o.vocabulary) c["vocabulary"] = ConfigValue::List(o.vocabulary->begin(), o.vocabulary->end());
  if (o.idf_weights) c["idf_weights"] = ConfigValue::List(o.idf_weights->begin(), o.idf_weights->end());
  return c;
}

}  // namespace

TextVectorization::TextVectorization(TextVectorizationOptions options)
    : TextVectorization(options, lookup_config(options)) {}

TextVectorization::TextVectorization(TextVectorizationOptions options, const Config& lookup)
    : Layer(layer_options(options, "TextVectorization")),
      options_(std::move(options)),
      lookup_(StringLookup::from_config(lookup)) {
  const TextVectorizationOptions& o = options_;
  const std::string who = name();
  if (o.standardize != "lower_and_strip_punctuation" && o.standardize != "lower" && o.standardize != "strip_punctuation" &&
      !o.standardize.empty())
    throw InvalidArgumentError("[" + who + "] The `standardize` argument must be one of ('lower_and_strip_punctuation', "
                               "'lower', 'strip_punctuation') or None. Received: " + o.standardize);
  if (o.split != "whitespace" && !o.split.empty())
    throw InvalidArgumentError("[" + who + "] tfpp's TextVectorization splits on \"whitespace\" or not at all; got split=" +
                               o.split);
  if (o.output_mode != "int" && o.output_sequence_length)
    throw InvalidArgumentError("[" + who + "] `output_sequence_length` must not be set if `output_mode` is not 'int'. "
                               "Received output_sequence_length=" + std::to_string(*o.output_sequence_length) + ".");
  if (o.ragged && o.output_mode != "int")
    throw InvalidArgumentError("[" + who + "] `ragged` must not be true if `output_mode` is not `'int'`. Received: "
                               "ragged=True and output_mode=" + o.output_mode);
  if (o.output_mode == "one_hot")
    throw InvalidArgumentError("[" + who + "] tfpp's TextVectorization has no \"one_hot\" output; use \"multi_hot\"");
}

Tensor TextVectorization::tokens_of(const Tensor& inputs, std::optional<std::int64_t> length) const {
  if (inputs.dtype() != string)
    throw InvalidArgumentError("[" + name() + "] expects string inputs, got " + std::string(dtype_name(inputs.dtype())));
  Tensor x = inputs;
  if (options_.standardize == "lower" || options_.standardize == "lower_and_strip_punctuation") x = strings::lower(x);
  if (options_.standardize == "strip_punctuation" || options_.standardize == "lower_and_strip_punctuation")
    x = strings::regex_replace(x, kPunctuation, "");
  if (options_.split.empty()) {
    if (options_.ngrams.empty()) return x;
    return strings::ngrams(x, options_.ngrams);
  }
  const TensorShape& shape = x.shape();
  if (shape.has_unknown_rank() || shape.rank() == 0 || shape.rank() > 2 || (shape.rank() == 2 && shape.dim(1) != 1))
    throw InvalidArgumentError("[" + name() + "] When using `TextVectorization` to tokenize strings, the input rank must "
                               "be 1 or the last shape dimension must be 1. Received: inputs.shape=" + shape.to_string());
  if (shape.rank() == 2) x = squeeze(x, {1});
  // The pieces of each string: flat values, and the row splits (where each string's pieces start).
  static const ops::OpDef& split_op = *ops::find_op("StringSplitV2");
  const std::array<ops::AttrValue, 1> split_attrs{std::int64_t{-1}};
  ops::Outputs pieces = ops::execute(split_op, {x, constant(std::string())}, split_attrs);
  const Tensor one = constant(std::int64_t{1}), zero = constant(std::int64_t{0});
  const Tensor batch = reshape(tf::shape(x, int64), {});
  const Tensor rows = reshape(slice(pieces[0], {0, 0}, {-1, 1}), {-1});
  const Tensor counts = math::unsorted_segment_sum(rows * zero + one, rows, batch);  // pieces per string
  Tensor splits = concat({reshape(zero, {1}), cumsum(counts)}, 0);
  Tensor values = pieces[1];
  if (!options_.ngrams.empty()) std::tie(values, splits) = strings::ngrams_of_rows(values, splits, options_.ngrams);
  // Each value's row and position in it; positions past `length` are dropped into an extra row.
  const Tensor count = size(values, int64);
  const Tensor row_lengths = slice(splits, IntArray(reshape(one, {1})), IntArray(reshape(batch, {1}))) -
                             slice(splits, IntArray(reshape(zero, {1})), IntArray(reshape(batch, {1})));
  const Tensor row = repeat(range(zero, batch, one), IntArray(row_lengths));
  const Tensor column = range(zero, count, one) - gather(splits, row);
  const Tensor width = length ? constant(*length) : reduce_max(concat({row_lengths, reshape(zero, {1})}, 0));
  const Tensor kept = less(column, width);
  const Tensor target = stack({where(kept, row, batch), where(kept, column, zero)}, 1);
  Tensor numbers = scatter_nd(target, range(one, count + one, one), stack({batch + one, width}));
  numbers = slice(numbers, IntArray(stack({zero, zero})), IntArray(stack({batch, width})));
  return gather(concat({constant(std::vector<std::string>{""}), values}, 0), numbers);
}

Tensor TextVectorization::call(const Tensor& inputs, bool) {
  const std::optional<std::int64_t> length = options_.output_mode == "int" ? options_.output_sequence_length : std::nullopt;
  Tensor tokens = tokens_of(inputs, length);
  Tensor out = lookup_(tokens);
  if (options_.split.empty() && length) {  // dense tokens: cut or pad the last dimension
    const std::int64_t have = out.shape().dim(-1), want = *length;
    if (have > want) out = slice(out, {0, 0}, {-1, want});
    else if (have < want) out = concat({out, zeros({out.shape().dim(0), want - have}, int64)}, 1);
  }
  return out;
}

void TextVectorization::adapt(const Tensor& data) {
  reset_state();
  update_state(data.shape().rank() == 1 ? expand_dims(data, -1) : data);
  finalize_state();
}

void TextVectorization::adapt(const data::Dataset& dataset) {
  reset_state();
  for (const data::Element& element : dataset) {
    if (element.empty()) throw InvalidArgumentError("[" + name() + "] adapt() got an empty dataset element");
    update_state(element[0]);
  }
  finalize_state();
}

void TextVectorization::reset_state() { lookup_.reset_state(); }
void TextVectorization::update_state(const Tensor& batch) { lookup_.update_state(tokens_of(batch, std::nullopt)); }
void TextVectorization::finalize_state() { lookup_.finalize_state(); }

void TextVectorization::set_vocabulary(const std::vector<std::string>& vocabulary, const std::vector<double>& idf_weights) {
  lookup_.set_vocabulary(constant(vocabulary, TensorShape({static_cast<std::int64_t>(vocabulary.size())})), idf_weights);
}

std::vector<std::string> TextVectorization::get_vocabulary(bool include_special_tokens) const {
  return lookup_.get_vocabulary(include_special_tokens);
}

std::int64_t TextVectorization::vocabulary_size() const { return lookup_.vocabulary_size(); }

Config TextVectorization::get_config() const {
  Config c = Layer::get_config();
  const TextVectorizationOptions& o = options_;
  const Config lookup = lookup_.get_config();
  c["max_tokens"] = lookup.at("max_tokens");
  c["standardize"] = o.standardize.empty() ? ConfigValue(nullptr) : ConfigValue(o.standardize);
  c["split"] = o.split.empty() ? ConfigValue(nullptr) : ConfigValue(o.split);
  if (o.ngrams.empty()) c["ngrams"] = nullptr;
  else if (o.ngrams_as_int) c["ngrams"] = o.ngrams.back();
  else c["ngrams"] = detail::int_list(o.ngrams);
  c["output_mode"] = o.output_mode;
  c["output_sequence_length"] = o.output_sequence_length ? ConfigValue(*o.output_sequence_length) : ConfigValue(nullptr);
  c["pad_to_max_tokens"] = o.pad_to_max_tokens;
  c["sparse"] = false;
  c["ragged"] = o.ragged;
  c["vocabulary"] = lookup.at("vocabulary");
  c["idf_weights"] = lookup.at("idf_weights");
  c["encoding"] = o.encoding;
  c["vocabulary_size"] = vocabulary_size();
  return c;
}

TextVectorization TextVectorization::from_config(const Config& c) {
  TextVectorizationOptions o;
  detail::read_common(c, o);
  auto present = [&](const char* key) -> const ConfigValue* {
    auto it = c.find(key);
    return it == c.end() || it->second.is_null() ? nullptr : &it->second;
  };
  if (auto* v = present("max_tokens")) o.max_tokens = v->get<std::int64_t>();
  o.standardize = present("standardize") ? present("standardize")->get<std::string>() : "";
  o.split = present("split") ? present("split")->get<std::string>() : "";
  if (c.find("standardize") == c.end()) o.standardize = "lower_and_strip_punctuation";
  if (c.find("split") == c.end()) o.split = "whitespace";
  if (auto* v = present("ngrams")) {
    if (v->holds<std::int64_t>()) {
      o.ngrams_as_int = true;
      for (std::int64_t n = 1; n <= v->get<std::int64_t>(); ++n) o.ngrams.push_back(n);
    } else {
      o.ngrams = detail::int_list_from(*v);
    }
  }
  if (auto* v = present("output_mode")) o.output_mode = v->get<std::string>();
  if (auto* v = present("output_sequence_length")) o.output_sequence_length = v->get<std::int64_t>();
  if (auto* v = present("pad_to_max_tokens")) o.pad_to_max_tokens = v->get<bool>();
  if (auto* v = present("ragged")) o.ragged = v->get<bool>();
  if (auto* v = present("encoding")) o.encoding = v->get<std::string>();
  if (auto* v = present("vocabulary")) {
    o.vocabulary.emplace();
    for (const ConfigValue& t : v->get<ConfigValue::List>()) o.vocabulary->push_back(t.get<std::string>());
  }
  if (auto* v = present("idf_weights")) {
    o.idf_weights.emplace();
    for (const ConfigValue& w : v->get<ConfigValue::List>()) o.idf_weights->push_back(w.as_double());
  }
  Config lookup = lookup_config(o);
  // The size the saved layer had: an adapted vocabulary comes back from the .keras file's assets.
  if (auto* v = present("vocabulary_size")) lookup["vocabulary_size"] = *v;
  return TextVectorization(o, lookup);
}

namespace {
[[maybe_unused]] const bool registered = [] {
  register_layer_class("TextVectorization",
                       [](const Config& c) { return std::make_shared<TextVectorization>(TextVectorization::from_config(c)); });
  return true;
}();
}  // namespace

}  // namespace tf::keras::layers
