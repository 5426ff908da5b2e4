#include <catch2/catch.hpp>

#include "lsp/features.hpp"

using namespace fantasma;
using namespace fantasma::lsp;

namespace {

Marker marker(std::string code, Span span, double bits, std::vector<Fix> fixes = {}) {
    Marker result;
    result.code = std::move(code);
    result.spans = {span};
    result.message = "what it reveals";
    result.bits = bits;
    result.population_bits = bits;
    result.fixes = std::move(fixes);
    return result;
}

Snapshot snapshot_of(std::string text, std::vector<Marker> markers,
                     Language language = Language::Markdown) {
    auto report = std::make_shared<Report>();
    report->markers = std::move(markers);
    report->total_bits = 9.5;
    report->word_count = 7;
    return {
        "file:///doc.md", 4,       language, std::make_shared<const std::string>(std::move(text)),
        report,           nullptr, nullptr,  nullptr};
}

const Analyzer& analyzer() {
    static const Analyzer shared;
    return shared;
}

CodeActionParams at(Position position) {
    CodeActionParams params;
    params.uri = "file:///doc.md";
    params.range = {position, position};
    return params;
}

const CodeAction* find_action(const std::vector<CodeAction>& actions, std::string_view prefix) {
    for (const CodeAction& action : actions)
        if (action.title.starts_with(prefix)) return &action;
    return nullptr;
}

// The text after applying `edits` (given in UTF-16 positions) from the end backwards.
std::string applied(std::string text, std::vector<TextEdit> edits) {
    std::sort(edits.begin(), edits.end(), [](const TextEdit& a, const TextEdit& b) {
        return std::tie(a.range.start.line, a.range.start.character) >
               std::tie(b.range.start.line, b.range.start.character);
    });
    for (const TextEdit& edit : edits) {
        apply_change(text,
                     {std::pair{LineColumn{edit.range.start.line, edit.range.start.character},
                                LineColumn{edit.range.end.line, edit.range.end.character}},
                      edit.newText},
                     PositionEncoding::Utf16);
    }
    return text;
}

// "😀 the colour" : 😀 is 4 bytes / 2 UTF-16 units; "colour" is bytes [9, 15).
const std::string kEmojiText = "😀 the colour, the honour.\n\nA new paragraph with colour.\n";

}  // namespace

TEST_CASE("diagnostics carry UTF-16 ranges, severity from bits, data and related spans") {
    Marker colour = marker("regional-spelling", {9, 15}, 6.0, {{"Use 'color'", "color"}});
    colour.spans.push_back({51, 57});
    const auto snapshot = snapshot_of(kEmojiText, {colour, marker("hedges", {1 + 4, 8}, 0.5)});
    const auto diagnostics = diagnostics_for(snapshot, PositionEncoding::Utf16);
    REQUIRE(diagnostics.size() == 2);
    CHECK(diagnostics[0].range == Range{{0, 7}, {0, 13}});
    CHECK(diagnostics[0].severity == 2);  // warning
    CHECK(diagnostics[1].severity == 4);  // hint
    CHECK(diagnostics[0].message == "what it reveals");
    CHECK(diagnostics[0].data["span"] == json::array({9, 15}));
    CHECK(diagnostics[0].data["version"] == 4);
    REQUIRE(diagnostics[0].relatedInformation.size() == 1);
    CHECK(diagnostics[0].relatedInformation[0].location.range == Range{{2, 21}, {2, 27}});
    // With utf-8 positions the column is in bytes.
    CHECK(diagnostics_for(snapshot, PositionEncoding::Utf8)[0].range == Range{{0, 9}, {0, 15}});
}

TEST_CASE("the summary gives the document's total bits") {
    const json summary = summary_for(snapshot_of("text", {marker("a", {0, 4}, 2)}));
    CHECK(summary["totalBits"] == 9.5);
    CHECK(summary["markerCount"] == 1);
    CHECK(summary["version"] == 4);
    CHECK(summary["uri"] == "file:///doc.md");
}

