// Keras' global object-name counts: auto_name hands names out, clear_session forgets them.
#include "tfpp/keras/auto_name.h"

#include <mutex>
#include <unordered_map>

#include "tfpp/keras/clear_session.h"
#include "tfpp/keras/get_uid.h"

namespace tf::keras::utils {
namespace {

std::mutex name_counts_mutex;
std::unordered_map<std::string, int> name_counts;

}  // namespace

std::string auto_name(const std::string& base) {
  std::lock_guard lock(name_counts_mutex);
  const int n = name_counts[base]++;
  return n == 0 ? base : base + "_" + std::to_string(n);
}

int get_uid(const std::string& prefix) {
  std::lock_guard lock(name_counts_mutex);
  return ++name_counts[prefix];
}

void clear_session() {
  std::lock_guard lock(name_counts_mutex);
  name_counts.clear();
}

}  // namespace tf::keras::utils
