#include "stylometry/detectors/look_alike_letter.hpp"

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "stylometry/detectors/common/invisible.hpp"

namespace fantasma {
namespace {

struct CloseSpoofChecker {
    void operator()(USpoofChecker* checker) const { uspoof_close(checker); }
};
using SpoofChecker = std::unique_ptr<USpoofChecker, CloseSpoofChecker>;

UScriptCode script_of(char32_t cp) {
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(static_cast<UChar32>(cp), &status);
    return U_FAILURE(status) ? USCRIPT_UNKNOWN : script;
}

std::u16string skeleton(const USpoofChecker* checker, char32_t cp) {
    UChar in[2];
    int32_t length = 0;
    U16_APPEND_UNSAFE(in, length, static_cast<UChar32>(cp));
    UChar out[16];
    UErrorCode status = U_ZERO_ERROR;
    const int32_t size = uspoof_getSkeleton(checker, 0, in, length, out, 16, &status);
    if (U_FAILURE(status)) return {};
    return std::u16string(reinterpret_cast<const char16_t*>(out), static_cast<std::size_t>(size));
}

// The ASCII letter that `cp`, a letter of another script, is confusable with, of the same
// case ('l' and 'I' share a skeleton); 0 when none is.
char latin_look_alike(const USpoofChecker* checker, char32_t cp) {
    const std::u16string shape = skeleton(checker, cp);
    const bool upper = u_isupper(static_cast<UChar32>(cp));
    for (char c = upper ? 'A' : 'a'; c <= (upper ? 'Z' : 'z'); ++c) {
        if (skeleton(checker, static_cast<unsigned char>(c)) == shape) return c;
    }
    return 0;
}

struct Letter {
    Span span;
    char32_t cp;
    char latin;  // its look-alike, 0 when it has none or is Latin
};

// Whether `text` is Latin text: it has Latin letters, and every Cyrillic letter in it looks
// like a Latin one. A Russian or Bulgarian text has many that do not (б, д, ж, и...), and its
// headings in capitals ("ОКНА") are words of its own language.
bool is_latin_text(const USpoofChecker* checker, std::string_view text) {
    bool latin = false;
    for (std::size_t at = 0; at < text.size();) {
        const text::Decoded d = text::decode(text, at);
        const UScriptCode script = script_of(d.cp);
        latin = latin || script == USCRIPT_LATIN;
        if (script == USCRIPT_CYRILLIC && latin_look_alike(checker, d.cp) == 0) return false;
        at += d.length;
    }
    return latin;
}

}  // namespace

void LookAlikeLetter::detect(const DetectionContext& context, MarkerSink& sink) const {
    const auto find = [](const Document& document) {
        const std::string_view text = document.prose.text;
        SpoofChecker checker;  // opened at the first letter of another script beside Latin text
        std::vector<invisible::Finding> findings;
        std::optional<int> latin_document;  // looked at once, at the first whole Cyrillic word
        for (const Token& token : document.tokens()) {
            if (token.kind != TokenKind::Word) continue;
            std::vector<Letter> foreign;
            std::size_t latin = 0;
            bool all_cyrillic_look_alikes = true;
            for (std::size_t at = token.text.begin; at < token.text.end;) {
                const text::Decoded d = text::decode(text, at);
                const UScriptCode script = script_of(d.cp);
                if (script == USCRIPT_LATIN) {
                    ++latin;
                    all_cyrillic_look_alikes = false;
                } else if (script != USCRIPT_COMMON && script != USCRIPT_INHERITED) {
                    foreign.push_back({Span(at, at + d.length), d.cp, 0});
                    if (script != USCRIPT_CYRILLIC) all_cyrillic_look_alikes = false;
                }
                at += d.length;
            }
            if (foreign.empty() || (latin == 0 && !all_cyrillic_look_alikes)) continue;
            if (latin > 0 && latin < foreign.size())
                continue;  // a foreign word with a stray letter
            if (!checker) {
                UErrorCode status = U_ZERO_ERROR;
                checker.reset(uspoof_open(&status));
                if (U_FAILURE(status)) return std::vector<invisible::Finding>{};
            }
            for (Letter& letter : foreign)
                letter.latin = latin_look_alike(checker.get(), letter.cp);
            if (std::ranges::any_of(foreign, [](const Letter& l) { return l.latin == 0; }))
                continue;
            // A whole Cyrillic word that reads as Latin ("а" for "a", "сор" for "cop") counts only
            // in a document of Latin text.
            if (latin == 0) {
                if (!latin_document) {
                    latin_document = is_latin_text(checker.get(), text) ? 1 : 0;
                }
                if (*latin_document == 0) continue;
            }
            for (const Letter& letter : foreign) {
                const std::string script = script_of(letter.cp) == USCRIPT_CYRILLIC ? "Cyrillic"
                                           : script_of(letter.cp) == USCRIPT_GREEK  ? "Greek"
                                                                                    : "non-Latin";
                findings.push_back({letter.span,
                                    script + " letter '" + std::string(document.text(letter.span)) +
                                        "' (" + invisible::code_point_name(letter.cp) + ") in '" +
                                        std::string(document.text(token.text)) +
                                        "', which looks like the Latin '" +
                                        std::string(1, letter.latin) + "'",
                                    std::string(1, letter.latin)});
            }
        }
        return findings;
    };
    invisible::report(
        context, sink, code(), "invisible.look-alike",
        invisible::find_everywhere(context.document, find),
        "A reader cannot tell the two apart, but search, spell checkers and comparison tools "
        "can: swapping a few letters for look-alikes is a common way to watermark each copy "
        "of a document, so they can tell which copy this is.",
        "Use the Latin letter");
}

}  // namespace fantasma
