// tf.audio's WAV ops for Python (python/tfpp/audio.py names decode_wav's results as TensorFlow does).
#include <nanobind/stl/pair.h>

#include "bindings.h"
#include "tfpp/audio_ops.h"

namespace tfpp_python {

using namespace nb::literals;

void bind_audio_ops(nb::module_& m) {
  nb::module_ io = nb::borrow<nb::module_>(m.attr("_io"));
  io.def("decode_wav", [](nb::handle contents, std::int64_t desired_channels, std::int64_t desired_samples, nb::handle name) {
    NodeName named(name);
    tf::audio::DecodedWav out = tf::audio::decode_wav(to_tensor(contents, tf::string),
                                                      {.desired_channels = desired_channels, .desired_samples = desired_samples});
    return std::make_pair(std::move(out.audio), std::move(out.sample_rate));
  }, "contents"_a, "desired_channels"_a = -1, "desired_samples"_a = -1, "name"_a = nb::none());
  io.def("encode_wav", [](nb::handle audio, nb::handle sample_rate, nb::handle name) {
    NodeName named(name);
    return tf::audio::encode_wav(to_tensor(audio, tf::float32), to_tensor(sample_rate, tf::int32));
  }, "audio"_a, "sample_rate"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python
