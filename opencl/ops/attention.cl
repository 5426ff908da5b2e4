// Gated full attention: rotate-half RoPE and causal softmax attention over the KV cache.

// Angles in double where the device has it, as the reference computes them; float elsewhere
// (an angle error of about 1e-7 relative).
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double angle_t;
#else
typedef float angle_t;
#endif

// x [rows = T·heads, head_dim]: work item (pair i < rotary_dim / 2, row).
kernel void rope(global float* x, int x_offset, int x_stride, int rows, int heads,
                 int rotary_dim, float theta, int position0) {
    const int i = get_global_id(0), r = get_global_id(1);
    const int half_dim = rotary_dim / 2;
    if (i >= half_dim || r >= rows) return;
    const angle_t position = (angle_t)(position0 + r / heads);
    const angle_t inverse_frequency =
        pow((angle_t)theta, -2 * (angle_t)i / (angle_t)rotary_dim);
    const float cos_angle = (float)cos(position * inverse_frequency);
    const float sin_angle = (float)sin(position * inverse_frequency);
    global float* v = x + x_offset + (size_t)r * x_stride;
    const float first = v[i], second = v[i + half_dim];
    v[i] = first * cos_angle - second * sin_angle;
    v[i + half_dim] = second * cos_angle + first * sin_angle;
}

// One work-group per (token t, query head h), row t·heads + h. Scores go to `scores`, a
// [T·heads, score_stride] scratch: positions past the work-group size are looped over, so
// any context length works with a fixed amount of local memory.
// k_cache, v_cache [positions, kv_heads, head_dim], contiguous; query head h reads KV head
// h / (heads / kv_heads).
kernel void attention(global float* out, int out_offset, int out_stride, global const float* q,
                      int q_offset, int q_stride, global const float* k_cache, int k_offset,
                      global const float* v_cache, int v_offset, global float* scores,
                      int score_stride, int heads, int kv_heads, int head_dim, int position0) {
    local float query[MAX_HEAD_DIM];
    local float scratch[ATTENTION_GROUP];
    const int row = get_group_id(0), lid = get_local_id(0);
    const int t = row / heads, h = row % heads;
    const int kv = h / (heads / kv_heads);
    const int visible = position0 + t + 1;
    for (int i = lid; i < head_dim; i += ATTENTION_GROUP)
        query[i] = q[q_offset + (size_t)row * q_stride + i];
    barrier(CLK_LOCAL_MEM_FENCE);

    global float* s = scores + (size_t)row * score_stride;
    const float scale = 1.0f / sqrt((float)head_dim);
    float largest = -INFINITY;
    for (int p = lid; p < visible; p += ATTENTION_GROUP) {
        global const float* key = k_cache + k_offset + ((size_t)p * kv_heads + kv) * head_dim;
        float dot = 0.0f;
        for (int i = 0; i < head_dim; ++i) dot += query[i] * key[i];
        s[p] = dot * scale;
        largest = fmax(largest, s[p]);
    }
    largest = group_max(scratch, largest, ATTENTION_GROUP);
    float total = 0.0f;
    for (int p = lid; p < visible; p += ATTENTION_GROUP) {
        s[p] = exp(s[p] - largest);
        total += s[p];
    }
    total = group_sum(scratch, total, ATTENTION_GROUP);
    barrier(CLK_GLOBAL_MEM_FENCE);  // every item reads every score below

    for (int i = lid; i < head_dim; i += ATTENTION_GROUP) {
        float sum = 0.0f;
        for (int p = 0; p < visible; ++p)
            sum += s[p] / total * v_cache[v_offset + ((size_t)p * kv_heads + kv) * head_dim + i];
        out[out_offset + (size_t)row * out_stride + i] = sum;
    }
}
