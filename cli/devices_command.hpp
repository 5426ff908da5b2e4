#pragma once
// `fantasma devices`: the OpenCL platforms and devices this machine has, what each can do,
// and which backend `--backend auto` would pick.
#include <iosfwd>

namespace CLI {
class App;
}

namespace fantasma::cli {

CLI::App& add_devices_command(CLI::App& app);

// Writes the list to `out`. Exit status 0, also when there is no OpenCL driver (then it says
// so): having no device is a fact to report, not an error.
int run_devices(std::ostream& out);

}  // namespace fantasma::cli
