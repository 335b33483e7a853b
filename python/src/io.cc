// The C++ core of tf.io for Python (tfpp/io.py gives it TensorFlow's names): decode_raw,
// read_file and write_file, serialize_tensor and parse_tensor, TFRecordWriter, TFRecordDataset's
// source, Example and SequenceExample serialization, parsing them with FixedLenFeature /
// FixedLenSequenceFeature / VarLenFeature specs and ragged keys, decode_compressed and
// decode_json_example.
#include <nanobind/stl/map.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "io/parse_example_op.h"
#include "ops/execute.h"
#include "ops/op_def.h"
#include "tfpp/io/decode_ops.h"
#include "tfpp/io/parsing.h"
#include "tfpp/io/serialize_sparse.h"
#include "tfpp/io/sequence_parsing.h"
#include "tfpp/io/serialize_tensor.h"
#include "tfpp/io/tfrecord.h"
#include "tfpp/string_ops.h"
#include "tfpp/train/example.h"
#include "tfpp/train/sequence_example.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

/// The bytes of a Python bytes or str object (TFRecordWriter.write takes either, as TensorFlow's).
std::string bytes_of(nb::handle value) {
  if (nb::isinstance<nb::bytes>(value)) {
    nb::bytes b = nb::borrow<nb::bytes>(value);
    return std::string(b.c_str(), b.size());
  }
  if (nb::isinstance<nb::str>(value)) return nb::cast<std::string>(value);
  throw nb::type_error(("write(): incompatible function arguments; record must be bytes or str, got " +
                        nb::cast<std::string>(nb::repr(nb::handle(reinterpret_cast<PyObject*>(Py_TYPE(value.ptr()))))))
                           .c_str());
}

/// A FixedLenFeature or VarLenFeature (tfpp/io.py's named tuples) as the C++ spec.
tf::io::FeatureSpec feature_spec(nb::handle spec) {
  const std::string kind = nb::cast<std::string>(spec.type().attr("__name__"));
  if (kind == "VarLenFeature") return tf::io::VarLenFeature{.dtype = dtype_from(spec.attr("dtype"))};
  if (kind != "FixedLenFeature")
    throw nb::value_error(("Unsupported feature spec " + nb::cast<std::string>(nb::repr(spec)) +
                           ": expected a tf.io.FixedLenFeature or tf.io.VarLenFeature").c_str());
  tf::io::FixedLenFeature fixed{.shape = shape_from(spec.attr("shape")), .dtype = dtype_from(spec.attr("dtype"))};
  nb::object default_value = spec.attr("default_value");
  if (!default_value.is_none()) fixed.default_value = to_tensor(default_value, fixed.dtype);
  return fixed;
}

std::map<std::string, tf::io::FeatureSpec> feature_specs(const nb::dict& features) {
  std::map<std::string, tf::io::FeatureSpec> specs;
  for (auto [name, spec] : features) specs[nb::cast<std::string>(name)] = feature_spec(spec);
  return specs;
}

/// tf.io.parse_single_example (`rank` 0) / parse_example (`rank` 1) through the ParseExample op,
/// eagerly or traced: ({name: dense tensor}, {name: (indices, values, dense_shape)},
/// {ragged key: (values, row_splits)}) for `ragged` = {key: (dtype, row_splits_dtype)}.
nb::tuple parse_features(nb::handle serialized, const nb::dict& features, int rank, const nb::dict& ragged) {
  const tf::Tensor t = to_tensor(serialized, tf::string);
  if (!t.shape().has_unknown_rank() && t.rank() != rank)
    throw tf::InvalidArgumentError(std::string("[ParseExample] serialized must be a string ") +
                                   (rank == 0 ? "scalar" : "vector") + ", got shape " + t.shape().debug_string());
  std::map<std::string, tf::io::RaggedKey> ragged_keys;
  for (auto [name, types] : ragged) {
    nb::tuple pair = nb::cast<nb::tuple>(types);
    ragged_keys[nb::cast<std::string>(name)] = {.dtype = dtype_from(pair[0]), .splits_dtype = dtype_from(pair[1])};
  }
  const tf::io::ParsedFeatures parsed = tf::io::parse_example_features(t, feature_specs(features), ragged_keys);
  nb::dict dense, sparse, ragged_out;
  for (const auto& [name, value] : parsed.dense) dense[name.c_str()] = value;
  for (const auto& [name, triple] : parsed.sparse) sparse[name.c_str()] = nb::make_tuple(triple[0], triple[1], triple[2]);
  for (const auto& [name, pair] : parsed.ragged) ragged_out[name.c_str()] = nb::make_tuple(pair[0], pair[1]);
  return nb::make_tuple(dense, sparse, ragged_out);
}

