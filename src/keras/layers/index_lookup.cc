// Keras 3's IndexLookup (index_lookup.py), under StringLookup and IntegerLookup.
#include "tfpp/keras/layers/index_lookup.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "keras/layers/categorical_encoding.h"
#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/init_scope.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/lookup/tables.h"
#include "tfpp/math_ops.h"
#include "tfpp/string_hashing.h"
#include "tfpp/string_ops.h"

namespace tf::keras::layers {

using Token = IndexLookup::Token;

struct IndexLookup::State {
  std::optional<lookup::StaticHashTable> table;
  std::optional<std::int64_t> frozen_vocab_size;
  Tensor idf_weights;  // float32 [depth], "tf_idf" only
  bool has_input_vocabulary = false;
  // What adapt() has counted so far: tokens, and the documents (rows) holding each.
  std::map<Token, std::int64_t> counts, document_counts;
  std::int64_t documents = 0;
};

namespace {

std::vector<Token> tokens_of(const Tensor& t) {
  std::vector<Token> out;
  if (t.dtype() == string) {
    for (std::string& s : t.numpy<std::string>()) out.emplace_back(std::move(s));
  } else {
    for (std::int64_t v : cast(t, int64).numpy<std::int64_t>()) out.emplace_back(v);
  }
  return out;
}

Tensor tensor_of(const std::vector<Token>& tokens, DType dtype) {
  const TensorShape shape({static_cast<std::int64_t>(tokens.size())});
  if (dtype == string) {
    std::vector<std::string> v;
    for (const Token& t : tokens) v.push_back(std::get<std::string>(t));
    return constant(v, shape);
  }
  std::vector<std::int64_t> v;
  for (const Token& t : tokens) v.push_back(std::get<std::int64_t>(t));
  return constant(v, shape);
}

Tensor scalar_of(const Token& t) {
  if (auto* s = std::get_if<std::string>(&t)) return constant(*s);
  return constant(std::get<std::int64_t>(t));
}

std::string text_of(const Token& t) {
  if (auto* s = std::get_if<std::string>(&t)) return "'" + *s + "'";
  return std::to_string(std::get<std::int64_t>(t));
}

ConfigValue config_of(const Token& t) {
  if (auto* s = std::get_if<std::string>(&t)) return *s;
  return std::get<std::int64_t>(t);
}

Token token_from(const ConfigValue& v) {
  if (v.holds<std::string>()) return v.get<std::string>();
  return v.get<std::int64_t>();
}

std::string one_of(const std::string& value, std::initializer_list<const char*> allowed, const std::string& layer,
                   const char* arg) {
  for (const char* a : allowed)
    if (value == a) return value;
  std::string list;
  for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + "'" + a + "'";
  throw InvalidArgumentError("[" + layer + "] The `" + arg + "` argument must be one of (" + list + "). Received: " + value);
}

}  // namespace

IndexLookup::IndexLookup(const LayerOptions& layer_options, Settings s)
    : Layer(layer_options), settings_(std::move(s)), state_(std::make_shared<State>()) {
  Settings& st = settings_;
  const std::string who = name();
  if (st.max_tokens && *st.max_tokens <= 1)
    throw InvalidArgumentError("[" + who + "] If set, `max_tokens` must be greater than 1. Received: max_tokens=" +
                               std::to_string(*st.max_tokens));
  if (st.pad_to_max_tokens && !st.max_tokens)
    throw InvalidArgumentError("[" + who + "] If pad_to_max_tokens is True, must set `max_tokens`. Received: max_tokens=None");
  if (st.num_oov_indices < 0)
    throw InvalidArgumentError("[" + who + "] `num_oov_indices` must be greater than or equal to 0. Received: num_oov_indices=" +
                               std::to_string(st.num_oov_indices));
  one_of(st.oov_method, {"floormod", "farmhash"}, who, "oov_method");
  if (st.salt) {
    if (st.vocabulary_dtype != string && st.oov_method != "farmhash")
      throw InvalidArgumentError("[" + who + "] `salt` can only be used when `oov_method='farmhash'`. Received: oov_method=" +
                                 st.oov_method);
    if (st.salt->size() == 1) st.salt->push_back(st.salt->front());
    if (st.salt->size() != 2)
      throw InvalidArgumentError("[" + who + "] The `salt` argument for `IndexLookup` can only be a tuple of 2 integers, or a single integer.");
  }
  if (st.output_mode == "binary") st.output_mode = "multi_hot";
  if (st.output_mode == "tf-idf") st.output_mode = "tf_idf";
  one_of(st.output_mode, {"int", "one_hot", "multi_hot", "count", "tf_idf"}, who, "output_mode");
  if (st.invert && st.output_mode != "int")
    throw InvalidArgumentError("[" + who + "] `output_mode` must be `'int'` when `invert` is true. Received: output_mode=" +
                               st.output_mode);
  if (st.sparse) throw InvalidArgumentError("[" + who + "] sparse outputs are not supported by tfpp");
  if (st.idf_weights && st.output_mode != "tf_idf")
    throw InvalidArgumentError("[" + who + "] `idf_weights` should only be set if `output_mode` is `'tf_idf'`.");
  state_->has_input_vocabulary = st.vocabulary.defined();
  if (st.output_mode == "tf_idf" && st.vocabulary.defined() && !st.idf_weights)
    throw InvalidArgumentError("[" + who + "] When specifying the `vocabulary` argument, in TF-IDF output mode, the "
                               "`idf_weights` argument must also be provided.");
  state_->frozen_vocab_size = st.vocabulary_size;
  if (st.vocabulary.defined()) set_vocabulary(st.vocabulary, st.idf_weights.value_or(std::vector<double>{}));
  else make_table(tensor_of({}, st.vocabulary_dtype));
}

std::int64_t IndexLookup::oov_start() const { return settings_.mask_token && settings_.output_mode == "int" ? 1 : 0; }
std::int64_t IndexLookup::token_start() const { return oov_start() + settings_.num_oov_indices; }

void IndexLookup::make_table(const Tensor& tokens) {
  init_scope eager;
  const std::int64_t n = tokens.num_elements();
  const Tensor indices = range(token_start(), token_start() + n, 1, int64);
  if (settings_.invert) {
    state_->table.emplace(lookup::KeyValueTensorInitializer(indices, tokens), scalar_of(settings_.oov_token));
  } else {
    const std::int64_t fallback = settings_.num_oov_indices == 1 ? oov_start() : -1;
    state_->table.emplace(lookup::KeyValueTensorInitializer(tokens, indices), constant(fallback));
  }
}

std::int64_t IndexLookup::vocabulary_size() const { return state_->table->size().item<std::int64_t>() + token_start(); }

bool IndexLookup::has_input_vocabulary() const { return state_->has_input_vocabulary; }

Tensor IndexLookup::idf_weights() const { return state_->idf_weights; }

void IndexLookup::record_vocabulary_size() {
  const std::int64_t size = vocabulary_size();
  const bool fixed_depth = settings_.output_mode != "int" && !settings_.pad_to_max_tokens;
  if (fixed_depth && state_->frozen_vocab_size && *state_->frozen_vocab_size != size)
    throw FailedPreconditionError("[" + name() + "] When using `output_mode=" + settings_.output_mode +
                                  "` and `pad_to_max_tokens=False`, the vocabulary size cannot be changed after the layer "
                                  "is called. Old vocab size is " + std::to_string(*state_->frozen_vocab_size) +
                                  ", new vocab size is " + std::to_string(size));
  state_->frozen_vocab_size = size;
}

void IndexLookup::set_vocabulary(const Tensor& vocabulary, const std::vector<double>& idf_weights) {
  const std::string who = name();
  const bool tf_idf = settings_.output_mode == "tf_idf";
  if (tf_idf && idf_weights.empty())
    throw InvalidArgumentError("[" + who + "] `idf_weights` must be set if output_mode is 'tf_idf'.");
  if (!tf_idf && !idf_weights.empty())
    throw InvalidArgumentError("[" + who + "] `idf_weights` should only be set if output_mode is `'tf_idf'`.");
  const std::vector<Token> all = tokens_of(vocabulary);
  if (all.empty()) throw InvalidArgumentError("[" + who + "] Cannot set an empty vocabulary. Received: vocabulary=[]");
  std::vector<Token> special(static_cast<std::size_t>(oov_start()), settings_.mask_token.value_or(Token{}));
  special.insert(special.end(), static_cast<std::size_t>(settings_.num_oov_indices), settings_.oov_token);
  const bool found_special = all.size() >= special.size() && std::equal(special.begin(), special.end(), all.begin());
  const std::vector<Token> tokens(all.begin() + (found_special ? static_cast<std::ptrdiff_t>(special.size()) : 0), all.end());
  std::map<Token, int> seen;
  std::string repeated;
  for (const Token& t : tokens)
    if (++seen[t] == 2) repeated += (repeated.empty() ? "" : ", ") + text_of(t);
  if (!repeated.empty())
    throw InvalidArgumentError("[" + who + "] The passed vocabulary has at least one repeated term. Please uniquify your "
                               "dataset. The repeated terms are: [" + repeated + "]");
  if (settings_.mask_token && seen.count(*settings_.mask_token))
    throw InvalidArgumentError("[" + who + "] Found reserved mask token at unexpected location in `vocabulary`. Note that "
                               "passed `vocabulary` does not need to include the OOV and mask tokens.");
  if (settings_.invert && seen.count(settings_.oov_token))
    throw InvalidArgumentError("[" + who + "] Found reserved OOV token at unexpected location in `vocabulary`. Note that "
                               "passed `vocabulary` does not need to include the OOV and mask tokens.");
  const std::int64_t new_size = token_start() + static_cast<std::int64_t>(tokens.size());
  if (settings_.max_tokens && new_size > *settings_.max_tokens)
    throw InvalidArgumentError("[" + who + "] Attempted to set a vocabulary larger than the maximum vocab size. Received "
                               "vocabulary size is " + std::to_string(new_size) + "; `max_tokens` is " +
                               std::to_string(*settings_.max_tokens) + ".");
  make_table(tensor_of(tokens, settings_.vocabulary_dtype));
  record_vocabulary_size();
  if (!tf_idf) return;
  if (idf_weights.size() != all.size())
    throw InvalidArgumentError("[" + who + "] `idf_weights` must be the same length as vocabulary. len(idf_weights) is " +
                               std::to_string(idf_weights.size()) + "; len(vocabulary) is " + std::to_string(all.size()));
  double mean = 0;
  for (double w : idf_weights) mean += w / static_cast<double>(idf_weights.size());
  std::vector<float> weights(found_special ? 0 : static_cast<std::size_t>(token_start()), static_cast<float>(mean));
  for (double w : idf_weights) weights.push_back(static_cast<float>(w));
  if (settings_.pad_to_max_tokens) weights.resize(static_cast<std::size_t>(std::max<std::int64_t>(*settings_.max_tokens, weights.size())), 0.0f);
  state_->idf_weights = constant(weights);
}

void IndexLookup::adapt(const Tensor& data) {
  // As Keras: a vector of tokens is a column of one-token documents.
  adapt(data::Dataset::from_tensors({data.shape().rank() == 1 ? expand_dims(data, -1) : data}));
}

void IndexLookup::adapt(const data::Dataset& dataset) {
  reset_state();
  for (const data::Element& element : dataset) {
    if (element.empty()) throw InvalidArgumentError("[" + name() + "] adapt() got an empty dataset element");
    update_state(element[0]);
  }
  finalize_state();
}

void IndexLookup::reset_state() {
  state_->counts.clear();
  state_->document_counts.clear();
  state_->documents = 0;
}

void IndexLookup::update_state(const Tensor& data) {
  if (state_->has_input_vocabulary)
    throw InvalidArgumentError("[" + name() + "] Cannot adapt layer '" + name() +
                               "' after setting a static vocabulary via `vocabulary` argument or `set_vocabulary()` method.");
  Tensor batch = data;
  if (settings_.vocabulary_dtype == string ? batch.dtype() != string : !is_integer(batch.dtype()))
    throw InvalidArgumentError("[" + name() + "] adapt() needs " + std::string(dtype_name(settings_.vocabulary_dtype)) +
                               " data, got " + std::string(dtype_name(batch.dtype())));
  if (batch.shape().rank() == 0) batch = expand_dims(batch, 0);
  if (batch.shape().rank() == 1) batch = expand_dims(batch, 0);
  const std::vector<Token> tokens = tokens_of(batch);
  for (const Token& t : tokens) ++state_->counts[t];
  // Documents (for TF-IDF) are the rows along the first dimension.
  const std::int64_t rows = batch.shape().dim(0), per_row = rows == 0 ? 0 : batch.num_elements() / rows;
  state_->documents += rows;
  for (std::int64_t r = 0; r < rows; ++r) {
    const std::set<Token> unique(tokens.begin() + r * per_row, tokens.begin() + (r + 1) * per_row);
    for (const Token& t : unique) ++state_->document_counts[t];
  }
}

void IndexLookup::finalize_state() {
  std::map<Token, std::int64_t>& counts = state_->counts;
  if (state_->has_input_vocabulary || counts.empty()) return record_vocabulary_size();
  if (settings_.mask_token) counts.erase(*settings_.mask_token);
  counts.erase(settings_.oov_token);
  // Keras: np.lexsort((tokens, counts))[::-1], i.e. by decreasing count, ties by decreasing token.
  std::vector<std::pair<Token, std::int64_t>> sorted(counts.begin(), counts.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first > b.first;
  });
  if (settings_.max_tokens)
    sorted.resize(std::min<std::size_t>(sorted.size(), static_cast<std::size_t>(std::max<std::int64_t>(*settings_.max_tokens - token_start(), 0))));
  std::vector<Token> tokens;
  for (const auto& [t, c] : sorted) tokens.push_back(t);
  make_table(tensor_of(tokens, settings_.vocabulary_dtype));
  if (settings_.output_mode == "tf_idf") {
    std::vector<float> idf;
    double sum = 0;
    for (const Token& t : tokens) {
      const double documents = static_cast<double>(state_->documents);
      const float w = static_cast<float>(std::log(1.0 + documents / (1.0 + static_cast<double>(state_->document_counts[t]))));
      idf.push_back(w);
      sum += w;
    }
    const float mean = tokens.empty() ? 0.0f : static_cast<float>(sum / static_cast<double>(tokens.size()));
    idf.insert(idf.begin(), static_cast<std::size_t>(token_start()), mean);
    if (settings_.pad_to_max_tokens) idf.resize(static_cast<std::size_t>(std::max<std::int64_t>(*settings_.max_tokens, idf.size())), 0.0f);
    state_->idf_weights = constant(idf);
  }
  reset_state();
  record_vocabulary_size();
}

