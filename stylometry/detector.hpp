#pragma once
// The interface every marker detector implements: one detector per file under detectors/,
// stateless, registered in detectors/registry.cpp.
#include <span>
#include <stop_token>
#include <string>
#include <string_view>

#include "stylometry/document.hpp"
#include "stylometry/marker.hpp"
#include "stylometry/reference.hpp"

namespace fantasma {

struct DetectionContext {
    const Document& document;
    const Reference& reference;
    std::stop_token stop;  // long detectors check it between passes
    // Names never to flag as a person's, an account's or an organisation's: the writer's list
    // of public names (a `fantasma-names` file, an editor setting), lower case.
    std::span<const std::string> public_names = {};
    // The authors of the submission this document belongs to, as "first last" in lower case,
    // when the title block is in another file of the project (see leaks/authors.hpp).
    std::span<const std::string> submission_authors = {};
};

// Receives a detector's output. Spans given to mark() index the prose text
// (document.prose.text); the sink maps them to source bytes.
class MarkerSink {
public:
    virtual ~MarkerSink() = default;
    // A habit's measurement on this document: `count` events out of `opportunities` trials
    // (semicolons per word, British forms per variant word...). The analyzer aggregates these
    // over a writer's own samples to build a personal profile. Call it whether or not the
    // habit is remarkable here.
    virtual void measure(std::string_view feature, double count, double opportunities) = 0;
    virtual void mark(Marker marker) = 0;
    // A marker whose spans already index the source: text outside the prose that readers see
    // (Prose::asides) or the source's own layout (trailing whitespace).
    virtual void mark_in_source(Marker marker) = 0;
};

class Detector {
public:
    virtual ~Detector() = default;
    virtual std::string_view code() const = 0;
    virtual std::string_view description() const = 0;
    virtual void detect(const DetectionContext& context, MarkerSink& sink) const = 0;
};

}  // namespace fantasma
