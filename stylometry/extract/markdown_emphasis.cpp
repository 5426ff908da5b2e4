// InlineScanner's emphasis handling and output: delimiter runs (* _ ~) are markup only when
// they pair up, as in CommonMark's flanking rules (simplified: no "rule of 3").
#include "stylometry/extract/markdown_inline.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace fantasma::markdown {
namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool is_punct(char c) {
    return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
           (c >= '{' && c <= '~');
}

}  // namespace

void InlineScanner::delimiter_run(std::size_t at, std::size_t length) {
    const char marker = text_[at];
    // The edges of the leaf count as whitespace.
    const char before = at > 0 ? text_[at - 1] : ' ';
    const char after = at + length < text_.size() ? text_[at + length] : ' ';
    const bool left_flanking =
        !is_space(after) && (!is_punct(after) || is_space(before) || is_punct(before));
    const bool right_flanking =
        !is_space(before) && (!is_punct(before) || is_space(after) || is_punct(after));
    Item item = Item::text(at, at + length);
    item.kind = Item::Kind::Delimiter;
    item.marker = marker;
    if (marker == '_') {  // snake_case stays a word
        item.can_open = left_flanking && (!right_flanking || is_punct(before));
        item.can_close = right_flanking && (!left_flanking || is_punct(after));
    } else if (marker == '~' && length > 2) {  // GFM strikethrough is ~ or ~~
        item.can_open = item.can_close = false;
    } else {
        item.can_open = left_flanking;
        item.can_close = right_flanking;
    }
    items_.push_back(std::move(item));
}

void InlineScanner::resolve_delimiters() {
    std::vector<std::size_t> openers;  // indices into items_
    // For each kind of closer, how many openers at the bottom of the stack a search found
    // none of its kind in (CommonMark's "openers bottom"): without it, 50,000 unmatched
    // closers over 50,000 openers of another kind take 2.5 billion steps.
    std::map<std::pair<char, std::size_t>, std::size_t> searched;
    for (std::size_t index = 0; index < items_.size(); ++index) {
        Item& item = items_[index];
        if (item.kind != Item::Kind::Delimiter) continue;
        if (item.can_close) {
            // Strikethrough closes only a run of its own length.
            const std::pair kind{item.marker, item.marker == '~' ? item.end - item.begin : 0};
            std::size_t& bottom = searched[kind];
            std::size_t depth = openers.size();
            while (depth > bottom) {
                const Item& opener = items_[openers[depth - 1]];
                const bool same_length = opener.end - opener.begin == item.end - item.begin;
                if (opener.marker == item.marker && (item.marker != '~' || same_length)) break;
                --depth;
            }
            if (depth == bottom) bottom = openers.size();
            if (depth > bottom) {
                items_[openers[depth - 1]].matched = true;
                item.matched = true;
                openers.resize(depth - 1);
                for (auto& [other, other_bottom] : searched)
                    other_bottom = std::min(other_bottom, openers.size());
                continue;
            }
        }
        if (item.can_open) openers.push_back(index);
    }
}

void InlineScanner::flush_items(ProseBuilder& builder) const {
    for (const Item& item : items_) {
        if (item.kind == Item::Kind::Synthetic) {
            builder.synthetic(item.replacement, origin_[item.begin], origin_[item.end - 1] + 1);
            continue;
        }
        if (item.kind == Item::Kind::Delimiter && item.matched) continue;
        for (std::size_t i = item.begin; i < item.end; ++i) {
            builder.verbatim(origin_[i], origin_[i] + 1);
        }
    }
}

}  // namespace fantasma::markdown