Tensor IndexLookup::lookup_ids(const Tensor& x) const {
  const lookup::StaticHashTable& table = *state_->table;
  Tensor ids = table.lookup(x);
  if (settings_.mask_token) {
    const Tensor mask_key = settings_.invert ? constant(std::int64_t{0}) : scalar_of(*settings_.mask_token);
    const Tensor mask_value = settings_.invert ? scalar_of(*settings_.mask_token)
                              : constant(settings_.output_mode == "int" ? std::int64_t{0} : std::numeric_limits<std::int64_t>::max());
    ids = where(equal(x, mask_key), mask_value, ids);
  }
  if (settings_.invert) return ids;
  if (settings_.num_oov_indices == 0) {
    if (!ids.is_symbolic()) {
      const std::vector<std::int64_t> v = ids.numpy<std::int64_t>();
      const std::vector<Token> keys = tokens_of(x);
      std::string oov;
      for (std::size_t i = 0; i < v.size(); ++i)
        if (v[i] == -1) oov += (oov.empty() ? "" : " ") + text_of(keys[i]);
      if (!oov.empty())
        throw InvalidArgumentError("[" + name() + "] When `num_oov_indices=0` all inputs should be in vocabulary, found OOV "
                                   "values [" + oov + "], consider setting `num_oov_indices=1`.");
    }
    return ids;
  }
  if (settings_.num_oov_indices > 1) {
    Tensor oov;
    if (x.dtype() != string && settings_.oov_method != "farmhash") {
      oov = math::floormod(x, constant(settings_.num_oov_indices));
    } else {
      const Tensor text = x.dtype() == string ? x : strings::as_string(x);
      oov = settings_.salt ? strings::to_hash_bucket_strong(text, settings_.num_oov_indices, *settings_.salt)
                           : strings::to_hash_bucket_fast(text, settings_.num_oov_indices);
    }
    ids = where(equal(ids, constant(std::int64_t{-1})), oov + constant(oov_start()), ids);
  }
  return ids;
}

