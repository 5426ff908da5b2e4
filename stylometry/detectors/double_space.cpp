#include "stylometry/detectors/double_space.hpp"

#include <algorithm>

#include "stylometry/detectors/common/layout.hpp"
#include "stylometry/detectors/common/style_choice.hpp"

namespace fantasma {
namespace {

constexpr std::string_view kFeature = "space.double-after-sentence";

// The spaces between two sentences on one line; empty when a line break or anything else
// separates them (a wrapped line or a new block tells nothing about spacing).
Span gap_between(std::string_view text, const Sentence& first, const Sentence& second) {
    const Span gap(first.text.end, std::max(first.text.end, second.text.begin));
    for (std::size_t i = gap.begin; i < gap.end; ++i) {
        if (text[i] != ' ') return Span(gap.begin, gap.begin);
    }
    return gap;
}

}  // namespace

void DoubleSpace::detect(const DetectionContext& context, MarkerSink& sink) const {
    // Justified text spaces its sentences as the formatter pads its lines: not measured.
    if (layout::is_justified(context.document.source)) return;
    const Prose& prose = context.document.prose;
    const std::string_view text = prose.text;
    const std::vector<Sentence>& sentences = context.document.sentences();
    std::vector<Span> doubles;
    double boundaries = 0;
    for (std::size_t i = 0; i + 1 < sentences.size(); ++i) {
        const Span gap = gap_between(text, sentences[i], sentences[i + 1]);
        if (gap.empty() || layout::in_heading(prose, gap.begin)) continue;
        ++boundaries;
        if (gap.size() >= 2) doubles.push_back(gap);
    }
    const auto count = static_cast<double>(doubles.size());
    sink.measure(kFeature, count, boundaries);
    if (style::population_prefers(context.reference, kFeature, false)) return;

    const HabitScore score = score_habit(context.reference, kFeature, count, boundaries, 4.0);
    for (const Span gap : doubles) {
        std::string message =
            "Two spaces after a sentence: a typewriter habit most writers have dropped." +
            style::reference_figure(
                score, "double-space sentences " + std::string(style::how_often(score)));
        sink.mark(style::habit_marker(code(), kFeature, gap, std::move(message), score,
                                      {Fix{"Use one space", " "}}));
    }
}

}  // namespace fantasma
