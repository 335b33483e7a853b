// Note [Custom gradients in traced graphs]: a custom gradient's function lives in the process
// that traced it, not in the graph, and a gradient through a *call* of a tf::function replays
// the graph's ops under a tape (Note [Gradients through a call]), where the gradient function
// of the original trace cannot run: it refers to tensors of a graph the replay does not build.
// So, as TensorFlow marks a custom gradient with IdentityN and a gradient override, while
// tracing the gradient function is traced too, into a graph of its own whose captures are the
// forward tensors it uses, and custom_gradient's outputs pass through an IdentityN node taking
// (outputs..., inputs..., captures...) that carries that graph. IdentityN's gradient gives
// the outputs none (the forward ops are not differentiated) and the inputs what a replay of
// the traced gradient computes from the upstream gradients and the captures, in whatever
// context asks: a call's backward graph, eagerly, or under an outer tape (higher orders). A
// tape recording inside the trace replays the same graph, so the gradient function runs once.
// When the gradient function cannot be traced (it raises for symbolic tensors), the tapes
// inside the trace call it as before, and only a gradient through a call raises.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "autodiff/tape.h"

namespace tf::function_ops {

/// Records `outputs`, which a forward function computed from `inputs` with no tape recording, as
/// one call whose gradient is `backward` (one upstream gradient per output -> one gradient per
/// input, undefined for none) on the recording tapes, and returns them as new identities. While
/// tracing, `backward` is traced into the graph as well (Note [Custom gradients in traced graphs]).
std::vector<Tensor> record_custom_gradient(std::span<const Tensor> inputs, std::span<const Tensor> outputs,
                                           std::shared_ptr<autodiff::BackwardFn> backward);

}  // namespace tf::function_ops
