#pragma once
// link-target: where a link goes when that identifies its owner: \url, \href and bare URLs
// in LaTeX source, Markdown link destinations and reference definitions. Profiles (ORCID,
// Google Scholar, DBLP), homepages (~user, name.github.io) and an account's repositories are
// reported; well-known organisations' pages, generic pages and anonymising hosts are not.
// Links written out in the prose itself are contact-detail's.
#include "stylometry/detector.hpp"

namespace fantasma {

class LinkTarget final : public Detector {
  public:
    std::string_view code() const override { return "link-target"; }
    std::string_view description() const override {
        return "Links to your profiles, homepages and repositories.";
    }
    void detect(const DetectionContext& context, MarkerSink& sink) const override;
};

}  // namespace fantasma
