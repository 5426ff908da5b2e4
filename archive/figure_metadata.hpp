#pragma once
// Who a figure's own metadata says made it: EXIF Artist and Copyright, XMP dc:creator, IPTC
// By-line (read with exiv2) and a PNG's text chunks (Author, Artist, Copyright, Creator).
// Cameras and drawing programs fill these from the user's account or settings; pdfTeX drops
// them when it includes the figure, but the figure itself travels in the source archive.
#include <string>
#include <string_view>
#include <vector>

namespace fantasma::archive {

struct FigureCredit {
    std::string field;  // "EXIF Artist", "PNG Author"
    std::string value;  // UTF-8 as far as the figure says
};

// The non-empty person fields of the image in `bytes`; none for what is no image exiv2 reads.
std::vector<FigureCredit> figure_credits(std::string_view bytes);

}  // namespace fantasma::archive
