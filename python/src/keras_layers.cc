// _tfpp.keras.Layer, KerasTensor and Input: every C++ Keras layer for Python, made from its Keras
// config by the C++ deserializer (layers.deserialize), so one mechanism serves all built-in layers.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "dtype_object.h"
#include "keras/layers/config_util.h"
#include "keras_bindings.h"
#include "tfpp/keras/layers/core.h"
#include "tfpp/keras/layers/einsum_dense.h"
#include "tfpp/keras/layers/embedding.h"
#include "tfpp/keras/layers/attention.h"
#include "tfpp/keras/layers/grouped_query_attention.h"
#include "tfpp/keras/layers/reversible_embedding.h"
#include "tfpp/keras/mask.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace keras = tf::keras;

// A shape as Keras gives it in Python: a tuple with None for unknown dimensions.
nb::object shape_tuple(const tf::TensorShape& shape) {
  if (shape.has_unknown_rank()) return nb::none();
  nb::list dims;
  for (std::int64_t d : shape.dims()) dims.append(d < 0 ? nb::none() : nb::object(nb::int_(d)));
  return nb::tuple(dims);
}

std::vector<std::int64_t> dims_from(nb::handle shape) {
  std::vector<std::int64_t> dims;
  for (nb::handle d : nb::iter(shape)) dims.push_back(d.is_none() ? -1 : nb::cast<std::int64_t>(d));
  return dims;
}

std::vector<tf::Tensor> tensors_from(nb::handle values) {
  std::vector<tf::Tensor> out;
  for (nb::handle v : nb::iter(values)) out.push_back(to_tensor(v));
  return out;
}

}  // namespace

