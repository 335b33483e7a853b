// tf::summary's public functions: writers, the default-writer context, and the summary kinds,
// each a tensor plus plugin metadata handed to the WriteSummary op.
#include "tfpp/summary.h"

#include "graph/tracer.h"
#include "ops/execute.h"
#include "summary/summary_ops.h"
#include "summary/write_raw.h"
#include "summary/write_summary.h"
#include "summary/writer_state.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"

namespace tf::summary {

using detail::context;

Tensor Step::to_tensor() const {
  Tensor t = std::visit(
      [](const auto& v) -> Tensor {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) return Tensor();
        else if constexpr (std::is_same_v<T, std::int64_t>) return constant(v);
        else if constexpr (std::is_same_v<T, Variable>) return v.read_value();
        else return v;
      },
      value_);
  if (t.defined() && t.dtype() != DType::kInt64) {
    if (t.dtype() != DType::kInt32)
      throw InvalidArgumentError("[summary] the step must be an int32 or int64 scalar, got " +
                                 std::string(dtype_name(t.dtype())));
    t = cast(t, DType::kInt64);
  }
  return t;
}

DefaultWriterScope::DefaultWriterScope(std::shared_ptr<detail::WriterState> writer, Step step)
    : previous_writer_(std::move(context().default_writer)), previous_step_(context().step), restores_step_(step.defined()) {
  context().default_writer = std::move(writer);
  if (step.defined()) context().step = step;
}

DefaultWriterScope::~DefaultWriterScope() {
  context().default_writer = std::move(previous_writer_);
  if (restores_step_) context().step = previous_step_;
}

DefaultWriterScope SummaryWriter::as_default(Step step) const { return DefaultWriterScope(state_, step); }

void SummaryWriter::set_as_default(Step step) const {
  context().default_writer = state_;
  if (step.defined()) context().step = step;
}

void SummaryWriter::flush() const {
  if (state_ && !(state_->closed_eagerly && graph::Tracer::current() == nullptr))
    detail::execute_writer_op(detail::flush_summary_writer_op(), *state_);
}

void SummaryWriter::close() const {
  if (!state_) return;
  if (graph::Tracer::current() == nullptr) {
    if (state_->closed_eagerly) return;
    state_->closed_eagerly = true;
  }
  detail::execute_writer_op(detail::close_summary_writer_op(), *state_);
}

std::string SummaryWriter::path() const { return state_ ? state_->file().path() : std::string(); }

SummaryWriter create_file_writer(const std::string& logdir, FileWriterOptions options) {
  auto state = std::make_shared<detail::WriterState>(logdir, options);
  detail::register_writer(state);
  return SummaryWriter(std::move(state));
}

bool should_record_summaries() { return context().default_writer && context().recording; }

RecordIf::RecordIf(bool condition) : previous_(context().recording) { context().recording = condition; }
RecordIf::~RecordIf() { context().recording = previous_; }

