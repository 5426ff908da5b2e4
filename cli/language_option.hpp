#pragma once
// The `--lang` option shared by the subcommands that read documents.
#include <string>

#include "stylometry/language.hpp"

namespace CLI {
class App;
}

namespace fantasma::cli {

// Adds `--lang markdown|latex|text` to `command`, storing the name in `language`.
void add_language_option(CLI::App& command, std::string& language);

// The language named by `--lang`, or the one `path`'s extension implies when it is empty.
Language document_language(const std::string& language, const std::string& path);

}  // namespace fantasma::cli
