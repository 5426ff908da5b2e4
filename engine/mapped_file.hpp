#pragma once

#include <cstddef>
#include <filesystem>
#include <span>

namespace fantasma::engine {

// A whole file mapped read-only into memory; weights are used in place from it.
class MappedFile {
  public:
    explicit MappedFile(const std::filesystem::path& path);  // throws ModelError
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&& other) noexcept;

    std::span<const std::byte> bytes() const { return {data_, size_}; }
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
    const std::byte* data_ = nullptr;
    std::size_t size_ = 0;
};

// Tells the system this process has no use for `bytes` for now (a tensor a backend has copied
// into a layout of its own): their pages leave its resident memory, and come back (from the
// file, or from swap) if read again. The contents never change: a hint only, ignored where the
// system has no such hint (Linux before 5.4) or the range holds no whole page.
void release_pages(std::span<const std::byte> bytes);

}  // namespace fantasma::engine