using tf::train::BytesList;
using tf::train::FloatList;
using tf::train::Int64List;

/// A Feature from its Python form ("bytes_list" | "float_list" | "int64_list" | "", values).
tf::train::Feature feature_from(nb::handle kind_and_values) {
  nb::tuple pair = nb::cast<nb::tuple>(kind_and_values);
  const std::string kind = nb::cast<std::string>(pair[0]);
  nb::handle values = pair[1];
  if (kind == "bytes_list") {
    BytesList list;
    for (nb::handle v : nb::iter(values)) list.value.push_back(bytes_of(v));
    return list;
  }
  if (kind == "float_list") return FloatList{nb::cast<std::vector<float>>(values)};
  if (kind == "int64_list") return Int64List{nb::cast<std::vector<std::int64_t>>(values)};
  return {};
}

/// A Feature's Python form: (kind, values), kind None for a Feature holding no list.
nb::tuple feature_entry(const tf::train::Feature& feature) {
  if (const auto* b = std::get_if<BytesList>(&feature.kind)) {
    nb::list values;
    for (const std::string& v : b->value) values.append(nb::bytes(v.data(), v.size()));
    return nb::make_tuple("bytes_list", values);
  }
  if (const auto* f = std::get_if<FloatList>(&feature.kind)) return nb::make_tuple("float_list", nb::cast(f->value));
  if (const auto* i = std::get_if<Int64List>(&feature.kind)) return nb::make_tuple("int64_list", nb::cast(i->value));
  return nb::make_tuple(nb::none(), nb::list());
}

tf::train::Features features_from(const nb::dict& features) {
  tf::train::Features out;
  for (auto [name, feature] : features) out.feature[nb::cast<std::string>(name)] = feature_from(feature);
  return out;
}

nb::dict features_entry(const tf::train::Features& features) {
  nb::dict out;
  for (const auto& [name, feature] : features.feature) out[nb::str(name.c_str())] = feature_entry(feature);
  return out;
}

nb::bytes as_bytes(const std::string& s) { return nb::bytes(s.data(), s.size()); }

/// An Example serialized from {name: (kind, values)}.
nb::bytes serialize_example(const nb::dict& features) {
  return as_bytes(tf::train::Example{features_from(features)}.SerializeToString());
}

/// The features of a serialized Example as {name: (kind, values)}.
nb::dict parse_example_proto(nb::handle serialized) {
  return features_entry(tf::train::Example::FromString(bytes_of(serialized)).features);
}

/// A SequenceExample serialized from its context {name: (kind, values)} and feature lists
/// {name: [(kind, values), ...]}.
nb::bytes serialize_sequence_example(const nb::dict& context, const nb::dict& feature_lists) {
  tf::train::SequenceExample se{.context = features_from(context)};
  for (auto [name, steps] : feature_lists) {
    tf::train::FeatureList& list = se.feature_lists.feature_list[nb::cast<std::string>(name)];
    for (nb::handle step : nb::iter(steps)) list.feature.push_back(feature_from(step));
  }
  return as_bytes(se.SerializeToString());
}

