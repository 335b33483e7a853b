"""keras.layers.GroupQueryAttention and MultiHeadAttention called with Keras' query_mask,
value_mask and key_mask arguments, alone and with attention_mask, use_causal_mask and
return_attention_scores: outputs and scores with fixed weights. (Keras 3.15's MultiHeadAttention
ignores the query_mask argument for the query tensor's own mask; tfpp does the same.)"""
import numpy as np

from harness import tf
from keras_harness import fixed_weights, rounded as rounded_to


def rounded(values):
    # Three decimals: the libraries sum the heads in different orders, a few ulps apart.
    return rounded_to(values, 3)


keras = tf.keras
layers = keras.layers
query = tf.constant(np.sin(np.arange(2 * 4 * 6, dtype=np.float32) * 0.3).reshape(2, 4, 6))
value = tf.constant(np.cos(np.arange(2 * 5 * 6, dtype=np.float32) * 0.2).reshape(2, 5, 6))
key = tf.constant(np.sin(np.arange(2 * 5 * 6, dtype=np.float32) * 0.7 + 1).reshape(2, 5, 6))
query_mask = tf.constant([[True, True, False, True], [True, True, True, False]])
value_mask = tf.constant([[True, True, True, False, False], [True, False, True, True, True]])
key_mask = tf.constant([[True, False, True, True, True], [True, True, True, True, False]])
attention_mask = tf.constant(np.tril(np.ones((4, 5), dtype=bool), 1)[None].repeat(2, axis=0))


def attention_layers():
    gqa = layers.GroupQueryAttention(head_dim=3, num_query_heads=4, num_key_value_heads=2)
    mha = layers.MultiHeadAttention(num_heads=2, key_dim=3)
    for layer in (gqa, mha):
        layer(query, value, key)
        fixed_weights(layer)
    return gqa, mha


for layer in attention_layers():
    name = type(layer).__name__
    print(name, "value_mask", rounded(layer(query, value, value_mask=value_mask)))
    print(name, "query_mask", rounded(layer(query, value, query_mask=query_mask)))
    print(name, "key_mask", rounded(layer(query, value, key, key_mask=key_mask)))
    print(name, "all masks", rounded(layer(query, value, key, query_mask=query_mask, value_mask=value_mask,
                                           key_mask=key_mask)))
    print(name, "masks and attention_mask", rounded(layer(query, value, value_mask=value_mask,
                                                          attention_mask=attention_mask)))
    out, scores = layer(query, value, key, value_mask=value_mask, key_mask=key_mask, return_attention_scores=True)
    print(name, "scores", tuple(scores.shape), rounded(scores))
    print(name, "causal and masks", rounded(layer(query, value, value_mask=value_mask, query_mask=query_mask,
                                                  use_causal_mask=True)))
