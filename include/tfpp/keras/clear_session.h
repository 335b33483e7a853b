// keras.utils.clear_session: forget the layer names handed out so far.
#pragma once

namespace tf::keras::utils {

/// Resets Keras' global state: the next layer of each kind takes its plain name again ("dense",
/// not "dense_7"). Layers made before keep theirs (as in Keras 3).
void clear_session();

}  // namespace tf::keras::utils
