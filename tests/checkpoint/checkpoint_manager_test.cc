// tf::train::CheckpointManager: numbering, max_to_keep, keep_checkpoint_every_n_hours, the
// `checkpoint` state file as TensorFlow reads it, and saves killed at many points (SIGKILL)
// always leaving the previous checkpoint restorable.
#include "tfpp/train/checkpoint_manager.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "test_child.h"
#include "reference_env.h"

namespace tf::train {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("tfpp_ckpt_manager_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string names_of(const std::vector<std::string>& paths) {
  std::string out;
  for (const std::string& p : paths) out += (out.empty() ? "" : " ") + fs::path(p).filename().string();
  return out;
}

TEST(CheckpointManager, KeepsTheNewestAndTensorFlowReadsItsState) {
  const fs::path dir = fresh_dir("keep");
  Variable v(constant(0.0f));
  Checkpoint ckpt({{"v", v}});
  CheckpointManager manager(ckpt, dir.string(), {.max_to_keep = 2});
  EXPECT_EQ(manager.latest_checkpoint(), std::nullopt);
  for (int i = 1; i <= 4; ++i) {
    v.assign(constant(static_cast<float>(i)));
    EXPECT_EQ(manager.save(), (dir / ("ckpt-" + std::to_string(i))).string());
  }
  EXPECT_EQ(names_of(manager.checkpoints()), "ckpt-3 ckpt-4");
  EXPECT_EQ(manager.latest_checkpoint(), (dir / "ckpt-4").string());
  EXPECT_EQ(latest_checkpoint(dir.string()), (dir / "ckpt-4").string());
  EXPECT_FALSE(fs::exists(dir / "ckpt-1.index"));
  EXPECT_FALSE(fs::exists(dir / "ckpt-2.data-00000-of-00001"));
  EXPECT_TRUE(fs::exists(dir / "ckpt-3.index"));
  EXPECT_EQ(manager.save(10), (dir / "ckpt-10").string());

  // A new manager picks the list up, as TensorFlow's does.
  CheckpointManager again(ckpt, dir.string(), {.max_to_keep = 2});
  EXPECT_EQ(names_of(again.checkpoints()), "ckpt-4 ckpt-10");
  const fs::path script = fs::path(testing::source_dir()) / "tests/checkpoint/checkpoint_reference.py";
  EXPECT_EQ(testing::run_command(testing::reference_python() + " " + script.string() + " manager " + dir.string()),
            "latest ckpt-10\nall ckpt-4 ckpt-10\nrecovered ckpt-4 ckpt-10\n");

  Variable restored(constant(0.0f));
  Checkpoint({{"v", restored}}).restore(*again.latest_checkpoint()).assert_consumed();
  EXPECT_EQ(restored.read_value().item<float>(), 4.0f);
  EXPECT_THROW(CheckpointManager(ckpt, dir.string(), {.max_to_keep = 0}), InvalidArgumentError);
}

TEST(CheckpointManager, KeepCheckpointEveryNHoursPreservesOldOnes) {
  const fs::path dir = fresh_dir("hours");
  Variable v(constant(0.0f));
  Checkpoint ckpt({{"v", v}});
  // Every checkpoint is at least 0 hours after the last preserved one: all are preserved.
  CheckpointManager manager(ckpt, dir.string(), {.max_to_keep = 1, .keep_checkpoint_every_n_hours = 0.0});
  for (int i = 0; i < 3; ++i) manager.save();
  EXPECT_EQ(names_of(manager.checkpoints()), "ckpt-3");
  EXPECT_TRUE(fs::exists(dir / "ckpt-1.index"));
  EXPECT_TRUE(fs::exists(dir / "ckpt-2.index"));
}

// The child of SavesKilledAtManyPointsLeaveTheLastCheckpointRestorable: saves forever.
TEST(CheckpointManager, KilledSaverChild) {
  const char* dir = std::getenv("TFPP_CHECKPOINT_KILL_DIR");
  if (!dir) GTEST_SKIP() << "run by SavesKilledAtManyPointsLeaveTheLastCheckpointRestorable";
  Variable big(tf::zeros({256, 1024}));  // 1 MiB, so a save takes a while
  Variable step(constant(std::int64_t{0}));
  Checkpoint ckpt({{"big", big}, {"step", step}});
  CheckpointManager manager(ckpt, dir, {.max_to_keep = 2});
  if (auto latest = manager.latest_checkpoint()) ckpt.restore(*latest);
  for (;;) {
    step.assign_add(std::int64_t{1});
    big.assign(tf::fill({256, 1024}, tf::cast(step.read_value(), float32)));
    manager.save();
  }
}

TEST(CheckpointManager, SavesKilledAtManyPointsLeaveTheLastCheckpointRestorable) {
  const fs::path dir = fresh_dir("kill");
  const std::string env_dir = "TFPP_CHECKPOINT_KILL_DIR=" + dir.string();
  std::int64_t last_step = 0;
  int restored_checks = 0;
  for (int round = 0; round < 40; ++round) {
    const pid_t pid = tf::testing::spawn_test_child("CheckpointManager.KilledSaverChild", env_dir);
    ASSERT_GT(pid, 0);
    // Once the child has saved a new checkpoint, kill it a varying time later: at points spread
    // over its save loop (writing data, index, state file, deleting old checkpoints).
    const auto before = latest_checkpoint(dir.string());
    while (latest_checkpoint(dir.string()) == before) {
      int status = 0;
      ASSERT_EQ(waitpid(pid, &status, WNOHANG), 0) << "the saver died by itself in round " << round;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    std::this_thread::sleep_for(std::chrono::microseconds((round * 1777) % 20000));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the saver exited by itself in round " << round;
    const auto latest = latest_checkpoint(dir.string());
    ASSERT_TRUE(latest) << "round " << round;
    Variable big(tf::zeros({256, 1024}));
    Variable step(constant(std::int64_t{0}));
    Checkpoint({{"big", big}, {"step", step}}).restore(*latest).assert_consumed();
    const std::int64_t s = step.read_value().item<std::int64_t>();
    EXPECT_GE(s, last_step) << "round " << round;
    EXPECT_EQ(tf::reduce_max(big.read_value()).item<float>(), static_cast<float>(s));
    EXPECT_EQ(tf::reduce_min(big.read_value()).item<float>(), static_cast<float>(s));
    last_step = s;
    ++restored_checks;
  }
  EXPECT_EQ(restored_checks, 40);
  EXPECT_GE(last_step, 40);
}

}  // namespace
}  // namespace tf::train
