"""Three authorship attackers, none of which shares code or features with fantasma's detector.
Each is trained on labelled texts and ranks the candidate authors for a new text, best first.

- CharNgramAttacker: character 2-5-gram TF-IDF (sublinear) + multinomial logistic regression,
  the strong baseline of the attribution literature (Valla; PAN 2019).
- BurrowsDelta: z-scored relative frequencies of the corpus's most frequent words; the author
  whose mean profile is nearest in mean absolute difference wins (Burrows 2002).
- FunctionWordSvm: rates of English function words and punctuation marks, standardized, with a
  linear SVM (one against the rest).
"""
import re
from collections import Counter

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC

from .function_words import FUNCTION_WORDS, PUNCTUATION

WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


def words(text: str) -> list[str]:
    return WORD.findall(text.lower().replace("’", "'"))


class Attacker:
    name = ""

    def fit(self, texts: list[str], labels: list[str]) -> "Attacker":
        raise NotImplementedError

    def scores(self, texts: list[str]) -> np.ndarray:
        """One row per text, one column per author in self.classes_; higher is likelier."""
        raise NotImplementedError

    def rank(self, texts: list[str]) -> list[list[str]]:
        order = np.argsort(-self.scores(texts), axis=1, kind="stable")
        return [[self.classes_[i] for i in row] for row in order]


class CharNgramAttacker(Attacker):
    name = "char 2-5-gram TF-IDF + logistic regression"

    def fit(self, texts, labels):
        self.vectorizer = TfidfVectorizer(analyzer="char", ngram_range=(2, 5), sublinear_tf=True,
                                          min_df=2, lowercase=False)
        features = self.vectorizer.fit_transform(texts)
        self.model = LogisticRegression(C=10.0, max_iter=2000)
        self.model.fit(features, labels)
        self.classes_ = list(self.model.classes_)
        return self

    def scores(self, texts):
        return self.model.predict_log_proba(self.vectorizer.transform(texts))


class BurrowsDelta(Attacker):
    name = "Burrows' Delta, 150 most frequent words"

    def __init__(self, vocabulary_size: int = 150):
        self.vocabulary_size = vocabulary_size

    def _frequencies(self, texts):
        rows = []
        for text in texts:
            counts = Counter(words(text))
            total = max(1, sum(counts.values()))
            rows.append([counts[w] / total for w in self.vocabulary])
        return np.array(rows)

    def fit(self, texts, labels):
        totals = Counter()
        for text in texts:
            totals.update(words(text))
        self.vocabulary = [w for w, _ in totals.most_common(self.vocabulary_size)]
        frequencies = self._frequencies(texts)
        self.mean = frequencies.mean(axis=0)
        self.std = frequencies.std(axis=0) + 1e-12
        z = (frequencies - self.mean) / self.std
        labels = np.array(labels)
        self.classes_ = sorted(set(labels))
        self.centroids = np.array([z[labels == c].mean(axis=0) for c in self.classes_])
        return self

    def scores(self, texts):
        z = (self._frequencies(texts) - self.mean) / self.std
        delta = np.abs(z[:, None, :] - self.centroids[None, :, :]).mean(axis=2)
        return -delta


def style_features(text: str) -> list[float]:
    """Function-word rates per word, then punctuation-mark rates per character."""
    counts = Counter(words(text))
    total_words = max(1, sum(counts.values()))
    total_chars = max(1, len(text))
    return ([counts[w] / total_words for w in FUNCTION_WORDS]
            + [text.count(mark) / total_chars for mark in PUNCTUATION])


class FunctionWordSvm(Attacker):
    name = "function words + punctuation, linear SVM"

    def fit(self, texts, labels):
        features = np.array([style_features(t) for t in texts])
        self.scaler = StandardScaler().fit(features)
        self.model = LinearSVC(C=0.1, max_iter=20000)
        self.model.fit(self.scaler.transform(features), labels)
        self.classes_ = list(self.model.classes_)
        return self

    def scores(self, texts):
        features = self.scaler.transform(np.array([style_features(t) for t in texts]))
        return self.model.decision_function(features)


def all_attackers() -> list[Attacker]:
    return [CharNgramAttacker(), BurrowsDelta(), FunctionWordSvm()]


def top_k_accuracy(rankings: list[list[str]], truths: list[str], k: int) -> float:
    hits = sum(truth in ranking[:k] for ranking, truth in zip(rankings, truths))
    return hits / len(truths)
