#include "stylometry/leaks/person_names.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <stdexcept>

#include "fantasma_stylometry_embedded.hpp"
#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/text/codepoint.hpp"

namespace fantasma::leaks {
namespace {

bool word_byte(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80 ||
           c == '\'' || c == '-';
}

bool starts_upper(std::string_view word) {
    return !word.empty() && text::is_upper(text::decode(word, 0).cp);
}

std::size_t latex_letter_length(std::string_view text, std::size_t at);

// `word` with its LaTeX accents dropped and its LaTeX letters spelt plainly: "Schr\"oder" ->
// "Schroder", "{\L}uczak" -> "Luczak", "Ol\v{s}ak" -> "Olsak".
std::string plain_letters(std::string_view word) {
    std::string plain;
    for (std::size_t i = 0; i < word.size();) {
        const std::size_t latex = latex_letter_length(word, i);
        if (latex == 0) {
            plain += word[i++];
            continue;
        }
        for (std::size_t k = i; k < i + latex; ++k) {
            const char c = word[k];
            // The accent command's own letter (\v, \c) is no letter of the name.
            const bool command_letter =
                k > 0 && word[k - 1] == '\\' &&
                std::string_view("vcuHkr").find(c) != std::string_view::npos && k + 1 < i + latex &&
                (word[k + 1] == '{' || word[k + 1] == ' ');
            if (std::isalpha(static_cast<unsigned char>(c)) && !command_letter) plain += c;
        }
        i += latex;
    }
    return plain;
}

// The length of the LaTeX accent or letter at `at` ("\"o", "\'{e}", "\v{s}", "{\L}",
// "\ss{}"), 0 if there is none there: names in LaTeX sources are written so
// ("Schr\"oder", "{\L}uczak", "Ol\v{s}ak").
std::size_t latex_letter_length(std::string_view text, std::size_t at) {
    const auto letter = [&](std::size_t i) {
        return i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]));
    };
    // "{x}" or "x" after an accent.
    const auto accented = [&](std::size_t i) -> std::size_t {
        if (letter(i)) return 1;
        if (i + 2 < text.size() && text[i] == '{' && letter(i + 1) && text[i + 2] == '}') return 3;
        return 0;
    };
    if (at + 1 < text.size() && text[at] == '{' && text[at + 1] == '\\') {
        const std::size_t inner = latex_letter_length(text, at + 1);
        if (inner > 0 && at + 1 + inner < text.size() && text[at + 1 + inner] == '}') {
            return inner + 2;  // "{\L}", "{\"o}"
        }
        return 0;
    }
    if (at + 1 >= text.size() || text[at] != '\\') return 0;
    const char command = text[at + 1];
    if (std::string_view("\"'^`~=.").find(command) != std::string_view::npos) {
        const std::size_t length = accented(at + 2);
        return length == 0 ? 0 : 2 + length;
    }
    // "\v{s}", "\c c": an accent named by a letter, its argument braced or after a space.
    if (std::string_view("vcuHkr").find(command) != std::string_view::npos) {
        if (at + 4 < text.size() && text[at + 2] == '{' && letter(at + 3) && text[at + 4] == '}')
            return 5;
        if (at + 3 < text.size() && text[at + 2] == ' ' && letter(at + 3)) return 4;
    }
    // \L, \l, \o, \O, \ss, \ae, \oe, \aa, \i: letters of their own, ending at a non-letter.
    for (std::string_view name :
         {"ss", "ae", "AE", "oe", "OE", "aa", "AA", "L", "l", "o", "O", "i"}) {
        if (text.substr(at + 1).starts_with(name) && !letter(at + 1 + name.size())) {
            std::size_t length = 1 + name.size();
            if (text.substr(at + length).starts_with("{}")) length += 2;
            return length;
        }
    }
    return 0;
}

struct Word {
    Span span;
    bool capitalised = false;
};

// Words of `text`, and whether each starts with a capital letter ("Maria", "Øystein",
// "{\L}uczak").
std::vector<Word> words_of(std::string_view text) {
    std::vector<Word> words;
    for (std::size_t i = 0; i < text.size();) {
        if ((!word_byte(text[i]) || text[i] == '\'' || text[i] == '-') &&
            latex_letter_length(text, i) == 0) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size()) {
            if (const std::size_t latex = latex_letter_length(text, end); latex > 0) {
                end += latex;
            } else if (word_byte(text[end])) {
                ++end;
            } else {
                break;
            }
        }
        while (end > i && (text[end - 1] == '\'' || text[end - 1] == '-')) --end;
        words.push_back({{i, end}, starts_upper(plain_letters(text.substr(i, end - i)))});
        i = end;
    }
    return words;
}

