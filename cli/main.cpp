// fantasma: shows writers what in their prose identifies them. One subcommand per file.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "cli/check_command.hpp"
#include "cli/rewrite_command.hpp"

int main(int argc, char** argv) {
    CLI::App app{"fantasma: find what in your prose identifies you, and rewrite it away"};
    app.require_subcommand(1);
    fantasma::cli::CheckOptions check_options;
    const CLI::App& check = fantasma::cli::add_check_command(app, check_options);
    fantasma::cli::RewriteCommandOptions rewrite_options;
    const CLI::App& rewrite = fantasma::cli::add_rewrite_command(app, rewrite_options);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        return app.exit(error);
    }
    try {
        if (check.parsed()) return fantasma::cli::run_check(check_options, std::cout, std::cerr);
        if (rewrite.parsed())
            return fantasma::cli::run_rewrite(rewrite_options, std::cout, std::cerr);
    } catch (const std::exception& error) {
        std::cerr << "fantasma: " << error.what() << '\n';
        return 2;
    }
    return 0;
}