/// A serialized SequenceExample as (context {name: (kind, values)}, {name: [(kind, values), ...]}).
nb::tuple parse_sequence_example_proto(nb::handle serialized) {
  const tf::train::SequenceExample se = tf::train::SequenceExample::FromString(bytes_of(serialized));
  nb::dict lists;
  for (const auto& [name, list] : se.feature_lists.feature_list) {
    nb::list steps;
    for (const tf::train::Feature& f : list.feature) steps.append(feature_entry(f));
    lists[nb::str(name.c_str())] = steps;
  }
  return nb::make_tuple(features_entry(se.context), lists);
}

/// A FixedLenSequenceFeature or VarLenFeature (tfpp/io.py's named tuples) as the C++ spec; tfpp/io.py
/// has checked the kinds and that no default_value is given, as TensorFlow's Python does.
tf::io::SequenceFeatureSpec sequence_feature_spec(nb::handle spec) {
  if (nb::cast<std::string>(spec.type().attr("__name__")) == "VarLenFeature")
    return tf::io::VarLenFeature{.dtype = dtype_from(spec.attr("dtype"))};
  return tf::io::FixedLenSequenceFeature{.shape = shape_from(spec.attr("shape")), .dtype = dtype_from(spec.attr("dtype")),
                                         .allow_missing = nb::cast<bool>(spec.attr("allow_missing"))};
}

nb::dict sparse_dict(const std::map<std::string, tf::SparseTensor>& sparse) {
  nb::dict out;
  for (const auto& [name, sp] : sparse) out[name.c_str()] = nb::make_tuple(sp.indices, sp.values, sp.dense_shape);
  return out;
}

nb::dict tensor_dict(const std::map<std::string, tf::Tensor>& tensors) {
  nb::dict out;
  for (const auto& [name, t] : tensors) out[name.c_str()] = t;
  return out;
}

/// tf.io.parse_sequence_example's core through the ParseSequenceExample op, eagerly or traced:
/// (context dense, context sparse triples, feature-list dense, feature-list sparse triples, lengths).
nb::tuple parse_sequence_features(nb::handle serialized, const nb::dict& context_features,
                                  const nb::dict& sequence_features) {
  std::map<std::string, tf::io::SequenceFeatureSpec> sequence;
  for (auto [name, spec] : sequence_features) sequence[nb::cast<std::string>(name)] = sequence_feature_spec(spec);
  const tf::io::ParsedSequenceExamples p =
      tf::io::parse_sequence_example(to_tensor(serialized, tf::string), feature_specs(context_features), sequence);
  return nb::make_tuple(tensor_dict(p.context), sparse_dict(p.context_sparse), tensor_dict(p.feature_lists),
                        sparse_dict(p.feature_lists_sparse), tensor_dict(p.lengths));
}

}  // namespace