// Whether only spaces (or one initial's full stop) separate two words of a name.
bool adjacent(std::string_view text, Span before, Span after) {
    const std::string_view gap = text.substr(before.end, after.begin - before.end);
    // A name may wrap onto the next line of a paragraph ("Amy\nHendrickson").
    if (gap == " " || gap == "~" || gap == "\n") return true;
    return (gap == ". " || gap == ".~") && before.size() == 1;  // an initial: "J. Smith"
}

}  // namespace

const PersonNames& PersonNames::builtin() {
    static const PersonNames names(data::person_names_tsv);
    return names;
}

PersonNames::PersonNames(std::string_view table) : table_(table) {
    for (std::size_t at = 0; at < table.size();) {
        std::size_t end = table.find('\n', at);
        if (end == std::string_view::npos) end = table.size();
        if (end > at && table[at] != '#') lines_.push_back(static_cast<std::uint32_t>(at));
        at = end + 1;
    }
    const auto name = [&](std::uint32_t line) {
        return table_.substr(line, table_.find('\t', line) - line);
    };
    if (!std::ranges::is_sorted(lines_, {}, name)) {
        throw std::invalid_argument("person_names.tsv is not sorted by name");
    }
}

namespace {

// "siobhán" -> "siobhan", "nguyễn" -> "nguyen": the spelling of a name on a keyboard without
// its accents, which the table holds where the source lists wrote it so.
std::string without_accents(std::string_view word) {
    utf8proc_uint8_t* stripped = nullptr;
    const utf8proc_ssize_t length = utf8proc_map(
        reinterpret_cast<const utf8proc_uint8_t*>(word.data()),
        static_cast<utf8proc_ssize_t>(word.size()), &stripped,
        static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_STRIPMARK));
    std::string result = length >= 0 ? std::string(reinterpret_cast<const char*>(stripped),
                                                   static_cast<std::size_t>(length))
                                     : std::string(word);
    std::free(stripped);
    return result;
}

}  // namespace

unsigned char PersonNames::flags(std::string_view lower_word) const {
    const unsigned char found = flags_as_written(lower_word);
    if (found != 0 || std::ranges::all_of(lower_word, [](char c) {
            return static_cast<unsigned char>(c) < 0x80;
        })) {
        return found;
    }
    return flags_as_written(without_accents(lower_word));
}

unsigned char PersonNames::flags_as_written(std::string_view lower_word) const {
    const auto name = [&](std::uint32_t line) {
        return table_.substr(line, table_.find('\t', line) - line);
    };
    const auto found = std::ranges::lower_bound(lines_, lower_word, {}, name);
    if (found == lines_.end() || name(*found) != lower_word) return 0;
    std::size_t end = table_.find('\n', *found);
    if (end == std::string_view::npos) end = table_.size();
    // name, kind, word, order
    std::string_view columns[4];
    std::string_view rest = table_.substr(*found, end - *found);
    for (std::string_view& column : columns) {
        const std::size_t tab = rest.find('\t');
        column = rest.substr(0, tab);
        rest = tab == std::string_view::npos ? std::string_view() : rest.substr(tab + 1);
    }
    const std::string_view kind = columns[1];
    unsigned char result = kind == "first"     ? kFirst
                           : kind == "surname" ? kSurname
                                               : kFirst | kSurname;
    if (columns[2] == "word") result |= kWord;
    if (columns[3] == "family-first") result |= kFamilyFirst;
    return result;
}

bool PersonNames::is_first_name(std::string_view lower_word) const {
    return (flags(lower_word) & kFirst) != 0;
}
bool PersonNames::is_surname(std::string_view lower_word) const {
    return (flags(lower_word) & kSurname) != 0;
}
bool PersonNames::is_common_word(std::string_view lower_word) const {
    return (flags(lower_word) & kWord) != 0;
}
bool PersonNames::is_family_first(std::string_view lower_word) const {
    return (flags(lower_word) & kFamilyFirst) != 0;
}

