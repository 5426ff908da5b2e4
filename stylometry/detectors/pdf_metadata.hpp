#pragma once
// pdf-metadata: what hyperref or pdfTeX writes into the PDF's document information
// (\hypersetup{pdfauthor=...}, \pdfinfo{/Author (...)}, hyperref's pdfusetitle copying
// \author), which every PDF viewer shows under "Properties".
#include "stylometry/detector.hpp"

namespace fantasma {

class PdfMetadata final : public Detector {
  public:
    std::string_view code() const override { return "pdf-metadata"; }
    std::string_view description() const override {
        return "Author names and tools' user names written into the PDF's metadata.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
