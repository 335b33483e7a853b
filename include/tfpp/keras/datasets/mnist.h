// tf.keras.datasets.mnist, read from local files: no download at run time (the Fashion-MNIST
// loader is in tfpp/keras/datasets.h).
#pragma once

#include <string>
#include <utility>

#include "tfpp/tensor.h"

namespace tf::keras::datasets::mnist {

/// ((x_train, y_train), (x_test, y_test)) of MNIST's handwritten digits, from the four gzip IDX
/// files of its original distribution (train-images-idx3-ubyte.gz, train-labels-idx1-ubyte.gz,
/// t10k-images-idx3-ubyte.gz, t10k-labels-idx1-ubyte.gz) in `directory`: x is [N, 28, 28] pixel
/// values 0..255 and y is [N] digits 0..9 (N = 60000 and 10000), both uint8 as Keras returns them.
/// Debian packages no MNIST and tfpp downloads nothing, so the directory is the caller's. Throws
/// NotFoundError if a file is missing and DataLossError if one is damaged.
std::pair<std::pair<Tensor, Tensor>, std::pair<Tensor, Tensor>> load_data(const std::string& directory);

}  // namespace tf::keras::datasets::mnist