namespace {

// First names that, alone, are far more often software, products, companies or places in
// technical writing: "Cassandra", "Julia", "Darwin", "Austin". Still a person with a surname
// after them ("Julia Child").
constexpr std::string_view kNotAPersonAlone[] = {
    "ada",       "alexa",    "alice",    "apollo", "austin",  "cassandra", "catalina",
    "charlotte", "cherry",   "cortana",  "dallas", "darwin",  "dell",      "florence",
    "georgia",   "houston",  "jenkins",  "jordan", "julia",   "mac",       "madison",
    "mercury",   "meta",     "monterey", "pascal", "phoenix", "ping",      "ruby",
    "sierra",    "siri",     "sonoma",   "sydney", "tesla",   "ventura",   "victoria",
    "virginia",  "carolina", "chad",     "israel", "india",   "china",     "kenya"};

}  // namespace

bool name_shaped(std::string_view word) {
    if (!starts_upper(word)) return false;
    char before = 0;
    for (std::size_t at = text::decode(word, 0).length; at < word.size();) {
        const text::Decoded d = text::decode(word, at);
        const bool after_joint = before == '-' || before == '\'';
        if ((text::is_upper(d.cp) && !after_joint) ||
            text::classify(d.cp) == text::CharClass::Digit) {
            return false;
        }
        before = word[at];
        at += d.length;
    }
    return true;
}

namespace {

// Particles that open a place or title as often as a name ("Le Monde", "La Jolla").
constexpr std::string_view kParticles[] = {"de",  "van", "von", "da", "du",  "del", "der",
                                           "den", "la",  "le",  "di", "bin", "ter"};

bool is_particle(std::string_view lower_word) {
    return std::ranges::find(kParticles, lower_word) != std::end(kParticles);
}

}  // namespace

bool is_institution_word(std::string_view lower_word) {
    static constexpr std::string_view kWords[] = {
        "act",       "amendment",  "association", "avenue",  "bank",    "boulevard", "building",
        "bureau",    "center",     "centre",      "church",  "city",    "club",      "college",
        "company",   "corp",       "council",     "county",  "court",   "crescent",  "department",
        "drive",     "foundation", "guard",       "hall",    "highway", "hospital",  "inc",
        "institute", "kingdom",    "laboratory",  "lake",    "lane",    "ltd",       "museum",
        "ocean",     "park",       "parkway",     "party",   "plaza",   "republic",  "review",
        "river",     "road",       "school",      "society", "square",  "state",     "states",
        "street",    "terrace",    "university",  "war"};
    return std::ranges::find(kWords, lower_word) != std::end(kWords);
}

bool looks_like_person(std::span<const std::string> lower_words,
                       std::span<const std::string_view> shown, const PersonNames& names,
                       const Reference& reference) {
    if (lower_words.empty() || lower_words.size() != shown.size()) return false;
    const std::string& first = lower_words.front();
    const std::string& last = lower_words.back();
    const bool several = lower_words.size() > 1;
    if (!name_shaped(shown.front()) || first.size() < 2) return false;
    // "Monte Carlo", "Santa Barbara", "Fort Collins": a place, however personal its words.
    constexpr std::string_view kPlaceOpeners[] = {"fort", "las",   "los",   "monte", "mount",
                                                  "san",  "santa", "saint", "st"};
    if (several && std::ranges::find(kPlaceOpeners, first) != std::end(kPlaceOpeners)) {
        return false;
    }
    // "Charles Street", "Warren Avenue", "Curie Institute": a place named after a person.
    if (several && std::ranges::any_of(lower_words.subspan(1), [](const std::string& word) {
            return is_institution_word(word);
        })) {
        return false;
    }
    // "Travis CI", "Jetson TX2": a word in capitals or with digits makes it a product.
    for (std::string_view word : shown) {
        if (word.size() > 1 && !name_shaped(word) && !is_particle(word)) return false;
    }
    if (names.is_first_name(first) && first.size() >= 3) {
        const bool alone_not_a_person =
            names.is_common_word(first) ||
            std::ranges::find(kNotAPersonAlone, first) != std::end(kNotAPersonAlone);
        // "Will Smith", but not "See Key" (both names, both common words).
        const bool surname_after = names.is_surname(last) && !names.is_common_word(last);
        return !alone_not_a_person ||
               (several && (surname_after || !reference.is_dictionary_word(last)));
    }
    if (!several) return false;
    // "Wang Xiaoming", "Nguyễn Văn An": a family name first, then given names that are names
    // or words no dictionary knows (not "Long Island", "Le Monde").
    const auto given_name = [&](const std::string& word) {
        return !names.is_common_word(word) && !reference.is_function_word(word) &&
               (names.is_name(word) || !reference.is_dictionary_word(word));
    };
    if (names.is_family_first(first) && !names.is_common_word(first) && !is_particle(first) &&
        std::all_of(lower_words.begin() + 1, lower_words.end(), given_name)) {
        return true;
    }
    const auto unknown = [&](std::size_t i) {
        return name_shaped(shown[i]) && !reference.is_dictionary_word(lower_words[i]) &&
               lower_words[i].size() >= 2;
    };
    if (unknown(0) && names.is_surname(last) && !names.is_common_word(last) &&
        name_shaped(shown.back())) {
        return true;
    }
    return false;
}

