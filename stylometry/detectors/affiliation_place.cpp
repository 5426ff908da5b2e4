#include "stylometry/detectors/affiliation_place.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "stylometry/detectors/common/lexical.hpp"

namespace fantasma {
namespace {

struct Cue {
    std::string_view words;
    double bits;      // how much the mention narrows the writer down
    bool needs_name;  // followed by a capitalised name, or a mention on its own
};

// Longer cues first, so "work at" wins over "at". Saying where you work, study or live names
// a small group; a bare "in Manchester" may be any place (and in papers, HOWTOs and essays is
// a journal, a data set, a program or a subject: issue 13's labels found none of 31 the
// writer's), so it only joins a place the writer has already placed themselves at; "my
// university" only hints.
// clang-format off
constexpr Cue kCues[] = {
    {"grew up in", 6, true}, {"was born in", 6, true}, {"work at", 6, true},
    {"work for", 6, true}, {"works at", 6, true}, {"works for", 6, true}, {"worked at", 6, true},
    {"worked for", 6, true}, {"working at", 6, true}, {"working for", 6, true},
    {"employed by", 6, true}, {"employed at", 6, true}, {"job at", 6, true},
    {"intern at", 6, true}, {"study at", 6, true}, {"studied at", 6, true},
    {"studying at", 6, true}, {"student at", 6, true}, {"professor at", 6, true},
    {"lab at", 6, true}, {"live in", 6, true}, {"lives in", 6, true}, {"lived in", 6, true},
    {"living in", 6, true}, {"born in", 6, true}, {"raised in", 6, true}, {"based in", 6, true},
    {"moved to", 6, true}, {"here in", 6, true}, {"at", 3, true}, {"in", 3, true}, {"from", 3, true}, {"near", 3, true},
    {"my university", 2, false}, {"my company", 2, false}, {"my employer", 2, false},
    {"my lab", 2, false}, {"our lab", 2, false}, {"my office", 2, false},
    {"my hometown", 2, false}, {"my college", 2, false}, {"my department", 2, false},
    {"our company", 2, false}};
// clang-format on

// Whether the writer speaks of themselves before token `at` in the sentence ("I grew up in",
// "we are based in", "our lab at"): a cue about someone else ("subjects living in Olmsted
// County", "sockets were invented in Berkeley") places them, not the writer.
bool first_person_before(const Document& document, const Sentence& sentence, std::size_t at) {
    static constexpr std::string_view kFirstPerson[] = {"i",     "we",  "my",   "our",  "me",
                                                        "us",    "i'm", "i've", "i'd",  "we're",
                                                        "we've", "i’m", "i’ve", "we’re"};
    const std::vector<Token>& tokens = document.tokens();
    for (std::size_t i = sentence.first_token; i < at; ++i) {
        if (std::ranges::find(kFirstPerson, tokens[i].norm) != std::end(kFirstPerson)) return true;
    }
    return false;
}

// Whether a preposition and a capitalised name follow `at` ("... at MIT").
bool named_next(const Document& document, std::size_t at, std::size_t end) {
    const std::vector<Token>& tokens = document.tokens();
    return at + 1 < end && lexical::is_word(tokens[at]) &&
           (tokens[at].norm == "at" || tokens[at].norm == "in" || tokens[at].norm == "of") &&
           lexical::capitalised_run(document, at + 1, end) > at + 1;
}

// "PyPI", "GitHub", "NeweyWest": a capital after a lower-case letter names a product or an
// identifier, not a place.
bool has_inner_capital(std::string_view word) {
    for (std::size_t i = 1; i < word.size(); ++i) {
        if (word[i] >= 'A' && word[i] <= 'Z' && word[i - 1] >= 'a' && word[i - 1] <= 'z')
            return true;
    }
    return false;
}

bool is_all_caps_or_letter(std::string_view word) {
    std::size_t letters = 0;
    for (const char c : word) {
        if (c >= 'a' && c <= 'z') return false;
        letters += (c >= 'A' && c <= 'Z') ? 1 : 0;
    }
    return letters > 0;
}

// How often each capitalised word occurs in the document, counted on the first question
// (most documents have no candidate place at all): one pass, where counting a name's uses
// afresh for each candidate would make a long text's cost grow with its square.
class CapitalisedUses {
  public:
    explicit CapitalisedUses(const Document& document) : document_(document) {}

    std::size_t of(std::string_view word) {
        if (!counted_) {
            for (const Token& token : document_.tokens()) {
                const std::string_view text = document_.text(token.text);
                if (lexical::is_word(token) && lexical::starts_upper(text)) ++uses_[text];
            }
            counted_ = true;
        }
        const auto found = uses_.find(word);
        return found == uses_.end() ? 0 : found->second;
    }