void bind_keras_layers(nb::module_& m) {
  nb::class_<keras::KerasTensor>(m, "KerasTensor", "A symbolic tensor of the Functional API (keras.KerasTensor).")
      .def_prop_ro("shape", [](const keras::KerasTensor& k) { return shape_tuple(k.shape()); })
      .def_prop_ro("dtype", [](const keras::KerasTensor& k) { return std::string(tf::dtype_name(k.dtype())); })
      .def_prop_ro("ndim", [](const keras::KerasTensor& k) { return k.shape().rank(); })
      .def_prop_ro("_history_name", &keras::KerasTensor::name)
      .def_prop_ro("_layer", [](const keras::KerasTensor& k) { return k.node()->layer; })
      .def_prop_ro("_index", &keras::KerasTensor::index)
      .def_prop_ro("_inbound_tensors", [](const keras::KerasTensor& k) { return k.node()->inputs; });

  m.def("Input", [](nb::handle shape, nb::handle dtype, nb::handle name, nb::handle batch_size) {
        keras::InputOptions options;
        if (!dtype.is_none()) options.dtype = dtype_from(dtype);
        if (!name.is_none()) options.name = nb::cast<std::string>(name);
        if (!batch_size.is_none()) options.batch_size = nb::cast<std::int64_t>(batch_size);
        return keras::Input(dims_from(shape), options);
      }, "shape"_a, "dtype"_a = nb::none(), "name"_a = nb::none(), "batch_size"_a = nb::none(),
      "A symbolic input of `shape` (without the batch dimension).");

  nb::class_<keras::Layer>(m, "Layer", "A C++ Keras layer (the state Python's keras.layers.Layer wraps).")
      .def_prop_ro("name", &keras::Layer::name)
      .def_prop_ro("class_name", &keras::Layer::class_name)
      .def_prop_ro("built", &keras::Layer::built)
      .def_prop_rw("trainable", &keras::Layer::trainable, &keras::Layer::set_trainable)
      .def_prop_ro("dtype", [](const keras::Layer& l) { return std::string(tf::dtype_name(l.dtype())); })
      .def_prop_ro("_state_id", [](const keras::Layer& l) { return reinterpret_cast<std::uintptr_t>(&l.layer_state()); })
      .def_prop_ro("weights", [](const keras::Layer& l) { return keras_variables(l.weights()); })
      .def_prop_ro("trainable_weights", [](const keras::Layer& l) { return keras_variables(l.trainable_weights()); })
      .def_prop_ro("non_trainable_weights", [](const keras::Layer& l) { return keras_variables(l.non_trainable_weights()); })
      .def_prop_ro("losses", &keras::Layer::losses)
      .def_prop_ro("supports_masking", &keras::Layer::supports_masking)
      .def_prop_ro("input", &keras::Layer::input)
      .def_prop_ro("output", &keras::Layer::output)
      .def("sublayers", &keras::Layer::sublayers)
      .def("get_weights", &keras::Layer::get_weights)
      .def("set_weights", [](keras::Layer& l, nb::handle values) { l.set_weights(tensors_from(values)); })
      .def("count_params", &keras::Layer::count_params)
      .def("get_config", [](const keras::Layer& l) { return config_to_python(l.get_config()); })
      .def("get_build_config", [](const keras::Layer& l) { return config_to_python(l.get_build_config()); })
      .def("build", [](keras::Layer& l, nb::handle shape) {
        if (l.built()) return;
        l.build_for({tf::TensorShape(dims_from(shape))});
      })
      .def("call_list", [](keras::Layer& l, nb::handle xs, std::optional<bool> training) {
        return l.call_all(tensors_from(xs), training);
      }, "xs"_a, "training"_a = nb::none(), "Calls the layer on several tensors; returns every output.")
      .def("call_symbolic_one", [](keras::Layer& l, const keras::KerasTensor& x) { return l.call_all({x}, nullptr); },
           "Every output of a call on one KerasTensor (an LSTM with return_state has three).")
      .def("call_symbolic_list", [](keras::Layer& l, const std::vector<keras::KerasTensor>& xs) { return l.call_all(xs); })
      .def("compute_mask", [](keras::Layer& l, nb::handle xs, nb::handle masks) -> nb::object {
        std::vector<tf::Tensor> mask_list;
        for (nb::handle m : masks) mask_list.push_back(m.is_none() ? tf::Tensor() : to_tensor(m));
        const tf::Tensor mask = l.compute_mask(tensors_from(xs), mask_list);
        return mask.defined() ? nb::cast(mask) : nb::none();
      }, "xs"_a, "masks"_a, "The output's mask for inputs `xs` with `masks` (None where none), as the layer computes it.")
      .def("attend", [](keras::Layer& l, nb::handle query, nb::handle value, nb::handle key, nb::handle attention_mask,
                        bool use_causal_mask, bool return_attention_scores, std::optional<bool> training,
                        nb::handle query_mask, nb::handle value_mask, nb::handle key_mask) {
        // Keras' query_mask / value_mask / key_mask: the masks the tensors would carry.
        const auto masked = [](nb::handle t, nb::handle mask) {
          if (t.is_none()) return tf::Tensor();
          return mask.is_none() ? to_tensor(t) : keras::with_keras_mask(to_tensor(t), to_tensor(mask));
        };
        const keras::layers::AttentionCall call{.key = masked(key, key_mask),
                                                .attention_mask = attention_mask.is_none() ? tf::Tensor() : to_tensor(attention_mask),
                                                .use_causal_mask = use_causal_mask,
                                                .return_attention_scores = return_attention_scores,
                                                .training = training};
        if (auto* attention = dynamic_cast<keras::layers::QueryValueAttention*>(&l))
          return attention->attend(masked(query, query_mask), masked(value, value_mask), call);
        throw tf::InvalidArgumentError("[" + l.name() + "] is not an attention layer");
      }, "query"_a, "value"_a, "key"_a.none(), "attention_mask"_a.none(), "use_causal_mask"_a, "return_attention_scores"_a,
      "training"_a.none(), "query_mask"_a.none() = nb::none(), "value_mask"_a.none() = nb::none(),
      "key_mask"_a.none() = nb::none(),
      "MultiHeadAttention's and GroupQueryAttention's call with Keras' arguments (eager).")
      .def("reverse", [](keras::Layer& l, nb::handle x) {
        auto* embedding = dynamic_cast<keras::layers::ReversibleEmbedding*>(&l);
        if (!embedding) throw tf::InvalidArgumentError("[" + l.name() + "] is not a ReversibleEmbedding");
        return embedding->reverse(to_tensor(x));
      }, "x"_a, "ReversibleEmbedding's call with reverse=True (eager).")
      .def("reverse_symbolic", [](keras::Layer& l, const keras::KerasTensor& x) {
        auto* embedding = dynamic_cast<keras::layers::ReversibleEmbedding*>(&l);
        if (!embedding) throw tf::InvalidArgumentError("[" + l.name() + "] is not a ReversibleEmbedding");
        return embedding->reverse(x);
      }, "x"_a, "ReversibleEmbedding's call with reverse=True on a KerasTensor (a Functional node).")
      .def("enable_lora", [](keras::Layer& l, std::int64_t rank, std::optional<double> lora_alpha, nb::handle a_initializer,
                             nb::handle b_initializer) {
        const keras::layers::LoraOptions options{
            .lora_alpha = lora_alpha,
            .a_initializer = keras::detail::initializer_from(config_from_python(a_initializer)),
            .b_initializer = keras::detail::initializer_from(config_from_python(b_initializer))};
        if (auto* dense = dynamic_cast<keras::layers::Dense*>(&l)) return dense->enable_lora(rank, options);
        if (auto* einsum = dynamic_cast<keras::layers::EinsumDense*>(&l)) return einsum->enable_lora(rank, options);
        if (auto* embedding = dynamic_cast<keras::layers::Embedding*>(&l)) return embedding->enable_lora(rank, options);
        throw tf::InvalidArgumentError("[" + l.name() + "] has no enable_lora (Dense, EinsumDense and Embedding have)");
      }, "rank"_a, "lora_alpha"_a.none(), "a_initializer"_a, "b_initializer"_a, "Keras' enable_lora (lora.h).")
      .def_prop_ro("lora_enabled", [](const keras::Layer& l) {
        if (auto* dense = dynamic_cast<const keras::layers::Dense*>(&l)) return dense->lora_enabled();
        if (auto* einsum = dynamic_cast<const keras::layers::EinsumDense*>(&l)) return einsum->lora_enabled();
        if (auto* embedding = dynamic_cast<const keras::layers::Embedding*>(&l)) return embedding->lora_enabled();
        return false;
      })
      .def("serialize", [](const keras::Layer& l) { return config_to_python(keras::layers::serialize(l)); });

  m.def("deserialize_layer", [](nb::handle serialized, nb::dict custom_objects) {
        const keras::saving::CustomObjectScope scope(custom_object_factories(custom_objects));
        return keras::layers::deserialize(config_from_python(serialized));
      }, "serialized"_a, "custom_objects"_a = nb::dict(),
      "The layer {'class_name': ..., 'config': {...}} describes (keras.layers.deserialize), custom_objects (Python "
      "classes by name) looked up first.");
  m.def("registered_layer_classes", &keras::layers::registered_layer_classes);
  m.def("get_keras_mask", [](const tf::Tensor& t) -> nb::object {
    const tf::Tensor mask = keras::get_keras_mask(t);
    return mask.defined() ? nb::cast(mask) : nb::none();
  }, "t"_a, "The Keras mask `t` carries, or None.");
  m.def("set_keras_mask", [](const tf::Tensor& t, nb::handle mask) {
    keras::set_keras_mask(t, mask.is_none() ? tf::Tensor() : to_tensor(mask));
  }, "t"_a, "mask"_a.none(), "Attaches `mask` to `t` (None removes it).");
  m.def("with_keras_mask", [](nb::handle t, nb::handle mask) { return keras::with_keras_mask(to_tensor(t), to_tensor(mask)); },
        "t"_a, "mask"_a, "An identity of `t` carrying `mask`.");
}

}  // namespace tfpp_python
