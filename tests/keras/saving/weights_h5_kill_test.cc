// Model::save_weights killed (SIGKILL) at many points while it writes: the file on disk always
// loads, whole, holding one of the saves.
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include <gtest/gtest.h>

#include "test_child.h"
#include "tfpp/keras/layers/core.h"
#include "tfpp/keras/model.h"
#include "tfpp/constant.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras {
namespace {

namespace fs = std::filesystem;

// A model with 1 MiB of weights, so that a save takes a while.
Sequential big_model() { return Sequential({layers::Dense(1024, {.input_shape = {256}})}); }

// The inode of `path`, 0 while it does not exist: each completed save renames a new file into place.
ino_t inode_of(const fs::path& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 ? info.st_ino : 0;
}

TEST(WeightsH5Kill, SaverChild) {
  const char* file = std::getenv("TFPP_WEIGHTS_KILL_FILE");
  if (!file) GTEST_SKIP() << "run by SavesKilledAtManyPointsLeaveAWholeFile";
  Sequential model = big_model();
  float step = 0;
  if (fs::exists(file)) {
    model.load_weights(file);
    step = tf::reduce_max(model.get_weights()[0]).item<float>();
  }
  for (;;) {
    step += 1;
    model.set_weights({tf::fill({256, 1024}, step), tf::fill({1024}, step)});
    model.save_weights(file);
  }
}

TEST(WeightsH5Kill, SavesKilledAtManyPointsLeaveAWholeFile) {
  const fs::path dir = fs::temp_directory_path() / ("tfpp_weights_kill_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path file = dir / "big.weights.h5";
  const std::string env_file = "TFPP_WEIGHTS_KILL_FILE=" + file.string();
  float last_step = 0;
  constexpr int kRounds = 30;
  for (int round = 0; round < kRounds; ++round) {
    const pid_t pid = tf::testing::spawn_test_child("WeightsH5Kill.SaverChild", env_file);
    ASSERT_GT(pid, 0);
    // Once the child has completed a save, kill it a varying time later, somewhere in a save.
    const ino_t before = inode_of(file);
    while (inode_of(file) == before) {
      int status = 0;
      ASSERT_EQ(waitpid(pid, &status, WNOHANG), 0) << "the saver died by itself in round " << round;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    std::this_thread::sleep_for(std::chrono::microseconds((round * 1777) % 20000));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the saver exited by itself in round " << round;
    Sequential model = big_model();
    model.load_weights(file);
    const std::vector<Tensor> weights = model.get_weights();
    const float step = tf::reduce_max(weights[0]).item<float>();
    EXPECT_GE(step, last_step + 1) << "round " << round;
    for (const Tensor& w : weights) {
      EXPECT_EQ(tf::reduce_min(w).item<float>(), step) << "round " << round;
      EXPECT_EQ(tf::reduce_max(w).item<float>(), step) << "round " << round;
    }
    last_step = step;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tf::keras
