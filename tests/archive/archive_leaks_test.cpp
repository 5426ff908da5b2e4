// A submission's source archive, as arXiv or a venue receives it: ten leaks planted where
// writers leave them (a comment, the .bbl, a figure's EXIF, a figure PDF's Info, a build log,
// .git/, a backup, an unused draft, .DS_Store, SyncTeX data) in a .tar.gz and a .zip, clean
// members beside them; and hostile archives, refused with a reason.
#include <archive.h>
#include <archive_entry.h>
#include <catch2/catch.hpp>
#include <exiv2/exiv2.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "archive/archive_leaks.hpp"
#include "archive/source_archive.hpp"

using namespace fantasma;
using namespace fantasma::archive;
namespace fs = std::filesystem;

namespace {

struct Member {
    std::string path;
    std::string bytes;
    bool link = false;  // a symbolic link to `bytes`
};

// A fresh folder under the system's temporary one, removed when the test ends.
struct TemporaryFolder {
    fs::path path;
    TemporaryFolder() {
        std::random_device random;
        path = fs::temp_directory_path() / ("fantasma-archive-" + std::to_string(random()));
        fs::create_directories(path);
    }
    ~TemporaryFolder() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

// Writes `members` to `path` as a gzip-compressed tar or a zip (by its extension).
void write_archive(const fs::path& path, const std::vector<Member>& members) {
    struct archive* writer = archive_write_new();
    if (path.extension() == ".zip") {
        archive_write_set_format_zip(writer);
    } else {
        archive_write_set_format_pax_restricted(writer);
        archive_write_add_filter_gzip(writer);
    }
    REQUIRE(archive_write_open_filename(writer, path.c_str()) == ARCHIVE_OK);
    for (const Member& member : members) {
        struct archive_entry* entry = archive_entry_new();
        archive_entry_set_pathname(entry, member.path.c_str());
        if (member.link) {
            archive_entry_set_filetype(entry, AE_IFLNK);
            archive_entry_set_symlink(entry, member.bytes.c_str());
            archive_entry_set_perm(entry, 0777);
        } else {
            archive_entry_set_filetype(entry, AE_IFREG);
            archive_entry_set_perm(entry, 0644);
            archive_entry_set_size(entry, static_cast<la_int64_t>(member.bytes.size()));
        }
        archive_write_header(writer, entry);
        if (!member.link) archive_write_data(writer, member.bytes.data(), member.bytes.size());
        archive_entry_free(entry);
    }
    archive_write_close(writer);
    archive_write_free(writer);
}

// A 1x1 grey PNG.
const std::string kPng(
    "\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x01\x00\x00"
    "\x00\x01\x08\x00\x00\x00\x00\x3a\x7e\x9b\x55\x00\x00\x00\x0a\x49\x44\x41\x54\x78\x9c\x63"
    "\x60\x00\x00\x00\x02\x00\x01\x48\xaf\xa4\x71\x00\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60"
    "\x82",
    67);

// The PNG with an EXIF Artist, written as a camera or drawing program writes it.
std::string png_with_artist(const std::string& artist) {
    Exiv2::Image::AutoPtr image = Exiv2::ImageFactory::open(
        reinterpret_cast<const Exiv2::byte*>(kPng.data()), static_cast<long>(kPng.size()));
    image->readMetadata();
    Exiv2::ExifData exif;
    exif["Exif.Image.Artist"] = artist;
    image->setExifData(exif);
    image->writeMetadata();
    Exiv2::BasicIo& io = image->io();
    io.seek(0, Exiv2::BasicIo::beg);
    const Exiv2::DataBuf data = io.read(static_cast<long>(io.size()));
    return {reinterpret_cast<const char*>(data.pData_), static_cast<std::size_t>(data.size_)};
}

// A one-page PDF whose Info dictionary names `author` (QPDF mends the offsets it omits).
std::string figure_pdf(const std::string& author) {
    return "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
           "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
           "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >> endobj\n"
           "4 0 obj << /Author (" +
           author +
           ") /Producer (matplotlib pdf backend 3.6.3) >> endobj\n"
           "trailer << /Root 1 0 R /Info 4 0 R /Size 5 >>\n%%EOF\n";
}

const std::string kMain = R"(\documentclass{article}
\usepackage{graphicx}
\title{Tiles on a Budget}
\author{Anonymous Author(s)}
\begin{document}
\maketitle
\section{Introduction}
Storing every tile once keeps the index small.
% Tomasz: the numbers below are from the March run, please check them again
\input{sections/method}
\includegraphics[width=\linewidth]{figures/latency}
\includegraphics{figures/throughput.png}
\includegraphics{figures/layout}
\bibliographystyle{plain}
\bibliography{refs}
\end{document}
)";

const std::string kMethod = R"(\section{Method}
Each tile is read back in order; the cache holds the last sixteen.
)";

