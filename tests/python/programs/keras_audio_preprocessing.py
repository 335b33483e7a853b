"""keras.layers.MelSpectrogram: mel spectrograms of batched and single waveforms (decibels and
power, windows, strides, filter banks), output shapes and dtypes, configs, a model and errors."""
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
show_error("fft shorter than the window", lambda: layers.MelSpectrogram(fft_length=128, sequence_length=256))
