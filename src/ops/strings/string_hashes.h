// The 64-bit string hashes TensorFlow's hashing ops use: FarmHash's Fingerprint64 (Fingerprint,
// StringToHashBucketFast, StaticVocabularyTable's out-of-vocabulary buckets), SipHash-2-4
// (StringToHashBucketStrong) and TensorFlow's own legacy Hash64 (StringToHashBucket).
#pragma once

#include <cstdint>
#include <string_view>

namespace tf::ops {

/// FarmHash Fingerprint64 (farmhashna::Hash64): stable across platforms and releases.
std::uint64_t fingerprint64(std::string_view s);

/// SipHash-2-4 of `s` under the 128-bit key (k0, k1).
std::uint64_t siphash24(std::uint64_t k0, std::uint64_t k1, std::string_view s);

/// TensorFlow's legacy Hash64 (a MurmurHash64A variant) with its default seed.
std::uint64_t legacy_hash64(std::string_view s);

}  // namespace tf::ops