const std::string kRefs = R"(@article{kafka2020,
  author = {Ada Flink and Bo Streams},
  title = {Logs as tables},
  journal = {Journal of Logs},
  year = {2020}
}
)";

const std::string kBbl = R"(\begin{thebibliography}{1}
\bibitem{flink2020}
A.~Flink and B.~Streams.
\newblock Logs as tables.
\bibitem{lindqvist2023}
T.~Lindqvist and P.~Raman.
\newblock Earlier tiles, 2023.
\end{thebibliography}
)";

// The submission with its ten planted leaks. The title block is anonymous, but the paper's
// authors are known from the draft's own \author (old-intro.tex, the unused draft).
std::vector<Member> planted_submission() {
    return {
        {"paper/main.tex", kMain},
        {"paper/sections/method.tex", kMethod},
        {"paper/refs.bib", kRefs},
        {"paper/main.bbl", kBbl},                                       // leak 1: own entry
        {"paper/figures/latency.png", png_with_artist("Priya Raman")},  // leak 2: EXIF Artist
        {"paper/figures/throughput.png", kPng},                         // clean
        {"paper/figures/layout.pdf", figure_pdf("Tomasz Lindqvist")},   // leak 3: figure PDF
        {"paper/main.log",                                              // leak 4: home path
         "This is pdfTeX, Version 3.141592653-2.6-1.40.24\n(/home/tlindqvist/papers/tiles/"
         "main.tex\nLaTeX2e <2022-11-01>\n"},
        {"paper/.git/config", "[user]\n\tname = Tomasz Lindqvist\n"},  // leak 5: .git/
        {"paper/.git/HEAD", "ref: refs/heads/main\n"},
        {"paper/main.tex~", kMain},  // leak 6: backup
        {"paper/old-intro.tex",      // leak 7: unused
         "\\documentclass{article}\n\\author{Tomasz Lindqvist \\and Priya Raman}\n"
         "\\begin{document}\nAn earlier introduction.\n\\end{document}\n"},
        {"paper/.DS_Store", std::string("\0\0\0\1Bud1", 8)},            // leak 8
        {"paper/main.synctex.gz", std::string("\x1f\x8b\x08\x00", 4)},  // leak 9
        {"paper/tiles.sty", "\\ProvidesPackage{tiles}\n"},              // clean
    };
}

std::map<std::string, std::vector<ArchiveLeak>> leaks_by_member(const fs::path& path) {
    const Analyzer analyzer;
    std::map<std::string, std::vector<ArchiveLeak>> found;
    for (ArchiveLeak& leak : archive_leaks(read_source_archive(path), analyzer)) {
        found[leak.member].push_back(std::move(leak));
    }
    return found;
}

bool has(const std::vector<ArchiveLeak>& leaks, std::string_view code, std::string_view quote) {
    return std::ranges::any_of(leaks, [&](const ArchiveLeak& leak) {
        return leak.code == code && leak.quote.find(quote) != std::string::npos;
    });
}

}  // namespace

