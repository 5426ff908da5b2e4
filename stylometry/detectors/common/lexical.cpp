#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/text/codepoint.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace fantasma::lexical {
namespace {

// Calls `visit(category)` for each code point of `text` until it returns false.
template <class Visit>
void for_each_category(std::string_view text, Visit visit) {
    const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
    auto remaining = static_cast<utf8proc_ssize_t>(text.size());
    while (remaining > 0) {
        utf8proc_int32_t code_point = 0;
        const utf8proc_ssize_t length = utf8proc_iterate(bytes, remaining, &code_point);
        if (length <= 0) return;  // invalid UTF-8: stop rather than guess
        if (!visit(utf8proc_category(code_point))) return;
        bytes += length;
        remaining -= length;
    }
}

bool is_letter(utf8proc_category_t category) {
    return category >= UTF8PROC_CATEGORY_LU && category <= UTF8PROC_CATEGORY_LO;
}

std::string format(const char* pattern, double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, pattern, value);
    return buffer;
}

}  // namespace

bool starts_upper(std::string_view text) {
    bool upper = false;
    for_each_category(text, [&](utf8proc_category_t category) {
        upper = category == UTF8PROC_CATEGORY_LU;
        return false;
    });
    return upper;
}

bool is_all_caps(std::string_view text) {
    std::size_t upper = 0;
    bool other_letter = false;
    for_each_category(text, [&](utf8proc_category_t category) {
        if (category == UTF8PROC_CATEGORY_LU)
            ++upper;
        else if (is_letter(category))
            other_letter = true;
        return !other_letter;
    });
    return upper >= 2 && !other_letter;
}

std::size_t letter_count(std::string_view word) {
    std::size_t letters = 0;
    for_each_category(word, [&](utf8proc_category_t category) {
        if (is_letter(category)) ++letters;
        return true;
    });
    return letters;
}

std::size_t match_phrase(const std::vector<Token>& tokens, std::size_t at, std::size_t end,
                         std::string_view phrase) {
    // Detectors try every phrase of a list at every token: rejecting on the first letter
    // before splitting the phrase keeps that cheap (the result is the same).
    if (phrase.empty() || at >= end) return 0;
    const std::string_view first = tokens[at].norm;
    if (!first.empty() && first.front() != phrase.front()) return 0;
    std::size_t matched = 0;
    while (!phrase.empty()) {
        const std::size_t space = phrase.find(' ');
        const std::string_view word = phrase.substr(0, space);
        const std::size_t index = at + matched;
        if (index >= end || !is_word(tokens[index]) || tokens[index].norm != word) return 0;
        ++matched;
        phrase.remove_prefix(space == std::string_view::npos ? phrase.size() : space + 1);
    }
    return matched;
}

PhraseIndex::PhraseIndex(std::span<const std::string_view> phrases) {
    for (std::size_t i = 0; i < phrases.size(); ++i) {
        by_first_word_[phrases[i].substr(0, phrases[i].find(' '))].push_back(i);
    }
}

const std::vector<std::size_t>& PhraseIndex::starting_with(std::string_view word) const {
    const auto found = by_first_word_.find(word);
    return found == by_first_word_.end() ? none_ : found->second;
}

std::string feature_key(std::string_view phrase) {
    std::string key(phrase);
    std::ranges::replace(key, ' ', '_');
    return key;
}

namespace {

bool is_capitalised_word(const Document& document, std::size_t i, std::size_t end) {
    if (i >= end || !is_word(document.tokens()[i])) return false;
    const Token& token = document.tokens()[i];
    return starts_upper(document.text(token.text)) && token.norm != "i" &&
           !token.norm.starts_with("i'");
}

}  // namespace

