// Regular expressions on strings, with RE2 as TensorFlow: RegexReplace / StaticRegexReplace
// (matches replaced by a rewrite, \1 naming a group) and RegexFullMatch / StaticRegexFullMatch
// (whether the whole string matches). The Static ops take the pattern as an attribute, the others
// as a string scalar input.
#include <list>
#include <memory>
#include <mutex>
#include <utility>

#include <re2/re2.h>

#include "kernels/cpu/parallel.h"
#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/string_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// The compiled `pattern`, from a small cache shared by all regex ops (most programs use a few
// patterns over and over); InvalidArgumentError naming the op if it does not compile.
std::shared_ptr<const RE2> compiled(const OpContext& ctx, const std::string& pattern) {
  constexpr std::size_t kCapacity = 32;
  static std::mutex mutex;
  static std::list<std::pair<std::string, std::shared_ptr<const RE2>>> recent;  // most recent first
  {
    const std::lock_guard<std::mutex> lock(mutex);
    for (auto it = recent.begin(); it != recent.end(); ++it)
      if (it->first == pattern) {
        recent.splice(recent.begin(), recent, it);
        return it->second;
      }
  }
  RE2::Options options;
  options.set_log_errors(false);
  auto re = std::make_shared<const RE2>(pattern, options);
  if (!re->ok()) ctx.fail("Invalid pattern: " + pattern + ", error: " + re->error());
  const std::lock_guard<std::mutex> lock(mutex);
  recent.emplace_front(pattern, re);
  if (recent.size() > kCapacity) recent.pop_back();
  return re;
}

// Input i of a dynamic op must be a string scalar (`what` names it as TensorFlow's messages do).
void check_scalar_input(ShapeContext& ctx, std::size_t i, const std::string& what) {
  ops::check_string_input(ctx, i, what);
  const Tensor& t = ctx.input(i);
  if (!t.shape().has_unknown_rank() && t.rank() != 0)
    ctx.fail(what + " must be scalar, but received " + t.shape().debug_string());
}

// Each input string with `re`'s matches replaced by `rewrite` (every match, or the first).
void replace_all(KernelContext& ctx, const RE2& re, const std::string& rewrite, bool global) {
  const std::string* in = ctx.input(0).data<std::string>();
  std::string* out = ctx.output(0).mutable_data<std::string>();
  kernels::parallel_for(ctx.output(0).num_elements(), 256, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      out[i] = in[i];
      if (global) RE2::GlobalReplace(&out[i], re, rewrite);
      else RE2::Replace(&out[i], re, rewrite);
    }
  });
}

// Whether each input string matches `re` as a whole.
void full_match_all(KernelContext& ctx, const RE2& re) {
  const std::string* in = ctx.input(0).data<std::string>();
  bool* out = ctx.output(0).mutable_data<bool>();
  kernels::parallel_for(ctx.output(0).num_elements(), 256, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) out[i] = RE2::FullMatch(in[i], re);
  });
}

// --- StaticRegexReplace: attrs pattern, rewrite, replace_global ------------------------------

void static_replace_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0);
  ctx.add_output(string, ctx.input(0).shape());
}

void static_replace_kernel(KernelContext& ctx) {
  replace_all(ctx, *compiled(ctx, ctx.attr<std::string>(0)), ctx.attr<std::string>(1), ctx.attr<bool>(2));
}

const OpDef& kStaticRegexReplace = OpBuilder("StaticRegexReplace").inputs(1)
    .attrs({"pattern", "rewrite", "replace_global"}).shape(static_replace_shape)
    .kernel(string, static_replace_kernel).no_gradient();

// --- RegexReplace: inputs input, pattern, rewrite; attr replace_global -----------------------

void replace_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0);
  check_scalar_input(ctx, 1, "Pattern");
  check_scalar_input(ctx, 2, "Replacement pattern");
  ctx.add_output(string, ctx.input(0).shape());
}

void replace_kernel(KernelContext& ctx) {
  replace_all(ctx, *compiled(ctx, ctx.input(1).item<std::string>()), ctx.input(2).item<std::string>(),
              ctx.attr<bool>(0));
}

const OpDef& kRegexReplace = OpBuilder("RegexReplace").inputs(3).attrs({"replace_global"}).shape(replace_shape)
    .kernel(string, replace_kernel).no_gradient();

// --- StaticRegexFullMatch: attr pattern -----------------------------------------------------

void static_full_match_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0);
  ctx.add_output(bool_, ctx.input(0).shape());
}

void static_full_match_kernel(KernelContext& ctx) { full_match_all(ctx, *compiled(ctx, ctx.attr<std::string>(0))); }

const OpDef& kStaticRegexFullMatch = OpBuilder("StaticRegexFullMatch").inputs(1).attrs({"pattern"})
    .shape(static_full_match_shape).kernel(string, static_full_match_kernel).no_gradient();

// --- RegexFullMatch: inputs input, pattern --------------------------------------------------

void full_match_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0);
  check_scalar_input(ctx, 1, "Pattern");
  ctx.add_output(bool_, ctx.input(0).shape());
}

void full_match_kernel(KernelContext& ctx) { full_match_all(ctx, *compiled(ctx, ctx.input(1).item<std::string>())); }

const OpDef& kRegexFullMatch = OpBuilder("RegexFullMatch").inputs(2).shape(full_match_shape)
    .kernel(string, full_match_kernel).no_gradient();

}  // namespace

namespace strings {

Tensor regex_replace(const Tensor& input, const std::string& pattern, const std::string& rewrite,
                     const RegexReplaceOptions& options) {
  const std::array<ops::AttrValue, 3> attrs{pattern, rewrite, options.replace_global};
  return std::move(ops::execute(kStaticRegexReplace, {input}, attrs)[0]);
}

Tensor regex_replace(const Tensor& input, const Tensor& pattern, const Tensor& rewrite,
                     const RegexReplaceOptions& options) {
  const std::array<ops::AttrValue, 1> attrs{options.replace_global};
  return std::move(ops::execute(kRegexReplace, {input, pattern, rewrite}, attrs)[0]);
}

Tensor regex_full_match(const Tensor& input, const std::string& pattern) {
  const std::array<ops::AttrValue, 1> attrs{pattern};
  return std::move(ops::execute(kStaticRegexFullMatch, {input}, attrs)[0]);
}

Tensor regex_full_match(const Tensor& input, const Tensor& pattern) {
  return std::move(ops::execute(kRegexFullMatch, {input, pattern})[0]);
}

}  // namespace strings
}  // namespace tf
