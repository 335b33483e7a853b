// tf.io.encode_base64 / decode_base64 and the Unicode ops under tf.strings for Python, over
// tfpp's C++ functions; python/tfpp/unicode_strings.py gives the decodes TensorFlow's ragged form.
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>

#include "bindings.h"
#include "tfpp/base64_ops.h"
#include "tfpp/unicode_ops.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

tf::strings::UnicodeErrorOptions error_options(const std::string& errors, std::int64_t replacement_char,
                                               bool replace_control_characters) {
  return {.errors = errors, .replacement_char = replacement_char, .replace_control_characters = replace_control_characters};
}

}  // namespace

void bind_string_encoding_ops(nb::module_& m) {
  nb::module_ io = nb::borrow<nb::module_>(m.attr("_io"));
  io.def("encode_base64", [](nb::handle input, bool pad, nb::handle name) {
    NodeName named(name);
    return tf::io::encode_base64(to_tensor(input), {.pad = pad});
  }, "input"_a, "pad"_a = false, "name"_a = nb::none());
  io.def("decode_base64", [](nb::handle input, nb::handle name) {
    NodeName named(name);
    return tf::io::decode_base64(to_tensor(input));
  }, "input"_a, "name"_a = nb::none());

  nb::module_ strings = nb::borrow<nb::module_>(m.attr("strings"));
  strings.def("_unicode_decode_with_offsets", [](nb::handle input, const std::string& input_encoding,
                                                 const std::string& errors, std::int64_t replacement_char,
                                                 bool replace_control_characters) {
    tf::strings::UnicodeDecodeResult r = tf::strings::unicode_decode_with_offsets(
        to_tensor(input), input_encoding, error_options(errors, replacement_char, replace_control_characters));
    return std::make_tuple(r.row_splits, r.char_values, r.char_to_byte_starts);
  }, "input"_a, "input_encoding"_a, "errors"_a, "replacement_char"_a, "replace_control_characters"_a,
     "(row_splits, char_values, char_to_byte_starts) of every string of input, flattened.");
  strings.def("_unicode_encode", [](nb::handle values, nb::handle splits, const std::string& output_encoding,
                                    const std::string& errors, std::int64_t replacement_char) {
    return tf::strings::unicode_encode(to_tensor(values, tf::int32), to_tensor(splits, tf::int64), output_encoding,
                                       error_options(errors, replacement_char, false));
  }, "char_values"_a, "row_splits"_a, "output_encoding"_a, "errors"_a, "replacement_char"_a);
  strings.def("unicode_transcode", [](nb::handle input, const std::string& input_encoding,
                                      const std::string& output_encoding, const std::string& errors,
                                      std::int64_t replacement_char, bool replace_control_characters, nb::handle name) {
    NodeName named(name);
    return tf::strings::unicode_transcode(to_tensor(input), input_encoding, output_encoding,
                                          error_options(errors, replacement_char, replace_control_characters));
  }, "input"_a, "input_encoding"_a, "output_encoding"_a, "errors"_a = "replace", "replacement_char"_a = 65533,
     "replace_control_characters"_a = false, "name"_a = nb::none());
}

}  // namespace tfpp_python
