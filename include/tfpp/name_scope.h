// tf::name_scope: prefixes the names of graph nodes created while it lives ("block1/MatMul").
#pragma once

#include <string>

namespace tf {

/// RAII scope, as Python's `with tf.name_scope("block1"):`. Scopes nest.
class name_scope {
 public:
  explicit name_scope(const std::string& name);
  ~name_scope();
  name_scope(const name_scope&) = delete;
  name_scope& operator=(const name_scope&) = delete;

 private:
  std::size_t previous_length_;
};

}  // namespace tf
