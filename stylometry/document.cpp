#include "stylometry/document.hpp"

#include <algorithm>

#include "stylometry/extract/extract.hpp"
#include "stylometry/technical_words.hpp"
#include "stylometry/text/mail_headers.hpp"
#include "stylometry/text/quotations.hpp"

namespace fantasma {

namespace {

// The asides' source bytes, verbatim, as blocks separated by "\n\n" (synthetic pieces that
// stand for the source between them).
Prose aside_prose(std::string_view source, const Prose& prose) {
    Prose asides;
    asides.language = prose.language;
    std::size_t previous_end = 0;
    for (const Span aside : prose.asides) {
        if (!asides.text.empty()) {
            const std::size_t at = asides.text.size();
            asides.text += "\n\n";
            asides.pieces.push_back({Span(at, at + 2), Span(previous_end, aside.begin), false});
        }
        const std::size_t at = asides.text.size();
        asides.text.append(source.substr(aside.begin, aside.size()));
        asides.pieces.push_back({Span(at, asides.text.size()), aside, true});
        asides.blocks.push_back({Span(at, asides.text.size()), BlockKind::Paragraph});
        previous_end = aside.end;
    }
    return asides;
}

std::size_t count_words(const Segmentation& segmentation) {
    return static_cast<std::size_t>(std::ranges::count_if(
        segmentation.tokens, [](const Token& t) { return t.kind == TokenKind::Word; }));
}

// `a` and `b` (each sorted and disjoint) as one sorted list of disjoint spans.
std::vector<Span> merged(std::vector<Span> a, const std::vector<Span>& b) {
    a.insert(a.end(), b.begin(), b.end());
    std::ranges::sort(a, [](Span x, Span y) { return x.begin < y.begin; });
    std::vector<Span> out;
    for (const Span span : a) {
        if (!out.empty() && out.back().end >= span.begin) {
            out.back().end = std::max(out.back().end, span.end);
        } else {
            out.push_back(span);
        }
    }
    return out;
}

}  // namespace

bool Document::is_own_prose(std::size_t offset) const {
    return !in_spans(not_own_prose, offset);
}

Document make_document(std::string_view source, Language language) {
    Document document;
    document.source = source;
    document.prose = extract(source, language);
    if (!document.prose.asides.empty()) {
        auto asides = std::make_shared<Document>();
        asides->source = source;
        asides->prose = aside_prose(source, document.prose);
        asides->segmentation = segment(asides->prose);
        asides->word_count = count_words(asides->segmentation);
        document.asides = std::move(asides);
    }
    document.segmentation = segment(document.prose);
    document.word_count = count_words(document.segmentation);
    document.non_prose_words = non_prose_words(source, document.prose);
    document.mail_headers = mail_header_blocks(document.prose.text);
    document.not_own_prose = merged(quotation_spans(document.prose), document.mail_headers);
    return document;
}

}  // namespace fantasma
