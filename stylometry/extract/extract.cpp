#include "stylometry/extract/extract.hpp"

namespace fantasma {

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
