// `tfpp saved_model show`: what TensorFlow 2.21's `saved_model_cli show` prints
// (python/tools/saved_model_cli.py): the tag-sets; a MetaGraph's signature keys; one
// signature's inputs and outputs; or, with --all, every MetaGraph's signatures, the ops it
// uses and the root object's tf.functions with their input signatures. The one deviation: the
// set of ops is printed sorted (Python prints a set in hash order, which changes per process).
#include <algorithm>
#include <iostream>
#include <set>
#include <sstream>

#include "data_type_names.h"
#include "saved_model_commands.h"
#include "saving/saved_model/saved_model_file.h"
#include "tfpp/errors.h"

namespace tfpp_tool {
namespace {

using tf::proto::MetaGraphDef;
using tf::proto::StructuredValue;

// Python's repr of a str: single quotes unless the text holds ' and no ".
std::string python_repr(const std::string& s) {
  const char quote = s.find('\'') != std::string::npos && s.find('"') == std::string::npos ? '"' : '\'';
  std::string out(1, quote);
  for (unsigned char c : s) {
    if (c == '\\' || c == static_cast<unsigned char>(quote)) out += '\\', out += static_cast<char>(c);
    else if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20 || c == 0x7f) {
      static const char* hex = "0123456789abcdef";
      out += "\\x", out += hex[c >> 4], out += hex[c & 15];
    } else out += static_cast<char>(c);
  }
  return out + quote;
}

std::string join(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
  return out;
}

std::vector<std::string> tags_of(const MetaGraphDef& graph) {
  return {graph.meta_info_def().tags().begin(), graph.meta_info_def().tags().end()};
}

// The tag-set string split at ',' with empty items dropped, as saved_model_utils compares it.
std::set<std::string> parse_tag_set(const std::string& tag_set) {
  std::set<std::string> tags;
  std::stringstream in(tag_set);
  for (std::string tag; std::getline(in, tag, ',');)
    if (!tag.empty()) tags.insert(tag);
  return tags;
}

std::string python_shape(const tf::proto::TensorShapeProto& shape) {
  if (shape.unknown_rank()) return "<unknown>";
  std::vector<std::string> dims;
  for (const auto& dim : shape.dim()) dims.push_back(dim.size() < 0 ? "None" : std::to_string(dim.size()));
  return "(" + join(dims, ", ") + (dims.size() == 1 ? ",)" : ")");
}

std::string python_tensor_spec(const tf::proto::TensorSpecProto& spec) {
  return "TensorSpec(shape=" + python_shape(spec.shape()) + ", dtype=" + python_dtype_repr(spec.dtype()) +
         ", name=" + (spec.name().empty() ? std::string("None") : python_repr(spec.name())) + ")";
}

// Python's str() of a float, near enough for the values input signatures hold.
std::string python_float(double v) {
  std::ostringstream out;
  out.precision(17);
  out << v;
  std::string s = out.str();
  if (s.find_first_of(".eni") == std::string::npos) s += ".0";
  return s;
}

// str() of a restored Python value (what TensorFlow prints inside a list or dict).
std::string python_str(const StructuredValue& value) {
  switch (value.kind_case()) {
    case StructuredValue::kNoneValue: return "None";
    case StructuredValue::kFloat64Value: return python_float(value.float64_value());
    case StructuredValue::kInt64Value: return std::to_string(value.int64_value());
    case StructuredValue::kStringValue: return value.string_value();
    case StructuredValue::kBoolValue: return value.bool_value() ? "True" : "False";
    case StructuredValue::kTensorShapeValue: return python_shape(value.tensor_shape_value());
    case StructuredValue::kTensorDtypeValue: return python_dtype_repr(value.tensor_dtype_value());
    case StructuredValue::kTensorSpecValue: return python_tensor_spec(value.tensor_spec_value());
    case StructuredValue::kListValue:
    case StructuredValue::kTupleValue: {
      const auto& items = value.has_list_value() ? value.list_value().values() : value.tuple_value().values();
      std::vector<std::string> parts;
      for (const auto& item : items)
        parts.push_back(item.has_string_value() ? python_repr(item.string_value()) : python_str(item));
      if (value.has_list_value()) return "[" + join(parts, ", ") + "]";
      return "(" + join(parts, ", ") + (parts.size() == 1 ? ",)" : ")");
    }
    case StructuredValue::kDictValue: {
      std::map<std::string, const StructuredValue*> sorted;
      for (const auto& [key, item] : value.dict_value().fields()) sorted[key] = &item;
      std::vector<std::string> parts;
      for (const auto& [key, item] : sorted)
        parts.push_back(python_repr(key) + ": " + (item->has_string_value() ? python_repr(item->string_value()) : python_str(*item)));
      return "{" + join(parts, ", ") + "}";
    }
    default: return "<" + std::string(StructuredValue::descriptor()->FindFieldByNumber(value.kind_case())->name()) + ">";
  }
}

std::string python_type_name(const StructuredValue& value) {
  switch (value.kind_case()) {
    case StructuredValue::kNoneValue: return "NoneType";
    case StructuredValue::kFloat64Value: return "float";
    case StructuredValue::kInt64Value: return "int";
    case StructuredValue::kStringValue: return "str";
    case StructuredValue::kBoolValue: return "bool";
    case StructuredValue::kListValue: return "list";
    case StructuredValue::kTupleValue: return "tuple";
    case StructuredValue::kDictValue: return "dict";
    case StructuredValue::kTensorShapeValue: return "TensorShape";
    case StructuredValue::kTensorDtypeValue: return "DType";
    default: return "object";
  }
}

// saved_model_cli's _print_args at indent 4 (TensorFlow writes "\b\b" to take back the last ", ").
void print_args(const std::vector<const StructuredValue*>& arguments, const std::string& argument_type) {
  const std::string indent(8, ' ');
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const StructuredValue& element = *arguments[i];
    std::cout << indent << argument_type << " #" << i + 1 << "\n";
    if (element.has_string_value()) {
      std::cout << indent << "  " << element.string_value() << "\n";
    } else if (element.has_tensor_spec_value()) {
      const auto& spec = element.tensor_spec_value();
      std::cout << std::string(10, ' ') << (spec.name().empty() ? "None" : spec.name()) << ": " << python_tensor_spec(spec) << "\n";
    } else if (element.has_list_value() || element.has_tuple_value()) {
      std::cout << indent << "  DType: " << python_type_name(element) << "\n" << indent << "  Value: [";
      const auto& items = element.has_list_value() ? element.list_value().values() : element.tuple_value().values();
      for (const auto& item : items) std::cout << (item.has_string_value() ? python_repr(item.string_value()) : python_str(item)) << ", ";
      std::cout << "\b\b]\n";
    } else if (element.has_dict_value()) {
      std::cout << indent << "  DType: dict\n" << indent << "  Value: {";
      std::map<std::string, const StructuredValue*> sorted;
      for (const auto& [key, item] : element.dict_value().fields()) sorted[key] = &item;
      for (const auto& [key, item] : sorted)
        std::cout << "'" << key << "': " << (item->has_string_value() ? python_repr(item->string_value()) : python_str(*item)) << ", ";
      std::cout << "\b\b}\n";
    } else {
      std::cout << indent << "  DType: " << python_type_name(element) << "\n" << indent << "  Value: " << python_str(element) << "\n";
    }
  }
}

