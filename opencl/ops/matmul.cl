// Weights: matrix-vector products and embedding lookups on GGUF blocks read in place
// (layouts in engine/quants.hpp), and on float32 rows. Quantized rows are read 32 values
// ("a unit") at a time: a Q8_0 or Q4_0 block, or one of the eight sub-blocks of a Q4_K block.

#define FORMAT_Q8_0 0
#define FORMAT_Q4_0 1
#define FORMAT_Q4_K 2

// Block scales are f16; vload_half is core OpenCL C, no cl_khr_fp16 needed.
float half_at(global const uchar* p) {
    return vload_half(0, (global const half*)p);
}

void unit_q8_0(global const uchar* row, int unit, float* w) {
    global const uchar* block = row + (size_t)unit * 34;
    const float d = half_at(block);
    for (int j = 0; j < 32; ++j) w[j] = d * (float)(char)block[2 + j];
}

void unit_q4_0(global const uchar* row, int unit, float* w) {
    global const uchar* block = row + (size_t)unit * 18;
    const float d = half_at(block);
    for (int j = 0; j < 16; ++j) {
        const uchar q = block[2 + j];
        w[j] = d * (float)((q & 15) - 8);
        w[j + 16] = d * (float)((q >> 4) - 8);
    }
}

// Sub-block j of a Q4_K block: 6-bit scale and min (see scale_and_min in engine/quants.cpp),
// nibbles from the low (even j) or high (odd j) half of 32 bytes.
void unit_q4_k(global const uchar* row, int unit, float* w) {
    global const uchar* block = row + (size_t)(unit / 8) * 144;
    const int j = unit % 8;
    const float d = half_at(block);
    const float dmin = half_at(block + 2);
    global const uchar* scales = block + 4;
    int scale, min;
    if (j < 4) {
        scale = scales[j] & 63;
        min = scales[j + 4] & 63;
    } else {
        scale = (scales[j + 4] & 15) | ((scales[j - 4] >> 6) << 4);
        min = (scales[j + 4] >> 4) | ((scales[j] >> 6) << 4);
    }
    global const uchar* q = block + 16 + (j / 2) * 32;
    const int shift = (j % 2) * 4;
    for (int l = 0; l < 32; ++l)
        w[l] = d * (float)scale * (float)((q[l] >> shift) & 15) - dmin * (float)min;
}

void dequantize_unit(int format, global const uchar* row, int unit, float* w) {
    if (format == FORMAT_Q8_0)
        unit_q8_0(row, unit, w);
    else if (format == FORMAT_Q4_0)
        unit_q4_0(row, unit, w);
    else
        unit_q4_k(row, unit, w);
}

// Sums each token's partial dot products over the work-group and stores them.
void store_token_sums(float* partial_sums, local float* scratch, global float* out,
                      int out_offset, int out_stride, int n, int t0, int T) {
    for (int tt = 0; tt < MATMUL_TOKENS; ++tt) {
        const float total = group_sum(scratch, partial_sums[tt], MATMUL_GROUP);
        if (get_local_id(0) == 0 && t0 + tt < T)
            out[out_offset + (size_t)(t0 + tt) * out_stride + n] = total;
    }
}

// out[t, n] = Σ_k in[t, k] · W[n, k]. Work-group (n, token tile): MATMUL_GROUP items share row
// n and multiply it by up to MATMUL_TOKENS tokens, so a prefill reads each row T/4 times.
kernel void matmul_blocks(global const uchar* weight, int format, int row_bytes, int K,
                          global const float* in, int in_offset, int in_stride, global float* out,
                          int out_offset, int out_stride, int T) {
    local float scratch[MATMUL_GROUP];
    const int n = get_group_id(0), t0 = get_group_id(1) * MATMUL_TOKENS;
    global const uchar* row = weight + (size_t)n * row_bytes;
    float sums[MATMUL_TOKENS];
    for (int tt = 0; tt < MATMUL_TOKENS; ++tt) sums[tt] = 0.0f;
    float w[32];
    for (int unit = get_local_id(0); unit < K / 32; unit += MATMUL_GROUP) {
        dequantize_unit(format, row, unit, w);
        for (int tt = 0; tt < MATMUL_TOKENS && t0 + tt < T; ++tt) {
            global const float* x = in + in_offset + (size_t)(t0 + tt) * in_stride + unit * 32;
            float dot = 0.0f;
            for (int j = 0; j < 32; ++j) dot += w[j] * x[j];
            sums[tt] += dot;
        }
    }
    store_token_sums(sums, scratch, out, out_offset, out_stride, n, t0, T);
}

