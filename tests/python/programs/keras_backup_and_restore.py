"""tf.keras.callbacks.BackupAndRestore: a fit interrupted by an error resumes, in a second fit with
the same backup_dir, at the epoch it reached, from the saved weights (reaching the weights of an
uninterrupted run); per-batch saving, the backup's files, its removal at the end, and bad arguments."""
import os
import tempfile

import numpy as np

from harness import show_error_message, tf

cb = tf.keras.callbacks
x = np.linspace(-1, 1, 16, dtype="float32").reshape(8, 2)
y = (x[:, :1] * 2 - x[:, 1:]).astype("float32")


def make_model():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="zeros")])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
    return model


class InterruptAt(cb.Callback):
    def __init__(self, epoch):
        super().__init__()
        self.epoch = epoch

    def on_epoch_begin(self, epoch, logs=None):
        print("epoch", epoch)
        if epoch == self.epoch:
            raise RuntimeError("interrupted")


reference = make_model()
reference.fit(x, y, batch_size=4, epochs=5, verbose=0, shuffle=False)

for save_freq in ("epoch", 2):
    with tempfile.TemporaryDirectory() as d:
        backup_dir = os.path.join(d, "backup")
        model = make_model()
        try:
            model.fit(x, y, batch_size=4, epochs=5, verbose=0, shuffle=False,
                      callbacks=[cb.BackupAndRestore(backup_dir, save_freq=save_freq), InterruptAt(3)])
        except RuntimeError as e:
            print("fit stopped:", e)
        print(sorted(os.listdir(backup_dir)))
        with open(os.path.join(backup_dir, "training_metadata.json")) as f:
            print(f.read())
        model = make_model()
        history = model.fit(x, y, batch_size=4, epochs=5, verbose=0, shuffle=False,
                            callbacks=[cb.BackupAndRestore(backup_dir, save_freq=save_freq), InterruptAt(-1)])
        print(history.epoch, len(history.history["loss"]), os.path.exists(backup_dir))
        print("same as uninterrupted:", np.allclose(model.get_weights()[0], reference.get_weights()[0], atol=1e-6))

with tempfile.TemporaryDirectory() as d:
    backup_dir = os.path.join(d, "kept")
    model = make_model()
    model.fit(x, y, batch_size=4, epochs=2, verbose=0,
              callbacks=[cb.BackupAndRestore(backup_dir, delete_checkpoint=False, double_checkpoint=True)])
    print(sorted(os.listdir(backup_dir)))
    history = make_model().fit(x, y, batch_size=4, epochs=3, verbose=0, callbacks=[cb.BackupAndRestore(backup_dir)])
    print(history.epoch, os.path.exists(backup_dir))

backup = cb.BackupAndRestore("some/dir", save_freq=3)
print(backup.backup_dir, backup.save_freq, backup.delete_checkpoint, backup.double_checkpoint)
show_error_message("an empty backup_dir", lambda: cb.BackupAndRestore(""))
show_error_message("save_freq 'batch'", lambda: cb.BackupAndRestore("dir", save_freq="batch"))
