// Printing tensors exactly as TensorFlow does: NumPy's array formatting inside
// "tf.Tensor(..., shape=..., dtype=...)".
//
// Note [NumPy float formatting]: every element is written with the fewest digits that read
// back as the same value (at most 8 after the point); all elements then share one layout:
// integer parts right-aligned, fractions padded on the right. Whole numbers print as "1.".
// Scientific notation is used when the largest magnitude is >= 1e8 (float32: 1e6, float16: 1e3),
// the smallest nonzero is < 1e-4, or their ratio exceeds 1000. More than 1000 elements are
// summarized with "...".
#include <Eigen/Core>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <complex>
#include <cstdio>
#include <sstream>

#include "core/tensor_impl.h"
#include "core/visit_integer_dtype.h"

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

// The fewest digits (in `fmt`) that read back as the same float16 `v`: what NumPy's dragon4
// writes for a float16, whose shortest form is shorter than the float32 one.
std::string half_chars(float v, std::chars_format fmt) {
  for (int precision = 0;; ++precision) {
    std::string s = chars(v, fmt, precision);
    if (Eigen::half(std::strtof(s.c_str(), nullptr)) == Eigen::half(v) || precision >= 17) return s;
  }
}

// Shortest digits of v as its own float type R (float16 values arrive as floats).
template <class R, class T>
std::string shortest_chars(T v, std::chars_format fmt) {
  if constexpr (std::is_same_v<R, Eigen::half>) return half_chars(v, fmt);
  else return chars(v, fmt);
}

// A bfloat16 as ml_dtypes writes it (C's %g: six significant digits), which NumPy shows unpadded.
std::string bfloat16_word(float v) {
  if (std::isnan(v)) return "nan";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", static_cast<double>(v));
  return buf;
}

// Removes trailing zeros of a fraction ("1.500" -> "1.5", "2.000" -> "2.").
std::string trim_fraction(std::string s) {
  if (s.find('.') == std::string::npos) return s + ".";
  while (s.back() == '0') s.pop_back();
  return s;
}

// One finite value as NumPy's dragon4 writes it in "unique" mode: the fewest digits that read
// back as the value, cut (with rounding) at kPrecision fractional digits. Scientific mantissas
// keep their point ("1.e+05"); the exponent has at least two digits.
struct FloatParts {
  std::string int_part, frac_part, exponent;  // exponent: sign and digits, e.g. "-05"
};

template <class R, class T>
FloatParts float_parts(T v, bool scientific) {
  FloatParts p;
  std::string s = shortest_chars<R>(v, scientific ? std::chars_format::scientific : std::chars_format::fixed);
  std::string mantissa = s.substr(0, s.find('e'));
  const auto dot = mantissa.find('.');
  if (dot != std::string::npos && mantissa.size() - dot - 1 > kPrecision) {
    s = chars(v, scientific ? std::chars_format::scientific : std::chars_format::fixed, kPrecision);
    mantissa = trim_fraction(s.substr(0, s.find('e')));
  }
  mantissa = trim_fraction(mantissa);
  const auto point = mantissa.find('.');
  p.int_part = mantissa.substr(0, point);
  p.frac_part = mantissa.substr(point + 1);
  if (scientific) p.exponent = s.substr(s.find('e') + 1);
  return p;
}

// Formats every element of a flat array into strings of one shared width.
class ElementFormatter {
 public:
  ElementFormatter(const Tensor& t, const std::vector<std::int64_t>& shown) {
    if (t.dtype() == DType::kFloat16 || t.dtype() == DType::kBFloat16) {
      format_half(t, shown);
      return;
    }
    if (t.dtype() == DType::kComplex64) format_complex(t.data<std::complex<float>>(), shown);
    else if (t.dtype() == DType::kComplex128) format_complex(t.data<std::complex<double>>(), shown);
    else visit_integer_dtype(t.dtype(), [&](auto tag) {
      using T = decltype(tag);
      const T* data = t.data<T>();
      if constexpr (std::is_floating_point_v<T>) {
        format_floats(data, shown);
      } else {
        for (std::int64_t i : shown) words_.push_back(format_other(data[i]));
        if constexpr (!std::is_same_v<T, std::string>) pad_left();  // NumPy pads numbers, not objects (bytes)
      }
    });
  }
  const std::string& word(std::size_t i) const { return words_[i]; }

