#pragma once
// A single left-to-right pass over LaTeX that feeds the prose to a ProseBuilder.
//
// Braces are groups: they vanish, their content stays (so unknown commands keep their
// argument text). A stack of open groups remembers which ones end a block (\section{..}).
// Footnotes are collected and emitted as Footnote blocks right after the paragraph that
// holds them, so the paragraph's sentences stay whole.
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/extract/latex_commands.hpp"
#include "stylometry/extract/prose_builder.hpp"

namespace fantasma::latex {

// Past the "}" matching the "{" at `open`, skipping escapes and % comments. When unbalanced:
// the first blank line after `open` (TeX's "runaway argument"), or `limit`.
std::size_t group_end(std::string_view source, std::size_t open, std::size_t limit);

class Scanner {
  public:
    Scanner(std::string_view source, ProseBuilder& builder, int depth = 0)
        : source_(source), builder_(builder), depth_(depth) {}

    // Extracts source[begin, end); stops early at \end{document}.
    void run(std::size_t begin, std::size_t end);
    // Extracts source[begin, end) as one block of `kind` (more if it holds paragraphs).
    void run_block(BlockKind kind, std::size_t begin, std::size_t end);

  private:
    struct Group {
        char closer = '}';
        bool ends_block = false;
    };
    struct Environment {
        std::string_view name;
        BlockKind block = BlockKind::Paragraph;  // the kind of text blocks inside it
    };
    // Where a search for a math closer failed: [from, until) holds none.
    struct Failed {
        std::size_t from = 0;
        std::size_t until = 0;
    };

    // Text
    void plain_text();
    void verbatim(std::size_t begin, std::size_t end);
    void synthetic(std::string_view text, std::size_t begin, std::size_t end);
    void ensure_block();
    BlockKind current_kind() const;
    bool in_table() const;
    void end_paragraph();
    void flush_footnotes();
    void dashes();
    void quotes();
    void comment();
    void close_group(char closer);

    // Commands and arguments (latex_arguments.cpp)
    void command();
    void control_symbol(char symbol);
    void accent(std::size_t start, std::string_view mark);
    void verb();
    void begin_environment();
    void end_environment();
    std::string_view environment_name();
    void skip_options();
    void skip_arguments();
    void skip_spaces();
    std::size_t bracket_end(std::size_t open) const;

    // TeX primitives (latex_primitives.cpp)
    void primitive(std::string_view name);
    void skip_token();
    void skip_definition();

    // Math
    void dollar_math();
    void delimited_math(char closer, Failed& failed);
    bool paragraph_ends(std::size_t at) const;

    bool at_blank_line(std::size_t at) const;
    std::size_t next_line(std::size_t at) const;

    std::string_view source_;
    ProseBuilder& builder_;
    int depth_ = 0;
    std::size_t pos_ = 0;
    std::size_t end_ = 0;
    std::vector<Group> groups_;
    std::vector<Environment> environments_;
    std::vector<Span> footnotes_;  // argument ranges waiting for the paragraph to end
    Failed failed_paren_, failed_bracket_, failed_dollars_;
};

}  // namespace fantasma::latex
