// tf.train.Checkpoint and CheckpointManager for Python over the C++ core's: Python objects reach
// the checkpoint as module states (tf::detail::ModuleState) that tfpp/train.py refills from their
// attributes before every save and restore, so the object graph follows what the Python objects
// hold at that moment, named as TensorFlow names it. Keras layers, models and optimizers reach it
// as their C++ objects, which the core's checkpoints track themselves.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "checkpoint/object_graph.h"
#include "dtype_object.h"
#include "ops/lookup/tracked_table.h"
#include "tfpp/keras/layer.h"
#include "tfpp/train/checkpoint.h"
#include "tfpp/train/checkpoint_manager.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
using tf::train::Trackable;

std::shared_ptr<tf::detail::ModuleState> child_state(nb::handle child);

/// One Python object's node in the object graph (a tf.Module, list or dict): its variables,
/// children, lookup tables (their resource handles) and tf.function attributes by attribute name. A function is a Python callable
/// returning the concrete functions to save (tf.saved_model.save's; checkpoints pass none).
struct PyNode {
  std::shared_ptr<tf::detail::ModuleState> state = std::make_shared<tf::detail::ModuleState>();

  void set(const std::vector<std::pair<std::string, tf::Variable>>& variables,
           const std::vector<std::pair<std::string, nb::handle>>& children,
           const std::vector<std::pair<std::string, nb::callable>>& functions,
           const std::vector<std::pair<std::string, tf::Tensor>>& tables) {
    state->variables = variables;
    state->submodules.clear();
    for (const auto& [name, child] : children) state->submodules.emplace_back(name, child_state(child));
    for (const auto& [name, handle] : tables)
      state->submodules.emplace_back(name, std::make_shared<tf::lookup::detail::TrackedTable>(tf::lookup::detail::table_from_handle(handle)));
    state->functions.clear();
    for (const auto& [name, concrete_functions] : functions)
      state->functions.emplace_back(name, [concrete_functions] {
        return nb::cast<std::vector<tf::ConcreteFunction>>(concrete_functions());
      });
  }
};

/// The module state a child of a Python object's node stands for: another node's, or a Keras layer's.
std::shared_ptr<tf::detail::ModuleState> child_state(nb::handle child) {
  if (nb::isinstance<tf::keras::Layer>(child)) return nb::cast<const tf::keras::Layer&>(child).module_state();
  if (nb::isinstance<tf::keras::optimizers::Optimizer>(child))
    throw nb::type_error("tfpp's checkpoints track a Keras optimizer as one of the Checkpoint's own objects "
                         "(tf.train.Checkpoint(optimizer=...)), not yet as an attribute of a tf.Module");
  return nb::cast<const PyNode&>(child).state;
}

/// Runs `fn`, raising Python's AssertionError for a failed check, as TensorFlow's load status does.
template <class F>
void checked(F fn) {
  try {
    fn();
  } catch (const tf::AssertionError& e) {
    PyErr_SetString(PyExc_AssertionError, e.what());
    throw nb::python_error();
  }
}

Trackable trackable_of(nb::handle object) {
  if (nb::isinstance<tf::Variable>(object)) return nb::cast<tf::Variable>(object);
  if (nb::isinstance<tf::Tensor>(object))  // a lookup table's resource handle
    return tf::lookup::detail::table_from_handle(nb::cast<tf::Tensor>(object));
  if (nb::isinstance<tf::keras::Layer>(object)) return tf::Module(nb::cast<const tf::keras::Layer&>(object));
  if (nb::isinstance<tf::keras::optimizers::Optimizer>(object))
    return nb::cast<const tf::keras::optimizers::Optimizer&>(object);
  return tf::Module(nb::cast<const PyNode&>(object).state);
}

/// The checkpoint's objects by name; a root object's children join them, as the children of
/// TensorFlow's Checkpoint(root).
Trackable::Map root_map(const std::vector<std::pair<std::string, nb::handle>>& objects, nb::handle root) {
  Trackable::Map map;
  for (const auto& [name, object] : objects) map.emplace(name, trackable_of(object));
  if (!root.is_none())
    for (auto& [name, child] : tf::checkpoint::children_of(trackable_of(root))) map.emplace(name, std::move(child));
  return map;
}

}  // namespace

