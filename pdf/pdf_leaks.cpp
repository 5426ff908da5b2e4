#include "pdf/pdf_leaks.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "stylometry/double_blind.hpp"
#include "stylometry/leaks/authors.hpp"
#include "stylometry/leaks/links.hpp"
#include "stylometry/leaks/person_names.hpp"
#include "stylometry/leaks/user_names.hpp"
#include "stylometry/text/codepoint.hpp"

namespace fantasma::pdf {
namespace {

using Kind = PdfEntry::Kind;

constexpr std::string_view kMetadata = "pdf-metadata";
constexpr char kViewer[] =
    " Reviewers see it in their viewer's document properties, whatever the first page says.";

std::string in_quotes(std::string_view text) {
    return "\"" + std::string(text) + "\"";
}

std::string home_folders_message(std::string_view where, std::string_view value) {
    const std::vector<Span> users = leaks::home_folder_users(value);
    if (users.empty()) return {};
    const Span user = users.front();
    return std::string(where) + " holds the path " + in_quotes(value) +
           ", with the home folder of " + in_quotes(value.substr(user.begin, user.size())) + ".";
}

// The leak an entry is, or an empty message.
PdfLeak judge(const PdfEntry& entry, const Reference& reference,
              std::span<const std::string> public_names) {
    const std::string_view value = entry.value;
    // Who holds the field: the PDF itself, or a figure whose Info dictionary pdfTeX copied.
    const std::string source =
        entry.figure.empty()
            ? std::string("The PDF's metadata")
            : "The metadata of the included figure " +
                  in_quotes(std::filesystem::path(entry.figure).filename().string()) +
                  ", which pdfTeX copies into the paper (/PTEX.InfoDict),";
    PdfLeak leak{kMetadata, entry.page, {}, entry.value};
    switch (entry.kind) {
        case Kind::Author:
            if (!leaks::is_anonymous(value))
                leak.message = source + " names the author " + in_quotes(value) + "." + kViewer;
            break;
        case Kind::Tool:
        case Kind::Description:
            if (std::string paths = home_folders_message(source, value); !paths.empty()) {
                leak.message = std::move(paths);
            } else if (leaks::names_someone(value, reference)) {
                leak.message = source + " names someone: " + in_quotes(value) + "." + kViewer;
            }
            break;
        case Kind::FileName:
            leak.message = home_folders_message(
                "The path an included figure was read from, which pdfTeX writes into the PDF "
                "(/PTEX.FileName),",
                value);
            break;
        case Kind::LinkTarget:
            leak.code = "link-target";
            leak.message = home_folders_message("A link's target", value);
            if (leak.message.empty()) {
                if (auto why = leaks::identifying_link(value, public_names)) {
                    leak.message = "A link goes to " + *why +
                                   ": a reviewer who follows it learns who you are.";
                }
            }
            break;
        case Kind::AnnotationAuthor:
            leak.code = "comment-identity";
            leak.message = "An annotation is signed " + in_quotes(value) +
                           ": viewers show its author beside the note.";
            break;
        case Kind::AnnotationText:
            leak.code = "comment-identity";
            leak.message = home_folders_message("An annotation", value);
            if (leak.message.empty() && leaks::names_someone(value, reference))
                leak.message = "An annotation names someone: " + in_quotes(value) + ".";
            break;
        case Kind::Attachment:
            leak.message = home_folders_message("An attached file", value);
            if (leak.message.empty() && leaks::names_someone(value, reference))
                leak.message = "An attached file names someone: " + in_quotes(value) + ".";
            break;
    }
    return leak;
}

// The first page's text above the abstract: the title block as printed.
std::string_view printed_title_block(std::string_view page) {
    std::size_t at = 0;
    while (at < page.size() && at < 4000) {
        std::size_t end = page.find('\n', at);
        if (end == std::string_view::npos) end = page.size();
        std::string_view line = page.substr(at, end - at);
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front())))
            line.remove_prefix(1);
        if (text::ascii_lower(line.substr(0, 8)) == "abstract") return page.substr(0, at);
        at = end + 1;
    }
    return {};  // no abstract: where the title block ends is not known
}

