#include "stylometry/detectors/pdf_metadata.hpp"

#include <algorithm>
#include <cctype>

#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/leaks/authors.hpp"
#include "stylometry/leaks/latex_source.hpp"
#include "stylometry/leaks/person_names.hpp"
#include "stylometry/leaks/user_names.hpp"

namespace fantasma {
namespace {

constexpr std::size_t npos = std::string_view::npos;
// The PDF's Author field names the authors as surely as the title block.
constexpr double kAuthorBits = 20;
// A creator or keyword field names someone only sometimes (a user name, a lab's tool).
constexpr double kOtherBits = 6;

constexpr std::string_view kWhy =
    " It is written into the PDF's metadata, which reviewers see in their viewer's document "
    "properties even when the first page is anonymous.";

struct KeyValue {
    std::string key;
    Span value;
};

// key=value pairs of a hyperref option list, split at commas outside braces.
std::vector<KeyValue> key_values(std::string_view source, Span list) {
    std::vector<KeyValue> pairs;
    std::size_t begin = list.begin;
    int depth = 0;
    for (std::size_t i = list.begin; i <= list.end; ++i) {
        const char c = i < list.end ? source[i] : ',';
        if (c == '\\') {
            ++i;
            continue;
        }
        if (c == '{') ++depth;
        if (c == '}') --depth;
        if (c != ',' || depth > 0) continue;
        const Span item = leaks::trimmed(source, {begin, i});
        begin = i + 1;
        const std::string_view text = source.substr(item.begin, item.size());
        const std::size_t equals = text.find('=');
        std::string key(text.substr(0, equals == npos ? text.size() : equals));
        while (!key.empty() && key.back() == ' ') key.pop_back();
        std::ranges::transform(key, key.begin(), [](unsigned char ch) { return std::tolower(ch); });
        Span value{item.end, item.end};
        if (equals != npos) {
            value = leaks::trimmed(source, {item.begin + equals + 1, item.end});
            if (value.size() >= 2 && source[value.begin] == '{' && source[value.end - 1] == '}') {
                value = leaks::trimmed(source, {value.begin + 1, value.end - 1});
            }
        }
        pairs.push_back({std::move(key), value});
    }
    return pairs;
}

}  // namespace

void PdfMetadata::detect(const DetectionContext& context, MarkerSink& sink) const {
    if (context.document.prose.language != Language::Latex) return;
    const std::string_view source = context.document.source;
    auto report = [&](Span span, std::string what, double bits) {
        sink.mark_in_source(
            lexical::identity_marker(code(), {span}, what + std::string(kWhy), bits));
    };
    // Does \author name anyone? hyperref's pdfusetitle then copies it into the metadata.
    const bool named_authors = !leaks::submission_authors(source, Language::Latex).empty();

    constexpr leaks::CommandSpec kCommands[] = {
        {"hypersetup", 1}, {"usepackage", 1}, {"pdfinfo", 1}};
    for (const leaks::LatexCommand& command : leaks::find_commands(source, kCommands)) {
        if (command.name == "pdfinfo") {
            if (command.arguments.empty()) continue;
            const Span info = command.arguments.front();
            const std::string_view text = source.substr(info.begin, info.size());
            for (std::string_view field : {"/Author", "/Creator", "/Producer"}) {
                const std::size_t at = text.find(field);
                if (at == npos) continue;
                const std::size_t open = text.find('(', at);
                const std::size_t close = open == npos ? npos : text.find(')', open);
                if (close == npos || close == open + 1) continue;
                const Span value{info.begin + open + 1, info.begin + close};
                if (field == "/Author"
                        ? leaks::is_anonymous(source.substr(value.begin, value.size()))
                        : !leaks::names_someone(source.substr(value.begin, value.size()),
                                                context.reference)) {
                    continue;
                }
                report(value,
                       "\\pdfinfo's " + std::string(field.substr(1)) + " field names someone.",
                       field == "/Author" ? kAuthorBits : kOtherBits);
            }
            continue;
        }
        std::vector<Span> lists = command.options;
        if (command.name == "hypersetup") lists = command.arguments;
        if (command.name == "usepackage" &&
            (command.arguments.empty() ||
             source.substr(command.arguments.front().begin, command.arguments.front().size()) !=
                 "hyperref")) {
            continue;
        }
        for (Span list : lists) {
            for (const KeyValue& pair : key_values(source, list)) {
                const std::string_view value = source.substr(pair.value.begin, pair.value.size());
                if (pair.key == "pdfusetitle" && named_authors) {
                    const Span key = leaks::trimmed(
                        source, {pair.value.begin - pair.key.size(), pair.value.end});
                    report(key, "pdfusetitle copies \\author into the PDF's Author field.",
                           kAuthorBits);
                } else if ((pair.key == "pdfauthor" || pair.key == "pdfcontactemail" ||
                            pair.key == "pdfcontacturl" || pair.key == "pdfcontactaddress") &&
                           !value.empty() && !leaks::is_anonymous(value)) {
                    report(pair.value, pair.key + " names the authors.", kAuthorBits);
                } else if ((pair.key == "pdfcreator" || pair.key == "pdfproducer") &&
                           leaks::names_a_user(value, context.reference)) {
                    report(pair.value, pair.key + " holds what looks like a user or machine name.",
                           kOtherBits);
                } else if ((pair.key == "pdfcreator" || pair.key == "pdfproducer" ||
                            pair.key == "pdfsubject" || pair.key == "pdfkeywords" ||
                            pair.key == "pdftitle") &&
                           leaks::names_someone(value, context.reference)) {
                    report(pair.value, pair.key + " names someone.", kOtherBits);
                }
            }
        }
    }
}

}  // namespace fantasma
