#include "stylometry/detectors/bibliography_author.hpp"

#include "stylometry/leaks/authors.hpp"
#include "stylometry/leaks/bibliography.hpp"

namespace fantasma {

void BibliographyAuthor::detect(const DetectionContext& context, MarkerSink& sink) const {
    const Document& document = context.document;
    if (document.prose.language != Language::Latex) return;
    std::vector<std::string> authors = leaks::submission_authors(document.source, Language::Latex);
    authors.insert(authors.end(), context.submission_authors.begin(),
                   context.submission_authors.end());
    for (const leaks::OwnEntry& entry : leaks::own_bibitems(document.source, authors)) {
        sink.mark_in_source(leaks::own_entry_marker(entry));
    }
}

}  // namespace fantasma