TEST_CASE("double-blind: leaks first and as errors, the summary carries the verdict") {
    Marker author = marker("title-block", {0, 4}, 20);
    Marker cite = marker("self-citation", {5, 8}, 6);
    cite.spans.push_back({9, 12});
    const auto snapshot = snapshot_of(
        "abcd efg hij klm", {marker("dash-style", {13, 16}, 5), cite, author}, Language::Latex);
    const auto diagnostics = diagnostics_for(snapshot, PositionEncoding::Utf16, true);
    REQUIRE(diagnostics.size() == 3);
    CHECK(diagnostics[0].code == "title-block");
    CHECK(diagnostics[1].code == "self-citation");
    CHECK(diagnostics[2].code == "dash-style");
    CHECK(diagnostics[0].severity == 1);
    CHECK(diagnostics[1].severity == 1);
    CHECK(diagnostics[2].severity == 2);  // not a leak: from its bits, as always
    const auto usual = diagnostics_for(snapshot, PositionEncoding::Utf16);
    CHECK(usual[0].code == "dash-style");
    CHECK(usual[1].severity == 2);

    // Three leaks here (two places of one self-citation) and two in included files.
    const json summary = summary_for(snapshot, {true, 2, {}});
    CHECK(summary["doubleBlind"] == true);
    CHECK(summary["leakCount"] == 5);
    CHECK(summary["verdict"] == "5 leaks would identify you to a reviewer.");
    const json plain = summary_for(snapshot);
    CHECK(plain["doubleBlind"] == false);
    CHECK_FALSE(plain.contains("verdict"));
}

TEST_CASE("hover explains the marker under the cursor") {
    const auto snapshot = snapshot_of(
        kEmojiText, {marker("regional-spelling", {9, 15}, 6.0, {{"Use 'color'", "color"}})});
    const auto hover = hover_for(snapshot, {0, 8}, PositionEncoding::Utf16);
    REQUIRE(hover);
    CHECK(hover->range == Range{{0, 7}, {0, 13}});
    CHECK(hover->markdown.find("regional-spelling") != std::string::npos);
    CHECK(hover->markdown.find("6.0 bits") != std::string::npos);
    CHECK(hover->markdown.find("Use 'color'") != std::string::npos);
    CHECK_FALSE(hover_for(snapshot, {0, 3}, PositionEncoding::Utf16));
    CHECK_FALSE(hover_for(snapshot, {0, 13}, PositionEncoding::Utf16));  // just past the end
}

TEST_CASE("a quick fix replaces the marker's first span") {
    const auto snapshot = snapshot_of(
        kEmojiText, {marker("regional-spelling", {9, 15}, 6.0, {{"Use 'color'", "color"}})});
    const auto actions =
        code_actions_for(analyzer(), snapshot, at({0, 9}), PositionEncoding::Utf16);
    const CodeAction* fix = find_action(actions, "Use 'color'");
    REQUIRE(fix);
    CHECK(fix->kind == "quickfix");
    CHECK(fix->isPreferred);
    REQUIRE(fix->edits.size() == 1);
    CHECK(applied(kEmojiText, fix->edits) ==
          "😀 the color, the honour.\n\nA new paragraph with colour.\n");
    // Every action has an edit or a command (eglot ignores the others).
    for (const CodeAction& action : actions) CHECK((!action.edits.empty() || action.command));
}