Tensor IndexLookup::call(const Tensor& inputs, bool) {
  const bool fixed_depth = settings_.output_mode != "int" && !settings_.pad_to_max_tokens;
  if (fixed_depth && !state_->frozen_vocab_size)
    throw FailedPreconditionError("[" + name() + "] When using `output_mode=" + settings_.output_mode +
                                  "` and `pad_to_max_tokens=False`, you must set the layer's vocabulary before calling it. "
                                  "Either pass a `vocabulary` argument to the layer, or call `adapt` with some sample data.");
  const DType key_dtype = settings_.invert ? int64 : settings_.vocabulary_dtype;
  Tensor x = inputs;
  if (x.dtype() != key_dtype) {
    if (key_dtype == string || !is_integer(x.dtype()))
      throw InvalidArgumentError("[" + name() + "] expected inputs of dtype " + std::string(dtype_name(key_dtype)) +
                                 ", got " + std::string(dtype_name(x.dtype())));
    x = cast(x, key_dtype);
  }
  const bool scalar = x.shape().rank() == 0;
  if (scalar) x = expand_dims(x, -1);
  Tensor ids = lookup_ids(x);
  if (settings_.output_mode == "int") return scalar ? squeeze(ids, {-1}) : ids;
  const std::int64_t depth = settings_.pad_to_max_tokens ? *settings_.max_tokens : *state_->frozen_vocab_size;
  const bool tf_idf = settings_.output_mode == "tf_idf";
  Tensor out = detail::encode_categorical(ids, tf_idf ? "count" : settings_.output_mode, depth, int64);
  // Before the weights are set (a model rebuilt from its config, then loaded) they are zeros, as Keras' are.
  if (tf_idf) out = cast(out, float32) * (state_->idf_weights.defined() ? state_->idf_weights : zeros({depth}, float32));
  return out;
}