tf::Module module_of_node(nb::handle node) { return tf::Module(nb::cast<const PyNode&>(node).state); }

void bind_checkpoint(nb::module_& m) {
  nb::module_ train = m.def_submodule("_train", "The C++ core of tf.train's checkpoints.");
  nb::class_<PyNode>(train, "Node", "A Python object's node in a checkpoint's object graph.")
      .def("__init__", [](PyNode* self, std::string saved_identifier) {
        new (self) PyNode();
        self->state->saved_identifier = std::move(saved_identifier);
      }, "saved_identifier"_a = "_generic_user_object")
      .def("set", &PyNode::set, "variables"_a, "children"_a, "functions"_a = std::vector<std::pair<std::string, nb::callable>>{},
           "tables"_a = std::vector<std::pair<std::string, tf::Tensor>>{});

  nb::class_<tf::train::CheckpointLoadStatus>(train, "CheckpointLoadStatus", "How a restore matched the objects.")
      .def("assert_consumed", [](const tf::train::CheckpointLoadStatus& s) { checked([&] { s.assert_consumed(); }); })
      .def("assert_existing_objects_matched",
           [](const tf::train::CheckpointLoadStatus& s) { checked([&] { s.assert_existing_objects_matched(); }); })
      .def("expect_partial", [](const tf::train::CheckpointLoadStatus& s) { s.expect_partial(); });

  nb::class_<tf::train::Checkpoint>(train, "Checkpoint", "Saves and restores a graph of trackable objects.")
      .def("__init__", [](tf::train::Checkpoint* self, const std::vector<std::pair<std::string, nb::handle>>& objects,
                          nb::handle root) {
        new (self) tf::train::Checkpoint(root_map(objects, root));
      }, "objects"_a, "root"_a = nb::none())
      .def("write", &tf::train::Checkpoint::write, "file_prefix"_a)
      .def("save", &tf::train::Checkpoint::save, "file_prefix"_a)
      .def("restore", &tf::train::Checkpoint::restore, "save_path"_a)
      .def("save_counter", &tf::train::Checkpoint::save_counter)
      .def("has_save_counter", [](const tf::train::Checkpoint& self) { return self.root_children().contains("save_counter"); },
           "Whether a save or restore has made the save counter yet.");

  nb::class_<tf::train::CheckpointManager>(train, "CheckpointManager", "Numbered checkpoints in a directory.")
      .def("__init__", [](tf::train::CheckpointManager* self, tf::train::Checkpoint& checkpoint, std::string directory,
                          std::optional<int> max_to_keep, std::optional<double> keep_every_n_hours,
                          std::string checkpoint_name) {
        new (self) tf::train::CheckpointManager(checkpoint, std::move(directory),
                                                {.max_to_keep = max_to_keep,
                                                 .keep_checkpoint_every_n_hours = keep_every_n_hours,
                                                 .checkpoint_name = std::move(checkpoint_name)});
      }, "checkpoint"_a, "directory"_a, "max_to_keep"_a.none(), "keep_checkpoint_every_n_hours"_a.none(),
         "checkpoint_name"_a, nb::keep_alive<1, 2>())
      .def("save", &tf::train::CheckpointManager::save, "checkpoint_number"_a.none())
      .def("latest_checkpoint", &tf::train::CheckpointManager::latest_checkpoint)
      .def("checkpoints", &tf::train::CheckpointManager::checkpoints)
      .def("directory", &tf::train::CheckpointManager::directory);

  train.def("list_variables", &tf::train::list_variables, "ckpt_dir_or_file"_a);
  train.def("latest_checkpoint", &tf::train::latest_checkpoint, "checkpoint_dir"_a);
  train.def("variable_dtypes", [](const std::string& path) {
    nb::dict dtypes;
    for (const auto& [key, dtype] : tf::train::load_checkpoint(path).get_variable_to_dtype_map())
      dtypes[nb::str(key.c_str())] = dtype_object(dtype);
    return dtypes;
  }, "ckpt_dir_or_file"_a);
  train.def("read_tensor", [](const std::string& path, const std::string& key) {
    return tf::train::load_checkpoint(path).get_tensor(key);
  }, "ckpt_dir_or_file"_a, "key"_a);
}

}  // namespace tfpp_python
