// Seed 003, customizing a layer: a variable created inside a traced call is wrapped in
// tf.init_scope, where ops run eagerly, so it is created once, with a concrete value.
#include <iostream>

#include <tfpp/init_scope.h>
#include <tfpp/module.h>
#include <tfpp/tfpp.h>

const char* python_bool(bool b) { return b ? "True" : "False"; }

int main() {
  tf::Module counter("counter");
  tf::Variable count;
  auto call = tf::function([&](const tf::Tensor& x) {
    std::cout << "Tracing: executing eagerly: " << python_bool(tf::executing_eagerly()) << "\n";
    if (!count) {
      tf::init_scope lift;
      std::cout << "In init_scope: executing eagerly: " << python_bool(tf::executing_eagerly()) << "\n";
      count = counter.add_variable("count", tf::Variable(tf::constant(0), {.name = "count"}));
      std::cout << "Created " << count << "\n";
    }
    count.assign_add(x);
    return count.read_value();
  });
  std::cout << call(tf::constant(1)) << "\n";
  std::cout << call(tf::constant(2)) << "\n";
  std::cout << "[";
  for (const tf::Variable& v : counter.variables()) std::cout << "'" << v.name() << "'";
  std::cout << "]\n";
  return 0;
}