std::size_t capitalised_run(const Document& document, std::size_t at, std::size_t end) {
    const std::vector<Token>& tokens = document.tokens();
    if (!is_capitalised_word(document, at, end)) return at;
    std::size_t run_end = at + 1;
    // Whether the run starts a line: a line that holds nothing but a name (a sign-off,
    // "Phillip") ends with it, and the next line's capitalised word opens something else
    // ("Greg, I looked at the draft" in a run-on thread).
    const std::string_view before = document.text(Span{0, tokens[at].text.begin});
    const std::size_t line_start = before.find_last_of('\n');
    const bool starts_line =
        before.find_first_not_of(" \t",
                                 line_start == std::string_view::npos ? 0 : line_start + 1) ==
        std::string_view::npos;
    // A name ends at a possessive ("Jim Hester's Covr package") and at a column's gap
    // ("Johnny Lee            Ralf Brown" in a credits table): what follows is another's.
    const auto ends_name = [&](std::size_t last) {
        const std::string_view word = document.text(tokens[last].text);
        if (word.ends_with("'s") || word.ends_with("\u2019s")) return true;
        if (last + 1 >= tokens.size()) return false;
        const std::string_view gap =
            document.text(Span{tokens[last].text.end, tokens[last + 1].text.begin});
        return gap.find("  ") != std::string_view::npos ||
               gap.find('\t') != std::string_view::npos ||
               (starts_line && gap.find('\n') != std::string_view::npos);
    };
    while (run_end < end && !ends_name(run_end - 1)) {
        const Token& next = tokens[run_end];
        if (is_capitalised_word(document, run_end, end) && !is_title(next.norm)) {
            ++run_end;
            continue;
        }
        // A double-barrelled name ("Foreman-Mackey", "Drlica-Wagner"): a hyphen with no space
        // on either side, between two capitalised words.
        if (document.text(next.text) == "-" && !next.space_before && run_end + 1 < end &&
            !tokens[run_end + 1].space_before && is_capitalised_word(document, run_end + 1, end)) {
            run_end += 2;
            continue;
        }
        // An initial's full stop ("J. R. R. Tolkien"), or a lower-case link between two
        // capitalised words ("University of Michigan", "Johnson & Johnson").
        const bool initial =
            document.text(next.text) == "." && letter_count(tokens[run_end - 1].norm) == 1;
        static constexpr std::string_view links[] = {"of", "de", "van", "von", "da", "du", "&"};
        const bool link = std::ranges::find(links, document.text(next.text)) != std::end(links);
        if ((initial || link) && is_capitalised_word(document, run_end + 1, end)) {
            run_end += 2;
            continue;
        }
        break;
    }
    return run_end;
}

bool is_title(std::string_view lower_word) {
    static constexpr std::string_view titles[] = {
        "mr", "mrs", "ms", "dr", "prof", "professor", "sir", "dame", "aunt", "uncle", "miss"};
    return std::ranges::find(titles, lower_word) != std::end(titles);
}

bool is_common_capitalised(std::string_view lower_word) {
    static constexpr std::string_view words[] = {
        "monday",       "tuesday",   "wednesday", "thursday",  "friday",   "saturday",  "sunday",
        "january",      "february",  "march",     "april",     "may",      "june",      "july",
        "august",       "september", "october",   "november",  "december", "christmas", "easter",
        "thanksgiving", "halloween", "english",   "american",  "british",  "french",    "german",
        "spanish",      "chinese",   "european",  "christian", "muslim",   "jewish",    "god",
        "internet",     "figure",    "fig",       "table",     "chapter",  "section",   "appendix",
        "equation",     "part",      "page",      "mr",        "mrs",      "ms",        "dr"};
    return std::ranges::find(words, lower_word) != std::end(words);
}

bool is_running_prose(const Document& document, const Sentence& sentence) {
    const std::vector<Block>& blocks = document.prose.blocks;
    const auto after = std::ranges::upper_bound(blocks, sentence.text.begin, std::less<>{},
                                                [](const Block& b) { return b.text.begin; });
    if (after != blocks.begin()) {
        const BlockKind kind = std::prev(after)->kind;
        if (kind == BlockKind::Heading || kind == BlockKind::Title ||
            kind == BlockKind::TableCell) {
            return false;
        }
    }
    static constexpr std::string_view headers[] = {
        "From:",     "To:",         "Cc:",          "Date:",        "Subject:",
        "Reply-To:", "Message-ID:", "Message-Id:",  "In-Reply-To:", "References:",
        "Sender:",   "Newsgroups:", "Organization:"};
    const std::string_view text = document.text(sentence.text);
    return std::ranges::none_of(headers, [&](std::string_view h) { return text.starts_with(h); });
}

std::size_t first_word(const std::vector<Token>& tokens, const Sentence& sentence) {
    std::size_t first = sentence.first_token;
    while (first < sentence.end_token && !is_word(tokens[first])) ++first;
    return first;
}

bool is_title_case(const Document& document, const Sentence& sentence) {
    std::size_t words = 0, capitalised = 0, in_capitals = 0;
    for (std::size_t i = sentence.first_token; i < sentence.end_token; ++i) {
        if (!is_word(document.tokens()[i])) continue;
        ++words;
        capitalised += is_capitalised_word(document, i, sentence.end_token) ? 1 : 0;
        const std::string_view text = document.text(document.tokens()[i].text);
        in_capitals += text.size() > 1 && is_all_caps(text) ? 1 : 0;
    }
    if (sentence.end_token == sentence.first_token) return false;
    if (words >= 3 && in_capitals * 2 > words) return true;
    // A headline has no closing full stop; a sentence listing names does.
    const std::string_view last = document.text(document.tokens()[sentence.end_token - 1].text);
    const bool closed = last.find_first_of(".!?") != std::string_view::npos;
    return words >= 3 && capitalised * 2 > words && !closed;
}

