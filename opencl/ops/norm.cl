// Row norms: one work-group of NORM_GROUP items per run of `dim` values (a row, or one head of
// a row when the weight covers a head); `segments` runs per row.

kernel void rms_norm(global float* out, int out_offset, int out_stride, global const float* in,
                     int in_offset, int in_stride, global const float* weight, int dim,
                     int segments, float eps) {
    local float scratch[NORM_GROUP];
    const int group = get_group_id(0), lid = get_local_id(0);
    const int r = group / segments, segment = group % segments;
    global const float* x = in + in_offset + (size_t)r * in_stride + segment * dim;
    global float* y = out + out_offset + (size_t)r * out_stride + segment * dim;
    float sum = 0.0f;
    for (int i = lid; i < dim; i += NORM_GROUP) sum += x[i] * x[i];
    // The reduction's barriers also order every read of x before any write of y (in place).
    sum = group_sum(scratch, sum, NORM_GROUP);
    const float scale = 1.0f / sqrt(sum / (float)dim + eps);
    for (int i = lid; i < dim; i += NORM_GROUP) y[i] = x[i] * scale * weight[i];
}

// out = weight · rms_norm(in) · silu(gate)
kernel void gated_rms_norm(global float* out, int out_offset, int out_stride,
                           global const float* in, int in_offset, int in_stride,
                           global const float* gate, int gate_offset, int gate_stride,
                           global const float* weight, int dim, int segments, float eps) {
    local float scratch[NORM_GROUP];
    const int group = get_group_id(0), lid = get_local_id(0);
    const int r = group / segments, segment = group % segments;
    global const float* x = in + in_offset + (size_t)r * in_stride + segment * dim;
    global const float* z = gate + gate_offset + (size_t)r * gate_stride + segment * dim;
    global float* y = out + out_offset + (size_t)r * out_stride + segment * dim;
    float sum = 0.0f;
    for (int i = lid; i < dim; i += NORM_GROUP) sum += x[i] * x[i];
    sum = group_sum(scratch, sum, NORM_GROUP);
    const float scale = 1.0f / sqrt(sum / (float)dim + eps);
    for (int i = lid; i < dim; i += NORM_GROUP)
        y[i] = weight[i] * (x[i] * scale) * (z[i] / (1.0f + exp(-z[i])));
}

// x /= sqrt(Σx² + eps), in place
kernel void l2_norm(global float* x, int x_offset, int x_stride, int dim, int segments,
                    float eps) {
    local float scratch[NORM_GROUP];
    const int group = get_group_id(0), lid = get_local_id(0);
    const int r = group / segments, segment = group % segments;
    global float* v = x + x_offset + (size_t)r * x_stride + segment * dim;
    float sum = 0.0f;
    for (int i = lid; i < dim; i += NORM_GROUP) sum += v[i] * v[i];
    sum = group_sum(scratch, sum, NORM_GROUP);
    const float scale = 1.0f / sqrt(sum + eps);
    for (int i = lid; i < dim; i += NORM_GROUP) v[i] *= scale;
}
