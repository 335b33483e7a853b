#include "keras/saving/weights_store.h"

#include <algorithm>
#include <functional>
#include <iostream>
#include <map>
#include <set>

#include "keras/layers/lora_adapter.h"
#include "keras/models/op_layers.h"
#include "keras/saving/external_class.h"
#include "keras/saving/lookup_layer_state.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/attention.h"
#include "tfpp/keras/layers/conv_lstm.h"
#include "tfpp/keras/layers/grouped_query_attention.h"
#include "tfpp/keras/layers/recurrent.h"
#include "tfpp/keras/layers/spectral_normalization.h"
#include "tfpp/keras/layers/stacked_rnn_cells.h"
#include "tfpp/keras/layers/text_vectorization.h"
#include "tfpp/keras/layers/wrappers.h"
#include "tfpp/keras/optimizers.h"
#include "tfpp/module.h"

namespace tf::keras::saving::detail {
namespace {

// One object's own variables and where they live in the file.
struct StateEntry {
  std::string path;  // "" for the top model, "layers/dense", "optimizer", ...
  std::string name;  // the object's name (the group's "name" attribute)
  std::string who;   // "layer 'dense'" or "optimizer 'adam'", for errors
  std::vector<Variable> variables;
  bool is_optimizer = false;
  const layers::IndexLookup* lookup = nullptr;  // a lookup layer's vocabulary and TF-IDF weights (the model owns it)
  const keras::detail::LoraState* lora = nullptr;  // a LoRA layer's: its kernel is saved merged
};

std::string join(const std::string& path, const std::string& child) { return path.empty() ? child : path + "/" + child; }
std::string vars_group(const std::string& path) { return join(path, "vars"); }

// Keras' _get_unique_name: "dense", then "dense_1", "dense_2", ... within one container.
std::string unique_name(const std::string& name, std::map<std::string, int>& used) {
  auto [it, inserted] = used.try_emplace(name, 0);
  if (inserted) return name;
  return name + "_" + std::to_string(++it->second);
}

// Keras' _name_key: private attributes (leading "_") are visited last.
std::string name_key(const std::string& attribute) { return attribute.rfind('_', 0) == 0 ? "~" + attribute : attribute; }

// A layer's own variables as Layer.save_own_variables lists them: trainable ones, then the rest.
std::vector<Variable> own_variables(const Layer& layer) {
  std::vector<Variable> trainable, other;
  for (const keras::detail::Weight& w : layer.layer_state().weights) (w.trainable ? trainable : other).push_back(w.variable);
  trainable.insert(trainable.end(), other.begin(), other.end());
  return trainable;
}

class Walker {
 public:
  std::vector<StateEntry> entries;

