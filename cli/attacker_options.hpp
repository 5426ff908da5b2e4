#pragma once
// The attacker of `check --profile` and `rewrite --profile`: trained on the profile folder's
// texts (without the documents being read) and an --others folder's writers, kept in the
// user's cache between runs.
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "attacker/attacker.hpp"

namespace CLI {
class App;
}

namespace fantasma::cli {

// The profile folder, and what the attacker trained on it reads besides.
struct ProfileOptions {
    std::string dir;  // empty: no profile
    // Texts by other people of the writer's circle (one subfolder, or one file, per writer),
    // whom an attacker would also hold: candidates besides the distractors.
    std::string others_dir;
    // Where the trained attacker is kept between runs; empty: trained every run.
    std::string attacker_cache_dir;
};

// Registers --others on `command`.
void add_others_option(CLI::App& command, ProfileOptions& options);

// The user's cache folder for trained attackers ($XDG_CACHE_HOME, else ~/.cache), or empty
// when neither is set.
std::string default_attacker_cache();

// The attacker of options.dir without the files `documents`, or nullopt with the
// reason on `err` when it cannot be trained (too few texts): what needs no attacker still
// works. Notes on skipped files go to `err` too.
std::optional<attacker::Attacker> train_attacker(
    const ProfileOptions& options, const std::vector<std::filesystem::path>& documents,
    std::ostream& err);

}  // namespace fantasma::cli
