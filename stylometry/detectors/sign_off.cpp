#include "stylometry/detectors/sign_off.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/leaks/person_names.hpp"
#include "stylometry/text/codepoint.hpp"

namespace fantasma {
namespace {

constexpr std::size_t kTailLines = 5;  // a signature is at most this many lines
constexpr std::size_t kMaxNameWords = 4;
constexpr double kSignatureBits = 8;  // a name, maybe more (title, company)
constexpr double kClosingBits = 1;    // a closing word alone: a habit, not a name
constexpr double kDeviceBits = 2;

// Longer closings first, so "best regards" wins over "best".
constexpr std::string_view kClosings[] = {"with best wishes",
                                          "warmest regards",
                                          "best regards",
                                          "kind regards",
                                          "warm regards",
                                          "best wishes",
                                          "all the best",
                                          "many thanks",
                                          "thanks again",
                                          "thank you",
                                          "yours sincerely",
                                          "yours truly",
                                          "yours faithfully",
                                          "sincerely",
                                          "regards",
                                          "cheers",
                                          "thanks",
                                          "best",
                                          "love",
                                          "xoxo",
                                          "take care",
                                          "talk soon",
                                          "respectfully",
                                          "warmly",
                                          "hugs"};

std::size_t word_count(std::string_view text) {
    std::size_t words = 0;
    bool in_word = false;
    for (char c : text) {
        const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
        words += !space && !in_word ? 1 : 0;
        in_word = !space;
    }
    return words;
}

// Whether `line` is a closing ("Best,", "Cheers, J.", "Thanks!"), and whether it names the
// writer on the same line.
bool is_closing(std::string_view line, bool& names_writer) {
    const std::string lowered = text::ascii_lower(line);
    for (std::string_view closing : kClosings) {
        if (!lowered.starts_with(closing)) continue;
        std::string_view rest = line.substr(closing.size());
        if (!rest.empty() && std::isalpha(static_cast<unsigned char>(rest.front()))) continue;
        while (!rest.empty() &&
               std::string_view(" ,!.-").find(rest.front()) != std::string_view::npos) {
            rest.remove_prefix(1);
        }
        names_writer = !rest.empty();
        return rest.empty() || (lexical::starts_upper(rest) && word_count(rest) <= kMaxNameWords);
    }
    return false;
}

// Whether `line`, the last of the text and a paragraph of its own, is a closing in any
// language with the writer's name after its comma ("Saludos, Valentina Acosta", "Merci,
// Imane", "Thanks a lot, Kasia"): a few words, a comma, and one to four words that are names
// or that no dictionary knows.
bool is_named_closing(std::string_view line, const Reference& reference) {
    const std::size_t comma = line.rfind(',');
    if (comma == std::string_view::npos || comma == 0 || word_count(line) > kMaxNameWords + 5 ||
        word_count(line.substr(0, comma)) > 5) {
        return false;
    }
    std::string_view name = line.substr(comma + 1);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && std::string_view(" !").find(name.back()) != std::string_view::npos)
        name.remove_suffix(1);
    const std::size_t words = word_count(name);
    if (words == 0 || words > kMaxNameWords) return false;
    const leaks::PersonNames& names = leaks::PersonNames::builtin();
    for (std::size_t at = 0; at < name.size();) {
        std::size_t end = name.find(' ', at);
        if (end == std::string_view::npos) end = name.size();
        const std::string_view word = name.substr(at, end - at);
        at = end + 1;
        if (word.empty()) continue;
        if (!leaks::name_word(word, text::normalized_word(word), names, reference)) return false;
    }
    return true;
}

}  // namespace

void SignOff::detect(const DetectionContext& context, MarkerSink& sink) const {
    const std::string_view text = context.document.prose.text;
    if (context.document.word_count == 0) return;
    // The last non-empty lines, trimmed, as prose spans.
    std::vector<Span> lines;
    for (std::size_t end = text.size(); end > 0 && lines.size() < kTailLines;) {
        const std::size_t newline = text.rfind('\n', end - 1);
        const std::size_t begin = newline == std::string_view::npos ? 0 : newline + 1;
        const std::size_t first = text.find_first_not_of(" \t\r", begin);
        const std::size_t last = text.find_last_not_of(" \t\r", end - 1);
        if (first != std::string_view::npos && first < end && last >= first)
            lines.insert(lines.begin(), Span{first, last + 1});
        end = newline == std::string_view::npos ? 0 : newline;
    }

    bool signed_off = false;
    for (std::size_t i = 0; i < lines.size() && !signed_off; ++i) {
        const std::string_view line = text.substr(lines[i].begin, lines[i].size());
        const bool after_short = std::all_of(
            lines.begin() + static_cast<std::ptrdiff_t>(i) + 1, lines.end(), [&](Span s) {
                return word_count(text.substr(s.begin, s.size())) <= kMaxNameWords + 2;
            });
        bool names_writer = false;
        const bool delimiter = line == "--" && i + 1 < lines.size();
        // The text's last line, after a blank one.
        const std::string_view before = text.substr(0, lines[i].begin);
        const std::size_t last_text = before.find_last_not_of(" \t\r\n");
        const bool last_paragraph = i + 1 == lines.size() && last_text != std::string_view::npos &&
                                    std::ranges::count(before.substr(last_text + 1), '\n') >= 2;
        if (last_paragraph && is_named_closing(line, context.reference)) names_writer = true;
        if (!after_short || !(delimiter || names_writer || is_closing(line, names_writer))) {
            continue;
        }
        signed_off = true;
        names_writer = names_writer || delimiter || i + 1 < lines.size();
        const Span span{lines[i].begin, lines.back().end};
        sink.mark(lexical::identity_marker(
            code(), {span},
            names_writer ? "This sign-off or signature ends the text with your name, which tells a "
                           "reader who wrote it."
                         : "Closing with \"" + std::string(line) +
                               "\" is a personal habit that "
                               "links your texts together.",
            names_writer ? kSignatureBits : kClosingBits));
    }
    for (Span line : lines) {
        if (text::ascii_lower(text.substr(line.begin, line.size())).starts_with("sent from my ")) {
            sink.mark(
                lexical::identity_marker(code(), {line},
                                         "\"" + std::string(text.substr(line.begin, line.size())) +
                                             "\" tells a reader which device you write on.",
                                         kDeviceBits));
        }
    }
    sink.measure("sign-off.present", signed_off ? 1 : 0, 1);
}

}  // namespace fantasma
