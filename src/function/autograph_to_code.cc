// tf::autograph::to_code: a traced graph as C++-like pseudo-code. TensorFlow's to_code shows
// the Python AutoGraph generated; C++ source is not rewritten, so this shows what tracing made:
// one statement per op, each If as `if (pred) { ... } else { ... }` with the source location of
// its condition, other ops with bodies (While) with their bodies.
#include <sstream>

#include "core/tensor_impl.h"
#include "function/concrete_function_impl.h"
#include "graph/function_body.h"
#include "tfpp/autograph.h"

namespace tf::autograph {
namespace {

using BodyPtr = std::shared_ptr<const graph::FunctionBody>;

std::string attr_text(const ops::AttrValue& value) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        std::ostringstream os;
        if constexpr (std::is_same_v<T, bool>) os << (v ? "true" : "false");
        else if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, double>) os << v;
        else if constexpr (std::is_same_v<T, DType>) os << dtype_name(v);
        else if constexpr (std::is_same_v<T, std::string>) os << '"' << v << '"';
        else if constexpr (std::is_same_v<T, std::vector<std::int64_t>>) {
          os << "{";
          for (std::size_t i = 0; i < v.size(); ++i) os << (i ? ", " : "") << v[i];
          os << "}";
        } else if constexpr (std::is_same_v<T, TensorShape>) os << v.debug_string();
        return os.str();
      },
      value);
}

class CodeWriter {
 public:
  std::string function(const std::string& name, const graph::Graph& g) {
    std::vector<std::string> args;
    std::string signature;
    for (int a : g.args()) {
      const graph::Node& n = g.node(a);
      signature += (signature.empty() ? "" : ", ") + n.name + ": " + info(n.outputs[0]);
      args.push_back(n.name);
    }
    out_ << name << "(" << signature << ") {\n";
    std::vector<std::string> results = body(g, args, 1);
    line(1) << "return " << tuple(results) << ";\n";
    out_ << "}\n";
    return out_.str();
  }

 private:
  static std::string info(const ops::TensorInfo& i) { return std::string(dtype_name(i.dtype)) + i.shape.debug_string(); }

  static std::string tuple(const std::vector<std::string>& names) {
    if (names.size() == 1) return names[0];
    std::string s = "(";
    for (std::size_t i = 0; i < names.size(); ++i) s += (i ? ", " : "") + names[i];
    return s + ")";
  }

  std::ostream& line(int depth) { return out_ << std::string(2 * depth, ' '); }

  // Writes g's op nodes with its arguments named `args`; returns the names of its results.
  std::vector<std::string> body(const graph::Graph& g, const std::vector<std::string>& args, int depth) {
    std::vector<std::vector<std::string>> names(g.nodes().size());
    auto name_of = [&](graph::NodeOutput o) { return names[o.node].at(o.index); };
    for (std::size_t i = 0; i < g.nodes().size(); ++i) {
      const graph::Node& n = g.node(i);
      if (n.kind == graph::NodeKind::kArg) {
        names[i] = {args.at(n.arg_index)};
        continue;
      }
      if (n.kind == graph::NodeKind::kConst) {
        names[i] = {n.value.num_elements() <= 4 && n.value.dtype() != DType::kString ? n.value.values_string() : n.name};
        if (names[i][0] == n.name) line(depth) << n.name << " = Const(...);\n";
        continue;
      }
      for (std::size_t k = 0; k < n.outputs.size(); ++k)
        names[i].push_back(n.outputs.size() == 1 ? n.name : n.name + ":" + std::to_string(k));
      std::vector<std::string> inputs;
      for (const auto& in : n.inputs) inputs.push_back(name_of(in));
      const bool is_if = n.op->name == "If" || n.op->name == "StatelessIf";
      const bool is_loop = n.op->name == "While" || n.op->name == "StatelessWhile";
      if (is_if) {
        write_if(n, names[i], inputs, depth);
        continue;
      }
      std::string call = n.op->name + "(";
      bool first = true;
      for (const std::string& in : inputs) call += (std::exchange(first, false) ? "" : ", ") + in;
      std::vector<std::pair<std::string, const graph::FunctionBody*>> bodies;
      for (std::size_t a = 0; a < n.attrs.size() && a < n.op->attr_names.size(); ++a) {
        if (const auto* b = std::get_if<BodyPtr>(&n.attrs[a])) bodies.emplace_back(n.op->attr_names[a], b->get());
        else if (!std::holds_alternative<std::monostate>(n.attrs[a]) && !std::holds_alternative<std::shared_ptr<const ops::OpPayload>>(n.attrs[a]))
          call += (std::exchange(first, false) ? "" : ", ") + n.op->attr_names[a] + "=" + attr_text(n.attrs[a]);
      }
      call += ")";
      line(depth) << (names[i].empty() ? "" : tuple(names[i]) + " = ") << call << (bodies.empty() ? ";" : " {");
      if (!n.source.empty()) out_ << "  // " << n.source;
      out_ << "\n";
      for (const auto& [attr, b] : bodies) {
        std::vector<std::string> body_args;
        // A loop's loop variables change at each iteration: they take the names of the loop's
        // outputs; its other inputs (captures) pass through unchanged.
        for (int s : b->arg_sources)
          body_args.push_back(is_loop && s < static_cast<int>(names[i].size()) ? names[i][s] : inputs.at(s));
        line(depth + 1) << attr << " {\n";
        std::vector<std::string> results = body(*b->graph, body_args, depth + 2);
        line(depth + 2) << "return " << tuple(results) << ";\n";
        line(depth + 1) << "}\n";
      }
      if (!bodies.empty()) line(depth) << "}\n";
    }
    std::vector<std::string> results;
    for (const auto& o : g.outputs()) results.push_back(name_of(o));
    return results;
  }

  void write_if(const graph::Node& n, const std::vector<std::string>& outputs, const std::vector<std::string>& inputs,
                int depth) {
    line(depth) << "if (" << inputs.at(0) << ") {";
    if (!n.source.empty()) out_ << "  // " << n.source;
    out_ << "\n";
    const char* sides[] = {"} else {\n", "}\n"};
    for (int side = 0; side < 2; ++side) {
      const graph::FunctionBody& b = *std::get<BodyPtr>(n.attrs[side]);
      std::vector<std::string> args;
      for (int s : b.arg_sources) args.push_back(inputs.at(s));
      std::vector<std::string> results = body(*b.graph, args, depth + 1);
      for (std::size_t k = 0; k < results.size(); ++k) line(depth + 1) << outputs[k] << " = " << results[k] << ";\n";
      line(depth) << sides[side];
    }
  }

  std::ostringstream out_;
};

}  // namespace

std::string to_code(const ConcreteFunction& fn) {
  if (!fn.defined()) throw InvalidArgumentError("[to_code] the concrete function is undefined");
  return CodeWriter().function(fn.impl()->name, *fn.impl()->graph);
}

}  // namespace tf::autograph
