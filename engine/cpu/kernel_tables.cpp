// Which kernel tables this processor can run, and choosing one by name.
#include "engine/cpu/kernels.hpp"

#include "engine/error.hpp"

#include <string>

namespace fantasma::engine::cpu {

// kernels_avx2.cpp, compiled for each flavour: nullptr when not built for x86.
namespace avx2 {
const Kernels* kernel_table();
}
namespace avx_vnni {
const Kernels* kernel_table();
}
const Kernels* avx512_kernel_table();  // kernels_avx512.cpp: likewise

const Kernels* avx2_kernels() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
        __builtin_cpu_supports("f16c"))
        return avx2::kernel_table();
#endif
    return nullptr;
}

const Kernels* avx_vnni_kernels() {
#if defined(__x86_64__) || defined(__i386__)
    if (avx2_kernels() != nullptr && __builtin_cpu_supports("avxvnni"))
        return avx_vnni::kernel_table();
#endif
    return nullptr;
}

const Kernels* avx512_kernels() {
#if defined(__x86_64__) || defined(__i386__)
    // libgcc's checks include the operating system saving the 512-bit registers.
    if (avx2_kernels() != nullptr && __builtin_cpu_supports("avx512f") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512vnni"))
        return avx512_kernel_table();
#endif
    return nullptr;
}

std::vector<const Kernels*> available_kernels() {
    std::vector<const Kernels*> tables{&scalar_kernels()};
    for (const Kernels* table : {avx2_kernels(), avx_vnni_kernels(), avx512_kernels()})
        if (table != nullptr) tables.push_back(table);
    return tables;
}

const Kernels& kernels_named(std::string_view name) {
    const auto tables = available_kernels();
    if (name.empty()) return *tables.back();
    std::string names;
    for (const Kernels* table : tables) {
        if (table->name == name) return *table;
        names += (names.empty() ? "" : ", ") + std::string(table->name);
    }
    throw ModelError("the CPU kernels \"" + std::string(name) +
                     "\" do not run on this processor (it runs: " + names + ")");
}

}  // namespace fantasma::engine::cpu