bool name_word(std::string_view shown, std::string_view lower_word, const PersonNames& names,
               const Reference& reference) {
    return name_shaped(shown) && lower_word.size() >= 2 &&
           !reference.is_function_word(lower_word) &&
           (names.is_name(lower_word) || !reference.is_dictionary_word(lower_word));
}

namespace {

// In a text about people (an acknowledgement), two or more capitalised words that are all
// names or words no dictionary knows are a person's name, listed or not ("Abebe Bekele",
// "Nouf Al-Harbi"); "Google Cloud" and "Jetson Nano" hold a dictionary word.
bool unlisted_full_name(std::span<const std::string> lower_words,
                        std::span<const std::string_view> shown, const PersonNames& names,
                        const Reference& reference) {
    if (lower_words.size() < 2) return false;
    for (std::size_t i = 0; i < lower_words.size(); ++i) {
        if (!is_particle(lower_words[i]) && !name_word(shown[i], lower_words[i], names, reference))
            return false;
    }
    return true;
}

}  // namespace

std::vector<Span> find_person_names(std::string_view text, const PersonNames& names,
                                    const Reference& reference,
                                    std::span<const std::string> public_names, bool about_people) {
    const std::vector<Word> words = words_of(text);
    std::vector<Span> found;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (!words[i].capitalised) continue;
        // A name opening the text or a sentence ("Les commandes...", "Mark the section") is as
        // often a capitalised first word; alone it needs another word after it.
        const std::string_view before = text.substr(0, words[i].span.begin);
        const std::size_t last = before.find_last_not_of(" \t\n%*-#");
        const bool opens_text =
            last == std::string_view::npos ||
            std::string_view(".!?").find(before[last]) != std::string_view::npos;
        std::size_t end = i + 1;
        // Months, weekdays and nationalities end a name ("Stephen Gildea October").
        while (end < words.size() && words[end].capitalised &&
               adjacent(text, words[end - 1].span, words[end].span) && end - i < 4 &&
               !lexical::is_common_capitalised(text::normalized_word(
                   text.substr(words[end].span.begin, words[end].span.size())))) {
            ++end;
        }
        if (lexical::is_common_capitalised(
                text::normalized_word(text.substr(words[i].span.begin, words[i].span.size())))) {
            continue;
        }
        std::vector<std::string> lower_words;
        std::vector<std::string> plain;  // the words as read, LaTeX accents resolved
        plain.reserve(end - i);
        std::vector<std::string_view> shown;
        for (std::size_t k = i; k < end; ++k) {
            plain.push_back(plain_letters(text.substr(words[k].span.begin, words[k].span.size())));
            shown.push_back(plain.back());
            lower_words.push_back(text::normalized_word(shown.back()));
        }
        // "14 Warren Avenue": a place named after a person, not "Warren" alone.
        if (std::ranges::any_of(std::span(lower_words).subspan(1), is_institution_word)) {
            i = end - 1;
            continue;
        }
        // The longest run that reads as a name, from its start: "Maria Chen Thanks" -> "Maria
        // Chen".
        const auto reads_as_name = [&](std::size_t length) {
            const auto lower = std::span(lower_words).first(length);
            const auto as_shown = std::span(shown).first(length);
            return looks_like_person(lower, as_shown, names, reference) ||
                   (about_people && unlisted_full_name(lower, as_shown, names, reference));
        };
        while (end > i && !reads_as_name(end - i)) --end;
        // "Professor Hargreaves", "Dr. Smith": a title makes the next capitalised word a name.
        if (end == i && lower_words.size() > 1 && lexical::is_title(lower_words.front())) {
            end = i + 2;
        }
        if (end == i || (opens_text && end == i + 1)) continue;
        const std::string first = lower_words.front();
        const Span span{words[i].span.begin, words[end - 1].span.end};
        const std::string whole = text::normalized_word(text.substr(span.begin, span.size()));
        const bool is_public = std::ranges::any_of(
            public_names, [&](const std::string& name) { return name == whole || name == first; });
        if (!is_public) found.push_back(span);
        i = end - 1;
    }
    return found;
}

}  // namespace fantasma::leaks
