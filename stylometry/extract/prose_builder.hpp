#pragma once
// Assembles a Prose from source ranges while keeping its invariants, so that the parsers only
// say what is prose: pieces contiguous and covering the text, verbatim pieces equal to their
// source, blocks separated by a synthetic "\n\n" and never containing "\n\n" themselves.
//
// Whitespace is normalised: a block never starts or ends with whitespace, "\r" is dropped, a
// line break right after another one is dropped (so a block has no blank line inside), spaces
// before a line break are dropped, and a space is dropped after a space or line break when
// markup was removed between them (so `a `code` b` reads "a b", not "a  b"; spaces the
// writer typed side by side stay), and so is a space that removed markup leaves before
// , . ; : ! ? ) ("see \cite{x}." reads "see."). Empty blocks leave no trace in the text.
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/prose.hpp"

namespace fantasma {

class ProseBuilder {
  public:
    ProseBuilder(std::string_view source, Language language);

    // Starts a block of `kind`; the block before it, if any, ends.
    void begin_block(BlockKind kind);
    // Ends the current block (nothing happens when none is open).
    void end_block();
    bool in_block() const { return block_open_; }
    // True when the open block has received prose.
    bool block_has_text() const { return block_open_ && block_has_content_; }

    // Copies source[begin, end) as prose, minus the whitespace normalised away (see above).
    // Opens a Paragraph when no block is open.
    void verbatim(std::size_t begin, std::size_t end);
    // Prose that stands for the markup at source[begin, end).
    void synthetic(std::string_view text, std::size_t begin, std::size_t end);

    // A fantasma-ignore directive that covers the next block with prose.
    void ignore_next_block(std::vector<std::string> codes);
    // A directive that covers the open block (the next one when no block has prose yet).
    void ignore_current_block(std::vector<std::string> codes);

    // source[begin, end) is an aside (Prose::asides): seen by readers, not prose.
    void aside(std::size_t begin, std::size_t end);

    // Ends the open block and hands over the result; the builder is spent afterwards.
    Prose finish();

  private:
    void open_if_needed();
    void start_content();
    void append_byte(std::size_t source_offset);
    bool continues_last_piece(std::size_t source_offset) const;
    // Drops trailing spaces and tabs (and line breaks when `newlines_too`) of the open block.
    void trim_block_end(bool newlines_too);

    std::string_view source_;
    Language language_;
    std::string text_;
    std::vector<Piece> pieces_;
    std::vector<Block> blocks_;
    std::vector<IgnoreDirective> ignores_;
    std::vector<Span> asides_;

    bool block_open_ = false;
    bool block_has_content_ = false;
    BlockKind block_kind_ = BlockKind::Paragraph;
    std::size_t block_text_begin_ = 0;
    std::vector<std::vector<std::string>> ignores_for_next_;
    std::vector<std::vector<std::string>> ignores_for_current_;
    std::vector<std::vector<std::string>> ignores_after_current_;
};

// The codes of a directive's text after the word "fantasma-ignore" (split on whitespace and
// commas); empty means every code.
std::vector<std::string> parse_ignore_codes(std::string_view after_keyword);

}  // namespace fantasma
