// The ops behind tf::summary.
#pragma once

#include "ops/op_def.h"

namespace tf::summary::detail {
class WriterState;
}

namespace tf::summary::detail {

/// WriteSummary(step: int64 scalar, tensor, tag: string scalar, metadata: string scalar),
/// attr writer (an id of find_writer): queues one summary event.
const ops::OpDef& write_summary_op();
/// WriteRawProtoSummary(step: int64 scalar, tensor: string), attr writer: queues one event holding
/// the Values of every serialized Summary in `tensor` (DataLossError for one that does not parse).
const ops::OpDef& write_raw_proto_summary_op();
/// FlushSummaryWriter, attr writer (no inputs or outputs): writes the writer's queued events.
const ops::OpDef& flush_summary_writer_op();
/// CloseSummaryWriter, attr writer: flushes and closes the writer's file.
const ops::OpDef& close_summary_writer_op();
/// SummaryHistogramBuckets(data), attr bucket_count: TensorBoard's [bucket_count, 3] float64
/// histogram of data's values (left edge, right edge, count).
const ops::OpDef& histogram_buckets_op();
/// SummaryEncodeImages(images [b,h,w,c]), attr max_outputs: string vector [width, height,
/// png...] of at most max_outputs images.
const ops::OpDef& encode_images_op();
/// SummaryEncodeAudio(audio [k,frames,channels]), attrs sample_rate, max_outputs: a string
/// [min(k, max_outputs), 2] of 16-bit WAV clips and empty labels.
const ops::OpDef& encode_audio_op();

/// Fails unless input 0, the step, is an int64 scalar (the shape check of the write ops).
void check_step_input(ops::ShapeContext& ctx);
/// Runs FlushSummaryWriter or CloseSummaryWriter on `writer` (eagerly, or as a node when tracing).
void execute_writer_op(const ops::OpDef& op, const WriterState& writer);

}  // namespace tf::summary::detail