Tensor IndexLookup::vocabulary_tensor(bool include_special_tokens) const {
  std::vector<Token> vocab(static_cast<std::size_t>(vocabulary_size()), settings_.oov_token);
  auto [keys, values] = state_->table->export_();
  const Tensor& tokens = settings_.invert ? values : keys;
  const std::vector<std::int64_t> ids = (settings_.invert ? keys : values).numpy<std::int64_t>();
  const std::vector<Token> words = tokens_of(tokens);
  for (std::size_t i = 0; i < ids.size(); ++i) vocab[static_cast<std::size_t>(ids[i])] = words[i];
  if (settings_.mask_token && settings_.output_mode == "int") vocab[0] = *settings_.mask_token;
  if (!include_special_tokens) vocab.erase(vocab.begin(), vocab.begin() + token_start());
  return tensor_of(vocab, settings_.vocabulary_dtype);
}

Config IndexLookup::get_config() const {
  Config c = Layer::get_config();
  const Settings& s = settings_;
  auto optional_int = [](const std::optional<std::int64_t>& v) { return v ? ConfigValue(*v) : ConfigValue(nullptr); };
  c["invert"] = s.invert;
  c["max_tokens"] = optional_int(s.max_tokens);
  c["num_oov_indices"] = s.num_oov_indices;
  c["oov_token"] = config_of(s.oov_token);
  c["mask_token"] = s.mask_token ? config_of(*s.mask_token) : ConfigValue(nullptr);
  c["output_mode"] = s.output_mode;
  c["sparse"] = s.sparse;
  c["pad_to_max_tokens"] = s.pad_to_max_tokens;
  if (s.idf_weights) c["idf_weights"] = ConfigValue::List(s.idf_weights->begin(), s.idf_weights->end());
  else c["idf_weights"] = nullptr;
  if (s.vocabulary.defined()) {
    ConfigValue::List vocab;
    for (const Token& t : tokens_of(s.vocabulary)) vocab.push_back(config_of(t));
    c["vocabulary"] = vocab;
  } else {
    c["vocabulary"] = nullptr;
  }
  c["vocabulary_size"] = optional_int(state_->frozen_vocab_size);
  c["oov_method"] = s.oov_method;
  c["salt"] = s.salt ? detail::int_list(*s.salt) : ConfigValue(nullptr);
  return c;
}

