// Case functions for string, decode and file ops and random ops.
#include <cstdio>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "conformance/case_functions.h"
#include "tfpp/random_distributions.h"
#include "tfpp/random_generator.h"
#include "tfpp/random_sampling.h"
#include "tfpp/tfpp.h"

namespace tf::conformance {
namespace {

using Inputs = std::vector<Tensor>;
using Outputs = std::vector<Tensor>;

TensorShape shape_attr(const Attrs& a) {
  const std::vector<std::int64_t> dims = a.ints("shape");
  return TensorShape(std::span<const std::int64_t>(dims));
}

random::StatelessNormalOptions normal_options(const Attrs& a) {
  return {.mean = a.f("mean", 0), .stddev = a.f("stddev", 1), .dtype = a.d("dtype", float32)};
}

// tf.print of the case's "args" ("#": the next tensor, "s:text", "f:float", "i:int", "b:bool") to a
// file, eagerly or traced; the file's text. The arguments are only known at run time, so this
// builds tf::print's argument list itself.
Tensor print_to_file(const Inputs& in, const Attrs& a) {
  const std::string path = "/tmp/tfpp_print_" + std::to_string(::getpid()) + ".txt";
  std::remove(path.c_str());
  const std::vector<std::string> args = a.has("args") && a.kind("args") == 'S' ? a.strings("args") : std::vector<std::string>{};
  const PrintOptions options{.summarize = static_cast<int>(a.i("summarize", 3)), .sep = a.s("sep", " "),
                             .end = a.s("end", "\n"), .output_stream = "file://" + path};
  auto call = [&](const std::vector<Tensor>& tensors) {
    std::vector<detail::PrintItem> items;
    std::size_t next = 0;
    for (const std::string& arg : args) {
      const std::string value = arg.substr(std::min<std::size_t>(2, arg.size()));
      if (arg == "#") items.emplace_back(tensors.at(next++));
      else if (arg[0] == 's') items.emplace_back(std::in_place_index<1>, value);
      else if (arg[0] == 'f') items.emplace_back(std::in_place_index<1>, detail::python_number_text(std::stod(value)));
      else if (arg[0] == 'i') items.emplace_back(std::in_place_index<1>, detail::python_number_text(std::stoll(value)));
      else items.emplace_back(std::in_place_index<1>, value);
    }
    detail::print_items(items, options);
    return constant(0);
  };
  if (a.b("traced")) function(call)(in);
  else call(in);
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  std::remove(path.c_str());
  return constant(text.str());
}

}  // namespace

void add_misc_functions(CaseFunctions& t) {
  t["tf.print.file"] = [](const Inputs& in, const Attrs& a) { return Outputs{print_to_file(in, a)}; };
  t["tf.strings.length"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{strings::length(in.at(0), {.unit = a.s("unit", "BYTE")})};
  };
  t["tf.strings.join"] = [](const Inputs& in, const Attrs& a) { return Outputs{strings::join(in, a.s("separator"))}; };
  t["tf.strings.reduce_join"] = [](const Inputs& in, const Attrs& a) {
    strings::ReduceJoinOptions options{.keepdims = a.b("keepdims"), .separator = a.s("separator")};
    if (a.has("axis")) options.axis = a.i("axis");
    return Outputs{strings::reduce_join(in.at(0), options)};
  };
  t["tf.strings.split"] = [](const Inputs& in, const Attrs& a) {
    strings::SplitOptions options{.maxsplit = a.i("maxsplit", -1)};
    if (a.has("sep")) options.sep = a.s("sep");
    return strings::split(in.at(0), options).rows();
  };
  t["tf.strings.to_number"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{strings::to_number(in.at(0), a.d("out_type", float32))};
  };
  t["tf.strings.lower"] = [](const Inputs& in, const Attrs& a) { return Outputs{strings::lower(in.at(0), a.s("encoding"))}; };
  t["tf.strings.upper"] = [](const Inputs& in, const Attrs& a) { return Outputs{strings::upper(in.at(0), a.s("encoding"))}; };
  t["tf.strings.strip"] = [](const Inputs& in, const Attrs&) { return Outputs{strings::strip(in.at(0))}; };
  t["tf.strings.substr"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{strings::substr(in.at(0), in.at(1), in.at(2), {.unit = a.s("unit", "BYTE")})};
  };
  t["tf.strings.as_string"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{strings::as_string(in.at(0), {.precision = a.i("precision", -1), .scientific = a.b("scientific"),
                                                 .shortest = a.b("shortest"), .width = a.i("width", -1),
                                                 .fill = a.s("fill")})};
  };
  // The pattern as an attribute (TensorFlow's Static op, for a Python str) or as tensor inputs.
  t["tf.strings.regex_replace"] = [](const Inputs& in, const Attrs& a) {
    const strings::RegexReplaceOptions options{.replace_global = a.b("replace_global", true)};
    if (in.size() == 3) return Outputs{strings::regex_replace(in[0], in[1], in[2], options)};
    return Outputs{strings::regex_replace(in.at(0), a.s("pattern"), a.s("rewrite"), options)};
  };
  t["tf.strings.regex_full_match"] = [](const Inputs& in, const Attrs& a) {
    if (in.size() == 2) return Outputs{strings::regex_full_match(in[0], in[1])};
    return Outputs{strings::regex_full_match(in.at(0), a.s("pattern"))};
  };
  t["tf.io.read_file"] = [](const Inputs& in, const Attrs&) { return Outputs{io::read_file(in.at(0))}; };
  t["io.write_then_read"] = [](const Inputs& in, const Attrs&) {
    io::write_file(in.at(0), in.at(1));
    return Outputs{io::read_file(in.at(0))};
  };
  t["tf.io.serialize_tensor"] = [](const Inputs& in, const Attrs&) { return Outputs{io::serialize_tensor(in.at(0))}; };
  t["tf.io.parse_tensor"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{io::parse_tensor(in.at(0), a.d("out_type", float32))};
  };
  t["io.serialize_then_parse"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{io::parse_tensor(io::serialize_tensor(in.at(0)), a.d("out_type", float32))};
  };
  t["tf.io.decode_raw"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{io::decode_raw(in.at(0), a.d("out_type", float32), {.little_endian = a.b("little_endian", true)})};
  };
  t["tf.random.stateless_normal"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{random::stateless_normal(shape_attr(a), IntArray(in.at(0)), normal_options(a))};
  };
  t["tf.random.stateless_truncated_normal"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{random::stateless_truncated_normal(shape_attr(a), IntArray(in.at(0)), normal_options(a))};
  };
  t["tf.random.stateless_uniform"] = [](const Inputs& in, const Attrs& a) {
    random::StatelessUniformOptions options{.minval = a.f("minval", 0), .dtype = a.d("dtype", float32)};
    if (a.has("maxval")) options.maxval = a.f("maxval");
    return Outputs{random::stateless_uniform(shape_attr(a), IntArray(in.at(0)), options)};
  };
  // Stateful ops with a global and an op seed: the first draw after set_seed is deterministic.
  t["seeded.normal"] = [](const Inputs&, const Attrs& a) {
    random::set_seed(a.i("global_seed"));
    return Outputs{random::normal(shape_attr(a), {.mean = a.f("mean", 0), .stddev = a.f("stddev", 1),
                                                  .dtype = a.d("dtype", float32), .seed = a.i("seed")})};
  };
  t["seeded.uniform"] = [](const Inputs&, const Attrs& a) {
    random::set_seed(a.i("global_seed"));
    random::UniformOptions options{.minval = a.f("minval", 0), .dtype = a.d("dtype", float32), .seed = a.i("seed")};
    if (a.has("maxval")) options.maxval = a.f("maxval");
    return Outputs{random::uniform(shape_attr(a), options)};
  };
  t["seeded.truncated_normal"] = [](const Inputs&, const Attrs& a) {
    random::set_seed(a.i("global_seed"));
    return Outputs{random::truncated_normal(shape_attr(a), {.dtype = a.d("dtype", float32), .seed = a.i("seed")})};
  };
  t["seeded.categorical"] = [](const Inputs& in, const Attrs& a) {
    random::set_seed(a.i("global_seed"));
    return Outputs{random::categorical(in.at(0), a.i("num_samples"), {.dtype = a.d("dtype", int64), .seed = a.i("seed")})};
  };
  t["seeded.shuffle"] = [](const Inputs& in, const Attrs& a) {
    random::set_seed(a.i("global_seed"));
    return Outputs{random::shuffle(in.at(0), a.i("seed"))};
  };
  t["seeded.gamma"] = [](const Inputs& in, const Attrs& a) {
    random::set_seed(a.i("global_seed"));
    random::GammaOptions options{.seed = a.i("seed")};
    if (in.size() > 1) options.beta = in[1];
    return Outputs{random::gamma(shape_attr(a), in.at(0), options)};
  };
  t["seeded.poisson"] = [](const Inputs& in, const Attrs& a) {
    random::set_seed(a.i("global_seed"));
    return Outputs{random::poisson(shape_attr(a), in.at(0), {.dtype = a.d("dtype", float32), .seed = a.i("seed")})};
  };
  t["tf.random.stateless_categorical"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{random::stateless_categorical(in.at(0), a.i("num_samples"), IntArray(in.at(1)), a.d("dtype", int64))};
  };
  t["tf.random.split"] = [](const Inputs& in, const Attrs& a) { return Outputs{random::split(in.at(0), a.i("num", 2))}; };
  t["tf.random.fold_in"] = [](const Inputs& in, const Attrs&) { return Outputs{random::fold_in(in.at(0), in.at(1))}; };
  t["tf.random.stateless_gamma"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{random::stateless_gamma(shape_attr(a), IntArray(in.at(0)), in.at(1))};
  };
  t["tf.random.stateless_poisson"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{random::stateless_poisson(shape_attr(a), IntArray(in.at(0)), in.at(1), a.d("dtype", int32))};
  };
  // A generator from a seed: its first draws and its state after them.
  t["generator.draws"] = [](const Inputs&, const Attrs& a) {
    random::Generator g = random::Generator::from_seed(a.i("seed"));
    Tensor normal = g.normal(shape_attr(a), 0.0, 1.0, a.d("dtype", float32));
    Tensor uniform = g.uniform(shape_attr(a), 0.0, std::nullopt, a.d("dtype", float32));
    Tensor ints = g.uniform(shape_attr(a), -5, 5, int32);
    Tensor truncated = g.truncated_normal(shape_attr(a), 0.0, 1.0, a.d("dtype", float32));
    return Outputs{normal, uniform, ints, truncated, g.state().read_value()};
  };
}

}  // namespace tf::conformance