void print_tensor_info(const tf::proto::TensorInfo& info, const std::string& indent) {
  std::cout << indent << "    dtype: " << data_type_name(info.dtype()) << "\n";
  std::string shape = "unknown_rank";
  if (!info.tensor_shape().unknown_rank()) {
    std::vector<std::string> dims;
    for (const auto& dim : info.tensor_shape().dim()) dims.push_back(std::to_string(dim.size()));
    shape = "(" + join(dims, ", ") + ")";
  }
  std::cout << indent << "    shape: " << shape << "\n";
  std::cout << indent << "    name: " << info.name() << "\n";
}

void show_inputs_outputs(const MetaGraphDef& graph, const std::string& key, int indent_level) {
  const auto found = graph.signature_def().find(key);
  if (found == graph.signature_def().end()) {
    std::vector<std::string> keys;
    for (const auto& [name, _] : graph.signature_def()) keys.push_back(name);
    std::sort(keys.begin(), keys.end());
    throw tf::NotFoundError("[saved_model show] Could not find signature \"" + key + "\". Please choose from: " + join(keys, ", "));
  }
  const std::string indent(2 * static_cast<std::size_t>(indent_level), ' ');
  const tf::proto::SignatureDef& signature = found->second;
  std::cout << indent << "The given SavedModel SignatureDef contains the following input(s):\n";
  std::map<std::string, const tf::proto::TensorInfo*> inputs, outputs;
  for (const auto& [name, info] : signature.inputs()) inputs[name] = &info;
  for (const auto& [name, info] : signature.outputs()) outputs[name] = &info;
  for (const auto& [name, info] : inputs) {
    std::cout << indent << "  inputs['" << name << "'] tensor_info:\n";
    print_tensor_info(*info, indent + "  ");
  }
  std::cout << indent << "The given SavedModel SignatureDef contains the following output(s):\n";
  for (const auto& [name, info] : outputs) {
    std::cout << indent << "  outputs['" << name << "'] tensor_info:\n";
    print_tensor_info(*info, indent + "  ");
  }
  std::cout << indent << "Method name is: " << signature.method_name() << "\n";
}

