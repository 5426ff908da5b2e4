#include "stylometry/extract/markdown_blocks.hpp"

#include <utility>

#include "stylometry/extract/markdown_lines.hpp"
#include "stylometry/extract/prose_builder.hpp"

namespace fantasma::markdown {
namespace {

struct Line {
    std::size_t begin = 0;
    std::size_t end = 0;  // before "\r\n" or "\n"
    std::size_t newline = std::string_view::npos;
};

enum class ContainerKind { Quote, ListItem };
struct Container {
    ContainerKind kind;
    std::size_t content_column;  // list items: where their content starts
};

// A leaf of `kind`, with one line [begin, end) when end > begin.
Leaf prose_leaf(BlockKind kind, std::size_t begin = 0, std::size_t end = 0) {
    Leaf leaf;
    leaf.kind = kind;
    if (end > begin) leaf.lines.push_back({begin, end});
    return leaf;
}

enum class OpenLeaf { None, Paragraph, Fence, Math, Html, IndentedCode, Table };

// A CommonMark block parser reduced to what prose extraction needs: one pass over the lines,
// a stack of open containers (quotes, list items) and at most one open leaf.
class BlockParser {
  public:
    explicit BlockParser(std::string_view source) : source_(source) {}

    Blocks run(std::size_t begin) {
        std::size_t pos = begin;
        while (pos < source_.size()) {
            const std::size_t newline = source_.find('\n', pos);
            const std::size_t raw_end =
                newline == std::string_view::npos ? source_.size() : newline;
            const std::size_t end =
                raw_end > pos && source_[raw_end - 1] == '\r' ? raw_end - 1 : raw_end;
            process_line({pos, end, newline});
            pos = raw_end + 1;
        }
        close_leaf();
        return std::move(blocks_);
    }