  void layer(const Layer& l, const std::string& path) {
    // A handle (a Model value load_model returned) stands for its heap instance, of the layer's own class.
    if (std::shared_ptr<Layer> instance = l.layer_state().instance.lock(); instance && instance.get() != &l)
      return layer(*instance, path);
    if (!visited_.insert(l.shared_layer_state().get()).second) return;
    entries.push_back({path, l.name(), "layer '" + l.name() + "'", own_variables(l), false, lookup_of(l)});
    // Keras saves a LoRA layer's merged kernel and its bias, not the adapters (zeroed on load).
    if (const keras::detail::LoraState* lora = keras::detail::lora_state_of(l)) {
      std::erase_if(entries.back().variables,
                    [&](const Variable& v) { return v.id() == lora->a.id() || v.id() == lora->b.id(); });
      entries.back().lora = lora;
    }
    if (const auto* text = dynamic_cast<const layers::TextVectorization*>(&l)) {
      layer(text->lookup_layer(), join(path, "_lookup_layer"));
      return;
    }
    const auto* model = dynamic_cast<const Model*>(&l);
    if (model && (dynamic_cast<const Sequential*>(model) || model->is_functional())) {
      container(join(path, "layers"), model->layers());
      return;
    }
    // Keras' RNN layers keep their cell in the attribute `cell`.
    if (const auto* rnn = dynamic_cast<const layers::RNN*>(&l)) {
      layer(rnn->cell(), join(path, "cell"));
      return;
    }
    // So do ConvLSTM1D / 2D / 3D (an RNN subclass in Keras).
    if (const auto* conv_lstm = dynamic_cast<const layers::ConvLSTM*>(&l)) {
      layer(conv_lstm->cell(), join(path, "cell"));
      return;
    }
    // Keras' StackedRNNCells keeps its cells in the list `cells`.
    if (const auto* stacked = dynamic_cast<const layers::StackedRNNCells*>(&l)) {
      container(join(path, "cells"), std::vector<std::shared_ptr<Layer>>(stacked->cells().begin(), stacked->cells().end()));
      return;
    }
    // Keras' wrappers keep their layers in `forward_layer` / `backward_layer` and `layer`.
    if (const auto* bidirectional = dynamic_cast<const layers::Bidirectional*>(&l)) {
      layer(bidirectional->forward_layer(), join(path, "forward_layer"));
      layer(bidirectional->backward_layer(), join(path, "backward_layer"));
      return;
    }
    // Keras' SpectralNormalization keeps the wrapped layer's kernel in its own variables too
    // (attribute `kernel`, before vector_u: so do tfpp's) and the layer in `layer`.
    if (const auto* spectral = dynamic_cast<const layers::SpectralNormalization*>(&l)) {
      layer(spectral->layer(), join(path, "layer"));
      return;
    }
    if (const auto* wrapper = dynamic_cast<const layers::TimeDistributed*>(&l)) {
      layer(wrapper->layer(), join(path, "layer"));
      return;
    }
    // Keras' MultiHeadAttention keeps its four projections in EinsumDense sublayers; tfpp's
    // layer holds their kernels and biases itself, in the same order.
    if (dynamic_cast<const layers::MultiHeadAttention*>(&l)) {
      projections(l, path, {"query_dense", "key_dense", "value_dense", "output_dense"});
      return;
    }
    // Keras' GroupQueryAttention keeps its projections in the EinsumDense attributes _query_dense,
    // _key_dense, _gate_dense (with use_gate), _value_dense and _output_dense, in that order.
    if (const auto* gqa = dynamic_cast<const layers::GroupedQueryAttention*>(&l)) {
      std::vector<std::string> names{"_query_dense", "_key_dense"};
      if (gqa->get_config().at("use_gate").get<bool>()) names.push_back("_gate_dense");
      names.insert(names.end(), {"_value_dense", "_output_dense"});
      projections(l, path, names);
      return;
    }
    // Layers and models written in Python: the sublayers their attributes hold, as the class lists them.
    if (const auto* external = dynamic_cast<const ExternalClass*>(&l)) {
      for (const AttributeLayers& a : external->attribute_layers()) {
        if (a.is_list) container(join(path, a.attribute), a.layers);
        else if (!a.layers.empty()) layer(*a.layers.front(), join(path, a.attribute));
      }
      return;
    }
    // Other layers and subclassed models: sublayers under their attribute names, in Keras' order.
    std::vector<std::pair<std::string, std::shared_ptr<keras::detail::LayerState>>> children;
    for (const auto& [attribute, state] : l.layer_state().submodules)
      if (auto sub = std::dynamic_pointer_cast<keras::detail::LayerState>(state)) children.emplace_back(attribute, sub);
    std::stable_sort(children.begin(), children.end(),
                     [](const auto& a, const auto& b) { return name_key(a.first) < name_key(b.first); });
    for (const auto& [attribute, state] : children) {
      if (std::shared_ptr<Layer> instance = state->instance.lock()) layer(*instance, join(path, attribute));
      else layer(Layer(state), join(path, attribute));
    }
  }

  // Moves the variables of the last entry (layer `l`'s own) into one entry per projection
  // sublayer `names` of Keras' layer, in equal shares and in order.
  void projections(const Layer& l, const std::string& path, const std::vector<std::string>& names) {
    std::vector<Variable> own = std::move(entries.back().variables);
    entries.back().variables.clear();
    const std::size_t per_projection = own.size() / names.size();
    for (std::size_t p = 0; p < names.size(); ++p)
      entries.push_back({join(path, names[p]), names[p], "layer '" + l.name() + "' (" + names[p] + ")",
                         std::vector<Variable>(own.begin() + static_cast<std::ptrdiff_t>(p * per_projection),
                                               own.begin() + static_cast<std::ptrdiff_t>((p + 1) * per_projection)),
                         false});
  }

  void container(const std::string& path, const std::vector<std::shared_ptr<Layer>>& layers) {
    std::map<std::string, int> used;
    for (const auto& l : layers) {
      // keras.ops operations of a Functional config are not among Keras' model.layers.
      if (dynamic_cast<const keras::detail::OpLayer*>(l.get())) continue;
      // Keras names the paths after the Python class, which for GroupQueryAttention is GroupedQueryAttention.
      const std::string cls = l->class_name() == "GroupQueryAttention" ? "GroupedQueryAttention" : l->class_name();
      layer(*l, join(path, unique_name(to_snake_case(cls), used)));
    }
  }

