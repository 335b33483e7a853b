// tf::profiler::experimental: start/stop around a recording (profiler/trace_recorder.h), and
// the XSpace file TensorFlow's profile plugin reads.
#include "tfpp/profiler.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <mutex>

#include "io/errno_error.h"
#include "io/file_stream.h"
#include "profiler/trace_recorder.h"
#include "profiler/xspace_builder.h"
#include "tfpp/errors.h"

namespace tf::profiler::experimental {
namespace {

struct Session {
  std::mutex mu;
  bool running = false;
  std::string logdir;
  ProfileInfo info;
};

Session& session() {
  static Session s;
  return s;
}

std::uint64_t wall_ns() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
}

std::string hostname() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "localhost";
  return name;
}

// The run folder TensorFlow names by the local time of the export: 2026_11_24_21_22_03.
std::string run_name() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y_%m_%d_%H_%M_%S", &local);
  return text;
}

void save(const std::string& logdir, const proto::XSpace& space, const std::string& host) {
  const std::filesystem::path dir = std::filesystem::path(logdir) / "plugins" / "profile" / run_name();
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) io::throw_errno_error(error.value(), "[profiler] cannot create " + dir.string() + ": " + error.message());
  const std::string bytes = space.SerializeAsString();
  io::OutputStream out((dir / (host + ".xplane.pb")).string(), "", "[profiler]");
  out.write(bytes.data(), bytes.size());
  out.close();
}

std::string_view strip_whitespace(std::string_view text) {
  const auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

template <class T>
bool parse_integer(std::string_view text, T& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

bool parse_double(std::string_view text, double& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc::invalid_argument || end != text.data() + text.size()) return false;
  if (error == std::errc::result_out_of_range) value = std::strtod(std::string(text).c_str(), nullptr);  // ±inf or 0
  return true;
}

// A Trace argument given as text, read as TensorFlow reads TraceMe metadata (absl's SimpleAtoi,
// then SimpleAtod): an int64, else a uint64, else a double, else the string (interned, as XPlanes
// hold TraceMe strings).
StatValue parse_trace_arg(const std::string& text) {
  std::string_view number = strip_whitespace(text);
  if (!number.empty() && number.front() == '+') {  // absl takes one leading '+', from_chars none
    number.remove_prefix(1);
    if (!number.empty() && (number.front() == '-' || number.front() == '+')) return StatRef{text};
  }
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;
  if (parse_integer(number, i)) return i;
  if (parse_integer(number, u)) return u;
  if (parse_double(number, d)) return d;
  return StatRef{text};
}

StatValue stat_value(const TraceArg& value) {
  if (const auto* text = std::get_if<std::string>(&value)) return parse_trace_arg(*text);
  return std::visit([](const auto& v) { return StatValue(v); }, value);
}

std::vector<Stat> trace_stats(std::vector<std::pair<std::string, TraceArg>> args) {
  std::vector<Stat> stats;
  for (auto& [key, value] : args) stats.push_back({std::move(key), stat_value(value)});
  return stats;
}

}  // namespace

void start(const std::string& logdir, const ProfilerOptions& options) {
  Session& s = session();
  std::lock_guard lock(s.mu);
  const auto level = static_cast<Level>(std::clamp(options.host_tracer_level, 0, 2));
  const std::int64_t delay_ns = std::max<std::int64_t>(options.delay_ms, 0) * 1'000'000;
  const std::int64_t from_ns = now_ns() + delay_ns;
  if (s.running || !begin_recording(level, from_ns)) throw AlreadyExistsError("Another profiler is running.");
  s.running = true;
  s.logdir = logdir;
  s.info = ProfileInfo{hostname(), from_ns, wall_ns() + static_cast<std::uint64_t>(delay_ns), 0, {}};
  proto::ProfileOptions& o = s.info.options;
  o.set_version(1);
  o.set_include_dataset_ops(true);
  o.set_host_tracer_level(static_cast<std::uint32_t>(std::max(options.host_tracer_level, 0)));
  o.set_device_tracer_level(static_cast<std::uint32_t>(std::max(options.device_tracer_level, 0)));
  o.set_python_tracer_level(static_cast<std::uint32_t>(std::max(options.python_tracer_level, 0)));
  o.set_enable_hlo_proto(true);
  o.set_repository_path(logdir);
}

void stop(bool save_profile) {
  Session& s = session();
  std::lock_guard lock(s.mu);
  if (!s.running) throw UnavailableError("Cannot export profiling results. No profiler is running.");
  s.running = false;
  const std::vector<ThreadEvents> threads = end_recording();
  s.info.stop_wall_ns = wall_ns();
  if (save_profile) save(s.logdir, build_xspace(threads, s.info), s.info.hostname);
}

struct Trace::Event {
  ScopedEvent scoped;
};

Trace::Trace(std::string name, std::vector<std::pair<std::string, TraceArg>> args) {
  if (!recording(Level::kTraceMe)) return;
  event_ = std::make_unique<Event>();
  event_->scoped.begin(std::move(name), {}, trace_stats(std::move(args)));
}

void Trace::set_metadata(std::vector<std::pair<std::string, TraceArg>> args) {
  if (event_) event_->scoped.add_stats(trace_stats(std::move(args)));
}

Trace::~Trace() = default;

}  // namespace tf::profiler::experimental
