// Printing tensors exactly as TensorFlow does: NumPy's array formatting inside
// "tf.Tensor(..., shape=..., dtype=...)".
//
// Note [NumPy float formatting]: every element is written with the fewest digits that read
// back as the same value (at most 8 after the point); all elements then share one layout:
// integer parts right-aligned, fractions padded on the right. Whole numbers print as "1.".
// Scientific notation is used when the largest magnitude is >= 1e8, the smallest nonzero is
// < 1e-4, or their ratio exceeds 1000. More than 1000 elements are summarized with "...".
#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "core/tensor_impl.h"

namespace tf {
namespace {

constexpr int kPrecision = 8;
constexpr std::int64_t kSummaryThreshold = 1000;
constexpr std::int64_t kEdgeItems = 3;
constexpr std::size_t kLineWidth = 75;

template <class T>
std::string chars(T value, std::chars_format fmt, int precision = -1) {
  char buf[128];
  auto res = precision < 0 ? std::to_chars(buf, buf + sizeof buf, value, fmt)
                           : std::to_chars(buf, buf + sizeof buf, value, fmt, precision);
  return std::string(buf, res.ptr);
}

// Removes trailing zeros of a fraction ("1.500" -> "1.5", "2.000" -> "2.").
std::string trim_fraction(std::string s) {
  if (s.find('.') == std::string::npos) return s + ".";
  while (s.back() == '0') s.pop_back();
  return s;
}

// Splits "mantissa[e+XX]" positional text into the digits before and after the point.
struct FloatParts {
  std::string int_part, frac_part, exponent;
};

template <class T>
FloatParts float_parts(T v, bool scientific) {
  FloatParts p;
  if (std::isnan(v)) {
    p.int_part = "nan";
    return p;
  }
  if (std::isinf(v)) {
    p.int_part = v < 0 ? "-inf" : "inf";
    return p;
  }
  std::string s;
  if (scientific) {
    s = chars(v, std::chars_format::scientific);
    auto e = s.find('e');
    std::string mantissa = s.substr(0, e);
    if (mantissa.size() > 2 + kPrecision + (v < 0)) mantissa = chars(v, std::chars_format::scientific, kPrecision).substr(0, e);
    s = trim_fraction(mantissa.find('.') == std::string::npos ? mantissa : mantissa);
    p.exponent = chars(v, std::chars_format::scientific).substr(e);
    if (p.exponent.size() < 4) p.exponent.insert(2, "0");  // e+5 -> e+05
  } else {
    s = chars(v, std::chars_format::fixed);
    auto dot = s.find('.');
    if (dot != std::string::npos && s.size() - dot - 1 > kPrecision) s = chars(v, std::chars_format::fixed, kPrecision);
    s = trim_fraction(s);
  }
  auto dot = s.find('.');
  p.int_part = s.substr(0, dot);
  p.frac_part = s.substr(dot + 1);
  return p;
}

// Formats every element of a flat array into strings of one shared width.
class ElementFormatter {
 public:
  ElementFormatter(const Tensor& t, const std::vector<std::int64_t>& shown) {
    visit_dtype(t.dtype(), [&](auto tag) {
      using T = decltype(tag);
      const T* data = t.data<T>();
      if constexpr (std::is_floating_point_v<T>) {
        format_floats(data, shown);
      } else {
        for (std::int64_t i : shown) words_.push_back(format_other(data[i]));
        pad_left();
      }
    });
  }
  const std::string& word(std::size_t i) const { return words_[i]; }

 private:
  template <class T>
  static std::string format_other(const T& v) {
    if constexpr (std::is_same_v<T, bool>) return v ? "True" : "False";
    else if constexpr (std::is_same_v<T, std::string>) return bytes_literal(v);
    else return std::to_string(v);
  }

  static std::string bytes_literal(const std::string& s) {
    const bool use_double = s.find('\'') != std::string::npos && s.find('"') == std::string::npos;
    std::string out = use_double ? "b\"" : "b'";
    for (unsigned char c : s) {
      if (c == '\\') out += "\\\\";
      else if (c == '\'' && !use_double) out += "\\'";
      else if (c == '\n') out += "\\n";
      else if (c == '\t') out += "\\t";
      else if (c == '\r') out += "\\r";
      else if (c < 32 || c >= 127) {
        const char* hex = "0123456789abcdef";
        out += "\\x";
        out += hex[c >> 4];
        out += hex[c & 15];
      } else out += static_cast<char>(c);
    }
    return out + (use_double ? "\"" : "'");
  }

  template <class T>
  void format_floats(const T* data, const std::vector<std::int64_t>& shown) {
    double max_abs = 0, min_abs = INFINITY;
    for (std::int64_t i : shown) {
      const double a = std::fabs(static_cast<double>(data[i]));
      if (!std::isfinite(a) || a == 0) continue;
      max_abs = std::max(max_abs, a);
      min_abs = std::min(min_abs, a);
    }
    const bool scientific = max_abs >= 1e8 || (max_abs > 0 && (min_abs < 1e-4 || max_abs / min_abs > 1000));
    std::vector<FloatParts> parts;
    std::size_t int_width = 0, frac_width = 0;
    for (std::int64_t i : shown) {
      parts.push_back(float_parts(data[i], scientific));
      int_width = std::max(int_width, parts.back().int_part.size());
      frac_width = std::max(frac_width, parts.back().frac_part.size());
    }
    for (const FloatParts& p : parts) {
      std::string w(int_width - std::min(int_width, p.int_part.size()), ' ');
      w += p.int_part;
      if (p.int_part == "nan" || p.int_part.ends_with("inf")) {
        w += std::string(frac_width + 1 + (scientific ? 4 : 0), ' ');
      } else {
        w += "." + p.frac_part + std::string(frac_width - p.frac_part.size(), ' ') + p.exponent;
      }
      words_.push_back(w);
    }
  }

