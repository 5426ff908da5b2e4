#include "engine/mapped_file.hpp"

#include "engine/error.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <utility>

namespace fantasma::engine {

MappedFile::MappedFile(const std::filesystem::path& path) : path_(path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw ModelError(path.string() + ": cannot open: " + std::strerror(errno));
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        ::close(fd);
        throw ModelError(path.string() + ": not a regular file");
    }
    size_ = std::size_t(info.st_size);
    if (size_ > 0) {
        void* mapped = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
        if (mapped == MAP_FAILED) {
            ::close(fd);
            throw ModelError(path.string() + ": cannot map: " + std::strerror(errno));
        }
        data_ = static_cast<const std::byte*>(mapped);
    }
    ::close(fd);  // the mapping keeps the file alive
}

MappedFile::~MappedFile() {
    if (data_ != nullptr) ::munmap(const_cast<std::byte*>(data_), size_);
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : path_(std::move(other.path_)),
      data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
    if (this != &other) {
        if (data_ != nullptr) ::munmap(const_cast<std::byte*>(data_), size_);
        path_ = std::move(other.path_);
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

void release_pages(std::span<const std::byte> bytes) {
#if defined(MADV_PAGEOUT)
    // The whole pages inside the range: a neighbouring tensor's may still be in use.
    const auto page = std::uintptr_t(::sysconf(_SC_PAGESIZE));
    const auto begin = (reinterpret_cast<std::uintptr_t>(bytes.data()) + page - 1) / page * page;
    const auto end = (reinterpret_cast<std::uintptr_t>(bytes.data()) + bytes.size()) / page * page;
    // MADV_PAGEOUT reclaims without discarding (MADV_DONTNEED would zero anonymous memory).
    if (begin < end) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_PAGEOUT);
#else
    (void)bytes;
#endif
}

}  // namespace fantasma::engine
