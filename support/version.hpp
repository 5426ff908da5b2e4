#pragma once
// The one version every program prints (`fantasma --version`, `fantasma-ls --version`, the
// language server's serverInfo): CMake's project version, with `+` and `git describe` when
// built from a checkout ("0.1.0+11abbc1-dirty"). Defined in a file the build generates.
#include <string_view>

namespace fantasma {

std::string_view version();

}  // namespace fantasma
