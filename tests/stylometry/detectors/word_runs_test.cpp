#include "stylometry/detectors/common/word_runs.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <string>
#include <unordered_map>

using namespace fantasma;
using namespace fantasma::word_runs;

namespace {

// Every word of the document counts as content.
std::vector<bool> all_content(const Vocabulary& vocabulary) {
    return std::vector<bool>(vocabulary.norms.size(), true);
}

// "ba", "bb", ..., a distinct lower-case word for each number.
std::string word_for(std::size_t number) {
    std::string word = "w";
    do {
        word += static_cast<char>('a' + number % 26);
        number /= 26;
    } while (number > 0);
    return word;
}

}  // namespace

TEST_CASE("number_words numbers each distinct lower-cased word once, in order of first use") {
    const Document document = make_document("Rain, rain and RAIN. Sun!", Language::Text);
    const Vocabulary vocabulary = number_words(document.tokens());
    REQUIRE(vocabulary.norms == std::vector<std::string_view>{"rain", "and", "sun"});
    CHECK(vocabulary.uses == std::vector<std::uint32_t>{3, 1, 1});
    const auto& tokens = document.tokens();
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (tokens[i].kind == TokenKind::Word)
            CHECK(vocabulary.norms[vocabulary.word_of_token[i]] == tokens[i].norm);
        else
            CHECK(vocabulary.word_of_token[i] == Vocabulary::kNotAWord);
    }
}

TEST_CASE("repeated_runs finds the runs used often enough, with their occurrences in order") {
    const Document document = make_document(
        "Purple monkey dishwasher today. A purple monkey dishwasher. Purple monkey again. "
        "Purple, monkey.",
        Language::Text);
    const Vocabulary vocabulary = number_words(document.tokens());
    std::vector<RepeatedRun> runs =
        repeated_runs(document, vocabulary, all_content(vocabulary), 3, 2);
    std::ranges::sort(runs, {}, [&](const RepeatedRun& run) { return run_text(run, vocabulary); });
    REQUIRE(runs.size() == 3);
    // Not across the comma of "Purple, monkey": runs hold word tokens only.
    CHECK(run_text(runs[0], vocabulary) == "monkey dishwasher");
    CHECK(runs[0].first_tokens.size() == 2);
    CHECK(run_text(runs[1], vocabulary) == "purple monkey");
    CHECK(runs[1].first_tokens.size() == 3);
    CHECK(std::ranges::is_sorted(runs[1].first_tokens));
    CHECK_FALSE(runs[1].always_capitalised);  // "a purple monkey" is in lower case
    CHECK(run_text(runs[2], vocabulary) == "purple monkey dishwasher");
    CHECK(runs[2].words == 3);
    for (const RepeatedRun& run : runs) {
        for (const std::uint32_t first : run.first_tokens) {
            const Span span{document.tokens()[first].text.begin,
                            document.tokens()[first + run.words - 1].text.end};
            std::string lower(document.text(span));
            std::ranges::transform(lower, lower.begin(), [](char c) {
                return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            });
            CHECK(lower == run_text(run, vocabulary));
        }
    }
}

TEST_CASE("repeated_runs keeps runs within a sentence and needs a content word") {
    const Document document =
        make_document("Of the cat. Of the cat. Of the cat. End here. End here.", Language::Text);
    const Vocabulary vocabulary = number_words(document.tokens());
    std::vector<bool> content = all_content(vocabulary);
    for (std::size_t word = 0; word < vocabulary.norms.size(); ++word) {
        if (vocabulary.norms[word] == "of" || vocabulary.norms[word] == "the")
            content[word] = false;
    }
    const std::vector<RepeatedRun> runs = repeated_runs(document, vocabulary, content, 3, 3);
    std::vector<std::string> texts;
    for (const RepeatedRun& run : runs) texts.push_back(run_text(run, vocabulary));
    std::ranges::sort(texts);
    // "of the" has no content word; "cat of" would cross a sentence's end; "end here" is
    // used twice.
    CHECK(texts == std::vector<std::string>{"of the cat", "the cat"});
    for (const RepeatedRun& run : runs) CHECK_FALSE(run.always_capitalised);
}

TEST_CASE("repeated_runs counts exactly when the table grows past its first size") {
    // 3,000 distinct two-word runs, each three times, and as many used once.
    std::string text;
    for (int round = 0; round < 3; ++round) {
        for (std::size_t i = 0; i < 3000; ++i)
            text += word_for(i) + " " + word_for(i + 5000) + ". ";
    }
    for (std::size_t i = 0; i < 3000; ++i) text += word_for(i + 5000) + " " + word_for(i) + ". ";
    const Document document = make_document(text, Language::Text);
    const Vocabulary vocabulary = number_words(document.tokens());
    const std::vector<RepeatedRun> runs =
        repeated_runs(document, vocabulary, all_content(vocabulary), 3, 3);
    REQUIRE(runs.size() == 3000);
    std::unordered_map<std::string, std::size_t> number_of;
    for (std::size_t i = 0; i < 3000; ++i) number_of[word_for(i)] = i;
    for (const RepeatedRun& run : runs) {
        CHECK(run.words == 2);
        CHECK(run.first_tokens.size() == 3);
        const std::string run_words = run_text(run, vocabulary);
        const std::size_t space = run_words.find(' ');
        // The second word is the first's partner: word_for(i) then word_for(i + 5000).
        const auto first = number_of.find(run_words.substr(0, space));
        REQUIRE(first != number_of.end());
        CHECK(run_words.substr(space + 1) == word_for(first->second + 5000));
    }
}
