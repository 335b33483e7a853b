"""The text classification tutorial in small: TextVectorization adapted on raw strings inside a
Sequential model (Embedding, pooling, Dense) trained with fit and used by predict, and the same
layer mapped over a tf.data pipeline."""
import numpy as np
from harness import tf
layers = tf.keras.layers
tf.keras.utils.set_random_seed(1)
texts = np.array(["great movie", "terrible plot", "great acting, great story", "awful, just awful", "loved it", "hated it"])
labels = np.array([1, 0, 1, 0, 1, 0], np.float32)
vectorize = layers.TextVectorization(max_tokens=20, output_sequence_length=4)
vectorize.adapt(texts)
model = tf.keras.Sequential([tf.keras.Input(shape=(1,), dtype="string"), vectorize,
                             layers.Embedding(20, 3, embeddings_initializer="ones"), layers.GlobalAveragePooling1D(),
                             layers.Dense(1, kernel_initializer="ones")])
model.compile(optimizer="sgd", loss="mse")
h = model.fit(tf.constant(texts[:, None]), labels, epochs=2, batch_size=3, verbose=0, shuffle=False)
print([round(v, 4) for v in h.history["loss"]])
print(np.round(model.predict(tf.constant([["great story"], ["awful plot"]]), verbose=0), 4).tolist())
ds = tf.data.Dataset.from_tensor_slices((texts, labels)).batch(2).map(lambda x, y: (vectorize(x), y))
for x, y in ds.take(1):
    print(x.numpy().tolist(), y.numpy().tolist())
