#include "stylometry/marker.hpp"

namespace fantasma {

Severity severity_for_bits(double bits) {
    if (bits < 2.0) return Severity::Hint;
    if (bits < 5.0) return Severity::Information;
    return Severity::Warning;
}

std::string_view severity_name(Severity severity) {
    switch (severity) {
        case Severity::Hint: return "hint";
        case Severity::Information: return "info";
        case Severity::Warning: return "warning";
    }
    return "hint";
}

}  // namespace fantasma