 private:
  std::set<const void*> visited_;
};

std::vector<StateEntry> walk(const Model& model) {
  Walker walker;
  walker.layer(model, "");
  if (model.compiled()) {
    const optimizers::Optimizer& optimizer = model.optimizer();
    walker.entries.push_back(
        {"optimizer", optimizer.name(), "optimizer '" + optimizer.name() + "'", optimizer.variables(), true});
  }
  return walker.entries;
}

std::string shape_text(const std::vector<std::int64_t>& dims) { return TensorShape(dims).to_string(); }

}  // namespace

void save_state(const Model& model, H5Writer& file, std::vector<std::pair<std::string, std::string>>* assets) {
  for (const StateEntry& e : walk(model)) {
    const std::string group = vars_group(e.path);
    file.create_group(group, e.name);
    for (std::size_t i = 0; i < e.variables.size(); ++i) {
      const Variable& v = e.variables[i];
      const bool merged = e.lora && v.id() == e.lora->kernel.id();
      file.write_dataset(group, std::to_string(i), merged ? keras::detail::lora_kernel(*e.lora, v.read_value()) : v.read_value());
    }
    if (e.lookup) save_lookup_state(*e.lookup, file, group, e.path, assets);
  }
}

void load_state(Model& model, const H5Reader& file, const std::string& who, bool skip_mismatch, const ZipReader* archive) {
  const std::string prefix = who + " '" + file.file() + "': ";
  // A compiled optimizer that has not run yet gets its slots first (as fit would create them),
  // so a restored model resumes training where the saved one stopped.
  if (model.compiled() && !model.optimizer().built() && file.has_group(vars_group("optimizer")) &&
      file.keys(vars_group("optimizer")).size() > model.optimizer().variables().size())
    model.optimizer().build(model.trainable_weights());

  // The values of one object's variables, checked against the file; the error when they do not match.
  const auto read_entry = [&](const StateEntry& e, std::vector<std::pair<Variable, Tensor>>& out) -> std::string {
    const std::string group = vars_group(e.path);
    if (!file.has_group(group)) {
      // Keras saves no group for what has no state; an optimizer saved before compile has none either.
      if (e.variables.empty() || e.is_optimizer) return "";
      return e.who + " has " + std::to_string(e.variables.size()) + " weights, the file has none for it (no group " + group + ")";
    }
    std::vector<std::string> keys = file.keys(group);
    if (e.lookup)  // named datasets beside the variables "0", "1", ...
      for (const std::string& name : lookup_dataset_names(*e.lookup)) std::erase(keys, name);
    if (e.is_optimizer && keys.size() != e.variables.size()) {
      // Keras' optimizer.load_own_variables: a count mismatch (an optimizer saved before it was
      // built, loaded into one already built) warns and leaves the optimizer as it is.
      std::cerr << "UserWarning: Skipping variable loading for optimizer '" << e.name << "', because it has "
                << e.variables.size() << " variables whereas the saved optimizer has " << keys.size() << " variables. "
                << (e.variables.empty() ? "This is likely because the optimizer has not been called/built yet." : "") << "\n";
      return "";
    }
    if (keys.size() != e.variables.size()) {
      std::string names;
      for (const Variable& v : e.variables) names += (names.empty() ? "" : ", ") + v.name();
      return e.who + " has " + std::to_string(e.variables.size()) + " weights [" + names + "], the file has " +
             std::to_string(keys.size()) + " in " + group + (e.variables.empty() ? " (is the model built?)" : "");
    }
    for (std::size_t i = 0; i < e.variables.size(); ++i) {
      const Variable& v = e.variables[i];
      const std::string key = std::to_string(i);
      const std::string dataset = group + "/" + key;
      if (std::find(keys.begin(), keys.end(), key) == keys.end())
        return e.who + ": the file has no weight " + dataset + " for " + v.name();
      const H5DatasetInfo info = file.dataset_info(dataset);
      const std::vector<std::int64_t> expected(v.shape().dims().begin(), v.shape().dims().end());
      if (info.shape != expected)
        return e.who + ": weight " + v.name() + " has shape " + v.shape().to_string() + ", the file's " + dataset +
               " has shape " + shape_text(info.shape);
      if (info.is_float != is_floating(v.dtype()))
        return e.who + ": weight " + v.name() + " is " + std::string(dtype_name(v.dtype())) + ", the file's " + dataset +
               " holds " + (info.is_float ? "floats" : "integers");
      out.emplace_back(v, file.read_dataset(dataset, v.dtype(), info));
    }
    return "";
  };

  std::vector<std::pair<Variable, Tensor>> assignments;
  std::vector<std::function<void()>> lookup_changes;
  std::vector<std::string> skipped, first_error;
  for (const StateEntry& e : walk(model)) {
    if (e.lookup) lookup_changes.push_back(read_lookup_state(*e.lookup, file, vars_group(e.path), e.path, archive, prefix));
    std::vector<std::pair<Variable, Tensor>> values;
    const std::string error = read_entry(e, values);
    if (error.empty()) {
      assignments.insert(assignments.end(), values.begin(), values.end());
      if (e.lora)
        for (const Variable& adapter : {e.lora->a, e.lora->b}) assignments.emplace_back(adapter, zeros(adapter.shape(), adapter.dtype()));
      continue;
    }
    if (!skip_mismatch) throw InvalidArgumentError(prefix + error);
    skipped.push_back(e.who);
    if (first_error.empty()) first_error.push_back(error);
  }
  if (!skipped.empty()) {
    // Keras' skip_mismatch: the objects that do not match keep their values, with one warning.
    std::string list;
    for (const std::string& s : skipped) list += (list.empty() ? "" : ", ") + s;
    std::cerr << "UserWarning: A total of " << skipped.size() << " objects could not be loaded. Example error message for "
              << skipped[0] << ":\n\n" << first_error[0] << "\n\nList of objects that could not be loaded:\n[" << list
              << "]\n";
  }
  // Everything was read and checked: only now does the model change.
  for (const auto& change : lookup_changes) change();
  for (auto& [variable, value] : assignments) variable.assign(value);
}

}  // namespace tf::keras::saving::detail