void IndexLookup::read_settings(const Config& c, Settings& s) {
  auto present = [&](const char* key) -> const ConfigValue* {
    auto it = c.find(key);
    return it == c.end() || it->second.is_null() ? nullptr : &it->second;
  };
  if (auto* v = present("max_tokens")) s.max_tokens = v->get<std::int64_t>();
  if (auto* v = present("num_oov_indices")) s.num_oov_indices = v->get<std::int64_t>();
  if (auto* v = present("mask_token")) s.mask_token = token_from(*v);
  if (auto* v = present("oov_token")) s.oov_token = token_from(*v);
  if (auto* v = present("invert")) s.invert = v->get<bool>();
  if (auto* v = present("output_mode")) s.output_mode = v->get<std::string>();
  if (auto* v = present("sparse")) s.sparse = v->get<bool>();
  if (auto* v = present("pad_to_max_tokens")) s.pad_to_max_tokens = v->get<bool>();
  if (auto* v = present("oov_method")) s.oov_method = v->get<std::string>();
  if (auto* v = present("salt"))
    s.salt = v->holds<ConfigValue::List>() ? detail::int_list_from(*v) : std::vector<std::int64_t>{v->get<std::int64_t>()};
  if (auto* v = present("vocabulary_size")) s.vocabulary_size = v->get<std::int64_t>();
  if (auto* v = present("idf_weights")) {
    std::vector<double> w;
    for (const ConfigValue& x : v->get<ConfigValue::List>()) w.push_back(x.as_double());
    s.idf_weights = w;
  }
  if (auto* v = present("vocabulary")) {
    std::vector<Token> tokens;
    for (const ConfigValue& x : v->get<ConfigValue::List>()) tokens.push_back(token_from(x));
    s.vocabulary = tensor_of(tokens, s.vocabulary_dtype);
  }
}

