#include "cli/language_option.hpp"

#include <CLI/CLI.hpp>

namespace fantasma::cli {

void add_language_option(CLI::App& command, std::string& language) {
    command.add_option("--lang", language, "markdown, latex or text (default: by file extension)")
        ->check([](const std::string& name) {
            return language_from_name(name)
                       ? std::string()
                       : "unknown language '" + name + "' (use markdown, latex or text)";
        });
}

Language document_language(const std::string& language, const std::string& path) {
    return language.empty() ? language_for_path(path) : *language_from_name(language);
}

}  // namespace fantasma::cli
