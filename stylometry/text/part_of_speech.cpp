#include "stylometry/text/part_of_speech.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

#include "fantasma_stylometry_embedded.hpp"
#include "stylometry/text/codepoint.hpp"

namespace fantasma {

namespace {

constexpr std::array<std::string_view, kPartsOfSpeech> kNames = {
    "noun",   "plural-noun",       "proper-noun", "verb",        "verb-past",   "past-participle",
    "gerund", "verb-third-person", "modal",       "adjective",   "comparative", "superlative",
    "adverb", "determiner",        "pronoun",     "preposition", "conjunction", "to",
    "number", "punctuation",       "other"};

constexpr std::string_view kBoundary = "<s>";
constexpr std::string_view kNumber = "<number>";
constexpr std::array<std::string_view, 4> kShapeNames = {"lower", "capital", "initial", "punct"};
constexpr float kImpossible = -std::numeric_limits<float>::infinity();

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t at = 0;
    while (true) {
        const std::size_t end = text.find(separator, at);
        parts.push_back(text.substr(at, end == std::string_view::npos ? end : end - at));
        if (end == std::string_view::npos) return parts;
        at = end + 1;
    }
}

// The key of a punctuation token, as tools/pos/build_pos_model.py writes it: every quotation
// mark is '"', every dash "--" (Brown's typists wrote dashes as two hyphens).
std::string punctuation_key(std::string_view text) {
    static constexpr std::array<std::string_view, 9> quotes = {
        "'", "`", "\u2018", "\u2019", "\u201A", "\u201C", "\u201D", "\u201E", "\u00AB"};
    if (text == "\"" || text == "\u00BB" || std::ranges::find(quotes, text) != quotes.end())
        return "\"";
    if (text.starts_with("--") || text == "\u2014" || text == "\u2013") return "--";
    if (text == "\u2026") return "...";
    return std::string(text);
}

// A word as the model's vocabulary writes it: as in the text, curly apostrophes straight.
std::string written_key(std::string_view text) {
    std::string key;
    key.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        if (text.substr(at).starts_with("\u2019")) {
            key += '\'';
            at += 3;
        } else {
            key += text[at++];
        }
    }
    return key;
}

bool starts_with_capital(std::string_view text) {
    return !text.empty() &&
           utf8proc_isupper(static_cast<utf8proc_int32_t>(text::decode(text, 0).cp));
}

// Reads the rows of pos_model.tsv, one table after the other, and says where a row is wrong.
class ModelReader {
  public:
    explicit ModelReader(std::string_view tsv) : lines_(split(tsv, '\n')) {}

    // The next row's fields and its table; false at the end.
    bool next(std::string_view& table, std::vector<std::string_view>& fields) {
        while (++line_ <= lines_.size()) {
            std::string_view line = lines_[line_ - 1];
            if (line.ends_with('\r')) line.remove_suffix(1);
            if (line.empty() || line.front() == '#') continue;
            if (line.starts_with("@table ")) {
                table_ = line.substr(7);
                header_pending_ = true;
                continue;
            }
            if (table_.empty()) fail("a row before the first '@table NAME' line");
            if (header_pending_) {  // the column names, checked by the caller's field count
                header_pending_ = false;
                continue;
            }
            table = table_;
            fields = split(line, '\t');
            return true;
        }
        return false;
    }

    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error("pos_model.tsv line " + std::to_string(line_) + ": " + what);
    }

    double number(std::string_view field) const {
        double value = 0;
        const auto [end, error] = std::from_chars(field.begin(), field.end(), value);
        if (error != std::errc() || end != field.end() || !(value >= 0))
            fail("'" + std::string(field) + "' is not a number");
        return value;
    }

  private:
    std::vector<std::string_view> lines_;
    std::size_t line_ = 0;
    std::string_view table_;
    bool header_pending_ = false;
};

}  // namespace

std::string_view name(PartOfSpeech part) {
    return kNames[static_cast<std::size_t>(part)];
}

