#pragma once
// Inline Markdown: the prose of one leaf (paragraph, heading, cell...) without its markup.
//
// The leaf's lines are joined into one string with "\n" (each mapped to its source line
// break) and scanned left to right. Code spans, $math$, raw HTML, link targets, images and
// footnote references are skipped; emphasis markers are dropped when they pair up; escapes
// keep the escaped byte; entities become synthetic text. Autolinks keep their URL as prose
// (without the angle brackets), so detectors see URLs as they would in plain text.
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "stylometry/extract/markdown_blocks.hpp"
#include "stylometry/extract/prose_builder.hpp"

namespace fantasma::markdown {

class InlineScanner {
  public:
    InlineScanner(std::string_view source, const std::unordered_set<std::string>& labels);

    // Emits the leaf's prose into the open block of `builder`, then registers the
    // fantasma-ignore comments found inline as covering that block.
    void emit(const Leaf& leaf, ProseBuilder& builder);

  private:
    struct Item {
        enum class Kind { Text, Synthetic, Delimiter } kind = Kind::Text;
        std::size_t begin = 0;  // into text_
        std::size_t end = 0;
        std::string replacement;  // Synthetic only
        char marker = 0;          // Delimiter only
        bool can_open = false;
        bool can_close = false;
        bool matched = false;

        static Item text(std::size_t begin, std::size_t end) {
            Item item;
            item.begin = begin;
            item.end = end;
            return item;
        }
    };
    // The first position >= `from` satisfying a fixed predicate, remembered so that scans
    // from increasing positions stay linear.
    struct Search {
        std::size_t from = std::string_view::npos;
        std::size_t found = std::string_view::npos;
    };

    void load(const Leaf& leaf);
    void match_brackets();
    // `depth`: how many link texts enclose [begin, end).
    void scan(std::size_t begin, std::size_t end, int depth = 0);
    bool code_span(std::size_t at, std::size_t end, std::size_t& after);
    bool math(std::size_t at, std::size_t end, std::size_t& after);
    bool angle(std::size_t at, std::size_t end, std::size_t& after, Span& url);
    bool entity(std::size_t at, std::size_t end, std::size_t& after, std::string& decoded) const;
    bool link(std::size_t at, std::size_t end, std::size_t& text_end, std::size_t& after) const;
    void delimiter_run(std::size_t at, std::size_t length);
    void resolve_delimiters();
    void add_aside(std::size_t begin, std::size_t end);
    void flush_items(ProseBuilder& builder) const;
    template <typename Match>
    std::size_t find_from(Search& cache, std::size_t from, Match is_match) const;
    bool defined_label(std::size_t begin, std::size_t end) const;

    std::string_view source_;
    const std::unordered_set<std::string>& labels_;
    std::string text_;                 // the leaf's lines joined by "\n"
    std::vector<std::size_t> origin_;  // source offset of each byte of text_
    std::vector<std::size_t> bracket_match_;
    std::vector<std::size_t> paren_match_;
    std::unordered_map<std::size_t, std::vector<std::size_t>> backtick_runs_;  // by length
    Search dollar_, double_dollar_, angle_close_, comment_close_;
    std::vector<Item> items_;
    std::vector<std::vector<std::string>> ignores_;
    std::vector<Span> asides_;  // source spans of image alt text in this leaf
};

}  // namespace fantasma::markdown
