#include "stylometry/extract/extract.hpp"

namespace fantasma {

// Interim: the Markdown parser lands in the next commit; until then the source reads as text.
Prose extract_markdown(std::string_view source) {
    Prose prose = extract_text(source);
    prose.language = Language::Markdown;
    return prose;
}

}  // namespace fantasma
