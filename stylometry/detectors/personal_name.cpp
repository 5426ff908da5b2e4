#include "stylometry/detectors/personal_name.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>

#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/leaks/person_names.hpp"

namespace fantasma {
namespace {

// A name narrows the writer down to the people connected with that name.
constexpr double kNameBits = 6;
// A capitalised sentence-initial word this frequent in lower case ("However", "Today") is
// not taken for the first half of a name.
constexpr double kCommonWordPerMillion = 400;

constexpr std::string_view kGreetings[] = {"dear",      "hello", "hi",      "hey",     "thanks",
                                           "yesterday", "today", "tonight", "tomorrow"};
constexpr std::string_view kPlacePrepositions[] = {"in", "at", "from", "near"};
constexpr std::string_view kMonthAbbreviations[] = {"jan", "feb", "mar",  "apr", "jun", "jul",
                                                    "aug", "sep", "sept", "oct", "nov", "dec"};

bool is_in(std::string_view word, const auto& list) {
    return std::ranges::find(list, word) != std::end(list);
}

// The prose spans of headings and titles, where every word may be capitalised.
std::vector<Span> headings(const Document& document) {
    std::vector<Span> spans;
    for (const Block& block : document.prose.blocks) {
        if (block.kind == BlockKind::Heading || block.kind == BlockKind::Title) {
            spans.push_back(block.text);
        }
    }
    return spans;
}

// Whether a capitalised sentence-initial word is just the sentence's opening rather than the
// first half of a name.
bool opens_sentence(const Reference& reference, std::string_view word) {
    return reference.is_function_word(word) || is_in(word, kGreetings) ||
           reference.word_per_million(word) >= kCommonWordPerMillion;
}

// "black elk's" and "black elk" are the same name.
std::string without_possessive(std::string name) {
    if (name.ends_with("'s")) name.resize(name.size() - 2);
    return name;
}

// Whether the capitalised run [begin, end) reads as a person's name: real first names and
// surnames decide (leaks::looks_like_person), so "Kafka Streams", "Xeon Gold" and "Google
// Test" are not people, "Maria Chen" and "Tomasz Lindqvist" are.
bool is_name(const Document& document, const Reference& reference, std::size_t begin,
             std::size_t end) {
    const std::vector<Token>& tokens = document.tokens();
    // "F. Scott Fitzgerald", "J. R. R. Tolkien": the initials before the name decide nothing.
    while (end - begin > 2 && tokens[begin].norm.size() == 1 &&
           document.text(tokens[begin + 1].text) == ".") {
        begin += 2;
    }
    std::vector<std::string> lower_words;
    std::vector<std::string_view> shown;
    bool common_only = true, institution = false;
    for (std::size_t i = begin; i < end; ++i) {
        if (!lexical::is_word(tokens[i])) continue;
        const std::string_view word = tokens[i].norm;
        lower_words.emplace_back(without_possessive(std::string(word)));
        shown.push_back(document.text(tokens[i].text));
        if (shown.back().ends_with("'s")) shown.back().remove_suffix(2);
        common_only = common_only && lexical::is_common_capitalised(word);
        institution = institution || leaks::is_institution_word(word);
    }
    if (common_only || institution || reference.is_function_word(tokens[begin].norm)) {
        return false;
    }
    return leaks::looks_like_person(lower_words, shown, leaks::PersonNames::builtin(), reference);
}

// "1981", "2007a": a year as author-year citations give it.
bool is_year(std::string_view text) {
    if (text.size() == 5 && std::isalpha(static_cast<unsigned char>(text.back()))) {
        text.remove_suffix(1);
    }
    if (text.size() != 4 ||
        !std::ranges::all_of(text, [](char c) { return c >= '0' && c <= '9'; })) {
        return false;
    }
    return text >= "1500" && text <= "2099";
}

// "Raup and Stanley, 1981", "Newkirk (2007)", "Smith et al.": an author-year citation names
// the authors of a cited work, not the writer or the people around them (self-citation has
// its own detector).
bool is_cited(const Document& document, std::size_t end, std::size_t sentence_end) {
    const std::vector<Token>& tokens = document.tokens();
    const auto text = [&](std::size_t i) { return document.text(tokens[i].text); };
    std::size_t at = end;
    if (at < sentence_end && (tokens[at].norm == "and" || text(at) == "&")) {
        const std::size_t after = lexical::capitalised_run(document, at + 1, sentence_end);
        if (after > at + 1) at = after;
    }
    if (at < sentence_end && tokens[at].norm == "et") return true;
    if (at < sentence_end && (text(at) == "," || text(at) == "(" || text(at) == "[")) ++at;
    return at < sentence_end && tokens[at].kind == TokenKind::Number && is_year(text(at));
}

// Words that tie the writer to the people a paragraph names: the first person ("my friend
// Maria", "we met Dr. Smith") and thanks or credit ("thanks to", "reviewed by").
constexpr std::string_view kWriterTies[] = {"i",
                                            "me",
                                            "my",
                                            "mine",
                                            "myself",
                                            "we",
                                            "us",
                                            "our",
                                            "ours",
                                            "ourselves",
                                            "thank",
                                            "thanks",
                                            "thanked",
                                            "grateful",
                                            "gratitude",
                                            "acknowledge",
                                            "acknowledged",
                                            "acknowledgement",
                                            "acknowledgements",
                                            "acknowledgment",
                                            "acknowledgments",
                                            "reviewed",
                                            "revised",
                                            "helpful",
                                            "suggestions",
                                            "contributed",
                                            "contributions",
                                            "supported",
                                            "courtesy",
                                            "credit",
                                            "credits"};
// Fields that name a text's writer or sender: "Author: …", "From: …".
constexpr std::string_view kWriterFields[] = {"author", "authors", "from", "by"};

// Whether the paragraph `paragraph` ties the writer to the people it names. A name in a
// paragraph that only talks about people ("Fitzgerald uses …", "read Nick Coghlan's Q & A",
// "after Randal L. Schwartz, who popularised it") is the topic, a cited author or a character:
// it tells a reader what the text is about, not who wrote it.
bool ties_writer(const Document& document, Span paragraph) {
    const std::vector<Token>& tokens = document.tokens();
    auto at = std::ranges::lower_bound(tokens, paragraph.begin, std::less<>{},
                                       [](const Token& t) { return t.text.begin; });
    for (; at != tokens.end() && at->text.begin < paragraph.end; ++at) {
        if (!lexical::is_word(*at)) continue;
        if (is_in(at->norm, kWriterTies)) return true;
        const auto next = std::next(at);
        if (is_in(at->norm, kWriterFields) && next != tokens.end() &&
            document.text(next->text) == ":") {
            return true;
        }
    }
    return false;
}

// The paragraph (block) holding `span`, or `span` itself outside every block.
Span paragraph_of(const Document& document, Span span) {
    const std::vector<Block>& blocks = document.prose.blocks;
    const auto after = std::ranges::upper_bound(blocks, span.begin, std::less<>{},
                                                [](const Block& b) { return b.text.begin; });
    if (after == blocks.begin()) return span;
    const Span block = std::prev(after)->text;
    return block.end >= span.end ? block : span;
}

}  // namespace

void PersonalName::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const Reference& reference = context.reference;
    const std::vector<Token>& tokens = document.tokens();
    std::vector<Marker> markers;
    std::map<std::string, std::size_t> marker_of;  // lower-cased name -> index in markers

