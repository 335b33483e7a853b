#!/usr/bin/env bash
# `tfpp saved_model show` prints what TensorFlow 2.21's saved_model_cli show prints for SavedModels
# TensorFlow wrote (tag-sets, signature keys, one signature, --all); `tfpp saved_model run`
# prints what saved_model_cli run prints and writes .npy outputs that match TensorFlow's and are
# byte for byte what np.save writes; .npy inputs in every form NumPy writes are read exactly;
# bad input fails with a clear message and a non-zero exit.
# Usage: check_saved_model_cli.sh SOURCE_DIR TFPP_TOOL
set -euo pipefail
source_dir=$1 tool=$2
python=${TFPP_REFERENCE_ENV:-$source_dir/.venv-ref}/bin/python
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" "$source_dir/tests/tools/saved_model_cli_reference.py" "$work" > "$work/reference.log" 2>&1 || { cat "$work/reference.log" >&2; exit 1; }
models=$work/models expected=$work/expected inputs=$work/inputs

for name in mlp control keras_dense identity; do
  sig=serving_default
  [ "$name" = keras_dense ] && sig=serve
  [ "$name" = identity ] && sig=int64
  "$tool" saved_model show --dir "$models/$name" > "$work/out.tags"
  "$tool" saved_model show --dir "$models/$name" --tag_set serve > "$work/out.keys"
  "$tool" saved_model show --dir "$models/$name" --tag_set serve --signature_def "$sig" > "$work/out.signature"
  "$tool" saved_model show --dir "$models/$name" --all > "$work/out.all"
  for mode in tags keys signature all; do
    diff "$expected/$name.$mode" "$work/out.$mode" || { echo "show $mode differs for $name" >&2; exit 1; }
  done
done

# run: the same printed results and the same .npy files (values within float32 tolerance).
"$tool" saved_model run --dir "$models/mlp" --signature_def serving_default --inputs "x=$inputs/mlp_x.npy" \
  --outdir "$work/run_mlp" > "$work/run_mlp.txt"
"$tool" saved_model run --dir "$models/control" --tag_set serve --signature_def serving_default \
  --inputs "n=$inputs/control_n.npy;x=$inputs/control_x.npy" --outdir "$work/run_control" > "$work/run_control.txt"
# Every .npy variant NumPy writes goes through an identity signature of its dtype unchanged.
declare -A dtype_of=([float32]=float32 [float64]=float64 [int32]=int32 [int64]=int64 [bool]=bool [scalar]=float32
                     [empty]=float32 [fortran]=float32 [bigendian]=int32 [version2]=float64 [version3]=float64)
for variant in "${!dtype_of[@]}"; do
  "$tool" saved_model run --dir "$models/identity" --signature_def "${dtype_of[$variant]}" \
    --inputs "x=$inputs/v_$variant.npy" --outdir "$work/identity_$variant" > /dev/null
done
"$python" - "$work" "$tool" <<'PY'
import os, sys
import numpy as np
work, tool = sys.argv[1], sys.argv[2]
expected = os.path.join(work, "expected")
for name in ("mlp", "control"):
    ours = open(os.path.join(work, "run_%s.txt" % name)).read().replace(os.path.join(work, "run_" + name), "OUTDIR")
    theirs = open(os.path.join(expected, "run_%s.txt" % name)).read()
    # The printed lines match; the printed values are NumPy's str of tfpp's own outputs.
    ours_keys = [l for l in ours.splitlines() if l.startswith(("Result for", "Output "))]
    theirs_keys = [l for l in theirs.splitlines() if l.startswith(("Result for", "Output "))]
    assert ours_keys == theirs_keys, (ours_keys, theirs_keys)
    printed = ""
    for key in sorted(os.listdir(os.path.join(expected, "run_" + name))):
        path = os.path.join(work, "run_" + name, key)
        a, b = np.load(path), np.load(os.path.join(expected, "run_" + name, key))
        assert a.dtype == b.dtype and a.shape == b.shape, (key, a.dtype, b.dtype, a.shape, b.shape)
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
        buf = open(path, "rb").read()
        with open(os.path.join(work, "resaved.npy"), "wb") as f:
            np.save(f, a)
        assert buf == open(os.path.join(work, "resaved.npy"), "rb").read(), "tfpp's %s is not what np.save writes" % path
        printed += "Result for output key %s:\n%s\nOutput %s is saved to OUTDIR/%s\n" % (key[:-4], a, key[:-4], key)
    assert ours == printed, (ours, printed)
