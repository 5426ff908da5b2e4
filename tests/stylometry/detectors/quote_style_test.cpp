#include "stylometry/detectors/quote_style.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {
const Reference kUnknown{};
}

TEST_CASE("quote-style marks curly quotation marks and apostrophes") {
    const auto markers =
        require_markers_with(QuoteStyle{}, kUnknown, "She said [[“]]hi[[”]] and don[[’]]t go.", 3);
    CHECK(markers[0].fixes.at(0).new_text == "\"");
    CHECK(markers[0].feature == "quote.straight-double");
    CHECK(markers[2].fixes.at(0).new_text == "'");
    CHECK(markers[2].fixes.at(0).title == "Use \"'\"");
    CHECK(markers[2].feature == "apostrophe.straight");
    const auto sink =
        run_detector(QuoteStyle{}, "She said “hi” and don’t go.", Language::Text, kUnknown);
    CHECK(measured(sink, "quote.straight-double") == std::pair(0.0, 2.0));
    CHECK(measured(sink, "apostrophe.straight") == std::pair(0.0, 1.0));
    CHECK(measured(sink, "quote.single") == std::pair(0.0, 1.0));
}

TEST_CASE("quote-style leaves straight double quotes and apostrophes alone") {
    require_markers_with(QuoteStyle{}, kUnknown, "She said \"hi\" and don't go; 'tis fine.", 0);
}

TEST_CASE("quote-style marks single quotation marks where writers use double") {
    const auto markers =
        require_markers_with(QuoteStyle{}, kUnknown, "He said [[']]hello' to me.", 1);
    CHECK(markers[0].feature == "quote.single");
    CHECK(markers[0].fixes.empty());
}

TEST_CASE("quote-style fixes straight quotes to curly ones where writers use curly") {
    const Reference curly = reference_with({{"quote.straight-double", "0,0.1,0.2"}});
    const auto markers = require_markers_with(QuoteStyle{}, curly, "She said [[\"]]hi[[\"]].", 2);
    CHECK(markers[0].fixes.at(0).new_text == "“");
    CHECK(markers[1].fixes.at(0).new_text == "”");
    CHECK(markers[0].bits > 0);
    INFO(markers[0].message);
    CHECK(markers[0].message.find("straight quotation marks this often") != std::string::npos);
}

TEST_CASE("quote-style reads single quotes nested in double ones as no habit") {
    const Reference curly = reference_with(
        {{"quote.straight-double", "0,0.1,0.2"}, {"apostrophe.straight", "0,0.1,0.2"}});
    require_markers_with(QuoteStyle{}, curly,
                         "He said, “She told me ‘no’ and it’s fine.” Then: “‘Beauty,’ she said.”",
                         0);
}

TEST_CASE("quote-style leaves LaTeX quotation marks to LaTeX but checks its apostrophes") {
    const auto markers = require_markers_with(QuoteStyle{}, kUnknown,
                                              "He said ``hi'' and don’t go.\n", 1, Language::Latex);
    CHECK(markers[0].feature == "apostrophe.straight");
    const auto sink = run_detector(QuoteStyle{}, "He said ``hi''.\n", Language::Latex, kUnknown);
    CHECK(measured(sink, "quote.straight-double") == std::pair(-1.0, -1.0));
}

TEST_CASE("quote-style: a dotted or underscored name in single quotes is code, not a quotation") {
    // A logging HOWTO's "loggers named 'foo.x', 'foo.x.y'" (issue 13, seed 14).
    const auto sink =
        run_detector(QuoteStyle{},
                     "Use loggers named 'scan.text' or 'max_size', and handlers 'under the "
                     "hood' too.",
                     Language::Text, kUnknown);
    CHECK(measured(sink, "quote.single").first == 1.0);
}
