#include "archive/archive_leaks.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "archive/figure_metadata.hpp"
#include "pdf/pdf_file.hpp"
#include "stylometry/double_blind.hpp"
#include "stylometry/leaks/authors.hpp"
#include "stylometry/leaks/latex_source.hpp"
#include "stylometry/leaks/user_names.hpp"
#include "stylometry/submission.hpp"
#include "stylometry/text/codepoint.hpp"

namespace fantasma::archive {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kStray = "stray-file";
constexpr std::string_view kMetadata = "pdf-metadata";

std::string lower(std::string_view text) {
    return text::ascii_lower(text);
}

std::string file_name(std::string_view path) {
    const std::size_t slash = path.rfind('/');
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

bool has_component(std::string_view path, std::string_view component) {
    const std::string wrapped = "/" + std::string(path) + "/";
    return wrapped.find("/" + std::string(component) + "/") != std::string::npos;
}

bool ends_with_any(std::string_view name, std::initializer_list<std::string_view> endings) {
    return std::ranges::any_of(endings, [&](std::string_view end) { return name.ends_with(end); });
}

// Why a member should not be in a submission, or "" when it may be. `.git/` is reported once
// for the whole folder by the caller.
std::string stray_reason(std::string_view path) {
    const std::string name = lower(file_name(path));
    if (has_component(path, "__MACOSX") || name == ".ds_store" || name == "thumbs.db" ||
        name == "desktop.ini") {
        return "The file manager's data about a folder: it can name the files, folders and "
               "machine it came from.";
    }
    if (name.ends_with("~") || (name.starts_with("#") && name.ends_with("#")) ||
        ends_with_any(name, {".bak", ".orig", ".swp", ".backup", ".old"})) {
        return "A backup copy: it holds an earlier version, with whatever was taken out of the "
               "submission.";
    }
    if (ends_with_any(name, {".synctex.gz", ".synctex", ".synctex(busy)"})) {
        return "SyncTeX data records the full path of every source file, your home folder's "
               "name among them.";
    }
    if (ends_with_any(name, {".log", ".fls", ".fdb_latexmk", ".blg", ".aux", ".out", ".toc"})) {
        return "A build file: LaTeX writes the paths it read and the machine's details into "
               "these, and nobody needs them to build the paper.";
    }
    return {};
}

bool is_tex(std::string_view name) {
    return lower(name).ends_with(".tex");
}

bool is_figure_image(std::string_view name) {
    return ends_with_any(lower(name), {".png", ".jpg", ".jpeg", ".tif", ".tiff", ".webp"});
}

std::size_t line_of(std::string_view text, std::size_t offset) {
    return static_cast<std::size_t>(std::count(
               text.begin(),
               text.begin() + static_cast<std::ptrdiff_t>(std::min(offset, text.size())), '\n')) +
           1;
}

std::string in_quotes(std::string_view text) {
    return "\"" + std::string(text) + "\"";
}

class ArchiveJudge {
  public:
    ArchiveJudge(const SourceArchive& archive, const Analyzer& analyzer,
                 std::span<const std::string> public_names)
        : archive_(archive), analyzer_(analyzer), public_names_(public_names) {
        for (const ArchiveMember& member : archive.members) by_path_[member.path] = &member;
    }

    std::vector<ArchiveLeak> run() {
        find_used_files();
        bool git_reported = false;
        for (const ArchiveMember& member : archive_.members) {
            if (has_component(member.path, ".git")) {
                if (!git_reported) {
                    const std::string folder =
                        member.path.substr(0, ("/" + member.path).find("/.git/") + 4);
                    found_.push_back({kStray, folder + "/", 0,
                                      "A Git repository: its history holds every author's name "
                                      "and e-mail address, and every earlier draft.",
                                      folder + "/"});
                    git_reported = true;
                }
                continue;
            }
            if (const std::string why = stray_reason(member.path); !why.empty()) {
                stray(member, why);
                continue;
            }
            const std::string name = lower(member.path);
            if (is_tex(name)) {
                latex(member);
            } else if (name.ends_with(".bib")) {
                bibliography(member);
            } else if (name.ends_with(".bbl")) {
                built_bibliography(member);
            } else if (is_figure_image(name)) {
                figure(member);
            } else if (name.ends_with(".pdf")) {
                figure_pdf(member);
            }
        }
        return std::move(found_);
    }

  private:
    const ArchiveMember* member_at(const fs::path& path) const {
        const auto found = by_path_.find(path.lexically_normal().generic_string());
        return found == by_path_.end() ? nullptr : found->second;
    }

    // The paper's authors, from every LaTeX member's \author (a draft's names them too), and
    // the files the main files use: what they include, their figures and .bbl. A main file
    // has a \documentclass and uses something (an \input, a figure, a bibliography); a
    // second \documentclass file that uses nothing is an old draft.
    void find_used_files() {
        const SourceReader read = [&](const fs::path& path) -> std::optional<std::string> {
            const ArchiveMember* member = member_at(path);
            if (member == nullptr) return std::nullopt;
            return member->bytes;
        };
        constexpr leaks::CommandSpec kGraphics[] = {{"includegraphics", 1}};
        std::vector<std::pair<const ArchiveMember*, std::set<std::string>>> mains;
        for (const ArchiveMember& member : archive_.members) {
            if (!is_tex(member.path) || has_component(member.path, ".git")) continue;
            for (std::string& author : leaks::submission_authors(member.bytes, Language::Latex)) {
                if (std::ranges::find(authors_, author) == authors_.end()) {
                    authors_.push_back(std::move(author));
                }
            }
            if (member.bytes.find("\\documentclass") == std::string::npos) continue;
            const fs::path main(member.path);
            std::set<std::string> uses;
            for (const SubmissionFile& file :
                 latex_submission_files(main, member.bytes, read).files) {
                if (file.path != main) uses.insert(file.path.lexically_normal().generic_string());
                const ArchiveMember* source = member_at(file.path);
                if (source == nullptr || file.kind != SubmissionFile::Kind::Latex) continue;
                for (const leaks::LatexCommand& command :
                     leaks::find_commands(source->bytes, kGraphics)) {
                    if (command.arguments.empty()) continue;
                    const Span argument = command.arguments.front();
                    const fs::path figure =
                        main.parent_path() / source->bytes.substr(argument.begin, argument.size());
                    for (std::string_view extension :
                         {"", ".pdf", ".png", ".jpg", ".jpeg", ".eps"}) {
                        fs::path candidate = figure;
                        candidate += extension;
                        uses.insert(candidate.lexically_normal().generic_string());
                    }
                }
            }
            fs::path bbl = main;
            bbl.replace_extension(".bbl");
            if (member_at(bbl) != nullptr) uses.insert(bbl.generic_string());
            mains.emplace_back(&member, std::move(uses));
        }
        const bool several = mains.size() > 1;
        for (auto& [main, uses] : mains) {
            if (several && uses.empty()) continue;
            used_.insert(main->path);
            used_.merge(uses);
        }
    }

    void stray(const ArchiveMember& member, const std::string& why) {
        std::string message = why;
        const std::vector<Span> users = leaks::home_folder_users(member.bytes);
        if (!users.empty()) {
            const Span user = users.front();
            message += " This one names the user " +
                       in_quotes(std::string_view(member.bytes).substr(user.begin, user.size())) +
                       ".";
            found_.push_back({kStray, member.path, line_of(member.bytes, user.begin), message,
                              member.bytes.substr(user.begin, user.size())});
            return;
        }
        found_.push_back({kStray, member.path, 0, message, file_name(member.path)});
    }

    void latex(const ArchiveMember& member) {
        AnalysisOptions options;
        options.language = Language::Latex;
        options.public_names = {public_names_.begin(), public_names_.end()};
        options.submission_authors = authors_;
        for (const auto& detector : analyzer_.detectors()) {
            if (is_leak(detector->code())) options.enabled_codes.emplace_back(detector->code());
        }
        const Report report = analyzer_.analyze(member.bytes, options);
        for (const Marker& marker : report.markers) {
            for (Span span : marker.spans) {
                found_.push_back(
                    {std::ranges::find(kLeakGroups, marker.code, &LeakGroup::code)->code,
                     member.path, line_of(member.bytes, span.begin), marker.message,
                     member.bytes.substr(span.begin, span.size())});
            }
        }
        if (!used_.contains(member.path)) {
            found_.push_back({kStray, member.path, 0,
                              "No \\input or \\include of the paper uses this file: an unused "
                              "draft or note travels with the submission all the same.",
                              file_name(member.path)});
        }
    }

    void bibliography(const ArchiveMember& member) {
        for (const Marker& marker : bibliography_leaks(member.bytes, authors_)) {
            const Span span = marker.spans.front();
            found_.push_back({"bibliography-author", member.path, line_of(member.bytes, span.begin),
                              marker.message, member.bytes.substr(span.begin, span.size())});
        }
    }

    // A .bbl (the bibliography BibTeX built, which arXiv asks for): an entry that names one of
    // the paper's authors cites their own work.
    void built_bibliography(const ArchiveMember& member) {
        const std::string text = lower(member.bytes);
        for (std::size_t at = text.find("\\bibitem"); at != std::string::npos;) {
            const std::size_t next = text.find("\\bibitem", at + 1);
            // After the citation key: "\\bibitem{lindqvist2023}" names nobody to a reader.
            const std::size_t key_end = text.find('}', at);
            const std::size_t begin = key_end == std::string::npos ? at : key_end + 1;
            const std::size_t end = next == std::string::npos ? text.size() : next;
            if (begin >= end) {
                at = next;
                continue;
            }
            const std::string_view entry = std::string_view(text).substr(begin, end - begin);
            for (const std::string& author : authors_) {
                const std::string surname = author.substr(author.rfind(' ') + 1);
                if (surname.size() < 2 || entry.find(surname) == std::string_view::npos) continue;
                const std::size_t where = begin + entry.find(surname);
                found_.push_back({"bibliography-author", member.path, line_of(text, where),
                                  "The built bibliography cites " +
                                      in_quotes(member.bytes.substr(where, surname.size())) +
                                      ", an author of this paper: readers of the source see "
                                      "whose work it is.",
                                  member.bytes.substr(where, surname.size())});
                break;
            }
            at = next;
        }
    }

    void figure(const ArchiveMember& member) {
        for (const FigureCredit& credit : figure_credits(member.bytes)) {
            if (is_public(credit.value)) continue;
            found_.push_back({kMetadata, member.path, 0,
                              "The figure's " + credit.field + " field names " +
                                  in_quotes(credit.value) +
                                  ": anyone who opens the figure's properties sees it.",
                              credit.value});
        }
    }

    void figure_pdf(const ArchiveMember& member) {
        pdf::PdfFile file;
        try {
            file = pdf::read_pdf(member.bytes, member.path);
        } catch (const std::exception&) {
            return;  // not a PDF a viewer opens either
        }
        for (const pdf::PdfEntry& entry : file.entries) {
            const bool author = entry.kind == pdf::PdfEntry::Kind::Author;
            const bool user = entry.kind == pdf::PdfEntry::Kind::Tool &&
                              leaks::names_a_user(entry.value, analyzer_.reference());
            if ((!author && !user) || entry.value.empty() || is_public(entry.value)) continue;
            found_.push_back({kMetadata, member.path, 0,
                              std::string(author ? "The figure PDF's metadata names the author "
                                                 : "The figure PDF's creator field names ") +
                                  in_quotes(entry.value) +
                                  ": anyone who opens the figure's document properties sees it.",
                              entry.value});
        }
    }

    bool is_public(std::string_view value) const {
        const std::string name = lower(value);
        return std::ranges::find(public_names_, name) != public_names_.end();
    }

    const SourceArchive& archive_;
    const Analyzer& analyzer_;
    std::span<const std::string> public_names_;
    std::map<std::string, const ArchiveMember*> by_path_;
    std::set<std::string> used_;
    std::vector<std::string> authors_;
    std::vector<ArchiveLeak> found_;
};

}  // namespace

std::vector<ArchiveLeak> archive_leaks(const SourceArchive& archive, const Analyzer& analyzer,
                                       std::span<const std::string> public_names) {
    return ArchiveJudge(archive, analyzer, public_names).run();
}

}  // namespace fantasma::archive
