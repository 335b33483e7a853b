"""Keras' guide to writing callbacks as a program: every hook of fit, evaluate and predict with the
keys of its logs (on_predict_batch_end gets the batch's "outputs" as a NumPy array), a callback
printing running losses, early stopping at the minimal loss restoring the best weights, and a
learning-rate scheduler setting optimizer.learning_rate each epoch."""
import numpy as np

from harness import tf

keras = tf.keras


def pattern(shape, seed):
    n = int(np.prod(shape))
    return np.sin(0.37 * np.arange(n) + seed).astype(np.float32).reshape(shape)


def get_model():
    model = keras.Sequential()
    model.add(keras.layers.Dense(1))
    model.build((None, 784))
    model.set_weights([pattern(w.shape, 1.0 + i) * 0.01 for i, w in enumerate(model.weights)])
    model.compile(optimizer=keras.optimizers.RMSprop(learning_rate=0.01), loss="mean_squared_error", metrics=["mean_absolute_error"])
    return model
x_train = pattern((100, 784), 0.1)
y_train = pattern((100,), 0.2)
class CustomCallback(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        print("Starting training; got log keys: {}".format(list(logs.keys())))
    def on_train_end(self, logs=None):
        print("Stop training; got log keys: {}".format(list(logs.keys())))
    def on_epoch_begin(self, epoch, logs=None):
        print("Start epoch {} of training; got log keys: {}".format(epoch, list(logs.keys())))
    def on_epoch_end(self, epoch, logs=None):
        print("End epoch {} of training; got log keys: {}".format(epoch, list(logs.keys())))
    def on_test_begin(self, logs=None):
        print("Start testing; got log keys: {}".format(list(logs.keys())))
    def on_test_end(self, logs=None):
        print("Stop testing; got log keys: {}".format(list(logs.keys())))
    def on_predict_begin(self, logs=None):
        print("Start predicting; got log keys: {}".format(list(logs.keys())))
    def on_predict_end(self, logs=None):
        print("Stop predicting; got log keys: {}".format(list(logs.keys())))
    def on_train_batch_begin(self, batch, logs=None):
        print("...Training: start of batch {}; got log keys: {}".format(batch, list(logs.keys())))
    def on_train_batch_end(self, batch, logs=None):
        print("...Training: end of batch {}; got log keys: {}".format(batch, list(logs.keys())))
    def on_test_batch_begin(self, batch, logs=None):
        print("...Evaluating: start of batch {}; got log keys: {}".format(batch, list(logs.keys())))
    def on_test_batch_end(self, batch, logs=None):
        print("...Evaluating: end of batch {}; got log keys: {}".format(batch, list(logs.keys())))
    def on_predict_batch_begin(self, batch, logs=None):
        print("...Predicting: start of batch {}; got log keys: {}".format(batch, list(logs.keys())))
    def on_predict_batch_end(self, batch, logs=None):
        print("...Predicting: end of batch {}; got log keys: {}".format(batch, list(logs.keys())))
        print("   outputs", type(logs["outputs"]).__name__, logs["outputs"].shape)
model = get_model()
model.fit(x_train, y_train, batch_size=50, epochs=1, verbose=0, validation_split=0.5, callbacks=[CustomCallback()])
res = model.evaluate(x_train, y_train, batch_size=50, verbose=0, callbacks=[CustomCallback()])
res = model.predict(x_train, batch_size=50, callbacks=[CustomCallback()], verbose=0)
class LossAndErrorPrintingCallback(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        print("Up to batch {}, the average loss is {:7.2f}.".format(batch, logs["loss"]))
    def on_test_batch_end(self, batch, logs=None):
        print("Up to batch {}, the average loss is {:7.2f}.".format(batch, logs["loss"]))
    def on_epoch_end(self, epoch, logs=None):
        print("The average loss for epoch {} is {:7.2f} and mean absolute error is {:7.2f}.".format(epoch, logs["loss"], logs["mean_absolute_error"]))
model = get_model()
model.fit(x_train, y_train, batch_size=25, epochs=2, shuffle=False, verbose=0, callbacks=[LossAndErrorPrintingCallback()])
class EarlyStoppingAtMinLoss(keras.callbacks.Callback):
    def __init__(self, patience=0):
        super().__init__()
        self.patience = patience
        self.best_weights = None
    def on_train_begin(self, logs=None):
        self.wait = 0
        self.stopped_epoch = 0
        self.best = np.inf
    def on_epoch_end(self, epoch, logs=None):
        current = logs.get("loss")
        if np.less(current, self.best):
            self.best = current
            self.wait = 0
            self.best_weights = self.model.get_weights()
        else:
            self.wait += 1
            if self.wait >= self.patience:
                self.stopped_epoch = epoch
                self.model.stop_training = True
                print("Restoring model weights from the end of the best epoch.")
                self.model.set_weights(self.best_weights)
    def on_train_end(self, logs=None):
        if self.stopped_epoch > 0:
            print(f"Epoch {self.stopped_epoch + 1}: early stopping")
model = get_model()
model.fit(x_train, y_train, batch_size=64, epochs=5, shuffle=False, verbose=0, callbacks=[LossAndErrorPrintingCallback(), EarlyStoppingAtMinLoss()])
class CustomLearningRateScheduler(keras.callbacks.Callback):
    def __init__(self, schedule):
        super().__init__()
        self.schedule = schedule
    def on_epoch_begin(self, epoch, logs=None):
        if not hasattr(self.model.optimizer, "learning_rate"):
            raise ValueError('Optimizer must have a "learning_rate" attribute.')
        lr = float(self.model.optimizer.learning_rate)
        scheduled_lr = self.schedule(epoch, lr)
        self.model.optimizer.learning_rate = scheduled_lr
        print(f"\nEpoch {epoch}: Learning rate is {float(np.array(scheduled_lr))}.")
LR_SCHEDULE = [(3, 0.05), (6, 0.01)]
def lr_schedule(epoch, lr):
    if epoch < LR_SCHEDULE[0][0] or epoch > LR_SCHEDULE[-1][0]:
        return lr
    for i in range(len(LR_SCHEDULE)):
        if epoch == LR_SCHEDULE[i][0]:
            return LR_SCHEDULE[i][1]
    return lr
model = get_model()
model.fit(x_train, y_train, batch_size=64, epochs=8, shuffle=False, verbose=0, callbacks=[LossAndErrorPrintingCallback(), CustomLearningRateScheduler(lr_schedule)])
