// tf::init_scope: lifts code out of a tf::function trace (TensorFlow's tf.init_scope), for state
// a function creates once, such as a variable built on its first call:
//
//   auto f = tf::function([&](const tf::Tensor& x) {
//     if (!w) {
//       tf::init_scope lift;                          // ops here run eagerly, once
//       w = tf::Variable(tf::random::normal({x.shape()[-1], 4}));
//     }
//     return tf::matmul(x, w);
//   });
//
// While it lives, ops run eagerly even inside a trace (tf::executing_eagerly() is true), so a
// variable's initial value is a concrete tensor, and gradient tapes record nothing. The
// first-trace rule of variable creation still applies, as in TensorFlow. Eagerly it only pauses tapes.
#pragma once

#include <memory>

namespace tf {

/// RAII scope, as Python's `with tf.init_scope():`. Scopes nest.
class init_scope {
 public:
  init_scope();
  ~init_scope();
  init_scope(const init_scope&) = delete;
  init_scope& operator=(const init_scope&) = delete;

 private:
  struct Lifted;
  std::unique_ptr<Lifted> lifted_;
};

}  // namespace tf
