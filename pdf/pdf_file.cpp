#include "pdf/pdf_file.hpp"

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFEmbeddedFileDocumentHelper.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>

#include <poppler/cpp/poppler-document.h>
#include <poppler/cpp/poppler-page.h>
#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <stdexcept>
#include <string_view>

namespace fantasma::pdf {
namespace {

using Kind = PdfEntry::Kind;

// Keys that lead away from what a page shows: back to the page tree, along the outline, to
// destinations. The walk from a page would otherwise reach every other page's objects.
bool leads_away(std::string_view key) {
    static constexpr std::string_view kKeys[] = {"/Parent", "/P",    "/Dest",  "/D",
                                                 "/Prev",   "/Next", "/First", "/Last"};
    return std::find(std::begin(kKeys), std::end(kKeys), key) != std::end(kKeys);
}

std::string text_of(QPDFObjectHandle object) {
    return object.isString() ? object.getUTF8Value() : std::string();
}

// The text of every `<tag>…</tag>` element (XMP lists: the rdf:li inside) and `tag="…"`
// attribute of an XMP packet, markup removed.
std::vector<std::string> xmp_values(std::string_view xmp, std::string_view tag) {
    std::vector<std::string> values;
    const std::string open = "<" + std::string(tag), close = "</" + std::string(tag) + ">";
    for (std::size_t at = xmp.find(open); at != std::string_view::npos;
         at = xmp.find(open, at + 1)) {
        const std::size_t after = at + open.size();
        if (after < xmp.size() && xmp[after] == '=') continue;
        const std::size_t body = xmp.find('>', after);
        const std::size_t end = body == std::string_view::npos ? body : xmp.find(close, body);
        if (end == std::string_view::npos) break;
        std::string value;
        bool in_tag = false;
        for (const char c : xmp.substr(body + 1, end - body - 1)) {
            if (c == '<') in_tag = true;
            if (!in_tag && c != '\n' && c != '\r') value += c;
            if (c == '>') {
                if (!value.empty() && value.back() != ' ') value += ' ';
                in_tag = false;
            }
        }
        while (!value.empty() && value.back() == ' ') value.pop_back();
        if (!value.empty()) values.push_back(std::move(value));
    }
    const std::string attribute = std::string(tag) + "=\"";
    for (std::size_t at = xmp.find(attribute); at != std::string_view::npos;
         at = xmp.find(attribute, at + 1)) {
        const std::size_t begin = at + attribute.size();
        const std::size_t end = xmp.find('"', begin);
        if (end == std::string_view::npos) break;
        if (end > begin) values.emplace_back(xmp.substr(begin, end - begin));
    }
    return values;
}

class ObjectWalk {
  public:
    explicit ObjectWalk(std::vector<PdfEntry>& entries) : entries_(entries) {}

    // What an Info dictionary says (the document's, or a figure's /PTEX.InfoDict).
    void info(QPDFObjectHandle dictionary, int page, const std::string& figure) {
        if (!dictionary.isDictionary()) return;
        const std::pair<const char*, Kind> fields[] = {
            {"/Author", Kind::Author},       {"/Creator", Kind::Tool},
            {"/Producer", Kind::Tool},       {"/Title", Kind::Description},
            {"/Subject", Kind::Description}, {"/Keywords", Kind::Description}};
        for (const auto& [key, kind] : fields)
            add(kind, page, figure, text_of(dictionary.getKey(key)));
    }

    void xmp(QPDFObjectHandle stream, int page, const std::string& figure) {
        if (!stream.isStream()) return;
        const auto data = stream.getStreamData(qpdf_dl_generalized);
        const std::string_view packet(reinterpret_cast<const char*>(data->getBuffer()),
                                      data->getSize());
        for (std::string& author : xmp_values(packet, "dc:creator"))
            add(Kind::Author, page, figure, std::move(author));
        for (std::string_view tag : {"xmp:CreatorTool", "pdf:Producer"}) {
            for (std::string& tool : xmp_values(packet, tag))
                add(Kind::Tool, page, figure, std::move(tool));
        }
    }

