#include "stylometry/detectors/emoticon_emoji.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {
const Reference kUnknown{};
}

TEST_CASE("emoticon-emoji marks emoji and emoticons with the space before them") {
    const auto markers =
        require_markers_with(EmoticonEmoji{}, kUnknown, "Great news[[ 🎉]] see you soon[[ :)]]", 2);
    CHECK(markers[0].feature == "emoji.rate");
    CHECK(markers[1].feature == "emoticon.rate");
    CHECK(markers[1].fixes.at(0).new_text.empty());
    CHECK(markers[1].fixes.at(0).title == "Remove it");
    const auto sink =
        run_detector(EmoticonEmoji{}, "Great news 🎉 see you soon :)", Language::Text, kUnknown);
    CHECK(measured(sink, "emoji.rate") == std::pair(1.0, 5.0));
    CHECK(measured(sink, "emoticon.rate") == std::pair(1.0, 5.0));
}

TEST_CASE("emoticon-emoji leaves colons, brackets and numbers alone") {
    require_markers_with(EmoticonEmoji{}, kUnknown, "Note: see (a) and 3:30 or 1 < 3.", 0);
}

TEST_CASE("emoticon-emoji scores against the population and marks one at a block start") {
    const Reference reference = reference_with({{"emoticon.rate", "0,0,0,0.001"}});
    const auto markers = require_markers_with(EmoticonEmoji{}, reference, "[[;-)]] fine by me", 1);
    CHECK(markers[0].bits > 1);
    CHECK(markers[0].message.find("1 in 3 words") != std::string::npos);
}

TEST_CASE("emoji that are a table cell's data are no habit") {
    require_no_markers(EmoticonEmoji{},
                       "| name | works |\n|---|---|\n| one | ✔ |\n| two | ✔ |\n| three | ✔ |\n",
                       Language::Markdown);
}