kernel void matmul_f32(global const float* weight, int K, global const float* in, int in_offset,
                       int in_stride, global float* out, int out_offset, int out_stride, int T) {
    local float scratch[MATMUL_GROUP];
    const int n = get_group_id(0), t0 = get_group_id(1) * MATMUL_TOKENS;
    global const float* row = weight + (size_t)n * K;
    float sums[MATMUL_TOKENS];
    for (int tt = 0; tt < MATMUL_TOKENS; ++tt) sums[tt] = 0.0f;
    for (int k = get_local_id(0); k < K; k += MATMUL_GROUP) {
        const float w = row[k];
        for (int tt = 0; tt < MATMUL_TOKENS && t0 + tt < T; ++tt)
            sums[tt] += w * in[in_offset + (size_t)(t0 + tt) * in_stride + k];
    }
    store_token_sums(sums, scratch, out, out_offset, out_stride, n, t0, T);
}

// out[t, :] = table[tokens[t], :]; work item (unit of 32 values, token).
kernel void embedding_blocks(global float* out, int out_offset, int out_stride,
                             global const uchar* table, int format, int row_bytes, int cols,
                             global const int* tokens, int T) {
    const int unit = get_global_id(0), t = get_global_id(1);
    if (unit >= cols / 32 || t >= T) return;
    float w[32];
    dequantize_unit(format, table + (size_t)tokens[t] * row_bytes, unit, w);
    global float* y = out + out_offset + (size_t)t * out_stride + unit * 32;
    for (int j = 0; j < 32; ++j) y[j] = w[j];
}

kernel void embedding_f32(global float* out, int out_offset, int out_stride,
                          global const float* table, int cols, global const int* tokens, int T) {
    const int c = get_global_id(0), t = get_global_id(1);
    if (c >= cols || t >= T) return;
    out[out_offset + (size_t)t * out_stride + c] = table[(size_t)tokens[t] * cols + c];
}

// W[row0 + r, :] as float32 into out [rows, K], for CLBlast's GEMM; item (unit, r).
kernel void dequantize_rows(global float* out, global const uchar* weight, int format,
                            int row_bytes, int K, int row0, int rows) {
    const int unit = get_global_id(0), r = get_global_id(1);
    if (unit >= K / 32 || r >= rows) return;
    float w[32];
    dequantize_unit(format, weight + (size_t)(row0 + r) * row_bytes, unit, w);
    global float* y = out + (size_t)r * K + unit * 32;
    for (int j = 0; j < 32; ++j) y[j] = w[j];
}

// The same product with one work item per output row (no local memory, no barriers): for CPU
// devices, where a work-group's items run as one vectorised loop and a barrier is expensive,
// and a row per work-group would cost a whole group launch per row.
kernel void matmul_rows(global const uchar* weight, int format, int row_bytes, int K,
                        global const float* in, int in_offset, int in_stride, global float* out,
                        int out_offset, int out_stride, int N, int T) {
    const int n = get_global_id(0), t0 = get_global_id(1) * MATMUL_ROW_TOKENS;
    if (n >= N) return;
    float sums[MATMUL_ROW_TOKENS];
    for (int tt = 0; tt < MATMUL_ROW_TOKENS; ++tt) sums[tt] = 0.0f;
    float w[32];
    for (int unit = 0; unit < K / 32; ++unit) {
        if (format < 0) {  // float32 rows
            global const float* row = (global const float*)weight + (size_t)n * K + unit * 32;
            for (int j = 0; j < 32; ++j) w[j] = row[j];
        } else {
            dequantize_unit(format, weight + (size_t)n * row_bytes, unit, w);
        }
        for (int tt = 0; tt < MATMUL_ROW_TOKENS && t0 + tt < T; ++tt) {
            global const float* x = in + in_offset + (size_t)(t0 + tt) * in_stride + unit * 32;
            float dot = 0.0f;
            for (int j = 0; j < 32; ++j) dot += w[j] * x[j];
            sums[tt] += dot;
        }
    }
    if (format < 0) {  // the tail of a float32 row that is not whole units
        global const float* row = (global const float*)weight + (size_t)n * K;
        for (int k = K / 32 * 32; k < K; ++k)
            for (int tt = 0; tt < MATMUL_ROW_TOKENS && t0 + tt < T; ++tt)
                sums[tt] += row[k] * in[in_offset + (size_t)(t0 + tt) * in_stride + k];
    }
    for (int tt = 0; tt < MATMUL_ROW_TOKENS && t0 + tt < T; ++tt)
        out[out_offset + (size_t)(t0 + tt) * out_stride + n] = sums[tt];
}