  void pad_left() {
    std::size_t width = 0;
    for (const auto& w : words_) width = std::max(width, w.size());
    for (auto& w : words_) w.insert(0, width - w.size(), ' ');
  }

  std::vector<std::string> words_;
};

// Walks the tensor's dimensions, writing brackets, separators, line breaks and "...".
class ArrayPrinter {
 public:
  explicit ArrayPrinter(const Tensor& t) : t_(t), dims_(t.shape().dims().begin(), t.shape().dims().end()) {
    summarize_ = t.num_elements() > kSummaryThreshold;
    collect(0, 0);
    formatter_ = std::make_unique<ElementFormatter>(t, shown_);
  }

  std::string print() {
    std::string out;
    next_word_ = 0;
    std::string line;
    emit(0, " ", out, line);
    return out + line;
  }

 private:
  bool elided(int d) const { return summarize_ && dims_[d] > 2 * kEdgeItems; }

  // Records, in print order, the flat indices of the elements that will be shown.
  void collect(int d, std::int64_t offset) {
    if (d == static_cast<int>(dims_.size())) {
      shown_.push_back(offset);
      return;
    }
    std::int64_t stride = 1;
    for (std::size_t k = d + 1; k < dims_.size(); ++k) stride *= dims_[k];
    for (std::int64_t i = 0; i < dims_[d]; ++i) {
      if (elided(d) && i == kEdgeItems) i = dims_[d] - kEdgeItems;
      collect(d + 1, offset + i * stride);
    }
  }

  void emit(int d, const std::string& indent, std::string& out, std::string& line) {
    const int rank = static_cast<int>(dims_.size());
    if (d == rank) {
      line += formatter_->word(next_word_++);
      return;
    }
    line += "[";
    const std::int64_t n = dims_[d];
    for (std::int64_t i = 0; i < n; ++i) {
      if (elided(d) && i == kEdgeItems) {
        if (d == rank - 1) {
          add_word("...", indent, out, line, i + 1 == n);
        } else {
          out += line + "\n";
          line = indent + "...";
          out += line + "\n" + (rank - d - 1 > 1 ? "\n" : "");
          line = indent;
        }
        i = n - kEdgeItems;
      }
      if (d == rank - 1) {
        add_word(formatter_->word(next_word_++), indent, out, line, i + 1 == n);
      } else {
        emit(d + 1, indent + " ", out, line);
        if (i + 1 < n) {
          out += line + "\n" + std::string(rank - d - 2, '\n');
          line = indent;
        }
      }
    }
    line += "]";
  }

  // Appends an element of the innermost dimension, wrapping lines at NumPy's width.
  void add_word(const std::string& word, const std::string& indent, std::string& out, std::string& line, bool last) {
    const std::size_t reserve = last ? 1 : 0;  // the closing bracket
    if (line.size() + word.size() + reserve > kLineWidth && line.size() > indent.size() + 1) {
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
      line = indent;
    }
    line += word;
    if (!last) line += " ";
  }

  const Tensor& t_;
  std::vector<std::int64_t> dims_;
  bool summarize_ = false;
  std::vector<std::int64_t> shown_;
  std::unique_ptr<ElementFormatter> formatter_;
  std::size_t next_word_ = 0;
};

// NumPy prints a 0-d array's value as Python's repr of the scalar: "5.0", "2", "True", b'aa'.
std::string scalar_string(const Tensor& t) {
  return visit_dtype(t.dtype(), [&](auto tag) -> std::string {
    using T = decltype(tag);
    const T& v = *t.data<T>();
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(v)) return "nan";
      if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
      const double a = std::fabs(static_cast<double>(v));
      if (a != 0 && (a >= 1e16 || a < 1e-4)) {
        std::string s = chars(v, std::chars_format::scientific);
        auto e = s.find('e');
        if (s.find('.') == std::string::npos) s.insert(e, ".0");
        return s;
      }
      std::string s = chars(v, std::chars_format::fixed);
      return s.find('.') == std::string::npos ? s + ".0" : s;
    } else {
      return ElementFormatter(t, {0}).word(0);
    }
  });
}

}  // namespace

std::string Tensor::values_string() const {
  if (is_symbolic()) return "<symbolic>";
  if (dtype() == DType::kResource) return "<ResourceHandle>";
  if (dtype() == DType::kVariant) return "<TensorList>";
  if (rank() == 0) return scalar_string(*this);
  return ArrayPrinter(*this).print();
}

std::string Tensor::to_string() const {
  if (!defined()) return "tf.Tensor(<undefined>)";
  if (is_symbolic())  // as TensorFlow prints a graph tensor
    return "Tensor(\"" + impl_->symbolic->name + "\", shape=" + shape().to_string() +
           ", dtype=" + std::string(dtype_name(dtype())) + ")";
  std::string values = values_string() + ", ";
  if (values.find('\n') != std::string::npos) values = "\n" + values.substr(0, values.size() - 2) + ", ";
  return "tf.Tensor(" + values + "shape=" + shape().to_string() + ", dtype=" + std::string(dtype_name(dtype())) + ")";
}

}  // namespace tf
