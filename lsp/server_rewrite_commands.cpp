// The model rewrite commands: fantasma.rewriteWithModel applies a rewrite of a passage with
// workspace/applyEdit, fantasma.previewRewrite returns it. Both run on the rewrite service's
// thread with work-done progress, can be cancelled ($/cancelRequest on the command's id, or
// window/workDoneProgress/cancel on its token), and leave the transport thread free.
#include <algorithm>

#include "lsp/features.hpp"
#include "lsp/server.hpp"

namespace fantasma::lsp {

namespace {

struct RewriteArguments {
    std::string uri;
    int version = 0;
    Range range;
};

RewriteArguments read_arguments(const json& arguments) {
    const std::string path = "params.arguments[0]";
    if (!arguments.is_array() || arguments.empty() || !arguments[0].is_object())
        throw RpcError(ErrorCode::InvalidParams, path + ": expected {uri, version, range}");
    const json& first = arguments[0];
    RewriteArguments out;
    if (!first.contains("uri") || !first["uri"].is_string())
        throw RpcError(ErrorCode::InvalidParams, path + ".uri: expected a string");
    if (!first.contains("version") || !first["version"].is_number_integer())
        throw RpcError(ErrorCode::InvalidParams, path + ".version: expected an integer");
    if (!first.contains("range"))
        throw RpcError(ErrorCode::InvalidParams, path + ".range: expected a range");
    out.uri = first["uri"].get<std::string>();
    out.version = first["version"].get<int>();
    from_json(first["range"], out.range, path + ".range");
    return out;
}

Range range_of(const PositionMap& positions, Span span) {
    const LineColumn start = positions.position(span.begin);
    const LineColumn end = positions.position(span.end);
    return {{start.line, start.character}, {end.line, end.character}};
}

std::string bits_text(double bits) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", bits);
    return text;
}

// The change in a few lines for a message: "- old" / "+ new" per edit, the first three.
std::string short_diff(std::string_view text, const std::vector<fantasma::TextEdit>& edits) {
    std::string diff;
    for (std::size_t i = 0; i < edits.size() && i < 3; ++i) {
        const Span source = edits[i].source;
        diff += "\n- " + std::string(text.substr(source.begin, source.size())) + "\n+ " +
                edits[i].new_text;
    }
    if (edits.size() > 3) diff += "\n(" + std::to_string(edits.size() - 3) + " more)";
    return diff;
}

}  // namespace

struct Server::RunningRewrite {
    json request_id;
    Responder responder;
    bool preview = false;
    Snapshot snapshot;  // the text and version the rewrite was asked on
    Span range;
    std::stop_source stop;
    std::optional<json> token;  // work-done progress, when the client takes it
};

void Server::configure_rewrite_service() {
    ModelSettings model;
    {
        const std::lock_guard lock(state_mutex_);
        model.model = settings_.model_path;
        model.backend = settings_.backend;
        model.device = settings_.device;
        model.idle_timeout = std::chrono::seconds(settings_.model_idle_seconds);
        model.candidates = static_cast<std::size_t>(settings_.rewrite_candidates);
    }
    rewrite_service_->configure(std::move(model));
}

void Server::rewrite_command(const ExecuteCommandParams& request, const Responder& responder,
                             bool preview) {
    const RewriteArguments arguments = read_arguments(request.arguments);
    const std::optional<Snapshot> snapshot = workspace_->snapshot(arguments.uri);
    if (!snapshot)
        throw RpcError(ErrorCode::InvalidParams,
                       "params.arguments[0].uri: the document is not open");
    if (snapshot->version != arguments.version) {
        show_message(kMessageWarning,
                     "fantasma: the document changed since the rewrite was offered; ask again");
        return responder.error(ErrorCode::ContentModified, "the document changed");
    }
    if (rewrite_service_->settings().model.empty()) {
        const std::string message =
            "no rewrite model is configured: set fantasma.model to a model file or folder "
            "(the deterministic rewrite actions work without one)";
        show_message(kMessageError, "fantasma: " + message);
        return responder.error(ErrorCode::RequestFailed, message);
    }
    const PositionMap positions(*snapshot->text, encoding_);
    const std::size_t begin =
        positions.offset({arguments.range.start.line, arguments.range.start.character});
    const std::size_t end =
        positions.offset({arguments.range.end.line, arguments.range.end.character});
    auto running =
        std::make_shared<RunningRewrite>(RunningRewrite{responder.id(),
                                                        responder,
                                                        preview,
                                                        *snapshot,
                                                        Span(begin, std::max(begin, end)),
                                                        {},
                                                        std::nullopt});
    {
        const std::lock_guard lock(state_mutex_);
        rewrites_[responder.id().dump()] = running;
    }
    if (request.workDoneToken) {
        running->token = *request.workDoneToken;
        start_rewrite(running);
    } else if (client_work_done_progress_) {
        std::string token;
        {
            const std::lock_guard lock(state_mutex_);
            token = "fantasma-rewrite-" + std::to_string(next_rewrite_token_++);
        }
        call("window/workDoneProgress/create", {{"token", token}},
             [this, running, token](const json&, const json& error) {
                 if (error.is_null()) {
                     const std::lock_guard lock(state_mutex_);
                     running->token = token;
                 }
                 start_rewrite(running);
             });
    } else {
        start_rewrite(running);
    }
}

