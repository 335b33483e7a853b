// Gradients of the image ops. TensorFlow registers none for AdjustContrastv2
// (tf.image.adjust_contrast), and its guide registers one with tf.RegisterGradient; tfpp leaves
// it to users the same way.
#include "autodiff/unregistered_gradients.h"

namespace tf::autodiff {
namespace {

[[maybe_unused]] const bool kAdjustContrastv2LeftToUsers = leave_gradient_to_users("AdjustContrastv2");

}  // namespace
}  // namespace tf::autodiff
