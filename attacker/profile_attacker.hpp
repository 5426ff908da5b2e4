#pragma once
// The attacker of a profile folder, as `fantasma check --profile DIR [--others DIR]` and the
// language server build it: the folder's texts read as prose, the model trained once and
// kept in a cache file named by a hash of every text it was trained on, so that a change to
// any profile file trains it again and nothing else does.
#include <filesystem>
#include <string>
#include <vector>

#include "attacker/attacker.hpp"

namespace fantasma::attacker {

// The writer's texts under `profile` (profile_documents), without the files in `excluded`
// (the documents being checked). Unreadable files are skipped, with a line in `notes`.
Writer read_writer(const std::filesystem::path& profile,
                   const std::vector<std::filesystem::path>& excluded,
                   std::vector<std::string>& notes);

// The writers of an --others folder: each subfolder one writer, each file directly in it
// one writer of its own.
std::vector<Writer> read_others(const std::filesystem::path& folder,
                                std::vector<std::string>& notes);

// The attacker trained on `writer` and `others`, from `cache_dir` when it holds one trained
// on the same texts (an empty `cache_dir`: no cache). The cache keeps the 8 models trained
// last. A cache that cannot be written is no error: the model is only trained again next time.
Attacker cached_attacker(const Writer& writer, const std::vector<Writer>& others,
                         const std::filesystem::path& cache_dir);

}  // namespace fantasma::attacker
