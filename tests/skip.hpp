#pragma once
// A test that cannot run here (no OpenCL device, no ../shared) says so on a line that CTest
// reads as "skipped" (SKIP_REGULAR_EXPRESSION, set on every test in tests/CMakeLists.txt and
// tests/opencl/CMakeLists.txt), never as passed; scripts/test.sh fails a run in which tests
// that must run here were skipped.
#include <iostream>
#include <string_view>

namespace fantasma::testing {

inline constexpr std::string_view kSkipMarker = "FANTASMA-TEST-SKIPPED: ";

inline void skip(std::string_view why) {
    std::cout << kSkipMarker << why << std::endl;
}

}  // namespace fantasma::testing
