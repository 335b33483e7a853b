"""keras.preprocessing.text's legacy tokenizing as TensorFlow 2.21 still has it: text_to_word_sequence,
hashing_trick (md5 and Python's hash, seeded by the harness), one_hot, and Tokenizer (word ranks,
num_words, oov_token, char_level, sequences and texts, the four matrix modes, JSON round trip),
then the sequences padded for a model."""
import numpy as np

from harness import show_error, tf

text = tf.keras.preprocessing.text
sequence = tf.keras.preprocessing.sequence

print(text.text_to_word_sequence("The cat sat on the mat. The END!"))
print(text.text_to_word_sequence("a-b_c d", filters="-", lower=False, split="_"))
print(text.hashing_trick("the cat the dog", 20, hash_function="md5"))
print(text.hashing_trick("Red green red", 7, hash_function=len))
print(text.one_hot("the cat the dog", 50) == text.hashing_trick("the cat the dog", 50))

corpus = ["The cat sat on the mat.", "The dog sat on the log!", "Cats and dogs: the end", "a dog, a cat, a mat"]
tokenizer = text.Tokenizer(num_words=8, oov_token="<oov>")
tokenizer.fit_on_texts(corpus)
print(tokenizer.word_index)
print(dict(tokenizer.word_counts), dict(tokenizer.word_docs) == {w: tokenizer.index_docs[i] for w, i in tokenizer.word_index.items() if w in tokenizer.word_docs})
print(tokenizer.document_count, tokenizer.index_word[1], tokenizer.index_word[2])
sequences = tokenizer.texts_to_sequences(corpus + ["an unseen bird on the mat"])
print(sequences)
print(tokenizer.sequences_to_texts(sequences))
for mode in ("binary", "count", "freq", "tfidf"):
    print(mode, np.round(tokenizer.texts_to_matrix(corpus[:2], mode=mode), 4).tolist())
print(sequence.pad_sequences(sequences, maxlen=6, padding="post", truncating="post").tolist())

plain = text.Tokenizer()
plain.fit_on_texts(corpus)
print(plain.texts_to_sequences(["the unseen cat"]), plain.sequences_to_matrix([[1, 2, 2]], mode="count").shape)
chars = text.Tokenizer(char_level=True)
chars.fit_on_texts(["abca", "Bad"])
print(chars.word_index, chars.texts_to_sequences(["cab"]))
words = text.Tokenizer(lower=False)
words.fit_on_texts([["Hello", "world"], ["hello", "Hello"]])
print(words.word_index)
counted = text.Tokenizer(num_words=5)
counted.fit_on_sequences([[1, 2, 2], [2, 3]])
print(counted.document_count, dict(counted.index_docs), np.round(counted.sequences_to_matrix([[2, 3, 3]], mode="tfidf"), 4).tolist())

restored = text.tokenizer_from_json(tokenizer.to_json())
print(restored.word_index == tokenizer.word_index, restored.texts_to_sequences(corpus[:1]), restored.get_config()["num_words"])
show_error("matrix before fit", lambda: text.Tokenizer().texts_to_matrix(["a b"]))
show_error("tfidf without documents", lambda: text.Tokenizer(num_words=3).sequences_to_matrix([[1]], mode="tfidf"))
show_error("unknown mode", lambda: tokenizer.texts_to_matrix(corpus, mode="sum"))
show_error("unknown argument", lambda: text.Tokenizer(words=3))
