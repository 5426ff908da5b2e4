#include "stylometry/detectors/spacing_pattern.hpp"

#include "stylometry/detectors/common/invisible.hpp"
#include "stylometry/detectors/common/layout.hpp"

namespace fantasma {
namespace {

constexpr std::string_view kFeature = "invisible.spacing";
// One slip is an ordinary typo; a pattern repeats.
constexpr std::size_t kMinRepeats = 2;
// Wider runs of spaces align columns: visible layout, not a hidden mark.
constexpr std::size_t kMaxInnerSpaces = 3;

bool is_white(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Whether the whole of `span` (prose) stands in the source as written.
bool written(const Prose& prose, Span span) {
    const Span source = prose.to_source(span);
    return source.size() == span.size() && prose.from_source(source.begin) == span.begin;
}

}  // namespace

void SpacingPattern::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    // In plain text the reader sees every space (columns, indented examples): only Markdown
    // and LaTeX render a run of spaces as one.
    if (document.prose.language == Language::Text) return;
    // A justified source's spaces are its formatter's.
    if (layout::is_justified(document.source)) return;
    const std::string_view text = document.prose.text;
    std::vector<invisible::Finding> findings;
    // Runs of spaces between words of one sentence.
    for (const Sentence& sentence : document.sentences()) {
        for (std::size_t at = sentence.text.begin; at < sentence.text.end; ++at) {
            if (text[at] != ' ' || text[at - 1] == ' ') continue;
            std::size_t end = at;
            while (end < sentence.text.end && text[end] == ' ') ++end;
            const Span run(at, end);
            // Between two visible characters on one line: not indentation after a line break.
            // After . ! ? : two spaces are the typewriter's sentence spacing (double-space),
            // also where the tokenizer sees no sentence end ("back.  v2", "\kbd{x}.  More").
            const bool after_stop =
                std::string_view(".!?:").find(text[at - 1]) != std::string_view::npos;
            const bool between_words =
                !after_stop && !is_white(text[at - 1]) && !is_white(text[end]);
            // A heading's spaces align it (before a date, a version): no sentence's.
            if (between_words && run.size() >= 2 && run.size() <= kMaxInnerSpaces &&
                written(document.prose, run) && !layout::in_heading(document.prose, run.begin)) {
                findings.push_back(
                    {run, std::to_string(run.size()) + " spaces between words", " "});
            }
            at = end - 1;
        }
    }
    if (findings.size() < kMinRepeats) findings.clear();
    // Prose only: the asides are not rendered text with sentences (a comment keeps its
    // spaces for whoever reads the source).
    invisible::report(
        context, sink, code(), kFeature, invisible::Findings{std::move(findings), {}},
        "Readers of the rendered text see one space, but the source keeps them all: a "
        "writer's or an editor's habit, or spacing varied on purpose from copy to copy so that "
        "a leaked copy can be matched to its recipient.",
        "Use a single space");
}

}  // namespace fantasma
