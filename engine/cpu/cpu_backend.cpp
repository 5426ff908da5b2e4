#include "engine/cpu/cpu_backend.hpp"

#include "engine/cpu/ops.hpp"
#include "engine/error.hpp"
#include "engine/mapped_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <thread>

namespace fantasma::engine::cpu {
namespace {

float* row(Tensor t, int r) {
    return static_cast<float*>(t.handle) + t.offset + std::size_t(r) * std::size_t(t.stride);
}

void require(bool ok, const char* what) {
    if (!ok) throw ModelError(std::string("cpu backend: ") + what);
}

void require_same_shape(Tensor a, Tensor b) {
    require(a.rows == b.rows && a.cols == b.cols, "tensor shapes disagree");
}

int default_threads(int threads) {
    if (threads > 0) return threads;
    return std::max(1, int(std::thread::hardware_concurrency()));
}

// Below this many values an elementwise op runs on the calling thread: a few microseconds of
// work, about what waking and joining the other threads costs.
constexpr int kValuesPerChunk = 8192;
// Likewise the activations a matmul quantizes: a decode step's candidates (8 rows of up to
// 3,584 values for the 0.8B model) are quantized on the calling thread.
constexpr int kQuantizedPerChunk = 32768;

// Elementwise work split over threads: by rows for a batch, by runs of `unit` columns within
// the row for a single token. body(row, col_begin, col_end).
template <typename Body>
void for_each_piece(ThreadPool& pool, int rows, int cols, int unit, const Body& body) {
    const int pieces = std::max(1, cols / unit);
    pool.parallel_for(rows * pieces, std::max(kValuesPerChunk / unit, 1),
                      [&](int begin, int end, int) {
                          for (int i = begin; i < end; ++i) {
                              const int piece = i % pieces;
                              const int end_col = piece == pieces - 1 ? cols : (piece + 1) * unit;
                              body(i / pieces, piece * unit, end_col);
                          }
                      });
}

}  // namespace

CpuBackend::CpuBackend(CpuOptions options)
    : kernels_(kernels_named(options.kernels)),
      float_activations_(options.float_activations),
      pool_(default_threads(options.threads)) {}

std::string CpuBackend::name() const {
    return std::string("cpu-") + kernels_.name;
}

const CpuBackend::StoredWeight& CpuBackend::stored(const Weight& weight) {
    return *static_cast<const StoredWeight*>(weight.handle);
}

const float* CpuBackend::floats(const Weight& weight) {
    const StoredWeight& w = stored(weight);
    require(w.type == DType::f32, "a float32 weight was expected");
    return reinterpret_cast<const float*>(w.bytes);
}

float* CpuBackend::thread_scratch(std::size_t size_per_thread) {
    const std::size_t needed = size_per_thread * std::size_t(pool_.size());
    if (scratch_.size() < needed) scratch_.resize(needed);
    return scratch_.data();
}

Weight CpuBackend::prepare_weight(const TensorData& tensor, int rows, int cols) {
    require(rows > 0 && cols > 0 && tensor.element_count() == std::int64_t(rows) * cols,
            "weight size disagrees");
    StoredWeight& w = weights_.emplace_back();
    // Vectors and tiny matrices are read by float ops, and F32 data may sit unaligned in a
    // file: those are copied. Everything else stays where the loader mapped it.
    const bool copy = rows == 1 || cols < kQ8Block || tensor.dtype == DType::f32;
    if (copy) {
        w.owned = to_f32(tensor);
        w.bytes = reinterpret_cast<const std::byte*>(w.owned.data());
        w.row_bytes = sizeof(float) * std::size_t(cols);
    } else {
        w.type = tensor.dtype;
        w.bytes = tensor.bytes.data();
        w.row_bytes = tensor.bytes.size() / std::size_t(rows);
        require(w.row_bytes * std::size_t(rows) == tensor.bytes.size(),
                "weight bytes are not whole rows");
        if (kernels_.pack_weights != nullptr && !float_activations_)
            w.packed = kernels_.pack_weights(w.type, w.bytes, w.row_bytes, rows, cols);
        // The stored rows are read again only by the embedding (a few rows per token).
        if (!w.packed.empty()) release_pages(tensor.bytes);
    }
    return Weight{&w, rows, cols};
}

Tensor CpuBackend::allocate(int rows, int cols) {
    require(rows >= 0 && cols >= 0, "negative size");
    storage_.push_back(std::make_unique<float[]>(std::size_t(rows) * std::size_t(cols)));  // zeroed
    return Tensor{storage_.back().get(), 0, rows, cols, cols};
}

void CpuBackend::write(Tensor dst, std::span<const float> values) {
    require(values.size() == std::size_t(dst.rows) * std::size_t(dst.cols), "write size disagrees");
    for (int r = 0; r < dst.rows; ++r)
        std::memcpy(row(dst, r), values.data() + std::size_t(r) * dst.cols,
                    sizeof(float) * dst.cols);
}

void CpuBackend::read(std::span<float> values, Tensor src) {
    require(values.size() == std::size_t(src.rows) * std::size_t(src.cols), "read size disagrees");
    for (int r = 0; r < src.rows; ++r)
        std::memcpy(values.data() + std::size_t(r) * src.cols, row(src, r),
                    sizeof(float) * src.cols);
}

void CpuBackend::copy(Tensor dst, Tensor src) {
    require_same_shape(dst, src);
    for (int r = 0; r < dst.rows; ++r)
        std::memmove(row(dst, r), row(src, r), sizeof(float) * dst.cols);
}

void CpuBackend::fill_zero(Tensor dst) {
    for (int r = 0; r < dst.rows; ++r) std::fill_n(row(dst, r), dst.cols, 0.0f);
}

void CpuBackend::embedding(Tensor out, const Weight& table, std::span<const std::int32_t> tokens) {
    require(out.rows == int(tokens.size()) && out.cols == table.cols, "embedding shapes disagree");
    const StoredWeight& w = stored(table);
    for (std::size_t t = 0; t < tokens.size(); ++t) {
        const std::int32_t token = tokens[t];
        if (token < 0 || token >= table.rows)
            throw ModelError("token id " + std::to_string(token) + " is outside the vocabulary");
        dequantize_span(w.type, w.bytes + std::size_t(token) * w.row_bytes, 0, table.cols,
                        row(out, int(t)));
    }
}

void CpuBackend::matmul(Tensor out, Tensor in, const Weight& weight) {
    const Projection projection{out, &weight};
    matmuls(in, std::span(&projection, 1));
}

void CpuBackend::quantize_input(Tensor in,
                                void (*quantize)(const float*, int, std::int8_t*, float*),
                                QuantizedRows& rows) {
    const int T = in.rows, K = in.cols, blocks = K / rows.block;
    const std::size_t quants = std::size_t(T) * std::size_t(K);
    if (rows.quants.size() < quants) rows.quants.resize(quants);
    if (rows.scales.size() < std::size_t(T) * blocks) rows.scales.resize(std::size_t(T) * blocks);
    const auto quantize_rows = [&](int begin, int end, int) {
        for (int t = begin; t < end; ++t)
            quantize(row(in, t), K, rows.quants.data() + std::size_t(t) * K,
                     rows.scales.data() + std::size_t(t) * blocks);
    };
    pool_.parallel_for(T, std::max(kQuantizedPerChunk / K, 1), quantize_rows);
}

void CpuBackend::matmuls(Tensor in, std::span<const Projection> projections) {
    constexpr std::size_t kGroup = 8;  // the graph groups up to four
    if (projections.size() > kGroup) {
        matmuls(in, projections.first(kGroup));
        matmuls(in, projections.subspan(kGroup));
        return;
    }
    MatmulTask tasks[kGroup];
    int first_row[kGroup + 1] = {0};
    std::size_t smallest_row = SIZE_MAX;
    bool quantized[2] = {false, false};  // x_per_block_, x_per_super_block_ made for `in`
    for (std::size_t i = 0; i < projections.size(); ++i) {
        const Tensor out = projections[i].out;
        const Weight& weight = *projections[i].weight;
        require(out.rows == in.rows && in.cols == weight.cols && out.cols == weight.rows,
                "matmul shapes disagree");
        const StoredWeight& w = stored(weight);
        tasks[i] = MatmulTask{.type = w.type,
                              .weight = w.bytes,
                              .row_bytes = w.row_bytes,
                              .K = in.cols,
                              .T = in.rows,
                              .x = row(in, 0),
                              .x_stride = in.stride,
                              .out = row(out, 0),
                              .out_stride = out.stride,
                              .packed = w.packed.empty() ? nullptr : w.packed.data()};
        if (kernels_.quantizes_activations(w.type) && !float_activations_) {
            const bool super = kernels_.activation_block(w.type) == kQ8SuperBlock;
            QuantizedRows& rows = super ? x_per_super_block_ : x_per_block_;
            if (!quantized[super]) quantize_input(in, kernels_.activation_quantizer(w.type), rows);
            quantized[super] = true;
            tasks[i].x_quants = rows.quants.data();
            tasks[i].x_scales = rows.scales.data();
        }
        // Each projection's rows start a group of kRowGroup, which a table may have packed.
        first_row[i + 1] = first_row[i] + (out.cols + kRowGroup - 1) / kRowGroup * kRowGroup;
        smallest_row = std::min(smallest_row, w.row_bytes);
    }
    // The weights' rows, one after the other, are one range: each thread takes runs of it (whole
    // groups of rows), so every weight byte is read once per call. The smallest run, ~64 KiB of
    // weights, keeps the threads' finishing times close together.
    const int min_rows = int(std::clamp<std::size_t>(65536 / smallest_row, 16, 4096));
    const int count = int(projections.size());
    pool_.parallel_for(
        first_row[count] / kRowGroup, min_rows / kRowGroup, [&](int begin, int end, int) {
            for (int i = 0; i < count; ++i) {
                const int lo = std::max(begin * kRowGroup, first_row[i]);
                const int hi = std::min(end * kRowGroup, first_row[i] + projections[i].out.cols);
                if (lo < hi) kernels_.matmul(tasks[i], lo - first_row[i], hi - first_row[i]);
            }
        });
}

// Each thread keeps the best k of its stretch of the row (an insertion into a short sorted
// list, rarely needed after the first few thousand entries: the kernel's first_greater skips the
// values that cannot enter, several per instruction), then the stretches' lists merge.
void CpuBackend::top_k(std::span<Candidate> best, Tensor logits) {
    require(logits.rows == 1 && best.size() <= std::size_t(logits.cols),
            "top_k wants one row of at least k entries");
    const std::size_t k = best.size();
    if (k == 0) return;
    const int stretches = pool_.size(), n = logits.cols;
    if (candidates_.size() < k * std::size_t(stretches)) candidates_.resize(k * stretches);
    const float* values = row(logits, 0);
    pool_.parallel_for(stretches, 1, [&](int first, int last, int) {
        for (int s = first; s < last; ++s) {
            Candidate* kept = candidates_.data() + std::size_t(s) * k;
            std::size_t size = 0;
            for (int i = int(std::int64_t(n) * s / stretches),
                     end = int(std::int64_t(n) * (s + 1) / stretches);
                 i < end; ++i) {
                // Indices only grow: a value no larger than the k-th best (a number) loses.
                if (size == k && !std::isnan(kept[k - 1].value)) {
                    i += kernels_.first_greater(values + i, end - i, kept[k - 1].value);
                    if (i == end) break;
                }
                const Candidate c{values[i], i};
                if (size == k && !better_candidate(c, kept[k - 1])) continue;
                std::size_t at = size < k ? size++ : k - 1;
                for (; at > 0 && better_candidate(c, kept[at - 1]); --at) kept[at] = kept[at - 1];
                kept[at] = c;
            }
            std::fill(kept + size, kept + k, Candidate{NAN, n});  // a stretch shorter than k
        }
    });
    std::partial_sort(candidates_.begin(), candidates_.begin() + std::ptrdiff_t(k),
                      candidates_.begin() + std::ptrdiff_t(k * stretches), better_candidate);
    std::copy_n(candidates_.begin(), k, best.begin());
}

void CpuBackend::rms_norm(Tensor out, Tensor in, const Weight& weight, float eps) {
    require_same_shape(out, in);
    require(in.cols % weight.cols == 0, "rms_norm weight does not divide the row");
    const float* w = floats(weight);
    pool_.parallel_for(in.rows, std::max(kValuesPerChunk / in.cols, 1),
                       [&](int begin, int end, int) {
                           for (int r = begin; r < end; ++r)
                               rms_norm_forward(row(out, r), row(in, r), w, in.cols / weight.cols,
                                                weight.cols, eps);
                       });
}

void CpuBackend::gated_rms_norm(Tensor out, Tensor in, Tensor gate, const Weight& weight,
                                float eps) {
    require_same_shape(out, in);
    require_same_shape(gate, in);
    require(in.cols % weight.cols == 0, "gated_rms_norm weight does not divide the row");
    const int dim = weight.cols;
    const float* w = floats(weight);
    for_each_piece(pool_, in.rows, in.cols, dim, [&](int r, int c0, int c1) {
        gated_rms_norm_forward(row(out, r) + c0, row(in, r) + c0, row(gate, r) + c0, w,
                               (c1 - c0) / dim, dim, eps);
    });
}

void CpuBackend::l2_norm(Tensor x, int head_dim, float eps) {
    require(head_dim > 0 && x.cols % head_dim == 0, "l2_norm head_dim does not divide the row");
    for (int r = 0; r < x.rows; ++r) l2_norm_forward(row(x, r), x.cols / head_dim, head_dim, eps);
}

void CpuBackend::swiglu(Tensor out, Tensor gate, Tensor up) {
    require_same_shape(out, gate);
    require_same_shape(out, up);
    for_each_piece(pool_, out.rows, out.cols, 512, [&](int r, int c0, int c1) {
        kernels_.silu_times(row(out, r) + c0, row(gate, r) + c0, row(up, r) + c0, c1 - c0);
    });
}

void CpuBackend::sigmoid_gate(Tensor x, Tensor gate) {
    require_same_shape(x, gate);
    for_each_piece(pool_, x.rows, x.cols, 512, [&](int r, int c0, int c1) {
        kernels_.sigmoid_times(row(x, r) + c0, row(gate, r) + c0, c1 - c0);
    });
}

void CpuBackend::add(Tensor x, Tensor y) {
    require_same_shape(x, y);
    for (int r = 0; r < x.rows; ++r) add_forward(row(x, r), row(y, r), x.cols);
}

}  // namespace fantasma::engine::cpu
