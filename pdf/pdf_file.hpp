#pragma once
// What a PDF carries that a reviewer can read: the text of its pages, and what its objects
// hold beside them (the Info dictionary, XMP metadata, included figures' own metadata and
// file names, link and launch targets, annotations and their authors, attached files). The
// structure is read with QPDF (objects as they are), the text with poppler (as a viewer
// shows it); neither is told what to look for: pdf_leaks.hpp decides what identifies.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace fantasma::pdf {

// One string a PDF's objects hold, and where it is.
struct PdfEntry {
    enum class Kind {
        Author,            // an Info dictionary's /Author, XMP dc:creator
        Tool,              // /Creator, /Producer, xmp:CreatorTool
        Description,       // /Title, /Subject, /Keywords
        FileName,          // /PTEX.FileName: the path an included figure was read from
        LinkTarget,        // a URI, a file or a program a link opens
        AnnotationAuthor,  // an annotation's /T
        AnnotationText,    // an annotation's /Contents
        Attachment,        // an attached file's name or description
    };
    Kind kind;
    int page = 0;        // from 1; 0: the document's own (its Info, XMP, attachments)
    std::string figure;  // for an included figure's own metadata: the file it came from
    std::string value;   // UTF-8
};

struct PdfFile {
    std::vector<PdfEntry> entries;
    std::vector<std::string> pages;  // each page's text layer, UTF-8
};

// Reads `path`; throws std::runtime_error saying what is wrong ("not a PDF", "encrypted").
PdfFile read_pdf(const std::filesystem::path& path);
// The same from a PDF's bytes (a figure inside a source archive); `name` for messages.
PdfFile read_pdf(std::string_view bytes, const std::string& name);

}  // namespace fantasma::pdf