TEST_CASE("fix all, rewrite paragraph and ignores") {
    const auto snapshot = snapshot_of(
        kEmojiText, {marker("regional-spelling", {9, 15}, 6.0, {{"Use 'color'", "color"}}),
                     marker("regional-spelling", {21, 27}, 6.0, {{"Use 'honor'", "honor"}}),
                     marker("regional-spelling", {51, 57}, 6.0, {{"Use 'color'", "color"}})});
    const auto actions =
        code_actions_for(analyzer(), snapshot, at({0, 9}), PositionEncoding::Utf16);

    const CodeAction* all = find_action(actions, "Fix all 3 'regional-spelling'");
    REQUIRE(all);
    CHECK(applied(kEmojiText, all->edits) ==
          "😀 the color, the honor.\n\nA new paragraph with color.\n");

    const CodeAction* rewrite = find_action(actions, "Rewrite paragraph");
    REQUIRE(rewrite);
    CHECK(rewrite->kind == "refactor.rewrite");
    CHECK(applied(kEmojiText, rewrite->edits) ==
          "😀 the color, the honor.\n\nA new paragraph with colour.\n");

    const CodeAction* here = find_action(actions, "Ignore 'regional-spelling' here");
    REQUIRE(here);
    CHECK(applied(kEmojiText, here->edits) ==
          "😀 the colour, the honour. <!-- fantasma-ignore regional-spelling -->\n\n"
          "A new paragraph with colour.\n");

    const CodeAction* workspace = find_action(actions, "Ignore 'regional-spelling' in this");
    REQUIRE(workspace);
    REQUIRE(workspace->command);
    CHECK(workspace->command->command == kIgnoreInWorkspaceCommand);
    CHECK(workspace->command->arguments == json::array({"regional-spelling"}));
}

TEST_CASE("the marker under the cursor comes first, its preferred fix first") {
    // Two markers on one line; the client echoes both (Neovim 0.7 sends every diagnostic of
    // the cursor's line), the earlier one first.
    const std::vector<Marker> markers = {
        marker("regional-spelling", {9, 15}, 6.0, {{"Use 'color'", "color"}}),
        marker("regional-spelling", {21, 27}, 6.0, {{"Use 'honor'", "honor"}, {"Drop it", ""}})};
    const auto snapshot = snapshot_of(kEmojiText, markers);
    const auto echo_both = [&](Position cursor) {
        CodeActionParams params = at(cursor);
        for (const Marker& m : markers)
            params.diagnostics.push_back(
                {m.code, {{"code", m.code}, {"span", {m.spans[0].begin, m.spans[0].end}}}});
        return code_actions_for(analyzer(), snapshot, params, PositionEncoding::Utf16);
    };

    const auto on_honour = echo_both({0, 20});  // inside "honour"
    REQUIRE(on_honour.size() > 2);
    CHECK(on_honour[0].title == "Use 'honor'");
    CHECK(on_honour[0].isPreferred);
    CHECK(on_honour[1].title == "Drop it");
    const auto count_preferred = [](const std::vector<CodeAction>& actions) {
        return std::count_if(actions.begin(), actions.end(),
                             [](const CodeAction& a) { return a.isPreferred; });
    };
    CHECK(count_preferred(on_honour) == 1);
    const CodeAction* colour = find_action(on_honour, "Use 'color'");
    REQUIRE(colour);
    CHECK_FALSE(colour->isPreferred);

    const auto on_colour = echo_both({0, 8});  // inside "colour"
    CHECK(on_colour[0].title == "Use 'color'");
    CHECK(count_preferred(on_colour) == 1);
    // Between the two words ("th|e"), nearer "honour" (2 bytes) than "colour" (4 bytes).
    CHECK(echo_both({0, 17})[0].title == "Use 'honor'");
}

TEST_CASE("a marker echoed by data is found whatever the range says") {
    const auto snapshot = snapshot_of(
        kEmojiText, {marker("regional-spelling", {51, 57}, 6.0, {{"Use 'color'", "color"}})});
    CHECK(code_actions_for(analyzer(), snapshot, at({0, 0}), PositionEncoding::Utf16).empty());
    CodeActionParams params = at({0, 0});
    params.diagnostics.push_back(
        {"regional-spelling", {{"code", "regional-spelling"}, {"span", {51, 57}}}});
    CHECK(find_action(code_actions_for(analyzer(), snapshot, params, PositionEncoding::Utf16),
                      "Use 'color'"));
}

