// Emoji, emoticons, URLs, e-mail addresses and handles.
#include <catch2/catch.hpp>

#include "segment_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;
using Strings = std::vector<std::string>;

TEST_CASE("an emoji with its modifiers and joiners is one token", "[segment][emoji]") {
    const std::string thumbs = "\U0001F44D\U0001F3FD";                        // skin tone
    const std::string family = "\U0001F468\u200D\U0001F469\u200D\U0001F467";  // ZWJ sequence
    const std::string heart = "\u2764\uFE0F";                                 // VS16
    const std::string flag = "\U0001F1EB\U0001F1F7";                          // FR
    const std::string keycap = "1\uFE0F\u20E3";
    const std::string scotland =
        "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F";
    CHECK(typed_tokens(thumbs + family + " " + heart + flag + " " + keycap + " " + scotland) ==
          Strings{"Emoji:" + thumbs, "Emoji:" + family, "Emoji:" + heart, "Emoji:" + flag,
                  "Emoji:" + keycap, "Emoji:" + scotland});
}

TEST_CASE("emoji spans after CJK and combining marks", "[segment][emoji]") {
    // 中 = 3 bytes, "e" + U+0301 = 3 bytes, each followed by a space: the family starts at 8
    // and is 4 + 3 + 4 + 3 + 4 = 18 bytes; the text-style © with U+FE0F is 2 + 3 bytes.
    const Prose prose =
        prose_of("\u4E2D e\u0301 \U0001F468\u200D\U0001F469\u200D\U0001F467!\u00A9\uFE0F");
    const Segmentation result = segment(prose);
    REQUIRE(result.tokens.size() == 5);
    CHECK(result.tokens[2].kind == TokenKind::Emoji);
    CHECK(result.tokens[2].text == Span(8, 26));
    CHECK(result.tokens[3].text == Span(26, 27));
    CHECK(result.tokens[4].kind == TokenKind::Emoji);
    CHECK(result.tokens[4].text == Span(27, 32));
}

TEST_CASE("emoji glued to words split from them", "[segment][emoji]") {
    CHECK(typed_tokens("yes\U0001F600no") == Strings{"Word:yes", "Emoji:\U0001F600", "Word:no"});
}

TEST_CASE("emoticons between spaces", "[segment][emoticons]") {
    CHECK(typed_tokens(":) :-) ;) :D :P :( <3 ^^ XD :'( -_- o_O :)))") ==
          Strings{"Emoticon::)", "Emoticon::-)", "Emoticon:;)", "Emoticon::D", "Emoticon::P",
                  "Emoticon::(", "Emoticon:<3", "Emoticon:^^", "Emoticon:XD", "Emoticon::'(",
                  "Emoticon:-_-", "Emoticon:o_O", "Emoticon::)))"});
    // Sentence punctuation may follow a face.
    CHECK(typed_tokens("great :)!") == Strings{"Word:great", "Emoticon::)", "Punct:!"});
}

TEST_CASE("emoticon look-alikes inside text are not emoticons", "[segment][emoticons]") {
    CHECK(typed_tokens("note:) x<3 (see :Dx) XDR") ==
          Strings{"Word:note", "Punct::", "Punct:)", "Word:x", "Symbol:<", "Number:3", "Punct:(",
                  "Word:see", "Punct::", "Word:Dx", "Punct:)", "Word:XDR"});
}

TEST_CASE("a URL is one token without the sentence's punctuation", "[segment][url]") {
    CHECK(typed_tokens("See https://example.org/a?b=1&c=2. Or www.example.com, http://x.io!") ==
          Strings{"Word:See", "Url:https://example.org/a?b=1&c=2", "Punct:.", "Word:Or",
                  "Url:www.example.com", "Punct:,", "Url:http://x.io", "Punct:!"});
    // Brackets: a URL keeps the ones it opened.
    CHECK(typed_tokens("(https://en.wikipedia.org/wiki/Foo_(bar))") ==
          Strings{"Punct:(", "Url:https://en.wikipedia.org/wiki/Foo_(bar)", "Punct:)"});
    CHECK(token_texts("at http://a.io/x\u2026 or http://b.io/y?!") ==
          Strings{"at", "http://a.io/x", "\u2026", "or", "http://b.io/y", "?!"});
    // A bare scheme is not a URL.
    CHECK(token_texts("http:// now") == Strings{"http", ":", "/", "/", "now"});
}

TEST_CASE("a URL after an emoji has an exact span", "[segment][url]") {
    // 🎉 is 4 bytes, then a space: the URL is bytes 5 to 24.
    const Prose prose = prose_of("\U0001F389 https://ex.am/ple/x.");
    const Segmentation result = segment(prose);
    REQUIRE(result.tokens.size() == 3);
    CHECK(result.tokens[1].kind == TokenKind::Url);
    CHECK(result.tokens[1].text == Span(5, 24));
}

TEST_CASE("e-mail addresses", "[segment][email]") {
    CHECK(typed_tokens("Write to john.doe+news@mail.example.co.uk. Or 42@ex.org") ==
          Strings{"Word:Write", "Word:to", "Email:john.doe+news@mail.example.co.uk", "Punct:.",
                  "Word:Or", "Email:42@ex.org"});
    // No dot in the host, or a one-letter top-level domain: not an address.
    CHECK(typed_tokens("x@y a@b.c") == Strings{"Word:x", "Symbol:@", "Word:y", "Word:a", "Symbol:@",
                                               "Word:b", "Punct:.", "Word:c"});
}

TEST_CASE("@handles, but not the @ inside an address", "[segment][handle]") {
    CHECK(typed_tokens("@jack_99 said hi to @Zo\u00EB. me@x.org") ==
          Strings{"Handle:@jack_99", "Word:said", "Word:hi", "Word:to", "Handle:@Zo\u00EB",
                  "Punct:.", "Email:me@x.org"});
    CHECK(typed_tokens("a@ @") == Strings{"Word:a", "Symbol:@", "Symbol:@"});
}

TEST_CASE("a handle after a combining mark has an exact span", "[segment][handle]") {
    // "ne\u0301" = 4 bytes, space: the handle is bytes 5 to 9.
    const Prose prose = prose_of("ne\u0301 @bob!");
    const Segmentation result = segment(prose);
    REQUIRE(result.tokens.size() == 3);
    CHECK(result.tokens[1].kind == TokenKind::Handle);
    CHECK(result.tokens[1].text == Span(5, 9));
}

TEST_CASE("emoticon, e-mail and punctuation-run spans after multibyte text",
          "[segment][emoticons][email]") {
    // 中文 = 6 bytes and a space; "o" + U+0308 = 3 bytes and a space; 👍 = 4 bytes and a space.
    const Prose prose = prose_of("\u4E2D\u6587 :-) o\u0308 a@b.io \U0001F44D ...?!");
    const Segmentation result = segment(prose);
    REQUIRE(result.tokens.size() == 8);
    CHECK(result.tokens[2].kind == TokenKind::Emoticon);
    CHECK(result.tokens[2].text == Span(7, 10));
    CHECK(result.tokens[3].text == Span(11, 14));
    CHECK(result.tokens[4].kind == TokenKind::Email);
    CHECK(result.tokens[4].text == Span(15, 21));
    CHECK(result.tokens[5].text == Span(22, 26));
    CHECK(result.tokens[6].text == Span(27, 30));  // "..." and "?!" are two marks
    CHECK(result.tokens[7].text == Span(30, 32));
}
