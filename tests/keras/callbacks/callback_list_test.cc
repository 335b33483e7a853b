// CallbackList, the Callback hooks and History, driven with logs the test feeds.
#include <gtest/gtest.h>

#include <sstream>

#include "error_of.h"
#include "tfpp/constant.h"
#include "tfpp/keras/callbacks.h"

namespace tf::keras::callbacks {
namespace {

// Records every hook it sees as "hook(index) key=value ...".
struct Recorder : Callback {
  std::vector<std::string> calls;
  void record(const std::string& hook, std::int64_t index, const Logs& logs) {
    std::string text = hook + "(" + std::to_string(index) + ")";
    for (const auto& [name, value] : logs) text += " " + name + "=" + std::to_string(value);
    calls.push_back(text);
  }
  void on_train_begin(Logs& logs) override { record("train_begin", -1, logs); }
  void on_train_end(Logs& logs) override { record("train_end", -1, logs); }
  void on_epoch_begin(int epoch, Logs& logs) override { record("epoch_begin", epoch, logs); }
  void on_epoch_end(int epoch, Logs& logs) override { record("epoch_end", epoch, logs); }
  void on_train_batch_begin(std::int64_t batch, Logs& logs) override { record("train_batch_begin", batch, logs); }
  void on_train_batch_end(std::int64_t batch, Logs& logs) override { record("train_batch_end", batch, logs); }
  void on_test_begin(Logs& logs) override { record("test_begin", -1, logs); }
  void on_test_end(Logs& logs) override { record("test_end", -1, logs); }
  void on_test_batch_begin(std::int64_t batch, Logs& logs) override { record("test_batch_begin", batch, logs); }
  void on_test_batch_end(std::int64_t batch, Logs& logs) override { record("test_batch_end", batch, logs); }
  void on_predict_begin(Logs& logs) override { record("predict_begin", -1, logs); }
  void on_predict_end(Logs& logs) override { record("predict_end", -1, logs); }
  void on_predict_batch_begin(std::int64_t batch, Logs& logs) override { record("predict_batch_begin", batch, logs); }
  void on_predict_batch_end(std::int64_t batch, Logs& logs) override { record("predict_batch_end", batch, logs); }
};

TEST(CallbackListTest, EveryHookReachesEveryCallbackInOrder) {
  auto first = std::make_shared<Recorder>();
  auto second = std::make_shared<Recorder>();
  CallbackList list({first, second});
  list.on_train_begin();
  list.on_epoch_begin(0);
  list.on_train_batch_begin(0);
  list.on_train_batch_end(0, {{"loss", 2}});
  list.on_test_begin();
  list.on_test_batch_begin(0);
  list.on_test_batch_end(0, {{"loss", 3}});
  list.on_test_end({{"loss", 3}});
  list.on_epoch_end(0, {{"loss", 2}, {"val_loss", 3}});
  list.on_train_end({{"loss", 2}});
  list.on_predict_begin();
  list.on_predict_batch_begin(4);
  list.on_predict_batch_end(4);
  list.on_predict_end();
  const std::vector<std::string> expected{
      "train_begin(-1)",      "epoch_begin(0)",      "train_batch_begin(0)",
      "train_batch_end(0) loss=2.000000",           "test_begin(-1)",
      "test_batch_begin(0)",  "test_batch_end(0) loss=3.000000",
      "test_end(-1) loss=3.000000",                  "epoch_end(0) loss=2.000000 val_loss=3.000000",
      "train_end(-1) loss=2.000000",                "predict_begin(-1)",
      "predict_batch_begin(4)", "predict_batch_end(4)", "predict_end(-1)"};
  EXPECT_EQ(first->calls, expected);
  EXPECT_EQ(second->calls, expected);
}

// on_predict_batch_end sees the batch's outputs (Keras' logs["outputs"]), and only there.
TEST(CallbackListTest, PredictBatchEndSeesTheBatchOutputs) {
  struct Outputs : Callback {
    std::vector<std::vector<float>> seen;
    std::size_t outside = 0;
    void on_predict_batch_begin(std::int64_t, Logs&) override { outside += predict_batch_outputs().size(); }
    void on_predict_batch_end(std::int64_t, Logs&) override {
      for (const Tensor& t : predict_batch_outputs()) seen.push_back(t.numpy<float>());
    }
  };
  auto cb = std::make_shared<Outputs>();
  CallbackList list({cb});
  list.on_predict_batch_begin(0);
  list.on_predict_batch_end(0, {tf::constant({1.0f, 2.0f}), tf::constant({3.0f})});
  list.on_predict_batch_begin(1);
  EXPECT_EQ(cb->seen, (std::vector<std::vector<float>>{{1, 2}, {3}}));
  EXPECT_EQ(cb->outside, 0u);
  EXPECT_TRUE(cb->predict_batch_outputs().empty());
}

// A callback that only overrides Keras' older batch hooks still sees training batches.
TEST(CallbackListTest, TrainBatchHooksFallBackToBatchHooks) {
  struct OldStyle : Callback {
    std::vector<std::int64_t> begun, ended;
    void on_batch_begin(std::int64_t batch, Logs& logs) override { begun.push_back(batch); }
    void on_batch_end(std::int64_t batch, Logs& logs) override { ended.push_back(batch); }
  };
  auto old_style = std::make_shared<OldStyle>();
  CallbackList list({old_style});
  for (int b = 0; b < 3; ++b) {
    list.on_train_batch_begin(b);
    list.on_train_batch_end(b);
  }
  list.on_test_batch_begin(7);
  EXPECT_EQ(old_style->begun, (std::vector<std::int64_t>{0, 1, 2}));
  EXPECT_EQ(old_style->ended, (std::vector<std::int64_t>{0, 1, 2}));
}

// As in Keras, one call shares one copy of the logs: what a callback adds reaches the ones
// after it, and not the caller.
TEST(CallbackListTest, LogsAddedByACallbackReachLaterCallbacksOnly) {
  struct AddsRate : Callback {
    void on_epoch_end(int epoch, Logs& logs) override { logs["learning_rate"] = 0.5; }
  };
  auto before = std::make_shared<Recorder>();
  auto after = std::make_shared<Recorder>();
  CallbackList list({before, std::make_shared<AddsRate>(), after}, {.add_history = true});
  Logs logs{{"loss", 1}};
  list.on_epoch_end(0, logs);
  EXPECT_EQ(before->calls, std::vector<std::string>{"epoch_end(0) loss=1.000000"});
  EXPECT_EQ(after->calls, std::vector<std::string>{"epoch_end(0) learning_rate=0.500000 loss=1.000000"});
  EXPECT_EQ(list.history()->history().at("learning_rate"), std::vector<double>{0.5});
  EXPECT_EQ(logs.size(), 1u);
}

TEST(CallbackListTest, AddsHistoryAndProgbarLastUnlessGiven) {
  auto recorder = std::make_shared<Recorder>();
  CallbackList added({recorder}, {.add_history = true, .add_progbar = true});
  ASSERT_EQ(added.callbacks().size(), 3u);
  EXPECT_EQ(added.callbacks()[0], recorder);
  EXPECT_EQ(added.callbacks()[1], added.history());
  EXPECT_EQ(added.callbacks()[2], added.progbar());

  auto history = std::make_shared<History>();
  auto progbar = std::make_shared<ProgbarLogger>();
  CallbackList given({progbar, history}, {.add_history = true, .add_progbar = true});
  EXPECT_EQ(given.callbacks().size(), 2u);
  EXPECT_EQ(given.history(), history);
  EXPECT_EQ(given.progbar(), progbar);

  CallbackList plain({recorder});
  EXPECT_EQ(plain.callbacks().size(), 1u);
  EXPECT_EQ(plain.history(), nullptr);
  EXPECT_EQ(plain.progbar(), nullptr);
}

TEST(CallbackListTest, ModelAndParamsReachEveryCallbackIncludingAppendedOnes) {
  auto first = std::make_shared<Recorder>();
  // Any address stands for the model: callbacks only keep the pointer.
  auto* model = reinterpret_cast<Model*>(first.get());
  CallbackList list({first}, {.add_history = true, .model = model, .params = Params{.verbose = 2, .epochs = 7, .steps = 30}});
  auto late = std::make_shared<Recorder>();
  list.append(late);
  for (const auto& callback : list.callbacks()) {
    EXPECT_EQ(callback->model(), model);
    EXPECT_EQ(callback->params().epochs, 7);
    EXPECT_EQ(callback->params().verbose, 2);
    EXPECT_EQ(callback->params().steps, 30);
  }
  list.set_params({.verbose = 0, .epochs = 1});
  EXPECT_EQ(late->params().epochs, 1);
  EXPECT_FALSE(late->params().steps.has_value());
}

TEST(HistoryTest, RecordsEveryEpochsLogsAndRestartsEpochsPerFit) {
  auto history = std::make_shared<History>();
  CallbackList list({history});
  list.on_train_begin();
  list.on_epoch_end(0, {{"loss", 0.9}, {"accuracy", 0.5}});
  list.on_epoch_end(1, {{"loss", 0.7}, {"accuracy", 0.6}, {"val_loss", 0.8}});
  list.on_train_end();
  EXPECT_EQ(history->epoch(), (std::vector<int>{0, 1}));
  EXPECT_EQ(history->history().at("loss"), (std::vector<double>{0.9, 0.7}));
  EXPECT_EQ(history->history().at("accuracy"), (std::vector<double>{0.5, 0.6}));
  EXPECT_EQ(history->history().at("val_loss"), (std::vector<double>{0.8}));

  // A second fit with the same History continues the metric lists, as Keras' does.
  list.on_train_begin();
  list.on_epoch_end(2, {{"loss", 0.6}});
  EXPECT_EQ(history->epoch(), (std::vector<int>{2}));
  EXPECT_EQ(history->history().at("loss"), (std::vector<double>{0.9, 0.7, 0.6}));
}

TEST(ProgbarTest, StatefulAndStatelessTogetherIsAnError) {
  std::ostringstream out;
  EXPECT_EQ(testing::error_of([&] {
              utils::Progbar(10, {.stateful_metrics = std::set<std::string>{"a"},
                                  .stateless_metrics = std::set<std::string>{"b"},
                                  .out = &out});
            }).rfind("[Progbar] give stateful_metrics or stateless_metrics, not both", 0),
            0u);
}

TEST(ProgbarLoggerTest, VerboseZeroPrintsNothing) {
  std::ostringstream out;
  CallbackList list({std::make_shared<ProgbarLogger>(ProgbarLoggerOptions{.out = &out})},
                    {.params = Params{.verbose = 0, .epochs = 3, .steps = 2}});
  list.on_train_begin();
  for (int e = 0; e < 3; ++e) {
    list.on_epoch_begin(e);
    list.on_train_batch_end(0, {{"loss", 1}});
    list.on_train_batch_end(1, {{"loss", 1}});
    list.on_epoch_end(e, {{"loss", 1}});
  }
  list.on_train_end();
  EXPECT_EQ(out.str(), "");
}

// Without a fake clock the bar still shows the real step time.
TEST(ProgbarLoggerTest, VerboseTwoWritesOneLinePerEpoch) {
  std::ostringstream out;
  CallbackList list({std::make_shared<ProgbarLogger>(ProgbarLoggerOptions{.out = &out})},
                    {.params = Params{.verbose = 2, .epochs = 2, .steps = 3}});
  list.on_train_begin();
  for (int e = 0; e < 2; ++e) {
    list.on_epoch_begin(e);
    for (int b = 0; b < 3; ++b) list.on_train_batch_end(b, {{"loss", 1}});
    list.on_epoch_end(e, {{"accuracy", 0.25}, {"loss", 0.5}});
  }
  const std::string text = out.str();
  EXPECT_EQ(text.rfind("Epoch 1/2\n3/3 - ", 0), 0u) << text;
  EXPECT_NE(text.find("/step - accuracy: 0.2500 - loss: 0.5000\nEpoch 2/2\n3/3 - "), std::string::npos) << text;
}

TEST(LambdaCallbackTest, CallsTheGivenFunctionsAndIgnoresTheOthers) {
  std::vector<std::string> seen;
  auto lambda = std::make_shared<LambdaCallback>(LambdaCallbackOptions{
      .on_epoch_end = [&](int epoch, Logs& logs) { seen.push_back("epoch_end " + std::to_string(epoch)); },
      .on_train_begin = [&](const Logs&) { seen.push_back("train_begin"); },
      .on_train_batch_end =
          [&](std::int64_t batch, Logs& logs) {
            seen.push_back("batch_end " + std::to_string(batch));
            logs["seen"] = 1;
          },
      .on_test_end = [&](Logs& logs) { seen.push_back("test_end " + std::to_string(logs.at("loss"))); },
      .on_predict_batch_begin = [&](std::int64_t batch, Logs&) { seen.push_back("predict " + std::to_string(batch)); },
  });
  auto after = std::make_shared<Recorder>();
  CallbackList list({lambda, after});
  list.on_train_begin();
  list.on_epoch_begin(0);
  list.on_train_batch_begin(0);
  list.on_train_batch_end(0);
  list.on_test_end({{"loss", 0.5}});
  list.on_epoch_end(0);
  list.on_predict_batch_begin(3);
  list.on_train_end();
  EXPECT_EQ(seen, (std::vector<std::string>{"train_begin", "batch_end 0", "test_end 0.500000", "epoch_end 0", "predict 3"}));
  EXPECT_EQ(after->calls[3], "train_batch_end(0) seen=1.000000");
}

}  // namespace
}  // namespace tf::keras::callbacks
