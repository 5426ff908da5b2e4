// segment() as a whole: the token/sentence invariants, blocks, odd input and linear time.
#include <algorithm>
#include <catch2/catch.hpp>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "segment_test_support.hpp"
#include "skip.hpp"

using namespace fantasma;
using namespace fantasma::testing;
using Strings = std::vector<std::string>;

namespace {

// Tokens are ordered, non-empty, hold no space and do not cross a block boundary; sentences
// tile the tokens in order and span from their first token to their last. Returns the
// first rule broken, or "" when all hold.
std::string first_violation(const Prose& prose, const Segmentation& result) {
    std::set<std::size_t> boundaries;
    for (const Block& block : prose.blocks) {
        boundaries.insert(block.text.begin);
        boundaries.insert(block.text.end);
    }
    std::size_t previous_end = 0;
    for (std::size_t i = 0; i < result.tokens.size(); ++i) {
        const Token& token = result.tokens[i];
        const std::string where = "token " + std::to_string(i) + ": ";
        if (token.text.begin < previous_end) return where + "overlaps the one before";
        if (token.text.empty() || token.text.end > prose.text.size()) return where + "bad span";
        if ((token.kind == TokenKind::Word) == token.norm.empty()) return where + "bad norm";
        if (prose.view(token.text).find_first_of(" \t\n\r") != std::string_view::npos) {
            return where + "holds a space";
        }
        const auto boundary = boundaries.upper_bound(token.text.begin);
        if (boundary != boundaries.end() && *boundary < token.text.end) {
            return where + "crosses a block boundary";
        }
        previous_end = token.text.end;
    }
    std::size_t next_token = 0;
    for (const Sentence& sentence : result.sentences) {
        const std::string where = "sentence at token " + std::to_string(next_token) + ": ";
        if (sentence.first_token != next_token || sentence.end_token <= sentence.first_token ||
            sentence.end_token > result.tokens.size()) {
            return where + "does not tile the tokens";
        }
        if (sentence.text != Span(result.tokens[sentence.first_token].text.begin,
                                  result.tokens[sentence.end_token - 1].text.end)) {
            return where + "span differs from its tokens";
        }
        next_token = sentence.end_token;
    }
    if (next_token != result.tokens.size()) return "tokens after the last sentence";
    return "";
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::stringstream contents;
    contents << file.rdbuf();
    return contents.str();
}

}  // namespace

TEST_CASE("words, punctuation and spaces with their spans", "[segment]") {
    const Prose prose = prose_of("Hello, world!");
    const Segmentation result = segment(prose);
    REQUIRE(result.tokens.size() == 4);
    CHECK(result.tokens[0].text == Span(0, 5));
    CHECK(result.tokens[0].kind == TokenKind::Word);
    CHECK(result.tokens[0].norm == "hello");
    CHECK(result.tokens[0].space_before);
    CHECK(result.tokens[1].text == Span(5, 6));
    CHECK(result.tokens[1].kind == TokenKind::Punct);
    CHECK(result.tokens[1].norm.empty());
    CHECK_FALSE(result.tokens[1].space_before);
    CHECK(result.tokens[2].text == Span(7, 12));
    CHECK(result.tokens[2].space_before);
    CHECK(result.tokens[3].text == Span(12, 13));
    REQUIRE(result.sentences.size() == 1);
    CHECK(result.sentences[0].text == Span(0, 13));
    CHECK(result.sentences[0].first_token == 0);
    CHECK(result.sentences[0].end_token == 4);
}

TEST_CASE("empty and blank prose have no tokens and no sentences", "[segment]") {
    CHECK(segment(Prose{}).tokens.empty());
    const Segmentation blank = segment(prose_of(" \n\t "));
    CHECK(blank.tokens.empty());
    CHECK(blank.sentences.empty());
}

TEST_CASE("blocks cut tokens and sentences, text outside blocks is segmented too", "[segment]") {
    // Blocks listed out of order and touching, with no separator between them, and a tail
    // of text that no block covers.
    Prose prose;
    prose.text = "one-twothree. Four tail";
    prose.blocks = {{Span(7, 19), BlockKind::Paragraph}, {Span(0, 7), BlockKind::Heading}};
    prose.pieces = {{Span(0, prose.text.size()), Span(0, prose.text.size()), true}};
    const Segmentation result = segment(prose);
    CHECK(first_violation(prose, result).empty());
    Strings tokens;
    for (const Token& token : result.tokens) tokens.emplace_back(prose.view(token.text));
    CHECK(tokens == Strings{"one", "-", "two", "three", ".", "Four", "tail"});
    CHECK(result.tokens[3].space_before);  // a block start counts as a space
    CHECK(sentence_texts(prose) == Strings{"one-two", "three.", "Four", "tail"});
}

TEST_CASE("malformed UTF-8 still advances and stays within the text", "[segment]") {
    const Prose prose = prose_of("ok \xFF\xFE bad\xC3 end \xE2\x82");
    const Segmentation result = segment(prose);
    CHECK(first_violation(prose, result).empty());
    CHECK(result.tokens.front().norm == "ok");
    CHECK(result.tokens.back().text.end == prose.text.size());
}

TEST_CASE("the segmentation of real essays keeps its invariants", "[segment][corpus]") {
    const std::filesystem::path corpus = FANTASMA_SHARED_DIR "/corpora/ebg-amt/aa";
    if (!std::filesystem::exists(corpus)) {
        fantasma::testing::skip("no corpus at " + corpus.string());
        return;
    }
    for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
        if (entry.path().filename().string().find("demographics") != std::string::npos) continue;
        const std::string text = read_file(entry.path());
        std::vector<std::string> paragraphs;
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);) {
            if (!line.empty()) paragraphs.push_back(line);
        }
        const Prose prose = prose_of(paragraphs);
        const Segmentation result = segment(prose);
        INFO(entry.path());
        CHECK(first_violation(prose, result).empty());
        CHECK(result.sentences.size() * 5 < result.tokens.size());
    }
}

TEST_CASE("pathological input segments in linear time", "[segment][performance]") {
    // Each of these would take seconds if a scan restarted at every token.
    const std::size_t repeats = 100000;
    std::string dotted, at_signs, url_brackets, dots_and_caps;
    for (std::size_t i = 0; i < repeats; ++i) dotted += "a.";
    at_signs = "x@" + dotted;
    url_brackets = "http://x.org/" + std::string(repeats, ')');
    for (std::size_t i = 0; i < repeats; ++i) dots_and_caps += "U.S. A ";
    for (const std::string& text : {dotted, at_signs, url_brackets, dots_and_caps}) {
        const Prose prose = prose_of(text);
        const std::clock_t start = std::clock();  // processor time: immune to a busy machine
        const Segmentation result = segment(prose);
        const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        CHECK(first_violation(prose, result).empty());
        INFO(text.substr(0, 20) << "... took " << seconds << " s");
        CHECK(seconds < 2.0);
    }
}
