#include "stylometry/rewrite/phrase_table.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "fantasma_stylometry_embedded.hpp"
#include "stylometry/technical_words.hpp"
#include "stylometry/text/part_of_speech.hpp"

namespace fantasma {

namespace {

constexpr std::string_view kHeader = "phrase\treplacement\tkind";

bool is_lower_word_text(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(),
                                        [](char c) { return (c >= 'a' && c <= 'z') || c == ' '; });
}

std::vector<std::string> split_words(std::string_view phrase) {
    std::vector<std::string> words;
    std::size_t at = 0;
    while (at <= phrase.size()) {
        const std::size_t space = std::min(phrase.find(' ', at), phrase.size());
        words.emplace_back(phrase.substr(at, space - at));
        at = space + 1;
    }
    return words;
}

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool is_upper(char c) {
    return c >= 'A' && c <= 'Z';
}

// Whether the prose between two tokens is whitespace only (no punctuation, no line break
// between blocks is possible: sentences never cross one).
bool only_space_between(std::string_view text, Span left, Span right) {
    if (right.begin <= left.end) return false;
    const std::string_view between = text.substr(left.end, right.begin - left.end);
    return std::all_of(between.begin(), between.end(), is_space);
}

// The replacement in the casing of the matched words: capitalised when they open with a
// capital and have no other; nullopt when another capital is among them.
std::optional<std::string> cased(std::string_view matched, std::string_view replacement) {
    if (std::any_of(matched.begin() + 1, matched.end(), is_upper)) return std::nullopt;
    std::string text(replacement);
    if (is_upper(matched.front())) text.front() = static_cast<char>(text.front() - 'a' + 'A');
    return text;
}

}  // namespace

const PhraseTable& PhraseTable::builtin() {
    static const PhraseTable table = parse(data::phrase_replacements_tsv);
    return table;
}

PhraseTable PhraseTable::parse(std::string_view tsv) {
    PhraseTable table;
    bool in_table = false;
    std::size_t line_number = 0;
    std::size_t at = 0;
    while (at < tsv.size()) {
        const std::size_t end = std::min(tsv.find('\n', at), tsv.size());
        const std::string_view line = tsv.substr(at, end - at);
        at = end + 1;
        ++line_number;
        const auto fail = [&](const std::string& what) {
            throw std::runtime_error("phrase_replacements.tsv line " + std::to_string(line_number) +
                                     ": " + what);
        };
        if (line.empty() || line.front() == '#') continue;
        if (!in_table) {
            if (line != "@table phrase_replacements") fail("expected '@table phrase_replacements'");
            in_table = true;
            if (tsv.substr(at).substr(0, kHeader.size()) != kHeader) {
                fail("expected the header 'phrase<TAB>replacement<TAB>kind' next");
            }
            at = std::min(tsv.find('\n', at), tsv.size()) + 1;
            ++line_number;
            continue;
        }
        const std::size_t tab = line.find('\t');
        const std::size_t second_tab = line.find('\t', tab == line.npos ? tab : tab + 1);
        if (tab == line.npos || second_tab == line.npos) fail("expected three columns");
        const std::string_view phrase = line.substr(0, tab);
        const std::string_view replacement = line.substr(tab + 1, second_tab - tab - 1);
        const std::string_view kind = line.substr(second_tab + 1);
        if (!is_lower_word_text(phrase) || phrase.find("  ") != phrase.npos ||
            phrase.front() == ' ' || phrase.back() == ' ') {
            fail("a phrase is lower-case words separated by one space");
        }
        if (!is_lower_word_text(replacement)) fail("a replacement is lower-case words");
        if (kind != "wordy" && kind != "regional") fail("the kind is 'wordy' or 'regional'");
        PhraseReplacement entry{split_words(phrase), std::string(replacement)};
        auto& list = table.by_first_word_[entry.words.front()];
        if (std::any_of(list.begin(), list.end(),
                        [&](const PhraseReplacement& e) { return e.words == entry.words; })) {
            fail("'" + std::string(phrase) + "' is listed twice");
        }
        list.push_back(std::move(entry));
    }
    if (!in_table) throw std::runtime_error("phrase_replacements.tsv: no table");
    for (auto& [first, list] : table.by_first_word_) {
        std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
            return a.words.size() > b.words.size();
        });
    }
    return table;
}

std::size_t PhraseTable::size() const {
    std::size_t count = 0;
    for (const auto& [first, list] : by_first_word_) count += list.size();
    return count;
}

std::vector<TextEdit> PhraseTable::edits(const Document& document) const {
    const std::vector<Token>& tokens = document.tokens();
    const std::string_view text = document.prose.text;
    std::vector<TextEdit> edits;
    for (const Sentence& sentence : document.sentences()) {
        std::vector<PartOfSpeech> parts;  // tagged once a phrase that shortens to "to" needs it
        for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
            if (tokens[i].kind != TokenKind::Word) continue;
            const auto found = by_first_word_.find(tokens[i].norm);
            if (found == by_first_word_.end()) continue;
            for (const PhraseReplacement& entry : found->second) {
                const std::size_t last = i + entry.words.size() - 1;
                if (last >= sentence.end_token) continue;
                bool matches = true;
                for (std::size_t k = 1; k < entry.words.size() && matches; ++k) {
                    const Token& token = tokens[i + k];
                    matches = token.kind == TokenKind::Word && token.norm == entry.words[k] &&
                              only_space_between(text, tokens[i + k - 1].text, token.text);
                }
                // "off of" inside "the trade-off of" is no phrase: a compound's part is not a
                // word of the sentence's own.
                if (!matches || is_hyphen_joined(text, tokens[i].text) ||
                    is_hyphen_joined(text, tokens[last].text)) {
                    continue;
                }
                // After a noun a bare "to" would read as the noun's ("respect in order to
                // realize" is no "respect to realize"; an EBG essay, judged worse).
                if (entry.replacement == "to" && i > sentence.first_token) {
                    if (parts.empty())
                        parts = PartOfSpeechTagger::builtin().tag(document.prose, tokens, sentence);
                    if (wordnet_part(parts[i - 1 - sentence.first_token]) == WordNetPart::Noun)
                        continue;
                }
                const Span prose_span(tokens[i].text.begin, tokens[last].text.end);
                const std::optional<std::string> replacement =
                    cased(document.text(prose_span), entry.replacement);
                const Span source = document.prose.to_source(prose_span);
                // Only verbatim prose: the source must read as the prose does.
                if (replacement && source.end <= document.source.size() &&
                    document.source.substr(source.begin, source.size()) ==
                        document.text(prose_span)) {
                    edits.push_back(TextEdit{source, *replacement, "phrase-table"});
                }
                i = last;
                break;
            }
        }
    }
    return edits;
}

}  // namespace fantasma
