#include "stylometry/extract/extract.hpp"

namespace fantasma {

// Interim: the LaTeX parser lands in a later commit; until then the source reads as text.
Prose extract_latex(std::string_view source) {
    Prose prose = extract_text(source);
    prose.language = Language::Latex;
    return prose;
}

}  // namespace fantasma
