#include "cli/attacker_options.hpp"

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <ostream>

#include "attacker/profile_attacker.hpp"

namespace fantasma::cli {

void add_others_option(CLI::App& command, ProfileOptions& options) {
    command.add_option("--others", options.others_dir,
                       "with --profile: a folder of texts by other people you write among (a "
                       "subfolder, or a file, per writer), whom an attacker would also hold");
}

std::string default_attacker_cache() {
    if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache && *cache)
        return std::string(cache) + "/fantasma/attacker";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.cache/fantasma/attacker";
    return "";
}

std::optional<attacker::Attacker> train_attacker(
    const ProfileOptions& options, const std::vector<std::filesystem::path>& documents,
    std::ostream& err) {
    try {
        std::vector<std::string> notes;
        const attacker::Writer writer = attacker::read_writer(options.dir, documents, notes);
        const std::vector<attacker::Writer> others =
            options.others_dir.empty() ? std::vector<attacker::Writer>()
                                       : attacker::read_others(options.others_dir, notes);
        for (const std::string& note : notes) err << "fantasma: attacker: " << note << '\n';
        return attacker::cached_attacker(writer, others, options.attacker_cache_dir);
    } catch (const std::exception& error) {
        err << "fantasma: no attacker's verdict: " << error.what() << '\n';
        return std::nullopt;
    }
}

}  // namespace fantasma::cli
