#include "stylometry/detectors/title_block.hpp"

#include <algorithm>
#include <cctype>
#include <regex>

#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/leaks/authors.hpp"
#include "stylometry/leaks/latex_source.hpp"
#include "stylometry/leaks/review_template.hpp"

namespace fantasma {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// A name, an e-mail address or a first-page footnote identifies the authors outright; an
// affiliation narrows them down to the people there.
constexpr double kNameBits = 20;
constexpr double kAffiliationBits = 10;
// When the template hides the block from the PDF, only the uploaded source shows it.
constexpr double kHiddenBits = 2;
// An anonymised block that still shows how many authors (and places) there are: with the
// topic, that narrows the field a little; a note.
constexpr double kCountBits = 2;

enum class Entry { Name, Affiliation, Email, Footnote, Orcid };

struct TitleCommand {
    std::string_view name;
    int arguments;
    Entry entry;
};
// clang-format off
constexpr TitleCommand kTitleCommands[] = {
    {"author", 1, Entry::Name}, {"authorrunning", 1, Entry::Name},
    {"IEEEauthorblockN", 1, Entry::Name}, {"icmlauthor", 2, Entry::Name},
    {"aistatsauthor", 1, Entry::Name}, {"shortauthors", 1, Entry::Name},
    {"affil", 1, Entry::Affiliation}, {"affiliation", 1, Entry::Affiliation},
    {"address", 1, Entry::Affiliation}, {"institute", 1, Entry::Affiliation},
    {"institution", 1, Entry::Affiliation}, {"IEEEauthorblockA", 1, Entry::Affiliation},
    {"icmlaffiliation", 2, Entry::Affiliation}, {"aistatsaddress", 1, Entry::Affiliation},
    {"additionalaffiliation", 1, Entry::Affiliation},
    {"email", 1, Entry::Email}, {"icmlcorrespondingauthor", 2, Entry::Email},
    {"thanks", 1, Entry::Footnote}, {"authornote", 1, Entry::Footnote},
    {"orcid", 1, Entry::Orcid}};
// clang-format on

// `hidden_by`: what hides the block from the PDF ("acmart's anonymous option"), or "".
std::string message(std::string_view command, Entry entry, const std::string& hidden_by) {
    const std::string as_written = "\\" + std::string(command);
    std::string text;
    switch (entry) {
        case Entry::Name:
            text = as_written +
                   " prints your names on the first page, the first thing a reviewer reads. For "
                   "a double-blind submission write \"Anonymous\" or use the template's "
                   "anonymous or review option.";
            break;
        case Entry::Affiliation:
            text = as_written +
                   " prints where you work on the first page: with the paper's topic it narrows "
                   "the authors down to a handful of people.";
            break;
        case Entry::Email:
            text = as_written + " prints an e-mail address: it names its owner outright.";
            break;
        case Entry::Footnote:
            text = as_written +
                   " prints a first-page footnote (funding, grant numbers, positions, \"work "
                   "done during an internship at...\") that reviewers see.";
            break;
        case Entry::Orcid:
            text = as_written + " links your ORCID profile from the first page.";
            break;
    }
    if (!hidden_by.empty()) {
        text += " " + hidden_by +
                " hides it from the PDF, but the source (arXiv, supplementary material) still "
                "shows it.";
    }
    return text;
}

// The entries an anonymised author or affiliation list shows: 1 + its top-level \and's.
int entries_shown(std::string_view list) {
    int entries = 1;
    int depth = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (list[i] == '{') ++depth;
        if (list[i] == '}') --depth;
        const std::string_view rest = list.substr(i);
        if (depth == 0 && (rest.starts_with("\\and") || rest.starts_with("\\AND")) &&
            (rest.size() == 4 || !std::isalpha(static_cast<unsigned char>(rest[4])))) {
            ++entries;
        }
    }
    return entries;
}

// Anonymous placeholders ("Anonymous Author 1" \and "Anonymous Author 2") that still show how
// many authors and affiliations the paper has: one finding over all of them.
struct PlaceholderCount {
    std::vector<Span> spans;              // the outermost placeholders, in source order
    std::vector<Span> affiliation_spans;  // the affiliation placeholders counted
    int authors = 0;
    int affiliations = 0;