inputs = os.path.join(work, "inputs")
for variant in ("float32", "float64", "int32", "int64", "bool", "scalar", "empty", "fortran", "bigendian", "version2", "version3"):
    original = np.load(os.path.join(inputs, "v_%s.npy" % variant))
    got = np.load(os.path.join(work, "identity_" + variant, "y.npy"))
    assert got.shape == original.shape and np.array_equal(got, original), variant
    assert got.dtype == original.dtype.newbyteorder("="), (variant, got.dtype)
PY

# Bad input: a clear message and a non-zero exit.
expect_failure() {
  local pattern=$1; shift
  if "$tool" "$@" > /dev/null 2> "$work/err"; then echo "tfpp $* succeeded" >&2; exit 1; fi
  grep -q -- "$pattern" "$work/err" || { echo "tfpp $*: expected '$pattern', got:" >&2; cat "$work/err" >&2; exit 1; }
}
expect_failure "no SavedModel directory at" saved_model show --dir "$work/missing"
expect_failure "no SavedModel directory at" saved_model run --dir "$work/missing" --signature_def s --inputs "x=$inputs/mlp_x.npy"
expect_failure 'Could not find signature "nope". Please choose from: __saved_model_init_op, serving_default' \
  saved_model show --dir "$models/mlp" --tag_set serve --signature_def nope
expect_failure 'Could not find signature "nope"' saved_model run --dir "$models/mlp" --signature_def nope --inputs "x=$inputs/mlp_x.npy"
expect_failure "MetaGraphDef associated with tag-set gpu could not be found" saved_model show --dir "$models/mlp" --tag_set gpu
expect_failure '"z" is not a valid input key' saved_model run --dir "$models/mlp" --signature_def serving_default --inputs "z=$inputs/mlp_x.npy"
expect_failure 'needs input "n"' saved_model run --dir "$models/control" --signature_def serving_default --inputs "x=$inputs/control_x.npy"
expect_failure "format is incorrect" saved_model run --dir "$models/mlp" --signature_def serving_default --inputs "nofile"
expect_failure "\[npy\] cannot open" saved_model run --dir "$models/mlp" --signature_def serving_default --inputs "x=$work/none.npy"
head -c 150 "$inputs/mlp_x.npy" > "$work/truncated.npy"
expect_failure "\[npy\] .*truncated.npy is damaged: shape and dtype '<f4' need 60 data bytes" \
  saved_model run --dir "$models/mlp" --signature_def serving_default --inputs "x=$work/truncated.npy"
printf 'not numpy at all' > "$work/garbage.npy"
expect_failure "is not a .npy file" saved_model run --dir "$models/mlp" --signature_def serving_default --inputs "x=$work/garbage.npy"
sed 's/fortran_order/fortran_ordeR/' "$inputs/mlp_x.npy" > "$work/badkey.npy"
expect_failure "unexpected or repeated key 'fortran_ordeR'" saved_model run --dir "$models/mlp" --signature_def serving_default --inputs "x=$work/badkey.npy"
"$python" -c "import numpy as np; np.save('$work/m8.npy', np.zeros(3, 'm8[s]'))"
expect_failure "holds dtype '<m8\[s\]', which tfpp does not read" saved_model run --dir "$models/identity" --signature_def int32 --inputs "x=$work/m8.npy"
"$tool" saved_model run --dir "$models/mlp" --signature_def serving_default --inputs "x=$inputs/mlp_x.npy" --outdir "$work/again" > /dev/null
expect_failure "already exists. Add \"--overwrite\"" saved_model run --dir "$models/mlp" --signature_def serving_default --inputs "x=$inputs/mlp_x.npy" --outdir "$work/again"
head -c 200 "$models/mlp/saved_model.pb" > "$work/damaged.pb" && mkdir "$work/damaged" && mv "$work/damaged.pb" "$work/damaged/saved_model.pb"
expect_failure "saved_model.pb is damaged" saved_model show --dir "$work/damaged" --all
echo "tfpp saved_model show/run match saved_model_cli"