  private:
    void process_line(const Line& line) {
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
    std::size_t match_containers(const Line& line, Cursor& at) const {
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

    void open_containers(const Line& line, Cursor& at) {
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

    // Fences, math, HTML, indented code and tables own the lines up to their end.
    bool continue_open_leaf(const Line& line, Cursor at) {
        const Cursor after = skip_indent(source_, at, line.end);
        const bool indented = after.column - at.column >= 4;
        switch (leaf_) {
            case OpenLeaf::Fence:
                if (!indented && closes_fence(source_, after.pos, line.end, fence_)) close_leaf();
                return true;
            case OpenLeaf::Math:
                if (is_blank(source_, at.pos, line.end) ||
                    source_.substr(at.pos, line.end - at.pos).find("$$") !=
                        std::string_view::npos) {
                    close_leaf();
                }
                return true;
            case OpenLeaf::Html:
                if (html_block_ends(source_, at.pos, line.end, html_kind_)) {
                    finish_html(line.end);
                }
                return true;
            case OpenLeaf::IndentedCode:
                if (is_blank(source_, at.pos, line.end) || indented) return true;
                close_leaf();
                return false;
            case OpenLeaf::Table:
                if (is_blank(source_, at.pos, line.end)) {
                    close_leaf();
                    return true;
                }
                if (starts_block(line, at)) {
                    close_leaf();
                    return false;
                }
                add_table_row(after.pos, line.end);
                return true;
            default:
                return false;
        }
    }

    void start_leaf(const Line& line, Cursor at) {
        if (is_blank(source_, at.pos, line.end)) {
            close_leaf();
            return;
        }
        const Cursor after = skip_indent(source_, at, line.end);
        const std::size_t p = after.pos;
        const std::size_t e = line.end;
        if (after.column - at.column >= 4) {
            if (leaf_ == OpenLeaf::Paragraph) {
                add_paragraph_line(line, p);
            } else {
                leaf_ = OpenLeaf::IndentedCode;
            }
            return;
        }
        if (leaf_ == OpenLeaf::Paragraph && is_setext_underline(source_, p, e)) {
            paragraph_.kind = BlockKind::Heading;
            close_leaf();
            return;
        }
        if (starts_fence(source_, p, e, fence_)) {
            close_leaf();
            leaf_ = OpenLeaf::Fence;
            return;
        }
        if (source_.substr(p, 2) == "$$") {
            close_leaf();
            if (source_.substr(p + 2, e - p - 2).find("$$") == std::string_view::npos) {
                leaf_ = OpenLeaf::Math;
            }
            return;
        }
        Span heading;
        if (atx_heading(source_, p, e, heading)) {
            close_leaf();
            push_leaf(prose_leaf(BlockKind::Heading, heading.begin, heading.end));
            return;
        }
        if (is_thematic_break(source_, p, e)) {
            close_leaf();
            return;
        }
        if (const int html = html_block_start(source_, p, e, leaf_ != OpenLeaf::Paragraph)) {
            close_leaf();
            leaf_ = OpenLeaf::Html;
            html_kind_ = html;
            html_begin_ = p;
            const std::size_t opener = html == 2 ? 4 : 2;
            if (html <= 5 && html_block_ends(source_, p + opener, e, html)) finish_html(e);
            return;
        }
        std::size_t cells = 0;
        if (leaf_ == OpenLeaf::Paragraph && table_delimiter_row(source_, p, e, cells)) {
            const LeafLine header = paragraph_.lines.back();
            if (table_cells(source_, header.begin, header.end).size() == cells) {
                paragraph_.lines.pop_back();
                close_leaf();
                table_construct_ = ++constructs_;
                add_table_row(header.begin, header.end);
                leaf_ = OpenLeaf::Table;
                return;
            }
        }
        if (leaf_ != OpenLeaf::Paragraph) {
            std::string_view label;
            if (reference_definition(source_, p, e, label)) {
                blocks_.reference_labels.insert(normalize_label(label));
                return;
            }
            std::size_t footnote_text = 0;
            if (footnote_definition(source_, p, e, footnote_text)) {
                close_leaf();
                leaf_ = OpenLeaf::Paragraph;
                paragraph_ = prose_leaf(BlockKind::Footnote);
                add_paragraph_line(line, footnote_text);
                return;
            }
            close_leaf();
            leaf_ = OpenLeaf::Paragraph;
            paragraph_ = prose_leaf(container_kind());
        }
        add_paragraph_line(line, p);
    }

    // Would the rest of the line start a block other than a paragraph?
    bool starts_block(const Line& line, Cursor at) const {
        const Cursor after = skip_indent(source_, at, line.end);
        if (after.column - at.column >= 4 || after.pos >= line.end) return false;
        const std::size_t p = after.pos;
        const std::size_t e = line.end;
        std::size_t width = 0;
        Fence fence;
        Span heading;
        return source_[p] == '>' ||
               (list_marker(source_, p, e, width) && !is_blank(source_, p + width, e)) ||
               starts_fence(source_, p, e, fence) || atx_heading(source_, p, e, heading) ||
               is_thematic_break(source_, p, e) || html_block_start(source_, p, e, false) != 0 ||
               source_.substr(p, 2) == "$$";
    }

    void add_paragraph_line(const Line& line, std::size_t content_begin) {
        const Span content = trim(source_, content_begin, line.end);
        paragraph_.lines.push_back({content.begin, content.end, line.newline});
    }

    void add_table_row(std::size_t begin, std::size_t end) {
        for (const Span cell : table_cells(source_, begin, end)) {
            push_leaf(prose_leaf(BlockKind::TableCell, cell.begin, cell.end));
        }
    }

    void finish_html(std::size_t end) {
        if (html_kind_ == 2) {
            const std::size_t close = source_.find("-->", html_begin_ + 4);
            if (close != std::string_view::npos && close < end) {
                Leaf directive;
                directive.is_ignore_directive =
                    ignore_directive(source_.substr(html_begin_ + 4, close - html_begin_ - 4),
                                     directive.ignore_codes);
                if (directive.is_ignore_directive) blocks_.leaves.push_back(std::move(directive));
            }
        }
        leaf_ = OpenLeaf::None;
    }

    // Leaves of one list, quote or table share a construct number (for ignore directives).
    void push_leaf(Leaf leaf) {
        if (!containers_.empty()) {
            leaf.construct = container_construct_;
        } else {
            leaf.construct = leaf.kind == BlockKind::TableCell ? table_construct_ : ++constructs_;
        }
        blocks_.leaves.push_back(std::move(leaf));
    }

    void open_container(Container container) {
        if (containers_.empty() && !continues_construct_) container_construct_ = ++constructs_;
        containers_.push_back(container);
    }

    void close_leaf() {
        if (leaf_ == OpenLeaf::Paragraph && !paragraph_.lines.empty()) {
            push_leaf(std::move(paragraph_));
        }
        paragraph_ = {};
        leaf_ = OpenLeaf::None;
    }

    BlockKind container_kind() const {
        if (containers_.empty()) return BlockKind::Paragraph;
        return containers_.back().kind == ContainerKind::Quote ? BlockKind::Quote
                                                               : BlockKind::ListItem;
    }

    // Past ">" and the one optional space after it.
    Cursor past_quote_marker(const Line& line, Cursor marker) const {
        Cursor at{marker.pos + 1, marker.column + 1};
        if (at.pos < line.end && (source_[at.pos] == ' ' || source_[at.pos] == '\t')) {
            at = skip_one(at);
        }
        return at;
    }

    Cursor skip_one(Cursor at) const {
        const bool tab = source_[at.pos] == '\t';
        return {at.pos + 1, tab ? (at.column / 4 + 1) * 4 : at.column + 1};
    }

    std::string_view source_;
    std::vector<Container> containers_;
    OpenLeaf leaf_ = OpenLeaf::None;
    Leaf paragraph_;
    Fence fence_;
    int html_kind_ = 0;
    std::size_t html_begin_ = 0;
    std::size_t constructs_ = 0;
    std::size_t container_construct_ = 0;
    std::size_t table_construct_ = 0;
    bool continues_construct_ = false;
    Blocks blocks_;
};

}  // namespace

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