    // `command`'s placeholder `text`, unless it lies inside one already counted.
    void add(std::string_view source, std::string_view command, Entry entry, Span text) {
        if (entry != Entry::Name && entry != Entry::Affiliation) return;
        if (command == "authorrunning" || command == "shortauthors") return;  // running heads
        const bool nested = std::ranges::any_of(
            spans, [&](Span outer) { return outer.begin <= text.begin && text.end <= outer.end; });
        const int shown = entries_shown(source.substr(text.begin, text.size()));
        if (entry == Entry::Name && !nested) authors += shown;
        // An affiliation inside an author placeholder (IEEEtran's blocks) counts; one inside
        // another affiliation (acmart's \institution in \affiliation) does not.
        const bool in_affiliation = std::ranges::any_of(affiliation_spans, [&](Span outer) {
            return outer.begin <= text.begin && text.end <= outer.end;
        });
        if (entry == Entry::Affiliation && !in_affiliation) {
            affiliations += shown;
            affiliation_spans.push_back(text);
        }
        if (!nested) spans.push_back(text);
    }
};

std::string count_message(int authors, int affiliations) {
    const auto counted = [](int n, std::string_view what) {
        return std::to_string(n) + " " + std::string(what) + (n == 1 ? "" : "s");
    };
    std::string shown;
    if (authors > 1) shown = counted(authors, "author");
    if (affiliations > 1) {
        shown += (shown.empty() ? "" : " and ") + counted(affiliations, "affiliation");
    }
    return "The anonymised title block still shows " + shown +
           ": with the paper's topic, how many of you there are and from how many places "
           "narrows the authors down. Write one \"Anonymous Author(s)\" entry instead.";
}

// An ORCID iD as the registry issues them: 16 digits (the last may be X) whose last is the
// ISO 7064 11,2 check of the others. A template's "1234-5678-9012" is none.
bool is_orcid(std::string_view text) {
    std::string digits;
    for (char c : text.substr(text.find_last_of('/') == npos ? 0 : text.find_last_of('/') + 1)) {
        if (std::isdigit(static_cast<unsigned char>(c)) || c == 'X' || c == 'x') digits += c;
    }
    if (digits.size() != 16) return false;
    int total = 0;
    for (std::size_t i = 0; i < 15; ++i) {
        if (!std::isdigit(static_cast<unsigned char>(digits[i]))) return false;
        total = (total + (digits[i] - '0')) * 2;
    }
    const int check = (12 - total % 11) % 11;
    return check == 10 ? (digits[15] == 'X' || digits[15] == 'x') : digits[15] == '0' + check;
}

// Whether an \email entry holds only addresses nobody is reached at as a person: a template's
// placeholders (abc@sample.com) or an organisation's desk (tech-support@ams.org).
bool only_impersonal_addresses(std::string_view entry) {
    bool any = false;
    for (std::size_t at = entry.find('@'); at != npos; at = entry.find('@', at + 1)) {
        std::size_t begin = at, end = at + 1;
        while (begin > 0 && entry[begin - 1] != ',' && entry[begin - 1] != ' ' &&
               entry[begin - 1] != '{')
            --begin;
        while (end < entry.size() && entry[end] != ',' && entry[end] != ' ' && entry[end] != '}')
            ++end;
        const std::string_view address = entry.substr(begin, end - begin);
        if (!lexical::is_placeholder_address(address) && !lexical::is_role_address(address))
            return false;
        any = true;
    }
    return any;
}

// An affiliation whose fields are all empty (elsarticle's "organization={}, city={}, ..."):
// it prints nothing.
bool only_empty_fields(std::string_view entry) {
    static const std::regex empty_field(R"([A-Za-z]+\s*=\s*\{\s*\})");
    std::string rest = std::regex_replace(std::string(entry), empty_field, "");
    std::erase_if(rest, [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); });
    return rest.empty() && entry.find('=') != npos;
}

