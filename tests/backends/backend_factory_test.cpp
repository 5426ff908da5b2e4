// The backend factory without a device: names, the environment at the program's edge, the CPU
// and reference backends, and auto's one-line note. With an OpenCL device: tests/opencl.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "backends/backend_factory.hpp"
#include "engine/error.hpp"

using namespace fantasma::backends;

namespace {

EnvironmentLookup table(std::map<std::string, std::string> values) {
    auto stored = std::make_shared<std::map<std::string, std::string>>(std::move(values));
    return [stored](const char* name) -> const char* {
        const auto found = stored->find(name);
        return found == stored->end() ? nullptr : found->second.c_str();
    };
}

}  // namespace

TEST_CASE("backend kinds are read by name, in any case", "[backends]") {
    CHECK(backend_kind_from_name("auto") == BackendKind::Auto);
    CHECK(backend_kind_from_name("CPU") == BackendKind::Cpu);
    CHECK(backend_kind_from_name("reference") == BackendKind::Reference);
    CHECK(backend_kind_from_name("OpenCL") == BackendKind::Opencl);
    CHECK_FALSE(backend_kind_from_name("tpu"));
    for (const BackendKind kind :
         {BackendKind::Auto, BackendKind::Cpu, BackendKind::Reference, BackendKind::Opencl})
        CHECK(backend_kind_from_name(backend_kind_name(kind)) == kind);
}

TEST_CASE("the environment fills only what the options leave open", "[backends]") {
    const auto lookup = table({{"FANTASMA_OPENCL_DEVICE", "1"},
                               {"FANTASMA_OPENCL_MEMORY_MIB", "0.5"},
                               {"HOME", "/home/writer"},
                               {"FANTASMA_OPENCL_GEMM_MIN_TOKENS", "32"}});
    const BackendOptions filled = with_environment({}, lookup);
    CHECK(filled.device == "1");
    CHECK(filled.memory_limit_mib == 0.5);
    CHECK(filled.kernel_cache_dir == "/home/writer/.cache/fantasma/opencl");
    CHECK(filled.gemm_min_tokens == 32);
    CHECK_FALSE(filled.delta_chunked_min_tokens);

    const BackendOptions given = with_environment(
        {.device = "H200", .memory_limit_mib = 100, .kernel_cache_dir = "/c"}, lookup);
    CHECK(given.device == "H200");
    CHECK(given.memory_limit_mib == 100);
    CHECK(given.kernel_cache_dir == "/c");

    CHECK(
        with_environment({}, table({{"XDG_CACHE_HOME", "/x"}, {"HOME", "/h"}})).kernel_cache_dir ==
        "/x/fantasma/opencl");
    CHECK(with_environment({}, table({})).kernel_cache_dir.empty());
    CHECK_THROWS_WITH(with_environment({}, table({{"FANTASMA_OPENCL_MEMORY_MIB", "lots"}})),
                      "FANTASMA_OPENCL_MEMORY_MIB=lots: not a number of MiB");
}

TEST_CASE("cpu and reference are made as named, without a note", "[backends]") {
    const ChosenBackend cpu = make_backend({.kind = BackendKind::Cpu, .threads = 1});
    REQUIRE(cpu.backend);
    CHECK(cpu.note.empty());
    const ChosenBackend reference = make_backend({.kind = BackendKind::Reference});
    CHECK(reference.backend->name() != cpu.backend->name());
    CHECK_THROWS_AS(make_backend({.kind = BackendKind::Cpu, .threads = -1}),
                    fantasma::engine::ModelError);
}

TEST_CASE("auto always says in one line where it runs", "[backends]") {
    const ChosenBackend chosen = make_backend({.kind = BackendKind::Auto, .threads = 1});
    REQUIRE(chosen.backend);
    CHECK_THAT(chosen.note, Catch::StartsWith("running on "));
    CHECK(chosen.note.find('\n') == std::string::npos);
    if (!built_with_opencl())
        CHECK(chosen.note == "running on the CPU: this build of fantasma has no OpenCL");
}
