// The check of a built PDF: the planted-leak paper (fixtures/planted.tex: every leak in what
// pdfTeX writes, none in the prose) and the five submissions of tests/stylometry/submissions,
// built with Debian's pdfTeX and pandoc by fixtures/build.sh (acmart's is committed). Every planted
// leak is found on its page; no decoy (a tool-only figure, a relative run: link, an unsigned note,
// a public repository) is.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <system_error>

#include "pdf/pdf_leaks.hpp"
#include "skip.hpp"

using namespace fantasma;
namespace fs = std::filesystem;

namespace {

// A folder removed when the test program ends.
struct TemporaryFolder {
    fs::path path;
    ~TemporaryFolder() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

// The built PDFs' folder, built once per run; nullopt when pdflatex is not installed.
const std::optional<fs::path>& built_pdfs() {
    static TemporaryFolder built{fs::temp_directory_path() /
                                 ("fantasma-pdf-test-" + std::to_string(::getpid()))};
    static const std::optional<fs::path> folder = []() -> std::optional<fs::path> {
        const fs::path out = built.path;
        const std::string command =
            std::string(FANTASMA_SOURCE_DIR) + "/tests/pdf/fixtures/build.sh " + out.string();
        const int status = std::system(command.c_str());
        if (WIFEXITED(status) && WEXITSTATUS(status) == 77) return std::nullopt;
        REQUIRE(status == 0);
        return out;
    }();
    return folder;
}

std::vector<pdf::PdfLeak> leaks_of(std::string_view name) {
    static const Analyzer analyzer;
    return pdf::pdf_leaks(pdf::read_pdf(*built_pdfs() / name), analyzer);
}

bool found(const std::vector<pdf::PdfLeak>& leaks, std::string_view code, int page,
           std::string_view part) {
    return std::ranges::any_of(leaks, [&](const pdf::PdfLeak& leak) {
        return leak.code == code && leak.page == page &&
               (leak.quote.find(part) != std::string::npos ||
                leak.message.find(part) != std::string::npos);
    });
}

bool mentioned(const std::vector<pdf::PdfLeak>& leaks, std::string_view part) {
    return std::ranges::any_of(leaks, [&](const pdf::PdfLeak& leak) {
        return leak.quote.find(part) != std::string::npos ||
               leak.message.find(part) != std::string::npos;
    });
}

}  // namespace

TEST_CASE("pdf: every leak planted in what pdfTeX writes is found on its page") {
    if (!built_pdfs()) {
        return testing::skip("pdflatex or pandoc is not installed (texlive-latex-base, pandoc)");
    }
    const auto leaks = leaks_of("planted.pdf");
    for (const pdf::PdfLeak& leak : leaks) INFO(leak.page << ": " << leak.message);
    CHECK(found(leaks, "pdf-metadata", 0, "Rafael Quintero"));  // hyperref's pdfauthor
    CHECK(found(leaks, "pdf-metadata", 0, "Wanjiru Kamau"));    // XMP dc:creator
    CHECK(found(leaks, "pdf-metadata", 1, "Ingrid Solberg"));   // the figure's own Info
    CHECK(found(leaks, "pdf-metadata", 1, "home folder of \"rquintero\""));      // /PTEX.FileName
    CHECK(found(leaks, "link-target", 2, "/home/rquintero/sparse/run-all.sh"));  // run: link
    CHECK(found(leaks, "comment-identity", 2, "signed \"rquintero\""));  // annotation author
    CHECK(leaks.size() == 6);
    // The decoys.
    for (std::string_view decoy : {"gnuplot", "figure-plain", "apache/flink", "settings.yaml",
                                   "nobody signed", "Sparse Windows", "Anonymous"}) {
        INFO(decoy);
        CHECK_FALSE(mentioned(leaks, decoy));
    }
}

TEST_CASE(
    "pdf: a submission's PDF shows its metadata, title block, links, self-citations and "
    "acknowledgements") {
    if (!built_pdfs()) {
        return testing::skip("pdflatex or pandoc is not installed (texlive-latex-base, pandoc)");
    }
    const auto article = leaks_of("main.pdf");
    for (const pdf::PdfLeak& leak : article) INFO(leak.page << ": " << leak.message);
    CHECK(found(article, "pdf-metadata", 0, "Maria Okafor and Tomasz Lindqvist"));
    CHECK(found(article, "title-block", 1, "Maria Okafor"));
    CHECK(found(article, "link-target", 1, "'tlindqvist'"));
    CHECK(found(article, "contact-detail", 1, "tlindqvist@ridgefield.edu"));
    CHECK(found(article, "self-citation", 1, "our previous work"));
    CHECK_FALSE(mentioned(article, "apache/flink"));
    // The acknowledgements as printed, with whom they thank.
    CHECK(std::ranges::any_of(article, [](const pdf::PdfLeak& leak) {
        return leak.code == "acknowledgement" && leak.quote == "Priya Raman";
    }));
    // The planted paper prints none.
    CHECK_FALSE(std::ranges::any_of(leaks_of("planted.pdf"), [](const pdf::PdfLeak& leak) {
        return leak.code == "acknowledgement";
    }));

    // The Markdown submissions as pandoc typesets them.
    const auto workshop = leaks_of("workshop.pdf");
    for (const pdf::PdfLeak& leak : workshop) INFO(leak.page << ": " << leak.message);
    CHECK(found(workshop, "pdf-metadata", 0, "Sofia Lindgren"));
    CHECK(found(workshop, "link-target", 1, "'slindgren'"));
    CHECK(found(workshop, "acknowledgement", 1, "Jonas Berg"));
    CHECK(found(workshop, "self-citation", 1, "our previous work"));
    const auto preprint = leaks_of("preprint.pdf");
    CHECK(found(preprint, "link-target", 1, "~obrandt"));
    CHECK(found(preprint, "link-target", 1, "orcid.org/0000-0001-5109-3700"));
    for (std::string_view decoy : {"Gullwing", "Raspberry Pi", "AWS Graviton", "Consul", "Jepsen",
                                   "Electricity Maps", "Apache Spark", "HTCondor", "Dusk"}) {
        INFO(decoy);
        CHECK_FALSE(mentioned(workshop, decoy));
        CHECK_FALSE(mentioned(preprint, decoy));
    }

    const auto ieee = leaks_of("conference.pdf");
    CHECK(found(ieee, "pdf-metadata", 0, "Alice Wilkinson"));  // \pdfinfo
    CHECK(found(ieee, "self-citation", 2, "Our prior work"));
}

// acmart's PDF is committed (fixtures/make_acmart_pdf.sh): its fonts are not installed in CI.
// Two columns, review line numbers and the ACM Reference Format block between the
// acknowledgements' heading and its text.
TEST_CASE("pdf: an acmart submission's PDF shows its authors, thanks, links and own papers") {
    const auto leaks = pdf::pdf_leaks(
        pdf::read_pdf(fs::path(FANTASMA_SOURCE_DIR) / "tests/pdf/fixtures/acmart-paper.pdf"),
        Analyzer());
    for (const pdf::PdfLeak& leak : leaks) INFO(leak.page << ": " << leak.message);
    // pdfusetitle: the names as the template spaces them, read as one line.
    CHECK(found(leaks, "pdf-metadata", 0, "\"Helena Vasquez Kenji Morimoto\""));
    CHECK(found(leaks, "title-block", 1, "Helena Vasquez"));
    CHECK(found(leaks, "contact-detail", 1, "hvasquez@coastal-tech.edu"));
    CHECK(found(leaks, "link-target", 1, "orcid.org/0000-0002-1825-0097"));
    CHECK(found(leaks, "link-target", 1, "'hvasquez'"));
    CHECK(found(leaks, "link-target", 1, "scholar.google.com"));
    CHECK(found(leaks, "self-citation", 1, "our earlier study"));
    CHECK(found(leaks, "bibliography-author", 1, "Compaction Debt"));
    const auto thanked = [&](std::string_view name) {
        return std::ranges::any_of(leaks, [&](const pdf::PdfLeak& leak) {
            return leak.code == "acknowledgement" && leak.quote == name;
        });
    };
    CHECK(thanked("Carlos Mendes"));
    // The reference-format block names the authors, whom the acknowledgements do not thank.
    CHECK_FALSE(thanked("Helena Vasquez"));
    // The decoys, and the ACM's own permissions address in the copyright block.
    for (std::string_view decoy :
         {"RocksDB", "Cassandra", "LevelDB", "Silk", "PebblesDB", "Kubernetes", "Frankfurt",
          "Oregon", "Intel Optane", "Samsung", "YCSB", "facebook/rocksdb", "permissions@acm.org"}) {
        INFO(decoy);
        CHECK_FALSE(mentioned(leaks, decoy));
    }
}

TEST_CASE("pdf: a file that is not a PDF is refused with a reason") {
    const fs::path path = fs::temp_directory_path() / "fantasma-not-a.pdf";
    std::FILE* file = std::fopen(path.c_str(), "w");
    std::fputs("not a PDF at all\n", file);
    std::fclose(file);
    CHECK_THROWS_WITH(pdf::read_pdf(path), Catch::Contains("not a readable PDF"));
    fs::remove(path);
}