  private:
    const Document& document_;
    bool counted_ = false;
    std::unordered_map<std::string_view, std::size_t> uses_;
};

bool starts_with_digit(std::string_view text) {
    return !text.empty() && text.front() >= '0' && text.front() <= '9';
}

// After a bare "in", "at", "from" or "near", a capitalised word is as often a language, a
// format, a cross-reference or a citation as a place ("in R", "in JSON", "in Equations 3
// and 4", "from CRAN", "in Bonadonna (1976)", "in \proglang{Julia}"). The name [at, end)
// stays a place only when it is none of those and is not the document's own subject.
bool reads_as_place(const Document& document, std::size_t at, std::size_t end,
                    CapitalisedUses& capitalised_uses) {
    const std::vector<Token>& tokens = document.tokens();
    const std::string_view first = document.text(tokens[at].text);
    // A single letter or an acronym: a language, a format, an archive, a constant.
    if (end == at + 1 && is_all_caps_or_letter(first)) return false;
    if (has_inner_capital(first)) return false;
    // A possessive ("in Python's", "from Steven Johnson's NLopt"): whose, not where.
    for (std::size_t i = at; i < end; ++i) {
        if (tokens[i].norm.ends_with("'s")) return false;
    }
    // An argument of a LaTeX command (\proglang{R}, \code{NeweyWest}).
    const std::size_t source_begin = document.prose.to_source(tokens[at].text).begin;
    if (source_begin > 0 && document.source[source_begin - 1] == '{') return false;
    if (end < tokens.size()) {
        const Token& next = tokens[end];
        const std::string_view next_text = document.text(next.text);
        // A path ("Meta/notes.txt"), a cross-reference ("Equations 3"), a citation
        // ("Bonadonna (1976)", "Bonadonna et al.").
        if (!next.space_before && (next_text == "/" || next_text == "\\")) return false;
        const bool number_next = starts_with_digit(next_text);
        const bool year_next = next_text == "(" && end + 1 < tokens.size() &&
                               starts_with_digit(document.text(tokens[end + 1].text));
        if (number_next || year_next || next.norm == "et") return false;
        // A modifier ("in Bayesian statistics", "from Mexican territory", "in Python code").
        if (lexical::is_word(next) && next.space_before && !next_text.empty() &&
            next_text[0] >= 'a' && next_text[0] <= 'z') {
            static constexpr std::string_view joins[] = {
                "and", "or",   "but", "where", "when", "while", "with", "for",   "to",    "on",
                "in",  "at",   "as",  "is",    "was",  "are",   "were", "since", "until", "because",
                "so",  "then", "who", "which", "that", "i",     "we",   "he",    "she",   "they"};
            if (std::ranges::find(joins, next.norm) == std::end(joins)) return false;
        }
    }
    // The document's subject: a name it repeats (a programming language, a country an essay
    // is about) is not where the writer lives or works. (The name starts with a capital
    // letter: capitalised_run found it.)
    return capitalised_uses.of(first) < 3;
}

std::string describe(const Cue& cue, std::string_view mention) {
    // Appended rather than `"\"" + std::string(mention) + ...`, which GCC 12 at -O3 warns about
    // (a false -Wrestrict positive that breaks Release builds with -Werror).
    std::string quoted;
    quoted.reserve(mention.size() + 2);
    quoted.append(1, '"').append(mention).append(1, '"');
    if (!cue.needs_name) {
        return quoted +
               " hints at where you work or study; with other details it narrows down "
               "who you are.";
    }
    if (cue.bits < 4) {
        return quoted +
               " names a place, an organisation or a person, which may tell a reader where "
               "you live, work or come from.";
    }
    return quoted +
           " says where you work, study or live: that narrows the writer down to the "
           "people there.";
}

}  // namespace

void AffiliationPlace::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const std::vector<Token>& tokens = document.tokens();
    std::vector<Marker> markers;
    std::map<std::string, std::size_t> marker_of;  // lower-cased place -> index in markers

    std::vector<std::string_view> cue_words;
    for (const Cue& cue : kCues) cue_words.push_back(cue.words);
    const lexical::PhraseIndex index(cue_words);
    CapitalisedUses capitalised_uses(document);
    for (const Sentence& sentence : document.sentences()) {
        if (lexical::is_title_case(document, sentence)) continue;
        for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
            for (const std::size_t cue_at : index.starting_with(tokens[i].norm)) {
                const Cue& cue = kCues[cue_at];
                const std::size_t length =
                    lexical::match_phrase(tokens, i, sentence.end_token, cue.words);
                if (length == 0) continue;
                std::size_t end = i + length;
                // "our lab at MIT" is better reported by its named cue, "lab at".
                if (!cue.needs_name && named_next(document, end, sentence.end_token)) continue;
                const bool bare = cue.needs_name && cue.bits < 4;
                if (cue.needs_name) {
                    end = lexical::capitalised_run(document, i + length, sentence.end_token);
                    if (end == i + length ||
                        context.reference.is_function_word(tokens[i + length].norm) ||
                        lexical::is_common_capitalised(tokens[i + length].norm) ||
                        (bare && !reads_as_place(document, i + length, end, capitalised_uses)) ||
                        (!bare && !first_person_before(document, sentence, i))) {
                        continue;
                    }
                }
                const Span span{tokens[i].text.begin, tokens[end - 1].text.end};
                const std::string key =
                    lexical::joined_words(tokens, cue.needs_name ? i + length : i, end);
                if (bare && !marker_of.contains(key)) continue;
                const auto [found, fresh] = marker_of.try_emplace(key, markers.size());
                if (fresh) {
                    markers.push_back(lexical::identity_marker(
                        code(), {span}, describe(cue, document.text(span)), cue.bits));
                } else {
                    Marker& marker = markers[found->second];
                    marker.spans.push_back(span);
                    marker.bits = marker.population_bits = std::max(marker.bits, cue.bits);
                }
                i = end - 1;
                break;
            }
        }
    }
    for (Marker& marker : markers) sink.mark(std::move(marker));
}

}  // namespace fantasma
