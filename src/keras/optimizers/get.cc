// optimizers::get: a new optimizer with default options from its Keras identifier.
#include <cctype>
#include <functional>
#include <map>

#include "tfpp/errors.h"
#include "tfpp/keras/optimizers.h"
#include "tfpp/keras/optimizers/adafactor.h"
#include "tfpp/keras/optimizers/lamb.h"
#include "tfpp/keras/optimizers/lion.h"
#include "tfpp/keras/optimizers/muon.h"
#include "tfpp/keras/optimizers/schedule_free_adamw.h"

namespace tf::keras::optimizers {
namespace {

template <class O>
std::shared_ptr<Optimizer> make() {
  return std::make_shared<O>();
}

// Keras accepts the class name and its lower-case form.
const std::map<std::string, std::function<std::shared_ptr<Optimizer>()>>& registry() {
  static const std::map<std::string, std::function<std::shared_ptr<Optimizer>()>> entries = {
      {"SGD", make<SGD>},         {"Adam", make<Adam>},       {"AdamW", make<AdamW>},
      {"Adamax", make<Adamax>},   {"Nadam", make<Nadam>},     {"RMSprop", make<RMSprop>},
      {"Adagrad", make<Adagrad>}, {"Adadelta", make<Adadelta>}, {"Ftrl", make<Ftrl>},
      {"Lion", make<Lion>},       {"Lamb", make<Lamb>},       {"Adafactor", make<Adafactor>},
      {"ScheduleFreeAdamW", make<ScheduleFreeAdamW>}, {"Muon", make<Muon>},
  };
  return entries;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::shared_ptr<Optimizer> get(const std::string& identifier) {
  std::string known;
  for (const auto& [name, make_optimizer] : registry()) {
    if (identifier == name || identifier == lower(name)) return make_optimizer();
    known += (known.empty() ? "'" : ", '") + lower(name) + "'";
  }
  throw InvalidArgumentError("[optimizers.get] could not interpret optimizer identifier '" + identifier +
                             "'; known optimizers: " + known);
}

}  // namespace tf::keras::optimizers
