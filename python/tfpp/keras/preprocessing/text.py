"""tf.keras.preprocessing.text: Keras' legacy word tokenizing (text_to_word_sequence, one_hot,
hashing_trick, Tokenizer, tokenizer_from_json), in NumPy and Python as Keras has them."""

import collections
import hashlib
import json

import numpy as _np

_FILTERS = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n'


def text_to_word_sequence(input_text, filters=_FILTERS, lower=True, split=" "):
    """The words of a text: lower-cased, the `filters` characters turned into separators, split."""
    if lower:
        input_text = input_text.lower()
    input_text = input_text.translate(str.maketrans({c: split for c in filters}))
    return [word for word in input_text.split(split) if word]


def hashing_trick(text, n, hash_function=None, filters=_FILTERS, lower=True, split=" ", analyzer=None):
    """Each word of a text as an index in [1, n) by its hash: Python's `hash` (salted per process
    unless PYTHONHASHSEED is set), "md5", or a function."""
    if hash_function is None:
        hash_function = hash
    elif hash_function == "md5":
        def hash_function(word):
            return int(hashlib.md5(word.encode()).hexdigest(), 16)
    words = analyzer(text) if analyzer is not None else text_to_word_sequence(text, filters, lower, split)
    return [hash_function(word) % (n - 1) + 1 for word in words]


def one_hot(input_text, n, filters=_FILTERS, lower=True, split=" ", analyzer=None):
    """hashing_trick with Python's hash."""
    return hashing_trick(input_text, n, hash_function=hash, filters=filters, lower=lower, split=split, analyzer=analyzer)


class Tokenizer:
    """A vocabulary of words ranked by count (index 1 the most frequent, or the oov_token; 0 is
    never a word), texts as index sequences and as matrices (binary, count, freq, tfidf)."""

    def __init__(self, num_words=None, filters=_FILTERS, lower=True, split=" ", char_level=False, oov_token=None,
                 analyzer=None, **kwargs):
        document_count = kwargs.pop("document_count", 0)
        if kwargs:
            raise TypeError("Unrecognized keyword arguments: %s" % (kwargs,))
        self.num_words, self.filters, self.lower, self.split = num_words, filters, lower, split
        self.char_level, self.oov_token, self.analyzer = char_level, oov_token, analyzer
        self.document_count = document_count
        self.word_counts = collections.OrderedDict()
        self.word_docs = collections.defaultdict(int)
        self.index_docs = collections.defaultdict(int)
        self.word_index = {}
        self.index_word = {}

    def _words(self, text):
        if self.char_level or isinstance(text, list):  # characters, or words given as a list
            if not self.lower:
                return text
            return [item.lower() for item in text] if isinstance(text, list) else text.lower()
        if self.analyzer is not None:
            return self.analyzer(text)
        return text_to_word_sequence(text, self.filters, self.lower, self.split)

    def fit_on_texts(self, texts):
        """Counts the words of `texts` and ranks the vocabulary by count (ties by first appearance)."""
        for text in texts:
            self.document_count += 1
            words = self._words(text)
            for word in words:
                self.word_counts[word] = self.word_counts.get(word, 0) + 1
            for word in set(words):
                self.word_docs[word] += 1
        ranked = sorted(self.word_counts.items(), key=lambda item: item[1], reverse=True)  # stable
        vocabulary = ([] if self.oov_token is None else [self.oov_token]) + [word for word, _ in ranked]
        self.word_index = {word: i for i, word in enumerate(vocabulary, start=1)}
        self.index_word = {i: word for word, i in self.word_index.items()}
        for word, documents in list(self.word_docs.items()):
            self.index_docs[self.word_index[word]] = documents

    def fit_on_sequences(self, sequences):
        """Counts in how many sequences each index occurs (for tfidf)."""
        self.document_count += len(sequences)
        for sequence in sequences:
            for i in set(sequence):
                self.index_docs[i] += 1

    def _kept(self, i):
        """Index i, the oov index for indices at or past num_words, or None to drop it."""
        oov = self.word_index.get(self.oov_token)
        if i is None or (self.num_words and i >= self.num_words):
            return oov if self.oov_token is not None else None
        return i

    def texts_to_sequences_generator(self, texts):
        for text in texts:
            indices = (self._kept(self.word_index.get(word)) for word in self._words(text))
            yield [i for i in indices if i is not None]

    def texts_to_sequences(self, texts):
        """Each text as the indices of its words (unknown words: the oov index, or dropped)."""
        return list(self.texts_to_sequences_generator(texts))

    def sequences_to_texts_generator(self, sequences):
        for sequence in sequences:
            indices = (self._kept(i if i in self.index_word else None) for i in sequence)
            yield " ".join(self.index_word[i] for i in indices if i is not None)

    def sequences_to_texts(self, sequences):
        """Each index sequence as a text of its words joined by spaces."""
        return list(self.sequences_to_texts_generator(sequences))

    def texts_to_matrix(self, texts, mode="binary"):
        return self.sequences_to_matrix(self.texts_to_sequences(texts), mode=mode)

    def sequences_to_matrix(self, sequences, mode="binary"):
        """A [len(sequences), num_words] matrix of each index's presence, count, frequency or tfidf
        (1 + log(count)) * log(1 + documents / (1 + documents with the index)) per sequence."""
        if self.num_words:
            num_words = self.num_words
        elif self.word_index:
            num_words = len(self.word_index) + 1
        else:
            raise ValueError("Specify a dimension (`num_words` argument), or fit on some text data first.")
        if mode == "tfidf" and not self.document_count:
            raise ValueError("Fit the Tokenizer on some data before using tfidf mode.")
        matrix = _np.zeros((len(sequences), num_words))
        for row, sequence in enumerate(sequences):
            counts = collections.Counter(i for i in sequence if i < num_words)
            for i, count in counts.items():
                if mode == "count":
                    matrix[row][i] = count
                elif mode == "freq":
                    matrix[row][i] = count / len(sequence)
                elif mode == "binary":
                    matrix[row][i] = 1
                elif mode == "tfidf":
                    matrix[row][i] = (1 + _np.log(count)) * _np.log(
                        1 + self.document_count / (1 + self.index_docs.get(i, 0)))
                else:
                    raise ValueError("Unknown vectorization mode:", mode)
        return matrix

    def get_config(self):
        config = {"num_words": self.num_words, "filters": self.filters, "lower": self.lower, "split": self.split,
                  "char_level": self.char_level, "oov_token": self.oov_token, "document_count": self.document_count}
        for name in ("word_counts", "word_docs", "index_docs", "index_word", "word_index"):
            config[name] = json.dumps(getattr(self, name))
        return config

    def to_json(self, **kwargs):
        """The tokenizer as Keras' JSON (tokenizer_from_json reads it back)."""
        return json.dumps({"class_name": type(self).__name__, "config": self.get_config()}, **kwargs)


def tokenizer_from_json(json_string):
    """A Tokenizer from Tokenizer.to_json's text."""
    config = dict(json.loads(json_string).get("config"))
    state = {name: json.loads(config.pop(name)) for name in
             ("word_counts", "word_docs", "index_docs", "index_word", "word_index")}
    tokenizer = Tokenizer(**config)
    tokenizer.word_counts = state["word_counts"]
    tokenizer.word_docs = state["word_docs"]
    tokenizer.index_docs = {int(k): v for k, v in state["index_docs"].items()}
    tokenizer.index_word = {int(k): v for k, v in state["index_word"].items()}
    tokenizer.word_index = state["word_index"]
    return tokenizer