// The ops the graph and the functions it calls use (meta_graph.ops_used_by_graph_def: only
// functions reached through a node's op or a (Stateful)PartitionedCall's f are followed).
std::set<std::string> ops_used(const tf::proto::GraphDef& graph) {
  std::map<std::string, const tf::proto::FunctionDef*> functions;
  for (const auto& function : graph.library().function()) functions.emplace(function.signature().name(), &function);
  std::set<std::string> used;
  std::vector<const tf::proto::FunctionDef*> pending;
  auto mark = [&](const std::string& op) {
    const auto function = functions.find(op);
    if (!used.count(op) && function != functions.end()) pending.push_back(function->second);
    used.insert(op);
  };
  auto visit = [&](const tf::proto::NodeDef& node) {
    mark(node.op());
    if (node.op() == "PartitionedCall" || node.op() == "StatefulPartitionedCall") {
      const auto f = node.attr().find("f");
      mark(f != node.attr().end() ? f->second.func().name() : "");
    }
  };
  for (const auto& node : graph.node()) visit(node);
  while (!pending.empty()) {
    const tf::proto::FunctionDef* function = pending.back();
    pending.pop_back();
    for (const auto& node : function->node_def()) visit(node);
  }
  std::erase_if(used, [&](const std::string& op) { return functions.count(op) != 0; });
  return used;
}

void show_ops(const MetaGraphDef& graph) {
  std::vector<std::string> tags;
  for (const std::string& tag : tags_of(graph)) tags.push_back(python_repr(tag));
  std::vector<std::string> ops;
  for (const std::string& op : ops_used(graph.graph_def())) ops.push_back(python_repr(op));
  std::cout << "The MetaGraph with tag set [" << join(tags, ", ") << "] contains the following ops: "
            << (ops.empty() ? std::string("set()") : "{" + join(ops, ", ") + "}") << "\n";
}

// The root object's tf.functions and concrete functions, with their input signatures, as
// _show_defined_functions lists them from the restored object.
void show_defined_functions(const tf::proto::SavedModel& model) {
  const MetaGraphDef* with_objects = nullptr;
  for (const MetaGraphDef& graph : model.meta_graphs())
    if (graph.has_object_graph_def()) with_objects = &graph;
  if (!with_objects) return;
  std::cout << "\nConcrete Functions:";
  const tf::proto::SavedObjectGraph& objects = with_objects->object_graph_def();
  if (objects.nodes_size() == 0) {
    std::cout << " N/A (could not be listed due to unknown reasons)\n";
    return;
  }
  std::vector<std::pair<std::string, int>> children;
  for (const auto& child : objects.nodes(0).children()) children.emplace_back(child.local_name(), child.node_id());
  std::stable_sort(children.begin(), children.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [name, id] : children) {
    if (id < 0 || id >= objects.nodes_size()) continue;
    const tf::proto::SavedObject& child = objects.nodes(id);
    std::vector<std::string> concrete;
    if (child.has_function()) concrete.assign(child.function().concrete_functions().begin(), child.function().concrete_functions().end());
    else if (child.has_bare_concrete_function()) concrete.push_back(child.bare_concrete_function().concrete_function_name());
    else continue;
    std::cout << "\n  Function Name: '" << name << "'\n";
    std::sort(concrete.begin(), concrete.end());
    for (std::size_t index = 0; index < concrete.size(); ++index) {
      std::vector<const StructuredValue*> args, kwargs;
      StructuredValue keywords;
      const auto found = objects.concrete_functions().find(concrete[index]);
      const bool has_signature = found != objects.concrete_functions().end() && found->second.has_canonicalized_input_signature();
      if (has_signature) {
        // (args, kwargs): a tuple of the positional specs and a dict of the keyword ones.
        const StructuredValue& signature = found->second.canonicalized_input_signature();
        const auto& parts = signature.has_tuple_value() ? signature.tuple_value().values() : signature.list_value().values();
        if (parts.size() >= 1) {
          const auto& positional = parts[0].has_tuple_value() ? parts[0].tuple_value().values() : parts[0].list_value().values();
          for (const auto& value : positional) args.push_back(&value);
        }
        if (parts.size() >= 2 && parts[1].has_dict_value()) {
          std::map<std::string, bool> sorted;
          for (const auto& [key, _] : parts[1].dict_value().fields()) sorted[key] = true;
          for (const auto& [key, _] : sorted) keywords.mutable_list_value()->add_values()->set_string_value(key);
        }
      } else if (child.has_bare_concrete_function()) {
        for (const std::string& keyword : child.bare_concrete_function().argument_keywords())
          keywords.mutable_tuple_value()->add_values()->set_string_value(keyword);
        for (const auto& value : keywords.tuple_value().values()) args.push_back(&value);
      }
      for (const auto& value : keywords.list_value().values()) kwargs.push_back(&value);
      if (!args.empty()) {
        std::cout << "    Option #" << index + 1 << "\n      Callable with:\n";
        print_args(args, "Argument");
      }
      if (!kwargs.empty()) print_args(kwargs, "Named Argument");
    }
  }
}