 private:
  template <class T>
  static std::string format_other(const T& v) {
    if constexpr (std::is_same_v<T, bool>) return v ? " True" : "False";  // NumPy's BoolFormat: one width
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

  // NumPy's ComplexFloatingFormat: the real parts and the imaginary parts each get their own
  // float layout (the imaginary ones always signed), and "j" goes before the imaginary part's
  // right padding.
  template <class C>
  void format_complex(const C* data, const std::vector<std::int64_t>& shown) {
    using T = typename C::value_type;
    std::vector<T> re(shown.size()), im(shown.size());
    std::vector<std::int64_t> order(shown.size());
    for (std::size_t k = 0; k < shown.size(); ++k) {
      re[k] = data[shown[k]].real();
      im[k] = data[shown[k]].imag();
      order[k] = static_cast<std::int64_t>(k);
    }
    format_floats(re.data(), order);
    std::vector<std::string> real_words = std::move(words_);
    words_.clear();
    format_floats(im.data(), order, /*plus_sign=*/true);
    for (std::size_t k = 0; k < words_.size(); ++k) {
      std::string& w = words_[k];
      const auto end = w.find_last_not_of(' ') + 1;
      w = real_words[k] + w.substr(0, end) + "j" + w.substr(end);
    }
  }

  // float16 formats as NumPy formats any float, with float16's shortest digits and arithmetic;
  // bfloat16 (ml_dtypes' type, not a NumPy float) as unpadded %g words.
  void format_half(const Tensor& t, const std::vector<std::int64_t>& shown) {
    std::vector<float> values;
    std::vector<std::int64_t> positions;
    for (std::int64_t i : shown) {
      values.push_back(t.dtype() == DType::kFloat16 ? static_cast<float>(t.data<Eigen::half>()[i])
                                                    : static_cast<float>(t.data<Eigen::bfloat16>()[i]));
      positions.push_back(static_cast<std::int64_t>(positions.size()));
    }
    if (t.dtype() == DType::kFloat16) format_floats<float, Eigen::half>(values.data(), positions);
    else
      for (float v : values) words_.push_back(bfloat16_word(v));
  }

  // Note [NumPy float formatting]; this follows NumPy's FloatingFormat.fillFormat: one shared
  // layout (left pad, fraction width, exponent width) from the finite values, and non-finite
  // values right-aligned in that width. `plus_sign` writes "+" before non-negative values (the
  // imaginary parts of complex numbers). R is the array's float type (float16 values come as T = float).
  template <class T, class R = T>
  void format_floats(const T* data, const std::vector<std::int64_t>& shown, bool plus_sign = false) {
    double max_abs = 0, min_abs = INFINITY;
    bool any_neg_inf = false;
    for (std::int64_t i : shown) {
      const double a = std::fabs(static_cast<double>(data[i]));
      if (std::isinf(data[i]) && (data[i] < 0 || plus_sign)) any_neg_inf = true;  // "+inf" is as wide as "-inf"
      if (!std::isfinite(a) || a == 0) continue;
      max_abs = std::max(max_abs, a);
      min_abs = std::min(min_abs, a);
    }
    // NumPy compares (and divides) in the array's own float type: 3.75f / 0.00375f is 1000 in
    // float32, so such a float32 array stays positional.
    // NumPy 2's cutoff: 10^min(8, decimal digits of the type) (1e3 for float16, 1e6 for float32).
    const double cutoff = std::is_same_v<R, Eigen::half> ? 1e3 : std::is_same_v<R, float> ? 1e6 : 1e8;
    const R max_t = static_cast<R>(max_abs), min_t = static_cast<R>(min_abs);
    const bool scientific = max_abs >= cutoff || (max_t > R(0) && (min_t < R(1e-4) || max_t / min_t > R(1000)));
    std::vector<FloatParts> parts(shown.size());
    std::size_t pad_left = 0, frac_width = 0, exp_width = 0;
    bool any_finite = false;
    for (std::size_t k = 0; k < shown.size(); ++k) {
      const T v = data[shown[k]];
      if (!std::isfinite(v)) continue;
      any_finite = true;
      parts[k] = float_parts<R>(v, scientific);
      if (plus_sign && !std::signbit(v)) parts[k].int_part.insert(0, "+");
      pad_left = std::max(pad_left, parts[k].int_part.size());
      frac_width = std::max(frac_width, parts[k].frac_part.size());
      exp_width = std::max(exp_width, parts[k].exponent.size() - (scientific ? 1 : 0));
    }
    // Scientific mantissas all show frac_width digits; positional fractions are space-padded.
    const std::size_t pad_right = !any_finite ? 0 : scientific ? exp_width + 2 + frac_width : frac_width;
    if (any_finite && scientific && exp_width < 2) exp_width = 2;
    if (shown.size() != 0) {
      const std::size_t offset = pad_right + 1;
      for (std::int64_t i : shown)
        if (!std::isfinite(data[i])) {
          pad_left = std::max({pad_left, 3 > offset ? 3 - offset : 0, 3 + any_neg_inf > offset ? 3 + any_neg_inf - offset : 0});
          break;
        }
    }
    for (std::size_t k = 0; k < shown.size(); ++k) {
      const T v = data[shown[k]];
      if (!std::isfinite(v)) {
        const std::string sign = plus_sign && !(std::isinf(v) && v < 0) ? "+" : "";
        const std::string word = std::isnan(v) ? sign + "nan" : v < 0 ? "-inf" : sign + "inf";
        words_.push_back(std::string(pad_left + pad_right + 1 - word.size(), ' ') + word);
        continue;
      }
      const FloatParts& p = parts[k];
      if (scientific) {
        // Every mantissa shows frac_width digits of the exact value, rounded there: its leading
        // digit and exponent too (0.69999999f is "6.9999999e-01", though its shortest form is 7e-01).
        const std::string s = chars(v, std::chars_format::scientific, static_cast<int>(frac_width));
        const std::string mantissa = s.substr(0, s.find('e'));
        const std::string exponent = s.substr(s.find('e') + 1);
        const auto dot = mantissa.find('.');
        const std::string int_part = (plus_sign && !std::signbit(v) ? "+" : "") + mantissa.substr(0, dot);
        std::string w(pad_left - std::min(pad_left, int_part.size()), ' ');
        w += int_part + "." + (dot == std::string::npos ? "" : mantissa.substr(dot + 1));
        const std::string digits = exponent.substr(1);
        w += "e" + exponent.substr(0, 1) + std::string(exp_width - std::min(exp_width, digits.size()), '0') + digits;
        words_.push_back(w);
        continue;
      }
      std::string w(pad_left - p.int_part.size(), ' ');
      w += p.int_part + "." + p.frac_part + std::string(frac_width - p.frac_part.size(), ' ');
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

// NumPy's two layouts of an array: str (separator " ") and repr (", " inside "array(...)").
struct Layout {
  std::string separator;
  std::size_t prefix_size;  // characters before the first "[" ("array(" for repr)
  std::size_t line_width;   // NumPy's 75, less the suffix after the last "]"
};

std::string rstrip(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// Lays out the shown elements as NumPy's _formatArray does: nested brackets, rows wrapped at
// the line width (less one column per nesting level), summarized dimensions as "...".
class ArrayPrinter {
 public:
  ArrayPrinter(const Tensor& t, Layout layout)
      : dims_(t.shape().dims().begin(), t.shape().dims().end()), layout_(std::move(layout)) {
    summarize_ = t.num_elements() > kSummaryThreshold;
    collect(0, 0);
    formatter_ = std::make_unique<ElementFormatter>(t, shown_);
  }

  std::string print() {
    next_word_ = 0;
    return recurse(0, std::string(1 + layout_.prefix_size, ' '), layout_.line_width);
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

  // Appends a word to the current line, first starting a new line if it would pass `width`
  // (unless the line holds nothing yet, where wrapping would not help).
  static void extend(std::string& s, std::string& line, const std::string& word, std::size_t width,
                     const std::string& hanging) {
    if (line.size() + word.size() > width && line.size() > hanging.size()) {
      s += rstrip(line) + "\n";
      line = hanging;
    }
    line += word;
  }

  std::string recurse(int d, const std::string& hanging, std::size_t width) {
    const int rank = static_cast<int>(dims_.size());
    if (d == rank) return formatter_->word(next_word_++);
    const std::string next_hanging = hanging + " ";
    const std::size_t next_width = width - 1;  // room for this level's "]"
    const std::int64_t n = dims_[d];
    const bool summary = elided(d);
    const std::int64_t leading = summary ? kEdgeItems : 0, trailing = summary ? kEdgeItems : n;
    const std::string& sep = layout_.separator;
    const std::string sep_stripped = rstrip(sep);
    std::string s;
    if (rank - d == 1) {
      const std::size_t elem_width = width - std::max<std::size_t>(sep_stripped.size(), 1);
      std::string line = hanging;
      for (std::int64_t i = 0; i < leading; ++i) {
        extend(s, line, recurse(d + 1, next_hanging, next_width), elem_width, hanging);
        line += sep;
      }
      if (summary) {
        extend(s, line, "...", elem_width, hanging);
        line += sep;
      }
      for (std::int64_t i = trailing; i > 1; --i) {
        extend(s, line, recurse(d + 1, next_hanging, next_width), elem_width, hanging);
        line += sep;
      }
      extend(s, line, recurse(d + 1, next_hanging, next_width), elem_width, hanging);
      s += line;
    } else {
      const std::string line_sep = sep_stripped + std::string(rank - d - 1, '\n');
      for (std::int64_t i = 0; i < leading; ++i) s += hanging + recurse(d + 1, next_hanging, next_width) + line_sep;
      if (summary) s += hanging + "..." + line_sep;
      for (std::int64_t i = trailing; i > 1; --i) s += hanging + recurse(d + 1, next_hanging, next_width) + line_sep;
      s += hanging + recurse(d + 1, next_hanging, next_width);
    }
    return "[" + s.substr(hanging.size()) + "]";
  }

  std::vector<std::int64_t> dims_;
  Layout layout_;
  bool summarize_ = false;
  std::vector<std::int64_t> shown_;
  std::unique_ptr<ElementFormatter> formatter_;
  std::size_t next_word_ = 0;
};

std::string format_array(const Tensor& t, Layout layout) {
  if (t.num_elements() == 0) return "[]";
  return ArrayPrinter(t, std::move(layout)).print();
}

// Python's repr of a float, or NumPy's str of a float scalar (float32 switches to scientific
// notation from 1e6 on, float64 from 1e16): the shortest digits that read back as the value.
template <class T, class R = T>
std::string scalar_float(T v, double positional_limit) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  const double a = std::fabs(static_cast<double>(v));
  if (a != 0 && (a >= positional_limit || a < 1e-4)) return shortest_chars<R>(v, std::chars_format::scientific);
  std::string s = shortest_chars<R>(v, std::chars_format::fixed);
  return s.find('.') == std::string::npos ? s + ".0" : s;
}

// One part of Python's repr of a complex number: the shortest digits, no ".0" on whole
// numbers, scientific from 1e16 (and below 1e-4).
template <class T>
std::string complex_part(T v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  const double a = std::fabs(static_cast<double>(v));
  if (a != 0 && (a >= 1e16 || a < 1e-4)) return chars(v, std::chars_format::scientific);
  return chars(v, std::chars_format::fixed);
}

// Python's repr of a complex number, which NumPy's str of a complex scalar is: "(1+2j)", and
// "2j" for a pure imaginary number with a +0 real part.
template <class T>
std::string scalar_complex(const std::complex<T>& v) {
  std::string imag = complex_part(v.imag());
  if (v.real() == 0 && !std::signbit(v.real())) return imag + "j";
  if (imag[0] != '-') imag.insert(0, "+");
  return "(" + complex_part(v.real()) + imag + "j)";
}

// A 0-d array's value: NumPy's str of the scalar, or (for repr) Python's repr of its value.
std::string scalar_string(const Tensor& t, bool python_repr) {
  if (t.dtype() == DType::kComplex64) {  // repr goes through a Python complex, which is two doubles
    const std::complex<float> v = *t.data<std::complex<float>>();
    return python_repr ? scalar_complex(std::complex<double>(v)) : scalar_complex(v);
  }
  if (t.dtype() == DType::kComplex128) return scalar_complex(*t.data<std::complex<double>>());
  if (t.dtype() == DType::kFloat16 || t.dtype() == DType::kBFloat16) {
    const float v = t.dtype() == DType::kFloat16 ? static_cast<float>(*t.data<Eigen::half>())
                                                 : static_cast<float>(*t.data<Eigen::bfloat16>());
    if (python_repr) return scalar_float(static_cast<double>(v), 1e16);
    // NumPy's str of a float16 scalar is positional below 1e3 only
    return t.dtype() == DType::kFloat16 ? scalar_float<float, Eigen::half>(v, 1e3) : bfloat16_word(v);
  }
  return visit_integer_dtype(t.dtype(), [&](auto tag) -> std::string {
    using T = decltype(tag);
    const T& v = *t.data<T>();
    if constexpr (std::is_floating_point_v<T>) {
      if (python_repr) return scalar_float(static_cast<double>(v), 1e16);
      return scalar_float(v, std::is_same_v<T, float> ? 1e6 : 1e16);
    } else if constexpr (std::is_same_v<T, bool>) {
      return v ? "True" : "False";
    } else {
      return ElementFormatter(t, {0}).word(0);
    }
  });
}

std::string header_values(const Tensor& t) {
  if (t.is_symbolic()) return "<symbolic>";
  if (t.dtype() == DType::kResource) return "<ResourceHandle>";
  if (t.dtype() == DType::kVariant) return "<TensorList>";
  return "";
}

}  // namespace

std::string Tensor::values_string() const {
  if (std::string special = header_values(*this); !special.empty()) return special;
  if (rank() == 0) return scalar_string(*this, false);
  return format_array(*this, {" ", 0, kLineWidth});
}

std::string numpy_repr(const Tensor& t) {
  if (std::string special = header_values(t); !special.empty()) return special;
  if (t.rank() == 0) return scalar_string(t, true);
  const std::string prefix = "array(";
  const std::string values = format_array(t, {", ", prefix.size(), kLineWidth - 1});
  // Like NumPy, name the shape when the text does not show it, and the dtype unless it is
  // one NumPy infers from the values (float64, int64, bool); strings are object arrays.
  std::vector<std::string> extras;
  const std::int64_t n = t.num_elements();
  if ((n == 0 && t.rank() != 1) || n > kSummaryThreshold) extras.push_back("shape=" + t.shape().to_string());
  const DType d = t.dtype();
  if (!(d == float64 || d == int64 || d == bool_ || d == complex128) || n == 0)
    extras.push_back("dtype=" + std::string(d == string ? "object" : dtype_name(d)));
  if (extras.empty()) return prefix + values + ")";
  std::string extra = extras[0];
  for (std::size_t k = 1; k < extras.size(); ++k) extra += ", " + extras[k];
  extra += ")";
  const std::string head = prefix + values + ",";
  const auto newline = head.rfind('\n');
  const std::size_t last_line = head.size() - (newline == std::string::npos ? 0 : newline + 1);
  const std::string spacer = last_line + extra.size() + 1 > kLineWidth ? "\n" + std::string(prefix.size(), ' ') : " ";
  return head + spacer + extra;
}

std::string Tensor::to_string() const {
  if (!defined()) return "tf.Tensor(<undefined>)";
  if (is_symbolic())  // as TensorFlow prints a graph tensor, which leaves out an unknown rank's shape
    return "Tensor(\"" + impl_->symbolic->name + "\", " +
           (shape().has_unknown_rank() ? std::string() : "shape=" + shape().to_string() + ", ") +
           "dtype=" + std::string(dtype_name(dtype())) + ")";
  std::string values = values_string() + ", ";
  if (values.find('\n') != std::string::npos) values = "\n" + values.substr(0, values.size() - 2) + ", ";
  return "tf.Tensor(" + values + "shape=" + shape().to_string() + ", dtype=" + std::string(dtype_name(dtype())) + ")";
}

std::string Tensor::repr() const {
  if (!defined() || is_symbolic()) return to_string();
  std::string values = numpy_repr(*this);
  if (values.find('\n') != std::string::npos) values = "\n" + values;
  return "<tf.Tensor: shape=" + shape().to_string() + ", dtype=" + std::string(dtype_name(dtype())) +
         ", numpy=" + values + ">";
}

}  // namespace tf
