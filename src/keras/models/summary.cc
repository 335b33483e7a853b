// Model::summary(): Keras 3's table, as its rich-rendered text looks when stdout is not a
// terminal (print_summary in keras/src/utils/summary_utils.py, drawn by rich.table.Table).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>

#include "keras/models/model_data.h"
#include "tfpp/errors.h"
#include "tfpp/keras/model.h"
#include "tfpp/keras/summary_options.h"

namespace tf::keras {

namespace {

// rich's ratio_reduce: takes `total` cells from `values` in proportion to `ratios`.
std::vector<int> ratio_reduce(int total, std::vector<int> values) {
  int total_ratio = static_cast<int>(values.size());
  int remaining = total;
  for (int& v : values) {
    // Python's round() rounds halves to even.
    const double exact = double(remaining) / total_ratio;
    double r = std::floor(exact);
    const double frac = exact - r;
    if (frac > 0.5 || (frac == 0.5 && std::fmod(r, 2.0) != 0)) r += 1;
    const int distributed = std::min(v, static_cast<int>(r));
    v -= distributed;
    remaining -= distributed;
    --total_ratio;
  }
  return values;
}

std::size_t cells(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// rich's word wrap with overflow="ellipsis": words keep their trailing spaces; a word longer
// than the width gets a line of its own, cut with "…".
std::vector<std::string> wrap(const std::string& text, int width) {
  std::vector<std::string> lines;
  std::string line;
  int offset = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t start = i;
    while (i < text.size() && text[i] == ' ') ++i;
    while (i < text.size() && text[i] != ' ') ++i;
    std::size_t word_end = i;
    while (i < text.size() && text[i] == ' ') ++i;
    const std::string word = text.substr(start, i - start);
    const int word_length = static_cast<int>(cells(text.substr(start, word_end - start)));
    if (width - offset >= word_length) {
      line += word;
      offset += static_cast<int>(cells(word));
    } else {
      if (start > 0) lines.push_back(line);
      line = word;
      offset = static_cast<int>(cells(word));
    }
  }
  lines.push_back(line);
  for (std::string& l : lines) {
    while (!l.empty() && l.back() == ' ') l.pop_back();
    if (static_cast<int>(cells(l)) > width) {
      std::string cut;
      int n = 0;
      for (std::size_t k = 0; k < l.size() && n < width - 1; ++k) {
        cut += l[k];
        if (k + 1 >= l.size() || (static_cast<unsigned char>(l[k + 1]) & 0xC0) != 0x80) ++n;
      }
      l = cut + "…";
    }
  }
  return lines;
}

enum class Justify { kLeft, kRight, kCenter };

std::string pad(const std::string& s, int width, Justify justify) {
  const int fill = width - static_cast<int>(cells(s));
  if (fill <= 0) return s;
  if (justify == Justify::kRight) return std::string(fill, ' ') + s;
  if (justify == Justify::kCenter) return std::string(fill / 2, ' ') + s + std::string(fill - fill / 2, ' ');
  return s + std::string(fill, ' ');
}

std::string with_commas(std::int64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string readable_memory_size(double bytes) {
  const char* units[] = {"B", "KB", "MB", "GB", "TB", "PB"};
  char buf[64];
  for (const char* unit : units) {
    if (bytes / 1024 < 1) {
      std::snprintf(buf, sizeof buf, "%.2f %s", bytes, unit);
      return buf;
    }
    bytes /= 1024;
  }
  std::snprintf(buf, sizeof buf, "%.2f PB", bytes);
  return buf;
}

std::string shape_text(const TensorShape& shape) {
  std::string s = "(";
  for (int i = 0; i < shape.rank(); ++i) {
    if (i) s += ", ";
    s += shape[i] < 0 ? "None" : std::to_string(shape[i]);
  }
  return s + ")";  // Keras joins the dims: "(None)" for one
}

std::int64_t param_count(const std::vector<Variable>& vars) {
  std::int64_t n = 0;
  for (const Variable& v : vars) n += v.shape().num_elements();
  return n;
}

double memory_size(const std::vector<Variable>& vars) {
  double bytes = 0;
  for (const Variable& v : vars) bytes += double(v.shape().num_elements()) * double(dtype_size(v.dtype()));
  return bytes;
}

// Keras' format_layer_shape: the last node's outputs, else the shape from the build shapes.
std::string layer_shape(Layer& layer) {
  const auto& nodes = layer.layer_state().inbound_nodes;
  std::vector<TensorShape> shapes;
  for (const auto& weak : nodes)
    if (auto node = weak.lock()) shapes = node->output_shapes;
  if (shapes.empty()) {
    if (!layer.built() || layer.build_input_shapes().empty()) return "?";
    try {
      std::vector<DType> dtypes(layer.build_input_shapes().size(), layer.dtype());
      shapes = layer.compute_output_spec(layer.build_input_shapes(), dtypes).first;
    } catch (const Error&) {
      return "?";
    }
  }
  if (shapes.size() == 1) return shape_text(shapes[0]);
  std::string s = "[";
  for (std::size_t i = 0; i < shapes.size(); ++i) s += (i ? ", " : "") + shape_text(shapes[i]);
  return s + "]";
}

// Keras' get_layer_index_bound_by_layer_name: [first, last] of the layers the two patterns match.
std::vector<std::shared_ptr<Layer>> layers_in_range(const std::vector<std::shared_ptr<Layer>>& layers,
                                                    const std::pair<std::string, std::string>& range) {
  auto matching = [&](const std::string& pattern) {
    std::regex re;
    try {
      re = std::regex(pattern);
    } catch (const std::regex_error& e) {
      throw InvalidArgumentError("summary: layer_range pattern '" + pattern + "' is not a regex: " + e.what());
    }
    std::vector<std::size_t> found;
    for (std::size_t i = 0; i < layers.size(); ++i)
      if (std::regex_search(layers[i]->name(), re, std::regex_constants::match_continuous)) found.push_back(i);
    return found;
  };
  const std::vector<std::size_t> lower = matching(range.first), upper = matching(range.second);
  if (lower.empty() || upper.empty())
    throw InvalidArgumentError("Passed layer_names do not match the layer names in the model. Received: ['" +
                               range.first + "', '" + range.second + "']");
  std::size_t begin = lower.front(), end = upper.back() + 1;
  if (lower.front() > upper.back()) begin = upper.front(), end = lower.back() + 1;
  return {layers.begin() + static_cast<std::ptrdiff_t>(begin), layers.begin() + static_cast<std::ptrdiff_t>(end)};
}

}  // namespace

std::string Model::summary_string(int line_length) const { return summary_text(*this, {.line_length = line_length}); }

std::string summary_text(const Model& model, const SummaryOptions& options) {
  const detail::ModelData& d = model.model_data();
  int line_length = options.line_length;
  std::vector<std::shared_ptr<Layer>> rows_layers = model.layers();
  bool sequential_like = true;
  std::set<const detail::Node*> model_nodes;
  if (d.kind == detail::ModelData::Kind::kFunctional) {
    for (const auto& node : d.nodes) model_nodes.insert(node.get());
    // Keras: not sequential-like if a depth holds several nodes or a node has several inputs.
    std::set<const Layer*> layers_seen;
    for (const auto& node : d.nodes) {
      if (node->inputs.size() > 1) sequential_like = false;
      if (!layers_seen.insert(node->layer.get()).second) sequential_like = false;
    }
    for (std::size_t i = 0; sequential_like && i + 1 < d.nodes.size(); ++i) {
      const auto& next = d.nodes[i + 1];
      if (next->inputs.size() != 1 || next->inputs[0].node() != d.nodes[i]) sequential_like = false;
    }
  }
  std::vector<double> positions;
  std::vector<std::string> header;
  std::vector<Justify> justify;
  int default_length;
  if (sequential_like) {
    default_length = 88;
    positions = {0.45, 0.80, 1.0};
    header = {"Layer (type)", "Output Shape", "Param #"};
    justify = {Justify::kLeft, Justify::kLeft, Justify::kRight};
  } else {
    default_length = 108;
    positions = {0.3, 0.56, 0.74, 1.0};
    header = {"Layer (type)", "Output Shape", "Param #", "Connected to"};
    justify = {Justify::kLeft, Justify::kLeft, Justify::kRight, Justify::kLeft};
  }
  if (!options.positions.empty()) positions = options.positions;
  if (options.show_trainable) {
    default_length += 12;
    for (double& p : positions) p *= 0.9;
    positions.push_back(1.0);
    header.push_back("Trainable");
    justify.push_back(Justify::kCenter);
  }
  if (line_length <= 0) {
    // shutil.get_terminal_size() falls back to 80 columns when stdout is not a terminal.
    int columns = 80;
    if (const char* env = std::getenv("COLUMNS"); env && std::atoi(env) > 0) columns = std::atoi(env);
    line_length = std::min(default_length, columns - 4);
  }
  std::vector<int> widths;
  int current = 0;
  for (double p : positions) {
    const int w = static_cast<int>(p * line_length) - current;
    if (w < 4) throw InvalidArgumentError("Insufficient console width to print summary.");
    widths.push_back(w + 2);  // rich adds one cell of padding on each side
    current += w;
  }
  const int n = static_cast<int>(widths.size());
  const int available = line_length - (n + 1);
  int total = 0;
  for (int w : widths) total += w;
  if (total > available) widths = ratio_reduce(total - available, widths);

  std::vector<std::vector<std::string>> rows;
  // Keras' print_layer: the layer's row, then (expand_nested) its own layers', indented.
  std::vector<std::pair<std::shared_ptr<Layer>, int>> listed;
  const std::function<void(const std::shared_ptr<Layer>&, int)> list = [&](const std::shared_ptr<Layer>& layer, int level) {
    listed.emplace_back(layer, level);
    if (!options.expand_nested) return;
    if (const auto* nested = dynamic_cast<const Model*>(layer.get()))
      for (const auto& inner : nested->layers()) list(inner, level + 1);
  };
  if (options.layer_range) rows_layers = layers_in_range(rows_layers, *options.layer_range);
  for (const auto& layer : rows_layers) list(layer, 0);
  for (const auto& [layer, level] : listed) {
    std::vector<std::string> row;
    const std::string prefix = level ? repeat("   ", level) + "└ " : "";
    row.push_back(prefix + layer->name() + " (" + layer->class_name() + ")");
    row.push_back(layer_shape(*layer));
    row.push_back(layer->built() ? with_commas(layer->count_params()) : "0 (unbuilt)");
    if (!sequential_like) {
      std::string connections;
      for (const auto& weak : layer->layer_state().inbound_nodes) {
        auto node = weak.lock();
        if (!node || !model_nodes.count(node.get())) continue;
        for (const KerasTensor& k : node->inputs) {
          if (!connections.empty()) connections += ", ";
          connections += k.name();
        }
      }
      row.push_back(connections.empty() ? "-" : connections);
    }
    if (options.show_trainable) row.push_back(layer->weights().empty() ? "-" : layer->trainable() ? "Y" : "N");
    rows.push_back(row);
  }

  auto border = [&](const char* left, const char* fill, const char* mid, const char* end) {
    std::string s = left;
    for (int i = 0; i < n; ++i) s += repeat(fill, widths[i]) + (i + 1 < n ? mid : end);
    return s + "\n";
  };
  auto render_row = [&](const std::vector<std::string>& cells_text, const char* bar) {
    std::vector<std::vector<std::string>> wrapped;
    std::size_t height = 1;
    for (int i = 0; i < n; ++i) {
      wrapped.push_back(wrap(cells_text[i], widths[i] - 2));
      height = std::max(height, wrapped.back().size());
    }
    std::string s;
    for (std::size_t line = 0; line < height; ++line) {
      s += bar;
      for (int i = 0; i < n; ++i) {
        const std::string text = line < wrapped[i].size() ? wrapped[i][line] : "";
        s += " " + pad(text, widths[i] - 2, justify[i]) + " " + bar;
      }
      s += "\n";
    }
    return s;
  };

  std::ostringstream out;
  out << "Model: \"" << model.name() << "\"\n";
  out << border("┏", "━", "┳", "┓");
  out << render_row(header, "┃");
  out << border("┡", "━", "╇", "┩");
  for (std::size_t r = 0; r < rows.size(); ++r) {
    out << render_row(rows[r], "│");
    if (r + 1 < rows.size()) out << border("├", "─", "┼", "┤");
  }
  out << border("└", "─", "┴", "┘");
  const std::vector<Variable> trainable = model.trainable_weights(), frozen = model.non_trainable_weights();
  const std::int64_t trainable_count = param_count(trainable), frozen_count = param_count(frozen);
  const double trainable_size = memory_size(trainable), frozen_size = memory_size(frozen);
  // After fit, Keras also counts the optimizer's variables (iterations, learning rate, slots).
  std::vector<Variable> optimizer_vars;
  if (model.compiled() && model.optimizer().built()) optimizer_vars = model.optimizer().variables();
  const std::int64_t optimizer_count = param_count(optimizer_vars);
  const double optimizer_size = memory_size(optimizer_vars);
  out << " Total params: " << with_commas(trainable_count + frozen_count + optimizer_count) << " ("
      << readable_memory_size(trainable_size + frozen_size + optimizer_size) << ")\n";
  out << " Trainable params: " << with_commas(trainable_count) << " (" << readable_memory_size(trainable_size) << ")\n";
  out << " Non-trainable params: " << with_commas(frozen_count) << " (" << readable_memory_size(frozen_size) << ")\n";
  if (!optimizer_vars.empty())
    out << " Optimizer params: " << with_commas(optimizer_count) << " (" << readable_memory_size(optimizer_size) << ")\n";
  return out.str();
}

void Model::summary(std::ostream& os, int line_length) const { os << summary_string(line_length); }
void Model::summary() const { summary(std::cout); }

}  // namespace tf::keras
