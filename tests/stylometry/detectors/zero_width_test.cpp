#include "stylometry/detectors/zero_width.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("zero-width marks zero-width characters in Latin text, a run as one") {
    const auto markers = require_markers(
        ZeroWidth{},
        "The re[[\u200B]]port is due. Send it to the board[[\u200C\u2060]] today[[\uFEFF]].", 3);
    CHECK(markers[0].feature == "invisible.zero-width");
    CHECK(markers[0].bits > 1);
    CHECK(markers[0].message.find("zero-width space (U+200B)") != std::string::npos);
    CHECK(markers[1].message.find("zero-width non-joiner (U+200C) and invisible word joiner") !=
          std::string::npos);
    CHECK(markers[0].fixes.at(0).new_text.empty());
    CHECK(markers[0].fixes.at(0).keeps_appearance);
    // The tokenizer breaks words at a zero-width space: "re" and "port".
    const auto sink = run_detector(ZeroWidth{}, "The re\u200Bport is due.");
    CHECK(measured(sink, "invisible.zero-width") == std::pair(1.0, 5.0));
}

TEST_CASE("zero-width finds them in Markdown link text and LaTeX captions") {
    require_markers(ZeroWidth{}, "See [the re\u200Bport](https://example.org/a) now.\n", 1,
                    Language::Markdown);
    require_markers(ZeroWidth{},
                    "\\begin{figure}\\caption{The re\u200Bport}\\end{figure}\nText here.\n", 1,
                    Language::Latex);
}

TEST_CASE("zero-width leaves emoji sequences, joining scripts and a leading BOM alone") {
    // Family and profession emoji, Persian with a non-joiner, Hindi with a joiner, Thai with
    // zero-width spaces between words, and a byte-order mark that opens the file.
    require_no_markers(ZeroWidth{},
                       "\uFEFFWe met 👨\u200D👩\u200D👧 and 👩\u200D🔬 today. "
                       "می\u200Cخواهم بروم. क्\u200Dष ठीक. สวัสดี\u200Bครับ");
    const auto sink = run_detector(ZeroWidth{}, "We met 👨\u200D👩\u200D👧 today.");
    CHECK(measured(sink, "invisible.zero-width") == std::pair(0.0, 3.0));
}

TEST_CASE("zero-width gives no bits where the reference does not know the habit") {
    const Reference unknown{};
    const auto markers = require_markers_with(ZeroWidth{}, unknown, "a[[\u200B]]b", 1);
    CHECK(markers[0].bits == 0);
}