TEST_CASE("identity markers are never fixed in bulk, `only` filters kinds") {
    Marker name = marker("personal-name", {9, 15}, 8.0, {{"Replace with 'a name'", "a name"}});
    name.identity = true;
    const auto snapshot = snapshot_of(kEmojiText, {name});
    const auto actions =
        code_actions_for(analyzer(), snapshot, at({0, 9}), PositionEncoding::Utf16);
    CHECK(find_action(actions, "Replace with 'a name'"));  // the writer may choose it
    CHECK_FALSE(find_action(actions, "Rewrite paragraph"));

    CodeActionParams rewrite_only = at({0, 9});
    rewrite_only.only = std::vector<std::string>{"refactor"};
    const auto colour = snapshot_of(
        kEmojiText, {marker("regional-spelling", {9, 15}, 6.0, {{"Use 'color'", "color"}})});
    const auto filtered =
        code_actions_for(analyzer(), colour, rewrite_only, PositionEncoding::Utf16);
    REQUIRE(filtered.size() == 1);
    CHECK(filtered[0].kind == "refactor.rewrite");
}

TEST_CASE("ignore directives go where the extractor reads them") {
    CHECK_FALSE(ignore_insertion("plain text", Language::Text, 0, "x"));
    const auto latex =
        ignore_insertion("A line.\nThe colour here.\nNext", Language::Latex, 12, "c");
    REQUIRE(latex);
    CHECK(latex->offset == 24);
    CHECK(latex->text == " % fantasma-ignore c");
    // A line that already has a comment gets the directive on a line of its own above.
    const auto commented =
        ignore_insertion("A line.\nThe colour % note\nNext", Language::Latex, 12, "c");
    REQUIRE(commented);
    CHECK(commented->offset == 8);
    CHECK(commented->text == "% fantasma-ignore c\n");
    // An escaped percent sign is not a comment.
    CHECK(ignore_insertion("50\\% colour", Language::Latex, 5, "c")->offset == 11);
}

TEST_CASE("with a model: rewrite commands for the paragraph and the marker's sentence") {
    const std::string text = "First one. The colour is here! Last.\n\nNext paragraph.\n";
    const Snapshot snapshot = snapshot_of(
        text, {marker("regional-spelling", Span(15, 21), 2, {{"Use 'color'", "color"}})});
    CHECK_FALSE(
        find_action(code_actions_for(analyzer(), snapshot, at({0, 16}), PositionEncoding::Utf16),
                    "Rewrite paragraph in a neutral style with"));
    const auto actions =
        code_actions_for(analyzer(), snapshot, at({0, 16}), PositionEncoding::Utf16, true);
    const CodeAction* paragraph =
        find_action(actions, "Rewrite paragraph in a neutral style with the model");
    const CodeAction* sentence =
        find_action(actions, "Rewrite sentence in a neutral style with the model");
    REQUIRE(paragraph);
    REQUIRE(sentence);
    REQUIRE(find_action(actions, "Preview the model's neutral rewrite of the sentence"));
    CHECK(paragraph->kind == "refactor.rewrite");
    REQUIRE(sentence->command);
    CHECK(sentence->command->command == "fantasma.rewriteWithModel");
    const json argument = sentence->command->arguments[0];
    CHECK(argument["uri"] == "file:///doc.md");
    CHECK(argument["version"] == 4);
    CHECK(argument["range"] == json{{"start", {{"line", 0}, {"character", 11}}},
                                    {"end", {{"line", 0}, {"character", 30}}}});
    CHECK(paragraph->command->arguments[0]["range"]["end"] == json{{"line", 0}, {"character", 36}});
}

