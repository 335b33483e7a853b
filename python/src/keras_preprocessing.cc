// The methods of the categorical preprocessing layers that Python calls beyond a layer's own
// (python/tfpp/keras/preprocessing_layers.py adds them to the layer classes): StringLookup and
// IntegerLookup's (and TextVectorization's, Discretization's) adapt steps and vocabulary,
// Normalization's adapt steps and statistics, CategoryEncoding's count_weights.
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "tfpp/keras/layers/categorical.h"
#include "tfpp/keras/layers/discretization.h"
#include "tfpp/keras/layers/index_lookup.h"
#include "tfpp/keras/layers/preprocessing.h"
#include "tfpp/keras/layers/text_vectorization.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace layers = tf::keras::layers;

template <class L>
L& as(tf::keras::Layer& layer, const char* what) {
  auto* l = dynamic_cast<L*>(&layer);
  if (!l) throw nb::type_error((layer.name() + " is not a " + what).c_str());
  return *l;
}

layers::IndexLookup& index_lookup(tf::keras::Layer& layer) { return as<layers::IndexLookup>(layer, "StringLookup or IntegerLookup"); }

// Runs `fn` on the layer as a TextVectorization or else as an IndexLookup: both adapt alike.
template <class F>
decltype(auto) on_vocabulary_layer(tf::keras::Layer& layer, F&& fn) {
  if (auto* text = dynamic_cast<layers::TextVectorization*>(&layer)) return fn(*text);
  if (auto* bins = dynamic_cast<layers::Discretization*>(&layer)) return fn(*bins);
  return fn(index_lookup(layer));
}

// The vocabulary as Keras gives it: the special tokens (mask, OOV) as Python values, the learned or
// given tokens as NumPy scalars (Keras reads them out of its lookup table as a NumPy array).
nb::list vocabulary(tf::keras::Layer& layer, bool include_special_tokens) {
  static auto* numpy_str = new nb::object(nb::module_::import_("numpy").attr("str_"));
  static auto* numpy_int64 = new nb::object(nb::module_::import_("numpy").attr("int64"));
  nb::list out;
  auto add_strings = [&](const std::vector<std::string>& tokens, std::size_t specials) {
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      nb::str token(tokens[i].c_str(), tokens[i].size());
      out.append(i < specials ? nb::object(token) : (*numpy_str)(token));
    }
  };
  if (auto* text = dynamic_cast<layers::TextVectorization*>(&layer)) {
    const std::vector<std::string> tokens = text->get_vocabulary(include_special_tokens);
    add_strings(tokens, include_special_tokens ? tokens.size() - text->get_vocabulary(false).size() : 0);
    return out;
  }
  const layers::IndexLookup& lookup = index_lookup(layer);
  const tf::Tensor vocab = lookup.vocabulary_tensor(include_special_tokens);
  const std::size_t specials = include_special_tokens ? static_cast<std::size_t>(
      vocab.num_elements() - lookup.vocabulary_tensor(false).num_elements()) : 0;
  if (vocab.dtype() == tf::string) {
    add_strings(vocab.numpy<std::string>(), specials);
    return out;
  }
  const std::vector<std::int64_t> tokens = vocab.numpy<std::int64_t>();
  for (std::size_t i = 0; i < tokens.size(); ++i) out.append(i < specials ? nb::int_(tokens[i]) : (*numpy_int64)(tokens[i]));
  return out;
}

layers::Normalization& normalization(tf::keras::Layer& layer) { return as<layers::Normalization>(layer, "Normalization"); }

}  // namespace

void bind_keras_preprocessing(nb::module_& m) {
  nb::module_ k = nb::borrow<nb::module_>(m.attr("keras"));
  k.def("_lookup_reset_state", [](tf::keras::Layer& l) { on_vocabulary_layer(l, [](auto& v) { v.reset_state(); }); });
  k.def("_lookup_update_state", [](tf::keras::Layer& l, nb::handle data) {
    const tf::Tensor batch = to_tensor(data);
    on_vocabulary_layer(l, [&](auto& v) { v.update_state(batch); });
  });
  k.def("_lookup_finalize_state", [](tf::keras::Layer& l) { on_vocabulary_layer(l, [](auto& v) { v.finalize_state(); }); });
  k.def("_lookup_vocabulary", &vocabulary, "layer"_a, "include_special_tokens"_a = true);
  k.def("_lookup_vocabulary_size", [](tf::keras::Layer& l) { return index_lookup(l).vocabulary_size(); });
  k.def("_text_vectorization_vocabulary_size", [](tf::keras::Layer& l) {
    return as<layers::TextVectorization>(l, "TextVectorization").vocabulary_size();
  });
  k.def("_discretization_boundaries", [](tf::keras::Layer& l) {
    return as<layers::Discretization>(l, "Discretization").bin_boundaries();
  });
  k.def("_lookup_set_vocabulary", [](tf::keras::Layer& l, nb::handle vocabulary, std::vector<double> idf_weights) {
    if (auto* text = dynamic_cast<layers::TextVectorization*>(&l))
      return text->set_vocabulary(nb::cast<std::vector<std::string>>(vocabulary), idf_weights);
    index_lookup(l).set_vocabulary(to_tensor(vocabulary), idf_weights);
  }, "layer"_a, "vocabulary"_a, "idf_weights"_a = std::vector<double>{});
  k.def("_normalization_reset_state", [](tf::keras::Layer& l) { normalization(l).reset_state(); });
  k.def("_normalization_update_state", [](tf::keras::Layer& l, nb::handle batch) { normalization(l).update_state(to_tensor(batch)); });
  k.def("_normalization_finalize_state", [](tf::keras::Layer& l) { normalization(l).finalize_state(); });
  k.def("_normalization_statistics", [](tf::keras::Layer& l) {
    auto [mean, variance] = normalization(l).statistics(l.dtype());
    return nb::make_tuple(mean, variance);
  });
  k.def("_category_encoding_weighted", [](tf::keras::Layer& l, nb::handle inputs, nb::handle count_weights) {
    return as<layers::CategoryEncoding>(l, "CategoryEncoding").call_weighted(to_tensor(inputs), to_tensor(count_weights));
  });
}

}  // namespace tfpp_python