WordNetPart wordnet_part(PartOfSpeech part) {
    switch (part) {
        case PartOfSpeech::Noun:
        case PartOfSpeech::PluralNoun:
            return WordNetPart::Noun;
        case PartOfSpeech::Verb:
        case PartOfSpeech::VerbPast:
        case PartOfSpeech::PastParticiple:
        case PartOfSpeech::Gerund:
        case PartOfSpeech::VerbThirdPerson:
            return WordNetPart::Verb;
        case PartOfSpeech::Adjective:
        case PartOfSpeech::Comparative:
        case PartOfSpeech::Superlative:
            return WordNetPart::Adjective;
        case PartOfSpeech::Adverb:
            return WordNetPart::Adverb;
        default:
            return WordNetPart::None;  // proper nouns too: WordNet's few are not for rewriting
    }
}

const PartOfSpeechTagger& PartOfSpeechTagger::builtin() {
    static const PartOfSpeechTagger tagger = parse(data::pos_model_tsv);
    return tagger;
}

PartOfSpeechTagger PartOfSpeechTagger::parse(std::string_view tsv) {
    PartOfSpeechTagger model;
    ModelReader reader(tsv);
    std::map<std::string, TagIndex, std::less<>> index_of;
    std::vector<double> weights, bigrams, trigrams;
    std::array<std::map<std::string, std::vector<std::pair<TagIndex, double>>>, kShapes> endings;
    const auto tag = [&](std::string_view name) {
        const auto it = index_of.find(name);
        if (it == index_of.end()) reader.fail("'" + std::string(name) + "' is not a listed tag");
        return it->second;
    };
    const auto expect = [&](const std::vector<std::string_view>& fields, std::size_t count) {
        if (fields.size() != count)
            reader.fail("expected " + std::to_string(count) + " tab-separated fields");
    };
    // "NN:12 VB:3": the tags of a word or an ending with their counts or probabilities.
    const auto tag_values = [&](std::string_view field) {
        std::vector<std::pair<TagIndex, double>> values;
        for (std::string_view item : split(field, ' ')) {
            const std::size_t colon = item.rfind(':');
            if (colon == std::string_view::npos)
                reader.fail("expected TAG:NUMBER, not '" + std::string(item) + "'");
            values.emplace_back(tag(item.substr(0, colon)), reader.number(item.substr(colon + 1)));
        }
        return values;
    };

    std::string_view table;
    std::vector<std::string_view> fields;
    while (reader.next(table, fields)) {
        const std::size_t n = index_of.size();
        if (table == "tags") {
            expect(fields, 3);
            const auto part = std::ranges::find(kNames, fields[1]);
            if (part == kNames.end())
                reader.fail("unknown part of speech '" + std::string(fields[1]) + "'");
            if (n > std::numeric_limits<TagIndex>::max()) reader.fail("too many tags");
            if (!index_of.emplace(fields[0], static_cast<TagIndex>(n)).second)
                reader.fail("tag '" + std::string(fields[0]) + "' listed twice");
            model.coarse_.push_back(static_cast<PartOfSpeech>(part - kNames.begin()));
            model.tag_frequency_.push_back(reader.number(fields[2]));
        } else if (table == "interpolation") {
            expect(fields, 2);
            weights.push_back(reader.number(fields[1]));
        } else if (table == "bigrams") {
            expect(fields, 3);
            if (bigrams.empty()) bigrams.assign(n * n, 0.0);
            bigrams[tag(fields[0]) * n + tag(fields[1])] += reader.number(fields[2]);
        } else if (table == "trigrams") {
            expect(fields, 4);
            if (trigrams.empty()) trigrams.assign(n * n * n, 0.0);
            trigrams[(tag(fields[0]) * n + tag(fields[1])) * n + tag(fields[2])] +=
                reader.number(fields[3]);
        } else if (table == "words") {
            expect(fields, 2);
            std::vector<TagCount> counts;
            for (const auto& [index, count] : tag_values(fields[1]))
                counts.push_back({index, static_cast<std::uint32_t>(count)});
            if (!model.words_.emplace(fields[0], std::move(counts)).second)
                reader.fail("word '" + std::string(fields[0]) + "' listed twice");
        } else if (table == "endings") {
            expect(fields, 3);
            const auto shape = std::ranges::find(kShapeNames, fields[0]);
            if (shape == kShapeNames.end())
                reader.fail("unknown shape '" + std::string(fields[0]) + "'");
            endings[shape - kShapeNames.begin()][std::string(fields[1])] = tag_values(fields[2]);
        } else {
            reader.fail("unknown table '" + std::string(table) + "'");
        }
    }

    const auto boundary = index_of.find(kBoundary);
    if (boundary == index_of.end()) reader.fail("no tag '<s>' (the sentence boundary)");
    if (weights.size() != 3) reader.fail("expected three interpolation weights");
    if (bigrams.empty() || trigrams.empty()) reader.fail("no bigram or trigram counts");
    model.boundary_ = boundary->second;

    // log P(c | a, b) = l1 P(c) + l2 P(c | b) + l3 P(c | a, b), as the script computes it.
    const std::size_t n = model.tag_count();
    double total = 0;
    for (double count : model.tag_frequency_) total += count;
    model.transitions_.assign(n * n * n, kImpossible);
    for (std::size_t a = 0; a < n; ++a) {
        for (std::size_t b = 0; b < n; ++b) {
            double after_b = 0, after_ab = 0;
            for (std::size_t c = 0; c < n; ++c) {
                after_b += bigrams[b * n + c];
                after_ab += trigrams[(a * n + b) * n + c];
            }
            for (std::size_t c = 0; c < n; ++c) {
                double p = weights[0] * model.tag_frequency_[c] / total;
                if (after_b > 0) p += weights[1] * bigrams[b * n + c] / after_b;
                if (after_ab > 0) p += weights[2] * trigrams[(a * n + b) * n + c] / after_ab;
                if (p > 0)
                    model.transitions_[(a * n + b) * n + c] = static_cast<float>(std::log(p));
            }
        }
    }
    for (std::size_t shape = 0; shape < kShapes; ++shape) {
        if (!endings[shape].contains(""))
            reader.fail("no ending distribution for shape '" + std::string(kShapeNames[shape]) +
                        "'");
        for (auto& [ending, values] : endings[shape]) {
            std::vector<TagScore> scores;
            for (const auto& [index, probability] : values) {
                const double prior = model.tag_frequency_[index] / total;
                if (probability > 0 && prior > 0)
                    scores.push_back({index, static_cast<float>(std::log(probability / prior))});
            }
            model.longest_ending_[shape] = std::max(model.longest_ending_[shape], ending.size());
            model.endings_[shape].emplace(ending, std::move(scores));
        }
    }
    return model;
}

