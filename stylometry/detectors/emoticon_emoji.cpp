#include "stylometry/detectors/emoticon_emoji.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "stylometry/detectors/common/style_choice.hpp"

namespace fantasma {
namespace {

struct KindInfo {
    TokenKind kind;
    std::string_view feature;
    std::string_view plural;
};
constexpr std::array<KindInfo, 2> kKinds = {{
    {TokenKind::Emoji, "emoji.rate", "emoji"},
    {TokenKind::Emoticon, "emoticon.rate", "emoticons"},
}};
constexpr double kPriorWords = 300;  // a short note's one smiley says little

// The token with the space before it, so removing it leaves single spacing.
Span removal_span(std::string_view text, const Token& token) {
    const bool spaced = token.space_before && style::byte_before(text, token.text.begin) == ' ';
    return spaced ? Span(token.text.begin - 1, token.text.end) : token.text;
}

// Whether the token is all its block holds (a table cell that says ✔): a symbol standing for
// data, not a habit of writing; removing it would change what the table says.
bool is_whole_block(const Prose& prose, const Token& token) {
    const auto block = std::ranges::partition_point(
        prose.blocks, [&](const Block& b) { return b.text.end <= token.text.begin; });
    if (block == prose.blocks.end()) return false;
    std::string_view text = prose.view(block->text);
    const std::size_t first = text.find_first_not_of(" \t\n");
    const std::size_t last = text.find_last_not_of(" \t\n");
    if (first == std::string_view::npos) return false;
    return block->text.begin + first == token.text.begin &&
           block->text.begin + last + 1 == token.text.end;
}

}  // namespace

void EmoticonEmoji::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const auto words = static_cast<double>(document.word_count);
    std::array<double, kKinds.size()> counts{};
    std::vector<const Token*> uses;
    for (const Token& token : document.tokens()) {
        if (is_whole_block(document.prose, token)) continue;
        for (std::size_t k = 0; k < kKinds.size(); ++k) {
            if (token.kind != kKinds[k].kind) continue;
            counts[k] += 1;
            uses.push_back(&token);
        }
    }
    std::array<std::string, kKinds.size()> messages;  // empty: not remarkable here
    std::array<HabitScore, kKinds.size()> scores;
    for (std::size_t k = 0; k < kKinds.size(); ++k) {
        sink.measure(kKinds[k].feature, counts[k], words);
        scores[k] =
            score_habit(context.reference, kKinds[k].feature, counts[k], words, kPriorWords);
        const bool above = !scores[k].known || scores[k].rate > scores[k].median;
        if (counts[k] == 0 || !above || !style::is_notable(scores[k])) continue;
        const std::string plural(kKinds[k].plural);
        messages[k] = "Uses " + plural + ": " + std::to_string(static_cast<int>(counts[k])) +
                      " in " + std::to_string(document.word_count) + " words (" +
                      style::per_thousand_words(counts[k], words) +
                      "); which ones and how often is personal." +
                      style::reference_figure(scores[k], "use " + plural + " this often");
    }
    for (const Token* token : uses) {
        for (std::size_t k = 0; k < kKinds.size(); ++k) {
            if (token->kind != kKinds[k].kind || messages[k].empty()) continue;
            sink.mark(style::habit_marker(code(), kKinds[k].feature,
                                          removal_span(document.prose.text, *token), messages[k],
                                          scores[k], {style::use_fix("")}));
        }
    }
}

}  // namespace fantasma
