// Built-in datasets (tf.keras.datasets), read from local files: no download at run time.
#pragma once

#include <string>
#include <utility>

#include "tfpp/tensor.h"

namespace tf::keras::datasets::fashion_mnist {

/// Where the Debian package dataset-fashion-mnist installs the gzip IDX files.
inline constexpr const char* kDefaultDirectory = "/usr/share/datasets/fashion-mnist";

/// ((x_train, y_train), (x_test, y_test)) of Fashion-MNIST: x is [N, 28, 28] pixel values
/// 0..255 and y is [N] class ids 0..9 (N = 60000 and 10000), both uint8 as Keras returns them.
/// Throws NotFoundError if the files are missing and DataLossError if they are damaged.
std::pair<std::pair<Tensor, Tensor>, std::pair<Tensor, Tensor>> load_data(const std::string& directory = kDefaultDirectory);

}  // namespace tf::keras::datasets::fashion_mnist
