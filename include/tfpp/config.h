// Process-wide settings (tf.config).
#pragma once

namespace tf::config::threading {

/// Sets how many threads one op (a matrix product, a large elementwise loop) may use; 0 lets
/// tfpp choose: TF_NUM_INTRAOP_THREADS or OMP_NUM_THREADS when set, else one per core.
/// A thread that chose its own count keeps it.
void set_intra_op_parallelism_threads(int threads);

/// The value set with set_intra_op_parallelism_threads; 0 when tfpp chooses.
int get_intra_op_parallelism_threads();

}  // namespace tf::config::threading
