#include "stylometry/extract/extract.hpp"

#include "stylometry/extract/prose_builder.hpp"

namespace fantasma {
namespace {

bool is_blank(std::string_view line) {
    return line.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos;
}

}  // namespace

Prose extract_text(std::string_view source) {
    ProseBuilder builder(source, Language::Text);
    std::size_t line_begin = 0;
    while (line_begin < source.size()) {
        std::size_t line_end = source.find('\n', line_begin);
        line_end = line_end == std::string_view::npos ? source.size() : line_end + 1;
        if (is_blank(source.substr(line_begin, line_end - line_begin))) {
            builder.end_block();
        } else {
            if (!builder.in_block()) builder.begin_block(BlockKind::Paragraph);
            builder.verbatim(line_begin, line_end);
        }
        line_begin = line_end;
    }
    return builder.finish();
}

Prose extract(std::string_view source, Language language) {
    switch (language) {
        case Language::Markdown:
            return extract_markdown(source);
        case Language::Latex:
            return extract_latex(source);
        case Language::Text:
            break;
    }
    return extract_text(source);
}

}  // namespace fantasma
