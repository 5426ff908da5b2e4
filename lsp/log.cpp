#include "lsp/log.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <stdexcept>

namespace fantasma::lsp {
namespace {

constexpr std::string_view kLevelNames[] = {"error", "warning", "info", "debug", "trace"};

}  // namespace

std::optional<LogLevel> log_level_from_name(std::string_view name) {
    for (std::size_t i = 0; i < std::size(kLevelNames); ++i)
        if (kLevelNames[i] == name) return static_cast<LogLevel>(i);
    return std::nullopt;
}

Logger::Logger(LogLevel level) : level_(level), file_(stderr) {}

Logger::Logger(LogLevel level, const std::string& path)
    : level_(level), file_(std::fopen(path.c_str(), "a")), owned_(true) {
    if (!file_)
        throw std::runtime_error("cannot open log file " + path + ": " + std::strerror(errno));
}

Logger::~Logger() {
    if (owned_) std::fclose(file_);
}

void Logger::log(LogLevel level, std::string_view message) {
    if (!enabled(level)) return;
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
    const std::lock_guard lock(mutex_);
    std::fprintf(file_, "%s fantasma-ls %s: %.*s\n", stamp,
                 kLevelNames[static_cast<int>(level)].data(), static_cast<int>(message.size()),
                 message.data());
    std::fflush(file_);
}

}  // namespace fantasma::lsp
