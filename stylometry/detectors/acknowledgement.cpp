#include "stylometry/detectors/acknowledgement.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/leaks/latex_source.hpp"
#include "stylometry/leaks/person_names.hpp"
#include "stylometry/text/codepoint.hpp"

namespace fantasma {
namespace {

constexpr std::size_t npos = std::string_view::npos;
constexpr double kSectionBits = 3;  // that there are acknowledgements says little on its own
constexpr double kNameBits = 6;
constexpr double kFunderBits = 4;
constexpr double kGrantBits = 15;  // a grant number is public, with its holders' names

// Funding agencies, as acknowledgements spell them.
constexpr std::string_view kFunders[] = {"National Science Foundation",
                                         "NSF",
                                         "DARPA",
                                         "IARPA",
                                         "National Institutes of Health",
                                         "NIH",
                                         "Department of Energy",
                                         "Office of Naval Research",
                                         "ONR",
                                         "AFOSR",
                                         "AFRL",
                                         "Army Research Office",
                                         "European Research Council",
                                         "ERC",
                                         "Horizon 2020",
                                         "Horizon Europe",
                                         "Marie Sk",
                                         "EPSRC",
                                         "UKRI",
                                         "Leverhulme",
                                         "Royal Society",
                                         "Deutsche Forschungsgemeinschaft",
                                         "DFG",
                                         "Agence Nationale de la Recherche",
                                         "ANR",
                                         "JSPS",
                                         "KAKENHI",
                                         "JST",
                                         "NSERC",
                                         "Australian Research Council",
                                         "National Natural Science Foundation of China",
                                         "NSFC",
                                         "Swiss National Science Foundation",
                                         "SNSF",
                                         "NWO",
                                         "Villum",
                                         "Novo Nordisk",
                                         "Wellcome",
                                         "Sloan Foundation",
                                         "Simons Foundation",
                                         "Alexander von Humboldt",
                                         "Academy of Finland",
                                         "Research Council of Norway",
                                         "Vetenskapsrådet",
                                         "Swedish Research Council",
                                         "Knut and Alice Wallenberg",
                                         "WASP",
                                         "CIFAR",
                                         "Mitacs",
                                         "Fonds de recherche",
                                         "FWF",
                                         "Czech Science Foundation",
                                         "NRF",
                                         "Samsung Research Funding",
                                         "Google Faculty",
                                         "Microsoft Research PhD",
                                         "Intel Labs"};
// Words after which a number is a grant's.
constexpr std::string_view kGrantWords[] = {"grant",  "award",   "agreement", "no.",
                                            "number", "project", "contract",  "funding"};

bool word_boundary(std::string_view text, std::size_t begin, std::size_t end) {
    const auto letter = [&](std::size_t at) {
        return std::isalnum(static_cast<unsigned char>(text[at])) != 0;
    };
    return (begin == 0 || !letter(begin - 1)) && (end >= text.size() || !letter(end));
}

bool grant_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '/' || c == '_';
}

// Grant numbers: CNS-1845678, EP/T012345/1, ANR-19-CE23-0001, 2020-67021-31234, or five or
// more digits after "grant", "award", "agreement No."...
std::vector<Span> grant_numbers(std::string_view text) {
    std::vector<Span> found;
    std::string lower(text);
    std::ranges::transform(lower, lower.begin(), [](unsigned char c) { return std::tolower(c); });
    for (std::size_t i = 0; i < text.size();) {
        if (!grant_char(text[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && grant_char(text[end])) ++end;
        std::size_t trimmed_end = end;
        while (trimmed_end > i && (text[trimmed_end - 1] == '-' || text[trimmed_end - 1] == '/'))
            --trimmed_end;
        const std::string_view token = text.substr(i, trimmed_end - i);
        const auto digits = std::ranges::count_if(
            token, [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
        const bool letters = std::ranges::any_of(
            token, [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
        const bool separators = token.find_first_of("-/") != npos;
        const std::string_view before =
            std::string_view(lower).substr(i > 40 ? i - 40 : 0, i > 40 ? 40 : i);
        const bool after_grant_word = std::ranges::any_of(
            kGrantWords, [&](std::string_view word) { return before.find(word) != npos; });
        const bool is_year_range = digits == 8 && token.size() == 9 && token[4] == '-';
        // "123456", "000000": a template's example, nobody's grant.
        std::string only_digits;
        for (char c : token)
            if (std::isdigit(static_cast<unsigned char>(c))) only_digits += c;
        const bool example =
            std::string_view("0123456789").find(only_digits) != npos ||
            std::ranges::all_of(only_digits, [&](char c) { return c == only_digits[0]; });
        if (digits >= 5 && !is_year_range && !example &&
            ((letters && separators) || (letters && digits >= 6) || (separators && digits >= 7) ||
             after_grant_word)) {
            found.emplace_back(i, trimmed_end);
        }
        i = end;
    }
    return found;
}

struct Section {
    Span heading;  // what the section marker points at
    Span body;
};

// The end of a LaTeX acknowledgements section started at `from`.
std::size_t latex_section_end(std::string_view source, std::size_t from) {
    std::size_t end = source.size();
    for (std::string_view stop : {"\\section", "\\chapter", "\\bibliography", "\\printbibliography",
                                  "\\begin{thebibliography}", "\\appendix", "\\end{document}",
                                  "\\subsection", "\\input", "\\include"}) {
        std::size_t at = source.find(stop, from);
        while (at != npos && leaks::commented_out(source, at)) at = source.find(stop, at + 1);
        end = std::min(end, at == npos ? source.size() : at);
    }
    return end;
}

bool is_acknowledgement_title(std::string_view title) {
    std::string lower(title);
    std::ranges::transform(lower, lower.begin(), [](unsigned char c) { return std::tolower(c); });
    return lower.find("acknowledg") != npos || lower.find("funding") != npos;
}

std::vector<Section> latex_sections(std::string_view source) {
    std::vector<Section> sections;
    for (std::string_view name : {"acks", "acknowledgments", "acknowledgements", "acknowledgment",
                                  "acknowledgement", "credits"}) {
        for (Span body : leaks::environments(source, name)) {
            const std::size_t begin = source.rfind("\\begin", body.begin);
            sections.push_back({{begin, body.begin}, body});
        }
    }
    constexpr leaks::CommandSpec kHeadings[] = {
        {"section", 1}, {"subsection", 1},      {"subsubsection", 1},    {"paragraph", 1},
        {"chapter", 1}, {"acknowledgments", 0}, {"acknowledgements", 0}, {"ack", 0}};
    for (const leaks::LatexCommand& command : leaks::find_commands(source, kHeadings)) {
        const bool is_heading =
            command.arguments.empty()
                ? command.name.starts_with("ack")
                : is_acknowledgement_title(source.substr(command.arguments.front().begin,
                                                         command.arguments.front().size()));
        if (!is_heading) continue;
        sections.push_back(
            {command.whole, {command.whole.end, latex_section_end(source, command.whole.end)}});
    }
    return sections;
}

std::vector<Section> markdown_sections(std::string_view source) {
    std::vector<Section> sections;
    std::size_t at = 0;
    std::optional<std::size_t> open;  // heading line begin
    Span heading;
    while (at <= source.size()) {
        std::size_t end = source.find('\n', at);
        if (end == npos) end = source.size();
        const std::string_view line = source.substr(at, end - at);
        if (line.starts_with("#")) {
            if (open) sections.push_back({heading, {heading.end, at}});
            open.reset();
            if (is_acknowledgement_title(line)) {
                open = at;
                heading = {at, end};
            }
        }
        if (end == source.size()) break;
        at = end + 1;
    }
    if (open) sections.push_back({heading, {heading.end, source.size()}});
    return sections;
}

// Whether the section says nothing ("Omitted for review.").
bool withheld(std::string_view body) {
    std::string lower;
    for (char c : body) {
        if (std::isalpha(static_cast<unsigned char>(c)))
            lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return lower.size() < 3 || lower.find("omitted") != npos || lower.find("anonym") != npos ||
           lower.find("removed") != npos || lower.find("blindreview") != npos ||
           lower.find("withheld") != npos;
}

// Whether the section thanks or credits someone for help, even without naming them ("we are
// grateful to our colleagues", "supported in part by").
bool thanks_someone(std::string_view body) {
    const std::string lower = text::ascii_lower(body);
    static constexpr std::string_view kCues[] = {
        "thank", "grateful",    "gratitude", "indebted",   "support",
        "fund",  "acknowledge", "help",      "contributi", "sponsor"};
    return std::ranges::any_of(kCues,
                               [&](std::string_view cue) { return lower.find(cue) != npos; });
}

}  // namespace

void Acknowledgement::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    const std::string_view source = document.source;
    const bool latex = document.prose.language == Language::Latex;
    if (!latex && document.prose.language != Language::Markdown) return;
    auto report = [&](Span span, std::string message, double bits) {
        sink.mark_in_source(lexical::identity_marker(code(), {span}, std::move(message), bits));
    };
    for (const Section& section : latex ? latex_sections(source) : markdown_sections(source)) {
        std::string body;  // without comments, same length, so offsets still hold
        for (std::size_t i = section.body.begin; i < section.body.end; ++i) {
            body += latex && leaks::commented_out(source, i) ? ' ' : source[i];
        }
        if (withheld(body)) continue;
        std::vector<Span> funders;
        for (std::string_view funder : kFunders) {
            for (std::size_t at = body.find(funder); at != npos; at = body.find(funder, at + 1)) {
                if (word_boundary(body, at, at + funder.size()))
                    funders.emplace_back(at, at + funder.size());
            }
        }
        std::vector<Span> names;
        for (Span name : leaks::find_person_names(body, leaks::PersonNames::builtin(),
                                                  context.reference, context.public_names,
                                                  /*about_people=*/true)) {
            if (std::ranges::none_of(funders, [&](Span f) { return f.overlaps(name); }))
                names.push_back(name);
        }
        const std::vector<Span> grants = grant_numbers(body);
        // A section that credits no one ("Acknowledgements: this manual follows the GNU
        // documentation's layout") says nothing about who the authors work with.
        if (names.empty() && grants.empty() && funders.empty() && !thanks_someone(body)) continue;
        report(leaks::trimmed(source, section.heading),
               "Acknowledgements say who you work with and who funds you; most double-blind "
               "venues ask you to leave them out until the final version.",
               kSectionBits);
        auto shift = [&](Span span) {
            return Span{section.body.begin + span.begin, section.body.begin + span.end};
        };
        for (Span name : names) {
            report(shift(name),
                   "The acknowledgements thank \"" + body.substr(name.begin, name.size()) +
                       "\": the people you thank point to the people you work with.",
                   kNameBits);
        }
        for (Span grant : grants) {
            report(shift(grant),
                   "A grant number is public, listed with the names of those who hold it: it "
                   "identifies you.",
                   kGrantBits);
        }
        for (Span funder : funders) {
            report(shift(funder),
                   "Naming the funder (\"" + body.substr(funder.begin, funder.size()) +
                       "\") narrows the authors down to its grant holders.",
                   kFunderBits);
        }
    }
}

}  // namespace fantasma