TEST_CASE("source archive: every planted leak is found, in a .tar.gz and a .zip") {
    TemporaryFolder folder;
    for (const std::string name : {"submission.tar.gz", "submission.zip"}) {
        INFO(name);
        const fs::path path = folder.path / name;
        write_archive(path, planted_submission());
        auto found = leaks_by_member(path);
        // The planted comment, at its line.
        REQUIRE(found.contains("paper/main.tex"));
        CHECK(has(found["paper/main.tex"], "comment-identity", "Tomasz"));
        CHECK(found["paper/main.tex"].front().line == 9);
        CHECK(has(found["paper/main.bbl"], "bibliography-author", "Lindqvist"));
        CHECK(has(found["paper/figures/latency.png"], "pdf-metadata", "Priya Raman"));
        CHECK(has(found["paper/figures/layout.pdf"], "pdf-metadata", "Tomasz Lindqvist"));
        CHECK(has(found["paper/main.log"], "stray-file", "tlindqvist"));
        CHECK(has(found["paper/.git/"], "stray-file", ".git"));
        CHECK(has(found["paper/main.tex~"], "stray-file", "main.tex~"));
        CHECK(has(found["paper/old-intro.tex"], "stray-file", "old-intro.tex"));
        CHECK(has(found["paper/.DS_Store"], "stray-file", ".DS_Store"));
        CHECK(has(found["paper/main.synctex.gz"], "stray-file", "main.synctex.gz"));
        // The clean members produce nothing, and .git/ is one finding, not one per file.
        for (const std::string clean :
             {"paper/sections/method.tex", "paper/refs.bib", "paper/figures/throughput.png",
              "paper/tiles.sty", "paper/.git/config", "paper/.git/HEAD"}) {
            INFO(clean);
            CHECK_FALSE(found.contains(clean));
        }
        CHECK(found["paper/.git/"].size() == 1);
    }
}

TEST_CASE("source archive: a folder is checked as its archive would be") {
    TemporaryFolder folder;
    for (const Member& member : planted_submission()) {
        const fs::path path = folder.path / member.path;
        fs::create_directories(path.parent_path());
        std::ofstream(path, std::ios::binary) << member.bytes;
    }
    auto found = leaks_by_member(folder.path);
    CHECK(has(found["paper/main.tex"], "comment-identity", "Tomasz"));
    CHECK(has(found["paper/figures/latency.png"], "pdf-metadata", "Priya Raman"));
    CHECK(has(found["paper/.git/"], "stray-file", ".git"));
}

TEST_CASE("source archive: hostile archives are refused with a reason, never unpacked") {
    TemporaryFolder folder;
    const auto refusal = [&](const std::string& name, const std::vector<Member>& members) {
        const fs::path path = folder.path / name;
        write_archive(path, members);
        try {
            read_source_archive(path);
        } catch (const ArchiveRefused& refused) {
            return std::string(refused.what());
        }
        return std::string();
    };
    CHECK_THAT(refusal("traversal.tar.gz", {{"paper/../../.bashrc", "echo hi\n"}}),
               Catch::Contains("leaves the archive"));
    CHECK_THAT(refusal("absolute.zip", {{"/etc/cron.d/job", "* * * * * true\n"}}),
               Catch::Contains("absolute path"));
    CHECK_THAT(refusal("link.tar.gz", {{"paper/main.tex", "/home/someone/.ssh/id_rsa", true}}),
               Catch::Contains("link"));
    std::vector<Member> many;
    for (int i = 0; i < 10000; ++i) many.push_back({"paper/n" + std::to_string(i) + ".tex", "x"});
    CHECK_THAT(refusal("many.zip", many), Catch::Contains("more than 5000 files"));
    std::string deep = "paper";
    for (int i = 0; i < 40; ++i) deep += "/d";
    CHECK_THAT(refusal("deep.tar.gz", {{deep + "/main.tex", "x"}}), Catch::Contains("deep"));
    // A zip bomb: 200 MiB of zeros in a few hundred KiB.
    CHECK_THAT(refusal("bomb.zip", {{"paper/data.tex", std::string(std::size_t{200} << 20, '\0')}}),
               Catch::Contains("times its size"));
    // What is not an archive at all is an ordinary error.
    const fs::path text = folder.path / "notes.zip";
    std::ofstream(text) << "just some notes\n";
    CHECK_THROWS_AS(read_source_archive(text), std::runtime_error);
}