// Whether `line` is only a heading, one of `words` (lower case), as templates print it:
// "6 Acknowledgments", "ACKNOWLEDGMENT", "References:".
bool heading(std::string_view line, std::initializer_list<std::string_view> words) {
    std::string lower = text::ascii_lower(line);
    while (!lower.empty() && (std::isdigit(static_cast<unsigned char>(lower.front())) ||
                              std::string_view(" .\t").find(lower.front()) != std::string::npos)) {
        lower.erase(0, 1);
    }
    while (!lower.empty() && std::string_view(" .:\t\r").find(lower.back()) != std::string::npos)
        lower.pop_back();
    return std::ranges::any_of(words, [&](std::string_view word) { return lower == word; });
}

// The printed acknowledgements on a page: from a line that is only the heading
// ("Acknowledgements", "6 Acknowledgments", "ACKNOWLEDGMENT") to the next heading-like line
// (References, Bibliography, Appendix) or the page's end. Empty when the page has none.
std::string_view printed_acknowledgements(std::string_view page) {
    std::size_t begin = std::string_view::npos;
    bool thanked = false;  // a line of the acknowledgements' own text has been seen
    bool reference_format = false;
    for (std::size_t at = 0; at < page.size();) {
        std::size_t end = page.find('\n', at);
        if (end == std::string_view::npos) end = page.size();
        const std::string_view line = page.substr(at, end - at);
        const bool blank = line.find_first_not_of(" \t\r") == std::string_view::npos;
        if (begin == std::string_view::npos) {
            if (heading(line, {"acknowledgements", "acknowledgments", "acknowledgement",
                               "acknowledgment"})) {
                begin = end;
            }
        } else if (heading(line, {"references", "bibliography", "appendix", "literature cited"})) {
            return page.substr(begin, at - begin);
        } else if (line.starts_with("ACM Reference Format")) {
            // acmart's citation of the paper itself, which the reading order of a two-column
            // first page puts between the heading and the thanks: its names are the authors'.
            if (thanked) return page.substr(begin, at - begin);
            reference_format = true;
        } else if (reference_format) {
            if (blank) {
                reference_format = false;
                begin = end;
            }
        } else if (!blank) {
            thanked = true;
        }
        at = end + 1;
    }
    return begin == std::string_view::npos ? std::string_view() : page.substr(begin);
}

// The surname of each name in `names` (its last word), for finding the authors' own papers
// among the references.
void add_surnames(std::string_view text, const std::vector<Span>& names,
                  std::vector<std::string>& surnames) {
    for (Span name : names) {
        std::string_view printed = text.substr(name.begin, name.size());
        const std::size_t space = printed.find_last_of(" \n");
        if (space != std::string_view::npos) printed.remove_prefix(space + 1);
        if (printed.size() > 1 && std::ranges::find(surnames, printed) == surnames.end())
            surnames.emplace_back(printed);
    }
}

// Whether `line` holds `word` as a whole word.
bool holds_word(std::string_view line, std::string_view word) {
    for (std::size_t at = line.find(word); at != std::string_view::npos;
         at = line.find(word, at + 1)) {
        const auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)); };
        const std::size_t end = at + word.size();
        if ((at == 0 || !letter(line[at - 1])) && (end == line.size() || !letter(line[end])))
            return true;
    }
    return false;
}

// The lines of the reference list (from a "References" heading to the end, over the pages
// after it) that name one of `surnames`: the authors' own earlier papers, which a reviewer
// looks up first.
void find_own_references(const PdfFile& file, const std::vector<std::string>& surnames,
                         std::vector<PdfLeak>& found) {
    if (surnames.empty()) return;
    bool in_references = false;
    for (std::size_t i = 0; i < file.pages.size(); ++i) {
        const std::string_view text = file.pages[i];
        for (std::size_t at = 0; at < text.size();) {
            std::size_t end = text.find('\n', at);
            if (end == std::string_view::npos) end = text.size();
            const std::string_view line = text.substr(at, end - at);
            at = end + 1;
            if (!in_references) {
                in_references = heading(line, {"references", "bibliography"});
                continue;
            }
            const auto named = std::ranges::find_if(
                surnames, [&](const std::string& surname) { return holds_word(line, surname); });
            if (named == surnames.end()) continue;
            found.push_back({"bibliography-author", static_cast<int>(i) + 1,
                             "The references list work by " + in_quotes(*named) +
                                 ", whom the PDF names as an author: a reviewer looks the "
                                 "authors' own papers up first.",
                             std::string(line)});
        }
    }
}
}  // namespace

