// Shared by every program (prepended to each .cl file). Tensors arrive as a buffer, an
// offset and a row stride, all in floats, as engine::Tensor describes them.

#ifndef ELEMENTWISE_GROUP
#define ELEMENTWISE_GROUP 64
#endif
#ifndef MATMUL_GROUP
#define MATMUL_GROUP 64
#endif
#ifndef MATMUL_TOKENS
#define MATMUL_TOKENS 4
#endif
#ifndef MATMUL_ROW_TOKENS
#define MATMUL_ROW_TOKENS 8
#endif
#ifndef NORM_GROUP
#define NORM_GROUP 64
#endif
#ifndef ATTENTION_GROUP
#define ATTENTION_GROUP 64
#endif
#ifndef DELTA_GROUP
#define DELTA_GROUP 64
#endif
#ifndef MAX_HEAD_DIM
#define MAX_HEAD_DIM 256
#endif
#ifndef DELTA_CHUNK
#define DELTA_CHUNK 64
#endif
#ifndef TOP_K_MAX
#define TOP_K_MAX 64
#endif

// The sum of `value` over a work-group of `size` items (a power of two); scratch holds size
// floats. Every item gets the result.
float group_sum(local float* scratch, float value, int size) {
    const int lid = get_local_id(0);
    scratch[lid] = value;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int half_size = size / 2; half_size > 0; half_size /= 2) {
        if (lid < half_size) scratch[lid] += scratch[lid + half_size];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const float total = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);  // scratch is free again for the next reduction
    return total;
}

float group_max(local float* scratch, float value, int size) {
    const int lid = get_local_id(0);
    scratch[lid] = value;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int half_size = size / 2; half_size > 0; half_size /= 2) {
        if (lid < half_size) scratch[lid] = fmax(scratch[lid], scratch[lid + half_size]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const float largest = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    return largest;
}

float sigmoid(float x) {
    return 1.0f / (1.0f + exp(-x));
}