    // Everything reachable from `object` that a reader of page `page` can meet.
    void visit(QPDFObjectHandle object, int page, std::string figure = {}) {
        if (object.isIndirect() && !seen_.insert(object.getObjGen()).second) return;
        if (object.isArray()) {
            for (QPDFObjectHandle& item : object.getArrayAsVector()) visit(item, page, figure);
            return;
        }
        if (object.isStream()) {
            QPDFObjectHandle dictionary = object.getDict();
            if (dictionary.getKey("/Type").isNameAndEquals("/Metadata")) xmp(object, page, figure);
            object = dictionary;
        }
        if (!object.isDictionary()) return;
        if (const std::string file = text_of(object.getKey("/PTEX.FileName")); !file.empty()) {
            add(Kind::FileName, page, file, file);
            figure = file;
        }
        info(object.getKey("/PTEX.InfoDict"), page, figure);
        // An annotation; a form field's /T is the field's name, not an author.
        if (object.hasKey("/Rect") && object.hasKey("/Subtype") &&
            !object.getKey("/Subtype").isNameAndEquals("/Widget")) {
            add(Kind::AnnotationAuthor, page, figure, text_of(object.getKey("/T")));
            add(Kind::AnnotationText, page, figure, text_of(object.getKey("/Contents")));
        }
        action(object, page, figure);
        for (const std::string& key : object.getKeys()) {
            if (!leads_away(key)) visit(object.getKey(key), page, figure);
        }
    }

    void attachments(QPDF& document) {
        QPDFEmbeddedFileDocumentHelper files(document);
        for (auto& [name, file] : files.getEmbeddedFiles()) {
            add(Kind::Attachment, 0, {}, name);
            add(Kind::Attachment, 0, {}, file->getFilename());
            add(Kind::Attachment, 0, {}, file->getDescription());
        }
    }

  private:
    void add(Kind kind, int page, const std::string& figure, std::string value) {
        // Templates write the author field with the layout of their source (acmart: runs of
        // spaces between the names); a path or a link keeps its bytes.
        if (kind != Kind::FileName && kind != Kind::LinkTarget && kind != Kind::Attachment)
            value = single_spaced(value);
        if (value.empty()) return;
        entries_.push_back({kind, page, figure, std::move(value)});
    }

    // `text` with each run of white space one space, none at either end.
    static std::string single_spaced(std::string_view text) {
        std::string spaced;
        for (char c : text) {
            if (std::isspace(static_cast<unsigned char>(c))) {
                if (!spaced.empty() && spaced.back() != ' ') spaced += ' ';
            } else {
                spaced += c;
            }
        }
        if (!spaced.empty() && spaced.back() == ' ') spaced.pop_back();
        return spaced;
    }

    // A link's or action's target: a URI, or the file a Launch or GoToR action opens.
    void action(QPDFObjectHandle dictionary, int page, const std::string& figure) {
        QPDFObjectHandle type = dictionary.getKey("/S");
        if (type.isNameAndEquals("/URI")) {
            add(Kind::LinkTarget, page, figure, text_of(dictionary.getKey("/URI")));
        } else if (type.isNameAndEquals("/Launch") || type.isNameAndEquals("/GoToR")) {
            QPDFObjectHandle file = dictionary.getKey("/F");
            if (file.isDictionary())
                file = file.hasKey("/UF") ? file.getKey("/UF") : file.getKey("/F");
            add(Kind::LinkTarget, page, figure, text_of(file));
        }
    }

    std::vector<PdfEntry>& entries_;
    std::set<QPDFObjGen> seen_;
};

std::vector<std::string> page_texts(std::string_view bytes) {
    std::vector<char> data(bytes.begin(), bytes.end());
    const std::unique_ptr<poppler::document> document(poppler::document::load_from_data(&data));
    if (!document) throw std::runtime_error("poppler cannot read its pages");
    if (document->is_locked()) throw std::runtime_error("it is encrypted with a password");
    std::vector<std::string> pages;
    for (int i = 0; i < document->pages(); ++i) {
        const std::unique_ptr<poppler::page> page(document->create_page(i));
        // In reading order, as pdftotext prints it: the physical layout runs a two-column
        // page's columns side by side on each line, which cuts every sentence in two.
        const std::vector<char> text =
            page
                ? page->text(poppler::rectf(), poppler::page::non_raw_non_physical_layout).to_utf8()
                : std::vector<char>();
        pages.emplace_back(text.begin(), text.end());
    }
    return pages;
}

}  // namespace

PdfFile read_pdf(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot be read");
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    return read_pdf(bytes, path.string());
}

PdfFile read_pdf(std::string_view bytes, const std::string& name) {
    PdfFile file;
    try {
        QPDF document;
        document.setSuppressWarnings(true);
        document.processMemoryFile(name.c_str(), bytes.data(), bytes.size());
        ObjectWalk walk(file.entries);
        walk.info(document.getTrailer().getKey("/Info"), 0, {});
        walk.xmp(document.getRoot().getKey("/Metadata"), 0, {});
        walk.attachments(document);
        int number = 0;
        for (QPDFPageObjectHelper& page : QPDFPageDocumentHelper(document).getAllPages())
            walk.visit(page.getObjectHandle(), ++number);
    } catch (const std::exception& error) {
        throw std::runtime_error(std::string("not a readable PDF: ") + error.what());
    }
    file.pages = page_texts(bytes);
    return file;
}

}  // namespace fantasma::pdf
