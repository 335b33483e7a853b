// keras.config.epsilon / set_epsilon: the fuzz factor of Keras' numeric expressions (the clipping
// bound of the probability losses, the denominators of metrics and Normalization), 1e-7 by default.
// Losses and metrics read it when they compute (and a traced step when it is traced), as Keras
// reads backend.epsilon().
//
//   tf::keras::config::set_epsilon(1e-5);
#pragma once

namespace tf::keras::config {

/// The fuzz factor: 1e-7 unless set_epsilon changed it.
double epsilon();
/// Sets the fuzz factor (keras.config.set_epsilon).
void set_epsilon(double value);

}  // namespace tf::keras::config
