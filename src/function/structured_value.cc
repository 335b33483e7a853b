// tf::StructuredValue's constructors of containers.
#include "tfpp/structured_value.h"

namespace tf {

StructuredValue StructuredValue::spec(TensorSpec s) {
  StructuredValue v;
  v.kind = Kind::kTensorSpec;
  v.tensor_spec = std::move(s);
  return v;
}

StructuredValue StructuredValue::list(std::vector<StructuredValue> items) {
  StructuredValue v;
  v.kind = Kind::kList;
  v.items = std::move(items);
  return v;
}

StructuredValue StructuredValue::tuple(std::vector<StructuredValue> items) {
  StructuredValue v = list(std::move(items));
  v.kind = Kind::kTuple;
  return v;
}

StructuredValue StructuredValue::dict(std::vector<std::string> keys, std::vector<StructuredValue> items) {
  StructuredValue v = list(std::move(items));
  v.kind = Kind::kDict;
  v.keys = std::move(keys);
  return v;
}

StructuredValue StructuredValue::named_tuple(std::string name, std::vector<std::string> keys,
                                             std::vector<StructuredValue> items) {
  StructuredValue v = dict(std::move(keys), std::move(items));
  v.kind = Kind::kNamedTuple;
  v.string_value = std::move(name);
  return v;
}

std::size_t StructuredValue::num_specs() const {
  std::size_t n = kind == Kind::kTensorSpec ? 1 : 0;
  for (const StructuredValue& item : items) n += item.num_specs();
  return n;
}

}  // namespace tf
