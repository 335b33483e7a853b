#!/usr/bin/env bash
# Installs the Debian packages that the tfpp library and its main job (examples/) need,
# and nothing else: test tools and the reference peers come from install_test_deps.sh.
# Idempotent: packages already present are left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/apt_install.sh

library_packages=(
  build-essential cmake ninja-build ccache pkg-config
  libdnnl-dev
  # Debian's dnnl-config.cmake calls find_package(OpenCL REQUIRED) (its GPU runtime).
  ocl-icd-opencl-dev opencl-headers
  libhwy-dev zlib1g-dev
  libprotobuf-dev protobuf-compiler  # event files and GraphDefs in TensorFlow's formats
  libpng-dev                          # image summaries, tf.io.encode_png / decode_png
  libjpeg62-turbo-dev                 # tf.io.encode_jpeg / decode_jpeg (libjpeg-turbo, as TensorFlow)
  libeigen3-dev                       # tf.linalg's factorizations and special functions (as TensorFlow)
  libcli11-dev                        # the tfpp command-line tool (tools/tfpp)
  libhdf5-dev                         # Keras' .weights.h5 files
  libzip-dev                          # Keras' .keras files (zip archives)
  libre2-dev                          # regular expressions of tf.strings (RegexReplace, RegexFullMatch)
  libicu-dev                          # Unicode case mapping of tf.strings.lower/upper (encoding "utf-8")
  dataset-fashion-mnist
)
apt_install "${library_packages[@]}"
