// tf::nn::ctc_greedy_decoder: a hand-worked best path (repeats merged or kept, blanks dropped, the
// first class on ties), scores, blank_index and TensorFlow's errors.
// tests/python/programs/ctc_greedy_decoder.py compares more cases with TensorFlow itself.
#include <gtest/gtest.h>

#include <tfpp/ctc_decoders.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

// Time 4, batch 2, classes 3 (blank 2). Batch 0 argmaxes: 1, 1, 2, 1; batch 1 (length 2): 0, 0 (a tie at step 1).
const Tensor kLogits = tf::constant(std::vector<float>{0, 3, 1, /**/ 2, 1, 0,  //
                                                      0, 2, 1, /**/ 5, 5, 0,  //
                                                      0, 1, 4, /**/ 9, 9, 9,  //
                                                      1, 2, 0, /**/ 9, 9, 9},
                                    {4, 2, 3});
const Tensor kLengths = tf::constant(std::vector<std::int32_t>{4, 2});

TEST(CtcGreedyDecoder, MergesRepeatsAndDropsBlanks) {
  const tf::nn::CtcDecoded d = tf::nn::ctc_greedy_decoder(kLogits, kLengths);
  EXPECT_EQ(d.indices.numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 0, 0, 1, 1, 0}));
  EXPECT_EQ(d.values.numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 1, 0}));
  EXPECT_EQ(d.dense_shape.numpy<std::int64_t>(), (std::vector<std::int64_t>{2, 2}));
  EXPECT_EQ(d.log_probability.numpy<float>(), (std::vector<float>{-(3 + 2 + 4 + 2), -(2 + 5)}));
  const tf::nn::CtcDecoded kept = tf::nn::ctc_greedy_decoder(kLogits, kLengths, {.merge_repeated = false});
  EXPECT_EQ(kept.values.numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 1, 1, 0, 0}));
  // Class 0 as the blank: batch 1 decodes to nothing, batch 0 keeps 1 and its blank-separated 2.
  const tf::nn::CtcDecoded zero = tf::nn::ctc_greedy_decoder(kLogits, kLengths, {.blank_index = 0});
  EXPECT_EQ(zero.values.numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 2, 1}));
  EXPECT_EQ(zero.dense_shape.numpy<std::int64_t>(), (std::vector<std::int64_t>{2, 3}));
}

TEST(CtcGreedyDecoder, ErrorsAreTensorFlows) {
  EXPECT_EQ(error_of([] { tf::nn::ctc_greedy_decoder(tf::zeros({2, 3}), kLengths); }), "[CTCGreedyDecoder] inputs is not a 3-Tensor");
  EXPECT_THROW(tf::nn::ctc_greedy_decoder(kLogits, tf::constant(std::vector<std::int32_t>{5, 1})), tf::FailedPreconditionError);
  EXPECT_EQ(error_of([] { tf::nn::ctc_greedy_decoder(kLogits, kLengths, {.blank_index = 3}); }),
            "[CTCGreedyDecoder] blank_index expected to be between -3 and 2 but was 3");
  EXPECT_THROW(tf::nn::ctc_greedy_decoder(tf::cast(kLogits, tf::int32), kLengths), tf::InvalidArgumentError);
}

}  // namespace
