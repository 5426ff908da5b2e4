// Mail header blocks: the mail system's lines inside a saved message, and their fields.
#include <catch2/catch.hpp>

#include <string>

#include "stylometry/text/mail_headers.hpp"

using namespace fantasma;

namespace {

std::vector<std::string> block_texts(const std::string& text) {
    std::vector<std::string> texts;
    for (const Span span : mail_header_blocks(text))
        texts.push_back(text.substr(span.begin, span.size()));
    return texts;
}

}  // namespace

TEST_CASE("mail header blocks: fields with folded lines, not the prose after them") {
    const std::string message =
        "Return-Path: <news-approval@mail.example>\n"
        "Received: from relay.example (relay.example [192.0.2.7])\n"
        "\tby mx.example (Postfix) with ESMTP id 1A2B\n"
        "\tfor <news@lists.example>; Fri, 3 May 2002 10:00:00 +0000 (GMT)\n"
        "From: Ada Byron <ada@analytical.example>\n"
        "Subject: Notes (draft)\n"
        "\n"
        "Dear all: the engine (at last) runs.\n"
        "Note: it is slow.\n";
    const auto blocks = block_texts(message);
    REQUIRE(blocks.size() == 1);
    CHECK(blocks[0].starts_with("Return-Path:"));
    CHECK(blocks[0].ends_with("Subject: Notes (draft)"));
    const std::vector<Span> spans = mail_header_blocks(message);
    CHECK(mail_header_field(message, spans, message.find("for <news@")) == "received");
    CHECK(mail_header_field(message, spans, message.find("ada@")) == "from");
    CHECK(mail_header_field(message, spans, message.find("(at last)")).empty());
}

TEST_CASE("mail header blocks: prose fields stay prose, and prose lines with colons no block") {
    // git's howto documents open with an Abstract: the writer's own words.
    const std::string howto =
        "From: Junia Example <junia@example.org>\n"
        "Date: Wed, 21 Nov 2007 16:32:55 -0800\n"
        "Abstract: Imagine that the maintainer (our friend) is away.\n"
        " Out of the hordes of developers, you step up.\n"
        "Content-type: text/plain\n\nHow to maintain it\n";
    const auto blocks = block_texts(howto);
    REQUIRE(blocks.size() == 2);
    CHECK(blocks[0].ends_with("-0800"));
    CHECK(blocks[1] == "Content-type: text/plain");
    // Labels a writer uses in prose are not a mail's header.
    CHECK(block_texts("Note: it is slow.\nWarning: it is loud.\nTip: wear earplugs.\n").empty());
    // One field alone is not a header block.
    CHECK(block_texts("Subject: hello\n\nText.\n").empty());
}
