// tf::StructuredValue <-> proto::StructuredValue, as TensorFlow's nested_structure_coder.
#include "saving/saved_model/structured_value_proto.h"

#include <algorithm>
#include <numeric>

#include "proto/tensor_proto.h"
#include "tfpp/errors.h"

namespace tf::saving {
namespace {

using Kind = StructuredValue::Kind;

// The positions of a container's items in flattening order: a dict's by sorted key.
std::vector<std::size_t> flat_order(const StructuredValue& v) {
  std::vector<std::size_t> order(v.items.size());
  std::iota(order.begin(), order.end(), 0);
  if (v.kind == Kind::kDict)
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v.keys[a] < v.keys[b]; });
  return order;
}

void collect(const StructuredValue& v, std::vector<TensorSpec>& out) {
  if (v.kind == Kind::kTensorSpec) out.push_back(*v.tensor_spec);
  for (std::size_t i : flat_order(v)) collect(v.items[i], out);
}

void replace(StructuredValue& v, const std::vector<TensorSpec>& specs, std::size_t& next) {
  if (v.kind == Kind::kTensorSpec) {
    if (next >= specs.size()) throw InvalidArgumentError("[saved_model] a structured signature has more TensorSpecs than inputs");
    v.tensor_spec = specs[next++];
  }
  for (std::size_t i : flat_order(v)) replace(v.items[i], specs, next);
}

}  // namespace

proto::StructuredValue to_proto(const StructuredValue& v) {
  proto::StructuredValue p;
  switch (v.kind) {
    case Kind::kNone: p.mutable_none_value(); break;
    case Kind::kBool: p.set_bool_value(v.bool_value); break;
    case Kind::kInt: p.set_int64_value(v.int_value); break;
    case Kind::kFloat: p.set_float64_value(v.float_value); break;
    case Kind::kString: p.set_string_value(v.string_value); break;
    case Kind::kTensorSpec: {
      auto* spec = p.mutable_tensor_spec_value();
      spec->set_name(v.tensor_spec->name);
      proto_convert::to_shape_proto(v.tensor_spec->shape, spec->mutable_shape());
      spec->set_dtype(proto_convert::to_data_type(v.tensor_spec->dtype));
      break;
    }
    case Kind::kList:
      p.mutable_list_value();
      for (const StructuredValue& item : v.items) *p.mutable_list_value()->add_values() = to_proto(item);
      break;
    case Kind::kTuple:
      p.mutable_tuple_value();
      for (const StructuredValue& item : v.items) *p.mutable_tuple_value()->add_values() = to_proto(item);
      break;
    case Kind::kDict:
      p.mutable_dict_value();
      for (std::size_t i = 0; i < v.items.size(); ++i) (*p.mutable_dict_value()->mutable_fields())[v.keys[i]] = to_proto(v.items[i]);
      break;
    case Kind::kNamedTuple: {
      auto* tuple = p.mutable_named_tuple_value();
      tuple->set_name(v.string_value);
      for (std::size_t i = 0; i < v.items.size(); ++i) {
        auto* pair = tuple->add_values();
        pair->set_key(v.keys[i]);
        *pair->mutable_value() = to_proto(v.items[i]);
      }
      break;
    }
  }
  return p;
}

StructuredValue from_proto(const proto::StructuredValue& p, const std::string& where) {
  switch (p.kind_case()) {
    case proto::StructuredValue::kNoneValue:
    case proto::StructuredValue::KIND_NOT_SET: return {};
    case proto::StructuredValue::kBoolValue: return StructuredValue(p.bool_value());
    case proto::StructuredValue::kInt64Value: return StructuredValue(static_cast<std::int64_t>(p.int64_value()));
    case proto::StructuredValue::kFloat64Value: return StructuredValue(p.float64_value());
    case proto::StructuredValue::kStringValue: return StructuredValue(p.string_value());
    case proto::StructuredValue::kTensorSpecValue: {
      const auto& s = p.tensor_spec_value();
      return StructuredValue::spec(TensorSpec(proto_convert::from_shape_proto(s.shape()),
                                              proto_convert::from_data_type(s.dtype()), s.name()));
    }
    case proto::StructuredValue::kListValue:
    case proto::StructuredValue::kTupleValue: {
      const auto& values = p.has_list_value() ? p.list_value().values() : p.tuple_value().values();
      std::vector<StructuredValue> items;
      for (const proto::StructuredValue& item : values) items.push_back(from_proto(item, where));
      return p.has_list_value() ? StructuredValue::list(std::move(items)) : StructuredValue::tuple(std::move(items));
    }
    case proto::StructuredValue::kDictValue: {
      std::vector<std::string> keys;
      for (const auto& [key, value] : p.dict_value().fields()) keys.push_back(key);
      std::sort(keys.begin(), keys.end());  // the map's order is unspecified
      std::vector<StructuredValue> items;
      for (const std::string& key : keys) items.push_back(from_proto(p.dict_value().fields().at(key), where));
      return StructuredValue::dict(std::move(keys), std::move(items));
    }
    case proto::StructuredValue::kNamedTupleValue: {
      std::vector<std::string> keys;
      std::vector<StructuredValue> items;
      for (const auto& pair : p.named_tuple_value().values()) {
        keys.push_back(pair.key());
        items.push_back(from_proto(pair.value(), where));
      }
      return StructuredValue::named_tuple(p.named_tuple_value().name(), std::move(keys), std::move(items));
    }
    default:
      throw UnimplementedError("[saved_model] " + where + ": a structured value of kind " +
                               std::to_string(p.kind_case()) + " (not a tensor or Python literal) is not supported");
  }
}

std::vector<TensorSpec> flat_specs(const StructuredValue& value) {
  std::vector<TensorSpec> out;
  collect(value, out);
  return out;
}

StructuredValue with_specs(const StructuredValue& value, const std::vector<TensorSpec>& specs) {
  StructuredValue out = value;
  std::size_t next = 0;
  replace(out, specs, next);
  if (next != specs.size()) throw InvalidArgumentError("[saved_model] a structured signature has fewer TensorSpecs than inputs");
  return out;
}

}  // namespace tf::saving
