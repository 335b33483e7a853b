// DecodeJSONExample: the JSON form of tf.train.Example to its serialized bytes, through
// protobuf's JSON parser as TensorFlow's kernel does (so field order and errors are protobuf's).
#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/type_resolver_util.h>

#include <memory>

#include "proto/example.pb.h"
#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/errors.h"
#include "tfpp/io/decode_ops.h"

namespace tf::io {
namespace {

constexpr char kTypeUrlPrefix[] = "type.googleapis.com";

void decode_json_shape(ops::ShapeContext& ctx) {
  ops::check_string_input(ctx, 0, "json_examples");
  ctx.add_output(string, ctx.input(0).shape());
}

void decode_json_kernel(ops::KernelContext& ctx) {
  // The descriptor of the generated Example message must be linked in before the resolver looks it up.
  static const google::protobuf::Descriptor* const example = tensorflow::Example::descriptor();
  static const std::unique_ptr<google::protobuf::util::TypeResolver> resolver(
      google::protobuf::util::NewTypeResolverForDescriptorPool(kTypeUrlPrefix, example->file()->pool()));
  static const std::string type_url = std::string(kTypeUrlPrefix) + "/" + example->full_name();
  const Tensor& json = ctx.input(0);
  const std::string* in = json.data<std::string>();
  std::string* out = ctx.output(0).mutable_data<std::string>();
  for (std::int64_t i = 0; i < json.num_elements(); ++i) {
    out[i].clear();
    const auto status = google::protobuf::util::JsonToBinaryString(resolver.get(), type_url, in[i], &out[i]);
    if (!status.ok()) throw InvalidArgumentError("Error while parsing JSON: " +
                                 std::string(status.message().data(), status.message().size()));
  }
}

const ops::OpDef& kDecodeJSONExample = ops::OpBuilder("DecodeJSONExample").inputs(1)
    .shape(decode_json_shape).kernel(string, decode_json_kernel).no_gradient();

}  // namespace

Tensor decode_json_example(const Tensor& json_examples) {
  return std::move(ops::execute(kDecodeJSONExample, {json_examples}, {})[0]);
}

}  // namespace tf::io
