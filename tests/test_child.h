// Tests that start this test binary again as a child running one test (the saves killed at many
// points, a setting read at start-up). The child leaves out gtest's sharding variables: under a
// sharded run they would give the one selected test to some other shard, and the child would run
// nothing.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

extern char** environ;

namespace tf::testing {

inline constexpr const char* kShardingVariables[] = {"GTEST_SHARD_INDEX", "GTEST_TOTAL_SHARDS", "GTEST_SHARD_STATUS_FILE"};

/// The shell command that runs this test binary (process `pid`) on only `test` (Suite.Name), with
/// `assignments` ("NAME=value ...") added to the environment.
inline std::string test_child_command(pid_t pid, const std::string& test, const std::string& assignments) {
  std::string command = "env";
  for (const char* name : kShardingVariables) command += std::string(" -u ") + name;
  return command + " " + assignments + " /proc/" + std::to_string(pid) + "/exe --gtest_filter=" + test;
}

/// Starts this test binary running only `test` (Suite.Name), with `assignment` ("NAME=value") added
/// to the environment and its output discarded. Returns the child's pid, or -1 if it did not start.
inline pid_t spawn_test_child(const std::string& test, const std::string& assignment) {
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  const std::string filter = "--gtest_filter=" + test;
  std::vector<char*> envp;
  const auto is_sharding = [](const char* entry) {
    for (const char* name : kShardingVariables) {
      const std::size_t length = std::strlen(name);
      if (std::strncmp(entry, name, length) == 0 && entry[length] == '=') return true;
    }
    return false;
  };
  for (char** e = environ; *e; ++e)
    if (!is_sharding(*e)) envp.push_back(*e);
  envp.push_back(const_cast<char*>(assignment.c_str()));
  envp.push_back(nullptr);
  posix_spawn_file_actions_t quiet;  // the child's gtest output would drown the parent's
  posix_spawn_file_actions_init(&quiet);
  posix_spawn_file_actions_addopen(&quiet, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&quiet, 2, "/dev/null", O_WRONLY, 0);
  char* argv[] = {const_cast<char*>(self.c_str()), const_cast<char*>(filter.c_str()), nullptr};
  pid_t pid = -1;
  if (posix_spawn(&pid, self.c_str(), &quiet, nullptr, argv, envp.data()) != 0) pid = -1;
  posix_spawn_file_actions_destroy(&quiet);
  return pid;
}

}  // namespace tf::testing
