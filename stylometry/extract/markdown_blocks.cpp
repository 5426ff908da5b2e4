#include "stylometry/extract/markdown_blocks.hpp"

#include <utility>

#include "stylometry/extract/markdown_block_parser.hpp"
#include "stylometry/extract/prose_builder.hpp"

namespace fantasma::markdown {

Leaf prose_leaf(BlockKind kind, std::size_t begin, std::size_t end) {
    Leaf leaf;
    leaf.kind = kind;
    if (end > begin) leaf.lines.push_back({begin, end});
    return leaf;
}

Blocks BlockParser::run(std::size_t begin) {
    std::size_t pos = begin;
    while (pos < source_.size()) {
        const std::size_t newline = source_.find('\n', pos);
        const std::size_t raw_end = newline == std::string_view::npos ? source_.size() : newline;
        const std::size_t end =
            raw_end > pos && source_[raw_end - 1] == '\r' ? raw_end - 1 : raw_end;
        process_line({pos, end, newline});
        pos = raw_end + 1;
    }
    close_leaf();
    return std::move(blocks_);
}

void BlockParser::process_line(const Line& line) {
    // A container opened where the previous line had one (the next item of a list)
    // continues the same construct.
    continues_construct_ = !containers_.empty();
    Cursor at{line.begin, 0};
    const std::size_t matched = match_containers(line, at);
    if (matched < containers_.size()) {
        if (leaf_ == OpenLeaf::Paragraph && !is_blank(source_, at.pos, line.end) &&
            !starts_block(line, at)) {
            add_paragraph_line(line, skip_indent(source_, at, line.end).pos);  // lazy line
            return;
        }
        close_leaf();
        containers_.resize(matched);
    }
    if (continue_open_leaf(line, at)) return;
    open_containers(line, at);
    start_leaf(line, at);
}

// How many open containers the line continues; moves `at` past their prefixes.
std::size_t BlockParser::match_containers(const Line& line, Cursor& at) const {
    std::size_t matched = 0;
    for (; matched < containers_.size(); ++matched) {
        const Cursor after = skip_indent(source_, at, line.end);
        if (containers_[matched].kind == ContainerKind::Quote) {
            if (after.column - at.column >= 4 || after.pos >= line.end ||
                source_[after.pos] != '>') {
                break;
            }
            at = past_quote_marker(line, after);
        } else if (after.pos < line.end) {  // a blank line continues a list item
            const std::size_t content = containers_[matched].content_column;
            if (after.column < content) break;
            while (at.column < content && at.pos < line.end) at = skip_one(at);
        }
    }
    return matched;
}

void BlockParser::open_containers(const Line& line, Cursor& at) {
    // Deeper nesting reads as text: it keeps every later line's matching cheap.
    constexpr std::size_t kMaxDepth = 64;
    while (containers_.size() < kMaxDepth) {
        const Cursor after = skip_indent(source_, at, line.end);
        if (after.column - at.column >= 4 || after.pos >= line.end) return;
        if (source_[after.pos] == '>') {
            close_leaf();
            open_container({ContainerKind::Quote, 0});
            at = past_quote_marker(line, after);
            continue;
        }
        std::size_t width = 0;
        if (!list_marker(source_, after.pos, line.end, width) ||
            is_thematic_break(source_, after.pos, line.end)) {
            return;
        }
        if (leaf_ == OpenLeaf::Paragraph) {
            // Only a non-empty item, bullet or starting at 1, interrupts a paragraph.
            const bool ordered = source_[after.pos] >= '0' && source_[after.pos] <= '9';
            if (is_blank(source_, after.pos + width, line.end)) return;
            if (ordered && (width != 2 || source_[after.pos] != '1')) return;
        }
        close_leaf();
        const Cursor marker_end{after.pos + width, after.column + width};
        const Cursor content = skip_indent(source_, marker_end, line.end);
        const std::size_t spaces = content.column - marker_end.column;
        if (content.pos == line.end || spaces == 0 || spaces > 4) {
            at = marker_end.pos < line.end ? skip_one(marker_end) : marker_end;
            open_container({ContainerKind::ListItem, marker_end.column + 1});
        } else {
            at = content;
            open_container({ContainerKind::ListItem, content.column});
        }
    }
}

// Leaves of one list, quote or table share a construct number (for ignore directives).
void BlockParser::push_leaf(Leaf leaf) {
    if (!containers_.empty()) {
        leaf.construct = container_construct_;
    } else {
        leaf.construct = leaf.kind == BlockKind::TableCell ? table_construct_ : ++constructs_;
    }
    blocks_.leaves.push_back(std::move(leaf));
}

void BlockParser::open_container(Container container) {
    if (containers_.empty() && !continues_construct_) container_construct_ = ++constructs_;
    containers_.push_back(container);
}

void BlockParser::close_leaf() {
    if (leaf_ == OpenLeaf::Paragraph && !paragraph_.lines.empty()) {
        push_leaf(std::move(paragraph_));
    }
    paragraph_ = {};
    leaf_ = OpenLeaf::None;
}

BlockKind BlockParser::container_kind() const {
    if (containers_.empty()) return BlockKind::Paragraph;
    return containers_.back().kind == ContainerKind::Quote ? BlockKind::Quote : BlockKind::ListItem;
}

// Past ">" and the one optional space after it.
Cursor BlockParser::past_quote_marker(const Line& line, Cursor marker) const {
    Cursor at{marker.pos + 1, marker.column + 1};
    if (at.pos < line.end && (source_[at.pos] == ' ' || source_[at.pos] == '\t')) {
        at = skip_one(at);
    }
    return at;
}

Cursor BlockParser::skip_one(Cursor at) const {
    const bool tab = source_[at.pos] == '\t';
    return {at.pos + 1, tab ? (at.column / 4 + 1) * 4 : at.column + 1};
}

Blocks parse_blocks(std::string_view source, std::size_t begin) {
    return BlockParser(source).run(begin);
}

bool ignore_directive(std::string_view comment, std::vector<std::string>& codes) {
    const Span text = trim(comment, 0, comment.size());
    const std::string_view body = comment.substr(text.begin, text.size());
    constexpr std::string_view kKeyword = "fantasma-ignore";
    if (!body.starts_with(kKeyword)) return false;
    const std::string_view rest = body.substr(kKeyword.size());
    if (!rest.empty() && rest.front() != ' ' && rest.front() != '\t' && rest.front() != '\n') {
        return false;
    }
    codes = parse_ignore_codes(rest);
    return true;
}

}  // namespace fantasma::markdown
