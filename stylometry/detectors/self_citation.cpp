#include "stylometry/detectors/self_citation.hpp"

#include <algorithm>
#include <cctype>

#include "stylometry/detectors/common/lexical.hpp"

namespace fantasma {
namespace {

constexpr std::size_t npos = std::string_view::npos;
// With the citation, a reviewer has the authors' names.
constexpr double kSelfCitationBits = 10;

// Phrases that claim earlier work as the writers' own whatever follows them.
constexpr std::string_view kOwnWork[] = {"our previous work",
                                         "our prior work",
                                         "our earlier work",
                                         "our recent work",
                                         "our previous paper",
                                         "our prior paper",
                                         "our earlier paper",
                                         "our recent paper",
                                         "our previous study",
                                         "our earlier study",
                                         "our prior study",
                                         "our previous system",
                                         "our earlier system",
                                         "our prior system",
                                         "our previous version",
                                         "our earlier version",
                                         "our preliminary version",
                                         "our preliminary work",
                                         "our workshop paper",
                                         "our conference paper",
                                         "our previous tool",
                                         "our earlier tool",
                                         "our previous prototype",
                                         "our earlier prototype",
                                         "our group's",
                                         "our lab's",
                                         "our group has",
                                         "our lab has",
                                         "our own previous",
                                         "our own earlier",
                                         "our own prior",
                                         "our previous results",
                                         "our earlier results",
                                         "our previous findings",
                                         "our earlier findings",
                                         "our previous approach",
                                         "our earlier approach",
                                         "our previous implementation"};
// Phrases that point at the writers' earlier work only when a citation follows in the same
// sentence: "as we showed in Section 3" is about this paper.
constexpr std::string_view kWithCitation[] = {
    "as we showed",       "as we have shown",        "as we reported",     "as we have reported",
    "as we demonstrated", "as we have demonstrated", "as we described",    "as we proposed",
    "as we found",        "we previously",           "we have previously", "we had previously",
    "we earlier",         "we reported earlier",     "we showed earlier",  "we have earlier",
    "extends our",        "extending our",           "builds on our",      "building on our",
    "in our prior",       "in our earlier",          "in our previous"};

// Citations in the source: LaTeX \cite-like commands, Pandoc [@key], numeric [3].
bool cites(std::string_view source) {
    if (source.find("\\cite") != npos || source.find("cite{") != npos ||
        source.find("[@") != npos || source.find("; @") != npos) {
        return true;
    }
    for (std::size_t at = source.find('['); at != npos; at = source.find('[', at + 1)) {
        if (at + 1 < source.size() && std::isdigit(static_cast<unsigned char>(source[at + 1])))
            return true;
    }
    return false;
}

// A phrase about this very paper: "as we showed in Section 3", "... above".
bool about_this_paper(std::string_view after) {
    for (std::string_view pointer :
         {"section", "sec.", "figure", "fig.", "table", "chapter", "appendix", "above", "below",
          "earlier in", "here", "in this", "theorem", "lemma", "eq"}) {
        const std::size_t at = after.find(pointer);
        if (at != npos && at < 12) return true;
    }
    return false;
}

// `text` with each run of blanks as one space, for quoting in a message.
std::string as_one_line(std::string_view text) {
    std::string line;
    for (char c : text) {
        const bool blank = std::isspace(static_cast<unsigned char>(c)) != 0;
        if (blank && !line.empty() && line.back() == ' ') continue;
        line += blank ? ' ' : c;
    }
    return line;
}

}  // namespace

void SelfCitation::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const Prose& prose = document.prose;
    const std::vector<Token>& tokens = document.tokens();
    for (const Sentence& sentence : document.sentences()) {
        // Every phrase has "our" or "we" in it: most sentences are passed over here.
        const bool first_person = std::any_of(
            tokens.begin() + static_cast<std::ptrdiff_t>(sentence.first_token),
            tokens.begin() + static_cast<std::ptrdiff_t>(sentence.end_token),
            [](const Token& token) { return token.norm == "our" || token.norm == "we"; });
        if (!first_person) continue;
        // Lower case, each run of blanks (a line break in the source) one space; `at` maps
        // back to the sentence's offsets.
        const std::string_view text = document.text(sentence.text);
        std::string lower;
        std::vector<std::size_t> at;
        for (std::size_t i = 0; i < text.size(); ++i) {
            const bool blank = std::isspace(static_cast<unsigned char>(text[i])) != 0;
            if (blank && !lower.empty() && lower.back() == ' ') continue;
            lower +=
                blank ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
            at.push_back(i);
        }
        at.push_back(text.size());
        // Any citation written inside the sentence or right after it (before the next one).
        const Span source_span = prose.to_source(sentence.text);
        const std::size_t source_end = std::min(document.source.size(), source_span.end + 30);
        const bool has_citation =
            cites(document.source.substr(source_span.begin, source_end - source_span.begin));
        std::vector<Span> taken;
        auto find = [&](std::string_view phrase, bool needs_citation) {
            for (std::size_t from = lower.find(phrase); from != npos;
                 from = lower.find(phrase, from + 1)) {
                const std::size_t end = from + phrase.size();
                const bool starts =
                    from == 0 || !std::isalpha(static_cast<unsigned char>(lower[from - 1]));
                const bool ends = end >= lower.size() ||
                                  !std::isalpha(static_cast<unsigned char>(lower[end])) ||
                                  phrase.back() == '\'' || phrase.ends_with("'s");
                if (!starts || !ends) continue;
                if (needs_citation &&
                    (!has_citation || about_this_paper(std::string_view(lower).substr(end)))) {
                    continue;
                }
                const Span span{sentence.text.begin + at[from],
                                sentence.text.begin + at[end - 1] + 1};
                if (std::ranges::any_of(taken, [&](Span t) { return t.overlaps(span); })) continue;
                taken.push_back(span);
                sink.mark(lexical::identity_marker(
                    code(), {span},
                    "\"" + as_one_line(document.text(span)) +
                        "\" claims the cited work as your own: a reviewer who looks the "
                        "citation up has your names. Cite it in the third person (\"Chen et "
                        "al. [3] showed\").",
                    kSelfCitationBits));
            }
        };
        for (std::string_view phrase : kOwnWork) find(phrase, false);
        for (std::string_view phrase : kWithCitation) find(phrase, true);
    }
}

}  // namespace fantasma
