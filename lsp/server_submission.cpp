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
    update_built_pdf(uri, project, settings);
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
                                nullptr,
                                nullptr,
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
    const auto pdf = built_pdfs_.find(uri);
    return {settings_.double_blind.value_or(review_copy),
            leaks == included_leaks_.end() ? 0 : leaks->second,
            pdf == built_pdfs_.end() ? json() : to_json(pdf->second)};
}

void Server::update_built_pdf(const std::string& uri, const SubmissionFiles& project,
                              const AnalysisSettings& settings) {
    const std::optional<std::filesystem::path> pdf = built_pdf_of(project.files.front().path);
    std::vector<std::filesystem::path> sources;
    for (const SubmissionFile& file : project.files) sources.push_back(file.path);
    if (!pdf) {
        const std::lock_guard lock(state_mutex_);
        built_pdfs_.erase(uri);
        return;
    }
    std::error_code error;
    const auto modified = std::filesystem::last_write_time(*pdf, error);
    {
        const std::lock_guard lock(state_mutex_);
        const auto known = built_pdfs_.find(uri);
        if (known != built_pdfs_.end() && known->second.pdf == *pdf &&
            known->second.modified == modified) {
            known->second.current = built_after(modified, sources);  // a source saved since
            return;
        }
    }
    BuiltPdfCheck check = check_built_pdf(*pdf, sources, analyzer_, settings.public_names);
    log_.info("checked " + pdf->string() + ": " + std::to_string(check.leaks.size()) + " leaks" +
              (check.current ? "" : " (older than its sources)"));
    const std::lock_guard lock(state_mutex_);
    built_pdfs_[uri] = std::move(check);
}

void Server::check_built_pdf_command(const ExecuteCommandParams& request,
                                     const Responder& responder) {
    if (request.arguments.empty() || !request.arguments[0].is_string())
        throw RpcError(ErrorCode::InvalidParams,
                       "params.arguments[0]: expected the URI of a LaTeX main file or a PDF");
    const std::string uri = request.arguments[0].get<std::string>();
    const std::filesystem::path path = file_path(uri);
    if (path.empty()) throw RpcError(ErrorCode::InvalidParams, "not a file URI: " + uri);
    std::vector<std::filesystem::path> sources;
    std::optional<std::filesystem::path> pdf;
    if (path.extension() == ".pdf") {
        pdf = path;
    } else {
        const std::optional<Snapshot> open = workspace_->snapshot(uri);
        const std::string text = open ? *open->text : read_document(path);
        for (const SubmissionFile& file : latex_submission_files(path, text).files)
            sources.push_back(file.path);
        pdf = built_pdf_of(path);
    }
    if (!pdf) {
        const std::string message = "No PDF beside " + path.filename().string() +
                                    ": build it first (" + path.stem().string() +
                                    ".pdf), then check it.";
        show_message(kMessageInfo, message);
        return responder.result({{"verdict", message}});
    }
    const BuiltPdfCheck check =
        check_built_pdf(*pdf, sources, analyzer_, workspace_->settings().public_names);
    json result = to_json(check);
    show_message(check.leaks.empty() && check.error.empty() ? kMessageInfo : kMessageWarning,
                 result["verdict"].get<std::string>());
    if (path.extension() != ".pdf") {
        const std::lock_guard lock(state_mutex_);
        built_pdfs_[uri] = check;
    }
    responder.result(std::move(result));
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