    std::map<std::string, std::size_t> part_of;  // one word of a flagged full name -> marker
    auto report = [&](std::size_t begin, std::size_t end) {
        const Span span{tokens[begin].text.begin, tokens[end - 1].text.end};
        const std::string name = without_possessive(lexical::joined_words(tokens, begin, end));
        const auto is_public = [&](const std::string& word) {
            return std::ranges::find(context.public_names, word) != context.public_names.end();
        };
        if (is_public(name) || is_public(std::string(tokens[begin].norm))) return;
        const auto [found, fresh] = marker_of.try_emplace(name, markers.size());
        if (end - begin > 1) {
            part_of.try_emplace(std::string(tokens[begin].norm), found->second);
            part_of.try_emplace(without_possessive(std::string(tokens[end - 1].norm)),
                                found->second);
        }
        if (!fresh) return markers[found->second].spans.push_back(span);
        markers.push_back(lexical::identity_marker(
            code(), {span},
            "\"" + std::string(document.text(span)) +
                "\" looks like a person's name. Your own name, or those of your family, friends "
                "or colleagues, can tell a reader who wrote this.",
            kNameBits));
    };

    const std::vector<Span> heading_spans = headings(document);
    Span last_paragraph{0, 0};
    bool tied = false;
    for (const Sentence& sentence : document.sentences()) {
        const bool in_heading = std::ranges::any_of(
            heading_spans, [&](Span heading) { return heading.overlaps(sentence.text); });
        if (in_heading || lexical::is_title_case(document, sentence)) continue;
        // Sentences come in order: each paragraph is read once.
        const Span paragraph = paragraph_of(document, sentence.text);
        if (paragraph != last_paragraph) {
            last_paragraph = paragraph;
            tied = ties_writer(document, paragraph);
        }
        if (!tied) continue;
        const std::size_t first = lexical::first_word(tokens, sentence);
        for (std::size_t i = first; i < sentence.end_token; ++i) {
            // "Dr. Smith", "Aunt May": a title makes the next capitalised word a name, even at
            // the start of a sentence.
            const std::size_t after_title =
                i +
                (i + 1 < sentence.end_token && document.text(tokens[i + 1].text) == "." ? 2 : 1);
            if (lexical::is_word(tokens[i]) && lexical::is_title(tokens[i].norm)) {
                const std::size_t end =
                    lexical::capitalised_run(document, after_title, sentence.end_token);
                if (end > after_title && lexical::starts_upper(document.text(tokens[i].text))) {
                    report(i, end);
                    i = end - 1;
                    continue;
                }
            }
            std::size_t begin = i;
            const std::size_t end = lexical::capitalised_run(document, begin, sentence.end_token);
            if (end == begin) continue;
            // At the start of a sentence every word is capitalised: a greeting or a common
            // word there ("Dear Jane", "Later Jane Doe") is not part of the name, and a lone
            // word may be an imperative ("Ping a member"). A lone first name there is still
            // marked when the full name is flagged elsewhere (below).
            // "F. Scott Fitzgerald": an initial opens the name, not just the sentence.
            const bool opens_with_initial = end - begin > 2 && tokens[begin].norm.size() == 1 &&
                                            document.text(tokens[begin + 1].text) == ".";
            if (begin == first && !opens_with_initial &&
                (end - begin == 1 || opens_sentence(reference, tokens[begin].norm) ||
                 !is_name(document, reference, begin, end))) {
                ++begin;
            }
            // "Cherry-pick", "Mac-only": a word joined by a hyphen is not a name on its own;
            // nor is a month's abbreviation before a day ("Jan 27").
            const bool hyphenated = end - begin == 1 && end < sentence.end_token &&
                                    document.text(tokens[end].text) == "-";
            const bool date = end - begin == 1 && end < sentence.end_token &&
                              is_in(tokens[begin].norm, kMonthAbbreviations) &&
                              tokens[end].kind == TokenKind::Number;
            const bool after_place_word =
                begin > first && is_in(tokens[begin - 1].norm, kPlacePrepositions);
            // "X-Ray Absorptiometry": the end of a hyphenated word does not start a name.
            const bool after_hyphen = begin > first &&
                                      document.text(tokens[begin - 1].text) == "-" &&
                                      tokens[begin - 1].text.end == tokens[begin].text.begin;
            // "the Stanford heart transplant study": a lone name after "the" names a thing
            // (a university, a study, a river), not a person.
            const bool after_article =
                end - begin == 1 && begin > first && tokens[begin - 1].norm == "the";
            if (begin < end && !after_place_word && !after_hyphen && !after_article &&
                !hyphenated && !date && !is_cited(document, end, sentence.end_token) &&
                is_name(document, reference, begin, end)) {
                report(begin, end);
            }
            i = end - 1;
        }
    }
    // "Maria Chen ... Chen's model ... Maria": each other mention of a flagged name, alone,
    // is the same person (related locations in an editor), not a name of its own.
    std::vector<bool> merged(markers.size(), false);
    for (const auto& [name, index] : marker_of) {
        const auto whole = part_of.find(name);
        if (whole != part_of.end() && whole->second != index) merged[index] = true;
    }
    for (const Token& token : tokens) {
        if (!lexical::is_word(token) || !lexical::starts_upper(document.text(token.text))) continue;
        const auto found = part_of.find(without_possessive(std::string(token.norm)));
        if (found == part_of.end()) continue;
        std::vector<Span>& spans = markers[found->second].spans;
        if (std::ranges::none_of(spans, [&](Span s) { return s.overlaps(token.text); })) {
            spans.push_back(token.text);
        }
    }
    for (std::size_t i = 0; i < markers.size(); ++i) {
        if (merged[i]) continue;
        std::vector<Span>& spans = markers[i].spans;
        std::ranges::sort(spans.begin() + 1, spans.end(),
                          [](Span a, Span b) { return a.begin < b.begin; });
        sink.mark(std::move(markers[i]));
    }
}

}  // namespace fantasma
