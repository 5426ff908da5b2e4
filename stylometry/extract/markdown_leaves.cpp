// BlockParser: what a line starts or continues once its containers are matched.
#include <utility>

#include "stylometry/extract/markdown_block_parser.hpp"

namespace fantasma::markdown {

// Fences, math, HTML, indented code and tables own the lines up to their end.
bool BlockParser::continue_open_leaf(const Line& line, Cursor at) {
    const Cursor after = skip_indent(source_, at, line.end);
    const bool indented = after.column - at.column >= 4;
    switch (leaf_) {
        case OpenLeaf::Fence:
            if (!indented && closes_fence(source_, after.pos, line.end, fence_)) close_leaf();
            return true;
        case OpenLeaf::Math:
            if (is_blank(source_, at.pos, line.end) ||
                source_.substr(at.pos, line.end - at.pos).find("$$") != std::string_view::npos) {
                close_leaf();
            }
            return true;
        case OpenLeaf::Html:
            add_img_alts(at.pos, line.end);
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

void BlockParser::start_leaf(const Line& line, Cursor at) {
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
        add_img_alts(p, e);
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
bool BlockParser::starts_block(const Line& line, Cursor at) const {
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

void BlockParser::add_paragraph_line(const Line& line, std::size_t content_begin) {
    const Span content = trim(source_, content_begin, line.end);
    paragraph_.lines.push_back({content.begin, content.end, line.newline});
}

void BlockParser::add_table_row(std::size_t begin, std::size_t end) {
    for (const Span cell : table_cells(source_, begin, end)) {
        push_leaf(prose_leaf(BlockKind::TableCell, cell.begin, cell.end));
    }
}

// Line by line, since an HTML block may end with the document or its container, unseen here.
void BlockParser::add_img_alts(std::size_t begin, std::size_t end) {
    for (const Span alt : img_alt_values(source_, begin, end)) blocks_.asides.push_back(alt);
}

void BlockParser::finish_html(std::size_t end) {
    if (html_kind_ == 2) {
        const std::size_t close = source_.find("-->", html_begin_ + 4);
        if (close != std::string_view::npos && close < end) {
            Leaf directive;
            directive.is_ignore_directive = ignore_directive(
                source_.substr(html_begin_ + 4, close - html_begin_ - 4), directive.ignore_codes);
            if (directive.is_ignore_directive) blocks_.leaves.push_back(std::move(directive));
        }
    }
    leaf_ = OpenLeaf::None;
}

}  // namespace fantasma::markdown
