// Hashing strings into buckets, and fingerprints (tf.strings.to_hash_bucket_fast /
// to_hash_bucket_strong / to_hash_bucket, tf.fingerprint): the same numbers as TensorFlow, so
// hashed features and vocabularies agree with models TensorFlow trained.
//
//   tf::Tensor ids = tf::strings::to_hash_bucket_fast(tf::constant({"cat", "dog"}), 100);  // int64 [2]
//   tf::Tensor f = tf::fingerprint(tf::constant({"cat", "dog"}));                         // uint8 [2, 8]
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "tfpp/tensor.h"

namespace tf::strings {

/// FarmHash Fingerprint64 of each string modulo `num_buckets` (StringToHashBucketFast), as int64.
Tensor to_hash_bucket_fast(const Tensor& input, std::int64_t num_buckets);

/// SipHash-2-4 of each string under the 128-bit `key`, modulo `num_buckets`
/// (StringToHashBucketStrong), as int64: harder to attack than to_hash_bucket_fast.
Tensor to_hash_bucket_strong(const Tensor& input, std::int64_t num_buckets, const std::vector<std::int64_t>& key);

/// TensorFlow's legacy Hash64 of each string modulo `num_buckets` (StringToHashBucket), as int64.
Tensor to_hash_bucket(const Tensor& input, std::int64_t num_buckets);

}  // namespace tf::strings

namespace tf {

/// The 64-bit fingerprint of each row data[i, ...] as 8 little-endian bytes (tf.fingerprint):
/// uint8 [data.shape[0], 8]. Numbers are fingerprinted by their bytes; strings one by one, and
/// rows of several strings by the fingerprint of their fingerprints. `method` must be "farmhash64".
Tensor fingerprint(const Tensor& data, const std::string& method = "farmhash64");

}  // namespace tf
