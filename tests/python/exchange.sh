#!/usr/bin/env bash
# Files exchanged between tfpp's Python front end and TensorFlow 2.21 both ways: runs SCRIPT's save
# step under one library and its check step under the other, in both directions
# (saved_model_interop.py, keras_saving_exchange.py):
# exchange.sh SOURCE_DIR TFPP_PYTHON PACKAGE_DIR SCRIPT. Fails with a clear message when the
# reference environment (TensorFlow 2.21) is missing.
set -euo pipefail
source_dir=$1 tfpp_python=$2 package_dir=$3 script=$source_dir/tests/python/$4
python=${TFPP_REFERENCE_ENV:-$source_dir/.venv-ref}/bin/python
if [[ ! -x $python ]] || ! "$python" -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("tensorflow") is None)' 2>/dev/null; then
  echo "python tests: the reference environment with TensorFlow 2.21 ($python) is missing;" >&2
  echo "create it with: bash scripts/install_test_deps.sh (or scripts/make_reference_env.sh)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/by_tfpp" "$work/by_tensorflow"
export TF_CPP_MIN_LOG_LEVEL=3
TFPP_TEST_MODULE=tfpp PYTHONPATH=$package_dir "$tfpp_python" "$script" save "$work/by_tfpp"
TFPP_TEST_MODULE=tensorflow "$python" "$script" check "$work/by_tfpp"
TFPP_TEST_MODULE=tensorflow "$python" "$script" save "$work/by_tensorflow"
TFPP_TEST_MODULE=tfpp PYTHONPATH=$package_dir "$tfpp_python" "$script" check "$work/by_tensorflow"
