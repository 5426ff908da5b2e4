// Elementwise ops and storage helpers over 2-D views: work item (column, row).

kernel void add(global float* x, int x_offset, int x_stride, global const float* y, int y_offset,
                int y_stride, int rows, int cols) {
    const int c = get_global_id(0), r = get_global_id(1);
    if (c >= cols || r >= rows) return;
    x[x_offset + (size_t)r * x_stride + c] += y[y_offset + (size_t)r * y_stride + c];
}

// out = silu(gate) · up
kernel void swiglu(global float* out, int out_offset, int out_stride, global const float* gate,
                   int gate_offset, int gate_stride, global const float* up, int up_offset,
                   int up_stride, int rows, int cols) {
    const int c = get_global_id(0), r = get_global_id(1);
    if (c >= cols || r >= rows) return;
    const float g = gate[gate_offset + (size_t)r * gate_stride + c];
    out[out_offset + (size_t)r * out_stride + c] =
        g / (1.0f + exp(-g)) * up[up_offset + (size_t)r * up_stride + c];
}

// x *= sigmoid(gate)
kernel void sigmoid_gate(global float* x, int x_offset, int x_stride, global const float* gate,
                         int gate_offset, int gate_stride, int rows, int cols) {
    const int c = get_global_id(0), r = get_global_id(1);
    if (c >= cols || r >= rows) return;
    x[x_offset + (size_t)r * x_stride + c] *=
        sigmoid(gate[gate_offset + (size_t)r * gate_stride + c]);
}

// Views of different buffers (or disjoint parts of one).
kernel void copy(global float* dst, int dst_offset, int dst_stride, global const float* src,
                 int src_offset, int src_stride, int rows, int cols) {
    const int c = get_global_id(0), r = get_global_id(1);
    if (c >= cols || r >= rows) return;
    dst[dst_offset + (size_t)r * dst_stride + c] = src[src_offset + (size_t)r * src_stride + c];
}

kernel void fill_zero(global float* dst, int dst_offset, int dst_stride, int rows, int cols) {
    const int c = get_global_id(0), r = get_global_id(1);
    if (c >= cols || r >= rows) return;
    dst[dst_offset + (size_t)r * dst_stride + c] = 0.0f;
}
