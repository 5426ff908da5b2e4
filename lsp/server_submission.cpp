// A LaTeX submission in the editor: the files the open main file includes, and whether it is
// checked as a double-blind submission.
#include "lsp/features.hpp"
#include "lsp/server.hpp"
#include "stylometry/double_blind.hpp"
#include "stylometry/leaks/authors.hpp"
#include "stylometry/source_file.hpp"
#include "stylometry/submission.hpp"

namespace fantasma::lsp {

void Server::publish_included_files(const std::string& uri, const std::string& text,
                                    const AnalysisSettings& settings) {
    const std::string path = file_path(uri);
    if (path.empty()) return;
    forget_main_file(uri);  // what it included before
    const SubmissionFiles project = latex_submission_files(path, text);
    if (project.files.size() < 2) return;
    struct Included {
        std::string uri;
        SubmissionFile file;
        std::shared_ptr<const std::string> text;
    };
    std::vector<Included> included;
    std::vector<std::string> authors = leaks::submission_authors(text, Language::Latex);
    const bool review_copy = double_blind_by_default(text, Language::Latex);
    std::size_t leaks = 0;
    for (std::size_t i = 1; i < project.files.size(); ++i) {
        const std::string file_uri = "file://" + project.files[i].path.lexically_normal().string();
        {
            const std::lock_guard lock(state_mutex_);
            included_by_[file_uri] = {uri, review_copy};
        }
        // An open file has its own diagnostics; its leaks count as its analysis found them.
        if (workspace_->is_open(file_uri)) {
            if (const std::optional<Snapshot> open = workspace_->snapshot(file_uri);
                open && open->report) {
                leaks += count_leaks(open->report->markers);
            }
            continue;
        }
        try {
            auto source = std::make_shared<const std::string>(read_document(project.files[i].path));
            if (project.files[i].kind == SubmissionFile::Kind::Latex) {
                for (std::string& name : leaks::submission_authors(*source, Language::Latex)) {
                    authors.push_back(std::move(name));
                }
            }
            included.push_back({file_uri, project.files[i], std::move(source)});
        } catch (const std::exception& error) {
            log_.warning(project.files[i].path.string() + ": " + error.what());
        }
    }
    // The included files are checked as their main file is.
    const bool double_blind = double_blind_for(uri, text, Language::Latex).on;
    for (const Included& file : included) {
        Report report;
        if (file.file.kind == SubmissionFile::Kind::Bibliography) {
            report.markers = bibliography_leaks(*file.text, authors);
        } else {
            report = Workspace::analyze(analyzer_, *file.text, Language::Latex, settings, {},
                                        authors, profile_for(settings, file.uri).get());
        }
        for (const DetectorFailure& failure : report.failed_detectors)
            tell_internal_error("detector " + failure.code,
                                "fantasma: " + file.uri + ": " + failure_message(failure));
        leaks += count_leaks(report.markers);
        const Snapshot snapshot{file.uri,
                                0,
                                Language::Latex,
                                file.text,
                                std::make_shared<const Report>(std::move(report)),
                                nullptr};
        auto diagnostics = diagnostics_for(snapshot, encoding_, double_blind);
        log_.debug("publishing " + std::to_string(diagnostics.size()) + " diagnostics for " +
                   file.uri + ", included by " + uri);
        notify_serialized("textDocument/publishDiagnostics",
                          serialize_publish_diagnostics(PublishDiagnosticsParams{
                              file.uri, std::nullopt, std::move(diagnostics)}));
    }
    const std::lock_guard lock(state_mutex_);
    included_leaks_[uri] = leaks;
}

DoubleBlind Server::double_blind_for(const std::string& uri, std::string_view text,
                                     Language language) {
    bool review_copy = double_blind_by_default(text, language);
    const std::lock_guard lock(state_mutex_);
    if (const auto main = included_by_.find(uri); main != included_by_.end()) {
        review_copy = review_copy || main->second.review_copy;
    }
    const auto leaks = included_leaks_.find(uri);
    return {settings_.double_blind.value_or(review_copy),
            leaks == included_leaks_.end() ? 0 : leaks->second};
}

std::optional<std::string> Server::main_file_of(const std::string& uri) {
    const std::lock_guard lock(state_mutex_);
    const auto main = included_by_.find(uri);
    if (main == included_by_.end()) return std::nullopt;
    return main->second.main_uri;
}

void Server::forget_main_file(const std::string& uri) {
    const std::lock_guard lock(state_mutex_);
    included_leaks_.erase(uri);
    std::erase_if(included_by_, [&](const auto& entry) { return entry.second.main_uri == uri; });
}

}  // namespace fantasma::lsp