std::vector<PartOfSpeechTagger::TagScore> PartOfSpeechTagger::emissions(
    const Observation& observation) const {
    // Known words: log P(word | tag). A capital opening a sentence may be the word's own (a
    // name) or the sentence's: both readings count.
    std::vector<TagCount> counts;
    const auto add = [&](std::string_view key) {
        const auto it = words_.find(key);
        if (it == words_.end()) return;
        for (const TagCount& count : it->second) {
            const auto same = std::ranges::find(counts, count.tag, &TagCount::tag);
            if (same == counts.end())
                counts.push_back(count);
            else
                same->count += count.count;
        }
    };
    add(observation.key);
    if (observation.shape == Initial) add(observation.lower);
    std::vector<TagScore> scores;
    for (const TagCount& count : counts) {
        scores.push_back(
            {count.tag, static_cast<float>(std::log(count.count / tag_frequency_[count.tag]))});
    }
    if (!scores.empty()) return scores;
    // Unknown words: P(tag | longest known ending) / P(tag), the same up to a constant.
    const auto& by_ending = endings_[observation.shape];
    const std::string_view lower = observation.lower;
    for (std::size_t length = std::min(longest_ending_[observation.shape], lower.size());;
         --length) {
        const auto it = by_ending.find(lower.substr(lower.size() - length));
        if (it != by_ending.end() && !it->second.empty()) return it->second;
        if (length == 0) break;
    }
    return {{boundary_, 0.0f}};  // unreachable with a valid model: every shape has a root
}

