// Markdown extraction: front matter, then blocks (markdown_blocks), then the inline prose of
// each leaf (markdown_inline).
#include <utility>

#include "stylometry/extract/extract.hpp"
#include "stylometry/extract/markdown_blocks.hpp"
#include "stylometry/extract/markdown_inline.hpp"
#include "stylometry/extract/prose_builder.hpp"

namespace fantasma {
namespace {

// Where the document proper starts: past YAML (---) or TOML (+++) front matter when the
// first line opens it and a later line closes it; 0 otherwise.
std::size_t front_matter_end(std::string_view source) {
    const auto line_at = [&](std::size_t pos, std::size_t& next) {
        std::size_t end = source.find('\n', pos);
        next = end == std::string_view::npos ? source.size() : end + 1;
        if (end == std::string_view::npos) end = source.size();
        std::string_view line = source.substr(pos, end - pos);
        while (!line.empty() &&
               (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) {
            line.remove_suffix(1);
        }
        return line;
    };
    std::size_t pos = 0;
    const std::string_view first = line_at(0, pos);
    if (first != "---" && first != "+++") return 0;
    while (pos < source.size()) {
        std::size_t next = 0;
        const std::string_view line = line_at(pos, next);
        if (line == first || (first == "---" && line == "...")) return next;
        pos = next;
    }
    return 0;
}

}  // namespace

Prose extract_markdown(std::string_view source) {
    ProseBuilder builder(source, Language::Markdown);
    const markdown::Blocks blocks = markdown::parse_blocks(source, front_matter_end(source));
    markdown::InlineScanner scanner(source, blocks.reference_labels);
    // A directive covers the next leaf's whole construct: every item of a list, cell of a
    // table, paragraph of a quote (each block gets its own copy of the directive).
    std::vector<std::vector<std::string>> waiting;
    std::vector<std::vector<std::string>> covering;
    std::size_t covered_construct = 0;
    for (const markdown::Leaf& leaf : blocks.leaves) {
        if (leaf.is_ignore_directive) {
            waiting.push_back(leaf.ignore_codes);
            continue;
        }
        if (!waiting.empty()) {
            covering = std::exchange(waiting, {});
            covered_construct = leaf.construct;
        } else if (leaf.construct != covered_construct) {
            covering.clear();
        }
        builder.begin_block(leaf.kind);
        scanner.emit(leaf, builder);
        if (builder.block_has_text()) {
            for (const auto& codes : covering) builder.ignore_current_block(codes);
        }
        builder.end_block();
    }
    for (const Span aside : blocks.asides) builder.aside(aside.begin, aside.end);
    return builder.finish();
}

}  // namespace fantasma
