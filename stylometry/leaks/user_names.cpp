#include "stylometry/leaks/user_names.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "stylometry/leaks/person_names.hpp"

namespace fantasma::leaks {
namespace {

bool user_name_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' ||
           c == '+';
}

}  // namespace

std::vector<Span> home_folder_users(std::string_view text) {
    std::vector<Span> found;
    for (std::string_view prefix : {"/home/", "/Users/", "\\Users\\", "/u/"}) {
        for (std::size_t at = text.find(prefix); at != std::string_view::npos;
             at = text.find(prefix, at + 1)) {
            const std::size_t begin = at + prefix.size();
            std::size_t end = begin;
            while (end < text.size() && user_name_char(text[end])) ++end;
            const std::string_view user = text.substr(begin, end - begin);
            if (user.size() > 1 && user != "Shared" && user != "runner")
                found.emplace_back(begin, end);
        }
    }
    return found;
}

bool names_a_user(std::string_view text, const Reference& reference) {
    constexpr std::string_view kTools[] = {
        "latex",       "pdflatex", "xelatex", "lualatex",  "hyperref", "pdftex", "xetex",
        "luatex",      "miktex",   "texlive", "overleaf",  "tex",      "bibtex", "biber",
        "ghostscript", "dvipdfmx", "acrobat", "distiller", "lyx",      "pandoc"};
    std::string word;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) {
            word += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
            continue;
        }
        if (word.size() >= 3 && !reference.is_dictionary_word(word) &&
            std::ranges::find(kTools, word) == std::end(kTools)) {
            return true;
        }
        word.clear();
    }
    return false;
}

bool names_someone(std::string_view text, const Reference& reference) {
    return text.find('@') != std::string_view::npos ||
           !find_person_names(text, PersonNames::builtin(), reference).empty();
}

}  // namespace fantasma::leaks
