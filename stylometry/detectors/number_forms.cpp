#include "stylometry/detectors/number_forms.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <regex>

#include "stylometry/detectors/common/style_choice.hpp"

namespace fantasma::numbers {
namespace {

constexpr std::string_view kDigitWords[] = {"zero", "one", "two",   "three", "four",
                                            "five", "six", "seven", "eight", "nine"};
constexpr std::string_view kMonths[] = {"January",   "February", "March",    "April",
                                        "May",       "June",     "July",     "August",
                                        "September", "October",  "November", "December"};
// After these words a small number is a label, written in digits by every style guide.
constexpr std::string_view kLabels[] = {
    "page",     "chapter",  "section", "figure", "table",   "version", "step",  "number",
    "no",       "room",     "level",   "grade",  "part",    "volume",  "vol",   "line",
    "item",     "p",        "id",      "order",  "account", "ticket",  "issue", "phone",
    "tel",      "fax",      "call",    "dial",   "isbn",    "ref",     "bug",   "point",
    "question", "example",  "case",    "test",   "rfc",     "pr",      "patch", "note",
    "appendix", "exercise", "problem", "lemma",  "theorem", "comment"};
// Before these a small number is a measure, also in digits everywhere.
constexpr std::string_view kUnits[] = {
    "am",  "pm",  "km",      "kg",       "cm",      "mm",      "m",    "g",  "mg",
    "lb",  "lbs", "ft",      "oz",       "mph",     "kb",      "mb",   "gb", "percent",
    "per", "x",   "hundred", "thousand", "million", "billion", "dozen"};

template <std::size_t N>
bool contains(const std::string_view (&list)[N], std::string_view word) {
    return std::ranges::find(list, word) != std::end(list);
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

std::string with_commas(std::string_view digits) {
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string ordinal(int day) {
    const int tens = day % 100, units = day % 10;
    const char* suffix = tens >= 11 && tens <= 13 ? "th"
                         : units == 1             ? "st"
                         : units == 2             ? "nd"
                         : units == 3             ? "rd"
                                                  : "th";
    return std::to_string(day) + suffix;
}

std::string month_name(int month) {
    return std::string(kMonths[month - 1]);
}

// A numeric date written out, the form no reader places: "December 31, 2020".
std::string written_date(int day, int month, std::string_view year) {
    return month_name(month) + " " + std::to_string(day) + ", " + std::string(year);
}

bool is_small_digit(std::string_view text) {
    return text.size() == 1 && text[0] >= '2' && text[0] <= '9';
}

// Style guides keep small numbers in digits beside other figures ("experiments 1 and 2",
// "5 to 5.5 nm"), so such a sentence shows no preference.
bool has_other_figures(const Document& document, const Sentence& sentence) {
    for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
        const Token& t = document.tokens()[i];
        if (t.kind == TokenKind::Number && !is_small_digit(document.text(t.text))) return true;
    }
    return false;
}

// Whether the number at tokens[i] is free to be written either way: not glued to a neighbour
// ($5, 5%, 5-year, twenty-five), not a label (page 3, Act 5, Babylon 5) or a measure (5 km).
bool is_free_standing(const Document& document, const Sentence& s, std::size_t i,
                      const Reference& reference) {
    const auto& tokens = document.tokens();
    const Token* prev = i > s.first_token ? &tokens[i - 1] : nullptr;
    const Token* next = i + 1 < s.end_token ? &tokens[i + 1] : nullptr;
    if (prev != nullptr && !tokens[i].space_before) return false;
    if (next != nullptr && !next->space_before &&
        std::string_view(",.;:!?)]").find(document.text(next->text)[0]) == std::string_view::npos) {
        return false;
    }
    // One group of several (+49 89 1234567, 4111 1111 1111 1111): a phone, card or account
    // number, whose digits are grouped as its owner wrote them.
    if ((prev != nullptr && prev->kind == TokenKind::Number) ||
        (next != nullptr && next->kind == TokenKind::Number)) {
        return false;
    }
    // The second of a pair (Python 2 & 3, "steps 2 and 3"): written as its first is.
    if (prev != nullptr && i >= s.first_token + 2 && tokens[i - 2].kind == TokenKind::Number &&
        (prev->norm == "and" || prev->norm == "or" || prev->norm == "to" ||
         document.text(prev->text) == "&")) {
        return false;
    }
    if (prev != nullptr && prev->kind == TokenKind::Word &&
        (contains(kLabels, prev->norm) ||
         std::isupper(static_cast<unsigned char>(document.text(prev->text)[0])))) {
        return false;
    }
    // A count names what it counts ("3 epochs", "five infections"); a number followed by
    // nothing, punctuation or a small word is a value, a label or an enumerator ("the default
    // is 2.", "knots 2, 3", "Python 2 & 3", "4. Improves speed", a table's cells), whose digits
    // every style keeps.
    if (next == nullptr || next->kind != TokenKind::Word || reference.is_function_word(next->norm))
        return false;
    // 5 p.m. and 9 a.m. are times.
    const bool time = (next->norm == "a" || next->norm == "p") &&
                      style::byte_at(document.prose.text, next->text.end) == '.';
    return !time && !contains(kUnits, next->norm);
}

// Whether `digits` is a power of two or one less (65536, 4294967295): a limit of the machine,
// written as the programs print it, not a quantity a writer rounds and groups.
bool is_machine_limit(std::string_view digits) {
    if (digits.size() > 19) return false;
    unsigned long long n = 0;
    for (const char c : digits) n = n * 10 + static_cast<unsigned long long>(c - '0');
    const auto power_of_two = [](unsigned long long v) { return v != 0 && (v & (v - 1)) == 0; };
    return power_of_two(n) || power_of_two(n + 1);
}

// Whether `digits` reads as a year and month (201811, OpenMP's _OPENMP) or a year, month
// and day (20240131): a stamp, whose digits are never grouped.
bool is_date_stamp(std::string_view digits) {
    if (digits.size() != 6 && digits.size() != 8) return false;
    const auto field = [&](std::size_t at, std::size_t n) {
        return std::stoi(std::string(digits.substr(at, n)));
    };
    const int year = field(0, 4), month = field(4, 2);
    if (year < 1900 || year > 2099 || month < 1 || month > 12) return false;
    if (digits.size() == 6) return true;
    const int day = field(6, 2);
    return day >= 1 && day <= 31;
}

// The line of `text` from `line_start` without its leading blanks.
std::string_view line_at(std::string_view text, std::size_t line_start) {
    std::size_t end = text.find('\n', line_start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(line_start, end - line_start);
    line.remove_prefix(std::min(line.size(), line.find_first_not_of(" \t")));
    return line;
}

// Whether the number at `span` opens its line and the line above or below opens with a
// figure too: a column of a table (program sizes, counts per file), whose cells are
// copied as the program printed them.
bool in_number_column(std::string_view text, Span span) {
    const std::size_t line_start = text.rfind('\n', span.begin == 0 ? 0 : span.begin - 1);
    const std::size_t begin = line_start == std::string_view::npos ? 0 : line_start + 1;
    if (text.substr(begin, span.begin - begin).find_first_not_of(" \t") != std::string_view::npos)
        return false;
    const auto opens_with_figure = [](std::string_view line) {
        return !line.empty() && is_digit(line.front());
    };
    if (begin > 0) {
        const std::size_t above = begin >= 2 ? text.rfind('\n', begin - 2) : std::string_view::npos;
        if (opens_with_figure(line_at(text, above == std::string_view::npos ? 0 : above + 1)))
            return true;
    }
    const std::size_t below = text.find('\n', span.end);
    return below != std::string_view::npos && opens_with_figure(line_at(text, below + 1));
}

// Whether the large number at token `i` counts something named after it ("25000 people"): a
// bare one ("cherry-pick 2075910 from upstream", "a port < 65536 received") is as likely an
// identifier, a commit or a constant, whose digits are not grouped.
bool counts_something(const Document& document, const Sentence& s, std::size_t i,
                      const Reference& reference) {
    if (i + 1 >= s.end_token) return false;
    // A bound in a comparison (< 65536, >= 1024) is a constant.
    if (i > s.first_token &&
        std::string_view("<>=").find(document.text(document.tokens()[i - 1].text).back()) !=
            std::string_view::npos) {
        return false;
    }
    const Token& next = document.tokens()[i + 1];
    return next.kind == TokenKind::Word && !reference.is_function_word(next.norm);
}

// The tokens: small numbers as digits or words, large numbers with or without separators.
void find_in_tokens(const Document& document, const Reference& reference,
                    std::vector<NumberUse>& uses) {
    static const std::regex separated(R"(\d{1,3}(,\d{3})+)");
    static const std::regex plain(R"(\d{5,})");
    // A writer who never groups digits may be writing constants, ports or codes (16320 bytes,
    // ZIP 43215): commas are proposed only where the document groups other numbers, so the
    // writer already does and the ungrouped one is the slip.
    const bool groups_digits = std::ranges::any_of(document.tokens(), [&](const Token& t) {
        return t.kind == TokenKind::Number &&
               std::regex_match(std::string(document.text(t.text)), separated);
    });
    for (const Sentence& s : document.sentences()) {
        const bool other_figures = has_other_figures(document, s);
        for (std::size_t i = s.first_token; i < s.end_token; ++i) {
            const Token& t = document.tokens()[i];
            if (!is_free_standing(document, s, i, reference)) continue;
            const std::string text(document.text(t.text));
            if (t.kind == TokenKind::Number) {
                if (is_small_digit(text)) {
                    if (other_figures) continue;
                    uses.push_back(
                        {t.text, SmallDigits, true, std::string(kDigitWords[text[0] - '0'])});
                } else if (std::regex_match(text, separated)) {
                    std::string digits = text;
                    std::erase(digits, ',');
                    uses.push_back({t.text, Thousands, true, digits});
                } else if (std::regex_match(text, plain) && !is_machine_limit(text) &&
                           !is_date_stamp(text) && !in_number_column(document.prose.text, t.text) &&
                           counts_something(document, s, i, reference)) {
                    uses.push_back(
                        {t.text, Thousands, false, groups_digits ? with_commas(text) : ""});
                }
            } else if (t.kind == TokenKind::Word && !other_figures) {
                const auto n = std::ranges::find(kDigitWords, t.norm) - std::begin(kDigitWords);
                if (n < 2 || n > 9) continue;
                // A sentence does not start with digits.
                const bool first = i == s.first_token;
                uses.push_back({t.text, SmallDigits, false, first ? "" : std::to_string(n)});
            }
        }
    }
}

// Whether `span` overlaps a URL, e-mail address or handle (tokens are sorted by position).
bool in_link(const Document& document, Span span) {
    const auto& tokens = document.tokens();
    auto it = std::ranges::partition_point(
        tokens, [&](const Token& t) { return t.text.end <= span.begin; });
    for (; it != tokens.end() && it->text.begin < span.end; ++it) {
        const TokenKind kind = it->kind;
        if (kind == TokenKind::Url || kind == TokenKind::Email || kind == TokenKind::Handle)
            return true;
    }
    return false;
}

// The longest form matched here ("31st of September", "10:30 p.m.") fits in this many bytes.
constexpr std::size_t kWindow = 32;

// Calls `on_match` for each match of `pattern` starting at a token that `is_anchor` accepts,
// unless it touches a digit (a longer number) or lies inside a URL or e-mail address.
// Matching only at anchors keeps std::regex, which is slow, off most of the text.
template <class IsAnchor, class OnMatch>
void for_each_match(const Document& document, const std::regex& pattern, IsAnchor is_anchor,
                    OnMatch on_match) {
    const std::string_view text = document.prose.text;
    for (const Token& token : document.tokens()) {
        if (!is_anchor(token)) continue;
        const std::size_t begin = token.text.begin;
        const char* first = text.data() + begin;
        const char* last = text.data() + std::min(text.size(), begin + kWindow);
        auto flags = std::regex_constants::match_continuous;
        if (begin > 0) flags |= std::regex_constants::match_prev_avail;
        std::cmatch match;
        if (!std::regex_search(first, last, match, pattern, flags)) continue;
        const Span span(begin, begin + static_cast<std::size_t>(match.length(0)));
        const char before = style::byte_before(text, span.begin);
        if (is_digit(before) || before == '/' || before == '-' || before == ':') continue;
        if (is_digit(style::byte_at(text, span.end))) continue;
        if (!in_link(document, span)) on_match(match, span);
    }
}

bool is_number(const Token& token) {
    return token.kind == TokenKind::Number;
}

// 10:30 pm, 10.30pm, 22:30. A time without am/pm is only sure to be 24-hour from 13:00 or
// with a leading zero; 10.30 without am/pm is a decimal.
void find_times(const Document& document, std::vector<NumberUse>& uses) {
    static const std::regex time(R"((\d{1,2})([:.])(\d{2})(\s?([aApP])\.?[mM]\b\.?)?)");
    const std::string_view text = document.prose.text;
    for_each_match(document, time, is_number, [&](const std::cmatch& m, Span span) {
        const int hour = std::stoi(m[1].str()), minutes = std::stoi(m[3].str());
        const bool dotted = m[2].str() == ".";
        const std::string mm = m[3].str();
        if (hour > 23 || minutes > 59 || style::byte_at(text, span.end) == ':') return;
        if (!m[4].matched) {
            const bool leading_zero = m[1].length() == 2 && m[1].str()[0] == '0';
            if (dotted || (hour < 13 && !leading_zero)) return;
            const int h12 = hour % 12 == 0 ? 12 : hour % 12;
            uses.push_back(
                {span, Hour24, true, std::to_string(h12) + ":" + mm + (hour < 12 ? " am" : " pm")});
            return;
        }
        if (hour < 1 || hour > 12) return;
        const bool pm = m[5].str() == "p" || m[5].str() == "P";
        // "p.m." may also end the sentence: keep that full stop when rewriting to 22:30.
        const char after = style::byte_at(text, span.end + 1);
        const bool ends_sentence =
            text[span.end - 1] == '.' &&
            (after == '\n' || std::isupper(static_cast<unsigned char>(after)));
        const int h24 = hour % 12 + (pm ? 12 : 0);
        std::string h24_text = (h24 < 10 ? "0" : "") + std::to_string(h24) + ":" + mm;
        uses.push_back({span, Hour24, false, h24_text + (ends_sentence ? "." : "")});
        std::string swapped(text.substr(span.begin, span.size()));
        swapped[static_cast<std::size_t>(m.position(2) - m.position(0))] = dotted ? ':' : '.';
        uses.push_back({span, DottedTime, dotted, swapped});
    });
}

// 31/12/2020, 12/31/2020, 2020-12-31, 31 December, December 31st.
void find_dates(const Document& document, std::vector<NumberUse>& uses) {
    static const std::regex slashed(R"((\d{1,2})/(\d{1,2})/(\d{4}|\d{2})(?![/\d]))");
    static const std::regex iso(R"((\d{4})-(\d{2})-(\d{2})(?![-\d]))");
    static const std::string months =
        "(January|February|March|April|May|June|July|August|September|October|November|December)";
    static const std::regex day_month(R"((\d{1,2})(st|nd|rd|th)?( of)? )" + months + R"(\b)");
    static const std::regex month_day(months + R"( (\d{1,2})(st|nd|rd|th)?\b)");

    for_each_match(document, slashed, is_number, [&](const std::cmatch& m, Span span) {
        const int first = std::stoi(m[1].str()), second = std::stoi(m[2].str());
        const bool full_year = m[3].length() == 4;
        if (first > 12 && second > 12) return;
        if (first <= 12 && second <= 12) {  // either order: only an opportunity for ISO
            uses.push_back({span, IsoDate, false, ""});
            return;
        }
        const bool day_first = first > 12;
        const int day = day_first ? first : second, month = day_first ? second : first;
        if (day > 31) return;
        const std::string written = full_year ? written_date(day, month, m[3].str()) : "";
        uses.push_back({span, DayFirst, day_first, written});
        char iso_text[16];
        std::snprintf(iso_text, sizeof iso_text, "%s-%02d-%02d", m[3].str().c_str(), month, day);
        uses.push_back({span, IsoDate, false, full_year ? iso_text : ""});
    });
    for_each_match(document, iso, is_number, [&](const std::cmatch& m, Span span) {
        const int month = std::stoi(m[2].str()), day = std::stoi(m[3].str());
        if (month < 1 || month > 12 || day < 1 || day > 31) return;
        uses.push_back({span, IsoDate, true, written_date(day, month, m[1].str())});
    });
    const auto add_written = [&](Span span, int day, const std::string& month, bool day_first,
                                 bool has_ordinal) {
        if (day < 1 || day > 31) return;
        const std::string day_text = has_ordinal ? ordinal(day) : std::to_string(day);
        uses.push_back({span, DayMonth, day_first,
                        day_first ? month + " " + day_text : day_text + " " + month});
        const std::string other_day = has_ordinal ? std::to_string(day) : ordinal(day);
        uses.push_back({span, OrdinalDate, has_ordinal,
                        day_first ? other_day + " " + month : month + " " + other_day});
    };
    for_each_match(document, day_month, is_number, [&](const std::cmatch& m, Span span) {
        add_written(span, std::stoi(m[1].str()), m[4].str(), true, m[2].matched);
    });
    const auto is_month = [&](const Token& t) {
        return t.kind == TokenKind::Word && contains(kMonths, document.text(t.text));
    };
    for_each_match(document, month_day, is_month, [&](const std::cmatch& m, Span span) {
        add_written(span, std::stoi(m[2].str()), m[1].str(), false, m[3].matched);
    });
}

void find_percents(const Document& document, std::vector<NumberUse>& uses) {
    static const std::regex percent(R"(\b(per cent|percent)\b)", std::regex::icase);
    const auto is_per = [](const Token& t) { return t.norm == "per" || t.norm == "percent"; };
    for_each_match(document, percent, is_per, [&](const std::cmatch& m, Span span) {
        // "percent-encoded" is a term, not a percentage.
        if (style::byte_at(document.prose.text, span.end) == '-') return;
        const bool per_cent = m[1].str().find(' ') != std::string::npos;
        // Only "per cent" is rewritten: "percent" is today's usual form (American, and
        // common in British writing), whatever the 1961 reference texts preferred.
        uses.push_back(
            {span, PerCent, per_cent, per_cent ? style::match_casing(m[1].str(), "percent") : ""});
    });
}

}  // namespace

std::vector<NumberUse> find_number_uses(const Document& document, const Reference& reference) {
    std::vector<NumberUse> uses;
    find_in_tokens(document, reference, uses);
    find_times(document, uses);
    find_dates(document, uses);
    find_percents(document, uses);
    std::ranges::stable_sort(uses, {}, [](const NumberUse& u) { return u.span.begin; });
    return uses;
}

}  // namespace fantasma::numbers
