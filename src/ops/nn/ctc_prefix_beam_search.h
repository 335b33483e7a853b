// CTC prefix beam search with TensorFlow's default scorer (tensorflow/core/util/ctc/ctc_beam_search.h):
// a beam of label prefixes, each with the log probability of the frames so far ending in a blank
// and ending in its last label, advanced one time step at a time. The blank is the last class.
//
// Every step normalizes the logits by their log-sum-exp, keeps each prefix in the beam (adding a
// blank or repeating its last label), then extends the prefixes that could still enter the beam by
// every label. The order of these moves, the beam's tie-breaking (ctc_beam_list.h) and the float
// arithmetic of log_add below are TensorFlow's, so labels match exactly and scores bit for bit.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <vector>

#include "ops/nn/ctc_beam_list.h"

namespace tf::ops {

/// log(exp(a) + exp(b)) as TensorFlow's CTC code computes it: the correction term in float
/// (expf, log1pf) whatever T is, so float64 scores carry float rounding there as TensorFlow's do.
template <class T>
T ctc_log_add(T a, T b) {
  constexpr T kZero = -std::numeric_limits<T>::infinity();
  if (a == kZero) return b;
  if (b == kZero) return a;
  return a > b ? a + std::log1p(std::exp(static_cast<float>(b - a))) : b + std::log1p(std::exp(static_cast<float>(a - b)));
}

/// The beam search of one sequence over `classes` classes.
template <class T>
class CtcPrefixBeamSearch {
 public:
  /// One decoded path: its labels and log probability.
  struct Path {
    std::vector<std::int64_t> labels;
    T log_probability;
  };

  CtcPrefixBeamSearch(std::int64_t classes, std::int64_t beam_width)
      : classes_(classes), beam_width_(static_cast<std::size_t>(beam_width)), beam_(beam_width_, ScoresHigher{}) {
    Prefix& root = entries_.emplace_back(nullptr, -1);
    root.now.total = T(0);
    root.now.blank = T(0);
    beam_.push(&root);
  }

  /// Advances by one time step of logits (`classes` values).
  void step(const T* logits) {
    const T norm = log_normalizer(logits);
    const T blank_logit = logits[classes_ - 1];
    const std::vector<Prefix*> kept = beam_.take_sorted();
    for (Prefix* p : kept) p->before = p->now;
    for (Prefix* p : kept) {
      if (p->parent != nullptr) {
        if (p->parent->active()) {
          const T reached = p->label == p->parent->label ? p->parent->before.blank : p->parent->before.total;
          p->now.label = ctc_log_add(p->now.label, reached);
        }
        p->now.label += logits[p->label] - norm;
      }
      p->now.blank = p->before.total + blank_logit - norm;
      p->now.total = ctc_log_add(p->now.blank, p->now.label);
      beam_.push(p);
    }
    // `kept` is still best first by the previous step's scores, now in `before`.
    for (Prefix* p : kept) {
      if (!may_enter(p->before)) continue;
      for (std::int64_t label = 0; label < classes_ - 1; ++label) {
        Prefix& c = child(*p, label);
        if (c.active()) continue;
        c.now.blank = kLogZero;
        const T reached = c.label == p->label ? p->before.blank : p->before.total;
        c.now.label = logits[label] - norm + reached;
        c.now.total = c.now.label;
        if (may_enter(c.now)) {
          if (beam_.size() == beam_width_) beam_.worst()->now = Scores{};  // it leaves the beam
          beam_.push(&c);
        } else {
          c.before = Scores{};
          c.now = Scores{};
        }
      }
    }
  }

  /// The `n` best paths, best first (labels of repeated prefixes merged when asked); empty when the
  /// beam holds fewer than `n` prefixes (the caller reports that error).
  std::vector<Path> best_paths(std::size_t n, bool merge_repeated) const {
    if (n > beam_.size()) return {};
    BeamList<Prefix*, ScoresHigher> best(n, ScoresHigher{});
    for (Prefix* p : beam_.unsorted()) best.push(p);
    std::vector<Path> out;
    for (const Prefix* p : best.take_sorted()) out.push_back({labels_of(*p, merge_repeated), p->now.total});
    return out;
  }

 private:
  static constexpr T kLogZero = -std::numeric_limits<T>::infinity();

  struct Scores {
    T total = kLogZero;
    T blank = kLogZero;  ///< frames so far ending in a blank
    T label = kLogZero;  ///< frames so far ending in the prefix's last label
  };

  struct Prefix {
    Prefix(Prefix* parent_, std::int64_t label_) : parent(parent_), label(label_) {}
    bool active() const { return now.total != kLogZero; }
    Prefix* parent;
    std::int64_t label;
    Scores before, now;
    std::vector<Prefix*> children;  ///< by label, filled on the first extension
  };

  struct ScoresHigher {
    bool operator()(const Prefix* a, const Prefix* b) const { return a->now.total > b->now.total; }
  };

  // log(sum(exp(x - max))) + max, summed in order in T as TensorFlow does.
  T log_normalizer(const T* logits) const {
    T top = logits[0];
    for (std::int64_t j = 1; j < classes_; ++j) top = std::max(top, logits[j]);
    T sum = T(0);
    for (std::int64_t j = 0; j < classes_; ++j) sum += std::exp(logits[j] - top);
    return top + std::log(sum);
  }

  // A prefix enters the beam if it is possible and the beam has room or a worse entry.
  bool may_enter(const Scores& s) {
    return s.total > kLogZero && (beam_.size() < beam_width_ || s.total > beam_.worst()->now.total);
  }

  Prefix& child(Prefix& p, std::int64_t label) {
    if (p.children.empty()) p.children.resize(static_cast<std::size_t>(classes_ - 1), nullptr);
    Prefix*& c = p.children[static_cast<std::size_t>(label)];
    if (c == nullptr) c = &entries_.emplace_back(&p, label);
    return *c;
  }

  static std::vector<std::int64_t> labels_of(const Prefix& p, bool merge_repeated) {
    std::vector<std::int64_t> labels;
    std::int64_t after = -1;
    for (const Prefix* e = &p; e->parent != nullptr; e = e->parent) {
      if (!merge_repeated || e->label != after) labels.push_back(e->label);
      after = e->label;
    }
    return {labels.rbegin(), labels.rend()};
  }

  std::int64_t classes_;
  std::size_t beam_width_;
  std::deque<Prefix> entries_;  // a deque keeps the addresses the beam holds
  BeamList<Prefix*, ScoresHigher> beam_;
};

}  // namespace tf::ops
