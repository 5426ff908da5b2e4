#include "stylometry/leaks/authors.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "stylometry/leaks/latex_source.hpp"
#include "stylometry/text/codepoint.hpp"

namespace fantasma::leaks {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// Commands inside an author entry whose argument is not part of a name.
constexpr std::string_view kDroppedWithArgument[] = {
    "thanks",          "footnote", "inst",        "IEEEauthorrefmark",
    "textsuperscript", "email",    "affiliation", "orcid",
    "footnotemark",    "url",      "href",        "texttt",
    "authornote",      "affil"};

// Splits an author list into names: "A, B and C", "A \and B", "A \\ B".
std::vector<std::string> split_names(std::string_view text) {
    std::string plain;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.substr(i).starts_with("\\and") || text.substr(i).starts_with("\\AND") ||
            text.substr(i).starts_with("\\\\")) {
            plain += ',';
            i += text[i + 1] == '\\' ? 1 : 3;
        } else {
            plain += text[i];
        }
    }
    plain = without_latex_commands(plain);
    std::vector<std::string> names;
    std::string current;
    auto flush = [&] {
        const std::size_t first = current.find_first_not_of(" \t\n");
        if (first != npos) {
            const std::size_t last = current.find_last_not_of(" \t\n");
            std::string name = current.substr(first, last - first + 1);
            if (!is_anonymous(name) && name.find('@') == npos)
                names.push_back(text::ascii_lower(name));
        }
        current.clear();
    };
    for (std::size_t i = 0; i < plain.size(); ++i) {
        if (plain[i] == ',' || plain[i] == ';' || plain[i] == '\n' ||
            std::string_view(plain).substr(i).starts_with(" and ")) {
            flush();
            if (plain[i] == ' ') i += 4;
            continue;
        }
        current += plain[i];
    }
    flush();
    return names;
}

std::string strip_quotes(std::string_view value) {
    std::string out(value);
    while (!out.empty() && (out.back() == ' ' || out.back() == '\r')) out.pop_back();
    if (out.size() >= 2 && (out.front() == '"' || out.front() == '\'') &&
        out.back() == out.front()) {
        out = out.substr(1, out.size() - 2);
    }
    return out;
}

}  // namespace

std::vector<std::string> author_names(std::string_view entry) {
    return split_names(entry);
}

std::string without_latex_commands(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\\') {
            std::size_t end = i + 1;
            while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
            const std::string_view name = text.substr(i + 1, end - i - 1);
            if (name.empty()) {  // \& \, \\ and the like
                if (end < text.size() && text[end] != '\\') out += ' ';
                i = end;
                continue;
            }
            // Drop the argument too when it is not part of a name.
            if (std::ranges::find(kDroppedWithArgument, name) != std::end(kDroppedWithArgument)) {
                std::size_t at = end;
                while (at < text.size() && (text[at] == ' ' || text[at] == '[')) {
                    if (text[at] == '[') at = std::min(text.find(']', at), text.size());
                    ++at;
                }
                if (at < text.size() && text[at] == '{') {
                    int depth = 0;
                    for (; at < text.size(); ++at) {
                        if (text[at] == '{') ++depth;
                        if (text[at] == '}' && --depth == 0) break;
                    }
                    end = at + 1;
                }
            }
            out += ' ';
            i = end - 1;
        } else if (c == '{' || c == '}' || c == '$' || c == '^' || c == '*') {
            continue;
        } else if (c == '~') {
            out += ' ';
        } else if (c == '%') {
            i = std::min(text.find('\n', i), text.size()) - 1;
        } else {
            out += c;
        }
    }
    return out;
}

