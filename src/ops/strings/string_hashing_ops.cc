// The hashing ops: StringToHashBucketFast, StringToHashBucketStrong, StringToHashBucket and
// Fingerprint, over the hashes of ops/strings/string_hashes.h.
#include <cstring>

#include "kernels/cpu/parallel.h"
#include "ops/execute.h"
#include "ops/strings/string_hashes.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/constant.h"
#include "tfpp/string_hashing.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

constexpr int kNumBuckets = 0, kKey = 1;  // attribute positions

void hash_bucket_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0);
  const std::int64_t buckets = ctx.attr<std::int64_t>(kNumBuckets);
  if (buckets < 1) ctx.fail("Value for attr 'num_buckets' of " + std::to_string(buckets) + " must be at least minimum 1");
  if (ctx.attrs().size() > kKey && ctx.attr<std::vector<std::int64_t>>(kKey).size() != 2)
    ctx.fail("Key must have 2 elements");
  ctx.add_output(int64, ctx.input(0).shape());
}

// out[i] = hash(in[i]) % num_buckets, the hash read as unsigned, as TensorFlow's kernels do.
template <class Hash>
void hash_buckets(KernelContext& ctx, Hash hash) {
  const std::string* in = ctx.input(0).data<std::string>();
  std::int64_t* out = ctx.output(0).mutable_data<std::int64_t>();
  const auto buckets = static_cast<std::uint64_t>(ctx.attr<std::int64_t>(kNumBuckets));
  kernels::parallel_for(ctx.output(0).num_elements(), 64, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) out[i] = static_cast<std::int64_t>(hash(in[i]) % buckets);
  });
}

void fast_kernel(KernelContext& ctx) { hash_buckets(ctx, ops::fingerprint64); }
void legacy_kernel(KernelContext& ctx) { hash_buckets(ctx, ops::legacy_hash64); }
void strong_kernel(KernelContext& ctx) {
  const auto& key = ctx.attr<std::vector<std::int64_t>>(kKey);
  const auto k0 = static_cast<std::uint64_t>(key[0]), k1 = static_cast<std::uint64_t>(key[1]);
  hash_buckets(ctx, [&](const std::string& s) { return ops::siphash24(k0, k1, s); });
}

const OpDef& kStringToHashBucketFast = OpBuilder("StringToHashBucketFast").inputs(1).attrs({"num_buckets"})
    .shape(hash_bucket_shape).kernel(string, fast_kernel).no_gradient();
const OpDef& kStringToHashBucketStrong = OpBuilder("StringToHashBucketStrong").inputs(1).attrs({"num_buckets", "key"})
    .shape(hash_bucket_shape).kernel(string, strong_kernel).no_gradient();
const OpDef& kStringToHashBucket = OpBuilder("StringToHashBucket").inputs(1).attrs({"num_buckets"})
    .shape(hash_bucket_shape).kernel(string, legacy_kernel).no_gradient();

// --- Fingerprint(data, method) -> uint8 [data.shape[0], 8] ---------------------------------

void fingerprint_shape(ShapeContext& ctx) {
  const TensorShape& shape = ctx.input(0).shape();
  if (ctx.input(0).dtype() == DType::kResource || ctx.input(0).dtype() == DType::kVariant)
    ctx.fail("data has dtype " + std::string(dtype_name(ctx.input(0).dtype())) + ", which holds no fingerprintable values");
  if (!shape.has_unknown_rank() && shape.rank() < 1) ctx.fail("Shape must be at least rank 1 but is rank 0");
  ops::check_string_input(ctx, 1, "method");
  if (!ctx.input(1).shape().has_unknown_rank() && ctx.input(1).shape().rank() != 0)
    ctx.fail("method must be a scalar, got shape " + ctx.input(1).shape().to_string());
  if (!ctx.input(1).is_symbolic() && ctx.input(1).item<std::string>() != "farmhash64")
    ctx.fail("Unsupported fingerprint method: " + ctx.input(1).item<std::string>());
  ctx.add_output(uint8, TensorShape({shape.has_unknown_rank() ? -1 : shape.dim(0), 8}));
}

void put_le64(std::uint64_t v, std::uint8_t* out) {
  for (int b = 0; b < 8; ++b) out[b] = static_cast<std::uint8_t>(v >> (8 * b));
}

void fingerprint_kernel(KernelContext& ctx) {
  if (ctx.input(1).item<std::string>() != "farmhash64")
    ctx.fail("Unsupported fingerprint method: " + ctx.input(1).item<std::string>());
  const Tensor& data = ctx.input(0);
  const std::int64_t rows = data.shape().dim(0);
  const std::int64_t per_row = rows == 0 ? 0 : data.num_elements() / rows;
  std::uint8_t* out = ctx.output(0).mutable_data<std::uint8_t>();
  if (data.dtype() != DType::kString) {
    const std::size_t row_bytes = static_cast<std::size_t>(per_row) * dtype_size(data.dtype());
    const char* bytes = static_cast<const char*>(data.raw_data());
    for (std::int64_t i = 0; i < rows; ++i) put_le64(ops::fingerprint64({bytes + i * row_bytes, row_bytes}), out + 8 * i);
    return;
  }
  const std::string* strings = data.data<std::string>();
  std::string row(8 * per_row, '\0');
  for (std::int64_t i = 0; i < rows; ++i) {
    if (per_row == 1) {
      put_le64(ops::fingerprint64(strings[i]), out + 8 * i);
      continue;
    }
    // Several strings per row: the fingerprint of their fingerprints' bytes.
    for (std::int64_t j = 0; j < per_row; ++j)
      put_le64(ops::fingerprint64(strings[i * per_row + j]), reinterpret_cast<std::uint8_t*>(row.data()) + 8 * j);
    put_le64(ops::fingerprint64(row), out + 8 * i);
  }
}

// Dispatched on data's dtype: one kernel reads every dtype's bytes.
OpBuilder fingerprint_builder() {
  OpBuilder b("Fingerprint");
  b.inputs(2).shape(fingerprint_shape).no_gradient();
  for (DType d : {float32, float64, int32, int64, uint8, bool_, string}) b.kernel(d, fingerprint_kernel);
  return b;
}
const OpDef& kFingerprint = fingerprint_builder();

Tensor hash_op(const OpDef& op, const Tensor& input, std::int64_t num_buckets) {
  const std::array<ops::AttrValue, 1> attrs{num_buckets};
  return ops::execute1(op, {input}, attrs);
}

}  // namespace

namespace strings {

Tensor to_hash_bucket_fast(const Tensor& input, std::int64_t num_buckets) {
  return hash_op(kStringToHashBucketFast, input, num_buckets);
}

Tensor to_hash_bucket_strong(const Tensor& input, std::int64_t num_buckets, const std::vector<std::int64_t>& key) {
  const std::array<ops::AttrValue, 2> attrs{num_buckets, key};
  return ops::execute1(kStringToHashBucketStrong, {input}, attrs);
}

Tensor to_hash_bucket(const Tensor& input, std::int64_t num_buckets) { return hash_op(kStringToHashBucket, input, num_buckets); }

}  // namespace strings

Tensor fingerprint(const Tensor& data, const std::string& method) {
  return ops::execute1(kFingerprint, {data, constant(method)});
}

}  // namespace tf
