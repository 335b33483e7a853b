// Seed 003, an op without a registered gradient: GradientTape raises LookupError through
// tf.image.adjust_contrast (op AdjustContrastv2), and tf.RegisterGradient gives the op a gradient.
#include <iostream>
#include <vector>

#include <tfpp/image_ops.h>
#include <tfpp/register_gradient.h>
#include <tfpp/tfpp.h>

// Prints a list of tensors as Python prints one: [<tf.Tensor: ...>, ...].
void print_tensors(const std::vector<tf::Tensor>& tensors) {
  std::cout << "[";
  for (std::size_t i = 0; i < tensors.size(); ++i) std::cout << (i ? ", " : "") << tensors[i].repr();
  std::cout << "]\n";
}

// out = (x - mean) * factor + mean per image and channel, the mean taken over height and width.
std::vector<tf::Tensor> adjust_contrast_grad(const tf::Operation& op, const std::vector<tf::Tensor>& grads) {
  const tf::Tensor& images = op.inputs()[0];
  const tf::Tensor& factor = op.inputs()[1];
  const tf::Tensor& grad = grads[0];
  const tf::Tensor mean = tf::reduce_mean(images, {-3, -2}, {.keepdims = true});
  const tf::Tensor grad_mean = tf::reduce_mean(grad, {-3, -2}, {.keepdims = true});
  return {grad * factor + grad_mean * (1.0f - factor), tf::reduce_sum(grad * (images - mean))};
}

int main() {
  tf::Variable image(tf::constant(std::vector<float>{0.5f, 0.0f, 0.0f}, {1, 1, 3}));
  tf::Variable delta(0.1f);

  try {
    tf::GradientTape tape;
    tf::Tensor new_image = tf::image::adjust_contrast(image, delta);
    print_tensors(tape.gradient(new_image, {image, delta}));
  } catch (const tf::LookupError& e) {
    std::cout << "LookupError: " << e.what() << "\n";
  }

  tf::RegisterGradient("AdjustContrastv2", adjust_contrast_grad);
  {
    tf::GradientTape tape;
    tf::Tensor new_image = tf::image::adjust_contrast(image, delta);
    print_tensors(tape.gradient(new_image, {image, delta}));
  }

  // A 2x2 image with two channels, and a loss that does not weigh every pixel alike (TensorFlow 2.21
  // prints the same image gradient; delta's, a float32 sum, may differ in its last digit).
  tf::Variable image2(tf::constant(std::vector<float>{0.25f, 1.0f, 0.5f, 0.0f, 0.75f, 0.5f, 0.0f, 1.0f}, {2, 2, 2}));
  tf::GradientTape tape;
  tf::Tensor loss = tf::reduce_sum(tf::math::square(tf::image::adjust_contrast(image2, delta)));
  print_tensors(tape.gradient(loss, {image2, delta}));

  try {
    tf::RegisterGradient("AdjustContrastv2", adjust_contrast_grad);
  } catch (const tf::LookupError& e) {
    std::cout << "LookupError: " << e.what() << "\n";
  }
  return 0;
}