void bind_io(nb::module_& m) {
  nb::module_ io = m.def_submodule("_io", "The C++ core of tf.io.");
  io.def("decode_raw", [](nb::handle bytes, nb::handle out_type, bool little_endian) {
    return tf::io::decode_raw(to_tensor(bytes, tf::string), dtype_from(out_type), {.little_endian = little_endian});
  }, "input_bytes"_a, "out_type"_a, "little_endian"_a = true);
  io.def("read_file", [](nb::handle filename) { return tf::io::read_file(to_tensor(filename, tf::string)); },
         "filename"_a);
  io.def("write_file", [](nb::handle filename, nb::handle contents) {
    tf::io::write_file(to_tensor(filename, tf::string), to_tensor(contents, tf::string));
  }, "filename"_a, "contents"_a);
  io.def("serialize_tensor", [](nb::handle tensor) { return tf::io::serialize_tensor(to_tensor(tensor)); }, "tensor"_a);
  io.def("decode_compressed", [](nb::handle bytes, const std::string& compression_type) {
    return tf::io::decode_compressed(to_tensor(bytes, tf::string), compression_type);
  }, "bytes"_a, "compression_type"_a);
  io.def("decode_json_example", [](nb::handle json) { return tf::io::decode_json_example(to_tensor(json, tf::string)); },
         "json_examples"_a);
  io.def("parse_tensor", [](nb::handle serialized, nb::handle out_type) {
    return tf::io::parse_tensor(to_tensor(serialized, tf::string), dtype_from(out_type));
  }, "serialized"_a, "out_type"_a);
  io.def("deserialize_sparse", [](nb::handle serialized, nb::handle dtype) {
    static const tf::ops::OpDef& op = *tf::ops::find_op("DeserializeSparse");
    const std::array<tf::ops::AttrValue, 1> attrs{dtype_from(dtype)};
    tf::ops::Outputs out = tf::ops::execute(op, {to_tensor(serialized, tf::string)}, attrs);
    return std::tuple(std::move(out[0]), std::move(out[1]), std::move(out[2]));
  }, "serialized_sparse"_a, "dtype"_a,
     "The DeserializeSparse op: SparseTensors serialized as [..., 3] strings as one (indices, values, dense_shape).");

  io.def("serialize_sparse", [](nb::handle indices, nb::handle values, nb::handle dense_shape) {
    return tf::io::serialize_sparse({to_tensor(indices, tf::int64), to_tensor(values), to_tensor(dense_shape, tf::int64)});
  }, "indices"_a, "values"_a, "dense_shape"_a);
  io.def("serialize_many_sparse", [](nb::handle indices, nb::handle values, nb::handle dense_shape) {
    return tf::io::serialize_many_sparse({to_tensor(indices, tf::int64), to_tensor(values), to_tensor(dense_shape, tf::int64)});
  }, "indices"_a, "values"_a, "dense_shape"_a);
  io.def("deserialize_many_sparse", [](nb::handle serialized, nb::handle dtype) {
    tf::SparseTensor sp = tf::io::deserialize_many_sparse(to_tensor(serialized, tf::string), dtype_from(dtype));
    return std::tuple(std::move(sp.indices), std::move(sp.values), std::move(sp.dense_shape));
  }, "serialized_sparse"_a, "dtype"_a);

  io.def("deserialize_ragged", [](nb::handle serialized, nb::handle dtype, nb::handle splits_dtype,
                                  std::int64_t batch_levels, std::int64_t ragged_rank) {
    static const tf::ops::OpDef& op = *tf::ops::find_op("DeserializeRagged");
    const std::array<tf::ops::AttrValue, 4> attrs{dtype_from(dtype), dtype_from(splits_dtype), batch_levels,
                                                  ragged_rank};
    tf::ops::Outputs out = tf::ops::execute(op, {to_tensor(serialized, tf::string)}, attrs);
    return std::vector<tf::Tensor>(out.begin(), out.end());
  }, "serialized_ragged"_a, "dtype"_a, "splits_dtype"_a, "batch_levels"_a, "ragged_rank"_a,
     "The DeserializeRagged op: RaggedTensors serialized as [..., ragged_rank + 1] strings, batch_levels deep, as one "
     "(row splits..., flat values).");

  nb::class_<tf::io::TFRecordWriter>(io, "TFRecordWriter", "Writes records to a TFRecord file.")
      .def("__init__", [](tf::io::TFRecordWriter* w, const std::string& path, const std::string& compression_type) {
        new (w) tf::io::TFRecordWriter(path, {.compression_type = compression_type});
      }, "path"_a, "compression_type"_a)
      .def("write", [](tf::io::TFRecordWriter& w, nb::handle record) { w.write(bytes_of(record)); }, "record"_a)
      .def("flush", &tf::io::TFRecordWriter::flush)
      .def("close", &tf::io::TFRecordWriter::close);


  io.def("parse_features", &parse_features, "serialized"_a, "features"_a, "rank"_a, "ragged"_a);

  io.def("serialize_example", &serialize_example, "features"_a);
  io.def("parse_example_proto", &parse_example_proto, "serialized"_a);
  io.def("serialize_sequence_example", &serialize_sequence_example, "context"_a, "feature_lists"_a);
  io.def("parse_sequence_example_proto", &parse_sequence_example_proto, "serialized"_a);
  io.def("parse_sequence_features", &parse_sequence_features, "serialized"_a, "context_features"_a,
         "sequence_features"_a);
}

}  // namespace tfpp_python