bool is_anonymous(std::string_view text) {
    const std::string plain = text::ascii_lower(without_latex_commands(text));
    if (std::ranges::none_of(plain,
                             [](char c) { return std::isalpha(static_cast<unsigned char>(c)); })) {
        return true;
    }
    for (std::string_view word :
         {"anonymous", "anonymised", "anonymized", "withheld", "blind", "hidden for review",
          "submission", "paper id", "author(s)", "author name", "affiliation", "institution",
          "address", "email"}) {
        if (plain.find(word) != npos) {
            // "Anonymous", "Author names withheld", "Paper ID 123", "Institution" (a template's
            // placeholder)... but "Maria Chen, Institute of Science" is a real entry.
            if (word == "affiliation" || word == "institution" || word == "address" ||
                word == "email") {
                const std::size_t first = plain.find_first_not_of(" \t\n");
                const std::size_t last = plain.find_last_not_of(" \t\n");
                if (plain.substr(first, last - first + 1) != word) continue;
            }
            return true;
        }
    }
    return false;
}

std::vector<std::string> submission_authors(std::string_view source, Language language) {
    std::vector<std::string> names;
    if (language == Language::Latex) {
        constexpr CommandSpec kAuthorCommands[] = {
            {"author", 1}, {"IEEEauthorblockN", 1}, {"icmlauthor", 1}, {"aistatsauthor", 1}};
        for (const LatexCommand& command : find_commands(source, kAuthorCommands)) {
            if (command.arguments.empty()) continue;
            const Span argument = command.arguments.front();
            for (std::string& name : split_names(source.substr(argument.begin, argument.size()))) {
                names.push_back(std::move(name));
            }
        }
    } else if (language == Language::Markdown) {
        for (const FrontMatterEntry& entry : front_matter(source)) {
            if (entry.key != "author" && entry.key != "authors" && entry.key != "name") continue;
            const std::string value =
                strip_quotes(source.substr(entry.value.begin, entry.value.size()));
            for (std::string& name : split_names(value)) names.push_back(std::move(name));
        }
    }
    std::erase_if(names, [](const std::string& name) { return name.size() < 3; });
    return names;
}

std::vector<FrontMatterEntry> front_matter(std::string_view source) {
    std::vector<FrontMatterEntry> entries;
    const std::string_view fence = source.starts_with("---")   ? "---"
                                   : source.starts_with("+++") ? "+++"
                                                               : "";
    if (fence.empty()) return entries;
    std::size_t at = source.find('\n');
    std::string key;  // the key a list item belongs to
    while (at != npos && at < source.size()) {
        const std::size_t begin = at + 1;
        std::size_t end = source.find('\n', begin);
        if (end == npos) end = source.size();
        std::string_view line = source.substr(begin, end - begin);
        if (line.ends_with('\r')) line.remove_suffix(1);
        if (line == fence || (fence == "---" && line == "...")) break;
        at = end == source.size() ? npos : end;
        const std::size_t indent = line.find_first_not_of(" \t");
        if (indent == npos || line[indent] == '#') continue;
        std::string_view content = line.substr(indent);
        std::size_t offset = begin + indent;
        if (content.starts_with("- ")) {  // an item of the list under `key`
            content.remove_prefix(2);
            offset += 2;
            const std::size_t colon = content.find(':');
            // "- name: Maria Chen" inside a list of authors
            if (colon != npos && colon < 30 && content.find("://") != colon) {
                const std::size_t value = content.find_first_not_of(" \t", colon + 1);
                if (value == npos) continue;
                std::string item_key = text::ascii_lower(content.substr(0, colon));
                entries.push_back({item_key == "name" ? key : item_key,
                                   {offset + value, offset + content.size()}});
                continue;
            }
            if (!key.empty()) entries.push_back({key, {offset, offset + content.size()}});
            continue;
        }
        const std::size_t separator = content.find_first_of(fence == "+++" ? "=" : ":");
        if (separator == npos) continue;
        const std::string this_key = text::ascii_lower(
            content.substr(0, content.find_last_not_of(" \t", separator - 1) + 1));
        if (indent == 0) key = this_key;
        const std::size_t value = content.find_first_not_of(" \t[", separator + 1);
        if (value == npos) continue;
        std::size_t value_end = content.size();
        if (content.back() == ']') --value_end;
        if (value < value_end && content[value] != '|' && content[value] != '>') {
            entries.push_back({indent == 0 ? this_key : key + "." + this_key,
                               {offset + value, offset + value_end}});
        }
    }
    return entries;
}

}  // namespace fantasma::leaks
