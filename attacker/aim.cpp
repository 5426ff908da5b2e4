#include "attacker/aim.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <optional>

#include "attacker/edited_text.hpp"
#include "stylometry/extract/extract.hpp"

namespace fantasma::attacker {
namespace {

// Bytes a replacement may hold and still be read as the prose it replaces, in every markup
// language: letters, digits, spaces, UTF-8 and sentence punctuation. Anything else (a
// backslash, a brace, an asterisk, a line break) may be markup, so the edit is judged on the
// whole edited source instead.
bool reads_as_prose(std::string_view replacement) {
    return std::ranges::all_of(replacement, [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte >= 0x80 || std::isalnum(byte) ||
               std::string_view(" .,;:!?'\"()-/").find(c) != std::string_view::npos;
    });
}

// Where `offset` of the original source is once `edits` (sorted, none overlapping it) are made.
std::size_t shifted(std::size_t offset, const std::vector<TextEdit>& edits) {
    std::size_t at = offset;
    for (const TextEdit& edit : edits) {
        if (edit.source.end > offset) break;
        at = at + edit.new_text.size() - edit.source.size();
    }
    return at;
}

// The attacker's aim at one source under edit. An edit inside one verbatim piece of the prose
// (prose.hpp) whose replacement reads as prose is an edit of the attacker's text at a known
// place, judged by EditedText; any other edit is judged on the whole edited source, and keeping
// one builds the text again from that source (the `base`).
class SourceUnderEdit final : public AimedSource {
  public:
    SourceUnderEdit(const Attacker& attacker, Language language, std::string_view source)
        : attacker_(attacker), language_(language), source_(source) {
        rebuild();
    }

    double log_odds() const override { return text_->log_odds(); }

    double log_odds_with(const TextEdit& edit) const override {
        if (const auto at = in_text(in_base(edit)))
            return text_->log_odds_with(at->first, at->second, edit.new_text);
        std::vector<TextEdit> edits = kept_;
        insert_sorted(edits, edit);
        return attacker_.judge(prose_of(apply_edits(source_, edits), language_)).log_odds;
    }

    void keep(const TextEdit& edit) override {
        const auto base = in_base(edit);
        const auto at = in_text(base);
        insert_sorted(kept_, edit);
        if (!at) return rebuild();
        text_->replace(at->first, at->second, edit.new_text);
        since_base_.push_back({base->first, static_cast<std::ptrdiff_t>(edit.new_text.size()) -
                                                static_cast<std::ptrdiff_t>(edit.source.size())});
    }

  private:
    void rebuild() {
        base_edits_ = kept_;
        since_base_.clear();
        base_source_ = apply_edits(source_, base_edits_);
        base_prose_ = extract(base_source_, language_);
        text_.emplace(attacker_, attacker_text(base_prose_.text));
    }

    // The edit's place in the base's prose: inside one verbatim piece, replaced by prose.
    std::optional<std::pair<std::size_t, std::size_t>> in_base(const TextEdit& edit) const {
        if (!reads_as_prose(edit.new_text)) return std::nullopt;
        const std::size_t begin = shifted(edit.source.begin, base_edits_);
        const std::size_t end = begin + edit.source.size();
        for (const Piece& piece : base_prose_.pieces) {
            if (piece.verbatim && piece.source.begin <= begin && end <= piece.source.end)
                return std::pair{piece.text.begin + (begin - piece.source.begin),
                                 piece.text.begin + (end - piece.source.begin)};
        }
        return std::nullopt;
    }

    // A place in the base's prose in the text as it now stands, after the edits kept since.
    std::optional<std::pair<std::size_t, std::size_t>> in_text(
        std::optional<std::pair<std::size_t, std::size_t>> in_base) const {
        if (!in_base) return in_base;
        std::ptrdiff_t shift = 0;
        for (const auto& [begin, growth] : since_base_)
            if (begin < in_base->first) shift += growth;
        return std::pair{in_base->first + shift, in_base->second + shift};
    }

    const Attacker& attacker_;
    Language language_;
    std::string_view source_;
    std::vector<TextEdit> kept_;        // every edit kept, sorted, in source_'s offsets
    std::vector<TextEdit> base_edits_;  // those made in base_source_
    std::string base_source_;
    Prose base_prose_;
    // The edits kept since: each one's begin in base_prose_'s text and how many bytes it added.
    std::vector<std::pair<std::size_t, std::ptrdiff_t>> since_base_;
    std::optional<EditedText> text_;
};

}  // namespace

RewriteAim aim_at(const Attacker& attacker, Language language, std::optional<double> target) {
    return {[&attacker, language](std::string_view source) {
                return attacker.judge(prose_of(source, language)).probability;
            },
            target,
            [&attacker, language](std::string_view source) {
                return std::make_unique<SourceUnderEdit>(attacker, language, source);
            }};
}

}  // namespace fantasma::attacker
