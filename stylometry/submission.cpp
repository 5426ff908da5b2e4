#include "stylometry/submission.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "stylometry/leaks/bibliography.hpp"
#include "stylometry/leaks/latex_source.hpp"
#include "stylometry/source_file.hpp"

namespace fantasma {
namespace {

namespace fs = std::filesystem;

constexpr leaks::CommandSpec kInclusions[] = {
    {"input", 1}, {"include", 1}, {"subfile", 1}, {"bibliography", 1}, {"addbibresource", 1}};

// The file names an inclusion's argument lists (\bibliography{a,b}: two).
std::vector<std::string> names_in(std::string_view argument, bool several) {
    std::vector<std::string> names;
    std::size_t begin = 0;
    for (std::size_t i = 0; i <= argument.size(); ++i) {
        if (i < argument.size() && !(several && argument[i] == ',')) continue;
        const Span name = leaks::trimmed(argument, {begin, i});
        if (!name.empty()) names.emplace_back(argument.substr(name.begin, name.size()));
        begin = i + 1;
    }
    return names;
}

}  // namespace

SubmissionFiles latex_submission_files(const fs::path& main, std::string_view main_source) {
    return latex_submission_files(main, main_source, [](const fs::path& path) {
        return fs::is_regular_file(path) ? std::optional(read_document(path)) : std::nullopt;
    });
}

SubmissionFiles latex_submission_files(const fs::path& main, std::string_view main_source,
                                       const SourceReader& read) {
    SubmissionFiles result;
    const fs::path root = main.parent_path();
    // Paths as written joined to the main file's folder, made lexically normal: the same file
    // named two ways ("./a.tex", "sections/../a.tex") is read once.
    std::set<fs::path> seen{main.lexically_normal()};
    result.files.push_back({main, SubmissionFile::Kind::Latex});
    // Breadth-first over the LaTeX files. Each file is read once, when it is found (whether it
    // is there is known only by reading it); `texts` keeps what a LaTeX file holds until its
    // own inclusions are looked for.
    std::vector<std::optional<std::string>> texts(1);
    for (std::size_t next = 0; next < result.files.size(); ++next) {
        if (result.files[next].kind != SubmissionFile::Kind::Latex) continue;
        const std::optional<std::string> text = std::move(texts[next]);
        if (next > 0 && !text) continue;  // there, but unreadable: the caller says why
        const std::string_view source = next == 0 ? main_source : std::string_view(*text);
        for (const leaks::LatexCommand& command : leaks::find_commands(source, kInclusions)) {
            if (command.arguments.empty()) continue;
            const bool bibliography =
                command.name == "bibliography" || command.name == "addbibresource";
            const Span argument = command.arguments.front();
            for (const std::string& name :
                 names_in(source.substr(argument.begin, argument.size()), bibliography)) {
                fs::path path = root / name;
                if (!path.has_extension()) path += bibliography ? ".bib" : ".tex";
                if (!seen.insert(path.lexically_normal()).second) continue;
                std::optional<std::string> found;
                bool readable = false;
                try {
                    found = read(path);
                    readable = found.has_value();
                } catch (const std::exception&) {
                    readable = true;
                }
                if (!readable) {
                    result.missing.push_back(path);
                    continue;
                }
                result.files.push_back({path, bibliography ? SubmissionFile::Kind::Bibliography
                                                           : SubmissionFile::Kind::Latex});
                texts.push_back(bibliography ? std::nullopt : std::move(found));
            }
        }
    }
    return result;
}

std::vector<Marker> bibliography_leaks(std::string_view bibtex,
                                       const std::vector<std::string>& authors) {
    std::vector<Marker> markers;
    for (const leaks::OwnEntry& entry : leaks::own_bibtex_entries(bibtex, authors)) {
        markers.push_back(leaks::own_entry_marker(entry));
    }
    return markers;
}

std::vector<std::string> read_public_names_file(const fs::path& file) {
    const std::string text = read_document(file);
    std::vector<std::string> names;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        std::string_view line = std::string_view(text).substr(at, end - at);
        at = end + 1;
        line = line.substr(0, line.find('#'));
        const Span name = leaks::trimmed(line, {0, line.size()});
        if (name.empty()) continue;
        std::string lower(line.substr(name.begin, name.size()));
        std::ranges::transform(lower, lower.begin(),
                               [](unsigned char c) { return std::tolower(c); });
        names.push_back(std::move(lower));
    }
    return names;
}

std::vector<std::string> read_public_names(const fs::path& folder) {
    std::error_code error;
    for (fs::path at = fs::absolute(folder, error); !at.empty(); at = at.parent_path()) {
        const fs::path file = at / "fantasma-names";
        if (fs::is_regular_file(file, error)) return read_public_names_file(file);
        if (at == at.parent_path()) break;
    }
    return {};
}

}  // namespace fantasma