TEST_CASE("one action removes every invisible character and look-alike letter") {
    // "😀 a\u200Bb Jаmes\u00A0c\n": zero-width space at bytes [6, 9), Cyrillic а [12, 14),
    // no-break space [17, 19); a colour marker that is no part of the cleaning.
    const std::string text = "😀 a\u200Bb J\u0430mes\u00A0colour\n";
    const auto snapshot = snapshot_of(
        text, {marker("zero-width", {6, 9}, 5.0, {{"Remove the invisible character", "", true}}),
               marker("look-alike-letter", {12, 14}, 7.0, {{"Use the Latin letter", "a", true}}),
               marker("unusual-space", {17, 19}, 4.0, {{"Use a plain space", " ", true}}),
               marker("regional-spelling", {19, 25}, 6.0, {{"Use 'color'", "color"}})});
    const std::string cleaned = "😀 ab James colour\n";

    // On an invisible marker: a quick fix beside the marker's own.
    auto actions = code_actions_for(analyzer(), snapshot, at({0, 4}), PositionEncoding::Utf16);
    const CodeAction* clean = find_action(actions, kRemoveInvisibleTitle);
    REQUIRE(clean);
    CHECK(clean->kind == "quickfix");
    CHECK(applied(text, clean->edits) == cleaned);

    // Elsewhere: a source action, which a client asking only for quick fixes does not get.
    actions = code_actions_for(analyzer(), snapshot, at({0, 17}), PositionEncoding::Utf16);
    clean = find_action(actions, kRemoveInvisibleTitle);
    REQUIRE(clean);
    CHECK(clean->kind == "source");
    CHECK(applied(text, clean->edits) == cleaned);
    CodeActionParams quick_fixes_only = at({0, 17});
    quick_fixes_only.only = std::vector<std::string>{"quickfix"};
    CHECK(!find_action(
        code_actions_for(analyzer(), snapshot, quick_fixes_only, PositionEncoding::Utf16),
        kRemoveInvisibleTitle));

    // Without invisible markers there is nothing to offer.
    const auto plain =
        snapshot_of(text, {marker("regional-spelling", {19, 25}, 6.0, {{"Use 'color'", "color"}})});
    CHECK(!find_action(code_actions_for(analyzer(), plain, at({0, 17}), PositionEncoding::Utf16),
                       kRemoveInvisibleTitle));
}

TEST_CASE("bulk actions leave names the document writes in code alone") {
    // "pip" (bytes 12-15 and 17-20) is written in code, so no bulk fix capitalises it; the
    // other start of a sentence (bytes 22-25, "the") may be fixed.
    const std::string text = "Use `pip`.\n\npip. pip. the end.\n";
    const Fix capital{"Capitalise", "Pip"};
    const auto snapshot =
        snapshot_of(text, {marker("capitalization", {12, 15}, 2.0, {capital}),
                           marker("capitalization", {17, 20}, 2.0, {capital}),
                           marker("capitalization", {22, 25}, 2.0, {{"Capitalise", "The"}})});
    const auto actions =
        code_actions_for(analyzer(), snapshot, at({2, 0}), PositionEncoding::Utf16);
    CHECK(find_action(actions, "Capitalise"));  // the writer may still choose it by hand
    CHECK_FALSE(find_action(actions, "Fix all"));
    const CodeAction* paragraph = find_action(actions, "Rewrite paragraph");
    REQUIRE(paragraph);
    CHECK(applied(text, paragraph->edits) == "Use `pip`.\n\npip. pip. The end.\n");
}

TEST_CASE("bulk actions pass the rewrite's score check: fixes that raise the score are left out") {
    // Fixes that make an American text British raise its score: "Fix all" and "Rewrite
    // paragraph" must not offer them, as `fantasma rewrite` would refuse them, while the
    // single quick fix stays the writer's own choice.
    const std::string text = "The color of the car, the color of the door.\n\nThe color.\n";
    const auto snapshot =
        snapshot_of(text, {marker("made-up", {4, 9}, 6.0, {{"Use 'colour'", "colour"}}),
                           marker("made-up", {26, 31}, 6.0, {{"Use 'colour'", "colour"}}),
                           marker("made-up", {50, 55}, 6.0, {{"Use 'colour'", "colour"}})});
    const auto actions =
        code_actions_for(analyzer(), snapshot, at({0, 5}), PositionEncoding::Utf16);
    CHECK(find_action(actions, "Use 'colour'"));
    CHECK_FALSE(find_action(actions, "Fix all"));
    CHECK_FALSE(find_action(actions, "Rewrite paragraph in a neutral style ("));
}
