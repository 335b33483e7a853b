// DecodeWav and EncodeWav: TensorFlow's ops over 16-bit PCM WAV files (ops/audio/wav_codec.h).
#include <array>
#include <limits>

#include "ops/audio/wav_codec.h"
#include "ops/execute.h"
#include "tfpp/audio_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

const std::string& contents_of(const ops::OpContext& ctx) {
  const std::string& wav = ctx.input(0).data<std::string>()[0];
  if (wav.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
    ctx.fail("WAV contents are too large for int: " + std::to_string(wav.size()));
  return wav;
}

ops::audio::WavLayout layout_of(const ops::OpContext& ctx) {
  ops::audio::WavLayout layout;
  if (const std::string error = ops::audio::read_wav_layout(contents_of(ctx), layout); !error.empty()) ctx.fail(error);
  return layout;
}

// [samples, channels]: the desired sizes, else the file's (known once the contents are).
void decode_wav_shape(ShapeContext& ctx) {
  const TensorShape& s = ctx.input(0).shape();
  if (ctx.input(0).dtype() != string) ctx.fail("contents must be a string tensor, got " + std::string(dtype_name(ctx.input(0).dtype())));
  if (!s.has_unknown_rank() && s.rank() != 0) ctx.fail("contents must be scalar, got shape " + s.debug_string());
  std::int64_t channels = ctx.attr<std::int64_t>(0), samples = ctx.attr<std::int64_t>(1);
  if (!ctx.input(0).is_symbolic() && (channels == -1 || samples == -1)) {
    const ops::audio::WavLayout layout = layout_of(ctx);
    if (channels == -1) channels = layout.channels;
    if (samples == -1) samples = layout.frames;
  }
  ctx.add_output(float32, TensorShape({samples == -1 ? None : samples, channels == -1 ? None : channels}));
  ctx.add_output(int32, TensorShape({}));
}

void decode_wav_kernel(KernelContext& ctx) {
  const std::string& wav = contents_of(ctx);
  const ops::audio::WavLayout layout = layout_of(ctx);
  Tensor& audio = ctx.output(0);
  const std::int64_t samples = audio.shape()[0], channels = audio.shape()[1];
  float* out = audio.mutable_data<float>();
  for (std::int64_t s = 0; s < samples; ++s)
    for (std::int64_t c = 0; c < channels; ++c)
      // Past the file's samples: silence; past its channels: its last channel again.
      out[s * channels + c] = s >= layout.frames ? 0.0f
                                                 : ops::audio::wav_sample(wav, layout, static_cast<std::uint32_t>(s),
                                                                          static_cast<std::uint16_t>(std::min<std::int64_t>(c, layout.channels - 1)));
  ctx.output(1).mutable_data<std::int32_t>()[0] = static_cast<std::int32_t>(layout.sample_rate);
}

void encode_wav_shape(ShapeContext& ctx) {
  const TensorShape& audio = ctx.input(0).shape();
  const TensorShape& rate = ctx.input(1).shape();
  if (ctx.input(1).dtype() != int32)
    ctx.fail("sample_rate must be an int32 tensor, got " + std::string(dtype_name(ctx.input(1).dtype())));
  if (!audio.has_unknown_rank() && audio.rank() != 2) ctx.fail("audio must be 2-dimensional" + audio.debug_string());
  if (!rate.has_unknown_rank() && rate.rank() != 0)
    ctx.fail("Input sample_rate should be a scalar tensor, got " + rate.debug_string() + " instead.");
  ctx.add_output(string, TensorShape({}));
}

void encode_wav_kernel(KernelContext& ctx) {
  const Tensor& audio = ctx.input(0);
  if (audio.num_elements() >= std::numeric_limits<std::int32_t>::max()) ctx.fail("Cannot encode audio with >= max int32 elements");
  std::string& out = ctx.output(0).mutable_data<std::string>()[0];
  const std::string error = ops::audio::write_wav(audio.data<float>(), audio.shape()[0], audio.shape()[1],
                                                  ctx.input(1).item<std::int32_t>(), out);
  if (!error.empty()) ctx.fail(error);
}

const OpDef& kDecodeWav = OpBuilder("DecodeWav")
                              .inputs(1)
                              .attrs({"desired_channels", "desired_samples"})
                              .shape(decode_wav_shape)
                              .kernel(string, decode_wav_kernel)
                              .no_gradient();
const OpDef& kEncodeWav = OpBuilder("EncodeWav").inputs(2).shape(encode_wav_shape).kernel(float32, encode_wav_kernel).no_gradient();

}  // namespace

namespace audio {

DecodedWav decode_wav(const Tensor& contents, const DecodeWavOptions& options) {
  const std::array<ops::AttrValue, 2> attrs{options.desired_channels, options.desired_samples};
  ops::Outputs out = ops::execute(kDecodeWav, {contents}, attrs);
  return {std::move(out[0]), std::move(out[1])};
}

Tensor encode_wav(const Tensor& audio, const Tensor& sample_rate) {
  return std::move(ops::execute(kEncodeWav, {audio, sample_rate}, {})[0]);
}

}  // namespace audio
}  // namespace tf
