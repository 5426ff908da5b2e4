#include "stylometry/detectors/capitalization.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

#include "stylometry/detectors/common/layout.hpp"
#include "stylometry/detectors/common/style_choice.hpp"
#include "stylometry/technical_words.hpp"

namespace fantasma {
namespace {

enum Habit : std::size_t { Emphasis, LowercaseI, LowercaseStart };

struct HabitInfo {
    std::string_view feature;
    std::string_view writers_who;  // completes "N% of reference writers ..."
    std::string_view message;
};
constexpr std::array<HabitInfo, 3> kHabits = {{
    {"caps.emphasis", "write words in capitals this often",
     "A word in capitals for emphasis stands out in anyone's writing."},
    {"caps.lowercase-i", "write 'i' in lower case this often",
     "'i' in lower case as a pronoun is a distinctive typing habit."},
    {"caps.lowercase-start", "start sentences in lower case this often",
     "A sentence starting in lower case is a distinctive typing habit."},
}};

// Nouns that say what kind of thing a capitalised word before them names: "the RESET test",
// "the HOME variable". A word stressed for emphasis does not qualify a following noun so.
constexpr std::string_view kKindNouns[] = {
    "test",      "tests",     "method",    "function", "command",   "package",  "file",
    "files",     "variable",  "option",    "flag",     "key",       "field",    "macro",
    "statement", "algorithm", "procedure", "model",    "estimator", "protocol", "format",
    "library",   "tool",      "mode",      "bit",      "value",     "keyword",  "operator",
    "header",    "request",   "directory", "folder",   "setting",   "constant", "type"};

bool is_upper(char c) {
    return std::isupper(static_cast<unsigned char>(c)) != 0;
}
bool is_lower(char c) {
    return std::islower(static_cast<unsigned char>(c)) != 0;
}

// Words a writer stresses by setting them in capitals: negations, degrees, quantities,
// auxiliaries, pronouns and judgements ("does NOT load", "ONLY when", "VERY important",
// "I LOVE it"). Capitals on other words in real documents name things: files (CREDITS),
// headings (OVERVIEW), constants (TRUE, NULL), methods (MOVE), tests (RESET), variables
// (NAME=value), licence boilerplate (MERCHANTABILITY); in issue 13's labelled samples none of
// about 40 such markers was emphasis. "who" is left out: "the WHO" is the World Health
// Organization (EBG's h_11_2.txt).
// clang-format off
constexpr std::string_view kStressable[] = {
    "not", "no", "never", "none", "nothing", "nobody", "neither", "nor", "without", "cannot",
    "don't", "doesn't", "didn't", "won't", "can't", "isn't", "aren't", "wasn't", "shouldn't",
    "only", "all", "any", "every", "each", "both", "either", "everything", "everyone", "always",
    "ever", "very", "really", "so", "too", "much", "many", "more", "most", "less", "least",
    "even", "still", "just", "also", "again", "already", "actually", "extremely", "totally",
    "absolutely", "definitely", "completely", "seriously", "literally", "truly", "exactly",
    "entirely", "hugely", "huge", "tiny", "whole", "entire", "same", "other", "own", "first",
    "last", "before", "after", "now", "here", "there", "is", "are", "was", "were", "do", "does",
    "did", "have", "has", "had", "will", "would", "can", "could", "need", "want", "you", "your",
    "my", "mine", "we", "our", "they",
    "them", "this", "that", "these", "those", "why", "what", "how", "when", "where",
    "love", "hate", "best", "worst", "good", "bad", "great", "right", "wrong", "important",
    "wonderful", "amazing", "awesome", "terrible", "horrible", "everywhere", "boom", "wow", "yes"};
// clang-format on

// Whether `word` is written in capitals: two capital letters or more and nothing else but the
// apostrophes of a contraction (CAN'T, DON’T, WONʼT).
bool in_capitals(std::string_view word) {
    std::size_t capitals = 0;
    for (std::size_t at = 0; at < word.size(); ++at) {
        if (is_upper(word[at])) {
            ++capitals;
        } else if (word[at] == '\'') {
            continue;
        } else if (word.substr(at).starts_with("\u2019") || word.substr(at).starts_with("\u02BC")) {
            at += word.substr(at).starts_with("\u2019") ? 2 : 1;
        } else {
            return false;
        }
    }
    return capitals >= 2;
}

// A word in capitals for emphasis: a stressable word of two letters or more (NOT, ONLY). The
// requirement levels of specifications (MUST, SHOULD, MAY, and the NOT of "MUST NOT", which
// stands beside capitals) are not stressable: they carry a defined meaning.
bool is_shouted(std::string_view word, std::string_view norm) {
    return in_capitals(word) && std::ranges::find(kStressable, norm) != std::end(kStressable);
}

// A capitalised word with small letters that does not open its sentence: a name.
bool is_name_word(const Document& document, const Sentence& sentence, std::size_t i) {
    const std::string_view word = document.text(document.tokens()[i].text);
    return i != sentence.first_token && is_upper(word.front()) &&
           std::ranges::any_of(word, is_lower);
}

// Whether the next word token from `i` in direction `step` (within the sentence, across
// punctuation such as an opening parenthesis) is a name.
bool next_word_is_name(const Document& document, const Sentence& sentence, std::size_t i,
                       std::ptrdiff_t step) {
    const auto& tokens = document.tokens();
    for (auto at = static_cast<std::ptrdiff_t>(i) + step;
         at >= static_cast<std::ptrdiff_t>(sentence.first_token) &&
         at < static_cast<std::ptrdiff_t>(sentence.end_token);
         at += step) {
        const auto index = static_cast<std::size_t>(at);
        if (tokens[index].kind == TokenKind::Word) {
            return is_name_word(document, sentence, index);
        }
    }
    return false;
}

// Whether the neighbouring word of token `i` in direction `step`, with nothing but a space
// between, is in capitals too (REST API, NO WARRANTY): the two make a name or a passage set
// in capitals, not one word stressed.
bool beside_capitals(const Document& document, const Sentence& sentence, std::size_t i,
                     std::ptrdiff_t step) {
    const auto at = static_cast<std::ptrdiff_t>(i) + step;
    if (at < static_cast<std::ptrdiff_t>(sentence.first_token) ||
        at >= static_cast<std::ptrdiff_t>(sentence.end_token)) {
        return false;
    }
    const Token& near = document.tokens()[static_cast<std::size_t>(at)];
    const Token& later = step > 0 ? near : document.tokens()[i];
    if (near.kind != TokenKind::Word || !later.space_before) return false;
    const std::string_view word = document.text(near.text);
    // A run of words in capitals is a name or a passage set in capitals (WITHOUT WARRANTY),
    // not one word stressed.
    return in_capitals(word);
}

// Whether the word after token `i` names the kind of thing the capitals name ("the RESET test").
bool before_kind_noun(const Document& document, const Sentence& sentence, std::size_t i) {
    if (i + 1 >= sentence.end_token) return false;
    const Token& next = document.tokens()[i + 1];
    return next.kind == TokenKind::Word && next.space_before &&
           std::ranges::find(kKindNouns, next.norm) != std::end(kKindNouns);
}

// Whether the capitals of token `i` are spelled that way, though the word is in the
// dictionary: part of an identifier (ANIM_CHAR, MP3), a word the text writes in capitals more
// than once (a school called PACE) or outside its prose (a link label, code), or one beside a
// name (the USDA Web Soil Survey, CHILD (Children's Healthcare...)) or an acronym (REST API).
// Emphasis is occasional and stands among ordinary words; lowercasing such a word would change
// a name.
bool is_spelled_in_capitals(const Document& document, const Sentence& sentence, std::size_t i,
                            const std::map<std::string_view, std::size_t>& capitals_count) {
    const auto joins = [](char c) {
        return c == '_' || std::isalnum(static_cast<unsigned char>(c)) != 0;
    };
    const Span span = document.tokens()[i].text;
    const std::string_view text = document.prose.text;
    if (joins(style::byte_before(text, span.begin)) || joins(style::byte_at(text, span.end))) {
        return true;
    }
    // A shell variable ($HOME), or capitals hyphened to a code or a name (RISC-V, WILEY-VCH,
    // UTF-8): one name, not a word stressed.
    if (style::byte_before(text, span.begin) == '$') return true;
    const char after_hyphen = style::byte_at(text, span.end + 1);
    if (style::byte_at(text, span.end) == '-' &&
        (is_upper(after_hyphen) || std::isdigit(static_cast<unsigned char>(after_hyphen)) != 0)) {
        return true;
    }
    if (before_kind_noun(document, sentence, i)) return true;
    if (document.non_prose_words.contains(std::string(document.text(span)))) return true;
    const auto counted = capitals_count.find(document.text(span));
    return (counted != capitals_count.end() && counted->second > 1) ||
           beside_capitals(document, sentence, i, -1) ||
           beside_capitals(document, sentence, i, +1) ||
           next_word_is_name(document, sentence, i, -1) ||
           next_word_is_name(document, sentence, i, +1);
}

// How often each word in capitals appears, as written.
std::map<std::string_view, std::size_t> count_capital_words(const Document& document) {
    std::map<std::string_view, std::size_t> counts;
    for (const Token& token : document.tokens()) {
        const std::string_view word = document.text(token.text);
        if (token.kind == TokenKind::Word && in_capitals(word)) {
            ++counts[word];
        }
    }
    return counts;
}

// The index of the block holding prose offset `offset`, or the number of blocks.
std::size_t block_at(const Prose& prose, std::size_t offset) {
    const auto block = std::ranges::partition_point(
        prose.blocks, [&](const Block& b) { return b.text.end <= offset; });
    if (block == prose.blocks.end() || !block->text.contains(offset)) return prose.blocks.size();
    return static_cast<std::size_t>(block - prose.blocks.begin());
}

// Headings, titles, list items and table cells follow their own casing conventions.
bool is_free_casing(const Block& block) {
    return block.kind == BlockKind::Heading || block.kind == BlockKind::Title ||
           block.kind == BlockKind::ListItem || block.kind == BlockKind::TableCell;
}

// Whether the running text of `text` stops without a full stop ("Build it with:").
bool ends_open(std::string_view text) {
    while (!text.empty() &&
           std::string_view(" \t\n)]\"'").find(text.back()) != std::string_view::npos) {
        text.remove_suffix(1);
    }
    // Closing curly quotation marks end in 0x9D (”) or 0x99 (’) after 0xE2 0x80.
    while (text.size() >= 3 && text.substr(text.size() - 3, 2) == "\xE2\x80" &&
           (text.back() == '\x9D' || text.back() == '\x99')) {
        text.remove_suffix(3);
    }
    return !text.empty() && std::string_view(".!?\xA6").find(text.back()) == std::string_view::npos;
}

// Whether the source between two blocks holds a display: a code block, formula, verbatim
// environment or list markup, more than the closing brace of a heading.
bool display_between(std::string_view source, Span between) {
    std::size_t shown = 0;
    for (std::size_t at = between.begin; at < between.end && at < source.size(); ++at) {
        const char c = source[at];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '}') ++shown;
    }
    constexpr std::size_t kMinDisplay = 3;
    return shown >= kMinDisplay;
}

// Whether block `index` goes on with a sentence that a display (a code block, a formula, a
// verbatim environment, a list) interrupted: a display stands between it and the running
// text before it, or that text stops without a full stop ("Build it with:", "The food was
// processed"). Its first word is no sentence start.
bool continues_sentence(const Document& document, std::size_t index) {
    const Prose& prose = document.prose;
    if (index == 0 || index >= prose.blocks.size()) return false;
    const Block& before = prose.blocks[index - 1];
    // A block's source may come before the previous block's end: LaTeX's extraction moves
    // some text (a title's, a footnote's) out of source order.
    const std::size_t previous_end = prose.to_source(before.text).end;
    const std::size_t begin = prose.to_source(prose.blocks[index].text).begin;
    if (previous_end < begin && display_between(document.source, Span(previous_end, begin))) {
        return true;
    }
    const bool running = before.kind == BlockKind::Paragraph || before.kind == BlockKind::ListItem;
    return running && ends_open(prose.view(before.text));
}

// Abbreviations that end in a full stop mid-sentence ("etc. and so on").
// Company forms too: "The rival of Foozy inc. is Lego" (EBG, rr_14_4.txt).
constexpr std::string_view kAbbreviations[] = {
    "al",  "approx", "ca", "cf",  "ch",   "co", "corp", "dept", "eq", "est", "etc", "fig",
    "inc", "incl",   "jr", "ltd", "misc", "no", "pp",   "sec",  "sr", "viz", "vol", "vs"};

// Whether the token at `i` is a full stop ending a sentence, though the segmenter, which
// waits for a capital, did not split there: "It rained. we stayed in." The word before it must
// not be an initial or an abbreviation.
bool ends_sentence(const Document& document, std::size_t i) {
    const auto& tokens = document.tokens();
    if (i == 0 || i + 1 >= tokens.size() || document.text(tokens[i].text) != ".") return false;
    if (!tokens[i + 1].space_before || tokens[i + 1].kind != TokenKind::Word) return false;
    // A dot spaced on both sides spells an address out ("ada . byron @ host . example"): it
    // ends no sentence.
    if (tokens[i].space_before) return false;
    // A number before it numbers a list within the sentence ("only 1. when a script has
    // finished, or 2. when dpkg starts"): no end.
    const Token& before = tokens[i - 1];
    return before.kind == TokenKind::Word && before.norm.size() >= 2 &&
           std::ranges::find(kAbbreviations, before.norm) == std::end(kAbbreviations);
}

// Whether prose offset `offset` comes right after code, math or a command argument on its
// line or at the end of the line before ("`pip` is", "\texttt{pip} is", "$x$ is"), opens a
// command's argument (\key{search forward}{C-s}, a label) or is the operand of a command
// ("\paralign to"): the sentence began with them.
bool follows_code(const Document& document, std::size_t offset) {
    const Prose& prose = document.prose;
    const std::string_view source = document.source;
    std::size_t at = prose.to_source(offset);
    while (at > 0 && (source[at - 1] == ' ' || source[at - 1] == '\t')) --at;
    if (at > 1 && source[at - 1] == '\n' && source[at - 2] != '\n') --at;  // the line before
    if (at == 0) return false;
    bool code = std::string_view("`${}])|").find(source[at - 1]) != std::string_view::npos;
    if (!code) {  // an operand of a command: "\paralign to \hsize"
        std::size_t name = at;
        while (name > 0 && std::isalpha(static_cast<unsigned char>(source[name - 1])) != 0) --name;
        code = name < at && name > 0 && source[name - 1] == '\\';
    }
    // Looked up last: finding a source byte's prose offset walks the pieces.
    return code && prose.from_source(at - 1) == std::string::npos;
}

// Whether the word at prose offset `offset` opens a plain-text list item ("- disable the echo",
// "1. mask your window manager", "a) first"): only whitespace and a list mark before it on its
// source line. Items follow their own casing, as Markdown's list items do.
bool opens_list_item(const Document& document, std::size_t offset) {
    const std::string_view source = document.source;
    const std::size_t at = document.prose.to_source(offset);
    const std::size_t newline = at == 0 ? std::string_view::npos : source.rfind('\n', at - 1);
    std::string_view before =
        source.substr(newline == std::string_view::npos ? 0 : newline + 1,
                      at - (newline == std::string_view::npos ? 0 : newline + 1));
    while (!before.empty() && (before.front() == ' ' || before.front() == '\t'))
        before.remove_prefix(1);
    while (!before.empty() && (before.back() == ' ' || before.back() == '\t'))
        before.remove_suffix(1);
    if (before == "-" || before == "*" || before == "+" || before == "\u2022") return true;
    if (before.size() < 2 || (before.back() != '.' && before.back() != ')')) return false;
    const std::string_view label = before.substr(0, before.size() - 1);
    return std::ranges::all_of(
               label, [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) ||
           (label.size() == 1 && std::isalpha(static_cast<unsigned char>(label[0])));
}

// Whether the word at `word` is quoted on its own, as a name is ("'next' branch", "\"seen\"
// holds"): a mention keeps its case, wherever it stands.
bool is_quoted_alone(std::string_view text, Span word) {
    const char before = style::byte_before(text, word.begin);
    const char after = style::byte_at(text, word.end);
    if ((before == '\'' || before == '"' || before == '`') && after == before) return true;
    // Curly quotation marks: ‘word’ and “word” (U+2018/2019, U+201C/201D).
    const std::string_view open = text.substr(0, word.begin), rest = text.substr(word.end);
    return (open.ends_with("\u2018") && rest.starts_with("\u2019")) ||
           (open.ends_with("\u201C") && rest.starts_with("\u201D"));
}

// Whether the word at `word` stands alone: a space, a line start or an opening quotation
// mark or bracket before it, and no hyphen or closing parenthesis after it ("(i)" numbers).
bool stands_alone(std::string_view text, Span word) {
    const char before = style::byte_before(text, word.begin);
    const bool opens = word.begin == 0 ||
                       std::string_view(" \t\n(\"'[").find(before) != std::string_view::npos ||
                       static_cast<unsigned char>(before) >= 0x80;
    const char after = style::byte_at(text, word.end);
    return opens && after != '-' && after != ')';
}

// Whether the lower-case "i" at token `i` reads as the pronoun: a word follows it after a space
// ("i think"). In code and program output it is a variable: "buf[i]", "int i;", "i=5642",
// "for (i = 0", "unsigned i, j".
bool followed_by_word(const Document& document, const Sentence& sentence, std::size_t i) {
    if (i + 1 >= sentence.end_token) return false;
    const Token& next = document.tokens()[i + 1];
    return next.kind == TokenKind::Word && next.space_before;
}

// Whether word `i` follows a word in capitals within its sentence (IBM i, OS X).
bool after_acronym(const Document& document, const Sentence& sentence, std::size_t i) {
    if (i == sentence.first_token) return false;
    const Token& before = document.tokens()[i - 1];
    const std::string_view word = document.text(before.text);
    return before.kind == TokenKind::Word && word.size() >= 2 &&
           std::ranges::all_of(word, is_upper);
}

// Whether the one-letter word at token `i` is a key in a table of keys (its line's first word,
// two spaces or a tab after it: "i    List your inventory") or a letter of a word spaced out
// letter by letter ("T a s t y   B i t s"): one-letter words on both sides, a space apart.
bool is_key_or_spaced_letter(const Document& document, std::size_t i) {
    const std::string_view text = document.prose.text;
    const Span word = document.tokens()[i].text;
    std::size_t line = word.begin;
    while (line > 0 && (text[line - 1] == ' ' || text[line - 1] == '\t')) --line;
    const bool opens_line = line == 0 || text[line - 1] == '\n';
    const std::string_view after = text.substr(word.end, 2);
    if (opens_line && (after == "  " || after.starts_with('\t'))) return true;
    const auto single_letter = [&](std::size_t at) {
        const Token& token = document.tokens()[at];
        return token.kind == TokenKind::Word && token.text.size() == 1;
    };
    const auto& tokens = document.tokens();
    return i > 0 && i + 1 < tokens.size() && single_letter(i - 1) && single_letter(i + 1) &&
           tokens[i - 1].text.end + 1 == word.begin && word.end + 1 == tokens[i + 1].text.begin;
}

// Words ending in a single s that may follow the pronoun I ("I always", "I was").
constexpr std::string_view kAfterPronoun[] = {"afterwards", "always", "as",           "besides",
                                              "has",        "is",     "nevertheless", "perhaps",
                                              "sometimes",  "thus",   "was"};

// Whether word `i` comes before a plural noun ("ibm i tests", "IBM i systems"): the pronoun
// I is never followed by a verb in -s, so the i is a name's, as in "IBM i".
bool before_plural(const Document& document, const Sentence& sentence, std::size_t i) {
    if (i + 1 >= sentence.end_token) return false;
    const Token& after = document.tokens()[i + 1];
    const std::string_view word = after.norm;
    if (after.kind != TokenKind::Word || !after.space_before || word.size() < 3) return false;
    if (!word.ends_with('s') || word.ends_with("ss") || word.ends_with("us")) return false;
    return std::ranges::find(kAfterPronoun, word) == std::end(kAfterPronoun);
}

struct Use {
    Span span;
    Habit habit;
    std::string fix;  // empty: none the rewrite may apply
};

}  // namespace

void Capitalization::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    std::vector<Use> uses;
    double pronouns = 0, starts = 0;
    const std::map<std::string_view, std::size_t> capitals_count = count_capital_words(document);
    const Prose& prose = document.prose;
    // "us. example. com": in a text that spaces every full stop, a full stop before a word in
    // lower case ends no sentence.
    const bool spaced_periods = layout::spaces_every_period(prose.text);
    for (const Sentence& sentence : document.sentences()) {
        const std::size_t block = block_at(prose, sentence.text.begin);
        const bool free_casing = block < prose.blocks.size() && is_free_casing(prose.blocks[block]);
        // The first word of a block that goes on with a sentence, or one after a code span
        // ("`pip` is the installer"), is no sentence start.
        const bool opens_block =
            block < prose.blocks.size() && prose.blocks[block].text.begin == sentence.text.begin;
        bool first_word = !(opens_block && continues_sentence(document, block)) &&
                          !follows_code(document, sentence.text.begin);
        // Nor is a block's first word in lower case counted: after a display that plain text
        // does not mark ("    postinst triggered ...", then "by passing a list"), as a
        // heading's program name ("apt and aptitude", underlined) or a list of names, it goes
        // on with a sentence or is a name far more often than it is a writer's habit, which
        // the sentences after it show anyway.
        bool lowercase_block_start = opens_block;  // until its first word
        for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
            const Token& token = document.tokens()[i];
            if (token.kind != TokenKind::Word) {
                first_word = (first_word && token.kind == TokenKind::Punct) ||
                             (!spaced_periods && ends_sentence(document, i));
                continue;
            }
            const std::string_view word = document.text(token.text);
            const bool at_block_start = lowercase_block_start;
            lowercase_block_start = false;
            // A name as the document writes it in code or commands (pip, systemd), or a word
            // shaped like an identifier (i/o): its case is part of the name.
            if (is_technical_word(document, token, context.reference)) {
                first_word = false;
                continue;
            }
            // A word right after a code span opens no sentence ("`module` is"), nor does one
            // in parentheses ("(see above)", "(interactive \"P\")"): an aside or code.
            const char before = style::byte_before(document.prose.text, token.text.begin);
            if (first_word &&
                (follows_code(document, token.text.begin) || before == '(' || before == '[')) {
                first_word = false;
            }
            // "i.e." is no pronoun, nor is the i of "-i", "%i", "reverse-i-search", "IBM i" or
            // "ibm i tests".
            const bool abbreviation = style::byte_at(document.prose.text, token.text.end) == '.' ||
                                      !stands_alone(document.prose.text, token.text) ||
                                      after_acronym(document, sentence, i) ||
                                      before_plural(document, sentence, i);
            if (word == "i" && !followed_by_word(document, sentence, i)) {
                first_word = false;  // a variable, not the pronoun
                continue;
            }
            // Someone else's "i" (a quotation), a key in a table of keys ("i    List your
            // inventory") or a letter of a word spaced out ("B i t s"): not the writer's.
            if (token.norm == "i" && (!document.is_own_prose(token.text.begin) ||
                                      is_key_or_spaced_letter(document, i))) {
                first_word = false;
                continue;
            }
            if ((token.norm == "i" && !abbreviation) || token.norm.starts_with("i'")) {
                ++pronouns;
                if (word[0] == 'i')
                    uses.push_back({token.text, LowercaseI, "I" + std::string(word.substr(1))});
            } else if (first_word && !free_casing &&
                       style::byte_at(document.prose.text, token.text.end) != ':' &&
                       !opens_list_item(document, token.text.begin) &&
                       !(at_block_start && is_lower(word[0])) &&
                       !is_quoted_alone(document.prose.text, token.text)) {
                // (A word before a colon is a field's label: "usage:", "what:".)
                ++starts;
                // A word the dictionary lacks (npm, llhttp, tl;dr) may be a name spelled so.
                const bool known = !context.reference.is_dictionary_word("the") ||
                                   context.reference.is_dictionary_word(token.norm);
                if (is_lower(word[0]) && !std::ranges::any_of(word, is_upper) && known) {
                    uses.push_back({token.text, LowercaseStart, style::match_casing("A", word)});
                }
            }
            if (!free_casing && is_shouted(word, token.norm) &&
                !is_spelled_in_capitals(document, sentence, i, capitals_count)) {
                // Capitals of up to six letters may be an acronym the lists do not know (the
                // WHO): the rewrite never lowercases them; the marker stays for the writer.
                constexpr std::size_t kLongestAcronym = 6;
                uses.push_back({token.text, Emphasis,
                                word.size() > kLongestAcronym
                                    ? style::match_casing(first_word ? "Aa" : "a", word)
                                    : ""});
            }
            first_word = false;
        }
    }
    std::array<double, kHabits.size()> counts{};
    for (const Use& use : uses) counts[use.habit] += 1;
    const std::array<double, kHabits.size()> opportunities = {
        static_cast<double>(document.word_count), pronouns, starts};
    std::array<HabitScore, kHabits.size()> scores;
    for (std::size_t h = 0; h < kHabits.size(); ++h) {
        sink.measure(kHabits[h].feature, counts[h], opportunities[h]);
        scores[h] = score_habit(context.reference, kHabits[h].feature, counts[h], opportunities[h],
                                h == Emphasis ? 300.0 : 4.0);
    }
    for (const Use& use : uses) {
        const HabitScore& score = scores[use.habit];
        if (!style::is_notable(score) || (score.known && score.rate <= score.median)) continue;
        sink.mark(style::habit_marker(
            code(), kHabits[use.habit].feature, use.span,
            std::string(kHabits[use.habit].message) +
                style::reference_figure(score, kHabits[use.habit].writers_who),
            score,
            use.fix.empty() ? std::vector<Fix>{} : std::vector<Fix>{style::use_fix(use.fix)}));
    }
}

}  // namespace fantasma
