// libFuzzer target: arbitrary bytes as a Markdown, LaTeX or plain-text document. Extraction must
// keep the invariants every extractor promises (tests/stylometry/extract/prose_checks.hpp): pieces
// contiguous over the prose, verbatim pieces equal to their source, blocks in order and inside
// the text; then the whole analysis runs on it. Anything else (a crash, a sanitizer report, a
// stack overflow, a hang) is a bug.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "stylometry/analyzer.hpp"
#include "stylometry/extract/extract.hpp"
#if defined(FUZZ_FAULTY_DETECTOR)
#include "faulty_detector.hpp"
#endif

namespace {

#if defined(FUZZ_LANGUAGE_markdown)
constexpr fantasma::Language kLanguage = fantasma::Language::Markdown;
#elif defined(FUZZ_LANGUAGE_latex)
constexpr fantasma::Language kLanguage = fantasma::Language::Latex;
#elif defined(FUZZ_LANGUAGE_text)
constexpr fantasma::Language kLanguage = fantasma::Language::Text;
#else
#error "FUZZ_LANGUAGE_markdown, FUZZ_LANGUAGE_latex or FUZZ_LANGUAGE_text"
#endif

// The test that this target finds a detector's exception builds it with a detector that
// throws (tests/faulty_detector.hpp).
const fantasma::Analyzer& analyzer() {
#if defined(FUZZ_FAULTY_DETECTOR)
    static const fantasma::Analyzer instance = fantasma::testing::analyzer_with_faulty_detector();
#else
    static const fantasma::Analyzer instance;
#endif
    return instance;
}

void require(bool ok, const char* rule) {
    if (ok) return;
    std::fprintf(stderr, "extraction broke its invariant: %s\n", rule);
    std::abort();
}

void check_invariants(const fantasma::Prose& prose, std::string_view source) {
    std::size_t expected_begin = 0;
    for (const fantasma::Piece& piece : prose.pieces) {
        require(piece.text.begin == expected_begin, "pieces are contiguous");
        require(!piece.text.empty() && piece.text.end <= prose.text.size(), "pieces in the text");
        require(piece.source.end <= source.size(), "pieces in the source");
        if (piece.verbatim)
            require(
                prose.view(piece.text) == source.substr(piece.source.begin, piece.source.size()),
                "verbatim pieces equal their source");
        expected_begin = piece.text.end;
    }
    require(expected_begin == prose.text.size(), "pieces cover the text");
    std::size_t previous_end = 0;
    for (const fantasma::Block& block : prose.blocks) {
        require(block.text.begin >= previous_end && block.text.end <= prose.text.size() &&
                    !block.text.empty(),
                "blocks in order, inside the text");
        previous_end = block.text.end;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view source(reinterpret_cast<const char*>(data), size);
    check_invariants(fantasma::extract(source, kLanguage), source);
    fantasma::AnalysisOptions options;
    options.language = kLanguage;
    // The analyzer contains a detector's exception (the programs report it and go on); here it
    // is a finding like a crash, named, with libFuzzer keeping the input.
    const fantasma::Report report = analyzer().analyze(source, options);
    for (const fantasma::DetectorFailure& failure : report.failed_detectors) {
        std::fprintf(stderr, "detector '%s' threw: %s\n", failure.code.c_str(),
                     failure.what.c_str());
    }
    if (!report.failed_detectors.empty()) std::abort();
    return 0;
}