void show_all(const tf::proto::SavedModel& model) {
  std::vector<const MetaGraphDef*> graphs;
  for (const MetaGraphDef& graph : model.meta_graphs()) graphs.push_back(&graph);
  std::stable_sort(graphs.begin(), graphs.end(), [](const MetaGraphDef* a, const MetaGraphDef* b) { return tags_of(*a) < tags_of(*b); });
  for (const MetaGraphDef* graph : graphs) {
    std::cout << "\nMetaGraphDef with tag-set: '" << join(tags_of(*graph), ", ") << "' contains the following SignatureDefs:\n";
    std::set<std::string> keys;
    for (const auto& [key, _] : graph->signature_def()) keys.insert(key);
    for (const std::string& key : keys) {
      std::cout << "\nsignature_def['" << key << "']:\n";
      show_inputs_outputs(*graph, key, 1);
    }
    show_ops(*graph);
  }
  show_defined_functions(model);
}

}  // namespace

const tf::proto::MetaGraphDef& meta_graph_for(const tf::proto::SavedModel& model, const std::string& tag_set) {
  const std::set<std::string> wanted = parse_tag_set(tag_set);
  std::vector<std::string> valid;
  for (const MetaGraphDef& graph : model.meta_graphs()) {
    const std::vector<std::string> tags = tags_of(graph);
    if (std::set<std::string>(tags.begin(), tags.end()) == wanted) return graph;
    valid.push_back(python_repr(join(tags, ",")));
  }
  throw tf::NotFoundError("[saved_model] MetaGraphDef associated with tag-set " + tag_set +
                          " could not be found in the SavedModel. Please use one of the following tag-sets: [" + join(valid, ", ") + "]");
}

void show_saved_model(const ShowOptions& options) {
  const tf::proto::SavedModel model = tf::saved_model::read_saved_model(options.dir);
  if (options.all) return show_all(model);
  if (options.tag_set.empty()) {
    std::vector<std::vector<std::string>> tag_sets;
    for (const MetaGraphDef& graph : model.meta_graphs()) tag_sets.push_back(tags_of(graph));
    std::sort(tag_sets.begin(), tag_sets.end());
    std::cout << "The given SavedModel contains the following tag-sets:\n";
    for (std::vector<std::string>& tags : tag_sets) {
      std::sort(tags.begin(), tags.end());
      std::cout << python_repr(join(tags, ", ")) << "\n";
    }
    return;
  }
  const MetaGraphDef& graph = meta_graph_for(model, options.tag_set);
  if (!options.signature_def.empty()) return show_inputs_outputs(graph, options.signature_def, 0);
  std::set<std::string> keys;
  for (const auto& [key, _] : graph.signature_def()) keys.insert(key);
  std::cout << "The given SavedModel MetaGraphDef contains SignatureDefs with the following keys:\n";
  for (const std::string& key : keys) std::cout << "SignatureDef key: \"" << key << "\"\n";
}

}  // namespace tfpp_tool
