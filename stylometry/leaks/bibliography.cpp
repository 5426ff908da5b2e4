#include "stylometry/leaks/bibliography.hpp"

#include <algorithm>
#include <cctype>

#include "stylometry/detectors/common/lexical.hpp"
#include "stylometry/leaks/authors.hpp"
#include "stylometry/leaks/latex_source.hpp"
#include "stylometry/text/codepoint.hpp"

namespace fantasma::leaks {
namespace {

constexpr std::size_t npos = std::string_view::npos;
// The entry alone says only that you cite this work; with a first-person citation or a
// reviewer's guess it confirms who you are.
constexpr double kOwnEntryBits = 8;

struct PersonName {
    std::string first;  // may be empty or an initial
    std::string last;
};

std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    std::string current;
    for (char c : text) {
        if (std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80 ||
            c == '\'' || c == '-') {
            current += c;
        } else if (!current.empty()) {
            out.push_back(current);
            current.clear();
        }
    }
    if (!current.empty()) out.push_back(current);
    return out;
}

// "Maria Chen", "Chen, Maria", "M.~Chen", "Chen, M."
PersonName parse_name(std::string_view text) {
    const std::string plain = text::ascii_lower(without_latex_commands(text));
    const std::size_t comma = plain.find(',');
    PersonName name;
    if (comma != npos) {
        const auto last = words(std::string_view(plain).substr(0, comma));
        const auto first = words(std::string_view(plain).substr(comma + 1));
        if (!last.empty()) name.last = last.back();
        if (!first.empty()) name.first = first.front();
    } else {
        const auto all = words(plain);
        if (!all.empty()) name.last = all.back();
        if (all.size() > 1) name.first = all.front();
    }
    return name;
}

bool same_person(const PersonName& a, const PersonName& b) {
    if (a.last.size() < 2 || a.last != b.last) return false;
    return a.first.empty() || b.first.empty() || a.first.front() == b.first.front();
}

// Splits an author list at " and " and (for \bibitem lists) commas.
std::vector<std::string> split_authors(std::string_view text, bool commas) {
    std::string flat(text);
    std::ranges::replace(flat, '\n', ' ');
    std::vector<std::string> names;
    std::size_t begin = 0;
    for (std::size_t i = 0; i <= flat.size(); ++i) {
        const bool at_and = std::string_view(flat).substr(i).starts_with(" and ");
        if (i == flat.size() || at_and || (commas && flat[i] == ',')) {
            names.push_back(flat.substr(begin, i - begin));
            begin = i + (at_and ? 5 : 1);
            if (at_and) i += 4;
        }
    }
    return names;
}

std::vector<OwnEntry> match(Span authors_span, const std::vector<std::string>& entry_names,
                            std::span<const std::string> authors) {
    std::vector<OwnEntry> found;
    for (const std::string& written : entry_names) {
        const PersonName in_entry = parse_name(written);
        for (const std::string& author : authors) {
            if (same_person(parse_name(author), in_entry)) {
                std::string shown = without_latex_commands(written);
                const std::size_t first = shown.find_first_not_of(' ');
                shown = first == npos
                            ? ""
                            : shown.substr(first, shown.find_last_not_of(' ') - first + 1);
                found.push_back({authors_span, shown});
                return found;  // one marker per entry
            }
        }
    }
    return found;
}

// Where a \bibitem's author list ends: at \newblock, or at the first full stop after a word
// that is not an initial.
std::size_t author_list_end(std::string_view entry) {
    const std::size_t block = entry.find("\\newblock");
    std::size_t end = block == npos ? entry.size() : block;
    for (std::size_t at = entry.find('.'); at != npos && at < end; at = entry.find('.', at + 1)) {
        std::size_t word = at;
        while (word > 0 && std::isalpha(static_cast<unsigned char>(entry[word - 1]))) --word;
        if (at - word > 1) return at;
    }
    return end;
}

}  // namespace

std::vector<OwnEntry> own_bibitems(std::string_view latex, std::span<const std::string> authors) {
    std::vector<OwnEntry> found;
    if (authors.empty()) return found;
    for (Span bibliography : environments(latex, "thebibliography")) {
        constexpr CommandSpec kBibitem[] = {{"bibitem", 1}};
        const std::vector<LatexCommand> items =
            find_commands(latex.substr(0, bibliography.end), kBibitem);
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (items[i].whole.begin < bibliography.begin) continue;
            const std::size_t begin = items[i].whole.end;
            const std::size_t end =
                i + 1 < items.size() ? items[i + 1].whole.begin : bibliography.end;
            const std::string_view entry = latex.substr(begin, end - begin);
            const Span list = trimmed(latex, {begin, begin + author_list_end(entry)});
            const std::string_view text = latex.substr(list.begin, list.size());
            for (OwnEntry& own : match(list, split_authors(text, true), authors)) {
                found.push_back(std::move(own));
            }
        }
    }
    return found;
}

std::vector<OwnEntry> own_bibtex_entries(std::string_view bibtex,
                                         std::span<const std::string> authors) {
    std::vector<OwnEntry> found;
    if (authors.empty()) return found;
    const std::string lowered = text::ascii_lower(bibtex);
    for (std::size_t at = lowered.find("author"); at != npos; at = lowered.find("author", at + 1)) {
        // author = {..} or author = ".." as a field: preceded by a comma or the line's start.
        std::size_t before = at;
        while (before > 0 && (bibtex[before - 1] == ' ' || bibtex[before - 1] == '\t')) --before;
        if (before > 0 && bibtex[before - 1] != ',' && bibtex[before - 1] != '\n') continue;
        std::size_t equals = at + 6;
        while (equals < bibtex.size() && bibtex[equals] == ' ') ++equals;
        if (equals >= bibtex.size() || bibtex[equals] != '=') continue;
        std::size_t open = equals + 1;
        while (open < bibtex.size() && std::isspace(static_cast<unsigned char>(bibtex[open])))
            ++open;
        if (open >= bibtex.size() || (bibtex[open] != '{' && bibtex[open] != '"')) continue;
        std::size_t close = open + 1;
        int depth = 1;
        for (; close < bibtex.size(); ++close) {
            const char c = bibtex[close];
            if (bibtex[open] == '"' && c == '"' && depth == 1) break;
            if (c == '{') ++depth;
            if (c == '}' && --depth == 0) break;
        }
        if (close >= bibtex.size()) break;
        const Span list{open + 1, close};
        for (OwnEntry& own :
             match(list, split_authors(bibtex.substr(list.begin, list.size()), false), authors)) {
            found.push_back(std::move(own));
        }
        at = close;
    }
    return found;
}

Marker own_entry_marker(const OwnEntry& entry) {
    return lexical::identity_marker(
        "bibliography-author", {entry.authors},
        "This reference lists \"" + entry.name +
            "\", an author of this submission. Citing your own work in the third person is "
            "allowed, but a reviewer who meets the same name in the references and in "
            "first-person wording (\"our previous work\") knows who you are; some venues want "
            "such entries anonymised.",
        kOwnEntryBits);
}

}  // namespace fantasma::leaks