void Server::start_rewrite(const std::shared_ptr<RunningRewrite>& running) {
    const std::optional<json> token = running->token;
    const std::size_t candidates = rewrite_service_->settings().candidates;
    const auto report = [this, token](const std::string& message, std::optional<int> percentage) {
        if (!token) return;
        json value = {{"kind", "report"}, {"message", message}};
        if (percentage) value["percentage"] = *percentage;
        notify("$/progress", {{"token", *token}, {"value", value}});
    };
    if (token) {
        notify("$/progress", {{"token", *token},
                              {"value",
                               {{"kind", "begin"},
                                {"title", "Rewriting in a neutral style"},
                                {"cancellable", true},
                                {"percentage", 0}}}});
    }
    // The model starts from the word-choice pass when the editor offers it (with a profile).
    const AnalysisSettings analysis = workspace_->settings();
    const bool word_choice = wants_word_choice(analysis);
    RewriteJob job{running->snapshot.uri,
                   running->snapshot.version,
                   running->snapshot.language,
                   running->snapshot.text,
                   running->range,
                   running->stop.get_token(),
                   word_choice ? analysis.word_choice : 0.0,
                   word_choice ? profile_for(analysis, running->snapshot.uri) : nullptr,
                   running->snapshot.attacker};
    RewriteCallbacks callbacks;
    callbacks.on_loading = [report] { report("loading the rewrite model", std::nullopt); };
    // Where the model runs when auto chose (a GPU, or the CPU and why): the writer is told once
    // per load, since a GPU without room means slower rewrites.
    callbacks.on_loaded = [this](const std::string& note) {
        if (note.empty()) return;
        log_.info("the rewrite model is " + note);
        show_message(kMessageInfo, "fantasma: the rewrite model is " + note);
    };
    // No percentage: the engine decodes the candidates together, so their reports interleave
    // and a candidate's index would send the bar back and forth.
    callbacks.on_token = [report, candidates](std::size_t candidate, std::size_t tokens) {
        report("candidate " + std::to_string(candidate + 1) + " of " + std::to_string(candidates) +
                   ": " + std::to_string(tokens) + " tokens",
               std::nullopt);
    };
    callbacks.on_done = [this, running](const ModelRewriteResult& result) {
        finish_rewrite(*running, result);
    };
    callbacks.on_failed = [this, running](const std::string& message) {
        end_rewrite(*running, "failed");
        show_message(kMessageError,
                     "fantasma: " + message + " (the deterministic rewrite actions still work)");
        running->responder.error(ErrorCode::RequestFailed, message);
    };
    rewrite_service_->submit(std::move(job), std::move(callbacks));
}

void Server::end_rewrite(const RunningRewrite& running, const std::string& message) {
    {
        const std::lock_guard lock(state_mutex_);
        rewrites_.erase(running.request_id.dump());
    }
    if (running.token)
        notify("$/progress",
               {{"token", *running.token}, {"value", {{"kind", "end"}, {"message", message}}}});
}

