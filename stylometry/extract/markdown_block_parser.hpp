#pragma once
// Private to markdown_blocks.cpp and markdown_leaves.cpp: the block parser's state.
#include <string_view>
#include <vector>

#include "stylometry/extract/markdown_blocks.hpp"
#include "stylometry/extract/markdown_lines.hpp"

namespace fantasma::markdown {

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

enum class OpenLeaf { None, Paragraph, Fence, Math, Html, IndentedCode, Table };

// A leaf of `kind`, with one line [begin, end) when end > begin.
Leaf prose_leaf(BlockKind kind, std::size_t begin = 0, std::size_t end = 0);

// A CommonMark block parser reduced to what prose extraction needs: one pass over the lines,
// a stack of open containers (quotes, list items) and at most one open leaf.
class BlockParser {
  public:
    explicit BlockParser(std::string_view source) : source_(source) {}
    Blocks run(std::size_t begin);

  private:
    // Lines and containers (markdown_blocks.cpp)
    void process_line(const Line& line);
    // How many open containers the line continues; moves `at` past their prefixes.
    std::size_t match_containers(const Line& line, Cursor& at) const;
    void open_containers(const Line& line, Cursor& at);
    // Leaves of one list, quote or table share a construct number (for ignore directives).
    void push_leaf(Leaf leaf);
    void open_container(Container container);
    void close_leaf();
    BlockKind container_kind() const;
    // Past ">" and the one optional space after it.
    Cursor past_quote_marker(const Line& line, Cursor marker) const;
    Cursor skip_one(Cursor at) const;

    // Leaves (markdown_leaves.cpp)
    // Fences, math, HTML, indented code and tables own the lines up to their end.
    bool continue_open_leaf(const Line& line, Cursor at);
    void start_leaf(const Line& line, Cursor at);
    // Would the rest of the line start a block other than a paragraph?
    bool starts_block(const Line& line, Cursor at) const;
    void add_paragraph_line(const Line& line, std::size_t content_begin);
    void add_table_row(std::size_t begin, std::size_t end);
    void finish_html(std::size_t end);
    void add_img_alts(std::size_t begin, std::size_t end);

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

}  // namespace fantasma::markdown
