// fantasma: shows writers what in their prose identifies them. One subcommand per file.
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <exception>
#include <iostream>

#include "cli/bench_command.hpp"
#include "cli/check_command.hpp"
#include "cli/devices_command.hpp"
#include "cli/generate_command.hpp"
#include "cli/logits_command.hpp"
#include "cli/model_command.hpp"
#include "cli/quantize_command.hpp"
#include "cli/rewrite_command.hpp"
#include "cli/tokenize_command.hpp"
#include "stylometry/analyzer.hpp"
#include "support/version.hpp"

int main(int argc, char** argv) {
    // Named, so that --help says "fantasma" however it was started (the man page is made of it).
    CLI::App app{"fantasma: find what in your prose identifies you, and rewrite it away",
                 "fantasma"};
    app.require_subcommand(1);
    // Checked before the subcommand is required, so `fantasma --version` needs none.
    app.set_version_flag("--version", "fantasma " + std::string(fantasma::version()),
                         "Print the version and exit");
    fantasma::cli::CheckOptions check_options;
    const CLI::App& check = fantasma::cli::add_check_command(app, check_options);
    fantasma::cli::RewriteCommandOptions rewrite_options;
    const CLI::App& rewrite = fantasma::cli::add_rewrite_command(app, rewrite_options);
    fantasma::cli::TokenizeOptions tokenize_options;
    const CLI::App& tokenize = fantasma::cli::add_tokenize_command(app, tokenize_options);
    fantasma::cli::LogitsOptions logits_options;
    const CLI::App& logits = fantasma::cli::add_logits_command(app, logits_options);
    fantasma::cli::GenerateOptions generate_options;
    const CLI::App& generate = fantasma::cli::add_generate_command(app, generate_options);
    fantasma::cli::QuantizeOptions quantize_options;
    const CLI::App& quantize = fantasma::cli::add_quantize_command(app, quantize_options);
    fantasma::cli::BenchOptions bench_options;
    const CLI::App& bench = fantasma::cli::add_bench_command(app, bench_options);
    const CLI::App& devices = fantasma::cli::add_devices_command(app);
    fantasma::cli::ModelInfoOptions model_info_options;
    const CLI::App& model_info = fantasma::cli::add_model_command(app, model_info_options);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        return app.exit(error);
    }
    try {
        if (check.parsed()) {
            // The trained attacker is kept where the user's caches go.
            check_options.profile.attacker_cache_dir = fantasma::cli::default_attacker_cache();
            return fantasma::cli::run_check(check_options, fantasma::Analyzer{}, std::cout,
                                            std::cerr);
        }
        if (rewrite.parsed()) {
            rewrite_options.profile.attacker_cache_dir = fantasma::cli::default_attacker_cache();
            return fantasma::cli::run_rewrite(rewrite_options, fantasma::Analyzer{}, std::cout,
                                              std::cerr);
        }
        if (tokenize.parsed())
            return fantasma::cli::run_tokenize(tokenize_options, std::cout, std::cerr);
        if (devices.parsed()) return fantasma::cli::run_devices(std::cout);
        if (model_info.parsed())
            return fantasma::cli::run_model_info(model_info_options, std::cout, std::cerr);
        if (logits.parsed()) return fantasma::cli::run_logits(logits_options, std::cerr);
        if (generate.parsed())
            return fantasma::cli::run_generate(generate_options, std::cout, std::cerr);
        if (quantize.parsed()) return fantasma::cli::run_quantize(quantize_options, std::cerr);
        if (bench.parsed()) return fantasma::cli::run_bench(bench_options, std::cout, std::cerr);
    } catch (const std::exception& error) {
        std::cerr << "fantasma: " << error.what() << '\n';
        return 2;
    }
    return 0;
}