std::string joined_words(const std::vector<Token>& tokens, std::size_t begin, std::size_t end) {
    std::string joined;
    for (std::size_t i = begin; i < end; ++i) {
        if (!is_word(tokens[i])) continue;
        if (!joined.empty()) joined += ' ';
        joined += tokens[i].norm;
    }
    return joined;
}

namespace {

// Whether a one-digit part of `number` stands beside a dot, as in versions (Build Tools
// 14.0.25123.0, 11.0.0-2, clang-1103.0.32.62). Dotted phone numbers group two digits or more
// (555.123.4567, 01.42.68.53.00); a one-digit part of a phone number is a country or trunk
// code beside a space, a hyphen or a bracket (1-800-555-0199, +49 (0) 89).
bool has_dotted_digit(std::string_view number) {
    const auto digit_at = [&](std::size_t i) {
        return i < number.size() && std::isdigit(static_cast<unsigned char>(number[i]));
    };
    for (std::size_t i = 0; i < number.size(); ++i) {
        if (!digit_at(i) || (i > 0 && digit_at(i - 1)) || digit_at(i + 1)) continue;
        if ((i > 0 && number[i - 1] == '.') || (i + 1 < number.size() && number[i + 1] == '.'))
            return true;
    }
    return false;
}

// Whether `number` (digits and separators) has the shape of something else that a run of
// digit groups can be: an ISO date, with the time after it ("2009-12-06 10:11:19" in a diff's
// header), or a US ZIP+4 code ("Portland, OR 97208-2311").
bool is_date_or_postal_code(std::string_view number) {
    const auto digits_at = [&](std::size_t begin, std::size_t count) {
        return begin + count <= number.size() &&
               std::all_of(number.begin() + static_cast<std::ptrdiff_t>(begin),
                           number.begin() + static_cast<std::ptrdiff_t>(begin + count),
                           [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    };
    const bool iso_date = digits_at(0, 4) && number.size() >= 10 && number[4] == '-' &&
                          digits_at(5, 2) && number[7] == '-' && digits_at(8, 2);
    const bool zip_plus_four =
        number.size() == 10 && digits_at(0, 5) && number[5] == '-' && digits_at(6, 4);
    return iso_date || zip_plus_four;
}

}  // namespace

bool is_role_address(std::string_view address) {
    static constexpr std::string_view kRoles[] = {
        "support",  "tech-support", "techsupport", "help",       "helpdesk",        "info",
        "office",   "contact",      "webmaster",   "postmaster", "hostmaster",      "abuse",
        "admin",    "sales",        "press",       "media",      "noreply",         "no-reply",
        "security", "enquiries",    "inquiries",   "service",    "customerservice", "billing",
        "feedback", "bugs",         "editor",      "editors",    "membership",      "registrar",
        "bug",      "permissions",  "copyright",   "rights",     "submissions",     "licensing",
        "orders",   "subscriptions"};
    const std::size_t at = address.find('@');
    if (at == std::string_view::npos) return false;
    const std::string local = text::ascii_lower(address.substr(0, at));
    // "latex-bugs", "tex_support", "journal.office": a role joined to a project's name.
    for (std::size_t begin = 0; begin <= local.size();) {
        std::size_t end = local.find_first_of("-_.", begin);
        if (end == std::string::npos) end = local.size();
        if (std::ranges::find(kRoles, std::string_view(local).substr(begin, end - begin)) !=
            std::end(kRoles)) {
            return true;
        }
        begin = end + 1;
    }
    return false;
}

bool is_placeholder_address(std::string_view address) {
    const std::size_t at = address.find('@');
    if (at == std::string_view::npos) return false;
    const std::string domain = text::ascii_lower(address.substr(at + 1));
    // Publishers' templates write these where the author's address goes. (RFC 2606's example
    // domains are what documentation and this project's tests use for a real address, and a
    // real document names them seldom enough to keep.)
    static constexpr std::string_view kDomains[] = {
        "sample.com",      "domain.com",      "university.edu",  "institution.edu",
        "institution.org", "affiliation.org", "corporation.com", "company.com"};
    static constexpr std::string_view kTopLevel[] = {".invalid", ".localhost"};
    const auto under = [&](std::string_view name) {
        return domain == name || (domain.size() > name.size() && domain.ends_with(name) &&
                                  domain[domain.size() - name.size() - 1] == '.');
    };
    return std::ranges::any_of(kDomains, under) ||
           std::ranges::any_of(kTopLevel,
                               [&](std::string_view tld) { return domain.ends_with(tld); });
}

std::vector<Span> find_phone_numbers(std::string_view text) {
    auto digit = [&](std::size_t i) { return std::isdigit(static_cast<unsigned char>(text[i])); };
    auto word_char = [&](std::size_t i) {
        return std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '.';
    };
    std::vector<Span> found;
    std::size_t at = 0;
    while (at < text.size()) {
        const char first = text[at];
        // Glued to what comes before (a package version's "-++20211015123032"), it is no
        // number of its own.
        const bool glued =
            at > 0 && (word_char(at - 1) ||
                       std::string_view("+-~_=").find(text[at - 1]) != std::string_view::npos);
        if (!(first == '+' || first == '(' || digit(at)) || glued) {
            ++at;
            continue;
        }
        std::size_t digits = 0, groups = 0, group = 0, longest = 0, end = at;
        // "1 000 999 999", "12 345 678": a number grouped in thousands (SI style), no phone.
        bool thousands = true;
        std::size_t lead = 0;
        std::size_t i = first == '+' ? at + 1 : at;
        for (; i < text.size(); ++i) {
            if (digit(i)) {
                ++digits;
                ++group;
                end = i + 1;
                continue;
            }
            if (std::string_view(" -.()").find(text[i]) == std::string_view::npos) break;
            if (text.substr(i, 2) == "..") break;  // a range (1000..60000), not a number
            if (i + 1 < text.size() && text[i] == ' ' && !digit(i + 1) && text[i + 1] != '(') {
                break;
            }
            if (group > 0) {
                if (groups == 0) lead = group;
                thousands = thousands && text[i] == ' ' && (groups == 0 || group == 3);
            }
            groups += group > 0 ? 1 : 0;
            longest = std::max(longest, group);
            group = 0;
        }
        if (group > 0) thousands = thousands && groups > 0 && group == 3;
        groups += group > 0 ? 1 : 0;
        longest = std::max(longest, group);
        thousands = thousands && lead < 3;
        // "\pdfglyphtounicode{ffi}{0066 0066 0069}": a command's argument, glyph codes.
        const bool argument =
            at > 0 && text[at - 1] == '{' && end < text.size() && text[end] == '}';
        // An international prefix makes it a phone whatever its grouping (+49 89 1234567);
        // without one, groups of at most six digits do (020 7946 0958).
        const bool grouped = first == '+' || (groups >= 2 && longest <= 6);
        const bool ends_clean = end == text.size() || !word_char(end) || text[end] == '.';
        const bool phone = digits >= 9 && digits <= 15 && grouped && ends_clean && !thousands &&
                           !argument && !has_dotted_digit(text.substr(at, end - at)) &&
                           !is_date_or_postal_code(text.substr(at, end - at));
        if (phone) found.push_back({at, end});
        at = std::max(i, at + 1);
    }
    return found;
}

std::string per_thousand_words(double rate) {
    return format("%.1f per 1,000 words", rate * 1000);
}

std::string percent(double share) {
    return format("%.0f%%", share * 100);
}

std::string median_note(const HabitScore& score, std::string (*format_rate)(double)) {
    if (!score.known) return "";
    return " (the median writer: " + format_rate(score.median) + ")";
}

std::string rarity_note(const HabitScore& score) {
    return format(" Only about 1 writer in %.0f goes this far from the median.",
                  std::exp2(score.bits));
}

Marker habit_marker(std::string_view code, std::string_view feature, const HabitScore& score,
                    std::vector<Span> spans, std::string message) {
    Marker marker;
    marker.code = code;
    marker.feature = feature;
    marker.spans = std::move(spans);
    marker.message = std::move(message);
    marker.bits = score.bits;
    marker.population_bits = score.bits;
    return marker;
}

Marker identity_marker(std::string_view code, std::vector<Span> spans, std::string message,
                       double bits) {
    Marker marker;
    marker.code = code;
    marker.spans = std::move(spans);
    marker.message = std::move(message) +
                     " It is flagged for you to decide; fantasma never rewrites it for you.";
    marker.bits = bits;
    marker.population_bits = bits;
    marker.identity = true;
    return marker;
}

}  // namespace fantasma::lexical