void Server::finish_rewrite(const RunningRewrite& running, const ModelRewriteResult& result) {
    if (result.cancelled) {
        end_rewrite(running, "cancelled");
        return running.responder.error(ErrorCode::RequestCancelled, "the rewrite was cancelled");
    }
    const std::string& uri = running.snapshot.uri;
    const PositionMap positions(*running.snapshot.text, encoding_);
    json edits = json::array();
    for (const fantasma::TextEdit& edit : result.rewrite.edits)
        edits.push_back(lsp::TextEdit{range_of(positions, edit.source), edit.new_text});
    const json workspace_edit =
        client_document_changes_
            ? json{{"documentChanges",
                    {{{"textDocument", {{"uri", uri}, {"version", running.snapshot.version}}},
                      {"edits", edits}}}}}
            : json{{"changes", {{uri, edits}}}};
    json candidates = json::array();
    for (const CandidateJudgement& candidate : result.candidates)
        candidates.push_back(
            {{"verdict", verdict_name(candidate.verdict)}, {"bits", candidate.bits}});
    json answer = {{"bitsBefore", result.rewrite.bits_before},
                   {"bitsAfter", result.rewrite.bits_after},
                   {"modelWon", result.model_won},
                   {"candidates", candidates},
                   {"edit", workspace_edit}};
    for (const DetectorFailure& failure : result.rewrite.failed_detectors)
        tell_internal_error("detector " + failure.code,
                            "fantasma: " + uri + ": " + failure_message(failure));
    const std::size_t rising = result.rewrite.dropped_rising;
    const std::string left_out = rising == 0
                                     ? ""
                                     : " (" + std::to_string(rising) +
                                           " changes left out: with them the score rose to " +
                                           bits_text(result.rewrite.bits_proposed) + " bits)";
    const std::string summary = std::to_string(result.rewrite.edits.size()) + " changes, " +
                                bits_text(result.rewrite.bits_before) + " \u2192 " +
                                bits_text(result.rewrite.bits_after) + " bits" + left_out +
                                (result.model_won ? "" : " (the model's candidates were not kept)");
    end_rewrite(running, summary);
    if (running.preview) {
        show_message(kMessageInfo, "fantasma: preview of the rewrite: " + summary +
                                       short_diff(*running.snapshot.text, result.rewrite.edits));
        return running.responder.result(answer);
    }
    // Says why nothing is applied, in the editor and in the command's answer.
    const auto not_applied = [&](int type, const std::string& message, const char* reason) {
        show_message(type, message);
        answer["applied"] = false;
        answer["reason"] = reason;
        return running.responder.result(answer);
    };
    // Applied only to the text it was computed on: an edit meanwhile makes the offsets wrong.
    const std::optional<Snapshot> current = workspace_->snapshot(uri);
    if (!current || current->version != running.snapshot.version) {
        return not_applied(kMessageWarning,
                           "fantasma: the document changed while it was being rewritten; nothing "
                           "was applied (run the rewrite again)",
                           "the document changed");
    }
    if (result.rewrite.refused()) {
        return not_applied(kMessageWarning,
                           "fantasma: the rewrite was refused: its changes would raise the score "
                           "from " +
                               bits_text(result.rewrite.bits_before) + " to " +
                               bits_text(result.rewrite.bits_proposed) +
                               " bits; nothing was changed",
                           "the score would rise");
    }
    if (result.rewrite.edits.empty()) {
        return not_applied(kMessageInfo,
                           "fantasma: no rewrite of this passage was both faithful and less "
                           "identifying; it is left as it is",
                           "no improvement");
    }
    call("workspace/applyEdit", {{"label", "fantasma: neutral rewrite"}, {"edit", workspace_edit}},
         [this](const json& reply, const json& error) {
             if (!error.is_null() || (reply.is_object() && reply.value("applied", true) == false))
                 log_.warning("the client did not apply the rewrite");
         });
    answer["applied"] = true;
    running.responder.result(answer);
}

void Server::cancel_rewrite_request(const json& id) {
    const std::lock_guard lock(state_mutex_);
    if (const auto found = rewrites_.find(id.dump()); found != rewrites_.end())
        found->second->stop.request_stop();
}

void Server::cancel_rewrite_progress(const json& params) {
    if (!params.is_object() || !params.contains("token")) return;
    const std::lock_guard lock(state_mutex_);
    for (const auto& [id, running] : rewrites_)
        if (running->token && *running->token == params["token"]) running->stop.request_stop();
}

}  // namespace fantasma::lsp
