#include "archive/source_archive.hpp"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <iterator>
#include <memory>

#include "stylometry/text/codepoint.hpp"

namespace fantasma::archive {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kArchiveEndings[] = {".tar.gz", ".tgz", ".tar.bz2",
                                                ".tar.xz", ".tar", ".zip"};

std::string size_in_words(std::size_t bytes) {
    return std::to_string(bytes >> 20) + " MiB";
}

// Checks a member's path: relative, inside the archive, not absurdly deep. Returns it without
// a leading "./".
std::string checked_path(std::string path, const ArchiveLimits& limits) {
    std::ranges::replace(path, '\\', '/');
    while (path.starts_with("./")) path.erase(0, 2);
    if (path.starts_with("/") || (path.size() > 1 && path[1] == ':')) {
        throw ArchiveRefused("it holds a member with an absolute path (" + path +
                             "): unpacking it would write outside the folder");
    }
    std::size_t depth = 0;
    for (std::size_t at = 0; at <= path.size();) {
        std::size_t end = path.find('/', at);
        if (end == std::string::npos) end = path.size();
        if (path.substr(at, end - at) == "..") {
            throw ArchiveRefused("it holds a member whose path leaves the archive (" + path +
                                 "): unpacking it would write outside the folder");
        }
        ++depth;
        at = end + 1;
    }
    if (depth > limits.max_depth) {
        throw ArchiveRefused("it nests folders " + std::to_string(depth) +
                             " deep: no paper's source does");
    }
    return path;
}

struct ReaderDeleter {
    void operator()(struct archive* reader) const { archive_read_free(reader); }
};

SourceArchive read_archive_file(const fs::path& path, const ArchiveLimits& limits) {
    std::error_code error;
    const std::uintmax_t packed = fs::file_size(path, error);
    if (error) throw std::runtime_error("cannot be read: " + error.message());
    const std::unique_ptr<struct archive, ReaderDeleter> reader(archive_read_new());
    archive_read_support_filter_all(reader.get());
    archive_read_support_format_tar(reader.get());
    archive_read_support_format_gnutar(reader.get());
    archive_read_support_format_zip(reader.get());
    if (archive_read_open_filename(reader.get(), path.c_str(), 1 << 16) != ARCHIVE_OK) {
        throw std::runtime_error(std::string("not a readable archive: ") +
                                 archive_error_string(reader.get()));
    }
    SourceArchive result;
    std::size_t total = 0;
    struct archive_entry* entry = nullptr;
    for (;;) {
        const int status = archive_read_next_header(reader.get(), &entry);
        if (status == ARCHIVE_EOF) break;
        if (status < ARCHIVE_WARN) {
            throw std::runtime_error(std::string("not a readable archive: ") +
                                     archive_error_string(reader.get()));
        }
        const char* name = archive_entry_pathname_utf8(entry);
        if (name == nullptr) name = archive_entry_pathname(entry);
        const std::string member = checked_path(name ? name : "", limits);
        const auto type = archive_entry_filetype(entry);
        if (type == AE_IFLNK || archive_entry_hardlink(entry) != nullptr) {
            throw ArchiveRefused("it holds a link (" + member +
                                 "): a link can point anywhere on the machine that unpacks it");
        }
        if (type == AE_IFDIR) continue;
        if (type != AE_IFREG) {
            throw ArchiveRefused("it holds " + member + ", which is no file or folder");
        }
        if (result.members.size() == limits.max_members) {
            throw ArchiveRefused("it holds more than " + std::to_string(limits.max_members) +
                                 " files: no paper's source does");
        }
        ArchiveMember read{member, {}};
        std::array<char, 1 << 16> buffer{};
        for (;;) {
            const la_ssize_t got = archive_read_data(reader.get(), buffer.data(), buffer.size());
            if (got < 0) {
                throw std::runtime_error("cannot read " + member + ": " +
                                         archive_error_string(reader.get()));
            }
            if (got == 0) break;
            read.bytes.append(buffer.data(), static_cast<std::size_t>(got));
            total += static_cast<std::size_t>(got);
            if (read.bytes.size() > limits.max_member_bytes) {
                throw ArchiveRefused(member + " is larger than " +
                                     size_in_words(limits.max_member_bytes) +
                                     ": no paper's source file is");
            }
            if (total > limits.max_total_bytes) {
                throw ArchiveRefused("it expands to more than " +
                                     size_in_words(limits.max_total_bytes));
            }
            if (total > (std::size_t{16} << 20) && total / limits.max_expansion > packed) {
                throw ArchiveRefused("it expands more than " +
                                     std::to_string(limits.max_expansion) +
                                     " times its size (a zip bomb?)");
            }
        }
        result.members.push_back(std::move(read));
    }
    return result;
}

SourceArchive read_folder(const fs::path& folder, const ArchiveLimits& limits) {
    SourceArchive result;
    std::size_t total = 0;
    // Links are not followed: what they point to is not part of the folder.
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder)) {
        if (entry.is_symlink() || !entry.is_regular_file()) continue;
        const std::string member =
            checked_path(fs::relative(entry.path(), folder).generic_string(), limits);
        if (result.members.size() == limits.max_members) {
            throw ArchiveRefused("it holds more than " + std::to_string(limits.max_members) +
                                 " files: no paper's source does");
        }
        if (entry.file_size() > limits.max_member_bytes) {
            throw ArchiveRefused(member + " is larger than " +
                                 size_in_words(limits.max_member_bytes) +
                                 ": no paper's source file is");
        }
        total += entry.file_size();
        if (total > limits.max_total_bytes) {
            throw ArchiveRefused("it holds more than " + size_in_words(limits.max_total_bytes));
        }
        std::ifstream in(entry.path(), std::ios::binary);
        if (!in) throw std::runtime_error("cannot read " + member);
        result.members.push_back(
            {member, {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()}});
    }
    return result;
}

}  // namespace

bool is_source_archive(const fs::path& path) {
    const std::string name = text::ascii_lower(path.filename().string());
    return std::ranges::any_of(kArchiveEndings,
                               [&](std::string_view ending) { return name.ends_with(ending); });
}

SourceArchive read_source_archive(const fs::path& path, const ArchiveLimits& limits) {
    if (fs::is_directory(path)) return read_folder(path, limits);
    return read_archive_file(path, limits);
}

}  // namespace fantasma::archive
