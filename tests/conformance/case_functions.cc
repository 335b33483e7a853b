#include "conformance/case_functions.h"

namespace tf::conformance {

const CaseFunctions& case_functions() {
  static const CaseFunctions table = [] {
    CaseFunctions t;
    add_math_functions(t);
    add_array_functions(t);
    add_reduce_functions(t);
    add_nn_functions(t);
    add_image_functions(t);
    add_misc_functions(t);
    add_state_functions(t);
    add_linalg_functions(t);
    add_complex_functions(t);
    add_sparse_functions(t);
    return t;
  }();
  return table;
}

}  // namespace tf::conformance
