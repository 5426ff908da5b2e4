// segment() on prose from the extractors: blocks from real markup, spans back to the source.
#include <catch2/catch.hpp>

#include "segment_test_support.hpp"
#include "stylometry/extract/extract.hpp"

using namespace fantasma;
using namespace fantasma::testing;
using Strings = std::vector<std::string>;

TEST_CASE("Markdown headings, paragraphs and list items are separate sentences",
          "[segment][extract]") {
    const std::string source =
        "# A title\n"
        "\n"
        "First one. Second \xF0\x9F\x99\x82 one\n"
        "goes on.\n"
        "\n"
        "- an item\n"
        "- Another item.\n";
    const Prose prose = extract_markdown(source);
    const Segmentation result = segment(prose);
    Strings sentences;
    for (const Sentence& sentence : result.sentences) {
        const Span in_source = prose.to_source(sentence.text);
        sentences.push_back(source.substr(in_source.begin, in_source.size()));
    }
    CHECK(sentences == Strings{"A title", "First one.", "Second \xF0\x9F\x99\x82 one\ngoes on.",
                               "an item", "Another item."});
    // Every token maps back to the same bytes in the source.
    for (const Token& token : result.tokens) {
        const Span in_source = prose.to_source(token.text);
        CHECK(source.substr(in_source.begin, in_source.size()) == prose.view(token.text));
    }
}
