// io::AtomicFile and the OutputStream over it: a write that fails (the disk full, simulated by
// a file size limit in a child process) or is cut short by an exception never replaces the
// earlier file, and leaves no temporary file behind.
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "io/atomic_file.h"
#include "io/file_stream.h"
#include "tfpp/errors.h"

namespace tf::io {
namespace {

namespace fs = std::filesystem;

class AtomicFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tfpp_atomic_file_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    path_ = dir_ + "/weights.bin";
    std::ofstream(path_) << "the good file";
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string contents() const {
    std::ifstream in(path_, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  std::vector<std::string> entries() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir_)) out.push_back(e.path().filename().string());
    return out;
  }

  // Runs `body` in a child process whose files cannot grow past 64 KiB, as on a full disk: the
  // write that crosses the limit fails with EFBIG. Returns the child's exit status.
  static int with_full_disk(const std::function<int()>& body) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::signal(SIGXFSZ, SIG_IGN);
      const rlimit limit{64 << 10, 64 << 10};
      ::setrlimit(RLIMIT_FSIZE, &limit);
      int code = 3;
      try {
        code = body();
      } catch (...) {
        code = 4;
      }
      ::_exit(code);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  std::string dir_, path_;
};

const std::string kMegabyte(1 << 20, 'x');

TEST_F(AtomicFileTest, AFailedStreamWriteLeavesTheEarlierFile) {
  const int code = with_full_disk([&] {
    OutputStream out(path_, "", "[test]");
    try {
      out.write(kMegabyte.data(), kMegabyte.size());
      out.close();
      return 1;  // the write should have failed
    } catch (const DataLossError& e) {
      if (std::string(e.what()).find("keeps its earlier contents") == std::string::npos) return 2;
    }
    // close() after the failure reports it too, and renames nothing.
    try {
      out.close();
      return 5;
    } catch (const DataLossError&) {
      return 0;
    }
  });
  EXPECT_EQ(code, 0);
  EXPECT_EQ(contents(), "the good file");
  EXPECT_EQ(entries(), std::vector<std::string>{"weights.bin"});
}

TEST_F(AtomicFileTest, AFailedWriteInTheDestructorLeavesTheEarlierFile) {
  // The bytes stay in the stream's buffer until the destructor flushes them and fails.
  const int code = with_full_disk([&] {
    {
      OutputStream out(path_, "", "[test]");
      out.write(kMegabyte.data(), 60000);  // buffered
      out.write(kMegabyte.data(), 60000);  // the first 60000 bytes reach the file, these wait
    }
    return 0;
  });
  EXPECT_EQ(code, 0);
  EXPECT_EQ(contents(), "the good file");
  EXPECT_EQ(entries(), std::vector<std::string>{"weights.bin"});
}

TEST_F(AtomicFileTest, AFailedWholeFileWriteLeavesTheEarlierFile) {
  const int code = with_full_disk([&] {
    try {
      write_file_atomically(path_, kMegabyte, "[save_weights]");
      return 1;
    } catch (const DataLossError& e) {
      return std::string(e.what()).starts_with("[save_weights] cannot write") ? 0 : 2;
    }
  });
  EXPECT_EQ(code, 0);
  EXPECT_EQ(contents(), "the good file");
  EXPECT_EQ(entries(), std::vector<std::string>{"weights.bin"});
}

TEST_F(AtomicFileTest, AnExceptionCuttingTheWritingShortLeavesTheEarlierFile) {
  try {
    OutputStream out(path_, "", "[test]");
    out.write("half", 4);
    throw std::runtime_error("the caller failed halfway");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(contents(), "the good file");
  EXPECT_EQ(entries(), std::vector<std::string>{"weights.bin"});
}

TEST_F(AtomicFileTest, WritesThatSucceedReplaceTheFile) {
  {
    OutputStream out(path_, "", "[test]");
    out.write("new", 3);
  }  // leaving the scope normally commits
  EXPECT_EQ(contents(), "new");
  write_file_atomically(path_, "newer", "[test]");
  EXPECT_EQ(contents(), "newer");
  {
    AtomicFile file(path_, "[test]");
    file.write("dropped", 7);
  }  // never committed
  EXPECT_EQ(contents(), "newer");
  EXPECT_EQ(entries(), std::vector<std::string>{"weights.bin"});
  EXPECT_THROW(AtomicFile(dir_ + "/missing/x", "[test]"), NotFoundError);
}

}  // namespace
}  // namespace tf::io
