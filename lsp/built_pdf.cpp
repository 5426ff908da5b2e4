#include "lsp/built_pdf.hpp"

#include <algorithm>

#include "stylometry/double_blind.hpp"

namespace fantasma::lsp {

namespace fs = std::filesystem;

std::optional<fs::path> built_pdf_of(const fs::path& main) {
    fs::path pdf = main;
    pdf.replace_extension(".pdf");
    std::error_code error;
    if (!fs::is_regular_file(pdf, error)) return std::nullopt;
    return pdf;
}

bool built_after(fs::file_time_type modified, std::span<const fs::path> sources) {
    return std::ranges::none_of(sources, [&](const fs::path& source) {
        std::error_code error;
        const auto written = fs::last_write_time(source, error);
        return !error && written > modified;
    });
}

BuiltPdfCheck check_built_pdf(const fs::path& pdf, std::span<const fs::path> sources,
                              const Analyzer& analyzer, std::span<const std::string> public_names) {
    BuiltPdfCheck check{pdf, {}, true, {}, {}};
    std::error_code error;
    check.modified = fs::last_write_time(pdf, error);
    check.current = built_after(check.modified, sources);
    try {
        check.leaks = pdf::pdf_leaks(pdf::read_pdf(pdf), analyzer, public_names);
    } catch (const std::exception& failure) {
        check.error = failure.what();
    }
    return check;
}

json to_json(const BuiltPdfCheck& check) {
    json leaks = json::array();
    for (const pdf::PdfLeak& leak : check.leaks) {
        leaks.push_back({{"code", leak.code},
                         {"page", leak.page},
                         {"message", leak.message},
                         {"text", leak.quote}});
    }
    const std::string name = check.pdf.filename().string();
    std::string verdict;
    if (!check.error.empty()) {
        verdict = name + " could not be checked: " + check.error + ".";
    } else {
        verdict = name + ": " + leak_verdict(check.leaks.size());
        if (!check.current) {
            verdict += " It is older than its sources: build it again before you submit it.";
        }
    }
    return {{"file", check.pdf.string()},
            {"current", check.current},
            {"leakCount", check.leaks.size()},
            {"verdict", verdict},
            {"leaks", std::move(leaks)}};
}

}  // namespace fantasma::lsp