std::vector<PartOfSpeechTagger::TagIndex> PartOfSpeechTagger::decode(
    const std::vector<Observation>& observations) const {
    // Candidates per position: two boundaries before the sentence, one after.
    std::vector<std::vector<TagScore>> candidates;
    candidates.reserve(observations.size() + 3);
    candidates.push_back({{boundary_, 0.0f}});
    candidates.push_back({{boundary_, 0.0f}});
    for (const Observation& observation : observations)
        candidates.push_back(emissions(observation));
    candidates.push_back({{boundary_, 0.0f}});

    // best[j][q * |C| + r]: the best score of a path ending with candidate q at j-1 and r at
    // j; from[j][...]: its candidate at j-2.
    const std::size_t positions = candidates.size();
    std::vector<std::vector<float>> best(positions);
    std::vector<std::vector<std::uint8_t>> from(positions);
    best[1] = {0.0f};
    for (std::size_t j = 2; j < positions; ++j) {
        const auto& first = candidates[j - 2];
        const auto& second = candidates[j - 1];
        const auto& third = candidates[j];
        best[j].assign(second.size() * third.size(), kImpossible);
        from[j].assign(second.size() * third.size(), 0);
        for (std::size_t q = 0; q < second.size(); ++q) {
            for (std::size_t r = 0; r < third.size(); ++r) {
                float top = kImpossible;
                std::uint8_t argument = 0;
                for (std::size_t p = 0; p < first.size(); ++p) {
                    const float score = best[j - 1][p * second.size() + q] +
                                        transition(first[p].tag, second[q].tag, third[r].tag);
                    if (score > top) {
                        top = score;
                        argument = static_cast<std::uint8_t>(p);
                    }
                }
                best[j][q * third.size() + r] = top + third[r].log_probability;
                from[j][q * third.size() + r] = argument;
            }
        }
    }
    // Back from the closing boundary (one candidate).
    std::vector<std::size_t> chosen(positions, 0);
    const auto& last = best[positions - 1];
    chosen[positions - 2] = static_cast<std::size_t>(std::ranges::max_element(last) - last.begin());
    for (std::size_t j = positions - 1; j >= 2; --j)
        chosen[j - 2] = from[j][chosen[j - 1] * candidates[j].size() + chosen[j]];
    std::vector<TagIndex> tags;
    for (std::size_t j = 2; j + 1 < positions; ++j) tags.push_back(candidates[j][chosen[j]].tag);
    return tags;
}

std::vector<PartOfSpeech> PartOfSpeechTagger::tag(const Prose& prose,
                                                  const std::vector<Token>& tokens,
                                                  const Sentence& sentence) const {
    std::vector<PartOfSpeech> parts(sentence.end_token - sentence.first_token, PartOfSpeech::Other);
    std::vector<Observation> observations;
    std::vector<std::size_t> positions;  // of each observation in `parts`
    bool seen_word = false;
    for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
        const Token& token = tokens[i];
        const std::string_view text = prose.view(token.text);
        Observation observation;
        switch (token.kind) {
            case TokenKind::Word: {
                observation.key = written_key(text);
                observation.lower = std::string(token.norm);
                const bool capital = starts_with_capital(text);
                observation.shape = !capital ? Lower : seen_word ? Capital : Initial;
                seen_word = true;
                break;
            }
            case TokenKind::Number:
                observation = {std::string(kNumber), std::string(kNumber), Punct};
                break;
            case TokenKind::Punct:
                observation.key = punctuation_key(text);
                observation.lower = observation.key;
                observation.shape = Punct;
                break;
            default:
                continue;  // symbols, emoji, URLs: not prose the model has seen
        }
        observations.push_back(std::move(observation));
        positions.push_back(i - sentence.first_token);
    }
    if (observations.empty()) return parts;
    const std::vector<TagIndex> tags = decode(observations);
    for (std::size_t k = 0; k < tags.size(); ++k) parts[positions[k]] = coarse_[tags[k]];
    return parts;
}

}  // namespace fantasma
