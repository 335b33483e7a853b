#include "tfpp/keras/callbacks.h"

namespace tf::keras::callbacks {

CallbackList::CallbackList(std::vector<std::shared_ptr<Callback>> callbacks, CallbackListOptions options)
    : callbacks_(std::move(callbacks)) {
  for (const auto& callback : callbacks_) {
    if (auto progbar = std::dynamic_pointer_cast<ProgbarLogger>(callback)) progbar_ = progbar;
    if (auto history = std::dynamic_pointer_cast<History>(callback)) history_ = history;
  }
  if (!history_ && options.add_history) {
    history_ = std::make_shared<History>();
    callbacks_.push_back(history_);
  }
  if (!progbar_ && options.add_progbar) {
    progbar_ = std::make_shared<ProgbarLogger>();
    callbacks_.push_back(progbar_);
  }
  if (options.model) set_model(options.model);
  if (options.params) set_params(*options.params);
}

void CallbackList::set_model(Model* model) {
  model_ = model;
  for (const auto& callback : callbacks_) callback->set_model(model);
}

void CallbackList::set_params(const Params& params) {
  params_ = params;
  for (const auto& callback : callbacks_) callback->set_params(params);
}

void CallbackList::append(std::shared_ptr<Callback> callback) {
  if (model_) callback->set_model(model_);
  if (params_) callback->set_params(*params_);
  if (auto progbar = std::dynamic_pointer_cast<ProgbarLogger>(callback); progbar && !progbar_) progbar_ = progbar;
  if (auto history = std::dynamic_pointer_cast<History>(callback); history && !history_) history_ = history;
  callbacks_.push_back(std::move(callback));
}

void CallbackList::on_train_begin(Logs logs) {
  for (const auto& callback : callbacks_) callback->on_train_begin(logs);
}

void CallbackList::on_train_end(Logs logs) {
  for (const auto& callback : callbacks_) callback->on_train_end(logs);
}

void CallbackList::on_epoch_begin(int epoch, Logs logs) {
  for (const auto& callback : callbacks_) callback->on_epoch_begin(epoch, logs);
}

void CallbackList::on_epoch_end(int epoch, Logs logs) {
  for (const auto& callback : callbacks_) callback->on_epoch_end(epoch, logs);
}

void CallbackList::on_train_batch_begin(std::int64_t batch, Logs logs) {
  for (const auto& callback : callbacks_) callback->on_train_batch_begin(batch, logs);
}

void CallbackList::on_train_batch_end(std::int64_t batch, Logs logs) {
  for (const auto& callback : callbacks_) callback->on_train_batch_end(batch, logs);
}

void CallbackList::on_test_begin(Logs logs) {
  for (const auto& callback : callbacks_) callback->on_test_begin(logs);
}

void CallbackList::on_test_end(Logs logs) {
  for (const auto& callback : callbacks_) callback->on_test_end(logs);
}

void CallbackList::on_test_batch_begin(std::int64_t batch, Logs logs) {
  for (const auto& callback : callbacks_) callback->on_test_batch_begin(batch, logs);
}

void CallbackList::on_test_batch_end(std::int64_t batch, Logs logs) {
  for (const auto& callback : callbacks_) callback->on_test_batch_end(batch, logs);
}

void CallbackList::on_predict_begin(Logs logs) {
  for (const auto& callback : callbacks_) callback->on_predict_begin(logs);
}

void CallbackList::on_predict_end(Logs logs) {
  for (const auto& callback : callbacks_) callback->on_predict_end(logs);
}

void CallbackList::on_predict_batch_begin(std::int64_t batch, Logs logs) {
  for (const auto& callback : callbacks_) callback->on_predict_batch_begin(batch, logs);
}

void CallbackList::on_predict_batch_end(std::int64_t batch, const std::vector<Tensor>& outputs, Logs logs) {
  for (const auto& callback : callbacks_) {
    callback->predict_batch_outputs_ = outputs;
    try {
      callback->on_predict_batch_end(batch, logs);
    } catch (...) {
      callback->predict_batch_outputs_.clear();
      throw;
    }
    callback->predict_batch_outputs_.clear();
  }
}

}  // namespace tf::keras::callbacks
