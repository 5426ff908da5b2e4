// `fantasma check` and `fantasma rewrite` with one more detector, which throws on every document
// (tests/faulty_detector.hpp): what the CLI tests run to see a detector's bug reported on
// stderr while every other marker is still reported.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/check_command.hpp"
#include "cli/rewrite_command.hpp"
#include "faulty_detector.hpp"

int main(int argc, char** argv) {
    CLI::App app{"fantasma with a faulty detector (tests only)"};
    app.require_subcommand(1);
    fantasma::cli::CheckOptions check_options;
    const CLI::App& check = fantasma::cli::add_check_command(app, check_options);
    fantasma::cli::RewriteCommandOptions rewrite_options;
    const CLI::App& rewrite = fantasma::cli::add_rewrite_command(app, rewrite_options);
    CLI11_PARSE(app, argc, argv);
    const fantasma::Analyzer analyzer = fantasma::testing::analyzer_with_faulty_detector();
    if (check.parsed())
        return fantasma::cli::run_check(check_options, analyzer, std::cout, std::cerr);
    if (rewrite.parsed())
        return fantasma::cli::run_rewrite(rewrite_options, analyzer, std::cout, std::cerr);
    return 2;
}
