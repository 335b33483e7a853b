"""TensorFlow's tutorial on classifying imbalanced data, scaled down: eleven compiled metrics (two
AUCs, confusion counts, a named BinaryCrossentropy metric), an output bias from Constant(log(pos /
neg)), weights saved once and loaded into fresh models, EarlyStopping on val_prc restoring the best
weights, class weights, and oversampling with sample_from_datasets under steps_per_epoch; a Dense
given bias_initializer=None (Keras' default weight initializer, None in its config); Dropout in a
training step traced for batches of any size. Random initial weights differ from TensorFlow's, so
what is printed is structure, not values."""
import numpy as np

from harness import tf
keras = tf.keras
keras.utils.set_random_seed(11)
np.random.seed(11)
x = np.random.normal(size=(400, 6)).astype('float32')
y = (x[:, 0] + 0.5 * x[:, 1] > 1.6).astype('float32')[:, None]
neg, pos = np.bincount(y.ravel().astype(int))
METRICS = [
      keras.metrics.BinaryCrossentropy(name='cross entropy'),
      keras.metrics.MeanSquaredError(name='Brier score'),
      keras.metrics.TruePositives(name='tp'),
      keras.metrics.FalsePositives(name='fp'),
      keras.metrics.TrueNegatives(name='tn'),
      keras.metrics.FalseNegatives(name='fn'),
      keras.metrics.BinaryAccuracy(name='accuracy'),
      keras.metrics.Precision(name='precision'),
      keras.metrics.Recall(name='recall'),
      keras.metrics.AUC(name='auc'),
      keras.metrics.AUC(name='prc', curve='PR'),
]
def make_model(metrics=METRICS, output_bias=None):
  if output_bias is not None:
    output_bias = keras.initializers.Constant(output_bias)
  model = keras.Sequential([
      keras.layers.Dense(16, activation='relu', input_shape=(x.shape[-1],)),
      keras.layers.Dropout(0.5),
      keras.layers.Dense(1, activation='sigmoid', bias_initializer=output_bias),
  ])
  model.compile(optimizer=keras.optimizers.Adam(learning_rate=1e-3), loss=keras.losses.BinaryCrossentropy(), metrics=metrics)
  return model
early_stopping = keras.callbacks.EarlyStopping(monitor='val_prc', verbose=0, patience=10, mode='max', restore_best_weights=True)
model = make_model(output_bias=np.log([pos/neg]))
print(model.predict(x[:3], verbose=0).shape)
results = model.evaluate(x, y, batch_size=64, verbose=0)
print(len(results))
import os
import tempfile
initial_weights = os.path.join(tempfile.mkdtemp(), 'initial.weights.h5')
model.save_weights(initial_weights)
model = make_model()
model.load_weights(initial_weights)
model.layers[-1].bias.assign([0.0])
h = model.fit(x, y, batch_size=64, epochs=3, validation_data=(x[:100], y[:100]), verbose=0, callbacks=[early_stopping])
print(sorted(h.history.keys()))
weight_for_0 = (1 / neg) * (len(y) / 2.0)
weight_for_1 = (1 / pos) * (len(y) / 2.0)
class_weight = {0: weight_for_0, 1: weight_for_1}
weighted_model = make_model()
weighted_model.load_weights(initial_weights)
wh = weighted_model.fit(x, y, batch_size=64, epochs=2, validation_data=(x[:100], y[:100]), class_weight=class_weight, verbose=0)
print(len(wh.history['loss']))
res = weighted_model.evaluate(x, y, batch_size=64, verbose=0, return_dict=True)
print(sorted(res))
pos_ds = tf.data.Dataset.from_tensor_slices((x[y[:, 0] == 1], y[y[:, 0] == 1])).shuffle(100).repeat()
neg_ds = tf.data.Dataset.from_tensor_slices((x[y[:, 0] == 0], y[y[:, 0] == 0])).shuffle(100).repeat()
resampled_ds = tf.data.Dataset.sample_from_datasets([pos_ds, neg_ds], weights=[0.5, 0.5], seed=1)
resampled_ds = resampled_ds.batch(64).prefetch(2)
for features, label in resampled_ds.take(1):
    print(label.shape, features.shape)
resampled_steps_per_epoch = int(np.ceil(2.0*neg/64))
rm = make_model(); rm.load_weights(initial_weights)
output_layer = rm.layers[-1]
output_layer.bias.assign([0])
rh = rm.fit(resampled_ds, epochs=2, steps_per_epoch=resampled_steps_per_epoch, callbacks=[early_stopping], validation_data=tf.data.Dataset.from_tensor_slices((x[:100], y[:100])).batch(64), verbose=0)
print(len(rh.history['loss']), rh.params['steps'])

print(make_model().layers[-1].get_config()["bias_initializer"])
