// fantasma-ls: the fantasma language server, over stdio.
#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "generator/engine_generator.hpp"
#include "lsp/log.hpp"
#include "lsp/server.hpp"
#include "lsp/transport.hpp"
#include "stylometry/analyzer.hpp"
#include "support/version.hpp"

int main(int argc, char** argv) {
    CLI::App app(
        "fantasma-ls: shows what in your prose identifies you, in your editor.\n"
        "Speaks the Language Server Protocol over stdin/stdout.",
        "fantasma-ls");
    bool stdio = true;
    bool version = false;
    std::string log_file;
    std::string log_level = "info";
    app.add_flag("--stdio", stdio, "Talk LSP over stdin/stdout (the default)");
    app.add_flag("--version", version, "Print the version and exit");
    app.add_option("--log-file", log_file, "Append the log to this file instead of stderr");
    app.add_option("--log-level", log_level,
                   "error, warning, info, debug or trace (trace includes document text)")
        ->check(CLI::IsMember({"error", "warning", "info", "debug", "trace"}));
    CLI11_PARSE(app, argc, argv);

    if (version) {
        std::cout << "fantasma-ls " << fantasma::version() << "\n";
        return 0;
    }
    // A client that goes away mid-reply must end the read loop, not kill the process.
    std::signal(SIGPIPE, SIG_IGN);
    try {
        using namespace fantasma::lsp;
        const LogLevel level = *log_level_from_name(log_level);
        Logger logger = log_file.empty() ? Logger(level) : Logger(level, log_file);
        const fantasma::Analyzer analyzer;
        StdioTransport transport;
        // The rewrite model runs on the engine; the server itself only knows the interface.
        // The environment's OpenCL settings (FANTASMA_OPENCL_*, the kernel cache folder) are
        // read here, once, and the editor's `backend` and `device` settings come on top.
        namespace backends = fantasma::backends;
        const backends::BackendOptions environment =
            backends::with_environment({}, [](const char* name) { return std::getenv(name); });
        const auto open_model = [environment](const ModelSettings& settings) {
            backends::BackendOptions options = environment;
            options.kind = backends::backend_kind_from_name(settings.backend)
                               .value_or(backends::BackendKind::Auto);
            if (!settings.device.empty()) options.device = settings.device;
            auto generator =
                std::make_unique<fantasma::rewriter::EngineGenerator>(settings.model, options);
            std::string note = generator->backend_note();
            if (note.empty()) note = "running on " + generator->backend_name();
            return RewriteService::OpenedModel{std::move(generator), std::move(note)};
        };
        Server server(transport, analyzer, logger, {}, open_model);
        logger.info("fantasma-ls " + std::string(fantasma::version()) + " started");
        transport.loop(server);
        const int code = server.finished() ? server.exit_code() : 1;
        logger.info("exiting with code " + std::to_string(code));
        return code;
    } catch (const std::exception& error) {
        std::cerr << "fantasma-ls: " << error.what() << "\n";
        return 1;
    }
}