void detect_latex(std::string_view source, std::string_view code, MarkerSink& sink) {
    std::vector<leaks::CommandSpec> specs;
    for (const TitleCommand& command : kTitleCommands)
        specs.push_back({command.name, command.arguments});
    const leaks::ReviewTemplate review = leaks::review_template(source);
    const std::string hidden_by = review.hides_authors ? review.reason : std::string();
    std::vector<Span> reported;
    PlaceholderCount placeholders;
    bool named = false;  // a real name is reported: the count says nothing more
    // The title block comes before the first section: an \email or \address in the body
    // (a manual's "write to \email{tex-live@tug.org}") prints a contact, not the authors.
    constexpr leaks::CommandSpec kSections[] = {{"section", 1}, {"chapter", 1}, {"part", 1}};
    const std::vector<leaks::LatexCommand> sections = leaks::find_commands(source, kSections);
    const std::size_t body = sections.empty() ? source.size() : sections.front().whole.begin;
    for (const leaks::LatexCommand& command : leaks::find_commands(source, specs)) {
        if (command.arguments.empty() || command.whole.begin > body) continue;
        const auto title = std::ranges::find(kTitleCommands, command.name, &TitleCommand::name);
        // \icmlauthor{Name}{key}: the first argument; \icmlaffiliation{key}{Place}: the second.
        const Span argument =
            title->arguments == 2 && title->entry != Entry::Name && command.arguments.size() == 2
                ? command.arguments[1]
                : command.arguments.front();
        const Span text = leaks::trimmed(source, argument);
        const std::string_view entry = source.substr(text.begin, text.size());
        // "Maria Okafor \and Anonymous": one real name beside a placeholder is still a name.
        const bool placeholder =
            title->entry == Entry::Orcid ? entry.find_first_of("0123456789") == npos
            : title->entry == Entry::Name
                ? leaks::is_anonymous(entry) && leaks::author_names(entry).empty()
                : leaks::is_anonymous(entry);
        if (text.empty()) continue;
        if ((title->entry == Entry::Orcid && !is_orcid(entry)) ||
            (title->entry == Entry::Email && only_impersonal_addresses(entry)) ||
            (title->entry == Entry::Affiliation && only_empty_fields(entry))) {
            continue;  // nobody's: a template's filler, an organisation's desk
        }
        if (placeholder) {
            placeholders.add(source, command.name, title->entry, text);
            continue;
        }
        named = named || title->entry == Entry::Name;
        // \institution inside \affiliation, \IEEEauthorblockN inside \author: one finding.
        if (std::ranges::any_of(
                reported,
                [&](Span outer) { return outer.begin <= text.begin && text.end <= outer.end; }) &&
            title->entry != Entry::Email && title->entry != Entry::Footnote) {
            continue;
        }
        reported.push_back(text);
        const bool template_hidden = review.hides_authors && title->entry != Entry::Email;
        const double bits = template_hidden                      ? kHiddenBits
                            : title->entry == Entry::Affiliation ? kAffiliationBits
                                                                 : kNameBits;
        sink.mark_in_source(lexical::identity_marker(
            code, {text},
            message(command.name, title->entry, template_hidden ? hidden_by : std::string()),
            bits));
    }
    if (!named && !review.hides_authors &&
        (placeholders.authors > 1 || placeholders.affiliations > 1)) {
        sink.mark_in_source(lexical::identity_marker(
            code, placeholders.spans,
            count_message(placeholders.authors, placeholders.affiliations), kCountBits));
    }
}

// Front-matter keys that name or locate the writer.
constexpr std::pair<std::string_view, Entry> kFrontMatterKeys[] = {
    {"author", Entry::Name},
    {"email", Entry::Email},
    {"mail", Entry::Email},
    {"affiliation", Entry::Affiliation},
    {"institute", Entry::Affiliation},
    {"institution", Entry::Affiliation},
    {"address", Entry::Affiliation},
    {"orcid", Entry::Orcid},
    {"thanks", Entry::Footnote}};

void detect_markdown(std::string_view source, std::string_view code, MarkerSink& sink) {
    for (const leaks::FrontMatterEntry& entry : leaks::front_matter(source)) {
        const std::string_view last_key =
            std::string_view(entry.key).substr(entry.key.rfind('.') + 1);
        // "authors.affiliation" is an affiliation, "authors.name" an author.
        auto found = std::ranges::find_if(
            kFrontMatterKeys, [&](const auto& key) { return last_key.find(key.first) != npos; });
        if (found == std::end(kFrontMatterKeys)) {
            found = std::ranges::find_if(kFrontMatterKeys, [&](const auto& key) {
                return entry.key.find(key.first) != npos;
            });
        }
        if (found == std::end(kFrontMatterKeys)) continue;
        const Span text = leaks::trimmed(source, entry.value);
        if (text.empty() || leaks::is_anonymous(source.substr(text.begin, text.size()))) continue;
        std::string what = "`" + std::string(last_key) + ":` in the front matter";
        std::string why;
        switch (found->second) {
            case Entry::Name:
                why = " names an author; renderers print it under the title.";
                break;
            case Entry::Email:
                why = " holds an e-mail address: it names its owner outright.";
                break;
            case Entry::Affiliation:
                why = " says where an author works: with the topic it narrows the authors down.";
                break;
            default:
                why = " identifies an author to whoever reads the file.";
                break;
        }
        sink.mark_in_source(lexical::identity_marker(
            code, {text}, what + why,
            found->second == Entry::Affiliation ? kAffiliationBits : kNameBits));
    }
}

}  // namespace

void TitleBlock::detect(const DetectionContext& context, MarkerSink& sink) const {
    const std::string_view source = context.document.source;
    if (context.document.prose.language == Language::Latex) detect_latex(source, code(), sink);
    if (context.document.prose.language == Language::Markdown)
        detect_markdown(source, code(), sink);
}

}  // namespace fantasma
