#include "saving/saved_model/default_signature.h"

#include <string>
#include <vector>

#include "function/concrete_function_impl.h"
#include "tfpp/errors.h"

namespace tf::saving {
namespace {

// The root attribute TensorFlow takes as the signature before looking for one (DEFAULT_SIGNATURE_ATTR).
constexpr const char* kDefaultSignatureAttr = "_default_save_signature";

// TensorFlow's _get_signature of a tf.function: its trace for the input_signature, if it has one.
std::optional<ConcreteFunction> input_signature_trace(const std::vector<ConcreteFunction>& traced) {
  for (const ConcreteFunction& cf : traced)
    if (!cf.impl()->input_signature.empty()) return cf;
  return std::nullopt;
}

// TensorFlow's _valid_signature: a signature needs outputs, and its inputs cannot be variables.
bool valid_signature(const ConcreteFunction& cf) {
  const ConcreteFunction::Impl& impl = *cf.impl();
  if (impl.graph->outputs().empty()) return false;
  for (const TensorSpec& input : impl.inputs)
    if (input.dtype == DType::kResource) return false;
  return true;
}

}  // namespace

std::optional<ConcreteFunction> default_signature(const Module& root) {
  std::vector<ConcreteFunction> possible;
  for (const auto& [attribute, concrete_functions] : root.named_functions()) {
    const std::vector<ConcreteFunction> traced = concrete_functions();
    const std::optional<ConcreteFunction> cf = input_signature_trace(traced);
    if (attribute == kDefaultSignatureAttr) {
      if (!cf || !valid_signature(*cf))
        throw InvalidArgumentError(std::string("[saved_model] function ") + kDefaultSignatureAttr +
                                   " cannot be the serving signature: only a tf::function with an input_signature "
                                   "that returns tensors can be a signature");
      return cf;
    }
    if (cf && valid_signature(*cf)) possible.push_back(*cf);
  }
  if (possible.size() == 1) return possible.front();
  return std::nullopt;
}

}  // namespace tf::saving