// --- StringLookup / IntegerLookup -------------------------------------------------------------

namespace {

// The settings both layers' options give (the vocabulary as a tensor of `dtype`).
template <class O>
IndexLookup::Token token_setting(const O& value) { return IndexLookup::Token(value); }

template <class O, class S>
S settings_from(const O& o, DType dtype, S s) {
  s.vocabulary_dtype = dtype;
  s.max_tokens = o.max_tokens;
  s.num_oov_indices = o.num_oov_indices;
  if (o.mask_token) s.mask_token = token_setting(*o.mask_token);
  s.oov_token = token_setting(o.oov_token);
  if (o.vocabulary) s.vocabulary = constant(*o.vocabulary, TensorShape({static_cast<std::int64_t>(o.vocabulary->size())}));
  s.idf_weights = o.idf_weights;
  s.invert = o.invert;
  s.output_mode = o.output_mode;
  s.sparse = o.sparse;
  s.pad_to_max_tokens = o.pad_to_max_tokens;
  s.oov_method = o.oov_method;
  s.salt = o.salt;
  return s;
}

}  // namespace

StringLookup::StringLookup(StringLookupOptions o) : StringLookup(o, settings_from(o, string, Settings{})) {}

StringLookup::StringLookup(const StringLookupOptions& o, Settings s)
    : IndexLookup(layer_options(o, "StringLookup"), std::move(s)), encoding_(o.encoding) {}

std::vector<std::string> StringLookup::get_vocabulary(bool include_special_tokens) const {
  return vocabulary_tensor(include_special_tokens).numpy<std::string>();
}

Config StringLookup::get_config() const {
  Config c = IndexLookup::get_config();
  c["encoding"] = encoding_;
  return c;
}

StringLookup StringLookup::from_config(const Config& c) {
  StringLookupOptions o;
  detail::read_common(c, o);
  if (auto it = c.find("encoding"); it != c.end() && !it->second.is_null()) o.encoding = it->second.get<std::string>();
  Settings s;
  s.vocabulary_dtype = string;
  s.oov_token = std::string("[UNK]");
  read_settings(c, s);
  return StringLookup(o, std::move(s));
}

IntegerLookup::IntegerLookup(IntegerLookupOptions o) : IntegerLookup(o, settings_from(o, int64, Settings{})) {}

IntegerLookup::IntegerLookup(const IntegerLookupOptions& o, Settings s)
    : IndexLookup(layer_options(o, "IntegerLookup"), std::move(s)) {}

std::vector<std::int64_t> IntegerLookup::get_vocabulary(bool include_special_tokens) const {
  return vocabulary_tensor(include_special_tokens).numpy<std::int64_t>();
}

Config IntegerLookup::get_config() const {
  Config c = IndexLookup::get_config();
  c["vocabulary_dtype"] = "int64";
  return c;
}

IntegerLookup IntegerLookup::from_config(const Config& c) {
  IntegerLookupOptions o;
  detail::read_common(c, o);
  Settings s;
  s.vocabulary_dtype = int64;
  s.oov_token = std::int64_t{-1};
  read_settings(c, s);
  return IntegerLookup(o, std::move(s));
}

namespace {
[[maybe_unused]] const bool registered = [] {
  register_layer_class("StringLookup", [](const Config& c) { return std::make_shared<StringLookup>(StringLookup::from_config(c)); });
  register_layer_class("IntegerLookup", [](const Config& c) { return std::make_shared<IntegerLookup>(IntegerLookup::from_config(c)); });
  return true;
}();
}  // namespace

}  // namespace tf::keras::layers