namespace detail {

proto::SummaryMetadata plugin_metadata(const std::string& plugin, const std::string& description,
                                       const std::string& content) {
  proto::SummaryMetadata metadata;
  metadata.mutable_plugin_data()->set_plugin_name(plugin);
  if (!content.empty()) metadata.mutable_plugin_data()->set_content(content);
  if (!description.empty()) metadata.set_summary_description(description);
  return metadata;
}

namespace {

// `step`, or else the default step, as an int64 scalar tensor; `tag` names the summary in the error.
Tensor step_tensor(const Step& step, std::string_view tag) {
  const Step& used = step.defined() ? step : context().step;
  if (!used.defined())
    throw InvalidArgumentError("[summary] No step set for '" + std::string(tag) +
                               "'. Pass `step`, or set a default with tf::summary::experimental::set_step()");
  return used.to_tensor();
}

// Hands one summary to the WriteSummary op: step, tensor, the full tag and serialized metadata.
void execute_write(const std::string& tag, const Tensor& tensor, const Step& step, const std::string& metadata) {
  const ops::AttrValue attrs[] = {context().default_writer->id()};
  const Tensor inputs[] = {step_tensor(step, tag), tensor, constant(tag), constant(metadata)};
  ops::execute(write_summary_op(), std::span<const Tensor>(inputs), attrs);
}

}  // namespace

bool write_summary(const std::string& name, const Tensor& tensor, const Step& step, const proto::SummaryMetadata& metadata) {
  execute_write(graph::current_name_scope() + name, tensor, step, metadata.SerializeAsString());
  return true;
}

bool write_raw(const std::string& tag, const Tensor& tensor, const Step& step, const std::string& metadata) {
  if (!should_record_summaries()) return false;
  execute_write(tag, tensor, step, metadata);
  return true;
}

bool write_raw_proto(const Tensor& serialized_summaries, const Step& step) {
  if (!should_record_summaries()) return false;
  const ops::AttrValue attrs[] = {context().default_writer->id()};
  const Tensor inputs[] = {step_tensor(step, "write_raw_pb"), serialized_summaries};
  ops::execute(write_raw_proto_summary_op(), std::span<const Tensor>(inputs), attrs);
  return true;
}

}  // namespace detail

bool write(const std::string& tag, const Tensor& tensor, Step step, const std::string& plugin_name) {
  // The tag as given, no name scope, and without a plugin no metadata, as tf.summary.write.
  return detail::write_raw(tag, tensor, step,
                           plugin_name.empty() ? std::string() : detail::plugin_metadata(plugin_name, "").SerializeAsString());
}

bool scalar(const std::string& name, const Tensor& data, Step step, const std::string& description) {
  if (!should_record_summaries()) return false;
  if (data.shape().rank() != 0)
    throw InvalidArgumentError("[scalar] summary '" + name + "' expects a scalar, got shape " + data.shape().to_string());
  const Tensor value = data.dtype() == DType::kFloat32 ? data : cast(data, DType::kFloat32);
  return detail::write_summary(name, value, step, detail::plugin_metadata("scalars", description));
}

bool histogram(const std::string& name, const Tensor& data, Step step, int buckets, const std::string& description) {
  if (!should_record_summaries()) return false;
  const ops::AttrValue attrs[] = {std::int64_t{buckets}};
  const Tensor counts = ops::execute1(detail::histogram_buckets_op(), {data}, attrs);
  return detail::write_summary(name, counts, step, detail::plugin_metadata("histograms", description));
}

bool image(const std::string& name, const Tensor& data, Step step, int max_outputs, const std::string& description) {
  if (!should_record_summaries()) return false;
  const ops::AttrValue attrs[] = {std::int64_t{max_outputs}};
  const Tensor encoded = ops::execute1(detail::encode_images_op(), {data}, attrs);
  return detail::write_summary(name, encoded, step, detail::plugin_metadata("images", description));
}

bool text(const std::string& name, const Tensor& data, Step step, const std::string& description) {
  if (!should_record_summaries()) return false;
  if (data.dtype() != DType::kString)
    throw InvalidArgumentError("[text] summary '" + name + "' expects a string tensor, got " +
                               std::string(dtype_name(data.dtype())));
  return detail::write_summary(name, data, step, detail::plugin_metadata("text", description));
}

bool audio(const std::string& name, const Tensor& data, double sample_rate, Step step, int max_outputs,
           const std::string& description) {
  if (!should_record_summaries()) return false;
  const ops::AttrValue attrs[] = {sample_rate, std::int64_t{max_outputs}};
  const Tensor encoded = ops::execute1(detail::encode_audio_op(), {data}, attrs);
  // AudioPluginData{version: 0, encoding: WAV (11)}: field 2, varint 11.
  return detail::write_summary(name, encoded, step, detail::plugin_metadata("audio", description, std::string("\x10\x0b", 2)));
}

namespace experimental {

void set_step(Step step) { context().step = step; }
Step get_step() { return context().step; }

}  // namespace experimental

}  // namespace tf::summary