std::vector<PdfLeak> pdf_leaks(const PdfFile& file, const Analyzer& analyzer,
                               std::span<const std::string> public_names) {
    std::vector<PdfLeak> found;
    // The authors the PDF names (its metadata, its title block), whose own papers the
    // references may list.
    std::vector<std::string> surnames;
    for (const PdfEntry& entry : file.entries) {
        PdfLeak leak = judge(entry, analyzer.reference(), public_names);
        if (!leak.message.empty()) found.push_back(std::move(leak));
        if (entry.kind == Kind::Author && entry.figure.empty() && !leak.message.empty()) {
            add_surnames(entry.value,
                         leaks::find_person_names(entry.value, leaks::PersonNames::builtin(),
                                                  analyzer.reference(), public_names,
                                                  /*about_people=*/true),
                         surnames);
        }
    }
    AnalysisOptions options;
    options.language = Language::Text;
    options.public_names = {public_names.begin(), public_names.end()};
    // Only the detectors of leaks run on the text layer: habits are no reviewer's concern here.
    for (const auto& detector : analyzer.detectors()) {
        if (is_leak(detector->code())) options.enabled_codes.emplace_back(detector->code());
    }
    for (std::size_t i = 0; i < file.pages.size(); ++i) {
        const std::string_view text = file.pages[i];
        const int page = static_cast<int>(i) + 1;
        if (page == 1) {
            const std::string_view block = printed_title_block(text);
            const std::vector<Span> names = leaks::find_person_names(
                block, leaks::PersonNames::builtin(), analyzer.reference(), public_names);
            add_surnames(block, names, surnames);
            for (Span name : names) {
                const std::string_view printed = block.substr(name.begin, name.size());
                found.push_back({"title-block", page,
                                 "The first page prints " + in_quotes(printed) +
                                     " above the abstract: the title block names its authors.",
                                 std::string(printed)});
            }
        }
        if (const std::string_view thanks = printed_acknowledgements(text); !thanks.empty()) {
            const std::vector<Span> names =
                leaks::find_person_names(thanks, leaks::PersonNames::builtin(),
                                         analyzer.reference(), public_names, /*about_people=*/true);
            found.push_back({"acknowledgement", page,
                             "The PDF prints acknowledgements: they say who you work with and who "
                             "funds you; most double-blind venues ask you to leave them out until "
                             "the final version.",
                             "Acknowledgements"});
            for (Span name : names) {
                const std::string_view printed = thanks.substr(name.begin, name.size());
                found.push_back({"acknowledgement", page,
                                 "The acknowledgements thank " + in_quotes(printed) +
                                     ": the people you thank point to the people you work with.",
                                 std::string(printed)});
            }
        }
        const Report report = analyzer.analyze(text, options);
        for (const Marker& marker : report.markers) {
            if (marker.spans.empty()) continue;
            const Span span = marker.spans.front();
            // The group's code: a view that outlives the report.
            const std::string_view code =
                std::ranges::find(kLeakGroups, marker.code, &LeakGroup::code)->code;
            std::string quote(text.substr(span.begin, span.size()));
            // A profile link printed on the page is a link target and a contact detail at once:
            // one finding is enough.
            const bool said = std::ranges::any_of(found, [&](const PdfLeak& earlier) {
                return earlier.page == page && earlier.quote == quote;
            });
            if (!said) found.push_back({code, page, marker.message, std::move(quote)});
        }
    }
    find_own_references(file, surnames, found);
    return found;
}

}  // namespace fantasma::pdf
