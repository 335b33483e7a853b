// The counting ops (counting_ops.h) have no gradients, as in TensorFlow: DenseBincount has none
// registered (a tape raises LookupError through it until a user registers one) and InTopKV2 is
// not differentiable (declared with its op).
#include "autodiff/unregistered_gradients.h"

namespace tf::autodiff {
namespace {

[[maybe_unused]] const bool kDenseBincountLeftToUsers = leave_gradient_to_users("DenseBincount");

}  // namespace
}  // namespace tf::autodiff
