// _tfpp.keras.loss_functions: keras.losses' functions whose arguments no Loss class takes (circle's
// reference labels and embeddings).
#include "keras_bindings.h"
#include "tfpp/keras/circle_and_generalized_ce_losses.h"

namespace tfpp_python {

void bind_keras_loss_functions(nb::module_& m) {
  using namespace nb::literals;
  namespace losses = tf::keras::losses;
  nb::module_ f = m.def_submodule("loss_functions", "keras.losses' functions with extra arguments.");
  f.def("circle", [](nb::handle y_true, nb::handle y_pred, nb::handle ref_labels, nb::handle ref_embeddings,
                     bool remove_diagonal, double gamma, double margin) {
    return losses::circle(to_tensor(y_true), to_tensor(y_pred),
                          {.ref_labels = ref_labels.is_none() ? tf::Tensor() : to_tensor(ref_labels),
                           .ref_embeddings = ref_embeddings.is_none() ? tf::Tensor() : to_tensor(ref_embeddings),
                           .remove_diagonal = remove_diagonal, .gamma = gamma, .margin = margin});
  }, "y_true"_a, "y_pred"_a, "ref_labels"_a = nb::none(), "ref_embeddings"_a = nb::none(), "remove_diagonal"_a = true,
     "gamma"_a = 80.0, "margin"_a = 0.4);
}

}  // namespace tfpp_python
