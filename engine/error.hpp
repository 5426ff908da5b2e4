#pragma once

#include <stdexcept>
#include <string>

namespace fantasma::engine {

// Raised for anything wrong with a model's files or a request made of the engine: a one-line
// message that names the file, tensor or setting at fault, fit to show a user as is.
class ModelError : public std::runtime_error {
  public:
    explicit ModelError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace fantasma::engine
