// keras.utils' naming of objects made without a name: Keras' auto_name.
#pragma once

#include <string>

namespace tf::keras::utils {

/// Keras' auto_name (backend.get_uid): `base` for the first object named after it, then
/// "base_1", "base_2", ... Layers, optimizers, metrics whose Keras constructor leaves the name
/// None, and Keras variables share these counts; clear_session resets them.
std::string auto_name(const std::string& base);

}  // namespace tf::keras::utils
