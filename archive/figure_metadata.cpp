#include "archive/figure_metadata.hpp"

#include <exiv2/exiv2.hpp>

#include <algorithm>
#include <cstdint>

namespace fantasma::archive {
namespace {

// The fields a person's name goes in, by the metadata standards' own keys.
constexpr std::pair<std::string_view, std::string_view> kExifFields[] = {
    {"Exif.Image.Artist", "EXIF Artist"},
    {"Exif.Image.Copyright", "EXIF Copyright"},
    {"Exif.Photo.CameraOwnerName", "EXIF CameraOwnerName"}};
constexpr std::pair<std::string_view, std::string_view> kXmpFields[] = {
    {"Xmp.dc.creator", "XMP dc:creator"}, {"Xmp.dc.rights", "XMP dc:rights"}};
constexpr std::pair<std::string_view, std::string_view> kIptcFields[] = {
    {"Iptc.Application2.Byline", "IPTC By-line"},
    {"Iptc.Application2.Copyright", "IPTC Copyright"}};
constexpr std::string_view kPngKeys[] = {"Author", "Artist", "Copyright", "Creator"};

std::string trimmed(std::string value) {
    const auto space = [](unsigned char c) { return c <= ' '; };
    while (!value.empty() && space(value.back())) value.pop_back();
    std::size_t begin = 0;
    while (begin < value.size() && space(value[begin])) ++begin;
    return value.substr(begin);
}

void add(std::vector<FigureCredit>& credits, std::string_view field, std::string value) {
    value = trimmed(std::move(value));
    if (value.empty() || value.starts_with("lang=")) return;
    credits.push_back({std::string(field), std::move(value)});
}

std::uint32_t big_endian(std::string_view bytes, std::size_t at) {
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        value = (value << 8) | static_cast<unsigned char>(bytes[at + i]);
    }
    return value;
}

// A PNG's uncompressed tEXt and iTXt chunks with a person's key: exiv2 reads only the chunks
// that carry EXIF, IPTC or XMP.
void png_text(std::string_view bytes, std::vector<FigureCredit>& credits) {
    constexpr std::string_view kSignature = "\x89PNG\r\n\x1a\n";
    if (!bytes.starts_with(kSignature)) return;
    for (std::size_t at = kSignature.size(); at + 12 <= bytes.size();) {
        const std::uint32_t length = big_endian(bytes, at);
        if (length > bytes.size() - at - 12) return;
        const std::string_view type = bytes.substr(at + 4, 4);
        const std::string_view data = bytes.substr(at + 8, length);
        at += 12 + length;
        if (type != "tEXt" && type != "iTXt") continue;
        const std::size_t key_end = data.find('\0');
        if (key_end == std::string_view::npos) continue;
        const std::string_view key = data.substr(0, key_end);
        if (std::ranges::find(kPngKeys, key) == std::end(kPngKeys)) continue;
        std::string_view text = data.substr(key_end + 1);
        if (type == "iTXt") {  // compression flag, method, language\0, translated key\0, text
            if (text.size() < 2 || text[0] != 0) continue;
            text.remove_prefix(2);
            for (int field = 0; field < 2; ++field) {
                const std::size_t end = text.find('\0');
                if (end == std::string_view::npos) return;
                text.remove_prefix(end + 1);
            }
        }
        add(credits, "PNG " + std::string(key), std::string(text));
    }
}

}  // namespace

std::vector<FigureCredit> figure_credits(std::string_view bytes) {
    std::vector<FigureCredit> credits;
    png_text(bytes, credits);
    // exiv2 logs what it cannot parse to stderr; a figure that is no image is not an error here.
    Exiv2::LogMsg::setLevel(Exiv2::LogMsg::mute);
    try {
        Exiv2::Image::AutoPtr image = Exiv2::ImageFactory::open(
            reinterpret_cast<const Exiv2::byte*>(bytes.data()), static_cast<long>(bytes.size()));
        if (image.get() == nullptr) return credits;
        image->readMetadata();
        for (const auto& [key, field] : kExifFields) {
            const auto found = image->exifData().findKey(Exiv2::ExifKey(std::string(key)));
            if (found != image->exifData().end()) add(credits, field, found->toString());
        }
        for (const auto& [key, field] : kXmpFields) {
            const auto found = image->xmpData().findKey(Exiv2::XmpKey(std::string(key)));
            if (found != image->xmpData().end()) add(credits, field, found->toString());
        }
        for (const auto& [key, field] : kIptcFields) {
            const auto found = image->iptcData().findKey(Exiv2::IptcKey(std::string(key)));
            if (found != image->iptcData().end()) add(credits, field, found->toString());
        }
    } catch (const Exiv2::AnyError&) {
        // Not an image exiv2 knows, or a damaged one: what it could not read, it cannot leak
        // to a reviewer's tools either.
    }
    return credits;
}

}  // namespace fantasma::archive
