#pragma once
// A submission's source as the venue receives it: the members of a .tar.gz, .tgz, .tar,
// .tar.bz2, .tar.xz or .zip (read with libarchive, in memory, never extracted to disk), or the
// files of a folder. Archives a careful person would not open are refused with a reason:
// more members, bigger members or more bytes in all than any paper's source has, a member
// that expands far beyond its compressed size (a zip bomb), paths that leave the archive
// ("../", absolute) or nest absurdly deep, and links.
#include <cstddef>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace fantasma::archive {

struct ArchiveMember {
    std::string path;   // relative, '/'-separated, as the archive names it
    std::string bytes;  // the member's content
};

struct SourceArchive {
    std::vector<ArchiveMember> members;  // files only, in the archive's order
};

// What a submission's source can reasonably hold; beyond it the archive is refused.
struct ArchiveLimits {
    std::size_t max_members = 5000;
    std::size_t max_member_bytes = std::size_t{64} << 20;
    std::size_t max_total_bytes = std::size_t{256} << 20;
    std::size_t max_depth = 32;  // folders in a member's path
    // Bytes out per byte in, past the first 16 MiB: text and figures compress 2-10 times.
    std::size_t max_expansion = 200;
};

// Why an archive was refused, in words a writer understands.
class ArchiveRefused : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Whether `path` names an archive this reads (by its extension).
bool is_source_archive(const std::filesystem::path& path);

// Reads the archive or folder at `path`. Throws ArchiveRefused for a hostile archive and
// std::runtime_error when it cannot be read at all.
SourceArchive read_source_archive(const std::filesystem::path& path,
                                  const ArchiveLimits& limits = {});

}  // namespace fantasma::archive
