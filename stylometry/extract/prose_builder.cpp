#include "stylometry/extract/prose_builder.hpp"

#include <algorithm>
#include <utility>

namespace fantasma {
namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\v';
}

bool is_closing_punctuation(char c) {
    return c == ',' || c == '.' || c == ';' || c == ':' || c == '!' || c == '?' || c == ')';
}

void move_append(std::vector<std::vector<std::string>>& to,
                 std::vector<std::vector<std::string>>& from) {
    for (auto& codes : from) to.push_back(std::move(codes));
    from.clear();
}

}  // namespace

ProseBuilder::ProseBuilder(std::string_view source, Language language)
    : source_(source), language_(language) {}

void ProseBuilder::begin_block(BlockKind kind) {
    end_block();
    block_open_ = true;
    block_has_content_ = false;
    block_kind_ = kind;
}

void ProseBuilder::open_if_needed() {
    if (!block_open_) begin_block(BlockKind::Paragraph);
}

void ProseBuilder::start_content() {
    if (block_has_content_) return;
    if (!text_.empty()) {
        // The separator maps to the end of the previous block's source: a position between
        // the two blocks, never inside either.
        const std::size_t at = pieces_.back().source.end;
        pieces_.push_back({{text_.size(), text_.size() + 2}, {at, at}, false});
        text_ += "\n\n";
    }
    block_has_content_ = true;
    block_text_begin_ = text_.size();
}

void ProseBuilder::append_byte(std::size_t source_offset) {
    const char c = source_[source_offset];
    if (c == '\r') return;
    if (!block_has_content_ && is_space(c)) return;
    if (c == '\n') {
        trim_block_end(/*newlines_too=*/false);  // spaces before a line break are never prose
        if (text_.back() == '\n') return;
    } else if ((c == ' ' || c == '\t') && block_has_content_ &&
               (text_.back() == ' ' || text_.back() == '\n') &&
               !continues_last_piece(source_offset)) {
        return;  // markup removed between two spaces would leave a double space never typed
    } else if (is_closing_punctuation(c) && block_has_content_ && text_.back() == ' ' &&
               pieces_.back().verbatim && !continues_last_piece(source_offset)) {
        trim_block_end(/*newlines_too=*/false);  // "cited by \cite{x}." reads "cited by."
    }
    start_content();
    if (continues_last_piece(source_offset)) {
        Piece& last = pieces_.back();
        ++last.source.end;
        ++last.text.end;
        text_ += c;
        return;
    }
    pieces_.push_back({{text_.size(), text_.size() + 1}, {source_offset, source_offset + 1}, true});
    text_ += c;
}

void ProseBuilder::verbatim(std::size_t begin, std::size_t end) {
    end = std::min(end, source_.size());
    if (begin >= end) return;
    open_if_needed();
    for (std::size_t i = begin; i < end; ++i) append_byte(i);
}

void ProseBuilder::synthetic(std::string_view text, std::size_t begin, std::size_t end) {
    open_if_needed();
    if (!block_has_content_) {
        while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    } else if (!text.empty() && text.front() == '\n') {
        trim_block_end(/*newlines_too=*/false);
        if (text_.back() == '\n') {
            while (!text.empty() && text.front() == '\n') text.remove_prefix(1);
        }
    }
    if (text.empty()) return;
    begin = std::min(begin, source_.size());
    end = std::clamp(end, begin, source_.size());
    start_content();
    pieces_.push_back({{text_.size(), text_.size() + text.size()}, {begin, end}, false});
    text_ += text;
}

bool ProseBuilder::continues_last_piece(std::size_t source_offset) const {
    if (pieces_.empty()) return false;
    const Piece& last = pieces_.back();
    return last.verbatim && last.source.end == source_offset && last.text.end == text_.size();
}

void ProseBuilder::trim_block_end(bool newlines_too) {
    if (!block_has_content_) return;
    while (
        text_.size() > block_text_begin_ &&
        (newlines_too ? is_space(text_.back()) : (text_.back() == ' ' || text_.back() == '\t'))) {
        Piece& last = pieces_.back();
        text_.pop_back();
        --last.text.end;
        if (last.verbatim) --last.source.end;
        if (last.text.empty()) pieces_.pop_back();
    }
}

void ProseBuilder::end_block() {
    if (!block_open_) return;
    block_open_ = false;
    if (!block_has_content_) {
        move_append(ignores_for_next_, ignores_after_current_);
        return;
    }
    trim_block_end(/*newlines_too=*/true);
    const Span block_text{block_text_begin_, text_.size()};
    blocks_.push_back({block_text, block_kind_});
    for (auto& codes : ignores_for_next_) ignores_.push_back({block_text, std::move(codes)});
    for (auto& codes : ignores_for_current_) ignores_.push_back({block_text, std::move(codes)});
    ignores_for_next_.clear();
    ignores_for_current_.clear();
    move_append(ignores_for_next_, ignores_after_current_);
    block_has_content_ = false;
}

void ProseBuilder::ignore_next_block(std::vector<std::string> codes) {
    (block_has_text() ? ignores_after_current_ : ignores_for_next_).push_back(std::move(codes));
}

void ProseBuilder::ignore_current_block(std::vector<std::string> codes) {
    (block_has_text() ? ignores_for_current_ : ignores_for_next_).push_back(std::move(codes));
}

void ProseBuilder::aside(std::size_t begin, std::size_t end) {
    if (begin < end) asides_.emplace_back(begin, end);
}

Prose ProseBuilder::finish() {
    end_block();
    Prose prose;
    prose.language = language_;
    prose.text = std::move(text_);
    prose.pieces = std::move(pieces_);
    prose.blocks = std::move(blocks_);
    prose.ignores = std::move(ignores_);
    std::ranges::sort(asides_, {}, &Span::begin);
    prose.asides = std::move(asides_);
    return prose;
}

std::vector<std::string> parse_ignore_codes(std::string_view after_keyword) {
    std::vector<std::string> codes;
    std::string current;
    for (const char c : after_keyword) {
        if (is_space(c) || c == ',' || c == '\r') {
            if (!current.empty()) codes.push_back(std::move(current));
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.empty()) codes.push_back(std::move(current));
    return codes;
}

}  // namespace fantasma
