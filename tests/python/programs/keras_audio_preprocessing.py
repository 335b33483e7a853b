"""keras.layers.MelSpectrogram and STFTSpectrogram: mel spectrograms of batched and single
waveforms (decibels and power, windows, strides, filter banks) and STFT spectrograms of
multichannel signals (modes, padding, data formats, kernels), output shapes and dtypes, configs,
models and errors."""
import numpy as np

from harness import rounded, show_error, tf

layers = tf.keras.layers
t = np.arange(2 * 800, dtype=np.float32).reshape(2, 800)
waves = tf.constant(np.sin(0.05 * t) * 0.5 + 0.25 * np.sin(0.31 * t + 1.0))


def show(label, y, decimals=2):
    print(label, rounded(y, decimals)[:400])


show("db", layers.MelSpectrogram(fft_length=256, sequence_stride=64, num_mel_bins=16, sampling_rate=8000)(waves))
show("power", layers.MelSpectrogram(fft_length=128, sequence_stride=50, sequence_length=100, num_mel_bins=8, power_to_db=False,
                                    mag_exp=1.0, sampling_rate=8000)(waves))
show("single hamming", layers.MelSpectrogram(fft_length=256, sequence_stride=128, window="hamming", num_mel_bins=10, top_db=30.0)(waves[0]))
show("no window", layers.MelSpectrogram(fft_length=64, sequence_stride=32, window=None, num_mel_bins=8, sampling_rate=4000)(waves))
layer = layers.MelSpectrogram(fft_length=512, sequence_stride=100, sequence_length=400, sampling_rate=22050, num_mel_bins=40)
print("config", sorted(layer.get_config().items())[3:])
copy = layers.MelSpectrogram.from_config(layer.get_config())
print("from_config", copy.get_config()["max_freq"], copy.get_config()["sequence_length"])
model = tf.keras.Sequential([tf.keras.Input((800,)), layers.MelSpectrogram(fft_length=128, sequence_stride=64, num_mel_bins=12)])
show("model predict", model.predict(waves, verbose=0))
signals = tf.transpose(tf.reshape(waves, (1, 2, 800)), (0, 2, 1))
for mode in ("log", "magnitude", "psd", "real", "imag", "stft"):
    show("stft " + mode, layers.STFTSpectrogram(mode=mode, frame_length=64, frame_step=32)(signals))
show("stft same expand", layers.STFTSpectrogram(mode="magnitude", frame_length=50, frame_step=25, fft_length=64, padding="same",
                                                expand_dims=True, window="hamming", periodic=True)(signals))
show("stft channels_first", layers.STFTSpectrogram(mode="log", frame_length=32, data_format="channels_first", scaling=None)(
    tf.transpose(signals, (0, 2, 1))))
stft = layers.STFTSpectrogram(frame_length=16, fft_length=16)
stft.build((None, 100, 1))
print("stft weights", [tuple(w.shape) for w in stft.weights], [w.name for w in stft.weights])
print("stft config", sorted(stft.get_config().items())[2:])
model = tf.keras.Sequential([tf.keras.Input((800, 2)), layers.STFTSpectrogram(mode="magnitude", frame_length=64, frame_step=64)])
show("stft model predict", model.predict(signals, verbose=0))
show_error("stft frame_step 0", lambda: layers.STFTSpectrogram(frame_step=0))
show_error("stft mode", lambda: layers.STFTSpectrogram(mode="power"))
show_error("fft shorter than the window", lambda: layers.MelSpectrogram(fft_length=128, sequence_length=256))
